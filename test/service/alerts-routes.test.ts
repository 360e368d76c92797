// The app API's alerts and monitor preferences, over TCP with the access token: newest first with
// the unread count, pages, marking read, and the preferences' checks (400 saying which field).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertPage, MonitorPreferences, SnoozeList } from '../../src-shared/app-api.ts';
import { startService, type TestService } from '../helpers/service.ts';

let s: TestService;
beforeEach(async () => {
  s = await startService();
});
afterEach(async () => {
  await s.close();
});

const auth = { Authorization: 'Bearer test-token-0123456789' };
const get = async <T>(path: string): Promise<T> =>
  (await fetch(`${s.base}${path}`, { headers: auth })).json() as Promise<T>;
const send = (method: string, path: string, body: unknown): Promise<Response> =>
  fetch(`${s.base}${path}`, {
    method,
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Three alerts: two accounts low, one below zero. */
async function raise(): Promise<void> {
  const { app } = s;
  for (const [name, pence] of [
    ['A', '1500'],
    ['B', '1000'],
    ['C', '-5'],
  ] as const) {
    const { accountId } = app.domain.createAccount(name);
    app.domain.addEntry(accountId, { at: '2026-11-01', amount: pence, kind: 'adjustment' });
    app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
    await app.monitor.refresh();
  }
}

describe('GET /app/alerts', () => {
  it("lists every account's alerts newest first with the unread count, a page at a time", async () => {
    expect(await get<AlertPage>('/app/alerts')).toEqual({ alerts: [], unread: 0, nextBefore: null });
    await raise();
    const page = await get<AlertPage>('/app/alerts');
    expect(page.unread).toBe(3);
    expect(page.alerts.map((a) => [a.accountName, a.kind, a.read])).toEqual([
      ['C', 'below_zero', false],
      ['B', 'low', false],
      ['A', 'low', false],
    ]);
    expect(page.alerts[0]).toMatchObject({
      at: { datetime: '2026-11-22 10:35:00' },
      severity: 'critical',
      urgent: true,
      delivery: 'pushed',
    });
    const first = await get<AlertPage>('/app/alerts?limit=2');
    expect(first.alerts.map((a) => a.accountName)).toEqual(['C', 'B']);
    const rest = await get<AlertPage>(`/app/alerts?limit=2&before=${String(first.nextBefore)}`);
    expect([rest.alerts.map((a) => a.accountName), rest.nextBefore]).toEqual([['A'], null]);
    expect((await fetch(`${s.base}/app/alerts?limit=many`, { headers: auth })).status).toBe(400);
  });
});

describe('POST /app/alerts/read', () => {
  it('marks the ids given, or all, and answers the unread count', async () => {
    await raise();
    const ids = (await get<AlertPage>('/app/alerts')).alerts.map((a) => a.id);
    const one = await send('POST', '/app/alerts/read', { ids: [ids[0]] });
    expect(await one.json()).toEqual({ unread: 2 });
    expect((await get<AlertPage>('/app/alerts')).alerts.map((a) => a.read)).toEqual([true, false, false]);
    expect(await (await send('POST', '/app/alerts/read', { all: true })).json()).toEqual({ unread: 0 });
    const bad = await send('POST', '/app/alerts/read', { ids: 'all' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });
});

describe('/app/preferences', () => {
  it('answers the defaults, takes a partial edit, and refuses a bad value saying which', async () => {
    expect(await get<MonitorPreferences>('/app/preferences')).toEqual({
      quietHours: { enabled: false, from: '22:00', to: '08:00' },
      forecastDays: 7,
      reminders: 'daily',
    });
    const edited = await send('PUT', '/app/preferences', { quietHours: { enabled: true, from: '23:30' } });
    expect(await edited.json()).toEqual({
      quietHours: { enabled: true, from: '23:30', to: '08:00' },
      forecastDays: 7,
      reminders: 'daily',
    });
    const weekly = await send('PUT', '/app/preferences', { reminders: 'weekly' });
    expect(await weekly.json()).toMatchObject({ reminders: 'weekly' });
    const never = await send('PUT', '/app/preferences', { reminders: 'hourly' });
    expect([never.status, await never.json()]).toEqual([
      400,
      { error: { code: 'invalid_settings', message: 'reminders must be one of never, daily, weekly; got "hourly"' } },
    ]);
    const bad = await send('PUT', '/app/preferences', { quietHours: { to: '25:00' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        code: 'invalid_settings',
        message: 'quietHours.to must be a 24-hour time HH:MM (such as 22:00); got "25:00"',
      },
    });
    expect(await get<MonitorPreferences>('/app/preferences')).toMatchObject({ quietHours: { from: '23:30' } });
  });
});

describe('snoozes', () => {
  it("snooze an account's reminders until tomorrow morning or a phrase, list them, resume them; refuse what is wrong", async () => {
    const { accountId } = s.app.domain.createAccount('Home');
    const tomorrow = { datetime: '2026-11-23 08:00:00', epochSeconds: expect.any(Number) as unknown };
    expect(await get<SnoozeList>('/app/snoozes')).toEqual({ snoozes: [], tomorrow });
    const snoozed = await send('PUT', `/app/snoozes/${accountId}`, {});
    expect(await snoozed.json()).toEqual({ snoozes: [{ accountId, until: tomorrow }], tomorrow });
    const later = await send('PUT', `/app/snoozes/${accountId}`, { until: '01/12/2026 09:00', dateOrder: 'dmy' });
    expect(((await later.json()) as SnoozeList).snoozes[0]?.until.datetime).toBe('2026-12-01 09:00:00');
    const resumed = await send('PUT', `/app/snoozes/${accountId}`, { until: null });
    expect(((await resumed.json()) as SnoozeList).snoozes).toEqual([]);

    const nobody = await send('PUT', '/app/snoozes/999', {});
    expect([nobody.status, ((await nobody.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      'unknown_account',
    ]);
    const past = await send('PUT', `/app/snoozes/${accountId}`, { until: 'yesterday' });
    expect([past.status, await past.json()]).toEqual([
      400,
      { error: { code: 'invalid_settings', message: 'until: "yesterday" is not later than now' } },
    ]);
    const shape = await send('PUT', `/app/snoozes/${accountId}`, { until: 5 });
    expect(shape.status).toBe(400);
  });
});
