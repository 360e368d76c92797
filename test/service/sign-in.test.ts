// Signing in without putting the access token in any address (issue 26): the sign-in page's
// form POSTs, and the service answers a good token with the UI's page carrying it in a <meta>;
// addresses with `?token=` (bookmarks, scripts) keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_CSP } from '../../src-main/service/static.ts';
import { TOKEN_META } from '../../src-shared/access-token.ts';
import { startService, type TestService } from '../helpers/service.ts';

const TOKEN = 'test-token-0123456789';
let svc: TestService;
let odd: TestService;
/** A token set by hand (ACCOUNT_MONITOR_TOKEN) with characters HTML would read. */
const ODD = 'a"b<c>&d-0123456789';

beforeAll(async () => {
  svc = await startService({ token: TOKEN });
  odd = await startService({ token: ODD });
});
afterAll(async () => {
  await svc.close();
  await odd.close();
});

const form = (fields: string, s = svc, type = 'application/x-www-form-urlencoded'): Promise<Response> =>
  fetch(`${s.base}/`, { method: 'POST', headers: { 'Content-Type': type }, body: fields, redirect: 'manual' });

const meta = (token: string): string => `<meta name="${TOKEN_META}" content="${token}">`;

describe('the sign-in page', () => {
  it('posts its form to / (a GET would put the token in the address and the history)', async () => {
    const page = await fetch(`${svc.base}/some/bookmark`);
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/">');
    expect(html).toContain('name="token"');
    expect(html).toContain('#token=...');
    expect(html).not.toContain('method="get"');
  });
});

describe('POST / (the sign-in form)', () => {
  it('with the token, or the printed address holding it, answers the page with the token in a <meta>, never kept', async () => {
    for (const offered of [TOKEN, `http://127.0.0.1:8417/#token=${TOKEN}`, `http://127.0.0.1:8417/?token=${TOKEN}`]) {
      const answer = await form(new URLSearchParams({ token: offered }).toString());
      expect(answer.status, offered).toBe(200);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-security-policy')).toBe(UI_CSP);
      const html = await answer.text();
      expect(html).toContain(meta(TOKEN));
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('with another token answers the sign-in page saying it was not accepted', async () => {
    const answer = await form('token=wrong-token-0123456789');
    expect(answer.status).toBe(401);
    const html = await answer.text();
    expect(html).toContain('That token was not accepted');
    expect(html).not.toContain(TOKEN_META);
  });

  it('anything but a small form is not read: the plain sign-in page', async () => {
    for (const answer of [
      await form(`token=${TOKEN}`, svc, 'application/json'),
      await form(`token=${TOKEN}&pad=${'x'.repeat(5000)}`),
      await form('nothing=here'),
    ]) {
      expect(answer.status).toBe(401);
      expect(await answer.text()).not.toContain(TOKEN_META);
    }
  });

  it('a token with characters HTML reads is escaped in the <meta>', async () => {
    const html = await (await form(new URLSearchParams({ token: ODD }).toString(), odd)).text();
    expect(html).toContain(meta('a&quot;b&lt;c&gt;&amp;d-0123456789'));
    expect(html).not.toContain('<c>');
  });
});

describe('addresses with ?token= (bookmarks, scripts)', () => {
  it('keep working; a wrong one gets the sign-in page saying so', async () => {
    expect((await fetch(`${svc.base}/?token=${TOKEN}`)).status).toBe(200);
    const wrong = await fetch(`${svc.base}/?token=wrong-token-0123456789`);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That token was not accepted');
  });
});
