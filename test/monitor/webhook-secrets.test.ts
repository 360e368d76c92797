// The webhook address is a secret as a whole, and its queue keeps order under a flood. Against a
// real receiver on loopback: `user:password@` becomes an Authorization header and the alert
// arrives (fetch refuses such a URL); no log line carries a password, a query or an ntfy topic;
// a full queue drops the oldest waiting delivery, never the one in flight, and says which.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src-shared/app-api.ts';
import { WebhookChannel } from '../../src-main/monitor/channels/webhook.ts';
import { startService, type TestService } from '../helpers/service.ts';

interface Held {
  req: IncomingMessage;
  body: string;
  res: ServerResponse;
}

/** A receiver that holds every request until the test answers it. */
async function holdingReceiver(): Promise<{ port: number; held: Held[] }> {
  const held: Held[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => held.push({ req, body, res }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, held };
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

const alert = (n: number): Alert => ({
  id: n,
  accountId: 1,
  accountName: 'Hosting',
  at: { datetime: `2026-11-22 10:3${n}:00`, epochSeconds: Date.parse(`2026-11-22T10:3${n}:00Z`) / 1000 },
  kind: 'low',
  severity: 'warning',
  urgent: false,
  title: `Alert ${n}`,
  text: `Alert number ${n}`,
  balance: '1500',
  level: 2000,
  read: false,
  delivery: 'pushed',
});
const context = { push: true, several: false, state: 'warning' as const };
const basic = (pair: string): string => `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;

describe('credentials in the webhook address', () => {
  it('user:password@ is sent as Authorization: Basic, and the alert arrives', async () => {
    const r = await holdingReceiver();
    const settled: boolean[] = [];
    const logs: string[] = [];
    const channel = new WebhookChannel({
      url: new URL(`http://alice:p%40ss%20w%C3%B6rd@127.0.0.1:${r.port}/secret-topic?token=query-secret`),
      format: 'ntfy',
      log: (l) => logs.push(l),
      retryDelaysMs: [],
      onSettled: (_a, d) => settled.push(d),
    });
    channel.send(alert(1), context);
    const got = await until(() => r.held[0], 'the request');
    got.res.writeHead(200).end();
    await until(() => settled.length === 1, 'the delivery');
    expect(settled).toEqual([true]);
    expect(got.req.headers.authorization).toBe(basic('alice:p@ss wörd'));
    // The address as given, less its credentials.
    expect(got.req.url).toBe('/secret-topic?token=query-secret');
    channel.close();
  });

  it('an ntfy access token as :tk_...@ is Basic with an empty user name (ntfy takes it)', async () => {
    const r = await holdingReceiver();
    const settled: boolean[] = [];
    const channel = new WebhookChannel({
      url: new URL(`http://:tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2@127.0.0.1:${r.port}/alerts`),
      format: 'ntfy',
      log: () => undefined,
      onSettled: (_a, d) => settled.push(d),
    });
    channel.send(alert(1), context);
    const got = await until(() => r.held[0], 'the request');
    got.res.writeHead(200).end();
    await until(() => settled.length === 1, 'the delivery');
    expect(got.req.headers.authorization).toBe(basic(':tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2'));
    channel.close();
  });

  it('no log line of the running app names the password, the query or the topic', async () => {
    const r = await holdingReceiver();
    const settled: boolean[] = [];
    service = await startService({
      notify: {
        url: new URL(`http://alice:hunter2@127.0.0.1:${r.port}/topic-s3cret?auth=query-s3cret`),
        format: 'ntfy',
        retryDelaysMs: [],
        onWebhookSettled: (_a, d) => settled.push(d),
      },
    });
    const { app } = service;
    await app.startBackground();
    const { accountId } = app.domain.createAccount('Hosting');
    app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
    await app.monitor.refresh();
    // Refused by the receiver: the drop is logged.
    const got = await until(() => r.held[0], 'the request');
    got.res.writeHead(403).end();
    await until(() => settled.length === 1, 'the drop');
    const logs = service.logs.join('\n');
    expect(logs).toContain(`alerts are also posted to http://127.0.0.1:${r.port} (ntfy)`);
    expect(logs).toMatch(new RegExp(`webhook: dropped the alert .* to http://127\\.0\\.0\\.1:${r.port}: `));
    for (const secret of ['hunter2', 'alice', 'topic-s3cret', 'query-s3cret', 'auth='])
      expect(logs, secret).not.toContain(secret);
  });
});

describe('a full webhook queue', () => {
  it('drops the oldest waiting delivery, never the one in flight, and logs which', async () => {
    const r = await holdingReceiver();
    const delivered: string[] = [];
    const logs: string[] = [];
    const channel = new WebhookChannel({
      url: new URL(`http://127.0.0.1:${r.port}/hook`),
      format: 'json',
      log: (l) => logs.push(l),
      maxQueue: 2,
      retryDelaysMs: [],
      onSettled: (a, d) => {
        if (d) delivered.push(a.title);
      },
    });
    // 1 is in flight (the receiver holds it); 2 and 3 wait; 4 makes room by dropping 2.
    channel.send(alert(1), context);
    await until(() => r.held.length === 1, 'the first request');
    for (const n of [2, 3, 4]) channel.send(alert(n), context);
    expect(logs).toEqual([
      `webhook: dropped the alert "Alert 2" of 2026-11-22 10:32:00 for "Hosting" to http://127.0.0.1:${r.port}: more than 2 alerts were waiting`,
    ]);
    // Answered one at a time: 1, then 3, then 4 arrive; nothing is removed unsent.
    for (let i = 0; i < 3; i++) {
      const got = await until(() => r.held[i], `request ${i + 1}`);
      got.res.writeHead(200).end();
      await until(() => delivered.length === i + 1, `delivery ${i + 1}`);
    }
    expect(delivered).toEqual(['Alert 1', 'Alert 3', 'Alert 4']);
    expect(r.held.map((h) => (JSON.parse(h.body) as { text: string }).text)).toEqual([
      'Alert 1: Alert number 1',
      'Alert 3: Alert number 3',
      'Alert 4: Alert number 4',
    ]);
    expect(logs).toHaveLength(1);
    channel.close();
  });
});
