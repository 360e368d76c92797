// The vault while the keychain is being probed: the first use that needs it starts a probe held
// back until then; the one-time legacy move waits without starting it.
import { describe, expect, it } from 'vitest';
import { PendingKeyVault, SessionKeyVault, type KeyVault } from '../../src-main/service/key-vault.ts';
import { deferred } from '../helpers/deferred.ts';

function held(): { vault: PendingKeyVault; started: () => number } {
  let starts = 0;
  const go = deferred();
  const opening = go.promise.then((): KeyVault => new SessionKeyVault('tests'));
  const vault = new PendingKeyVault(opening, () => {
    starts += 1;
    go.resolve();
  });
  return { vault, started: () => starts };
}

describe('PendingKeyVault', () => {
  it('says the keychain is being checked, and starts the probe when the window asks for its status', async () => {
    const { vault, started } = held();
    void vault.legacy();
    expect(started()).toBe(0);
    expect(vault.status()).toMatchObject({ store: 'checking the keychain' });
    expect(started()).toBe(1);
    await vault.ready();
    expect(vault.status().mode).toBe('session');
  });

  it('starts the probe for a key, and then answers it', async () => {
    const { vault, started } = held();
    const set = vault.set('ref', 'key-0123456789abcdef');
    expect(started()).toBe(1);
    await set;
    expect(await vault.get('ref')).toBe('key-0123456789abcdef');
  });
});
