// Hostile requests to the app's own JSON API (/app/...), which the window uses: wrong types,
// broken JSON, huge numbers and ranges, garbage CSV, bodies of every content type, sent with
// and without a length, from the app's own origin, from other origins and from none. With the
// access token they get past the guard and reach the routes: any answer below 500, within a
// second, is right. Without it (none, a wrong one, one in a cookie) the only right answers are
// 401 and, for a change another origin asked for, 403: nothing may be read or changed.
import { mulberry32 } from '../helpers/prng.ts';

const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  2 ** 53 + 1,
  0.1,
  '',
  ' ',
  'none',
  'abc',
  '100',
  '-5',
  '1e400',
  '0x10',
  'NaN',
  'Infinity',
  '+1 week',
  '@9999999999999999',
  '-99999999999 years',
  'x'.repeat(5000),
  [],
  [1, 2],
  ['daily', 'hourly'],
  [70, 80, 90, 100],
  {},
  { a: { b: { c: [] } } },
  'daily',
  'weekly',
  'month',
  'day',
  'topup',
  'charge',
  'adjustment',
  '2026-01-01',
  '\u0000',
  '\ud800',
];
const FIELDS = [
  'key',
  'name',
  'baseUrl',
  'force',
  'at',
  'amount',
  'kind',
  'note',
  'every',
  'from',
  'until',
  'warningEnabled',
  'warningLevel',
  'summary',
  'disk',
  'bandwidth',
  '__proto__',
  'constructor',
];
const QUERIES = ['from', 'to', 'points', 'days', 'limit', 'offset', 'text', 'datetime'];
const QUERY_VALUES = [
  '',
  '0',
  '-1',
  '1e9',
  '99999999999',
  'NaN',
  '-99999999999 years',
  '+99999999999 years',
  '@9999999999999999',
  'yesterday',
  'now',
  '%zz',
  '%00',
  'x'.repeat(3000),
];
const CSV_LINES = [
  'at,amount,kind,note',
  '2026-01-01,100,topup,a',
  'not,a,real,line',
  ',,,',
  '2026-13-45,1,topup,',
  '"unterminated,1,topup,x',
  'yesterday,-5,charge,n',
  '2026-01-01,1e400,topup,',
  '\u0000,\u0000,\u0000,\u0000',
  'a,b',
];

const TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/csv',
  'text/csv; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  'APPLICATION/JSON',
  'application/json, text/csv',
];
const FETCH_SITES = ['same-origin', 'same-site', 'cross-site', 'none', 'x'];

/** One request, and whether it carries the right token. */
export interface AppCase {
  bytes: Buffer;
  withToken: boolean;
}

export class AppFuzzer {
  readonly #r: () => number;
  readonly #host: string;
  readonly #token: string;
  readonly #account: string;
  readonly #withToken: boolean;

  /**
   * `accountId`: the window's account (most requests address it; some address others).
   * `withToken`: every request carries the access token; otherwise none does (see #credentials).
   */
  constructor(seed: number, port: number, token: string, accountId: number, withToken = true) {
    this.#r = mulberry32(seed);
    this.#host = `127.0.0.1:${port}`;
    this.#token = token;
    this.#account = String(accountId);
    this.#withToken = withToken;
  }

