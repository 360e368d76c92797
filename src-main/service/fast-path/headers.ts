// Response headers for node:http by body length: the spec's answers differ in a few lengths only,
// so each set (the XML headers and its Content-Length) is built and frozen once, and a cached
// answer carries its own (no object is built per request).
import { XML_HEADERS } from '../errors.ts';

const headersByLength = new Map<number, Readonly<Record<string, string>>>();

export function headersFor(length: number): Readonly<Record<string, string>> {
  let headers = headersByLength.get(length);
  if (headers === undefined) {
    headers = Object.freeze({ ...XML_HEADERS, 'Content-Length': String(length) });
    if (headersByLength.size < 4096) headersByLength.set(length, headers);
  }
  return headers;
}
