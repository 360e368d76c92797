// Regenerates test/dates/goldens/phrases.jsonl, the second-stage goldens: builds the phrases and
// their meanings from the policy (phrase-families.ts), then has PHP's CLI keep the ones strtotime()
// rejects and evaluate the meanings under every configuration in phrase-configs.json. The resolver
// is never asked. Needs `php` (Debian: php-cli). Run: node scripts/goldens/regenerate-phrases.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mulberry32 } from '../../test/helpers/prng.ts';
import { phraseFamilies } from './phrase-families.ts';

const here = new URL('./', import.meta.url);

/** Case variants, as people type them: the meaning does not change (policy rule 2). */
function variants(text: string, rand: () => number): string[] {
  const r = rand();
  if (r < 0.1) return [text, text.toUpperCase()];
  if (r < 0.2) return [text, text.replace(/\b[a-z]/g, (c) => c.toUpperCase())];
  return [text];
}

const rand = mulberry32(20261121);
const seen = new Set<string>();
const lines: string[] = [];
for (const family of phraseFamilies(rand)) {
  for (const piece of family) {
    for (const text of variants(piece.text, rand)) {
      if (seen.has(text)) continue;
      seen.add(text);
      lines.push(JSON.stringify([text, piece.php]));
    }
  }
}
const out = execFileSync('php', [new URL('phrases.php', here).pathname], {
  input: lines.join('\n') + '\n',
  maxBuffer: 64 * 1024 * 1024,
  stdio: ['pipe', 'pipe', 'inherit'],
});
const target = new URL('../../test/dates/goldens/phrases.jsonl', here);
writeFileSync(target, out);
const php = execFileSync('php', ['-r', 'echo PHP_VERSION;']).toString();
console.log(
  `wrote ${out.toString().split('\n').length - 1} second-stage goldens with PHP ${php} to ${target.pathname}`,
);
