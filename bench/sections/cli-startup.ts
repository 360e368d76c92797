// CLI start-up: what a script pays on every call. Each command runs as a fresh process (the bin,
// as scripts start it, with the bench clock and zone), from spawn to its first byte of output,
// against `node -e 0` started the same way in the same rounds (the floor no command can go
// under). The rounds take turns, so a burst of other work on the shared machine spoils a round of
// every command alike; the median round counts. `status`, `check` and `status --waybar` read a
// data folder where `serve` has just stored its evaluation, as a status bar finds it while the
// app runs. Targets: `status`, `check` and `resolve` at most 10 ms over `node -e 0` (issue 36),
// every other command under 60 ms (issue 24). Standalone: node bench/sections/cli-startup.ts
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from '../lib/figures.ts';
import { median } from '../lib/median.ts';
import { BENCH_ENV, CLI, ROOT, sleep, startService, stop } from '../lib/procs.ts';
import { ensureDemo, makeDemo } from './demo.ts';
import { makeWorkdir, type Workdir } from './workdir.ts';

const ROUNDS = 15;
/** Issue 24's target for the read-only commands. */
const TARGET_MS = 60;
/** Issue 36's target for what scripts and status bars run most, over `node -e 0`. */
const OVER_MS = 10;

interface Timing {
  /** Spawn to the first byte on stdout (to exit when it prints nothing). */
  first: number;
  exit: number;
  /** CPU time (user + system) of the process, ms, in steps of 10 ms (so summed over the rounds). */
  cpuMs: number;
}

/**
 * CPU time (user + system) of this process's children that have ended, ms, from /proc (0
 * elsewhere): the least noisy figure on a busy machine. Ticks of 10 ms: meaningful summed over rounds.
 */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // cutime and cstime are the 14th and 15th fields after the command name.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

/** Runs `args` under this Node once: spawn to first output and to exit, ms. */
function timeOnce(args: string[], env: Record<string, string>, input?: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const cpu0 = childrenCpuMs();
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
      else resolve({ first: first ?? exit, exit, cpuMs: childrenCpuMs() - cpu0 });
    });
  });
}

interface Case {
  name: string;
  args: string[];
  input?: string;
  env?: Record<string, string>;
  /** Which target applies: at most OVER_MS over node -e 0, or under TARGET_MS. */
  target: 'over' | 'under';
}

/**
 * A demo data folder in which `serve` (this build's, the bench clock) has stored how the account
 * stands, then stopped: what `status` and `check` read while the app runs.
 */
async function evaluatedFolder(work: Workdir): Promise<string> {
  const demo = await makeDemo(work.path('cli-evaluated'));
  const service = await startService(demo.dir, { ACCOUNT_MONITOR_KEYCHAIN: 'off' }, [], false);
  try {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(demo.dir, 'account-monitor.sqlite'), { readonly: true });
    try {
      const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM account_watch');
      const stored = (): boolean => (count.get()?.n ?? 0) > 0;
      for (let waited = 0; !stored(); waited += 50) {
        if (waited > 20_000) throw new Error('serve stored no evaluation within 20 s');
        await sleep(50);
      }
    } finally {
      db.close();
    }
  } finally {
    await stop(service.child);
  }
  return demo.dir;
}

export async function cliStartupFigures(work: Workdir): Promise<Figure[]> {
  const demo = await ensureDemo(work);
  const store = { ACCOUNT_MONITOR_DATA_DIR: demo.dir, ACCOUNT_MONITOR_KEYCHAIN: 'off' };
  const evaluated = { ACCOUNT_MONITOR_DATA_DIR: await evaluatedFolder(work), ACCOUNT_MONITOR_KEYCHAIN: 'off' };
  const cases: Case[] = [
    { name: 'resolve "tomorrow"', args: ['resolve', 'tomorrow'], target: 'over' },
    { name: 'resolve "in 2 hours" --json', args: ['resolve', 'in 2 hours', '--json'], target: 'over' },
    { name: 'resolve --jsonl, one line', args: ['resolve', '--jsonl'], input: '"+1 week"\n', target: 'over' },
    { name: 'status', args: ['status'], env: evaluated, target: 'over' },
    { name: 'status --waybar', args: ['status', '--waybar'], env: evaluated, target: 'over' },
    { name: 'check', args: ['check'], env: evaluated, target: 'over' },
    { name: '--help', args: ['--help'], target: 'under' },
    { name: 'resolve --help', args: ['resolve', '--help'], target: 'under' },
    { name: 'balance', args: ['balance', '--key', demo.key], env: store, target: 'under' },
    { name: 'settings show', args: ['settings', 'show', '--key', demo.key], env: store, target: 'under' },
    { name: 'account list', args: ['account', 'list'], env: store, target: 'under' },
    { name: 'recurring list', args: ['recurring', 'list', '--key', demo.key], env: store, target: 'under' },
  ];
  const run = (c: Case): Promise<Timing> => timeOnce([CLI, ...c.args], { ...BENCH_ENV, ...c.env }, c.input);
  const node = (): Promise<Timing> => timeOnce(['-e', '0'], {});
  // Warm-up: the first run of each fills Node's compile cache, as any second run finds it.
  for (const c of cases) await run(c);
  const base: number[] = [];
  let baseCpu = 0;
  const firsts = cases.map((): number[] => []);
  const cpus = cases.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    const b = await node();
    base.push(b.exit);
    baseCpu += b.cpuMs;
    for (const [k, c] of cases.entries()) {
      const t = await run(c);
      firsts[k]?.push(t.first);
      cpus[k] = (cpus[k] ?? 0) + t.cpuMs;
    }
  }
  const floor = median(base);
  const cpuNote = (k: number): string => {
    const own = (cpus[k] ?? 0) / ROUNDS;
    const floorCpu = baseCpu / ROUNDS;
    return own === 0
      ? ''
      : `; CPU time ${own.toFixed(1)} ms, ${(own - floorCpu).toFixed(1)} ms over node -e 0's ${floorCpu.toFixed(1)} ms (mean of ${ROUNDS})`;
  };
  return cases.map((c, k): Figure => {
    const ms = median(firsts[k] ?? []);
    return {
      section: 'cli',
      name: `cli start-up: ${c.name}`,
      value: ms,
      unit: 'ms',
      baseline: floor,
      baselineLabel: 'node -e 0',
      ...(c.target === 'over'
        ? { target: `<= ${OVER_MS} ms over node -e 0`, check: { op: '<=', limit: OVER_MS, on: 'over' } }
        : { target: `< ${TARGET_MS} ms`, check: { op: '<', limit: TARGET_MS, on: 'value' } }),
      note: `spawn to first output, median of ${ROUNDS} rounds; ${(ms - floor).toFixed(0)} ms over node -e 0 (${floor.toFixed(0)} ms) in the same rounds${cpuNote(k)}`,
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
