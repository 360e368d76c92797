// Stage 2 remembers the texts it has read (up to 20,000). A text cut from a bigger string (a line
// of `resolve --jsonl`'s 64 KB input chunk) must not keep that string alive as the key: a long
// stream would otherwise hold thousands of chunks. Measured as V8's heap after full collections.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { parseLocalWallTime, resolve } from '../../src-main/dates/index.ts';

const ZONE = 'Europe/London';
const NOW = parseLocalWallTime('2026-11-21T10:35:00', ZONE) ?? Number.NaN;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it('does not keep the string a remembered text was cut from', () => {
  const chunks = 1000;
  const chunkBytes = 64 * 1024;
  const before = heapUsed();
  for (let i = 0; i < chunks; i++) {
    // A fresh chunk each time, as a stream's reads are; the phrase is one PHP rejects, so it
    // reaches stage 2 and is remembered.
    const line = `"1 day after number ${String(i).padStart(5, '0')}"`;
    const chunk = `${line}\n`.padEnd(chunkBytes, '\n') + String(i);
    const text = chunk.slice(1, line.length - 1);
    expect(resolve(text, { now: NOW, timeZone: ZONE }).understood).toBe(false);
  }
  // 1,000 chunks held would be 64 MB; the texts themselves are well under 1 MB.
  expect(heapUsed() - before).toBeLessThan(16 * 1024 * 1024);
});
