// A hostile provider (issue 26), through the real local server, the app API, the background
// checks and the CLI: each finding of the second attack review reproduced, then 300 generated
// hostile documents. Whatever the provider sends, the local answer is its document exactly as
// the spec shapes it, or a 502 provider_bad_answer with a short inert message; every answer is
// sandboxed; every check is stored, bounded; nothing is a 500. The provider is the fault-injecting
// fake of test/provider (another company's server: the outside world).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from './helpers/service.ts';
import { exactShape, hostileDocuments } from './hostile-documents.ts';
import { startService, type TestService } from '../helpers/service.ts';
import { BALANCE_XML, SETTINGS_XML, startFaultProvider, type FaultProvider } from '../provider/fault-provider.ts';
import { connectTo } from '../remote/helpers.ts';
import { trayTooltipAll } from '../../src-main/monitor/presentation.ts';
import { MAX_PROVIDER_TEXT } from '../../src-shared/quote.ts';

const KEY = 'hostile-key-0123456789';
const TOKEN = 'hostile-token-0123456789abcdef';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const SANDBOX = "default-src 'none'; sandbox";
const SEED = Number(process.env.RELIABILITY_SEED ?? 20261126);
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let provider: FaultProvider;
let local: TestService;
let id: number;

beforeEach(async () => {
  provider = await startFaultProvider();
  local = await startService({ token: TOKEN, providerLimits: { connectTimeoutMs: 2_000, answerTimeoutMs: 5_000 } });
  id = await connectTo(local, provider.base, KEY);
});
afterEach(async () => {
  await local.close();
  await provider.close();
});

/** The provider answers `balance` (now), `projected` (at `@epoch` instants) and `settings`. */
function answer(docs: { balance?: string | Buffer; projected?: string | Buffer; settings?: string | Buffer }): void {
  provider.behave = (req, res) => {
    const url = req.url ?? '';
    const body = url.includes('get_balance')
      ? url.includes('datetime=%40')
        ? (docs.projected ?? docs.balance ?? BALANCE_XML)
        : (docs.balance ?? BALANCE_XML)
      : (docs.settings ?? SETTINGS_XML);
    res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
    res.end(body);
  };
}

interface Local {
  status: number;
  csp: string | null;
  nosniff: string | null;
  body: Buffer;
  code: string | undefined;
  message: string;
}

async function ask(path: string, init: RequestInit = {}): Promise<Local> {
  const res = await fetch(`${local.base}${path}`, init);
  const body = Buffer.from(await res.arrayBuffer());
  const text = body.toString('utf8');
  const json = res.headers.get('content-type')?.startsWith('application/json') === true;
  const parsed = json ? (JSON.parse(text) as { error?: { code: string; message: string } }) : undefined;
  return {
    status: res.status,
    csp: res.headers.get('content-security-policy'),
    nosniff: res.headers.get('x-content-type-options'),
    body,
    code: json ? parsed?.error?.code : /<code>([^<]*)<\/code>/.exec(text)?.[1],
    message: json ? (parsed?.error?.message ?? '') : (/<message>([^<]*)<\/message>/.exec(text)?.[1] ?? ''),
  };
}

const balance = (): Promise<Local> => ask(`/account/get_balance/?key=${encodeURIComponent(KEY)}&datetime=%2B1%20week`);
const settings = (): Promise<Local> => ask(`/account/get_notification_settings/?key=${encodeURIComponent(KEY)}`);

/** A refusal as the issue asks: 502 provider_bad_answer, sandboxed, a short inert message. */
function expectBadAnswer(a: Local, what: string): void {
  expect(a.status, `${what}: ${a.body.toString('utf8').slice(0, 200)}`).toBe(502);
  expect(a.code, what).toBe('provider_bad_answer');
  expect(a.csp, what).toBe(SANDBOX);
  expect(a.nosniff, what).toBe('nosniff');
  expect(a.body.length, what).toBeLessThan(1024);
  expect(a.message, what).not.toMatch(CONTROL);
}

/** The latest stored check, after a forced one. */
async function checked(): Promise<{ outcome: string; message: string | null; count: number }> {
  await local.app.accounts.refresh(id, KEY, true);
  const latest = local.app.store.observations.latest(id);
  if (latest === undefined) throw new Error('no observation stored');
  return latest;
}

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

