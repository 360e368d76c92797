// ntfy's sequence id against a receiver on loopback that answers as ntfy does: one account's
// balance episode is one sequence (low, then below zero, then a reminder each carry the same
// X-Sequence-ID, so the phone shows one notification, replaced), its end clears it
// (PUT <topic>/<id>/clear), an alert that stands alone carries none, and a JSON webhook is told
// nothing of either.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../src-shared/app-api.ts';
import { WebhookChannel } from '../../src-main/monitor/channels/webhook.ts';
import type { AlertContext, Thread } from '../../src-main/monitor/index.ts';

interface Seen {
  method: string;
  path: string;
  sequence: string | undefined;
  title: string | undefined;
  authorization?: string | undefined;
}

let server: Server | undefined;
let channel: WebhookChannel | undefined;
afterEach(async () => {
  channel?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
});

async function ntfy(): Promise<{ topic: URL; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const sequence = req.headers['x-sequence-id'];
      const title = req.headers.title;
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        sequence: typeof sequence === 'string' ? sequence : undefined,
        title: typeof title === 'string' ? title : undefined,
        ...(req.headers.authorization === undefined ? {} : { authorization: req.headers.authorization }),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return { topic: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts-topic`), seen };
}

const thread: Thread = { key: '3-balance-1795350900', accountId: 3, kind: 'balance' };
const alert = (title: string, kind: Alert['kind']): Alert => ({
  id: 1,
  accountId: 3,
  accountName: 'Home',
  at: { datetime: '2026-11-22 10:35:00', epochSeconds: 1795350900 },
  kind,
  severity: kind === 'below_zero' ? 'critical' : 'warning',
  urgent: kind === 'below_zero',
  title,
  text: 'Your balance is £15.00.',
  balance: '1500',
  level: 2000,
  read: false,
  delivery: 'pushed',
});
const context = (t: Thread | null): AlertContext => ({ push: true, several: false, state: 'warning', thread: t });

describe("ntfy's sequence id", () => {
  it('one sequence per episode, replaced as it worsens, cleared at its end; none for an alert on its own', async () => {
    const { topic, seen } = await ntfy();
    const settled: string[] = [];
    channel = new WebhookChannel({
      url: topic,
      format: 'ntfy',
      log: () => undefined,
      onSettled: (a) => settled.push(a.title),
    });
    channel.send(alert('Balance is low', 'low'), context(thread));
    channel.send(alert('Balance is below zero', 'below_zero'), context(thread));
    channel.send(alert('Daily usage summary', 'summary'), context(null));
    await vi.waitFor(() => {
      expect(settled).toHaveLength(3);
    });
    channel.withdraw(thread);
    await vi.waitFor(() => {
      expect(seen).toHaveLength(4);
    });
    expect(seen).toEqual([
      { method: 'POST', path: '/alerts-topic', sequence: 'am-3-balance-1795350900', title: 'Balance is low: Home' },
      {
        method: 'POST',
        path: '/alerts-topic',
        sequence: 'am-3-balance-1795350900',
        title: 'Balance is below zero: Home',
      },
      { method: 'POST', path: '/alerts-topic', sequence: undefined, title: 'Daily usage summary: Home' },
      { method: 'PUT', path: '/alerts-topic/am-3-balance-1795350900/clear', sequence: undefined, title: undefined },
    ]);
  });

  it('a JSON webhook carries no sequence and is told nothing when an episode ends', async () => {
    const { topic, seen } = await ntfy();
    const settled: string[] = [];
    channel = new WebhookChannel({
      url: topic,
      format: 'json',
      log: () => undefined,
      onSettled: (a) => settled.push(a.title),
    });
    channel.withdraw(thread);
    channel.send(alert('Balance is low', 'low'), context(thread));
    await vi.waitFor(() => {
      expect(settled).toHaveLength(1);
    });
    expect(seen.map((s) => [s.method, s.sequence])).toEqual([['POST', undefined]]);
  });

  it("clears as a delivery signs in: the address's user and password as Authorization, never in the log", async () => {
    const { topic, seen } = await ntfy();
    const lines: string[] = [];
    const signed = new URL(topic);
    signed.username = 'phil';
    signed.password = 'hunter2';
    channel = new WebhookChannel({ url: signed, format: 'ntfy', log: (l) => lines.push(l) });
    channel.withdraw(thread);
    await vi.waitFor(() => {
      expect(seen).toHaveLength(1);
    });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: '/alerts-topic/am-3-balance-1795350900/clear',
      authorization: `Basic ${Buffer.from('phil:hunter2').toString('base64')}`,
    });
    expect(lines.join('\n')).not.toMatch(/hunter2|alerts-topic/);
  });
});
