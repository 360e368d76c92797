// The monitor's costs (issue 21): what watching costs while nothing happens, and what a status
// bar pays to ask.
// - `status --waybar` wall time while `serve` runs (so it reads the stored evaluation), against a
//   bare `node -e 0` start in the same run.
// - `serve` idle with five accounts (four local, one connected to a provider on loopback): CPU
//   as a share of one core and RSS over two idle minutes, and the main thread's wake-ups a minute
//   (voluntary context switches of the main thread, from /proc), each against the same `serve`
//   with no account.
// - `status --follow --waybar` idle beside that `serve` (the status bar's one process, on the
//   service's change feed): CPU as a share of one core over an idle minute, against an idle
//   `node -e "setInterval(()=>{},1e9)"` measured over the same minute.
// - Provider calls per connected account per day, the app idle and with a window open all day:
//   the app in-process, its background checks and monitor driven by a clock the bench moves one
//   minute at a time through 24 hours, against a provider on loopback that counts requests.
//   The window is simulated as the page behaves: after each change it reads the account, the
//   chart and the forecast again.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openApp } from '../../src-main/app.ts';
import { median } from '../lib/median.ts';
import type { MonitorTimers } from '../../src-main/monitor/index.ts';
import type { CheckTimers } from '../../src-main/remote/index.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import type { Figure } from '../lib/figures.ts';
import { spawn } from 'node:child_process';
import {
  cli,
  cliOk,
  cpuSeconds,
  cpuSecondsFine,
  mainThreadWakeups,
  rssMB,
  sleep,
  startCli,
  startService,
  stop,
  type Started,
} from '../lib/procs.ts';
import type { Workdir } from './workdir.ts';

const MINUTE = 60_000;

