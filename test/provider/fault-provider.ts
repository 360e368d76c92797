// A provider that misbehaves on purpose, for the client's failure paths: it fakes the outside
// world (another company's server), never our own code. Each test sets `behave` to answer the
// way it needs; every request's raw target is recorded, so tests can check what was sent.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

export interface FaultProvider {
  base: string;
  port: number;
  /** Raw request targets, in arrival order. */
  targets: string[];
  behave: Behaviour;
  /** Requests being answered right now (for in-flight bounds). */
  open(): number;
  close(): Promise<void>;
}

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
export const TEST_CA = (): string => fixture('ca.pem');

export const BALANCE_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<result>\n  <datetime>2031-05-01 00:00:00</datetime>\n  <balance>4983.8709677419</balance>\n</result>\n';
export const SETTINGS_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<notificationsettings>\n  <usagealerts>\n    <bandwidth>\n      <value>90</value>\n    </bandwidth>\n  </usagealerts>\n</notificationsettings>\n';

export function xml(res: ServerResponse, body: string, status = 200, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/xml; charset=utf-8', ...headers });
  res.end(body);
}

export async function startFaultProvider(options: { tls?: boolean } = {}): Promise<FaultProvider> {
  const targets: string[] = [];
  const sockets = new Set<Socket>();
  let open = 0;
  const state: { behave: Behaviour } = {
    behave: (req, res) => {
      xml(res, req.url?.includes('get_balance') === true ? BALANCE_XML : SETTINGS_XML);
    },
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    targets.push(req.url ?? '');
    open++;
    res.on('close', () => {
      open--;
    });
    state.behave(req, res);
  };
  const server: Server =
    options.tls === true
      ? createHttpsServer({ key: fixture('server.key'), cert: fixture('server.pem') }, onRequest)
      : createHttpServer(onRequest);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    base: `${options.tls === true ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    targets,
    get behave() {
      return state.behave;
    },
    set behave(b: Behaviour) {
      state.behave = b;
    },
    open: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}
