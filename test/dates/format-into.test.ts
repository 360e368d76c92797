// formatLocalInto (the bytes `resolve --jsonl` writes) against formatLocal (the text every other
// caller takes): the same characters for every instant, the years that are not four digits too.
import { describe, expect, it } from 'vitest';
import { formatLocal, formatLocalInto } from '../../src-main/dates/index.ts';

const ZONES = ['Europe/London', 'America/St_Johns', 'Asia/Kathmandu', 'UTC'];
const MAX_EXACT = Number.MAX_SAFE_INTEGER;

/** Instants from the far past to the far future, a fixed spread (years of 1 to 9 digits, negative ones). */
const INSTANTS = [
  0,
  -1,
  1_795_000_000,
  -62_135_596_800, // 0001-01-01
  -62_167_219_200, // 0000-01-01
  -62_198_755_200, // -0001
  -30_610_224_000, // 1000-01-01
  253_402_300_799, // 9999-12-31 23:59:59
  253_402_300_800, // 10000
  -MAX_EXACT + 86_400 * 2,
  MAX_EXACT - 86_400 * 2,
  ...Array.from({ length: 200 }, (_, i) => Math.round(Math.sin(i + 1) * 10 ** (4 + (i % 12)))),
];

describe('formatLocalInto', () => {
  it("writes formatLocal's text as ASCII bytes, and says where it ended", () => {
    const into = new Uint8Array(64).fill(0x2a);
    for (const zone of ZONES) {
      for (const t of INSTANTS) {
        const end = formatLocalInto(t, zone, into, 3);
        expect(Buffer.from(into.subarray(3, end)).toString('latin1')).toBe(formatLocal(t, zone));
        expect(into[2]).toBe(0x2a);
      }
    }
  });

  it('throws for an unknown zone, as formatLocal does', () => {
    expect(() => formatLocalInto(0, 'Mars/Olympus', new Uint8Array(64), 0)).toThrow(RangeError);
  });
});
