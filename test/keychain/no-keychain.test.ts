// The keychain room without a keychain: no D-Bus at all, a D-Bus that never answers, a module
// that will not load, and keychain calls that hang or fail after start-up. Each must end in a
// visible session-only mode with a human reason, never a hang and never a plaintext file.
import { createServer, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  KeychainKeyVault,
  KeychainTimeoutError,
  keychainDisabledReason,
  openKeyVault,
  withTimeout,
  type KeychainBackend,
} from '../../src-main/keychain/index.ts';

const STORE = 'Secret Service (GNOME Keyring or KWallet)';
const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-nokeychain-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
});

/** An in-memory backend whose calls can be told to hang or fail. */
function fakeBackend(
  behaviour: { hang?: boolean; fail?: string; echo?: string } = {},
): KeychainBackend & { saved: Map<string, string>; aborted: number } {
  const saved = new Map<string, string>();
  const state = { aborted: 0 };
  const act = <T>(signal: AbortSignal, value: () => T): Promise<T> => {
    if (behaviour.fail !== undefined) return Promise.reject(new Error(behaviour.fail));
    if (behaviour.hang === true) {
      return new Promise<T>(() => {
        signal.addEventListener('abort', () => {
          state.aborted += 1;
        });
      });
    }
    return Promise.resolve(value());
  };
  return {
    store: STORE,
    saved,
    get aborted() {
      return state.aborted;
    },
    getPassword: (s, a, signal) => act(signal, () => behaviour.echo ?? saved.get(`${s}/${a}`) ?? null),
    setPassword: (s, a, p, signal) =>
      act(signal, () => {
        saved.set(`${s}/${a}`, p);
      }),
    deletePassword: (s, a, signal) => act(signal, () => saved.delete(`${s}/${a}`)),
  };
}

describe('openKeyVault with the real module and no working D-Bus', () => {
  it('falls back to session-only, saying the Secret Service is not available, when there is no bus', async () => {
    process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${join(dir, 'no-such-bus')}`;
    const logged: string[] = [];
    const vault = await openKeyVault({ service: 'am-test-nobus', timeoutMs: 5000, log: (l) => logged.push(l) });
    const status = vault.status();
    expect(status.mode).toBe('session');
    expect(status.store).toBe('this session only');
    expect(status.reason).toMatch(
      /^Secret Service \(GNOME Keyring or KWallet\) is not available: the D-Bus session bus cannot be reached \(.*\); the key is kept for this session only$/,
    );
    expect(logged).toEqual([`keychain: ${String(status.reason)}`]);
    await vault.set('ref-a', 'session-key-0123456');
    expect(await vault.get('ref-a')).toBe('session-key-0123456');
    expect(await vault.get('ref-b')).toBeUndefined();
    await vault.clear('ref-a');
    expect(await vault.get('ref-a')).toBeUndefined();
  });

  it('says there is no D-Bus session bus when none is set', async () => {
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    // With a display, libdbus would try to autolaunch a bus through X11 instead.
    const display = process.env.DISPLAY;
    delete process.env.DISPLAY;
    const vault = await openKeyVault({ service: 'am-test-unset', timeoutMs: 5000 });
    if (display !== undefined) process.env.DISPLAY = display;
    expect(vault.status().reason).toMatch(
      /^Secret Service \(GNOME Keyring or KWallet\) is not available: there is no D-Bus session bus \(/,
    );
  });

  describe('a bus that accepts the connection and never answers', () => {
    let server: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      server = createServer((socket) => {
        sockets.push(socket);
        socket.resume();
      });
      await new Promise<void>((resolve) => server.listen(join(dir, 'silent-bus'), resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    });

    it('hits the deadline of the first check and falls back instead of hanging', async () => {
      process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${join(dir, 'silent-bus')}`;
      const started = performance.now();
      const vault = await openKeyVault({ service: 'am-test-silent', timeoutMs: 700 });
      const elapsed = performance.now() - started;
      expect(vault.status().mode).toBe('session');
      expect(vault.status().reason).toContain('did not answer a first check within 0.7 s');
      expect(elapsed).toBeGreaterThanOrEqual(690);
      expect(elapsed).toBeLessThan(10_000); // generous: the point is "does not hang"
    });
  });
});

