// Regenerates test/dates/goldens/deviations.jsonl: PHP's own answer to every example of
// docs/date-deviations.md (one golden per example, at least one per row of the page), so the test
// can hold the page to PHP 8.2 without PHP. Needs `php` (Debian: php-cli).
// Run: node scripts/goldens/regenerate-deviations.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readExamples } from './deviation-examples.ts';

const here = new URL('./', import.meta.url);
const input = readExamples()
  .map((e) => JSON.stringify([e.input, e.zone, e.now]))
  .join('\n');
const out = execFileSync('php', [new URL('deviations.php', here).pathname], { input: `${input}\n` });
const target = new URL('../../test/dates/goldens/deviations.jsonl', here);
writeFileSync(target, out);
const php = execFileSync('php', ['-r', 'echo PHP_VERSION;']).toString();
console.log(`wrote ${out.toString().split('\n').length - 1} goldens with PHP ${php} to ${target.pathname}`);
