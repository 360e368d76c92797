// Turns the measured figures into the three outputs: a console table, JSON and markdown.
import { cpus, totalmem, release, platform } from 'node:os';
import { readFileSync } from 'node:fs';
import { type Figure, fmt, ratioOf, verdict } from './figures.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  load1: number;
}

export function describeMachine(): Machine {
  const list = cpus();
  let load1 = 0;
  try {
    load1 = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    // Not Linux: the load average is only informative.
  }
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    node: process.version,
    load1,
  };
}

const HEAD = ['section', 'figure', 'value', 'unit', 'baseline', 'ratio', 'target', 'result'];

function rows(figures: Figure[]): string[][] {
  return figures.map((f) => [
    f.section,
    f.name,
    f.value === null ? 'not available' : fmt(f.value),
    f.unit,
    f.baseline === undefined
      ? '-'
      : `${fmt(f.baseline)}${f.baselineLabel === undefined ? '' : ` (${f.baselineLabel})`}`,
    ((): string => {
      const r = ratioOf(f);
      return r === undefined ? '-' : `${fmt(r)}x`;
    })(),
    f.target ?? '-',
    verdict(f),
  ]);
}

export function consoleTable(figures: Figure[]): string {
  const all = [HEAD, ...rows(figures)];
  const widths = HEAD.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const notes = figures.filter((f) => f.note !== undefined).map((f) => `  ${f.name}: ${f.note ?? ''}`);
  return [
    line(HEAD),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...all.slice(1).map(line),
    ...(notes.length > 0 ? ['', 'notes:', ...notes] : []),
  ].join('\n');
}

export function summary(figures: Figure[]): { pass: number; fail: number; na: number } {
  const v = figures.map(verdict);
  return {
    pass: v.filter((x) => x === 'pass').length,
    fail: v.filter((x) => x === 'FAIL').length,
    na: v.filter((x) => x === 'n/a').length,
  };
}

function mdCell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

export function markdown(figures: Figure[], machine: Machine, when: string, chartFile: string, mode: string): string {
  const s = summary(figures);
  const table = [
    `| ${HEAD.join(' | ')} |`,
    `| ${HEAD.map(() => '---').join(' | ')} |`,
    ...rows(figures).map((r) => `| ${r.map(mdCell).join(' | ')} |`),
  ];
  const notes = figures.filter((f) => f.note !== undefined).map((f) => `- **${f.name}**: ${f.note ?? ''}`);
  return [
    '# Latest benchmark results',
    '',
    `Run ${when} (${mode}) with \`npm run bench\`. ${s.pass} targets met, ${s.fail} missed, ${s.na} figures without a target or not measured.`,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}; 1-minute load average at start ${machine.load1} (the machine is shared, so figures move between runs).`,
    '',
    `![benchmark chart](${chartFile})`,
    '',
    ...table,
    '',
    ...(notes.length > 0 ? ['Notes:', '', ...notes, ''] : []),
    'Ratio is value / baseline. "FAIL" rows are reported as measured, not tuned away.',
    '',
  ].join('\n');
}