const DOC = (inner: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<result>${inner}<datetime>2031-05-01 00:00:00</datetime><balance>1</balance></result>`;
const BALANCE_DOC = (balanceText: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<result><datetime>2031-05-01 00:00:00</datetime><balance>${balanceText}</balance></result>`;

describe('the findings of the second attack review', () => {
  it('1. an XHTML document with event attributes is refused, and every answer is sandboxed', async () => {
    const good = await balance();
    expect(good.status).toBe(200);
    expect(good.body.toString('utf8')).toBe(BALANCE_XML);
    expect(good.csp).toBe(SANDBOX);
    answer({
      balance:
        '<?xml version="1.0" encoding="UTF-8"?><result xmlns="http://www.w3.org/1999/xhtml"><datetime tabindex="0" autofocus="" onfocus="alert(document.domain)">2031-05-01 00:00:00</datetime><balance>1</balance></result>',
    });
    const hostile = await balance();
    expectBadAnswer(hostile, 'xhtml');
    expect(hostile.body.toString('utf8')).not.toContain('onfocus');
  });

  it('2. a balance of 1 and 400 zeros is a bad answer; the chart and the forecast see only finite numbers', async () => {
    answer({ balance: BALANCE_DOC(`1${'0'.repeat(400)}`) });
    expectBadAnswer(await balance(), 'absurd balance');
    expect((await checked()).outcome).toBe('provider_bad_answer');
    // Good now, absurd ahead: the projections are refused; the chart draws the past only.
    answer({ projected: BALANCE_DOC(`1${'0'.repeat(60)}`) });
    expect((await checked()).outcome).toBe('ok');
    const series = await ask(`/app/accounts/${id}/series?from=2026-08-24&to=2027-02-20`, { headers: AUTH });
    expect(series.status).toBe(200);
    const points = (JSON.parse(series.body.toString('utf8')) as { points: { balance: unknown }[] }).points;
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((p) => typeof p.balance === 'number' && Number.isFinite(p.balance))).toBe(true);
    const forecast = await ask(`/app/accounts/${id}/forecast?days=90`, { headers: AUTH });
    expectBadAnswer(forecast, 'forecast');
  });

  it('3. a 900 KB element name is quoted short everywhere; alternating answers do not grow the data folder', async () => {
    // Self-closing, so the document stays under the 1 MiB cap and is read.
    const bad = DOC(`<n${'x'.repeat(900_000)}/>`);
    answer({ balance: bad });
    expectBadAnswer(await balance(), '900 KB name');
    const before = folderBytes(local.dataDir);
    for (let i = 0; i < 20; i++) {
      answer({});
      expect((await checked()).outcome).toBe('ok');
      answer({ balance: bad });
      const failed = await checked();
      expect(failed.outcome).toBe('provider_bad_answer');
      expect(failed.message?.length).toBeLessThanOrEqual(MAX_PROVIDER_TEXT);
    }
    // 40 checks: a few pages each in the database and its write-ahead log (13.7 MB before).
    expect(folderBytes(local.dataDir) - before).toBeLessThan(1024 * 1024);
    // A run of identical failures is one row with a count.
    for (let i = 0; i < 10; i++) await checked();
    expect((await checked()).count).toBe(12);
    // What the tray and the window show of it: the account's problem, cut.
    const overview = local.app.accounts.overview(id);
    expect(overview?.problem?.length).toBeLessThan(MAX_PROVIDER_TEXT + 100);
    const source = local.app.accounts.forKey(KEY);
    await expect(source.forecast(7)).rejects.toThrow(/element name longer than 32 characters/);
    const thrown = await source.forecast(7).then(
      () => '',
      (e: unknown) => (e as Error).message,
    );
    expect(thrown.length).toBeLessThanOrEqual(MAX_PROVIDER_TEXT);
    // The tray's tooltip, as the app's monitor builds it from this account.
    const view = await local.app.monitor.refresh(id);
    expect(view.accounts.find((a) => a.id === id)?.status.severity).not.toBe('ok');
    const tooltip = trayTooltipAll(view, 'UTC');
    expect(tooltip).toContain('element name longer than 32 characters');
    expect(tooltip.length).toBeLessThan(MAX_PROVIDER_TEXT + 200);
    expect(tooltip).not.toMatch(CONTROL);
  });

  it('4. terminal escapes in a processing instruction are refused, on the local API and by settings show', async () => {
    const escapes = '\u001b]0;pwned\u0007\u001b[2J\u001b[Hfake text';
    answer({
      settings: `<?xml version="1.0" encoding="UTF-8"?><?x ${escapes}?><notificationsettings></notificationsettings>`,
    });
    expectBadAnswer(await settings(), 'processing instruction');
    const shown = await run(local.dataDir, ['settings', 'show', '--key', KEY]);
    expect(shown.code).toBe(1);
    expect(shown.stdout).toBe('');
    expect(shown.stderr).not.toContain('\u001b');
    expect(shown.stderr.trim().split('\n')).toHaveLength(1);
    expect(shown.stderr).toContain('processing instruction');
  });

  it('5. 150 nested elements are a bad answer: the local API, connecting, the CLI and the background check', async () => {
    const deep = DOC(`${'<a>'.repeat(150)}1${'</a>'.repeat(150)}`);
    answer({ balance: deep });
    expectBadAnswer(await balance(), 'nested');
    const connect = await ask('/app/connect', {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify({ baseUrl: provider.base, key: 'another-key-0123456789' }),
    });
    expect(connect.status).toBe(502);
    expect(connect.code).toBe('provider_bad_answer');
    expect(connect.message).toMatch(/does not answer as the account API does/);
    const cli = await run(local.dataDir, ['account', 'connect', provider.base, '--key', 'third-key-0123456789']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/does not answer as the account API does/);
    expect(cli.stderr).not.toMatch(/unexpected/);
    const stored = await checked();
    expect(stored.outcome).toBe('provider_bad_answer');
    expect(local.app.accounts.overview(id)?.state).not.toBe('ok');
  });

  it('6. a million-digit fraction in every projected balance is refused before any arithmetic', async () => {
    answer({ projected: BALANCE_DOC(`1.${'3'.repeat(1_000_000)}`) });
    expect((await checked()).outcome).toBe('ok');
    const forecast = await ask(`/app/accounts/${id}/forecast?days=90`, { headers: AUTH });
    expectBadAnswer(forecast, 'forecast');
    // Another account is answered as ever meanwhile.
    const other = local.app.domain.createAccount('Local');
    expect((await fetch(`${local.base}/account/get_balance/?key=${other.key}`)).status).toBe(200);
  });
});

