// Regenerates test/dates/goldens/php.jsonl: builds the corpus, then asks PHP's CLI for
// strtotime() under every configuration in configs.json. Needs `php` (Debian: php-cli).
// Run: node scripts/goldens/regenerate.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildCorpus } from './build-corpus.ts';

const here = new URL('./', import.meta.url);
const corpus =
  buildCorpus()
    .map((s) => JSON.stringify(s))
    .join('\n') + '\n';
const out = execFileSync('php', [new URL('generate.php', here).pathname], {
  input: corpus,
  maxBuffer: 256 * 1024 * 1024,
});
const target = new URL('../../test/dates/goldens/php.jsonl', here);
writeFileSync(target, out);
const php = execFileSync('php', ['-r', 'echo PHP_VERSION;']).toString();
console.log(`wrote ${out.toString().split('\n').length - 1} goldens with PHP ${php} to ${target.pathname}`);
