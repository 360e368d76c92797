<?php
// Evaluates the second-stage golden meanings. Reads [input, terms|null] per line on stdin; keeps
// only inputs strtotime() rejects under every configuration; writes [input, terms, result per
// configuration...], each result "Y-m-d H:i:s" or null ("not understood"). Terms are PHP's own
// words with placeholders ({Y}, {Y+1}, {Y-1}, {YM}, {YM+1}, {YM-1}) and conditions (|wd=N on the
// date written, |nowwd!=N on today) or an elapsed time (|elapsed=N real seconds added to the
// instant the terms give: "now|elapsed=7200" is "in 2 hours"); a date that does not exist is
// "not understood". Terms that
// PHP cannot read are a mistake in the families: reported on stderr, and the run fails.
$configs = json_decode(file_get_contents(__DIR__ . '/phrase-configs.json'), true);
$nows = [];
foreach ($configs as $c) {
    date_default_timezone_set($c['zone']);
    $nows[] = [$c['zone'], strtotime($c['now'])];
}

function meaning(string $terms, int $now): ?int {
    $parts = explode('|', $terms);
    $text = array_shift($parts);
    $y = (int) date('Y', $now);
    $ym = fn (int $k) => date('Y-m', mktime(0, 0, 0, (int) date('n', $now) + $k, 1, $y));
    $text = strtr($text, ['{Y}' => $y, '{Y+1}' => $y + 1, '{Y-1}' => $y - 1, '{YM}' => $ym(0), '{YM+1}' => $ym(1), '{YM-1}' => $ym(-1)]);
    $written = null;
    if (preg_match('/(-?\d{4})-(\d{2})-(\d{2})/', $text, $m)) {
        if (!checkdate((int) $m[2], (int) $m[3], (int) $m[1])) return null;
        $written = mktime(12, 0, 0, (int) $m[2], (int) $m[3], (int) $m[1]);
    }
    $elapsed = 0;
    foreach ($parts as $cond) {
        if (preg_match('/^elapsed=(-?\d+)$/', $cond, $m)) {
            $elapsed += (int) $m[1];
        } elseif (preg_match('/^wd=(\d)$/', $cond, $m)) {
            if ($written === null) throw new Exception("wd= without a date in $terms");
            if ((int) date('w', $written) !== (int) $m[1]) return null;
        } elseif (preg_match('/^nowwd!=(\d)$/', $cond, $m)) {
            if ((int) date('w', $now) === (int) $m[1]) return null;
        } else {
            throw new Exception("unknown condition $cond in $terms");
        }
    }
    $r = strtotime($text, $now);
    if ($r === false) throw new Exception("PHP cannot read the terms \"$text\"");
    return $r + $elapsed;
}

$bad = 0;
$kept = 0;
$dropped = 0;
while (($line = fgets(STDIN)) !== false) {
    [$input, $terms] = json_decode($line, true);
    $parsed = false;
    foreach ($nows as [$zone, $now]) {
        date_default_timezone_set($zone);
        if (@strtotime($input, $now) !== false) $parsed = true;
    }
    if ($parsed) { $dropped++; continue; }
    $row = [$input, $terms];
    try {
        foreach ($nows as [$zone, $now]) {
            date_default_timezone_set($zone);
            $r = $terms === null ? null : meaning($terms, $now);
            $row[] = $r === null ? null : date('Y-m-d H:i:s', $r);
        }
    } catch (Exception $e) {
        fwrite(STDERR, json_encode($input) . ': ' . $e->getMessage() . "\n");
        $bad++;
        continue;
    }
    $kept++;
    echo json_encode($row, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
}
fwrite(STDERR, "kept $kept rejected inputs, dropped $dropped that PHP parses\n");
exit($bad > 0 ? 1 : 0);
