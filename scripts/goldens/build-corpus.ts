// Builds the strtotime conformance corpus: every family of PHP's "Supported Date and Time Formats",
// their combinations, case and whitespace variants, and garbage. Deterministic (seeded), so a
// regenerated corpus only changes when this file does. Prints one JSON string per line.
import { mulberry32 } from '../../test/helpers/prng.ts';
import { corpusFamilies } from './families.ts';

/** The corpus is reproducible: the same seeded PRNG as the fuzz suites. */
export const rng = mulberry32;

function variants(text: string, rand: () => number): string[] {
  const out = [text];
  const r = rand();
  if (r < 0.12) out.push(text.toUpperCase());
  else if (r < 0.24) out.push(text.replace(/\b\w/g, (c) => c.toUpperCase()));
  else if (r < 0.3) out.push(`  ${text}\t`);
  else if (r < 0.36) out.push(text.replace(/ /g, '  '));
  else if (r < 0.4) out.push(text.replace(/ /g, '\t'));
  return out;
}

export function buildCorpus(): string[] {
  const rand = rng(20260117);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const family of corpusFamilies(rand)) {
    for (const text of family) {
      for (const v of variants(text, rand)) {
        if (!seen.has(v)) {
          seen.add(v);
          out.push(v);
        }
      }
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  process.stdout.write(
    buildCorpus()
      .map((s) => JSON.stringify(s))
      .join('\n') + '\n',
  );
}
