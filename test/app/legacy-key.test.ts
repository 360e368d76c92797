// Before accounts had keychain entries of their own, the window kept one key in one entry
// (`api-key`). On the first start it moves to its account's entry: written there first, then the
// old entry removed; the window then shows that account. A key of no account here stays put.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, type App } from '../../src-main/app.ts';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { openStore } from '../../src-main/store/index.ts';

/** A keychain as an earlier version left it: one key under the single entry. */
class EarlierKeychain extends SessionKeyVault {
  legacyKey: string | undefined;
  readonly steps: string[] = [];
  constructor(legacyKey: string) {
    super('tests');
    this.legacyKey = legacyKey;
  }
  override legacy(): Promise<string | undefined> {
    return Promise.resolve(this.legacyKey);
  }
  override clearLegacy(): Promise<void> {
    this.steps.push('clear legacy');
    this.legacyKey = undefined;
    return Promise.resolve();
  }
  override set(ref: string, key: string): Promise<void> {
    this.steps.push('set');
    return super.set(ref, key);
  }
}

const NOW = Date.parse('2026-11-22T10:35:00Z');
let dir = '';
let app: App | undefined;
afterEach(() => {
  app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A data folder with one local account made before the app ever ran. */
function folderWithAccount(): { key: string; accountId: number } {
  dir = mkdtempSync(join(tmpdir(), 'am-legacy-'));
  const store = openStore(dir);
  const created = new AccountDomain({ store, timeZone: 'Europe/London', clock: () => NOW }).createAccount(
    'From before',
  );
  store.close();
  return created;
}

describe("the single-key era's key", () => {
  it("moves to its account's entry on the first start, and the window shows that account", async () => {
    const { key, accountId } = folderWithAccount();
    const vault = new EarlierKeychain(key);
    app = openApp({ dataDir: dir, timeZone: 'Europe/London', clock: () => NOW, vault, log: () => undefined });
    await app.ready;
    expect(vault.steps).toEqual(['set', 'clear legacy']);
    const ref = app.accounts.overview(accountId)?.vaultRef ?? '';
    expect(await vault.get(ref)).toBe(key);
    expect((await app.held.list()).map((h) => h.overview.name)).toEqual(['From before']);
  });

  it('stays where it is when it belongs to no account in this data folder', async () => {
    folderWithAccount();
    const vault = new EarlierKeychain('a-key-from-another-folder-0');
    const logs: string[] = [];
    app = openApp({ dataDir: dir, timeZone: 'Europe/London', clock: () => NOW, vault, log: (l) => logs.push(l) });
    await app.ready;
    expect(vault.legacyKey).toBe('a-key-from-another-folder-0');
    expect(await app.held.list()).toEqual([]);
    expect(logs.join('\n')).toMatch(/belongs to no account in this data folder; it was left where it is/);
  });
});