describe('300 generated hostile documents', () => {
  it('each is passed on in the exact shape, byte for byte, or refused as a short 502; checks store each, bounded', async () => {
    const docs = hostileDocuments(300, SEED);
    const problems: string[] = [];
    let passed = 0;
    for (const [i, doc] of docs.entries()) {
      answer(doc.endpoint === 'balance' ? { balance: doc.body } : { settings: doc.body });
      const a = doc.endpoint === 'balance' ? await balance() : await settings();
      const label = `#${i} ${doc.endpoint} ${doc.what}`;
      if (a.csp !== SANDBOX || a.nosniff !== 'nosniff') problems.push(`${label}: not sandboxed`);
      if (a.status === 200) {
        passed++;
        if (!a.body.equals(doc.body)) problems.push(`${label}: passed on with other bytes`);
        const shape = exactShape(a.body);
        if (shape !== undefined) problems.push(`${label}: passed on with ${shape}`);
      } else if (a.status !== 502 || a.code !== 'provider_bad_answer') {
        problems.push(`${label}: answered ${a.status} ${a.code ?? ''}`);
      } else {
        if (doc.valid) problems.push(`${label}: a valid document was refused: ${a.message}`);
        if (a.body.length >= 1024 || CONTROL.test(a.message)) problems.push(`${label}: a long or escaped refusal`);
      }
      if (i % 10 === 0) {
        const stored = await checked();
        if (stored.message !== null && (stored.message.length > MAX_PROVIDER_TEXT || CONTROL.test(stored.message)))
          problems.push(`${label}: stored a long or escaped message`);
      }
    }
    expect(problems).toEqual([]);
    // Both kinds were met: documents passed on and documents refused.
    expect(passed).toBeGreaterThan(30);
    expect(passed).toBeLessThan(docs.length - 100);
  });
});

describe('the data folder and the CSV reader, from the command line', () => {
  it('8. a data folder others may write is refused in one line; one the user made 0755 is tightened', async () => {
    const { chmodSync, mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'am-rel-folder-'));
    try {
      chmodSync(dir, 0o757);
      const refused = await run(dir, ['account', 'create', 'x']);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(/can be written by other users/);
      expect(readdirSync(dir)).toEqual([]);
      chmodSync(dir, 0o755);
      expect((await run(dir, ['account', 'create', 'x'])).code).toBe(0);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).mode & 0o077, name).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('9. ledger import of a 50 MB file with an unclosed quote on line 2 names line 2', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'am-rel-csv-'));
    try {
      const key = (await run(dir, ['account', 'create', 'csv'])).stdout.trim().split('\n').pop() ?? '';
      const file = join(dir, 'big.csv');
      const line = '2026-01-02,2,topup,a note of some length\n';
      writeFileSync(
        file,
        `at,amount,kind,note\n"2026-01-01,1,topup,x\n${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))}`,
      );
      const r = await run(dir, ['ledger', 'import', file, '--key', key]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/line 2: the record starting here is longer than 16384 characters/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