/** A provider on loopback whose balance falls 50p an hour from 10,000p; counts every request. */
export async function countingProvider(
  clock: () => number,
): Promise<{ base: string; count: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const t0 = Math.floor(clock() / 1000);
  const balanceAt = (t: number): string => (10_000 - ((t - t0) / 3600) * 50).toFixed(4);
  const wall = (t: number): string => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
    if (url.pathname.includes('get_balance')) {
      const at = /^@(\d+)$/.exec(url.searchParams.get('datetime') ?? '')?.[1];
      const t = at === undefined ? Math.floor(clock() / 1000) : Number(at);
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<result>\n  <datetime>${wall(t)}</datetime>\n  <balance>${balanceAt(t)}</balance>\n</result>\n`,
      );
      return;
    }
    res.end(
      '<?xml version="1.0" encoding="UTF-8"?>\n<notificationsettings>\n  <balance>\n    <warning>\n      <enabled>true</enabled>\n      <level>2000</level>\n    </warning>\n    <summary>\n      <value>daily</value>\n    </summary>\n  </balance>\n</notificationsettings>\n',
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => requests,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => {
          done();
        });
      }),
  };
}

/** Timers the bench fires by hand, in order, as it moves its clock. */
class DrivenTimers implements CheckTimers, MonitorTimers {
  t = 0;
  #next = 1;
  readonly #pending = new Map<number, { at: number; every: number | undefined; callback: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#pending.set(id, { at: this.t + ms, every: undefined, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.#pending.delete(handle as number);
  }
  setInterval(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#pending.set(id, { at: this.t + ms, every: ms, callback });
    return id;
  }
  clearInterval(handle: unknown): void {
    this.#pending.delete(handle as number);
  }
  /** Fires what is due up to `t + ms`; returns how many fired. */
  advance(ms: number): number {
    const end = this.t + ms;
    let fired = 0;
    for (;;) {
      let due: [number, { at: number; every: number | undefined; callback: () => void }] | undefined;
      for (const entry of this.#pending)
        if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
      if (due === undefined) break;
      const [id, timer] = due;
      this.t = timer.at;
      if (timer.every === undefined) this.#pending.delete(id);
      else timer.at += timer.every;
      timer.callback();
      fired += 1;
    }
    this.t = end;
    return fired;
  }
}

export async function callsPerDay(work: Workdir, windowOpen: boolean): Promise<number> {
  let now = Date.parse('2026-11-21T10:35:00Z');
  const timers = new DrivenTimers();
  const provider = await countingProvider(() => now);
  const app = openApp({
    dataDir: work.path(`calls-${windowOpen ? 'window' : 'idle'}`),
    timeZone: 'Europe/London',
    clock: () => now,
    vault: new SessionKeyVault('bench'),
    token: 'bench-token-0123456789',
    log: () => undefined,
    checkTimers: timers,
    monitorTimers: timers,
  });
  try {
    const connected = await app.accounts.connect({ baseUrl: provider.base, key: 'bench-key-0123456789' });
    const overview = app.accounts.overview(connected.accountId);
    if (overview === undefined) throw new Error('not connected');
    await app.vault.set(overview.vaultRef, 'bench-key-0123456789');
    app.accounts.keepKey(connected.accountId, true);
    await app.startBackground();
    const ask = async (path: string): Promise<void> => {
      const r = await app.inProcessHandler(new Request(`app://account-monitor${path}`));
      await r.arrayBuffer();
    };
    const page = async (): Promise<void> => {
      const id = connected.accountId;
      await Promise.all([
        ask(`/app/accounts/${id}`),
        ask(`/app/accounts/${id}/series?from=-90%20days&to=%2B90%20days&points=200`),
        ask(`/app/accounts/${id}/forecast?days=90`),
      ]);
    };
    if (windowOpen) await page();
    await app.monitor.refresh();
    const before = provider.count();
    let generation = app.store.generation();
    for (let minute = 0; minute < 24 * 60; minute++) {
      now += MINUTE;
      timers.advance(MINUTE);
      // Let a check the timers started finish (while it runs, none is planned), then the monitor.
      while (app.accounts.checks.plannedIn(connected.accountId) === undefined) await sleep(1);
      await app.monitor.refresh();
      if (windowOpen && app.store.generation() !== generation) {
        generation = app.store.generation();
        await page();
      }
    }
    return provider.count() - before;
  } finally {
    app.close();
    await provider.close();
  }
}

/** `count` local accounts in a data folder (every second one with a daily charge), made by the CLI. */
export async function localAccounts(dir: string, count: number): Promise<void> {
  const env = { ACCOUNT_MONITOR_DATA_DIR: dir };
  for (let i = 1; i <= count; i++) {
    const key = await cliOk(['account', 'create', `Local ${i}`], env);
    await cliOk(['ledger', 'add', '--key', key, '--at', '2026-11-01', '--amount', String(5000 * i)], env);
    await cliOk(
      ['settings', 'set', '--key', key, '--warning-enabled', 'true', '--warning-level', '3000', '--summary', 'daily'],
      env,
    );
    if (i % 2 === 0)
      await cliOk(['recurring', 'add', '--key', key, '--amount', '100', '--every', 'day', '--from', '2026-11-01'], env);
  }
}

interface Idle {
  cpuShare: number;
  rss: number | undefined;
  wakeupsPerMinute: number;
}

async function idleFor(started: Started, ms: number): Promise<Idle> {
  const pid = started.child.pid;
  // Let start-up (the keychain probe, the first evaluation, the first check) finish first.
  await sleep(5000);
  const cpu0 = cpuSeconds(pid) ?? Number.NaN;
  const wake0 = mainThreadWakeups(pid) ?? Number.NaN;
  const t0 = performance.now();
  await sleep(ms);
  const elapsed = (performance.now() - t0) / 1000;
  return {
    cpuShare: ((cpuSeconds(pid) ?? Number.NaN) - cpu0) / elapsed,
    rss: rssMB(pid),
    wakeupsPerMinute: (((mainThreadWakeups(pid) ?? Number.NaN) - wake0) / elapsed) * 60,
  };
}

