// Thompson construction of the NFA for a prioritised list of patterns (rule i accepts with
// number i), and the byte classes no edge tells apart. dfa.ts builds the DFA from it.
import type { Pattern } from './pattern.ts';

export interface Nfa {
  eps: number[][];
  on: (Uint8Array | null)[];
  to: number[];
  accept: number[];
}

export function newState(nfa: Nfa): number {
  nfa.eps.push([]);
  nfa.on.push(null);
  nfa.to.push(-1);
  nfa.accept.push(-1);
  return nfa.eps.length - 1;
}

/** Thompson construction: wires `p` from state `from`, returns its end state. */
export function build(nfa: Nfa, p: Pattern, from: number): number {
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
export function byteClasses(nfa: Nfa, classOf: Uint8Array): Uint8Array[] {
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

/** The NFA for `rules`: state 0 is the start, an epsilon edge from it to each rule. */
export function buildNfa(rules: readonly Pattern[]): Nfa {
  const nfa: Nfa = { eps: [], on: [], to: [], accept: [] };
  const start = newState(nfa);
  rules.forEach((rule, index) => {
    const s = newState(nfa);
    (nfa.eps[start] as number[]).push(s);
    nfa.accept[build(nfa, rule, s)] = index;
  });
  return nfa;
}