  /** An account path: mostly the window's account, sometimes one it does not hold or no id at all. */
  #a(): string {
    return `/app/accounts/${this.#r() < 0.8 ? this.#account : this.#pick(['0', '999999', 'abc', '-1', '%00', '99999999999999999999', '1.5'])}`;
  }

  #int(n: number): number {
    return Math.floor(this.#r() * n);
  }
  #pick<T>(xs: readonly T[]): T {
    return xs[this.#int(xs.length)] as T;
  }

  #json(): string {
    switch (this.#int(6)) {
      case 0:
        return '{"unterminated": ';
      case 1:
        return JSON.stringify(this.#pick(VALUES));
      case 2:
        return '['.repeat(2000) + ']'.repeat(2000);
      default: {
        const o: Record<string, unknown> = {};
        for (let i = 0; i < 1 + this.#int(6); i++) o[this.#pick(FIELDS)] = this.#pick(VALUES);
        return JSON.stringify(o);
      }
    }
  }

  #csv(): string {
    return Array.from({ length: 1 + this.#int(20) }, (_, i) =>
      i === 0 && this.#r() < 0.7 ? CSV_LINES[0] : this.#pick(CSV_LINES),
    ).join(this.#pick(['\n', '\r\n', '\r']));
  }

  /** The credential headers: the token, or one of the ways of not having it. */
  #credentials(): string[] {
    if (this.#withToken) return [`Authorization: ${this.#pick(['Bearer', 'bearer', 'Bearer '])} ${this.#token}`];
    switch (this.#int(5)) {
      case 0:
        return [];
      case 1:
        return [`Authorization: Bearer ${this.#token}x`];
      case 2:
        return [`Cookie: am_token=${this.#token}`];
      case 3:
        return [`Authorization: Basic ${this.#token}`];
      default:
        return [`Authorization: Bearer ${this.#token.slice(0, -1)}`];
    }
  }

  /** Where a browser would say the request came from: nowhere (a script), this page, or another. */
  #origin(): string[] {
    switch (this.#int(6)) {
      case 0:
        return [`Origin: http://${this.#host}`, 'Sec-Fetch-Site: same-origin'];
      case 1:
        return [`Origin: http://127.0.0.1:${1 + this.#int(65535)}`];
      case 2:
        return ['Origin: null'];
      case 3:
        return [`Sec-Fetch-Site: ${this.#pick(FETCH_SITES)}`];
      default:
        return [];
    }
  }

  next(): AppCase {
    const route = this.#int(10);
    let method = 'GET';
    let path: string;
    let body = '';
    let type = 'application/json';
    switch (route) {
      case 0:
        method = 'PUT';
        path = `${this.#a()}/settings`;
        body = this.#json();
        break;
      case 1:
        method = 'POST';
        path = `${this.#a()}/${this.#pick(['ledger', 'refresh'])}`;
        body = this.#json();
        break;
      case 2:
        method = 'POST';
        path = this.#pick([`${this.#a()}/recurring`, '/app/connect']);
        body = this.#json();
        break;
      case 3:
        method = 'POST';
        path = `${this.#a()}/import`;
        body = this.#csv();
        type = 'text/csv';
        break;
      case 4:
        method = this.#pick(['DELETE', 'GET', 'PATCH']);
        path = `${this.#a()}/${this.#pick(['ledger', 'recurring'])}/${this.#pick(['1', '-1', '99999999999999999999', 'abc', '%00', '1.5'])}`;
        break;
      case 5:
        path = `${this.#pick([`${this.#a()}/series`, `${this.#a()}/forecast`, `${this.#a()}/ledger`, '/app/resolve', `${this.#a()}/xml/get_balance`, `${this.#a()}/balance`, '/app/status', `${this.#a()}/settings`, `${this.#a()}/recurring`, '/app/accounts', this.#a()])}?${Array.from({ length: 1 + this.#int(3) }, () => `${this.#pick(QUERIES)}=${encodeURIComponent(this.#pick(QUERY_VALUES))}`).join('&')}`;
        break;
      case 6:
        method = 'POST';
        path = '/app/account';
        body = this.#json();
        break;
      // Oversized bodies where the routes cap them small. The import takes files up to 128 MiB by
      // design and parses them on the event loop, so big imports are the concurrency suite's.
      case 7:
        method = this.#pick(['POST', 'PUT']);
        path = this.#pick([`${this.#a()}/settings`, `${this.#a()}/ledger`, `${this.#a()}/recurring`, '/app/connect']);
        body = 'x'.repeat(this.#int(3) === 0 ? 2_000_000 : 100);
        type = this.#pick(['application/json', 'text/csv', 'application/x-www-form-urlencoded']);
        break;
      case 8:
        method = 'POST';
        path = '/app/key';
        body = this.#json();
        break;
      default:
        path = `/app/${this.#pick(['', 'nope', '..%2f..%2fetc', 'accounts/../status', 'accounts/1/xml/../../../account/get_balance/'])}`;
        break;
    }
    if (this.#r() < 0.2) type = this.#pick(TYPES);
    const typeHeader = type === '' ? [] : [`Content-Type: ${type}`];
    const bytes = Buffer.from(body, 'utf8');
    // A fifth of the bodies come without a length, in chunks, as a streaming client sends them.
    const chunked = bytes.length > 0 && this.#r() < 0.2;
    const framing = chunked ? ['Transfer-Encoding: chunked'] : [`Content-Length: ${bytes.length}`];
    const head = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${this.#host}`,
      ...this.#credentials(),
      ...this.#origin(),
      ...typeHeader,
      ...framing,
      '',
      '',
    ];
    const payload = chunked
      ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n0\r\n\r\n')])
      : bytes;
    return { bytes: Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), payload]), withToken: this.#withToken };
  }
}
