<?php
// PHP's answers for the examples of docs/date-deviations.md: reads [input, zone, now] per line on
// stdin and writes [input, zone, now, wall time or null, epoch seconds as text or null], with
// strtotime($input, strtotime($now)) under date_default_timezone_set($zone).
while (($line = fgets(STDIN)) !== false) {
    [$input, $zone, $now] = json_decode($line, true);
    date_default_timezone_set($zone);
    $r = @strtotime($input, strtotime($now));
    $row = [$input, $zone, $now, $r === false ? null : date('Y-m-d H:i:s', $r), $r === false ? null : (string) $r];
    echo json_encode($row, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
}
