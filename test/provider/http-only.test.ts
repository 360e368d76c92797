// What asking a provider loads (issue 36): an http provider (on loopback) is asked without
// Node's TLS side (node:https and node:tls: OpenSSL's, about 5 MB held by a long-running
// service), which only an https provider needs. Run in a fresh Node, whose module list is its own.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// A file URL, which an import takes on every platform (a Windows path's drive reads as a scheme).
const HTTP_GET = pathToFileURL(join(import.meta.dirname, '..', '..', 'src-main', 'provider', 'http-get.ts')).href;

const SCRIPT = `
const { createServer } = process.getBuiltinModule('node:http');
const { Agents, strictGet } = await import(process.env.HTTP_GET);
const before = new Set(process.moduleLoadList);
const server = createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'application/xml' }); res.end('<result/>'); });
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const agents = new Agents();
const answer = await strictGet(new URL('http://127.0.0.1:' + server.address().port + '/account/get_balance/?key=k'), agents);
agents.destroy();
server.close();
const loaded = process.moduleLoadList.filter((m) => !before.has(m) && /^NativeModule (tls|https)$/.test(m));
console.log(JSON.stringify({ status: answer.status, body: answer.body.toString(), loaded }));
`;

describe('the provider client over plain http', () => {
  it('answers without loading node:https or node:tls', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      env: { ...process.env, HTTP_GET },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout) as { status: number; body: string; loaded: string[] };
    expect(out).toEqual({ status: 200, body: '<result/>', loaded: [] });
  });
});
