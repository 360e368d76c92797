// The idle service (issue 36): `serve` as a user runs it (the bin, so the bundle) with five
// accounts, three local and two connected to a provider on loopback, its background checks
// running against that provider every 10 minutes (the default) and its monitor every minute.
// An hour, a day and a week of that are simulated: bench/time-warp.ts, preloaded into this one
// process, runs its clocks and timers 3,000 times faster (6,000 with --quick) while the bench
// asks it to, and at the real rate in between, when the figures are read:
// - RSS after the simulated hour, 20 s and then an idle minute at the real rate (so what a user's
//   `top` shows between two checks), against a bare `node -e "setInterval(()=>{},1e9)"` beside it;
// - CPU as a share of one core over that idle minute (a monitor tick in it, no check), against the
//   same bare node over the same minute;
// - growth between the simulated day and the simulated week: RSS, each read after 20 s at the
//   real rate, and the JavaScript heap after a full collection (the leak indicator);
// - which of the parts loaded only when needed are held at idle (the module files serve loaded;
//   the window is opened once after connecting, so its files would be held too, were they kept).
// The provider counts its requests: the note says how many checks really ran in the simulated time.
import { readFileSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import type { Figure } from '../lib/figures.ts';
import { CLI, cpuSecondsFine, mainThreadWakeups, ROOT, rssMB, sleep, startListening, stop } from '../lib/procs.ts';
import { countingProvider, localAccounts } from './warnings.ts';
import type { Workdir } from './workdir.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What the preload answers to `{"memory":1}`: process.memoryUsage() after a full collection. */
interface Memory {
  now: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Bytes V8 holds for each space of its heap (new_space, old_space, code_space, ...). */
  spaces: Record<string, number>;
  loaded: string[];
}

/** RSS and its parts (anonymous: heaps and malloc; file: mapped code and files), MB, from /proc. */
function rssParts(pid: number | undefined): string {
  if (pid === undefined) return '?';
  const at = (field: 'VmRSS' | 'RssAnon' | 'RssFile'): string => rssMB(pid, field)?.toFixed(1) ?? '?';
  return `RSS ${at('VmRSS')} (anon ${at('RssAnon')}, file ${at('RssFile')})`;
}

/** The bench's end of the preload's fd 3: one JSON line asked, one answered. */
function controlOf(socket: Socket): (ask: object) => Promise<Record<string, unknown>> {
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  return (ask) =>
    new Promise((resolve) => {
      waiting.push((line) => {
        resolve(JSON.parse(line) as Record<string, unknown>);
      });
      socket.write(`${JSON.stringify(ask)}\n`);
    });
}

/**
 * The parts of serve loaded only when needed, each known by a mark in the text of the file that
 * holds it (the bundle's chunks are named after one of their modules, so a name says too little):
 * any of them in a file loaded at idle is held.
 */
const ON_DEMAND: { part: string; mark: RegExp }[] = [
  { part: 'the importer (csv-parse)', mark: /node_modules\/csv-parse\/|^import \{[^}]*\} from ['"]csv-parse/m },
  { part: "the resolver's second stage", mark: /function phraseStage\(/ },
];

function heldParts(loaded: string[]): string[] {
  const texts = loaded
    .filter((url) => url.startsWith(`file://${ROOT}`) && /\.[cm]?[jt]s$/.test(url))
    .map((url) => readFileSync(new URL(url), 'utf8'));
  return ON_DEMAND.filter((p) => texts.some((text) => p.mark.test(text))).map((p) => p.part);
}

/** Five accounts, two connected, `serve` warped through an hour, a day and a week. */
export async function idleFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const rate = quick ? 6000 : 3000;
  const idleMs = quick ? 30_000 : 60_000;
  const settleMs = quick ? 10_000 : 20_000;
  const dir = work.path('idle-five');
  await localAccounts(dir, 3);

  // The provider answers in simulated time: the bench keeps the preload's clock beside its own.
  let anchor = { sim: Date.now(), real: Date.now(), rate: 1 };
  const simNow = (): number => anchor.sim + (Date.now() - anchor.real) * anchor.rate;
  const provider = await countingProvider(simNow);

  // The preload as plain JavaScript: a .ts file would make serve load Node's type stripper (a
  // WebAssembly module of several MB), which the product, run from its bundle, never does.
  const preload = work.path('time-warp.mjs');
  writeFileSync(preload, stripTypeScriptTypes(readFileSync(join(ROOT, 'bench', 'time-warp.ts'), 'utf8')));
  const bare = spawn(process.execPath, ['-e', 'setInterval(()=>{},1e9)'], { stdio: 'ignore' });
  const s = await startListening(
    ['--import', preload, CLI, 'serve', '--port', '0', '--data-dir', dir],
    {
      ACCOUNT_MONITOR_KEYCHAIN: 'off',
      DBUS_SESSION_BUS_ADDRESS: '',
      ACCOUNT_MONITOR_TZ: 'Europe/London',
      ACCOUNT_MONITOR_NOW: '',
    },
    20_000,
    false,
    true,
  );
  const pid = s.child.pid;
  const ask = controlOf(s.child.stdio[3] as Socket);
  const setRate = async (r: number): Promise<void> => {
    const at = await ask({ rate: r });
    anchor = { sim: Number(at.now), real: Date.now(), rate: r };
  };
  /** Simulated time passes at `rate` until `ms` more of it have; then the real rate again. */
  const warp = async (ms: number): Promise<void> => {
    await setRate(rate);
    await sleep(ms / rate);
    await setRate(1);
  };
  try {
    let token: string | undefined;
    for (let waited = 0; (token = /#token=(\S+)/.exec(s.stderr())?.[1]) === undefined; waited += 20) {
      if (waited > 10_000) throw new Error(`serve printed no token: ${s.stderr()}`);
      await sleep(20);
    }
    // Connected as the window connects them: the keys kept for the session (no keychain here),
    // so the background checks run.
    for (const n of [1, 2]) {
      const r = await fetch(`${s.origin}/app/connect`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ baseUrl: provider.base, key: `bench-key-${n}-0123456789`, name: `Connected ${n}` }),
      });
      if (!r.ok) throw new Error(`connecting account ${n} failed: ${r.status} ${await r.text()}`);
    }
    // The window opened once, as a user connecting accounts opens it: its page and the files the
    // page names (a service that kept them would hold them from here on).
    const page = await (await fetch(`${s.origin}/`)).text();
    for (const file of new Set([...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '')))
      await (await fetch(`${s.origin}${file}`)).arrayBuffer();
    // The first checks (at once after connecting) and the first evaluation, at the real rate.
    await sleep(3000);
    const calls0 = provider.count();
    const t0 = simNow();

    await warp(HOUR);
    // What the burst of simulated time left to do (the collector's finishing work) is not idling.
    await sleep(settleMs);
    // A check that falls in the window is not idling between checks: counted, and said.
    const callsBeforeWindow = provider.count();
    const cpu0 = cpuSecondsFine(pid) ?? Number.NaN;
    const bare0 = cpuSecondsFine(bare.pid) ?? Number.NaN;
    const wakes0 = mainThreadWakeups(pid) ?? Number.NaN;
    const w0 = performance.now();
    // Second by second, so that a steady cost (a timer that wakes every second) is told from a
    // burst (the monitor's minute, a collection).
    const perSecond: number[] = [];
    for (let last = cpu0; performance.now() - w0 < idleMs;) {
      await sleep(Math.min(1000, idleMs - (performance.now() - w0)));
      const at = cpuSecondsFine(pid) ?? Number.NaN;
      perSecond.push((at - last) * 1000);
      last = at;
    }
    const seconds = (performance.now() - w0) / 1000;
    const callsInWindow = provider.count() - callsBeforeWindow;
    const idleCpu = (cpuSecondsFine(pid) ?? Number.NaN) - cpu0;
    const wakesPerMinute = (((mainThreadWakeups(pid) ?? Number.NaN) - wakes0) / seconds) * 60;
    const sorted = [...perSecond].sort((a, b) => a - b);
    const secondsTrace = `per second: median ${(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN).toFixed(2)} ms, busiest ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms, ${perSecond.filter((ms) => ms > 2).length} seconds over 2 ms; the main thread woke ${wakesPerMinute.toFixed(0)} times a minute; ${callsInWindow} provider calls in the window (a check is 2)`;
    const bareCpu = (cpuSecondsFine(bare.pid) ?? Number.NaN) - bare0;
    const rssHour = rssMB(pid);
    const partsHour = rssParts(pid);
    const bareRss = rssMB(bare.pid);
    const hour = (await ask({ memory: 1 })) as unknown as Memory;
    const callsHour = provider.count() - calls0;

    await warp(DAY - (simNow() - t0));
    await sleep(settleMs);
    const rssDay = rssMB(pid);
    const partsDay = rssParts(pid);
    const day = (await ask({ memory: 1 })) as unknown as Memory;
    const callsDay = provider.count() - calls0;

    // Day four, on the way: growth that stops by then is a high-water mark (the allocator keeping
    // what a busier moment needed), growth that goes on to the week is a leak.
    await warp(4 * DAY - (simNow() - t0));
    await sleep(settleMs);
    const rssDay4 = rssMB(pid);

    await warp(7 * DAY - (simNow() - t0));
    await sleep(settleMs);
    const rssWeek = rssMB(pid);
    const partsWeek = rssParts(pid);
    const week = (await ask({ memory: 1 })) as unknown as Memory;
    const callsWeek = provider.count() - calls0;
    const simDays = (simNow() - t0) / DAY;
    const held = heldParts(week.loaded);
    const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
    // Which of V8's spaces holds more after the week than after the day (held, not used).
    const spaceGrowth = Object.keys(week.spaces)
      .map((name) => ({ name, from: day.spaces[name] ?? 0, to: week.spaces[name] ?? 0 }))
      .filter((s) => Math.abs(s.to - s.from) >= 2 ** 19)
      .map((s) => `${s.name} ${mb(s.from)} -> ${mb(s.to)}`)
      .join(', ');
    const files = week.loaded.filter((u) => u.startsWith(`file://${ROOT}`)).length;

    return [
      {
        section: 'idle',
        name: 'serve RSS after a simulated hour of checks (5 accounts, 2 connected)',
        value: rssHour ?? null,
        unit: 'MB',
        ...(bareRss === undefined ? {} : { baseline: bareRss, baselineLabel: 'node -e "setInterval(()=>{},1e9)"' }),
        target: '<= 70 MB',
        check: { op: '<=', limit: 70, on: 'value' },
        note: `${partsHour}, read after ${(settleMs + idleMs) / 1000} s at the real rate; JS heap ${mb(hour.heapUsed)} MB after a full collection, external ${mb(hour.external)} MB; ${callsHour} provider calls in the simulated hour (2 accounts, a check every 10 min: 2 calls each)`,
      },
      {
        section: 'idle',
        name: 'serve CPU idle between checks (share of one core, 5 accounts, 2 connected)',
        value: (idleCpu / seconds) * 100,
        unit: '%',
        baseline: (bareCpu / seconds) * 100,
        baselineLabel: 'node -e "setInterval(()=>{},1e9)"',
        target: '< 0.1 %',
        check: { op: '<', limit: 0.1, on: 'value' },
        note: `${(idleCpu * 1000).toFixed(1)} ms of CPU over ${seconds.toFixed(0)} s at the real rate, from ${settleMs / 1000} s after the simulated hour (the idle node: ${(bareCpu * 1000).toFixed(1)} ms), all threads; ${secondsTrace}`,
      },
      {
        section: 'idle',
        name: 'serve RSS growth from a simulated day to a simulated week',
        value: rssWeek === undefined || rssDay === undefined ? null : rssWeek - rssDay,
        unit: 'MB',
        target: '<= 2 MB (noise)',
        check: { op: '<=', limit: 2, on: 'value' },
        note: `${partsDay} MB after the day, RSS ${rssDay4?.toFixed(1) ?? '?'} after four days, ${partsWeek} after the week (each after ${settleMs / 1000} s at the real rate); JS heap after a full collection ${mb(day.heapUsed)} -> ${mb(week.heapUsed)} MB used, ${mb(day.heapTotal)} -> ${mb(week.heapTotal)} MB held (${spaceGrowth === '' ? 'no space changed by 0.5 MB or more' : spaceGrowth}); ${simDays.toFixed(2)} days simulated at ${rate}x, ${callsDay} provider calls in the first day and ${callsWeek} in all (checks: 288 a day per account, 2 calls each)`,
      },
      {
        section: 'idle',
        name: 'parts loaded only when needed held by serve at idle',
        value: held.length,
        unit: 'parts',
        target: '0',
        check: { op: '<=', limit: 0, on: 'value' },
        note: `held: ${held.length === 0 ? 'none' : held.join(', ')} (of ${ON_DEMAND.map((p) => p.part).join(', ')}); ${files} of the project's files loaded after the week; array buffers after a full collection (where the window's files would be, were they kept) ${mb(week.arrayBuffers)} MB`,
      },
    ];
  } finally {
    bare.kill('SIGTERM');
    await stop(s.child);
    await provider.close();
  }
}
