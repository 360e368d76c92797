// A longest-match DFA with re2c's semantics over a prioritised list of patterns: from a given
// position, the longest match wins, and on equal length the rule listed first wins. Matching is a
// table walk (one array read per input byte) with no backtracking. The table is built from the
// NFA, state by state on first use (subset construction); complete(), every state at once, is
// what scripts/goldens/scanner-tables.ts writes into data/scanner-tables.ts, which the resolver
// runs on (table-scanner.ts) without loading the patterns at all.
import { buildNfa, byteClasses, type Nfa } from './nfa.ts';
import type { Pattern } from './pattern.ts';

/** A complete DFA: the next state for each state and byte class, and the rule each state accepts (-1: none). */
export interface DfaTable {
  classOf: Uint8Array;
  classes: number;
  next: Uint16Array;
  accepts: Int16Array;
}

const UNKNOWN = -1;
const DEAD = 0;
const START = 1;

function sameSet(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Subset construction on demand: DFA states are sets of NFA states, made when first reached. */
class SubsetBuilder {
  private readonly nfa: Nfa;
  private readonly ids = new Map<number, number[]>();
  readonly sets: Int32Array[] = [];
  /** Bytes that every rule treats alike share a class: a transition found for one byte is set for all of them. */
  readonly classMembers: Uint8Array[];
  readonly classOf = new Uint8Array(256);
  /** Epsilon closure of each NFA state (only the states that matter for identity), computed on first use. */
  private readonly closures: (Int32Array | undefined)[] = [];
  private readonly mark: Uint8Array;
  /** Flat transition table: trans[state * 256 + byte]; UNKNOWN until first taken. */
  trans = new Int32Array(256 * 256).fill(UNKNOWN);
  accepts = new Int32Array(256);

  constructor(rules: readonly Pattern[]) {
    this.nfa = buildNfa(rules);
    this.mark = new Uint8Array(this.nfa.eps.length);
    this.classMembers = byteClasses(this.nfa, this.classOf);
    this.intern(new Int32Array(0)); // DEAD
    this.intern(this.closure([0])); // START
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

  /** Fills in the transition of `state` on `byte` (and on every byte of its class). */
  step(state: number, byte: number): void {
    const seeds: number[] = [];
    for (const s of this.sets[state] as Int32Array) {
      const on = this.nfa.on[s];
      if (on?.[byte] === 1) seeds.push(this.nfa.to[s] as number);
    }
    const next = seeds.length === 0 ? DEAD : this.intern(this.closure(seeds));
    // intern() may have grown the table: index it afresh.
    for (const b of this.classMembers[this.classOf[byte] as number] as Uint8Array) this.trans[(state << 8) | b] = next;
  }

  /** Builds every reachable state and returns the complete table (for data/scanner-tables.ts). */
  complete(): DfaTable {
    const reps = this.classMembers.map((m) => m[0] as number);
    for (let s = START; s < this.sets.length; s++) {
      for (const b of reps) if (this.trans[(s << 8) | b] === UNKNOWN) this.step(s, b);
    }
    const n = this.sets.length;
    if (n > 0xffff) throw new Error(`${n} DFA states do not fit a 16-bit table`);
    const next = new Uint16Array(n * reps.length);
    for (let s = 0; s < n; s++)
      reps.forEach((b, c) => {
        next[s * reps.length + c] = this.trans[(s << 8) | b] as number;
      });
    return {
      classOf: this.classOf.slice(),
      classes: reps.length,
      next,
      accepts: Int16Array.from(this.accepts.subarray(0, n)),
    };
  }
}

export class LongestMatchScanner {
  private readonly builder: SubsetBuilder;
  private trans: Int32Array;
  private accepts: Int32Array;
  /** End (exclusive) and rule of the last match, set by match(). */
  matchEnd = 0;
  matchRule = -1;

  /** From the patterns: states are built on first use. */
  constructor(rules: readonly Pattern[]) {
    this.builder = new SubsetBuilder(rules);
    this.trans = this.builder.trans;
    this.accepts = this.builder.accepts;
  }

  /** Every state built, as a table. */
  complete(): DfaTable {
    return this.builder.complete();
  }

  private step(state: number, byte: number): void {
    this.builder.step(state, byte);
    // The builder's tables may have grown.
    this.trans = this.builder.trans;
    this.accepts = this.builder.accepts;
  }

  /** Longest match starting at `pos` in `buf[..limit)`; false when no rule matches at all. */
  match(buf: Uint8Array, pos: number, limit: number): boolean {
    let state = START;
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
