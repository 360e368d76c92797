// Generates hostile HTTP requests as raw bytes, deterministically from a seed, so a failure
// can be replayed. Each case says what a correct server must do with it.
import { mulberry32 } from '../helpers/prng.ts';

export type Expect =
  | 'ok' // a well-formed request with the right key: 200 and an XML body
  | 'refused' // well-formed but wrong (bad key, method, path, host): a 4xx
  | 'no5xx'; // anything else: any answer below 500

export interface FuzzCase {
  family: string;
  bytes: Buffer;
  expect: Expect;
}

const PHRASES = [
  '+1 week',
  '-1 week',
  'now',
  'tomorrow',
  '2026-02-29',
  '1st May 2008',
  'next monday',
  'last day of next month',
  '@1700000000',
  '24:00',
  'noon',
  '2026-13-45',
  'a week ago',
  'in 3 days',
  '99999999999',
  '-999999 years',
  '0000-00-00 00:00:00',
  'Sat, 28 Nov 2026 10:35:00 +0000',
  'third friday of january 2027',
  '+1 month -2 days 3 hours',
  // Edges: instants far outside any calendar, float-precision limits, non-ASCII look-alikes.
  '@-9999999999999999',
  '-99999999999 years',
  '@1e308',
  '@9007199254740993',
  '+9007199254740993 seconds',
  '-2147483649 days',
  '9999-12-31 23:59:59',
  '-0001-01-01',
  '24:60:60',
  '2026-W53-7',
  'last day of february 2100',
  '\u00a0+1 week',
  '+1 week\u200b',
  '\uff12\uff10\uff12\uff16-01-01',
  'next monday \u{1f600}',
  '1 \u0399\u03b1\u03bd\u03bf\u03c5\u03b1\u03c1\u03af\u03bf\u03c5',
  '\u202e+1 week',
];
const WORDS = [
  'next',
  'last',
  'this',
  'first',
  'of',
  'week',
  'day',
  '+1',
  '-',
  'ago',
  'monday',
  'at',
  '12',
  ':',
  'pm',
  'T',
  'Z',
  '.',
  ',',
  '/',
];

export class Fuzzer {
  readonly #r: () => number;
  readonly #port: number;
  readonly #key: string;

  constructor(seed: number, port: number, key: string) {
    this.#r = mulberry32(seed);
    this.#port = port;
    this.#key = key;
  }

  #int(n: number): number {
    return Math.floor(this.#r() * n);
  }
  #pick<T>(xs: readonly T[]): T {
    return xs[this.#int(xs.length)] as T;
  }

  #randomAscii(len: number): string {
    let s = '';
    for (let i = 0; i < len; i++) s += String.fromCharCode(32 + this.#int(95));
    return s;
  }

