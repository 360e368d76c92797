// A complete scanner table in a form that can be written into a source file: deflated and base64
// encoded (about 16 KB for each day/month order), and a fingerprint of the rules it was built
// from, which test/dates/scanner-tables.test.ts compares with the rules' own.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DfaTable } from './dfa.ts';
import type { Pattern } from './pattern.ts';

export function encodeTable(t: DfaTable): string {
  const states = t.accepts.length;
  const head = new Uint16Array([states, t.classes]);
  const parts = [head, t.classOf, t.accepts, t.next].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  return deflateRawSync(Buffer.concat(parts), { level: 9 }).toString('base64');
}

export function decodeTable(text: string): DfaTable {
  const raw = inflateRawSync(Buffer.from(text, 'base64'));
  // Copy into an aligned buffer: the typed views below need 2-byte alignment.
  const bytes = new Uint8Array(raw.length);
  bytes.set(raw);
  const [states = 0, classes = 0] = new Uint16Array(bytes.buffer, 0, 2);
  let at = 4;
  const classOf = bytes.slice(at, at + 256);
  at += 256;
  const accepts = new Int16Array(bytes.buffer.slice(at, at + states * 2));
  at += states * 2;
  const next = new Uint16Array(bytes.buffer.slice(at, at + states * classes * 2));
  return { classOf, classes, next, accepts };
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
