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

/**
 * Partitions the bytes into classes that no byte edge of the NFA tells apart; fills `classOf` and
 * returns each class's bytes.
 */
function byteClasses(nfa: Nfa, classOf: Uint8Array): Uint8Array[] {
  const tables = [...new Set(nfa.on.filter((t): t is Uint8Array => t !== null))];
  const bySignature = new Map<string, number>();
  const members: number[][] = [];
  for (let b = 0; b < 256; b++) {
    let signature = '';
    for (const t of tables) signature += t[b] === 1 ? '1' : '0';
    let k = bySignature.get(signature);
    if (k === undefined) {
      k = members.length;
      bySignature.set(signature, k);
      members.push([]);
    }
    (members[k] as number[]).push(b);
    classOf[b] = k;
  }
  return members.map((m) => Uint8Array.from(m));
}

function sameSet(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const UNKNOWN = -1;
const DEAD = 0;

export class LongestMatchScanner {
  private readonly nfa: Nfa = { eps: [], on: [], to: [], accept: [] };
  private readonly start: number;
  private readonly ids = new Map<number, number[]>();
  private readonly sets: Int32Array[] = [];
  /** Flat transition table: trans[state * 256 + byte]; UNKNOWN until first taken. */
  private trans = new Int32Array(256 * 256).fill(UNKNOWN);
  private accepts = new Int32Array(256);
  /** End (exclusive) and rule of the last match, set by match(). */
  matchEnd = 0;
  matchRule = -1;

  /** Bytes that every rule treats alike share a class: a transition found for one byte is set for all of them. */
  private readonly classMembers: Uint8Array[];
  private readonly classOf = new Uint8Array(256);
  /** Epsilon closure of each NFA state (only the states that matter for identity), computed on first use. */
  private readonly closures: (Int32Array | undefined)[] = [];
  private readonly mark: Uint8Array;

  constructor(rules: readonly Pattern[]) {
    this.start = newState(this.nfa);
    rules.forEach((rule, index) => {
      const s = newState(this.nfa);
      (this.nfa.eps[this.start] as number[]).push(s);
      this.nfa.accept[build(this.nfa, rule, s)] = index;
    });
    this.mark = new Uint8Array(this.nfa.eps.length);
    this.classMembers = byteClasses(this.nfa, this.classOf);
    this.intern(new Int32Array(0)); // state 0: dead
    this.intern(this.closure([this.start])); // state 1: start
  }

  /** The states reachable from `s` by epsilon edges (itself included) that have a byte edge or accept. */
  private closureOf(s: number): Int32Array {
    const known = this.closures[s];
    if (known !== undefined) return known;
    const seen = new Set<number>();
    const stack = [s];
    const out: number[] = [];
    while (stack.length > 0) {
      const t = stack.pop() as number;
      if (seen.has(t)) continue;
      seen.add(t);
      if (this.nfa.on[t] !== null || (this.nfa.accept[t] ?? -1) >= 0) out.push(t);
      for (const u of this.nfa.eps[t] as number[]) stack.push(u);
    }
    const closure = Int32Array.from(out.sort((a, b) => a - b));
    this.closures[s] = closure;
    return closure;
  }

  /** The sorted union of the seeds' closures. */
  private closure(seeds: number[]): Int32Array {
    const mark = this.mark;
    const out: number[] = [];
    for (const seed of seeds) {
      for (const t of this.closureOf(seed)) {
        if (mark[t] === 0) {
          mark[t] = 1;
          out.push(t);
        }
      }
    }
    for (const t of out) mark[t] = 0;
    return Int32Array.from(out.sort((a, b) => a - b));
  }

  /** The DFA state for a set of NFA states, made on first sight (found by a hash of the set). */
  private intern(set: Int32Array): number {
    let h = set.length;
    for (const s of set) h = Math.imul(h ^ s, 0x9e3779b1) >>> 0;
    const bucket = this.ids.get(h);
    if (bucket !== undefined) {
      for (const id of bucket) if (sameSet(this.sets[id] as Int32Array, set)) return id;
    }
    const id = this.sets.length;
    if (bucket === undefined) this.ids.set(h, [id]);
    else bucket.push(id);
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
    // intern() may have grown the table: index it afresh.
    for (const b of this.classMembers[this.classOf[byte] as number] as Uint8Array) this.trans[(state << 8) | b] = next;
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
