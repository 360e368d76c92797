// The local mirror of a connected account: what asking this app adds to asking the provider
// itself, on loopback. The provider is a second instance of this server (the demo account); the
// local instance is connected to it with the same key. One keep-alive connection each, requests
// one after another (latency, not throughput), in alternating rounds so noise from the shared
// machine falls on both; the median round counts.
import { Agent, request } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { Figure } from '../lib/figures.ts';
import { median } from '../lib/median.ts';
import { cliOk, startService, stop } from '../lib/procs.ts';
import { BALANCE_PATH, ensureDemo, getXml } from './demo.ts';
import type { Workdir } from './workdir.ts';

function get(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve(performance.now() - t0);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

async function round(url: URL, n: number): Promise<{ p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 50; i++) await get(agent, url); // warm the connection and caches
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(await get(agent, url));
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
  } finally {
    agent.destroy();
  }
}

export async function mirrorFigures(work: Workdir, quick: boolean): Promise<Figure[]> {
  const demo = await ensureDemo(work);
  const provider = await startService(demo.dir);
  const localDir = work.path('mirror-local');
  mkdirSync(localDir, { recursive: true });
  let local;
  try {
    await cliOk(['account', 'connect', `${provider.origin}/`, '--data-dir', localDir], {
      ACCOUNT_MONITOR_KEY: demo.key,
      ACCOUNT_MONITOR_KEYCHAIN: 'off',
    });
    local = await startService(localDir, { ACCOUNT_MONITOR_KEYCHAIN: 'off' });
    const path = BALANCE_PATH(demo.key);
    const direct = await getXml(provider.origin + path);
    if ((await getXml(local.origin + path)) !== direct)
      throw new Error('the mirror does not answer what the provider answers');
    const n = quick ? 300 : 3000;
    const rounds = quick ? 1 : 3;
    const upstream: { p50: number; p99: number }[] = [];
    const mirrored: { p50: number; p99: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      upstream.push(await round(new URL(provider.origin + path), n));
      mirrored.push(await round(new URL(local.origin + path), n));
    }
    const p50 = { provider: median(upstream.map((r) => r.p50)), mirror: median(mirrored.map((r) => r.p50)) };
    const p99 = { provider: median(upstream.map((r) => r.p99)), mirror: median(mirrored.map((r) => r.p99)) };
    const detail = `${rounds} rounds of ${n} sequential get_balance "+1 week" over one keep-alive connection each; provider p50 ${p50.provider.toFixed(3)} ms, through the mirror ${p50.mirror.toFixed(3)} ms`;
    return [
      {
        section: 'mirror',
        name: 'mirror added latency p50',
        value: p50.mirror - p50.provider,
        unit: 'ms',
        target: '< 1 ms',
        check: { op: '<', limit: 1, on: 'value' },
        note: detail,
      },
      {
        section: 'mirror',
        name: 'mirror p50 (provider = baseline)',
        value: p50.mirror,
        unit: 'ms',
        baseline: p50.provider,
        baselineLabel: 'provider',
      },
      {
        section: 'mirror',
        name: 'mirror p99 (provider = baseline)',
        value: p99.mirror,
        unit: 'ms',
        baseline: p99.provider,
        baselineLabel: 'provider',
      },
    ];
  } finally {
    if (local !== undefined) await stop(local.child);
    await stop(provider.child);
  }
}