interface FollowerIdle {
  /** Share of one core, the follower and the idle node baseline. */
  follower: number;
  baseline: number;
  seconds: number;
  /** CPU seconds the follower and the idle node used over the minute. */
  cpu: number;
  baselineCpu: number;
  /** Lines it printed over the minute (the heartbeat's one, nothing having changed). */
  lines: number;
}

/** A follower on `dataDir` (its service running) and an idle node, both measured over the same idle `ms`. */
async function followerIdle(dataDir: string, ms: number): Promise<FollowerIdle> {
  const follower = startCli(['status', '--follow', '--waybar'], { ACCOUNT_MONITOR_DATA_DIR: dataDir });
  const baseline = spawn(process.execPath, ['-e', 'setInterval(()=>{},1e9)'], { stdio: 'ignore' });
  try {
    while (!follower.stdout().includes('\n')) {
      if (follower.child.exitCode !== null) throw new Error(`status --follow exited: ${follower.stderr()}`);
      await sleep(50);
    }
    // Start-up (loading, the first read, the first ask of the feed) is not idling.
    await sleep(5000);
    const f0 = cpuSecondsFine(follower.child.pid) ?? Number.NaN;
    const b0 = cpuSecondsFine(baseline.pid) ?? Number.NaN;
    const lines0 = follower.stdout().split('\n').length;
    const t0 = performance.now();
    await sleep(ms);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = (cpuSecondsFine(follower.child.pid) ?? Number.NaN) - f0;
    const baselineCpu = (cpuSecondsFine(baseline.pid) ?? Number.NaN) - b0;
    return {
      follower: cpu / seconds,
      baseline: baselineCpu / seconds,
      seconds,
      cpu,
      baselineCpu,
      lines: follower.stdout().split('\n').length - lines0,
    };
  } finally {
    follower.child.kill('SIGTERM');
    baseline.kill('SIGTERM');
    await follower.exited;
  }
}

