// "The accounts the window holds" is one rule (domain/held-accounts.ts) that the app API and the
// monitor share. A key the window holds for this session only, because the data folder could
// not record that it is kept (read-only), shows in the window AND is watched by the monitor (so
// the tray and every channel): before, only the window counted it and the tray missed it.
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../helpers/service.ts';
import { startProvider, type ProviderInstance } from '../remote/helpers.ts';

let local: TestService | undefined;
let provider: ProviderInstance | undefined;
afterEach(async () => {
  await local?.close();
  await provider?.close();
  local = provider = undefined;
});

describe('the accounts the window holds', () => {
  it('include a connected account held for this session only, and the monitor watches it too', async () => {
    provider = await startProvider('held-for-the-session-key');
    local = await startService();
    const { app } = local;
    const { accountId } = await app.accounts.connect({ baseUrl: provider.base, key: provider.key, name: 'Remote' });
    // The data can no longer be written (a read-only folder, as SQLite reports it).
    app.store.db.pragma('query_only = ON');
    const added = await fetch(`${local.base}/app/key`, {
      method: 'POST',
      headers: { Authorization: 'Bearer test-token-0123456789', 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: provider.key }),
    });
    expect(added.status).toBe(200);
    expect(app.accounts.overview(accountId)?.keyKept).toBe(false);
    const listed = (await (
      await fetch(`${local.base}/app/accounts`, { headers: { Authorization: 'Bearer test-token-0123456789' } })
    ).json()) as { accounts: { name: string }[] };
    expect(listed.accounts.map((a) => a.name)).toEqual(['Remote']);
    expect((await app.watched()).map((w) => w.name)).toEqual(['Remote']);
    const view = await app.monitor.refresh();
    expect(view.accounts.map((a) => [a.name, a.reading.balance])).toEqual([['Remote', '8271.3666666667']]);
  });
});