  #randomBytes(len: number): Buffer {
    const b = Buffer.alloc(len);
    for (let i = 0; i < len; i++) b[i] = this.#int(256);
    return b;
  }

  #phrase(): string {
    switch (this.#int(5)) {
      case 0:
        return this.#pick(PHRASES);
      case 1:
        return Array.from({ length: 1 + this.#int(12) }, () => this.#pick(WORDS)).join(
          this.#pick([' ', '', '  ', '\t']),
        );
      case 2:
        return this.#randomAscii(1 + this.#int(60));
      case 3:
        return this.#pick(PHRASES).toUpperCase();
      default:
        return this.#pick(PHRASES) + ' ' + this.#pick(PHRASES);
    }
  }

  /** A long adversarial phrase: repetition is what breaks backtracking parsers. */
  #hugePhrase(): string {
    const unit = this.#pick(['+1 week ', '1', 'next ', 'a', '0:', '-', '9999-', 'monday of ', ' ', '1st ']);
    return unit.repeat(Math.ceil((500 + this.#int(9000)) / unit.length));
  }

  #request(method: string, target: string, headers: string[], body = ''): Buffer {
    return Buffer.from(
      `${method} ${target} HTTP/1.1\r\n${headers.join('\r\n')}${headers.length > 0 ? '\r\n' : ''}\r\n${body}`,
      'latin1',
    );
  }

  #host(): string {
    return `Host: 127.0.0.1:${this.#port}`;
  }
  #path(): string {
    return this.#pick([
      '/account/get_balance/',
      '/account/get_balance',
      '/account/get_notification_settings/',
      '/account/get_notification_settings',
    ]);
  }

  next(): FuzzCase {
    const k = encodeURIComponent(this.#key);
    const family = this.#int(12);
    switch (family) {
      case 0: {
        // a good request with a random phrase: must be a 200, whatever the phrase
        const target = `/account/get_balance/?key=${k}&datetime=${encodeURIComponent(this.#phrase())}`;
        return {
          family: 'random datetime',
          expect: 'ok',
          bytes: this.#request(this.#pick(['GET', 'HEAD']), target, [this.#host()]),
        };
      }
      case 1: {
        // huge phrase, still a well-formed request below Node's header limit
        const target = `/account/get_balance/?key=${k}&datetime=${encodeURIComponent(this.#hugePhrase()).slice(0, 12_000)}`;
        return { family: 'huge datetime', expect: 'no5xx', bytes: this.#request('GET', target, [this.#host()]) };
      }
      case 2: {
        // overlong request line or header block
        const n = 20_000 + this.#int(100_000);
        const target =
          this.#r() < 0.5 ? `${this.#path()}?key=${k}&datetime=${'x'.repeat(n)}` : `/${'a/'.repeat(n / 2)}`;
        return { family: 'overlong', expect: 'no5xx', bytes: this.#request('GET', target, [this.#host()]) };
      }
      case 3: {
        // broken percent-encoding, encoded NUL and overlong UTF-8
        const bad = this.#pick([
          '%',
          '%%',
          '%zz',
          '%e0%80',
          '%c0%80',
          '%ff%fe',
          '%00',
          '%2',
          'a%00b',
          '%ed%a0%80',
          '%f4%90%80%80',
          '%u0041',
        ]);
        const where = this.#int(3);
        const target =
          where === 0
            ? `${this.#path()}?key=${k}&datetime=${bad}`
            : where === 1
              ? `${this.#path()}?key=${bad}`
              : `/account/${bad}/?key=${k}`;
        return { family: 'bad percent-encoding', expect: 'no5xx', bytes: this.#request('GET', target, [this.#host()]) };
      }
      case 4: {
        // raw NUL, control and invalid UTF-8 bytes inside the request line
        const raw = Buffer.concat([
          Buffer.from(`GET ${this.#path()}?key=${k}&datetime=`, 'latin1'),
          this.#randomBytes(1 + this.#int(40)),
          Buffer.from(` HTTP/1.1\r\n${this.#host()}\r\n\r\n`, 'latin1'),
        ]);
        return { family: 'raw bytes in query', expect: 'no5xx', bytes: raw };
      }
      case 5: {
        // other methods on the real paths
        const method = this.#pick([
          'POST',
          'PUT',
          'DELETE',
          'PATCH',
          'OPTIONS',
          'TRACE',
          'PROPFIND',
          'FOO',
          'get',
          'M-SEARCH',
          'PURGE',
          'LINK',
        ]);
        const body = this.#r() < 0.5 ? '' : this.#randomAscii(this.#int(200));
        return {
          family: 'odd method',
          expect: 'no5xx',
          bytes: this.#request(
            method,
            `${this.#path()}?key=${k}`,
            [this.#host(), `Content-Length: ${body.length}`],
            body,
          ),
        };
      }
      case 6: {
        // odd headers
        const h = this.#pick([
          'Host: evil.example',
          'Host: localhost.evil.example',
          'Host:',
          `Host: 127.0.0.1:${this.#port}\r\nHost: evil.example`,
          `Host: 127.0.0.1:${this.#port}\r\nX-Junk: ${'y'.repeat(this.#int(30_000))}`,
          `Host: [::1]:${this.#port}`,
          'Host: LOCALHOST',
          `Host: 127.0.0.1:${this.#port}\r\nContent-Length: abc`,
          `Host: 127.0.0.1:${this.#port}\r\nTransfer-Encoding: chunked, identity`,
          `Host: 127.0.0.1:${this.#port}\r\n folded: header`,
          `Host: 127.0.0.1:${this.#port}\r\nNo-Colon-Here`,
          `Host: 127.0.0.1:${this.#port}\r\nAccept: \u00ff\u00fe`,
          `Host: 127.0.0.1:${this.#port}\r\n` + Array.from({ length: 300 }, (_, i) => `X-${i}: ${i}`).join('\r\n'),
        ]);
        return { family: 'odd header', expect: 'no5xx', bytes: this.#request('GET', `${this.#path()}?key=${k}`, [h]) };
      }
      case 7: {
        // odd paths and request targets
        const target = this.#pick([
          '*',
          '/',
          '//account//get_balance//',
          '/account/get_balance/../get_notification_settings/',
          '/account/%2e%2e/%2e%2e/etc/passwd',
          `http://127.0.0.1:${this.#port}/account/get_balance/?key=${k}`,
          '/account/get_balance/;jsessionid=1',
          '/ACCOUNT/GET_BALANCE/',
          '/app/settings',
          '/app/ledger',
          '/account/get_balance/#frag',
          `/account/get_balance/?key=${k}&key=&key=${k}`,
          '/favicon.ico',
          `/${this.#randomAscii(1 + this.#int(50)).replace(/[\s]/g, '_')}`,
          `/account/get_balance/?${'&'.repeat(500)}`,
        ]);
        return { family: 'odd path', expect: 'no5xx', bytes: this.#request('GET', target, [this.#host()]) };
      }
      case 8: {
        // wrong or missing keys on well-formed requests: refused, never served
        const key = this.#pick([
          '',
          'nope',
          this.#key + 'x',
          this.#key.slice(1),
          ' ' + this.#key,
          this.#randomAscii(20),
        ]);
        const target = this.#r() < 0.2 ? this.#path() : `${this.#path()}?key=${encodeURIComponent(key)}`;
        return { family: 'bad key', expect: 'refused', bytes: this.#request('GET', target, [this.#host()]) };
      }
      case 9: // not HTTP at all, still ended by a blank line so the server has a whole message
        return {
          family: 'garbage',
          expect: 'no5xx',
          bytes: Buffer.concat([this.#randomBytes(1 + this.#int(300)), Buffer.from('\r\n\r\n')]),
        };
      case 10: {
        // protocol oddities
        const v = this.#pick(['HTTP/1.0', 'HTTP/0.9', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1 extra', 'http/1.1']);
        return {
          family: 'odd version',
          expect: 'no5xx',
          bytes: Buffer.from(`GET ${this.#path()}?key=${k} ${v}\r\n${this.#host()}\r\n\r\n`, 'latin1'),
        };
      }
      default: {
        // repeated and unknown arguments on a good request
        const extra = Array.from(
          { length: this.#int(50) },
          () => `${this.#pick(['datetime', 'x', 'foo[]', '', '=', 'key2'])}=${encodeURIComponent(this.#phrase())}`,
        ).join('&');
        return {
          family: 'extra args',
          expect: 'ok',
          bytes: this.#request('GET', `/account/get_balance/?${extra}&key=${k}`, [this.#host()]),
        };
      }
    }
  }
}
