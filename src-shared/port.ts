// TCP ports, read in one place for every source: the CLI's --port, ACCOUNT_MONITOR_PORT, the
// port saved by the desktop app, the port the window asks for over IPC and the one typed in the
// window. 0 means "any free port".

/** Below this, ports are the system's; the window does not offer them. */
export const FIRST_USER_PORT = 1024;
export const LAST_PORT = 65_535;

export type PortReading = { ok: true; port: number } | { ok: false; problem: string };

/**
 * A port from untrusted input: a whole number, or its decimal text. `userPortsOnly` refuses
 * 1 to 1023 (what a person picks in the window); scripts may name any port and are told by the
 * listener when it is not allowed. `problem` is a sentence without the source's name.
 */
export function readPort(value: unknown, options: { userPortsOnly?: boolean } = {}): PortReading {
  const port = typeof value === 'string' && /^\s*\d{1,5}\s*$/.test(value) ? Number(value) : value;
  const range =
    options.userPortsOnly === true
      ? `${FIRST_USER_PORT} to ${LAST_PORT} (or 0 for any free port)`
      : `0 to ${LAST_PORT}`;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > LAST_PORT) {
    return { ok: false, problem: `a port is a whole number from ${range}` };
  }
  if (options.userPortsOnly === true && port !== 0 && port < FIRST_USER_PORT) {
    return { ok: false, problem: `port ${port} is reserved for system services: choose one from ${range}` };
  }
  return { ok: true, port };
}
