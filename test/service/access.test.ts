// Who may reach what over TCP (the threat model in src-main/service/README.md): loopback Hosts
// only, the access token only as a bearer header, the UI's own files and the sign-in page the
// only things served without it, changes only from the app's own origin and in the app's own
// content types, bodies capped before they are read.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UI_DIR } from '../../src-main/app.ts';
import { StaticFiles } from '../../src-main/service/static.ts';
import { accountInWindow, startService, type TestService } from '../helpers/service.ts';

const TOKEN = 'test-token-0123456789';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
let svc: TestService;
let key: string;
let own: string;
/** The window's account in the app API (`/app/accounts/ID`), and its key's vault entry. */
let A: string;
let REF: string;

beforeAll(async () => {
  svc = await startService({ token: TOKEN });
  ({ key, path: A, ref: REF } = await accountInWindow(svc.app, 'access'));
  own = `http://127.0.0.1:${svc.server.port}`;
});
afterAll(async () => {
  await svc.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** HTTP without fetch's help: any Host, any headers, no Content-Type unless given. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const all = {
      Host: `127.0.0.1:${svc.server.port}`,
      ...headers,
      ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
    };
    const req = request(
      { host: '127.0.0.1', port: svc.server.port, method, path, headers: all, setHost: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          done({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const json = (extra: Record<string, string> = {}): Record<string, string> => ({
  ...AUTH,
  'Content-Type': 'application/json',
  ...extra,
});
const ledgerTotal = async (): Promise<number> =>
  (JSON.parse((await send('GET', `${A}/ledger?limit=1`, AUTH)).body) as { total: number }).total;

describe('Host', () => {
  const bad = [
    '127.0.0.256',
    '127.0.0.256:8080',
    '127.0.0.1:99999',
    '127.0.0.1:',
    'localhost:65536',
    '127.08.0.1',
    '127.1',
    '[::2]',
    '127.0.0.1.evil.example',
  ];
  const paths = () => [
    `/account/get_balance/?key=${key}`,
    '/account/get_notification_settings/?key=x',
    '/',
    '/index.html',
    '/app/status',
    '/nope',
  ];

  it.each(bad)('%s is refused with 403 forbidden_host on every path, never a stack trace', async (host) => {
    for (const path of paths()) {
      const a = await send('GET', path, { ...AUTH, Host: host });
      expect(a.status, `${host} ${path}`).toBe(403);
      expect(a.body).toContain('<code>forbidden_host</code>');
      expect(a.body).not.toMatch(/\n\s+at /);
    }
  });

  it.each(['127.255.255.254:65535', 'localhost:1', '[::1]:8417', '127.0.0.1'])(
    '%s is a loopback name',
    async (host) => {
      expect((await send('GET', `/account/get_balance/?key=${key}`, { Host: host })).status).toBe(200);
      expect((await send('GET', '/app/status', { ...AUTH, Host: host })).status).toBe(200);
    },
  );
});

describe('the access token', () => {
  it('travels only as a bearer header: never set as a cookie, a cookie is never read', async () => {
    const page = await send('GET', `/?token=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await send('GET', '/app/status', { Cookie: `am_token=${TOKEN}` })).status).toBe(401);
    expect((await send('GET', '/app/status', { Authorization: `bearer ${TOKEN}` })).status).toBe(200);
    expect((await send('GET', '/app/status', { Authorization: `Basic ${TOKEN}` })).status).toBe(401);
  });

  it('the page and its built files are served without it (they hold no data)', async () => {
    const page = await send('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = /src="\.(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] ?? '';
    expect(asset).not.toBe('');
    expect((await send('GET', asset)).status).toBe(200);
  });

  it('anything else without it gets the sign-in page (401), with it a 404', async () => {
    for (const path of [
      '/nope',
      '/favicon.ico',
      '/assets/missing.js',
      '/index.htm',
      '/../etc/passwd',
      `/${'x'.repeat(4000)}`,
    ]) {
      const refused = await send('GET', path);
      expect(refused.status, path).toBe(401);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain('<form method="post" action="/">');
      expect(refused.body).toContain('name="token"');
      const known = await send('GET', path, AUTH);
      expect(known.status, path).toBe(404);
      expect(known.body).toContain('<code>not_found</code>');
    }
    expect((await send('POST', '/nope', {}, 'x')).status).toBe(401);
    // The spec's own area keeps its XML 404 for scripts.
    expect((await send('GET', '/account/nothing/')).status).toBe(404);
  });

  it("the printed address is checked: a token that is not the service's gets the sign-in page saying so", async () => {
    for (const offered of ['wrong', '', `http://127.0.0.1:1/?token=wrong`]) {
      const a = await send('GET', `/?token=${encodeURIComponent(offered)}`);
      expect(a.status, offered).toBe(401);
      expect(a.body).toContain('That token was not accepted');
    }
    // The sign-in form sends what was pasted, the token alone or the whole printed address.
    expect((await send('GET', `/?token=${encodeURIComponent(`http://127.0.0.1:8417/?token=${TOKEN}`)}`)).status).toBe(
      200,
    );
    expect((await send('GET', `/?token=${TOKEN}`)).status).toBe(200);
  });

  it('the app API without it is a JSON 401 that says where the token is', async () => {
    const a = await send('GET', '/app/status');
    expect(a.status).toBe(401);
    expect(JSON.parse(a.body)).toMatchObject({ error: { code: 'token_required' } });
  });
});

describe('the static files', () => {
  it('are the list found at start-up: a file added later is never looked up', () => {
    const root = mkdtempSync(join(tmpdir(), 'am-static-'));
    try {
      writeFileSync(join(root, 'index.html'), '<!doctype html>');
      const files = new StaticFiles(root);
      writeFileSync(join(root, 'late.js'), 'late');
      expect(files.has('/')).toBe(true);
      expect(files.serve('/')?.status).toBe(200);
      expect(files.has('/late.js')).toBe(false);
      expect(files.serve('/late.js')).toBeUndefined();
      expect(files.serve('/%2e%2e/etc/passwd')).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the default UI folder is the built renderer', () => {
    expect(readFileSync(join(DEFAULT_UI_DIR, 'index.html'), 'utf8')).toContain('<div id="root">');
  });
});

describe('changes come only from the app’s own page', () => {
  const foreign: Record<string, string>[] = [
    { Origin: 'http://127.0.0.1:1' },
    { Origin: 'http://localhost:1' },
    { Origin: 'null' },
    { 'Sec-Fetch-Site': 'same-site' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
  ];
  const changes = (): [string, string, string, string][] => [
    ['POST', `${A}/ledger`, 'application/json', JSON.stringify({ at: '2026-01-01', amount: '100' })],
    ['PUT', `${A}/settings`, 'application/json', JSON.stringify({ warningEnabled: true, warningLevel: 1 })],
    ['POST', '/app/account', 'application/json', JSON.stringify({ name: 'evil' })],
    ['POST', '/app/key', 'application/json', JSON.stringify({ key: 'attacker-key-0123456789' })],
    ['POST', '/app/demo', 'application/json', ''],
    ['POST', `${A}/recurring`, 'application/json', JSON.stringify({ amount: '1', every: 'day', from: 'now' })],
    ['POST', `${A}/import`, 'text/csv', 'at,amount\n2026-01-01,5\n'],
    ['DELETE', `${A}/key`, 'application/json', ''],
  ];

  it.each(foreign)('a request that says %j gets 403 and changes nothing, on every changing route', async (from) => {
    const before = {
      total: await ledgerTotal(),
      settings: (await send('GET', `${A}/settings`, AUTH)).body,
      stored: await svc.app.vault.get(REF),
    };
    for (const [method, path, type, body] of changes()) {
      const a = await send(method, path, { ...AUTH, 'Content-Type': type, ...from }, body);
      expect(a.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(a.body)).toMatchObject({ error: { code: 'forbidden_origin' } });
    }
    expect(await ledgerTotal()).toBe(before.total);
    expect((await send('GET', `${A}/settings`, AUTH)).body).toBe(before.settings);
    expect(await svc.app.vault.get(REF)).toBe(before.stored);
  });

  it('the page itself (own origin, same-origin) and scripts (no Origin) may change data', async () => {
    const before = await ledgerTotal();
    const body = JSON.stringify({ at: '2026-01-02', amount: '1' });
    expect(
      (await send('POST', `${A}/ledger`, json({ Origin: own, 'Sec-Fetch-Site': 'same-origin' }), body)).status,
    ).toBe(201);
    expect((await send('POST', `${A}/ledger`, json({ 'Sec-Fetch-Site': 'none' }), body)).status).toBe(201);
    expect((await send('POST', `${A}/ledger`, json(), body)).status).toBe(201);
    expect(await ledgerTotal()).toBe(before + 3);
  });

  it('reads are not refused for their origin (no CORS header lets another origin read them)', async () => {
    const a = await send('GET', '/app/status', { ...AUTH, Origin: 'http://127.0.0.1:1' });
    expect(a.status).toBe(200);
    expect(a.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('content types', () => {
  it.each([
    undefined,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/csv',
    'application/jsonx',
  ])('a JSON route refuses %s with 415', async (type) => {
    const before = await ledgerTotal();
    const a = await send(
      'POST',
      `${A}/ledger`,
      { ...AUTH, ...(type === undefined ? {} : { 'Content-Type': type }) },
      JSON.stringify({ at: '2026-01-01', amount: '100' }),
    );
    expect(a.status).toBe(415);
    expect(JSON.parse(a.body)).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect(await ledgerTotal()).toBe(before);
  });

  it('a route without a body still needs the JSON type when it changes something', async () => {
    expect((await send('POST', '/app/demo', AUTH)).status).toBe(415);
  });

  it('takes application/json with a charset, and the import only text/csv', async () => {
    expect(
      (
        await send(
          'POST',
          `${A}/ledger`,
          json({ 'Content-Type': 'Application/JSON; charset=UTF-8' }),
          JSON.stringify({ at: '2026-01-03', amount: '1' }),
        )
      ).status,
    ).toBe(201);
    const csv = 'at,amount\n2026-01-04,1\n';
    expect((await send('POST', `${A}/import`, { ...AUTH, 'Content-Type': 'text/plain' }, csv)).status).toBe(415);
    expect((await send('POST', `${A}/import`, { ...AUTH, 'Content-Type': 'application/json' }, csv)).status).toBe(415);
    const ok = await send('POST', `${A}/import`, { ...AUTH, 'Content-Type': 'text/csv; charset=utf-8' }, csv);
    expect(ok.status, ok.body).toBe(200);
  });
});

/** Sends only the head of a request (a body is promised and never sent) and waits for the answer. */
function headOnly(head: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const socket = connect(svc.server.port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      fail(new Error('no answer in 5 s: the body was waited for'));
    }, 5000);
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => {
      text += c;
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end !== -1 && length !== undefined && text.length >= end + 4 + Number(length)) {
        clearTimeout(timer);
        socket.destroy();
        done({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text: text.slice(end + 4) });
      }
    });
    socket.on('error', fail);
    socket.write(head);
  });
}

describe('body limits', () => {
  it('a JSON body declared over 64 KiB is 413 before a byte of it is read', async () => {
    const a = await headOnly(
      `PUT ${A}/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n`,
    );
    expect(a.status).toBe(413);
    expect(JSON.parse(a.text)).toEqual({
      error: { code: 'too_large', message: 'the request body is larger than 64 KiB, the most this route takes' },
    });
  });

  it('a CSV declared over 128 MiB is 413 at once, naming the limit and the command line', async () => {
    const a = await headOnly(
      `POST ${A}/import HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: text/csv\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`,
    );
    expect(a.status).toBe(413);
    const { error } = JSON.parse(a.text) as { error: { code: string; message: string } };
    expect(error.code).toBe('too_large');
    expect(error.message).toContain('128 MiB');
    expect(error.message).toContain('account-monitor ledger import');
  });

  it('a JSON body sent without a length is counted as it arrives', async () => {
    const res = await fetch(`${svc.base}${A}/settings`, {
      method: 'PUT',
      headers: json(),
      duplex: 'half',
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 100; i++) c.enqueue(new TextEncoder().encode(' '.repeat(1024)));
          c.close();
        },
      }),
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe('the access log', () => {
  it('redacts the key and the token however their names are encoded', async () => {
    const logged = await startService({ accessLog: true, token: TOKEN });
    try {
      const k = logged.app.domain.createAccount('log').key;
      for (const q of [
        `key=${k}`,
        `%6Bey=${k}`,
        `k%65y=${k}`,
        `%6b%65%79=${k}`,
        `datetime=now&key=${k}&key=${k}`,
        `token=${TOKEN}`,
        `%74oken=${TOKEN}`,
      ]) {
        await fetch(`${logged.base}/account/get_balance/?${q}`);
      }
      await fetch(`${logged.base}/?token=${TOKEN}`);
      expect(logged.logs.length).toBe(8);
      const all = logged.logs.join('\n');
      expect(all).not.toContain(k);
      expect(all).not.toContain(TOKEN);
      expect(all).toContain('%6Bey=[redacted]');
    } finally {
      await logged.close();
    }
  });
});

describe('query arguments', () => {
  it.each(['limit=2.5', 'offset=2.5', 'offset=1e400', 'limit=1e400', 'limit=abc', 'offset=-1e3', 'limit=0x10'])(
    'the ledger route with ?%s is 400 invalid_request, never a 5xx',
    async (q) => {
      const a = await send('GET', `${A}/ledger?${q}`, AUTH);
      expect(a.status).toBe(400);
      expect(JSON.parse(a.body)).toMatchObject({ error: { code: 'invalid_request' } });
    },
  );

  it('an out-of-range whole number is clamped', async () => {
    expect((await send('GET', `${A}/ledger?limit=-1&offset=-5`, AUTH)).status).toBe(200);
    expect((await send('GET', `${A}/ledger?limit=99999999&offset=999999999999999`, AUTH)).status).toBe(200);
  });
});
