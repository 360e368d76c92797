// The provider client against a misbehaving provider on loopback: every failure the local API
// must turn into an XML error, what is sent upstream byte for byte, and the bounds.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src-main/provider/base-url.ts';
import { ProviderClient } from '../../src-main/provider/client.ts';
import { DEFAULT_LIMITS } from '../../src-main/provider/http-get.ts';
import { ProviderError, type ProviderErrorCode } from '../../src-main/provider/errors.ts';
import { BALANCE_XML, startFaultProvider, TEST_CA, xml, type FaultProvider } from './fault-provider.ts';

const KEY = 'k+/=&#?% ey-0123456789';
let provider: FaultProvider;
let client: ProviderClient;

beforeEach(async () => {
  provider = await startFaultProvider();
  client = new ProviderClient({ limits: { connectTimeoutMs: 500, answerTimeoutMs: 1_500 } });
});
afterEach(async () => {
  client.close();
  await provider.close();
});

async function failure(call: Promise<unknown>): Promise<ProviderError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

async function code(call: Promise<unknown>): Promise<ProviderErrorCode> {
  return (await failure(call)).code;
}

describe('what is sent', () => {
  it('forwards the key and datetime byte for byte below the base path', async () => {
    const base = parseBaseUrl(`${provider.base}/v1`);
    const answer = await client.balance(base, KEY, '+1 week');
    expect(answer.value).toEqual({ datetime: '2031-05-01 00:00:00', balance: '4983.8709677419' });
    expect(answer.body.toString()).toBe(BALANCE_XML);
    await client.balance(base, KEY, '');
    await client.balance(base, KEY);
    await client.balance(base, KEY, Buffer.from([0xff, 0x26, 0x23]));
    const long = 'x'.repeat(300);
    await client.balance(base, KEY, long);
    const encodedKey = 'k%2B%2F%3D%26%23%3F%25%20ey-0123456789';
    expect(provider.targets).toEqual([
      `/v1/account/get_balance/?key=${encodedKey}&datetime=%2B1%20week`,
      `/v1/account/get_balance/?key=${encodedKey}&datetime=`,
      `/v1/account/get_balance/?key=${encodedKey}`,
      `/v1/account/get_balance/?key=${encodedKey}&datetime=%FF%26%23`,
      `/v1/account/get_balance/?key=${encodedKey}&datetime=${long}`,
    ]);
    for (const target of provider.targets) {
      const params = new URL(target, 'http://x').searchParams;
      expect(params.get('key')).toBe(KEY);
    }
  });

  it('asks for the settings and keeps the provider bytes', async () => {
    const answer = await client.settings(parseBaseUrl(provider.base), KEY);
    expect(answer.value).toEqual({ warningEnabled: false, warningLevel: null, summary: [], disk: [], bandwidth: [90] });
    expect(provider.targets).toEqual([
      `/account/get_notification_settings/?key=${encodeURIComponent(KEY).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    ]);
  });
});

describe('failures', () => {
  it('a 403 is a refused key; other statuses are bad answers with Retry-After kept', async () => {
    provider.behave = (_req, res) => {
      xml(res, '<error><code>invalid_key</code></error>', 403);
    };
    expect(await code(client.balance(parseBaseUrl(provider.base), KEY))).toBe('invalid_key');
    provider.behave = (_req, res) => {
      xml(res, 'busy', 503, { 'Retry-After': '120' });
    };
    const e = await failure(client.balance(parseBaseUrl(provider.base), KEY));
    expect([e.code, e.retryAfterSeconds]).toEqual(['provider_bad_answer', 120]);
    expect(e.message).toMatch(/HTTP 503/);
    for (const status of [400, 401, 404, 500]) {
      provider.behave = (_req, res) => {
        xml(res, BALANCE_XML, status);
      };
      expect(await code(client.balance(parseBaseUrl(provider.base), KEY))).toBe('provider_bad_answer');
    }
  });

  it('refused connections and unknown hosts are unreachable, quickly', async () => {
    const closed = createServer();
    await new Promise<void>((r) => {
      closed.listen(0, '127.0.0.1', r);
    });
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => {
      closed.close(() => {
        r();
      });
    });
    const started = Date.now();
    expect(await code(client.balance(parseBaseUrl(`http://127.0.0.1:${port}`), KEY))).toBe('provider_unreachable');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await code(client.balance(parseBaseUrl('https://no-such-host.invalid'), KEY))).toBe('provider_unreachable');
  });

  it('a provider that never answers, or trickles, is a timeout within the deadline', async () => {
    provider.behave = () => {
      /* never answers */
    };
    expect(await code(client.balance(parseBaseUrl(provider.base), KEY))).toBe('provider_timeout');
    provider.behave = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      const timer = setInterval(() => {
        res.write(' ');
      }, 100);
      res.on('close', () => {
        clearInterval(timer);
      });
    };
    const started = Date.now();
    expect(await code(client.balance(parseBaseUrl(provider.base), KEY))).toBe('provider_timeout');
    // Ended by the whole-answer deadline (1.5 s here), which the trickle never resets. Only the
    // lower bound is exact; the upper one tells "at the deadline" from "never", on any machine.
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_500 - 50);
    expect(elapsed).toBeLessThan(1_500 * 4);
  });

  it('with the default deadlines a hanging provider is answered within 10 s', async () => {
    // The promise is in the defaults: a whole answer within 9 s, so the local answer (which adds
    // microseconds) is within 10 s. The run shows those defaults are what a plain client uses.
    expect(DEFAULT_LIMITS.answerTimeoutMs).toBeLessThanOrEqual(9_000);
    expect(DEFAULT_LIMITS.connectTimeoutMs).toBeLessThanOrEqual(DEFAULT_LIMITS.answerTimeoutMs);
    const patient = new ProviderClient();
    provider.behave = () => {
      /* never answers */
    };
    const started = Date.now();
    expect(await code(patient.balance(parseBaseUrl(provider.base), KEY))).toBe('provider_timeout');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(DEFAULT_LIMITS.answerTimeoutMs - 50);
    expect(elapsed).toBeLessThan(DEFAULT_LIMITS.answerTimeoutMs * 3);
    patient.close();
  }, 40_000);

  it('an answer over 1 MiB is refused, declared or not', async () => {
    const big = Buffer.alloc(40 * 1024 * 1024, 0x20);
    provider.behave = (_req, res) => {
      res.writeHead(200, { 'Content-Length': String(big.length) });
      res.end(big);
    };
    expect((await failure(client.balance(parseBaseUrl(provider.base), KEY))).message).toMatch(
      /larger than 1048576 bytes/,
    );
    provider.behave = (_req, res) => {
      res.writeHead(200);
      res.end(big);
    };
    expect((await failure(client.balance(parseBaseUrl(provider.base), KEY))).message).toMatch(/larger than/);
  });

  it('a redirect to another origin is never followed; a same-origin one is', async () => {
    const elsewhere = await startFaultProvider();
    try {
      provider.behave = (_req, res) => {
        res.writeHead(302, { Location: `${elsewhere.base}/account/get_balance/?key=stolen` });
        res.end();
      };
      const e = await failure(client.balance(parseBaseUrl(provider.base), KEY));
      expect(e.code).toBe('provider_bad_answer');
      expect(e.message).toMatch(/another address/);
      expect(elsewhere.targets).toEqual([]);
      provider.behave = (req, res) => {
        if (req.url?.startsWith('/moved/') === true) xml(res, BALANCE_XML);
        else {
          res.writeHead(301, { Location: `/moved${req.url ?? ''}` });
          res.end();
        }
      };
      expect((await client.balance(parseBaseUrl(provider.base), KEY)).value.balance).toBe('4983.8709677419');
      provider.behave = (req, res) => {
        res.writeHead(307, { Location: req.url ?? '/' });
        res.end();
      };
      expect((await failure(client.balance(parseBaseUrl(provider.base), KEY))).message).toMatch(/redirected more than/);
    } finally {
      await elsewhere.close();
    }
  });

  it('HTML, JSON, a DOCTYPE and a wrong shape are bad answers, never the key in the message', async () => {
    for (const body of [
      '<!DOCTYPE html><html></html>',
      '{"balance":1}',
      '<result><balance>1e3</balance><datetime>2026-01-01 00:00:00</datetime></result>',
    ]) {
      provider.behave = (_req, res) => {
        xml(res, body);
      };
      const e = await failure(client.balance(parseBaseUrl(provider.base), KEY));
      expect(e.code).toBe('provider_bad_answer');
      expect(e.message).not.toContain(KEY);
      expect(e.message).not.toContain('0123456789');
    }
  });

  it('a connection cut mid-answer is a bad answer', async () => {
    provider.behave = (_req, res) => {
      res.writeHead(200, { 'Content-Length': '500' });
      res.write('<result>');
      setImmediate(() => {
        res.socket?.destroy();
      });
    };
    expect(await code(client.balance(parseBaseUrl(provider.base), KEY))).toBe('provider_bad_answer');
  });
});

