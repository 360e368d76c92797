// `--compare FILE`: the change of every figure against an earlier run's JSON, so that a
// regression shows in review. Figures are matched by section and name; the better direction
// comes from the figure's target, or from its unit when it has none.
import { checkedOf, type Figure, fmt, verdict } from './figures.ts';

export interface SavedRun {
  when: string;
  mode?: string;
  machine?: { cpu: string; cores: number; node: string; load1: number };
  figures: Figure[];
}

/** +1 when a larger value is better, -1 when smaller is, 0 when neither. */
function direction(f: Figure): number {
  if (f.check !== undefined) return f.check.op === '>=' || f.check.op === '>' ? 1 : -1;
  if (/\/s$|x$/.test(f.unit)) return 1;
  if (/^(ms|µs|s|MB|%|errors)$/.test(f.unit)) return -1;
  return 0;
}

/** What is judged: the ratio for ratio targets, the excess over the baseline for those, else the value. */
function judged(f: Figure): number | undefined {
  return checkedOf(f);
}

/** Changes smaller than this share are noise on a shared machine and are not called out. */
const NOISE = 0.05;

export function compareRuns(before: SavedRun, after: Figure[]): string {
  const old = new Map(before.figures.map((f) => [`${f.section}\u0000${f.name}`, f]));
  const rows: string[][] = [['figure', 'before', 'after', 'change', 'verdict']];
  const worse: string[] = [];
  for (const f of after) {
    const b = old.get(`${f.section}\u0000${f.name}`);
    if (b === undefined) {
      rows.push([f.name, '(new)', fmt(judged(f)), '', verdict(f)]);
      continue;
    }
    const x0 = judged(b);
    const x1 = judged(f);
    const change = x0 === undefined || x1 === undefined || x0 === 0 ? undefined : (x1 - x0) / Math.abs(x0);
    const was = verdict(b);
    const now = verdict(f);
    const label =
      f.check?.on === 'ratio'
        ? `${f.name} (x bare)`
        : f.check?.on === 'over'
          ? `${f.name} (${f.unit} over ${f.baselineLabel ?? 'baseline'})`
          : `${f.name} (${f.unit})`;
    rows.push([
      label,
      fmt(x0),
      fmt(x1),
      change === undefined ? '-' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`,
      was === now ? now : `${was} -> ${now}`,
    ]);
    const d = direction(f);
    if ((was === 'pass' && now === 'FAIL') || (change !== undefined && d !== 0 && change * d < -NOISE)) {
      worse.push(`${label}: ${fmt(x0)} -> ${fmt(x1)}${was === 'pass' && now === 'FAIL' ? ' (target now missed)' : ''}`);
    }
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const table = rows.map((r) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  const head = `compared with ${before.when}${before.machine === undefined ? '' : ` (${before.machine.cpu}, ${before.machine.cores} cores, Node ${before.machine.node}, load ${before.machine.load1})`}`;
  const tail =
    worse.length === 0
      ? 'no figure worse by more than 5% and no target newly missed'
      : `worse by more than 5% or newly missed (${worse.length}):\n${worse.map((w) => `  ${w}`).join('\n')}`;
  return [head, ...table, '', tail].join('\n');
}
