// listen's onRequest: serve counts every request with it (optimizing-tiers.ts), whichever path
// answers it: the spec endpoints' fast path, the router, or the refusal of a foreign Host.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../helpers/service.ts';

let svc: TestService;
let told = 0;

beforeAll(async () => {
  svc = await startService({
    onRequest: () => {
      told += 1;
    },
  });
});
afterAll(async () => {
  await svc.close();
});

/** The status of a GET of `path` sent with `host` as its Host. */
function get(path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${svc.base}${path}`, { headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('onRequest', () => {
  it('is told of each request as it arrives, on every path through the server', async () => {
    const host = new URL(svc.base).host;
    const key = svc.app.domain.createAccount('counted').key;
    const before = told;
    // The fast path (a spec endpoint), the router (the app API without a token), a foreign Host.
    expect(await get(`/account/get_balance/?key=${key}`, host)).toBe(200);
    expect(await get('/app/accounts', host)).toBe(401);
    expect(await get('/account/get_balance/', 'example.com')).toBe(403);
    expect(told - before).toBe(3);
  });
});
