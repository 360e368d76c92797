// Every answer of the service that is not one of the UI's own pages carries
// `Content-Security-Policy: default-src 'none'; sandbox` and nosniff (issue 26): a document a
// browser is made to open on this origin can run nothing. Checked over real TCP on every kind of
// answer: the spec endpoints' documents and errors (router and fast path), errors answered before
// the router (malformed HTTP, oversized headers, a foreign Host), the app API's JSON, the CSV
// export, plain text, and the UI's own built files.
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UI_DIR } from '../../src-main/app.ts';
import { UI_CSP } from '../../src-main/service/static.ts';
import { accountInWindow, startService, type TestService } from '../helpers/service.ts';

const TOKEN = 'test-token-0123456789';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const SANDBOX = "default-src 'none'; sandbox";
let svc: TestService;
let key: string;
let A: string;

beforeAll(async () => {
  svc = await startService({ token: TOKEN });
  ({ key, path: A } = await accountInWindow(svc.app, 'headers'));
});
afterAll(async () => {
  await svc.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: svc.server.port,
        method,
        path,
        headers: { Host: `127.0.0.1:${svc.server.port}`, ...headers },
        setHost: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          done({ status: res.statusCode ?? 0, headers: res.headers });
        });
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

/** The head of the answer to bytes written straight to the socket (what no HTTP client would send). */
function raw(bytes: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(svc.server.port, '127.0.0.1', () => {
      socket.end(bytes);
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => {
      text += c;
    });
    socket.on('end', () => {
      done(text.split('\r\n\r\n')[0] ?? '');
    });
    socket.on('error', fail);
  });
}

function expectSandboxed(a: Answer, what: string): void {
  expect(a.headers['content-security-policy'], what).toBe(SANDBOX);
  expect(a.headers['x-content-type-options'], what).toBe('nosniff');
}

describe('every answer but the UI pages is sandboxed', () => {
  it('the spec endpoints, answered and refused, through the fast path and the router', async () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['GET', `/account/get_balance/?key=${key}&datetime=%2B1%20week`],
      ['GET', `/account/get_balance?key=${key}`],
      ['HEAD', `/account/get_notification_settings/?key=${key}`],
      ['GET', '/account/get_balance/'],
      ['GET', '/account/get_balance/?key=unknown-key-0123456789'],
      ['POST', `/account/get_balance/?key=${key}`],
      ['GET', '/account/nothing-here'],
      ['GET', `/account/get_balance/?key=${'k'.repeat(9000)}`],
      ['GET', `/account/get_balance/?key=${key}`, { Host: 'evil.example' }],
      ['GET', `/account/get_balance/?key=${key}`, { Host: '127.0.0.256' }],
    ];
    for (const [method, path, headers] of cases) {
      const a = await send(method, path, headers);
      expectSandboxed(a, `${method} ${path.slice(0, 60)} ${JSON.stringify(headers)} -> ${a.status}`);
    }
  });

  it('errors written before the router: malformed HTTP and oversized headers', async () => {
    for (const bytes of [
      'GARBAGE\r\n\r\n',
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const head = await raw(bytes);
      expect(head, head).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(head).toContain(`Content-Security-Policy: ${SANDBOX}`);
      expect(head).toContain('X-Content-Type-Options: nosniff');
    }
  });

  it("the app API's JSON, its refusals, the CSV export and plain text", async () => {
    const cases: [string, string, Record<string, string>, string?][] = [
      ['GET', '/app/status', AUTH],
      ['GET', '/app/status', {}],
      ['GET', `${A}/ledger?limit=1`, AUTH],
      ['GET', `${A}/ledger.csv`, AUTH],
      ['GET', `${A}/xml/get_balance`, AUTH],
      ['GET', '/app/no-such-route', AUTH],
      ['POST', `${A}/ledger`, { ...AUTH, Origin: 'http://evil.example' }, '{}'],
      ['POST', `${A}/ledger`, { ...AUTH, 'Content-Type': 'text/plain' }, 'x'],
      ['GET', '/some/missing/path', AUTH],
    ];
    for (const [method, path, headers, body] of cases) {
      const a = await send(method, path, headers, body);
      expectSandboxed(a, `${method} ${path} -> ${a.status}`);
    }
  });

  it("the UI's built files other than pages are sandboxed; its pages keep their own policy", async () => {
    const assets = readdirSync(join(DEFAULT_UI_DIR, 'assets'));
    const script = assets.find((f) => f.endsWith('.js'));
    expect(script).toBeDefined();
    expectSandboxed(await send('GET', `/assets/${script ?? ''}`), 'a built script');
    for (const [path, headers] of [
      ['/', {}],
      ['/some/bookmark', {}],
    ] as const) {
      const page = await send('GET', path, headers);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toBe(UI_CSP);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
