import { startService } from '/work/wt/hardening/test/helpers/service.ts';
import { rawRequest } from '/work/wt/hardening/test/reliability/helpers/raw-http.ts';
const svc = await startService({ accessLog: process.argv[2] === 'log' });
const auth = { Authorization: 'Bearer test-token-0123456789' };
await fetch(svc.base + '/app/demo', { method: 'POST', headers: auth });
for (const q of ['limit=2.5', 'offset=2.5', 'offset=1e400', 'limit=-1']) {
  const r = await fetch(svc.base + '/app/ledger?' + q, { headers: auth });
  console.log(q, r.status, (await r.text()).slice(0, 150));
}
for (const p of ['/account/get_balance/?key=x', '/', '/index.html', '/nope']) {
  const a = await rawRequest(svc.server.port, `GET ${p} HTTP/1.1\r\nHost: 127.0.0.256\r\n\r\n`);
  console.log('host256', p, a.status, a.body.toString().slice(0, 200));
}
const r = await fetch(svc.base + '/app/ledger', { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: JSON.stringify({ at: 'now', amount: '5' }) });
console.log('text/plain post', r.status);
await svc.close();
console.log(svc.logs.join('\n').slice(0, 2000));
