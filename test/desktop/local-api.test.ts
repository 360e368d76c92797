// The desktop app's local API listener against the real server: start, move, busy ports.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalApi } from '../../src-main/desktop/local-api.ts';
import type { LocalApiState } from '../../src-shared/ipc.ts';
import { listen } from '../../src-main/service/server.ts';

const handler = (req: Request): Promise<Response> =>
  Promise.resolve(new Response(`hello ${new URL(req.url).pathname}`));
const apis: LocalApi[] = [];
const blockers: Server[] = [];

function makeApi(changes: LocalApiState[] = []): LocalApi {
  const api = new LocalApi({ handler, listen, host: '127.0.0.1', onChange: (s) => changes.push(s) });
  apis.push(api);
  return api;
}

async function busyPort(): Promise<number> {
  const server = createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function answers(url: string | null): Promise<boolean> {
  if (url === null) return false;
  try {
    return (await fetch(`${url}x`)).ok;
  } catch {
    return false;
  }
}

afterEach(async () => {
  for (const api of apis.splice(0)) await api.stop();
  for (const server of blockers.splice(0)) server.close();
});

describe('LocalApi', () => {
  it('starts on a free port and tells the app where it listens', async () => {
    const changes: LocalApiState[] = [];
    const api = makeApi(changes);
    const state = await api.start(0);
    expect(state).toMatchObject({ listening: true, port: 0, problem: null });
    expect(state.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await answers(state.url)).toBe(true);
    expect(changes).toEqual([state]);
  });

  it('turns a busy port into a one-line problem instead of a crash', async () => {
    const port = await busyPort();
    const state = await makeApi().start(port);
    expect(state).toMatchObject({ listening: false, url: null, port });
    expect(state.problem).toMatch(new RegExp(`^port ${port} on 127\\.0\\.0\\.1 is already in use`));
    expect(state.problem).not.toContain('\n');
  });

  it('moves to another port: the new one opens before the old one closes', async () => {
    const api = makeApi();
    const before = await api.start(0);
    const change = await api.changePort(0);
    expect(change.ok).toBe(true);
    expect(change.state.url).not.toBe(before.url);
    expect(await answers(change.state.url)).toBe(true);
    expect(await answers(before.url)).toBe(false);
  });

  it('keeps listening where it was when the new port is busy, and says why', async () => {
    const api = makeApi();
    const before = await api.start(0);
    const port = await busyPort();
    const change = await api.changePort(port);
    expect(change).toMatchObject({ ok: false, state: before });
    if (change.ok) throw new Error('unreachable');
    expect(change.message).toContain('already in use');
    expect(await answers(before.url)).toBe(true);
  });

  it('recovers from a failed start by moving to a free port', async () => {
    const api = makeApi();
    await api.start(await busyPort());
    const change = await api.changePort(0);
    expect(change.ok && change.state.listening).toBe(true);
  });

  it('runs changes one at a time', async () => {
    const api = makeApi();
    await api.start(0);
    const [a, b] = await Promise.all([api.changePort(0), api.changePort(0)]);
    expect(a.ok && b.ok).toBe(true);
    expect(api.state().url).toBe(b.state.url);
    expect(await answers(a.state.url)).toBe(false);
    expect(await answers(b.state.url)).toBe(true);
  });

  it('stops listening on stop', async () => {
    const api = makeApi();
    const { url } = await api.start(0);
    await api.stop();
    expect(api.state()).toMatchObject({ listening: false, url: null, problem: 'stopped' });
    expect(await answers(url)).toBe(false);
  });
});
