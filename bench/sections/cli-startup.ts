// CLI start-up: what a script pays on every call. Each command runs as a fresh process (the bin,
// as scripts start it, with the bench clock and zone), from spawn to its first byte of output,
// against `node -e 0` started the same way in the same rounds (the floor no command can go
// under). The rounds take turns, so a burst of other work on the shared machine spoils a round of
// every command alike; the median round counts. Standalone: node bench/sections/cli-startup.ts
import { spawn } from 'node:child_process';
import type { Figure } from '../lib/figures.ts';
import { median } from '../lib/median.ts';
import { BENCH_ENV, CLI, ROOT } from '../lib/procs.ts';
import { ensureDemo } from './demo.ts';
import { makeWorkdir, type Workdir } from './workdir.ts';

const ROUNDS = 15;
/** The target for `resolve` and the other read-only commands (issue 24). */
const TARGET_MS = 60;

interface Timing {
  /** Spawn to the first byte on stdout (to exit when it prints nothing). */
  first: number;
  exit: number;
}

/** Runs `args` under this Node once: spawn to first output and to exit, ms. */
function timeOnce(args: string[], env: Record<string, string>, input?: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first: number | undefined;
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'],
    });
    child.stdout?.once('data', () => {
      first = performance.now() - t0;
    });
    child.stdout?.resume();
    if (input !== undefined) child.stdin?.end(input);
    child.on('error', reject);
    child.on('close', (code) => {
      const exit = performance.now() - t0;
      if (code !== 0) reject(new Error(`${args.slice(1).join(' ')} exited ${String(code)}`));
      else resolve({ first: first ?? exit, exit });
    });
  });
}

interface Case {
  name: string;
  args: string[];
  input?: string;
  env?: Record<string, string>;
  /** The target applies (resolve and the read-only commands). */
  target: boolean;
}

export async function cliStartupFigures(work: Workdir): Promise<Figure[]> {
  const demo = await ensureDemo(work);
  const store = { ACCOUNT_MONITOR_DATA_DIR: demo.dir, ACCOUNT_MONITOR_KEYCHAIN: 'off' };
  const cases: Case[] = [
    { name: 'resolve "tomorrow"', args: ['resolve', 'tomorrow'], target: true },
    { name: 'resolve "in 2 hours" --json', args: ['resolve', 'in 2 hours', '--json'], target: true },
    { name: 'resolve --jsonl, one line', args: ['resolve', '--jsonl'], input: '"+1 week"\n', target: true },
    { name: '--help', args: ['--help'], target: true },
    { name: 'resolve --help', args: ['resolve', '--help'], target: true },
    { name: 'balance', args: ['balance', '--key', demo.key], env: store, target: true },
    { name: 'settings show', args: ['settings', 'show', '--key', demo.key], env: store, target: true },
    { name: 'account list', args: ['account', 'list'], env: store, target: true },
    { name: 'recurring list', args: ['recurring', 'list', '--key', demo.key], env: store, target: true },
  ];
  const run = (c: Case): Promise<Timing> => timeOnce([CLI, ...c.args], { ...BENCH_ENV, ...c.env }, c.input);
  const node = (): Promise<Timing> => timeOnce(['-e', '0'], {});
  // Warm-up: the first run of each fills Node's compile cache, as any second run finds it.
  for (const c of cases) await run(c);
  const base: number[] = [];
  const firsts = cases.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    base.push((await node()).exit);
    for (const [k, c] of cases.entries()) firsts[k]?.push((await run(c)).first);
  }
  const floor = median(base);
  return cases.map((c, k): Figure => {
    const ms = median(firsts[k] ?? []);
    return {
      section: 'cli',
      name: `cli start-up: ${c.name}`,
      value: ms,
      unit: 'ms',
      baseline: floor,
      baselineLabel: 'node -e 0',
      ...(c.target ? { target: `< ${TARGET_MS} ms`, check: { op: '<', limit: TARGET_MS, on: 'value' } } : {}),
      note: `spawn to first output, median of ${ROUNDS} rounds; ${(ms - floor).toFixed(0)} ms over node -e 0 (${floor.toFixed(0)} ms) in the same rounds`,
    };
  });
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const work = makeWorkdir();
  try {
    for (const f of await cliStartupFigures(work))
      console.log(`${f.name.padEnd(40)} ${(f.value ?? Number.NaN).toFixed(1).padStart(7)} ms  (${f.note ?? ''})`);
  } finally {
    work.cleanup();
  }
}