export async function warningsFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const idleMs = quick ? 65_000 : 125_000;
  const env = { ACCOUNT_MONITOR_KEYCHAIN: 'off', DBUS_SESSION_BUS_ADDRESS: '' };
  const clock = Date.now;
  const provider = await countingProvider(clock);
  const empty = work.path('warnings-empty');
  const five = work.path('warnings-five');
  // Four local; the fifth is connected to the provider once serve runs.
  await localAccounts(five, 4);
  let emptyIdle: Idle;
  let fiveIdle: Idle;
  let follower: FollowerIdle;
  const waybar: number[] = [];
  const bare: number[] = [];
  const help: number[] = [];
  {
    const s = await startService(empty, env, [], false);
    try {
      emptyIdle = await idleFor(s, idleMs);
    } finally {
      await stop(s.child);
    }
  }
  {
    const s = await startService(five, env, [], false);
    try {
      // The UI line (with the token) comes just after "listening on", maybe in a later chunk.
      let token: string | undefined;
      for (let waited = 0; (token = /#token=(\S+)/.exec(s.stderr())?.[1]) === undefined; waited += 20) {
        if (waited > 10_000) throw new Error(`serve printed no token: ${s.stderr()}`);
        await sleep(20);
      }
      const connect = await fetch(`${s.origin}/app/connect`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ baseUrl: provider.base, key: 'bench-key-0123456789', name: 'Connected' }),
      });
      if (!connect.ok)
        throw new Error(`connecting the fifth account failed: ${connect.status} ${await connect.text()}`);
      fiveIdle = await idleFor(s, idleMs);
      // The status bar: serve has stored every account's evaluation by now.
      for (let i = 0; i < (quick ? 5 : 15); i++) {
        const w = await cli(['status', '--waybar'], { ACCOUNT_MONITOR_DATA_DIR: five });
        if (w.code !== 0 || !w.stdout.includes('"class"')) throw new Error(`status --waybar failed: ${w.stderr}`);
        waybar.push(w.ms);
        bare.push((await cli(['--version'], {}, ['-e', '0'])).ms);
        help.push((await cli(['--help'])).ms);
      }
      // The status bar that never polls: one follower, idle for a minute.
      follower = await followerIdle(five, 60_000);
    } finally {
      await stop(s.child);
      await provider.close();
    }
  }
  const idleCalls = await callsPerDay(work, false);
  const windowCalls = await callsPerDay(work, true);
  return [
    {
      section: 'warnings',
      name: '`status --waybar` wall time (serve running, 5 accounts)',
      value: median(waybar),
      unit: 'ms',
      baseline: median(bare),
      baselineLabel: 'node -e 0',
      target: '< 100 ms',
      check: { op: '<', limit: 100, on: 'value' },
      note: `median of ${waybar.length}; \`account-monitor --help\` (the CLI's own start, commander and its command table) took ${median(help).toFixed(0)} ms in the same run`,
    },
    {
      section: 'warnings',
      name: 'serve idle CPU with 5 accounts (share of one core)',
      value: fiveIdle.cpuShare * 100,
      unit: '%',
      baseline: emptyIdle.cpuShare * 100,
      baselineLabel: 'serve, no account',
      target: '< 0.5 %',
      check: { op: '<', limit: 0.5, on: 'value' },
      note: `over ${idleMs / 1000} s idle`,
    },
    {
      section: 'warnings',
      name: '`status --follow --waybar` idle CPU (share of one core, serve running, 5 accounts)',
      value: follower.follower * 100,
      unit: '%',
      baseline: follower.baseline * 100,
      baselineLabel: 'node -e "setInterval(()=>{},1e9)"',
      target: '< 0.1 %',
      check: { op: '<', limit: 0.1, on: 'value' },
      note: `${(follower.cpu * 1000).toFixed(2)} ms of CPU over ${follower.seconds.toFixed(0)} s idle (the idle node: ${(follower.baselineCpu * 1000).toFixed(2)} ms), all threads, from the scheduler's counts; ${follower.lines} line(s) printed meanwhile (the heartbeat)`,
    },
    {
      section: 'warnings',
      name: 'serve idle RSS with 5 accounts',
      value: fiveIdle.rss ?? null,
      unit: 'MB',
      ...(emptyIdle.rss === undefined ? {} : { baseline: emptyIdle.rss, baselineLabel: 'serve, no account' }),
      note: 'reported',
    },
    {
      section: 'warnings',
      name: 'main-thread wake-ups a minute the monitor adds while nothing is due (5 accounts)',
      value: fiveIdle.wakeupsPerMinute - emptyIdle.wakeupsPerMinute,
      unit: '/min',
      target: '<= 2 /min',
      check: { op: '<=', limit: 2, on: 'value' },
      note: `voluntary context switches of serve's main thread with 5 accounts (${fiveIdle.wakeupsPerMinute.toFixed(1)}/min) less serve with none (${emptyIdle.wakeupsPerMinute.toFixed(1)}/min: the HTTP server checks its connections every second); the monitor's one timer fires once a minute`,
    },
    {
      section: 'warnings',
      name: 'provider calls per connected account per day, app idle',
      value: idleCalls,
      unit: 'calls',
      target: '< 300',
      check: { op: '<', limit: 300, on: 'value' },
      note: "checks every 10 min (2 calls each: 288 a day) and the monitor's forecast (about 30 calls) every 12 h; a simulated day",
    },
    {
      section: 'warnings',
      name: 'provider calls per connected account per day, window open all day',
      value: windowCalls,
      unit: 'calls',
      baseline: idleCalls,
      baselineLabel: 'app idle',
      target: '< 300',
      check: { op: '<', limit: 300, on: 'value' },
      note: 'the page reads the account, chart and forecast after each change; projections kept 1 h of real time are never re-asked within the simulated day (an undercount of up to 24 an hour)',
    },
  ];
}
