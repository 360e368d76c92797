// Reading the spec endpoints' arguments from a request target, exactly as URLSearchParams reads
// them (a repeated argument: the last one counts; bad percent-encoding stays as it is) but
// without building one for every request: the plain shapes scripts send are split by hand, and
// anything unusual goes to URLSearchParams itself. test/service/query.test.ts holds the two
// to the same answers.

export interface SpecArguments {
  key: string | undefined;
  datetime: string | undefined;
}

/** The query of a URL, parsed leniently (bad percent-encoding stays as it is). Never throws. */
export function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

/** The last value of a query argument (a repeated argument: the last one counts). */
export function lastValue(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  return all.length === 0 ? undefined : all[all.length - 1];
}

export function lastQueryValue(url: string, name: string): string | undefined {
  return lastValue(queryOf(url), name);
}

// Lone surrogates would be replaced by URLSearchParams (it reads a USVString): leave those to it.
const SURROGATE = /[\ud800-\udfff]/;
const ENCODED = /[%+]/;

/** `key` and `datetime` of the query that follows position `q` (the '?', or -1 for none). */
export function specArguments(target: string, q: number): SpecArguments {
  if (q === -1) return { key: undefined, datetime: undefined };
  return splitQuery(target, q + 1) ?? viaSearchParams(target.slice(q + 1));
}

function viaSearchParams(query: string): SpecArguments {
  const params = new URLSearchParams(query);
  return { key: lastValue(params, 'key'), datetime: lastValue(params, 'datetime') };
}

/** The hand split, or undefined where only URLSearchParams can say (odd names or encodings). */
function splitQuery(target: string, from: number): SpecArguments | undefined {
  if (SURROGATE.test(target)) return undefined;
  let key: string | undefined;
  let datetime: string | undefined;
  let start = from;
  while (start <= target.length) {
    let end = target.indexOf('&', start);
    if (end === -1) end = target.length;
    let eq = target.indexOf('=', start);
    if (eq === -1 || eq > end) eq = end;
    const name = target.slice(start, eq);
    if (name === 'key' || name === 'datetime') {
      const value = decoded(target.slice(Math.min(eq + 1, end), end));
      if (value === undefined) return undefined;
      if (name === 'key') key = value;
      else datetime = value;
    } else if (ENCODED.test(name)) {
      // An encoded name may decode to one of ours.
      return undefined;
    }
    start = end + 1;
  }
  return { key, datetime };
}

/** '+' is a space, then percent-decoding; undefined when the bytes are not well-formed UTF-8. */
function decoded(raw: string): string | undefined {
  if (!ENCODED.test(raw)) return raw;
  return decodedAscii(raw) ?? decodedUtf8(raw);
}

/** Escapes of ASCII characters only ("%2B1%20week", "%40…"), by hand; undefined otherwise. */
function decodedAscii(raw: string): string | undefined {
  let out = '';
  let from = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 43) {
      out += `${raw.slice(from, i)} `;
      from = i + 1;
    } else if (c === 37) {
      const hi = hexValue(raw.charCodeAt(i + 1));
      const lo = hexValue(raw.charCodeAt(i + 2));
      // Malformed, or the first byte of a multi-byte character: leave it to the full decoder.
      if (hi < 0 || lo < 0 || hi > 7) return undefined;
      out += raw.slice(from, i) + String.fromCharCode(hi * 16 + lo);
      i += 2;
      from = i + 1;
    }
  }
  return out + raw.slice(from);
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

function decodedUtf8(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}