describe('TLS', () => {
  it('verifies certificates, and trusts an extra CA only when given', async () => {
    const secure = await startFaultProvider({ tls: true });
    const trusting = new ProviderClient({ extraCa: TEST_CA() });
    try {
      const e = await failure(client.balance(parseBaseUrl(secure.base), KEY));
      expect(e.code).toBe('provider_unreachable');
      expect(e.message).toMatch(/certificate/);
      expect(secure.targets).toEqual([]);
      expect((await trusting.balance(parseBaseUrl(secure.base), KEY)).value.balance).toBe('4983.8709677419');
      expect(
        (await trusting.balance(parseBaseUrl(secure.base.replace('127.0.0.1', 'localhost')), KEY)).value.balance,
      ).toBe('4983.8709677419');
    } finally {
      trusting.close();
      await secure.close();
    }
  });
});

describe('bounds', () => {
  it('coalesces identical calls in flight into one upstream request', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    provider.behave = (_req, res) => {
      void gate.then(() => {
        xml(res, BALANCE_XML);
      });
    };
    const base = parseBaseUrl(provider.base);
    const calls = Array.from({ length: 10 }, () => client.balance(base, KEY, '+1 week'));
    await waitFor(() => provider.targets.length === 1);
    release();
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.value.balance === '4983.8709677419')).toBe(true);
    expect(provider.targets).toHaveLength(1);
  });

  it('bounds the requests in flight per account; other accounts are not held up', async () => {
    const patient = new ProviderClient({ limits: { answerTimeoutMs: 5_000 }, maxInFlightPerAccount: 3 });
    try {
      provider.behave = (req, res) => {
        if (req.url?.includes('other') === true) xml(res, BALANCE_XML);
        // the hanging account's requests stay open until the test ends
      };
      const base = parseBaseUrl(provider.base);
      const hung = Array.from({ length: 8 }, (_, i) =>
        patient.balance(base, 'hanging-key-0123456789', `+${i} day`).catch((e: unknown) => e),
      );
      let settled = 0;
      for (const h of hung) void h.then(() => (settled += 1));
      await waitFor(() => provider.open() === 3);
      // Not held up: the other account's answer comes while every hanging call is still waiting
      // for its 5 s deadline (a wait behind them would come after some had timed out).
      expect((await patient.balance(base, 'other-key-0123456789')).value.balance).toBe('4983.8709677419');
      expect(settled).toBe(0);
      expect(provider.targets.filter((t) => t.includes('hanging'))).toHaveLength(3);
      const outcomes = await Promise.all(hung);
      expect(outcomes.every((o) => o instanceof ProviderError && o.code === 'provider_timeout')).toBe(true);
    } finally {
      patient.close();
    }
  }, 15_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}
