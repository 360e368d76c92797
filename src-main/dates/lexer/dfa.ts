// Compiles a prioritised list of patterns into a lazily built DFA with re2c's semantics: from a
// given position, the longest match wins, and on equal length the rule listed first wins. States
// are built on first use and cached for the life of the process, so the steady state is a table
// walk (one array read per input byte) with no backtracking.
import type { Pattern } from './pattern.ts';

interface Nfa {
  eps: number[][];
  on: (Uint8Array | null)[];
  to: number[];
  accept: number[];
}

function newState(nfa: Nfa): number {
  nfa.eps.push([]);
  nfa.on.push(null);
  nfa.to.push(-1);
  nfa.accept.push(-1);
  return nfa.eps.length - 1;
}

/** Thompson construction: wires `p` from state `from`, returns its end state. */
function build(nfa: Nfa, p: Pattern, from: number): number {
  switch (p.kind) {
    case 'set': {
      const end = newState(nfa);
      // A state with a byte edge has exactly one such edge; add an epsilon hop to keep that true.
      const s = newState(nfa);
      (nfa.eps[from] as number[]).push(s);
      nfa.on[s] = p.bytes;
      nfa.to[s] = end;
      return end;
    }
    case 'seq': {
      let cur = from;
      for (const item of p.items) cur = build(nfa, item, cur);
      return cur;
    }
    case 'alt': {
      const end = newState(nfa);
      for (const item of p.items) {
        const start = newState(nfa);
        (nfa.eps[from] as number[]).push(start);
        (nfa.eps[build(nfa, item, start)] as number[]).push(end);
      }
      return end;
    }
    case 'rep': {
      let cur = from;
      for (let i = 0; i < p.min; i++) cur = build(nfa, p.item, cur);
      if (p.max === Infinity) {
        const loop = newState(nfa);
        (nfa.eps[cur] as number[]).push(loop);
        (nfa.eps[build(nfa, p.item, loop)] as number[]).push(loop);
        return loop;
      }
      const end = newState(nfa);
      for (let i = p.min; i < p.max; i++) {
        (nfa.eps[cur] as number[]).push(end);
        cur = build(nfa, p.item, cur);
      }
      (nfa.eps[cur] as number[]).push(end);
      return end;
    }
  }
}

const UNKNOWN = -1;
const DEAD = 0;

export class LongestMatchScanner {
  private readonly nfa: Nfa = { eps: [], on: [], to: [], accept: [] };
  private readonly start: number;
  private readonly ids = new Map<string, number>();
  private readonly sets: Int32Array[] = [];
  /** Flat transition table: trans[state * 256 + byte]; UNKNOWN until first taken. */
  private trans = new Int32Array(256 * 256).fill(UNKNOWN);
  private accepts = new Int32Array(256);
  /** End (exclusive) and rule of the last match, set by match(). */
  matchEnd = 0;
  matchRule = -1;

  constructor(rules: readonly Pattern[]) {
    this.start = newState(this.nfa);
    rules.forEach((rule, index) => {
      const s = newState(this.nfa);
      (this.nfa.eps[this.start] as number[]).push(s);
      this.nfa.accept[build(this.nfa, rule, s)] = index;
    });
    this.intern(new Int32Array(0)); // state 0: dead
    this.intern(this.closure([this.start])); // state 1: start
  }

  private closure(seeds: number[]): Int32Array {
    const seen = new Set<number>();
    const stack = [...seeds];
    while (stack.length > 0) {
      const s = stack.pop() as number;
      if (seen.has(s)) continue;
      seen.add(s);
      for (const t of this.nfa.eps[s] as number[]) stack.push(t);
    }
    // Only byte-edge states and accepting states matter for identity.
    return Int32Array.from([...seen].filter((s) => this.nfa.on[s] !== null || (this.nfa.accept[s] ?? -1) >= 0).sort((a, b) => a - b));
  }

  private intern(set: Int32Array): number {
    const key = set.join(',');
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.sets.length;
    this.ids.set(key, id);
    this.sets.push(set);
    if ((id + 1) * 256 > this.trans.length) {
      const grown = new Int32Array(this.trans.length * 2).fill(UNKNOWN);
      grown.set(this.trans);
      this.trans = grown;
      const acc2 = new Int32Array(this.accepts.length * 2);
      acc2.set(this.accepts);
      this.accepts = acc2;
    }
    if (id === DEAD) this.trans.fill(DEAD, 0, 256);
    let acc = -1;
    for (const s of set) {
      const a = this.nfa.accept[s] ?? -1;
      if (a >= 0 && (acc < 0 || a < acc)) acc = a;
    }
    this.accepts[id] = acc;
    return id;
  }

  private step(state: number, byte: number): number {
    const seeds: number[] = [];
    for (const s of this.sets[state] as Int32Array) {
      const on = this.nfa.on[s];
      if (on?.[byte] === 1) seeds.push(this.nfa.to[s] as number);
    }
    const next = seeds.length === 0 ? DEAD : this.intern(this.closure(seeds));
    this.trans[(state << 8) | byte] = next;
    return next;
  }

  /** Longest match starting at `pos` in `buf[..limit)`; false when no rule matches at all. */
  match(buf: Uint8Array, pos: number, limit: number): boolean {
    let state = 1;
    let lastRule = -1;
    let lastEnd = pos;
    const trans = this.trans;
    const accepts = this.accepts;
    for (let i = pos; i < limit; i++) {
      const b = buf[i] as number;
      const next = trans[(state << 8) | b] as number;
      if (next === UNKNOWN) {
        this.step(state, b);
        return this.match(buf, pos, limit); // the table may have grown; restart on the new one
      }
      if (next === DEAD) break;
      state = next;
      const acc = accepts[state] as number;
      if (acc >= 0) {
        lastRule = acc;
        lastEnd = i + 1;
      }
    }
    this.matchRule = lastRule;
    this.matchEnd = lastEnd;
    return lastRule >= 0;
  }
}