describe('openKeyVault with an injected backend', () => {
  it('uses the keychain when the probe round-trips, and removes the probe entry', async () => {
    const backend = fakeBackend();
    const vault = await openKeyVault({ loadBackend: () => Promise.resolve(backend), service: 'svc' });
    expect(vault.status()).toEqual({ mode: 'keychain', store: STORE });
    expect([...backend.saved.keys()]).toEqual([]);
    await vault.set('0a1b', 'k-0123456789abcdef');
    expect(backend.saved.get('svc/account:0a1b')).toBe('k-0123456789abcdef');
  });

  it('says why when the module cannot be loaded', async () => {
    const vault = await openKeyVault({ loadBackend: () => Promise.reject(new Error('Cannot find native binding')) });
    expect(vault.status()).toEqual({
      mode: 'session',
      store: 'this session only',
      reason:
        'the keychain module could not be loaded (Cannot find native binding); the key is kept for this session only',
    });
  });

  it('says why when the keychain returns a different secret', async () => {
    const vault = await openKeyVault({ loadBackend: () => Promise.resolve(fakeBackend({ echo: 'not-it' })) });
    expect(vault.status().reason).toBe(
      `${STORE} is not available (it returned a different secret than the one stored); the key is kept for this session only`,
    );
  });

  it('times out a hanging probe and aborts the call', async () => {
    const backend = fakeBackend({ hang: true });
    const vault = await openKeyVault({ loadBackend: () => Promise.resolve(backend), timeoutMs: 50 });
    expect(vault.status().reason).toBe(
      `${STORE} is not available (the keychain did not answer a write within 0.05 s (it may be locked and waiting for a password)); the key is kept for this session only`,
    );
    expect(backend.aborted).toBe(1);
  });

  it('skips the keychain when told to, with that reason', async () => {
    let loaded = false;
    const vault = await openKeyVault({
      disabled: 'turned off by ACCOUNT_MONITOR_KEYCHAIN=off',
      loadBackend: () => {
        loaded = true;
        return Promise.resolve(fakeBackend());
      },
    });
    expect(vault.status()).toEqual({
      mode: 'session',
      store: 'this session only',
      reason: 'turned off by ACCOUNT_MONITOR_KEYCHAIN=off',
    });
    expect(loaded).toBe(false);
  });
});

describe('KeychainKeyVault after start-up', () => {
  it('keeps one entry per account, reads each once, then answers from what it read or wrote', async () => {
    const backend = fakeBackend();
    backend.saved.set('account-monitor/account:aa', 'stored-before-12345');
    let reads = 0;
    const counting = {
      ...backend,
      store: backend.store,
      getPassword: (s: string, a: string, signal: AbortSignal) => {
        reads++;
        return backend.getPassword(s, a, signal);
      },
    };
    const vault = new KeychainKeyVault(counting);
    expect(await vault.get('aa')).toBe('stored-before-12345');
    expect(await vault.get('aa')).toBe('stored-before-12345');
    expect(await vault.get('bb')).toBeUndefined();
    await vault.set('bb', 'written-now-1234567');
    expect(await vault.get('bb')).toBe('written-now-1234567');
    expect(backend.saved.get('account-monitor/account:bb')).toBe('written-now-1234567');
    await vault.clear('aa');
    expect(await vault.get('aa')).toBeUndefined();
    expect(reads).toBe(2);
    expect([...backend.saved.keys()]).toEqual(['account-monitor/account:bb']);
  });

  it("reads the single-key era's entry once, and removes it when told to", async () => {
    const backend = fakeBackend();
    backend.saved.set('account-monitor/api-key', 'from-before-accounts-123');
    const vault = new KeychainKeyVault(backend);
    expect(await vault.legacy()).toBe('from-before-accounts-123');
    await vault.clearLegacy();
    expect(await vault.legacy()).toBeUndefined();
    expect([...backend.saved.keys()]).toEqual([]);
  });

  it('drops to session-only when a read hangs, and keeps working in memory', async () => {
    const backend = fakeBackend({ hang: true });
    const vault = new KeychainKeyVault(backend, { timeoutMs: 30 });
    expect(vault.status().mode).toBe('keychain');
    expect(await vault.get('aa')).toBeUndefined();
    expect(vault.status().reason).toContain('did not answer a read within 0.03 s');
    await vault.set('aa', 'kept-in-memory-123');
    expect(await vault.get('aa')).toBe('kept-in-memory-123');
    expect(backend.aborted).toBe(1); // later calls never reach the broken keychain
  });

  it('keeps the key for the session when a write fails', async () => {
    const vault = new KeychainKeyVault(fakeBackend({ fail: "Couldn't access platform storage: AccessDenied" }));
    await vault.set('aa', 'written-key-123456');
    expect(await vault.get('aa')).toBe('written-key-123456');
    expect(vault.status()).toEqual({
      mode: 'session',
      store: 'this session only',
      reason: `${STORE} is not available (Couldn't access platform storage: AccessDenied); the key is kept for this session only`,
    });
  });
});

describe('withTimeout', () => {
  it('passes the value through and clears its timer', async () => {
    expect(await withTimeout('a read', 1000, () => Promise.resolve('v'))).toBe('v');
  });
  it('rejects with KeychainTimeoutError and aborts the signal at the deadline', async () => {
    let signal: AbortSignal | undefined;
    const result = withTimeout('a read', 20, (s) => {
      signal = s;
      return new Promise<never>(() => undefined);
    });
    await expect(result).rejects.toBeInstanceOf(KeychainTimeoutError);
    expect(signal?.aborted).toBe(true);
  });
  it('turns a synchronous throw into a rejection', async () => {
    await expect(
      withTimeout('a read', 1000, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});

describe('keychainDisabledReason', () => {
  it('turns the keychain off only for ACCOUNT_MONITOR_KEYCHAIN=off', () => {
    expect(keychainDisabledReason({ ACCOUNT_MONITOR_KEYCHAIN: ' OFF ' })).toBe(
      'the keychain is turned off (ACCOUNT_MONITOR_KEYCHAIN=off); the key is kept for this session only',
    );
    expect(keychainDisabledReason({ ACCOUNT_MONITOR_KEYCHAIN: 'on' })).toBeUndefined();
    expect(keychainDisabledReason({})).toBeUndefined();
  });
});
