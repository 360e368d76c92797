// The desktop vault when the keychain's first check outlasts start-up's 5 s (an unlock prompt is
// up): session-only at first, saying it still waits; when the check answers, the keychain, with
// the keys entered meanwhile moved into it, and said once. The keychain itself is faked (the
// outside world): an in-memory backend and a check the test answers.
import { describe, expect, it, vi } from 'vitest';
import type { KeychainBackend } from '../../src-main/keychain/index.ts';
import { electronFake } from './fake-electron.ts';
import { deferred } from '../helpers/deferred.ts';

// The vault's own check runs as a utility process (keychain-probe.ts); here each test answers it.
vi.mock('electron', () => electronFake);
const { openDesktopVault } = await import('../../src-main/desktop/key-vault.ts');

function memoryBackend(): KeychainBackend & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    store: 'Test Keyring',
    entries,
    getPassword: (service, account) => Promise.resolve(entries.get(`${service}/${account}`) ?? null),
    setPassword: (service, account, password) => {
      entries.set(`${service}/${account}`, password);
      return Promise.resolve();
    },
    deletePassword: (service, account) => Promise.resolve(entries.delete(`${service}/${account}`)),
  };
}

describe('openDesktopVault', () => {
  it('starts session-only when the check is slow, and switches to the keychain when it answers', async () => {
    const backend = memoryBackend();
    const check = deferred();
    const told: string[] = [];
    const vault = await openDesktopVault({
      log: () => undefined,
      onSwitched: (m) => told.push(m),
      firstWaitMs: 50,
      loadBackend: () => Promise.resolve(backend),
      probe: () => check.promise,
    });
    expect(vault.status()).toMatchObject({
      mode: 'session',
      reason: expect.stringMatching(/still waiting for it \(an unlock prompt may be open\)$/) as unknown,
    });
    await vault.set('ref-1', 'key-one');
    await vault.set('ref-2', 'key-two');
    await vault.clear('ref-2');
    expect(backend.entries.size).toBe(0);
    check.resolve();
    await vi.waitFor(() => {
      expect(vault.status()).toEqual({ mode: 'keychain', store: 'Test Keyring' });
    });
    expect([...backend.entries]).toEqual([['account-monitor/account:ref-1', 'key-one']]);
    expect(await vault.get('ref-1')).toBe('key-one');
    expect(told).toEqual([
      'The keychain (Test Keyring) answered: API keys are kept in it from now on (1 entered meanwhile moved into it).',
    ]);
  });

  it('stays session-only, and says so in the log, when the check fails in the end', async () => {
    const check = deferred();
    const log: string[] = [];
    const vault = await openDesktopVault({
      log: (l) => log.push(l),
      onSwitched: () => undefined,
      firstWaitMs: 20,
      loadBackend: () => Promise.resolve(memoryBackend()),
      probe: () => check.promise,
    });
    check.reject(new Error('the prompt was dismissed'));
    await vi.waitFor(() => {
      expect(log.at(-1)).toBe('keychain: still no answer (the prompt was dismissed); keys stay for this session only');
    });
    expect(vault.status().mode).toBe('session');
  });

  it('uses the keychain at once when it answers in time', async () => {
    const vault = await openDesktopVault({
      log: () => undefined,
      onSwitched: () => undefined,
      loadBackend: () => Promise.resolve(memoryBackend()),
      probe: () => Promise.resolve(),
    });
    expect(vault.status()).toEqual({ mode: 'keychain', store: 'Test Keyring' });
  });
});
