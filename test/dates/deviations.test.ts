// docs/date-deviations.md, row by row: every example states PHP 8.2's own answer (held to
// test/dates/goldens/deviations.jsonl, which PHP made from the page) and ours (held to the
// resolver); every row of the page has an example; the D rows are what the golden test excludes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatLocal, parseLocalWallTime, resolve } from '../../src-main/dates/index.ts';
import { isBeyondExactRange, isListedDeviation } from '../../src-main/dates/deviations.ts';
import { EXAMPLES_HEADING, PAGE, readExamples } from '../../scripts/goldens/deviation-examples.ts';

const page = readFileSync(PAGE, 'utf8');
const examples = readExamples(page);
const goldens = readFileSync(new URL('goldens/deviations.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as [string, string, string, string | null, string | null]);

/** The rows the page's own tables define (before its examples): D1, K3, S2... */
const definedRows = [...page.slice(0, page.indexOf(EXAMPLES_HEADING)).matchAll(/^\| ([DKS]\d+) \| /gm)].map(
  (m) => m[1] ?? '',
);

describe('docs/date-deviations.md', () => {
  it('has examples for every row it defines, and no example of an undefined row', () => {
    const defined = new Set(definedRows);
    const exampled = new Set(examples.map((e) => e.row));
    expect(defined.size).toBeGreaterThanOrEqual(19);
    expect([...defined].filter((row) => !exampled.has(row))).toEqual([]);
    expect([...exampled].filter((row) => !defined.has(row))).toEqual([]);
  });

  it('has a PHP golden for every example (else run node scripts/goldens/regenerate-deviations.ts)', () => {
    expect(goldens.map(([input, zone, now]) => [input, zone, now])).toEqual(
      examples.map((e) => [e.input, e.zone, e.now]),
    );
  });

  examples.forEach((e, k) => {
    const label = `${e.row} ${JSON.stringify(e.input.length > 40 ? `${e.input.slice(0, 37)}...` : e.input)} (${e.zone}, ${e.now}, ${e.order})`;
    it(label, () => {
      const [, , , phpWall, phpEpoch] = goldens[k] ?? [];
      // The page states PHP 8.2's answer exactly.
      expect(e.php).toBe(phpWall ?? 'false');
      // The page states ours exactly.
      const now = parseLocalWallTime(e.now, e.zone);
      if (now === undefined) throw new Error(`bad now ${e.now}`);
      const r = resolve(e.input, { now, timeZone: e.zone, dateOrder: e.order });
      expect(r.understood ? formatLocal(r.epochSeconds, e.zone) : 'not understood').toBe(e.ours);
      if (!r.understood) expect(r.epochSeconds).toBe(now / 1000);
      // Outside the D rows ours is PHP's own instant (not just its wall time: K2's overlaps), or,
      // where PHP rejects the text, the second stage's reading.
      if (!e.row.startsWith('D')) {
        expect(r.stage === 'strtotime' ? String(r.epochSeconds) : null).toBe(phpEpoch);
        expect(r.stage).toBe(phpEpoch !== null ? 'strtotime' : r.understood ? 'phrase' : 'none');
      }
      // The golden test excludes exactly the D rows' cases (D3 never applies there: it reads
      // mdy; D4 only where the answer is beyond 2^53 seconds).
      const deviates = e.row === 'D1' || e.row === 'D2' || (e.row === 'D4' && e.ours === 'not understood');
      expect(isListedDeviation(e.input, phpWall)).toBe(deviates);
    });
  });
});

describe('the rule the golden test excludes by', () => {
  it('covers D1, D2 and D4 and nothing else', () => {
    expect(isListedDeviation('a week ago')).toBe(true);
    expect(isListedDeviation(' A Week Ago ')).toBe(true);
    expect(isListedDeviation('x'.repeat(257))).toBe(true);
    expect(isListedDeviation('x'.repeat(256))).toBe(false);
    expect(isListedDeviation('a week')).toBe(false);
    expect(isListedDeviation('1 week ago')).toBe(false);
    expect(isListedDeviation('an hour ago')).toBe(false);
    // PHP rejects "a fortnight ago": the second stage reads it, no exclusion needed.
    expect(isListedDeviation('a fortnight ago')).toBe(false);
    expect(isListedDeviation('@9007199254740993', '285428751-11-12 07:36:33')).toBe(true);
    expect(isListedDeviation('@1', '1970-01-01 00:00:01')).toBe(false);
  });

  it('finds answers beyond 2^53 seconds whatever the year digits', () => {
    expect(isBeyondExactRange('292277026596-12-04 15:28:53')).toBe(true);
    expect(isBeyondExactRange('-2862624000-04-15 04:08:17')).toBe(true);
    expect(isBeyondExactRange('285428751-11-12 07:36:33')).toBe(true);
    expect(isBeyondExactRange('285428000-01-01 00:00:00')).toBe(false);
    expect(isBeyondExactRange('-285424000-01-01 00:00:00')).toBe(false);
    expect(isBeyondExactRange('2026-01-17 10:35:00')).toBe(false);
  });
});
