// Query arguments byte for byte. The local API forwards a remote account's `datetime` (and key)
// to the provider unchanged: decoding to a JavaScript string would turn invalid UTF-8 into
// U+FFFD, so arguments are decoded to bytes ('+' is a space, %XX a byte, a stray '%' itself)
// and encoded again with every byte outside the unreserved set percent-encoded.

/** The last value of each argument of a request target's query, as bytes. */
export function queryBytes(target: string, name: string): Buffer | undefined {
  const q = target.indexOf('?');
  if (q === -1) return undefined;
  let found: Buffer | undefined;
  for (const part of target.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    if (decodeBytes(rawName).toString('latin1') !== Buffer.from(name, 'utf8').toString('latin1')) continue;
    found = decodeBytes(eq === -1 ? '' : part.slice(eq + 1));
  }
  return found;
}

const HEX = /^[0-9a-fA-F]{2}$/;

/** application/x-www-form-urlencoded decoding to bytes; malformed escapes stay as they are. */
export function decodeBytes(raw: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x2b) {
      out.push(0x20);
    } else if (c === 0x25 && HEX.test(raw.slice(i + 1, i + 3))) {
      out.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c < 0x80) {
      out.push(c);
    } else {
      // A raw non-ASCII character in the target: its UTF-8 bytes.
      const cp = raw.codePointAt(i) ?? c;
      if (cp > 0xffff) i++;
      out.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
    }
  }
  return Buffer.from(out);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte outside RFC 3986's unreserved set. */
export function encodeBytes(bytes: Buffer | string): string {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  let out = '';
  for (const byte of b) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
