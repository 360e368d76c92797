// Against a real Secret Service: GNOME Keyring in a private D-Bus session started by
// scripts/keyring-session.sh (which sets AM_KEYRING_SESSION). Each test uses its own service
// name so nothing touches a real key, and secret-tool checks the keychain independently.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeychainKeyVault, loadNapiKeyringBackend, openKeyVault } from '../../src-main/keychain/index.ts';

const inSession = process.env.AM_KEYRING_SESSION === '1';

function secretTool(...args: string[]): string {
  try {
    return execFileSync('secret-tool', args, { encoding: 'utf8' });
  } catch {
    return ''; // secret-tool exits 1 when nothing matches
  }
}

function dbus(method: string, ...args: string[]): string {
  return execFileSync(
    'dbus-send',
    [
      '--session',
      '--print-reply',
      '--dest=org.freedesktop.secrets',
      '/org/freedesktop/secrets',
      `org.freedesktop.Secret.Service.${method}`,
      ...args,
    ],
    { encoding: 'utf8' },
  );
}

function defaultCollection(): string {
  const path = /object path "([^"]+)"/.exec(dbus('ReadAlias', 'string:default'))?.[1];
  if (path === undefined) throw new Error('no default collection');
  return path;
}

describe.skipIf(!inSession)('keychain vault on a real Secret Service (GNOME Keyring)', () => {
  it("finds the keychain and stores each account's key in its own entry, where the Secret Service sees it", async () => {
    const service = `am-test-${randomUUID()}`;
    const vault = await openKeyVault({ service, account: 'api-key' });
    expect(vault.status()).toEqual({ mode: 'keychain', store: 'Secret Service (GNOME Keyring or KWallet)' });
    expect(await vault.get('a1')).toBeUndefined();
    await vault.set('a1', 'key-one-0123456789');
    await vault.set('b2', 'key-two-0123456789');
    expect(secretTool('lookup', 'service', service, 'username', 'account:a1')).toBe('key-one-0123456789');
    expect(secretTool('lookup', 'service', service, 'username', 'account:b2')).toBe('key-two-0123456789');
    expect(await vault.get('a1')).toBe('key-one-0123456789');
  });

  it('keeps a key across vaults (a restart), replaces it, and forgets it on clear', async () => {
    const service = `am-test-${randomUUID()}`;
    const first = await openKeyVault({ service });
    await first.set('a1', 'first-key-aaaaaaaa');
    const second = await openKeyVault({ service });
    expect(await second.get('a1')).toBe('first-key-aaaaaaaa');
    await second.set('a1', 'second-key-bbbbbbb');
    expect(await (await openKeyVault({ service })).get('a1')).toBe('second-key-bbbbbbb');
    await second.clear('a1');
    expect(await (await openKeyVault({ service })).get('a1')).toBeUndefined();
    expect(secretTool('lookup', 'service', service, 'username', 'account:a1')).toBe('');
    await second.clear('a1'); // clearing twice is not an error
    expect(second.status().mode).toBe('keychain');
  });

  it("reads the single-key era's entry, and removes it", async () => {
    const service = `am-test-${randomUUID()}`;
    execFileSync('secret-tool', ['store', '--label', 'old', 'service', service, 'username', 'api-key'], {
      input: 'old-single-key-0123456',
    });
    const vault = await openKeyVault({ service });
    expect(await vault.legacy()).toBe('old-single-key-0123456');
    await vault.clearLegacy();
    expect(secretTool('lookup', 'service', service, 'username', 'api-key')).toBe('');
  });

  it('leaves no probe entry behind and keeps services apart', async () => {
    const a = `am-test-${randomUUID()}`;
    const b = `am-test-${randomUUID()}`;
    const vaultA = await openKeyVault({ service: a });
    const vaultB = await openKeyVault({ service: b });
    await vaultA.set('a1', 'key-for-a-1234567');
    expect(await vaultB.get('a1')).toBeUndefined();
    // secret-tool prints attributes on stderr; the label keyring-rs writes is "keyring:ACCOUNT@SERVICE".
    const labels = secretTool('search', '--all', 'service', a).match(/^label = .*$/gm);
    expect(labels).toEqual([`label = keyring:account:a1@${a}`]);
  });

  // Last in the file: it leaves the collection locked (unlocking needs a prompt, and there is none).
  it('goes session-only, with the reason, when the keyring is locked and nobody can unlock it', async () => {
    const service = `am-test-${randomUUID()}`;
    const backend = await loadNapiKeyringBackend();
    const logged: string[] = [];
    await new KeychainKeyVault(backend, { service }).set('a1', 'locked-key-1234567');
    // A vault that has not read the key yet (a fresh start), so its read reaches the keyring.
    const vault = new KeychainKeyVault(backend, { service, timeoutMs: 5000, log: (line) => logged.push(line) });
    expect(secretTool('lookup', 'service', service, 'username', 'account:a1')).toBe('locked-key-1234567');
    const collection = defaultCollection();
    dbus('Lock', `array:objpath:${collection}`);
    // No display here, so the unlock prompt cannot be shown: the read fails instead of hanging.
    expect(await vault.get('a1')).toBeUndefined();
    const status = vault.status();
    expect(status.mode).toBe('session');
    expect(status.reason).toMatch(
      /^Secret Service \(GNOME Keyring or KWallet\) is not available: the keyring is locked and could not be unlocked \(.+\); the key is kept for this session only$/,
    );
    expect(logged).toEqual([`keychain: ${String(status.reason)}`]);
    // The app still works for this session.
    await vault.set('a1', 'session-key-123456');
    expect(await vault.get('a1')).toBe('session-key-123456');
  });
});
