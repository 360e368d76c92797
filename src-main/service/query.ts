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
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}
