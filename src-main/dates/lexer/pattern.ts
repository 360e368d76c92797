// A tiny regular-expression algebra over bytes, used to state timelib's scanner rules the way
// parse_date.re states them (so they can be compared side by side), then compiled by dfa.ts into
// one longest-match automaton. No backtracking anywhere: matching is a walk over a DFA.

export type Pattern =
  | { readonly kind: 'set'; readonly bytes: Uint8Array } // one byte out of a set (bytes[b] === 1)
  | { readonly kind: 'seq'; readonly items: readonly Pattern[] }
  | { readonly kind: 'alt'; readonly items: readonly Pattern[] }
  | { readonly kind: 'rep'; readonly item: Pattern; readonly min: number; readonly max: number };

function set(bytes: number[]): Pattern {
  const table = new Uint8Array(256);
  for (const b of bytes) table[b] = 1;
  return { kind: 'set', bytes: table };
}

/** A character class like re2c's `[0-9a-z.]` (ranges with '-', ASCII only). */
export function cls(spec: string): Pattern {
  const bytes: number[] = [];
  for (let i = 0; i < spec.length; i++) {
    const c = spec.charCodeAt(i);
    if (spec[i + 1] === '-' && i + 2 < spec.length) {
      const end = spec.charCodeAt(i + 2);
      for (let b = c; b <= end; b++) bytes.push(b);
      i += 2;
    } else {
      bytes.push(c);
    }
  }
  return set(bytes);
}

/** Explicit byte values (for NUL and the UTF-8 bytes of NBSP). */
export function bytes(...values: number[]): Pattern {
  return set(values);
}

/** `"abc"` (case-sensitive) or, with `ci`, re2c's `'abc'` (ASCII case-insensitive). Encodes UTF-8. */
export function lit(text: string, ci = false): Pattern {
  const items: Pattern[] = [];
  for (const b of new TextEncoder().encode(text)) {
    const isLetter = (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
    items.push(ci && isLetter ? set([b | 0x20, b & ~0x20]) : set([b]));
  }
  return items.length === 1 ? (items[0] as Pattern) : { kind: 'seq', items };
}

/** Case-insensitive literal(s); several words make an alternation. */
export function word(...texts: string[]): Pattern {
  return texts.length === 1 ? lit(texts[0] ?? '', true) : alt(...texts.map((t) => lit(t, true)));
}

export function seq(...items: Pattern[]): Pattern {
  return { kind: 'seq', items };
}

export function alt(...items: Pattern[]): Pattern {
  return { kind: 'alt', items };
}

export function rep(item: Pattern, min: number, max: number): Pattern {
  return { kind: 'rep', item, min, max };
}

export const opt = (p: Pattern): Pattern => rep(p, 0, 1);
export const star = (p: Pattern): Pattern => rep(p, 0, Infinity);
export const plus = (p: Pattern): Pattern => rep(p, 1, Infinity);
