// The local API mirrors the provider: for a connected account's key, the local endpoints answer
// byte for byte what the provider answers for the same arguments. The provider is a second
// instance of this project's server with its own clock (2031, New York) and the local one has
// another (2026, London), so a phrase resolved here instead of upstream would show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../helpers/service.ts';
import { startFaultProvider } from '../provider/fault-provider.ts';
import { connectTo, PROVIDER_KEY, startProvider, type ProviderInstance } from './helpers.ts';

let provider: ProviderInstance;
let local: TestService;
const key = encodeURIComponent(PROVIDER_KEY);

beforeAll(async () => {
  provider = await startProvider();
  local = await startService();
  await connectTo(local, `${provider.base}/`, PROVIDER_KEY);
});
afterAll(async () => {
  await local.close();
  await provider.close();
});

/** A query value as bytes (application/x-www-form-urlencoded: '+' is a space, %XX a byte): the test's own reading. */
function formBytes(raw: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '+') out.push(0x20);
    else if (raw[i] === '%' && /^[0-9a-f]{2}$/i.test(raw.slice(i + 1, i + 3))) {
      out.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(...Buffer.from(raw[i] ?? '', 'utf8'));
  }
  return Buffer.from(out);
}

async function both(
  pathAndQuery: string,
  method = 'GET',
): Promise<[{ status: number; body: string }, { status: number; body: string }]> {
  const ask = async (base: string) => {
    const res = await fetch(base + pathAndQuery, { method });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()).toString('latin1') };
  };
  return [await ask(provider.base), await ask(local.base)];
}

/** `datetime` arguments exactly as they appear in the query (already percent-encoded, or raw). */
const DATETIMES = [
  ...[
    '+1 week',
    '-1 week',
    'now',
    'today',
    'tomorrow 09:00',
    'yesterday noon',
    '1st May 2008',
    '2026-11-22',
    '2031-05-01 07:59:59',
    'last day of next month',
    'first monday of january 2032',
    '@1796000000',
    '+1 month -2 days',
    'next friday',
    'noon',
    'I have 2 cats',
    '10/11/2031',
    '2031-13-45',
    '+1 week 2 days 4 hours 2 seconds',
    'midnight',
    'saturday this week',
    '3 days ago',
    'a+b/c=d&e#f',
    '1 + 1 = 2 & so # on',
    'x'.repeat(300),
    `+1 day ${'y'.repeat(280)}`,
    'äöü 2031-06-01',
    '\u{1F600}',
  ].map((p) => encodeURIComponent(p)),
  '',
  '%FF%FE',
  '%C3%28',
  '%ED%A0%80',
  '100%',
  '%zz',
  '%2',
  'a%00b',
  '+1+week',
  '%2B1%20week',
  '+1%2Bweek',
  '2031-06-01%2B02%3A00',
];

