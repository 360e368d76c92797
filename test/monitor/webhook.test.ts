// The webhook channel against a real receiver on loopback that refuses its first tries: the
// alert arrives once, as this app's JSON or in ntfy's form, after the retries; a receiver that
// never takes it gets a logged drop; a hanging one never holds up the monitor. And the address
// rule: https, or http to loopback only.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src-shared/app-api.ts';
import { readConfig } from '../../src-main/config.ts';
import { WebhookChannel } from '../../src-main/monitor/channels/webhook.ts';
import { startService, type TestService } from '../helpers/service.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver that answers `statuses` in turn (200 once they run out); `hang`: never answers. */
async function receiver(
  statuses: number[],
  hang = false,
): Promise<{ url: URL; got: Received[]; tries: number; server: Server }> {
  const state = { got: [] as Received[], tries: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      state.tries += 1;
      if (hang) return;
      const status = statuses.shift() ?? 200;
      if (status === 200) state.got.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  servers.push(server);
  return {
    url: new URL(`http://127.0.0.1:${port}/hooks/topic?token=secret-token`),
    get got() {
      return state.got;
    },
    get tries() {
      return state.tries;
    },
    server,
  };
}

const servers: Server[] = [];
let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((done) => s.close(done));
  }
});

async function until<T>(read: () => T | undefined | false, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const alert: Alert = {
  id: 7,
  accountId: 1,
  accountName: 'Mon hébergement',
  at: { datetime: '2026-11-22 10:35:00', epochSeconds: Date.parse('2026-11-22T10:35:00Z') / 1000 },
  kind: 'below_zero',
  severity: 'critical',
  urgent: true,
  title: 'Balance is below zero',
  text: 'Your balance is -£10.00: it has run out.',
  balance: '-1000',
  level: 2000,
  read: false,
  delivery: 'pushed',
};
const context = { push: true, several: false, state: 'critical' as const };

describe('the webhook channel', () => {
  it('posts the JSON once the receiver takes it, after two refusals, and never a key', async () => {
    const r = await receiver([503, 500]);
    const settled: boolean[] = [];
    const channel = new WebhookChannel({
      url: r.url,
      format: 'json',
      log: () => undefined,
      retryDelaysMs: [10, 20, 40],
      onSettled: (_a, delivered) => settled.push(delivered),
    });
    channel.send(alert, context);
    await until(() => settled.length === 1, 'the delivery');
    expect(settled).toEqual([true]);
    expect(r.tries).toBe(3);
    expect(r.got).toHaveLength(1);
    expect(r.got[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.got[0]?.body ?? '')).toEqual({
      account: 'Mon hébergement',
      kind: 'below_zero',
      state: 'critical',
      balance: '-1000',
      level: 2000,
      at: '2026-11-22T10:35:00Z',
      text: 'Balance is below zero: Your balance is -£10.00: it has run out.',
    });
    channel.close();
  });

  it('posts the form ntfy servers take: title (RFC 2047 when not ASCII), priority, tags, the text as body', async () => {
    const r = await receiver([]);
    const settled: boolean[] = [];
    const channel = new WebhookChannel({
      url: r.url,
      format: 'ntfy',
      log: () => undefined,
      onSettled: (_a, d) => settled.push(d),
    });
    channel.send(alert, context);
    await until(() => settled.length === 1, 'the delivery');
    const got = r.got[0];
    expect(got?.body).toBe('Your balance is -£10.00: it has run out.');
    expect(got?.headers.priority).toBe('5');
    expect(got?.headers.tags).toBe('rotating_light,below_zero');
    const title = /^=\?UTF-8\?B\?(.+)\?=$/.exec(String(got?.headers.title))?.[1] ?? '';
    expect(Buffer.from(title, 'base64').toString('utf8')).toBe('Balance is below zero: Mon hébergement');
    channel.close();
  });

  it('drops an alert after its last try with one logged line (scheme and host only: no topic, no query)', async () => {
    const r = await receiver([500, 500, 500, 500]);
    const logs: string[] = [];
    const settled: boolean[] = [];
    const channel = new WebhookChannel({
      url: r.url,
      format: 'json',
      log: (l) => logs.push(l),
      retryDelaysMs: [5, 5],
      onSettled: (_a, d) => settled.push(d),
    });
    channel.send(alert, context);
    await until(() => settled.length === 1, 'the drop');
    expect(settled).toEqual([false]);
    expect(r.tries).toBe(3);
    expect(logs).toEqual([
      `webhook: dropped the alert "Balance is below zero" of 2026-11-22 10:35:00 for "Mon hébergement" to ${r.url.origin}: the receiver answered 500 (3 tries)`,
    ]);
    channel.close();
  });

  it('gives up at once on a refusal that trying again cannot mend (404)', async () => {
    const r = await receiver([404]);
    const settled: boolean[] = [];
    const channel = new WebhookChannel({
      url: r.url,
      format: 'json',
      log: () => undefined,
      retryDelaysMs: [5],
      onSettled: (_a, d) => settled.push(d),
    });
    channel.send(alert, context);
    await until(() => settled.length === 1, 'the drop');
    expect([settled, r.tries]).toEqual([[false], 1]);
    channel.close();
  });
});

describe('alerts to a webhook from the running app', () => {
  it('reach a receiver that fails its first try, while a hanging receiver never holds up the monitor', async () => {
    const r = await receiver([502]);
    const settled: boolean[] = [];
    service = await startService({
      notify: { url: r.url, format: 'json', retryDelaysMs: [10], onWebhookSettled: (_a, d) => settled.push(d) },
    });
    const { app } = service;
    await app.startBackground();
    const { accountId } = app.domain.createAccount('Hosting');
    app.domain.addEntry(accountId, { at: '2026-11-01', amount: '1500', kind: 'topup' });
    app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
    await app.monitor.refresh();
    await until(() => settled.length === 1, 'the delivery');
    expect(JSON.parse(r.got[0]?.body ?? '')).toMatchObject({
      account: 'Hosting',
      kind: 'low',
      state: 'warning',
      balance: '1500',
      level: 2000,
    });
    // The app printed nothing of the token in the URL.
    expect(service.logs.join('\n')).not.toContain('secret-token');
  });

  it('a receiver that never answers: the monitor goes on at once', async () => {
    const r = await receiver([], true);
    let settled = 0;
    service = await startService({
      notify: { url: r.url, format: 'json', retryDelaysMs: [], onWebhookSettled: () => (settled += 1) },
    });
    const { app } = service;
    await app.startBackground();
    const { accountId } = app.domain.createAccount('Hosting');
    app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
    await app.monitor.refresh();
    // The monitor went on while the delivery still waits for the receiver (10 s deadline): it
    // never waited for it, however quick or slow the machine.
    expect(settled).toBe(0);
    expect(app.alerts.recent(5).map((a) => a.kind)).toEqual(['below_zero']);
    await until(() => r.tries === 1, 'the request to arrive');
  });
});

describe('the webhook address', () => {
  it('is https, or http to a loopback host only', () => {
    const config = (url: string) => readConfig({ ACCOUNT_MONITOR_TZ: 'UTC', ACCOUNT_MONITOR_NOTIFY_URL: url });
    expect(config('https://ntfy.example.net/topic').notifyUrl?.href).toBe('https://ntfy.example.net/topic');
    expect(config('http://localhost:8080/hook').notifyUrl?.host).toBe('localhost:8080');
    expect(() => config('http://ntfy.example.net/topic')).toThrow(/HTTPS is required for ntfy\.example\.net/);
    expect(() => config('ftp://x')).toThrow(/must start with https/);
    expect(() => readConfig({ ACCOUNT_MONITOR_TZ: 'UTC' }, { notifyFormat: 'xml' })).toThrow(/one of json, ntfy/);
  });
});
