// Which names mean this machine's loopback interface: the one rule behind every check that lets
// something through because it stays on this machine (the Host a request must carry, plain http
// to a provider or a webhook, the address `serve` binds without --allow-remote). Only names
// that never leave the machine count: `localhost`, a 127.0.0.0/8 literal and `[::1]`. Not
// `localhost.` (with the trailing dot, a fully qualified name the resolver may ask DNS for), not
// `localhost.example.net`, not a name that merely resolves to 127.0.0.1.

/** One IPv4 octet as a URL parser reads it: 0 to 255, without leading zeros (those mean octal there). */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
const LOOPBACK_NAME = new RegExp(`^(?:localhost|127(?:\\.${OCTET}){3}|\\[::1\\]|::1)$`, 'i');

/**
 * True for a host name (a URL's `hostname`, a Host header without its port, an address to bind)
 * naming the loopback interface. IPv6's is `[::1]` in a URL and `::1` as an address to bind.
 */
export function isLoopbackName(name: string): boolean {
  return LOOPBACK_NAME.test(name);
}