describe('get_balance for a connected account', () => {
  it('answers exactly what the provider answers, for every phrase', async () => {
    for (const datetime of DATETIMES) {
      const [upstream, mirrored] = await both(`/account/get_balance/?key=${key}&datetime=${datetime}`);
      expect(upstream.status, datetime).toBe(200);
      expect(mirrored, datetime).toEqual(upstream);
    }
  });

  it('passes the absent argument as absent and the last of repeated arguments', async () => {
    for (const query of [
      `key=${key}`,
      `datetime=a&key=${key}&datetime=%2B2%20days`,
      `key=nope&key=${key}`,
      `key=${key}&datetime`,
    ]) {
      const [upstream, mirrored] = await both(`/account/get_balance?${query}`);
      expect(mirrored, query).toEqual(upstream);
    }
  });

  it('sends the provider the bytes the request carried, whatever they are', async () => {
    const recorder = await startFaultProvider();
    try {
      await connectTo(local, recorder.base, 'recorded-key+/=&#-0123', 'Recorder');
      for (const datetime of DATETIMES) {
        recorder.targets.length = 0;
        expect(
          (
            await fetch(
              `${local.base}/account/get_balance/?key=${encodeURIComponent('recorded-key+/=&#-0123')}&datetime=${datetime}`,
            )
          ).status,
          datetime,
        ).toBe(200);
        const [target] = recorder.targets;
        const query = new Map(
          (target ?? '')
            .split('?')[1]
            ?.split('&')
            .map((p) => [p.split('=')[0], p.slice(p.indexOf('=') + 1)]) ?? [],
        );
        expect(formBytes(query.get('datetime') ?? 'absent'), datetime).toEqual(formBytes(datetime));
        expect(formBytes(query.get('key') ?? ''), datetime).toEqual(Buffer.from('recorded-key+/=&#-0123'));
      }
    } finally {
      await recorder.close();
    }
  });

  it("resolves phrases with the provider's clock and zone, not this app's", async () => {
    const [, mirrored] = await both(`/account/get_balance/?key=${key}&datetime=%2B1%20week`);
    // The provider's now is 2031-05-01 08:00 in New York; this app's is 2026-11-22 10:35 in London.
    expect(mirrored.body).toContain('<datetime>2031-05-08 08:00:00</datetime>');
    const [, absent] = await both(`/account/get_balance/?key=${key}`);
    expect(absent.body).toContain('<datetime>2031-05-01 08:00:00</datetime>');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await fetch(`${local.base}/account/get_balance/?key=${key}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await res.text()).toBe('');
  });
});

describe('get_notification_settings for a connected account', () => {
  it('answers exactly what the provider answers', async () => {
    const [upstream, mirrored] = await both(`/account/get_notification_settings/?key=${key}`);
    expect(upstream.body).toContain('<level>2000</level>');
    expect(mirrored).toEqual(upstream);
  });
});

describe('disconnecting', () => {
  it('refuses the key locally exactly as an unknown key, and reconnecting brings the account back', async () => {
    const other = await startProvider('second-provider-key-000111');
    try {
      const id = await connectTo(local, `${other.base}/`, 'second-provider-key-000111', 'Second');
      expect((await fetch(`${local.base}/account/get_balance/?key=second-provider-key-000111`)).status).toBe(200);
      local.app.accounts.disconnect(id);
      const refused = await fetch(`${local.base}/account/get_balance/?key=second-provider-key-000111`);
      const unknown = await fetch(`${local.base}/account/get_balance/?key=never-heard-of-this-key-0`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe(await unknown.text());
      expect(local.app.accounts.list().map((a) => a.name)).not.toContain('Second');
      const again = await local.app.accounts.connect({ baseUrl: `${other.base}/`, key: 'second-provider-key-000111' });
      expect(again).toMatchObject({ accountId: id, reconnected: true });
      expect(local.app.store.observations.count(id)).toBe(2);
      expect((await fetch(`${local.base}/account/get_balance/?key=second-provider-key-000111`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses to connect a key this app already knows, before asking anyone', async () => {
    const mine = local.app.domain.createAccount('Kept here');
    const elsewhere = await startFaultProvider();
    try {
      await expect(local.app.accounts.connect({ baseUrl: elsewhere.base, key: mine.key })).rejects.toThrow(
        /belongs to an account kept in this app/,
      );
      await expect(local.app.accounts.connect({ baseUrl: elsewhere.base, key: PROVIDER_KEY })).rejects.toThrow(
        /already connected/,
      );
      // Each conflict has a code of its own, told apart without reading the words.
      const connect = async (body: object): Promise<[number, unknown]> => {
        const res = await fetch(`${local.base}/app/connect`, {
          method: 'POST',
          headers: { Authorization: 'Bearer test-token-0123456789', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return [res.status, ((await res.json()) as { error?: { code?: string } }).error?.code];
      };
      expect(await connect({ baseUrl: elsewhere.base, key: PROVIDER_KEY })).toEqual([409, 'key_in_use']);
      expect(await connect({ baseUrl: elsewhere.base, key: mine.key })).toEqual([409, 'key_in_use']);
      expect(await connect({ baseUrl: elsewhere.base, key: 'a-new-provider-key-0000', name: 'Kept here' })).toEqual([
        409,
        'name_taken',
      ]);
      expect(elsewhere.targets).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});
