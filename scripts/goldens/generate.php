<?php
// Regenerates the date goldens: reads the corpus (one JSON string per line) on stdin and writes one
// JSON array per line: [input, result per configuration...], each result "Y-m-d H:i:s" or null when
// strtotime() rejects the input. The configurations (zone and local "now") come from configs.json.
$configs = json_decode(file_get_contents(__DIR__ . '/configs.json'), true);
$nows = [];
foreach ($configs as $c) {
    date_default_timezone_set($c['zone']);
    $nows[] = [$c['zone'], strtotime($c['now'])];
}
while (($line = fgets(STDIN)) !== false) {
    $line = rtrim($line, "\n");
    if ($line === '') continue;
    $input = json_decode($line);
    $row = [$input];
    foreach ($nows as [$zone, $now]) {
        date_default_timezone_set($zone);
        $r = @strtotime($input, $now);
        $row[] = $r === false ? null : date('Y-m-d H:i:s', $r);
    }
    echo json_encode($row, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
