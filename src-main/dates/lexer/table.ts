// A complete scanner table in a form that can be written into a source file: each state's row of
// next states run-length encoded (a row is a few runs: most byte classes lead nowhere, or to the
// same state), then base64 (about 75 KB for each day/month order), and a fingerprint of the rules
// it was built from, which test/dates/scanner-tables.test.ts compares with the rules' own.
// Decoding is one pass over the bytes with no library: deflate would be four times smaller, but
// loading node:zlib costs a one-shot `resolve` about 4 ms, more than the rest of reading the table.
import type { DfaTable } from './dfa.ts';
import type { Pattern } from './pattern.ts';

// Layout (little-endian u16 unless said): states, classes; classOf (256 bytes); accepts (i16 per
// state); the index of each state's first run; then for each state its runs until `classes` are
// covered, 3 bytes each: a length (1 byte) and a next state. (The index lets a reader find a
// state's row without a pass over every run: about 1.5 ms of a one-shot `resolve`.)

export function encodeTable(t: DfaTable): string {
  const states = t.accepts.length;
  const bytes: number[] = [];
  const u16 = (n: number): void => {
    bytes.push(n & 0xff, (n >> 8) & 0xff);
  };
  u16(states);
  u16(t.classes);
  for (let b = 0; b < 256; b++) bytes.push(t.classOf[b] as number);
  for (let s = 0; s < states; s++) u16((t.accepts[s] as number) & 0xffff);
  const runs: number[] = [];
  const firstRun: number[] = [];
  for (let s = 0; s < states; s++) {
    firstRun.push(runs.length / 3);
    const row = s * t.classes;
    for (let c = 0; c < t.classes;) {
      const value = t.next[row + c] as number;
      let run = 1;
      while (c + run < t.classes && run < 255 && t.next[row + c + run] === value) run++;
      runs.push(run, value & 0xff, (value >> 8) & 0xff);
      c += run;
    }
  }
  if (runs.length / 3 > 0xffff) throw new Error('a scanner table of more than 65,535 runs');
  for (const index of firstRun) u16(index);
  return Buffer.from([...bytes, ...runs]).toString('base64');
}

/**
 * A table as it is written, read without expanding it: the header, and where each state's runs
 * start. A scanner expands a state's row when it first enters the state (readRow), so a process
 * that resolves a few thousand phrases expands a few hundred rows of 1,700 and reads none of the
 * others, where expanding them all first took 22,000 TypedArray fill calls (about 3 ms).
 */
export interface EncodedTable {
  classOf: Uint8Array;
  classes: number;
  accepts: Int16Array;
  bytes: Uint8Array;
  /** Offset in `bytes` of the index of each state's first run (u16 each). */
  firstRunAt: number;
  /** Offset in `bytes` of the first run. */
  runsAt: number;
}

export function readTable(text: string): EncodedTable {
  const bytes = Buffer.from(text, 'base64');
  const u16 = (at: number): number => (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
  const states = u16(0);
  const classes = u16(2);
  let at = 4;
  const classOf = new Uint8Array(bytes.subarray(at, at + 256));
  at += 256;
  const accepts = new Int16Array(states);
  for (let s = 0; s < states; s++, at += 2) accepts[s] = (u16(at) << 16) >> 16;
  return { classOf, classes, accepts, bytes, firstRunAt: at, runsAt: at + 2 * states };
}

/** Writes the next state of `state` for each byte class into `into` (from index `offset`). */
export function readRow(t: EncodedTable, state: number, into: Uint16Array, offset = 0): void {
  const bytes = t.bytes;
  const index = t.firstRunAt + 2 * state;
  let at = t.runsAt + 3 * ((bytes[index] as number) | ((bytes[index + 1] as number) << 8));
  for (let c = offset, end = offset + t.classes; c < end; at += 3) {
    const value = (bytes[at + 1] as number) | ((bytes[at + 2] as number) << 8);
    for (const last = c + (bytes[at] as number); c < last; c++) into[c] = value;
  }
}

/** The whole table expanded (the tests compare it with the one built from the rules). */
export function decodeTable(text: string): DfaTable {
  const t = readTable(text);
  const states = t.accepts.length;
  const next = new Uint16Array(states * t.classes);
  for (let s = 0; s < states; s++) readRow(t, s, next, s * t.classes);
  return { classOf: t.classOf, classes: t.classes, next, accepts: t.accepts };
}

/** A hash of the patterns' structure (FNV-1a over a walk of them): equal for equal rules. */
export function fingerprint(rules: readonly Pattern[]): string {
  let h = 0x811c9dc5;
  const mix = (n: number): void => {
    h = Math.imul(h ^ n, 0x01000193) >>> 0;
  };
  const setHashes = new WeakMap<Uint8Array, number>();
  const walk = (p: Pattern): void => {
    switch (p.kind) {
      case 'set': {
        let k = setHashes.get(p.bytes);
        if (k === undefined) {
          k = 0x811c9dc5;
          for (let b = 0; b < 256; b++) if (p.bytes[b] === 1) k = Math.imul(k ^ b, 0x01000193) >>> 0;
          setHashes.set(p.bytes, k);
        }
        mix(1);
        mix(k);
        return;
      }
      case 'seq':
      case 'alt':
        mix(p.kind === 'seq' ? 2 : 3);
        mix(p.items.length);
        for (const item of p.items) walk(item);
        return;
      case 'rep':
        mix(4);
        mix(p.min);
        mix(p.max === Infinity ? 0xffff : p.max);
        walk(p.item);
        return;
    }
  };
  for (const rule of rules) walk(rule);
  return h.toString(16).padStart(8, '0');
}
