// The forecast's range through the app API and the CLI (issue 32): the account the issue tried (a
// local account opened with £120.00 on 28 Sep 2026, about £1.20 of usage a day, £5.00 a month
// scheduled), over real HTTP with the token and through `account-monitor forecast --json` on the
// same data folder: the same object, the likely crossings where old scripts read them, a band
// on the chart after now, the runway from the likely crossing; and "collecting data" for an
// account with a week of history.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ForecastAnswer, OutlookAnswer, Series } from '../../src-shared/app-api.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { accountInWindow, startService, type TestService } from '../helpers/service.ts';

const MAIN = join(import.meta.dirname, '../../bin/account-monitor.js');
const NOW = '2026-11-27T12:00:00';
const auth = { Authorization: 'Bearer test-token-0123456789' };
let svc: TestService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${svc?.base ?? ''}${path}`, { headers: auth });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

function cli(args: string[], dataDir: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], {
      env: {
        ...process.env,
        ACCOUNT_MONITOR_NOW: '2026-11-27 12:00:00',
        ACCOUNT_MONITOR_TZ: 'Europe/London',
        ACCOUNT_MONITOR_DATA_DIR: dataDir,
        ACCOUNT_MONITOR_KEY: '',
        ACCOUNT_MONITOR_KEYCHAIN: 'off',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => {
      resolve({ status, stdout, stderr });
    });
  });
}

/** The account as a CSV: the opening top-up, the monthly hosting, 59 days of usage. */
function usageCsv(): string {
  const random = mulberry32(28);
  const rows = ['at,amount,kind,note,every,until', '2026-09-28 09:00:00,12000,topup,Opening,,'];
  rows.push('2026-09-28 09:00:00,500,charge,Hosting,month,');
  for (let d = 0; d < 59; d++) {
    const day = new Date(Date.UTC(2026, 8, 29 + d, 6));
    rows.push(
      `${day.toISOString().slice(0, 10)} 06:00:00,${100 + Math.floor(random() * 41)},charge,Bandwidth and storage,,`,
    );
  }
  return `${rows.join('\n')}\n`;
}

describe('the forecast with a range', () => {
  it('answers the range, the confidence and the basis, with the likely crossings where they were', async () => {
    svc = await startService({ now: NOW });
    const a = await accountInWindow(svc.app, 'Usage test');
    await svc.app.domain.importCsv(a.accountId, usageCsv());
    svc.app.domain.updateSettings(a.accountId, { warningEnabled: true, warningLevel: 2000 });

    const f = await get<ForecastAnswer>(`${a.path}/forecast?days=90`);
    expect(f.confidence).toMatch(/^(high|medium)$/);
    expect(f.basis).toMatchObject({
      days: 59,
      unscheduledCharges: 59,
      scheduledOnly: false,
      scheduledPerMonth: '500.00',
    });
    expect(Number(f.basis.dailyRate)).toBeGreaterThan(100);
    expect(Number(f.basis.dailyRate)).toBeLessThan(140);
    for (const which of ['belowWarning', 'zero'] as const) {
      const r = f.range[which];
      expect(f[which]).toEqual(r.p50);
      expect(r.p10?.datetime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const [p10, p50, p90] = [r.p10?.epochSeconds ?? 0, r.p50?.epochSeconds ?? 0, r.p90?.epochSeconds ?? 0];
      expect(p10).toBeLessThan(p50);
      expect(p50).toBeLessThan(p90);
    }
    // About £1.37 a day with the hosting, from £43: around Christmas, not February.
    expect(f.range.zero.p50?.datetime.slice(0, 7)).toMatch(/^(2026-12|2027-01)$/);
    expect((f.range.zero.p50?.datetime ?? '9999') < '2027-01-10').toBe(true);

    const outlook = await get<OutlookAnswer>(`${a.path}/outlook?days=90`);
    expect(outlook.range).toEqual(f.range);
    expect(outlook.runwayDays).toBe(Math.floor(((f.zero?.epochSeconds ?? 0) - outlook.from.epochSeconds) / 86_400));

    const series = await get<Series>(`${a.path}/series?points=50`);
    const now = series.now;
    expect(series.band?.length).toBeGreaterThan(10);
    for (const b of series.band ?? []) {
      expect(b.epochSeconds).toBeGreaterThan(now);
      const point = series.points.find((p) => p.epochSeconds === b.epochSeconds);
      expect(b.low).toBeLessThanOrEqual(point?.balance ?? -Infinity);
      expect(b.high).toBeGreaterThanOrEqual(point?.balance ?? Infinity);
    }

    // The CLI prints the same object (same data folder, same now).
    const run = await cli(['forecast', 'Usage test', '--json'], svc.dataDir);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(f);
    const words = await cli(['forecast', 'Usage test'], svc.dataDir);
    expect(words.stdout).toMatch(
      /^Reaches zero between \d+( \w{3}( 2027)?)? and \d+ \w{3}( 2027)?, most likely \d+ \w{3}( 2027)?\.$/m,
    );
    expect(words.stdout).toMatch(
      /^Your usage averages £1\.\d\d a day over 59 days, on top of £5\.00 a month scheduled \((high|medium) confidence\)\.$/m,
    );
    const bad = await cli(['forecast', '--days', '0'], svc.dataDir);
    expect({ status: bad.status, stdout: bad.stdout }).toEqual({ status: 2, stdout: '' });
    expect(bad.stderr).toMatch(/^account-monitor: --days: whole days from 1 to 3650\n$/);
  });

  it('says "collecting data" with a week of history: what is scheduled alone, as before', async () => {
    svc = await startService({ now: NOW });
    const a = await accountInWindow(svc.app, 'New');
    svc.app.domain.addEntry(a.accountId, { at: '2026-11-20 09:00:00', amount: '5000', kind: 'topup' });
    svc.app.domain.addRecurring(a.accountId, { amount: '1000', every: 'week', from: '2026-11-20' });
    for (let d = 21; d <= 26; d++)
      svc.app.domain.addEntry(a.accountId, { at: `2026-11-${d} 06:00:00`, amount: '150', kind: 'charge' });
    const f = await get<ForecastAnswer>(`${a.path}/forecast?days=90`);
    expect(f.confidence).toBe('collecting');
    expect(f.basis).toMatchObject({ days: 6, unscheduledCharges: 6, scheduledOnly: true });
    expect(f.range.zero.p10).toEqual(f.zero);
    expect(f.range.zero.p90).toEqual(f.zero);
    const series = await get<Series>(`${a.path}/series?points=20`);
    expect(series.band).toEqual([]);
    const words = await cli(['forecast', 'New'], svc.dataDir);
    expect(words.stdout).toContain('Collecting data: counting scheduled charges only.');
  });
});
