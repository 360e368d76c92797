// One row of the benchmark table, and how a row is judged against its target.
// Every figure carries its own target so the table, the JSON and the chart judge it the same way.

export type Op = '<' | '<=' | '>=' | '>';

/** What a target is checked on: the value itself, the value divided by the baseline, or the value less the baseline. */
export interface Check {
  op: Op;
  limit: number;
  on: 'value' | 'ratio' | 'over';
}

export interface Figure {
  section: string;
  name: string;
  /** null when the figure could not be measured (see note). */
  value: number | null;
  unit: string;
  baseline?: number;
  baselineLabel?: string;
  /** Human form of the target, e.g. "< 5 ms" or ">= 0.8x bare". */
  target?: string;
  check?: Check;
  note?: string;
}

export type Verdict = 'pass' | 'FAIL' | 'n/a';

export function ratioOf(f: Figure): number | undefined {
  if (f.value === null || f.baseline === undefined || f.baseline === 0) return undefined;
  return f.value / f.baseline;
}

function compare(x: number, op: Op, limit: number): boolean {
  switch (op) {
    case '<':
      return x < limit;
    case '<=':
      return x <= limit;
    case '>=':
      return x >= limit;
    case '>':
      return x > limit;
  }
}

/** What the check reads of a figure: its value, its ratio to the baseline, or its excess over it. */
export function checkedOf(f: Figure): number | undefined {
  if (f.value === null) return undefined;
  if (f.check?.on === 'ratio') return ratioOf(f);
  if (f.check?.on === 'over') return f.baseline === undefined ? undefined : f.value - f.baseline;
  return f.value;
}

export function verdict(f: Figure): Verdict {
  if (f.check === undefined || f.value === null) return 'n/a';
  const x = checkedOf(f);
  if (x === undefined) return 'n/a';
  return compare(x, f.check.op, f.check.limit) ? 'pass' : 'FAIL';
}

/**
 * How much of its budget a figure uses: 1 is exactly on target, below 1 passes. Used by the chart
 * so figures in different units share one axis.
 */
export function budgetUsed(f: Figure): number | undefined {
  if (f.check === undefined || f.value === null) return undefined;
  const x = checkedOf(f);
  if (x === undefined || x <= 0) return undefined;
  return f.check.op === '<' || f.check.op === '<=' ? x / f.check.limit : f.check.limit / x;
}

/**
 * Reads a target written as text by another module (the dates benchmark), e.g. ">= 650000" or
 * ">= 10x": a trailing "x" means "times the baseline".
 */
export function parseTarget(text: string | undefined): Check | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*(<=|>=|<|>|≥|≤)\s*([0-9][0-9_,.]*)\s*(x|×)?/u.exec(text);
  if (!m) return undefined;
  const opText = m[1] ?? '';
  const op: Op = opText === '≥' ? '>=' : opText === '≤' ? '<=' : (opText as Op);
  const limit = Number((m[2] ?? '').replace(/[_,]/g, ''));
  if (!Number.isFinite(limit)) return undefined;
  return { op, limit, on: m[3] === undefined ? 'value' : 'ratio' };
}

/** Rounds for display without hiding small values. */
export function fmt(n: number | undefined | null): string {
  if (n === undefined || n === null) return '-';
  if (n === 0) return '0';
  const a = Math.abs(n);
  if (a >= 1000) return Math.round(n).toLocaleString('en-GB');
  if (a >= 100) return n.toFixed(0);
  if (a >= 10) return n.toFixed(1);
  if (a >= 1) return n.toFixed(2);
  if (a >= 0.01) return n.toFixed(3);
  return n.toPrecision(2);
}
