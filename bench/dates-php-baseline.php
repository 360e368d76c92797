<?php
// The baseline for `resolve --jsonl` (bench/dates.ts): PHP's own CLI doing the same job, the way a
// PHP script would: one JSON string per line on stdin, strtotime() under the zone and "now" given
// as arguments, one JSON object per line out ({"datetime","understood"}, now when not understood).
// Run: php bench/dates-php-baseline.php ZONE 'YYYY-MM-DD HH:MM:SS' < lines.jsonl
date_default_timezone_set($argv[1]);
$now = strtotime($argv[2]);
while (($line = fgets(STDIN)) !== false) {
    $text = json_decode($line);
    $t = is_string($text) ? strtotime($text, $now) : false;
    $understood = $t !== false;
    echo '{"datetime":"', date('Y-m-d H:i:s', $understood ? $t : $now), '","understood":', $understood ? 'true' : 'false', "}\n";
}
