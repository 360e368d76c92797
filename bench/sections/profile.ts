// `--profile`: the server under each HTTP load with V8's CPU profiler on (node --cpu-prof), one
// server per load, and what the profiles say written to docs/bench: profile.md (time per
// request by kind of code and the costliest functions) and a flame graph per load. Profiling
// slows the server, so these runs give no throughput figures; they say where the time goes.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from '../lib/figures.ts';
import { type CpuProfile, flameSvg, type Kind, summarize } from '../lib/flame.ts';
import { runLoad, type LoadShape } from '../lib/load.ts';
import { PINNING, ROOT, startService, stop } from '../lib/procs.ts';
import { BALANCE_PATH, ensureDemo, SETTINGS_PATH } from './demo.ts';
import type { Workdir } from './workdir.ts';

interface Load {
  file: string;
  label: string;
  path: (key: string) => string;
  shape: LoadShape;
}

const LOADS: Load[] = [
  { file: 'cached', label: 'get_balance "+1 week" (answered from the cache)', path: BALANCE_PATH, shape: {} },
  {
    file: 'uncached',
    label: 'get_balance, a new instant on every request',
    path: (key) => `/account/get_balance/?key=${encodeURIComponent(key)}&datetime=%40{n}`,
    shape: { counterStart: 1_790_000_000 },
  },
  { file: 'settings', label: 'get_notification_settings', path: SETTINGS_PATH, shape: {} },
];

const KINDS: [Kind, string][] = [
  ['service', 'the service (src-main)'],
  ['dependencies', 'dependencies (node_modules)'],
  ['node', "Node's HTTP, streams and timers (node:)"],
  ['native', 'built-ins and system calls (writev, reads)'],
  ['gc', 'garbage collector'],
];

export async function profileFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const demo = await ensureDemo(work);
  const docs = join(ROOT, 'docs', 'bench');
  mkdirSync(docs, { recursive: true });
  const seconds = quick ? 3 : 8;
  const sections: string[] = [];
  const figures: Figure[] = [];
  for (const load of LOADS) {
    const dir = mkdtempSync(join(work.root, `prof-${load.file}-`));
    const service = await startService(demo.dir, {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    let requests: number;
    try {
      await runLoad(service.origin + load.path(demo.key), 50, 1, load.shape);
      requests = (await runLoad(service.origin + load.path(demo.key), 50, seconds, load.shape)).total;
    } finally {
      // The profile is written when the server exits, after its 1 s warm-up and the measured load.
      await stop(service.child);
    }
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (file === undefined) throw new Error(`no CPU profile was written for ${load.label}`);
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    // Warm-up requests are in the profile too: count them (about one second's worth at the same rate).
    const total = Math.round(requests * (1 + 1 / seconds));
    const s = summarize(profile, total);
    writeFileSync(
      join(docs, `flame-${load.file}.svg`),
      flameSvg(
        profile,
        `${load.label}: server CPU under 50 connections (${total} requests, ${s.busyUs.toFixed(1)} µs busy per request, profiler on)`,
      ),
    );
    figures.push({
      section: 'profile',
      name: `${load.file}: busy time per request under the profiler`,
      value: s.busyUs,
      unit: 'µs (profiled)',
      note: `see docs/bench/profile.md and flame-${load.file}.svg`,
    });
    sections.push(
      [
        `## ${load.label}`,
        '',
        `${total} requests; ${s.busyUs.toFixed(1)} µs of busy server time per request with the profiler on (it adds its own cost). [Flame graph](flame-${load.file}.svg).`,
        '',
        '| kind of code | µs per request | share |',
        '| --- | --- | --- |',
        ...KINDS.map(
          ([k, text]) => `| ${text} | ${s.byKind[k].toFixed(2)} | ${((s.byKind[k] / s.busyUs) * 100).toFixed(0)}% |`,
        ),
        '',
        '| function (self time) | where | µs per request |',
        '| --- | --- | --- |',
        ...s.top.map((f) => `| ${f.name.replace(/\|/g, '\\|')} | ${f.where} | ${f.us.toFixed(2)} |`),
        '',
      ].join('\n'),
    );
  }
  writeFileSync(
    join(docs, 'profile.md'),
    [
      "# Where the server's time goes",
      '',
      `Written by \`npm run bench -- --profile\` on ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}: the headless server under each load of the HTTP section (50 keep-alive connections, ${PINNING.note}), with \`node --cpu-prof\`. Self time is time in the function itself; calls into native code (SQLite through better-sqlite3, system calls) count as their JavaScript caller's or as "built-ins". Idle time is left out.`,
      '',
      ...sections,
    ].join('\n'),
  );
  return figures;
}
