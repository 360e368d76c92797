// Defect 3 of issue 33: the desktop app checked the keychain by running its own binary as Node
// (ELECTRON_RUN_AS_NODE), which the packaged app's fuses now forbid (electron-builder.yml; read
// back in test/electron/packaging.test.ts). The check runs as an Electron utility process instead,
// the same program `serve` runs (src-main/keychain/probe-child.ts). Under the fake Electron a
// utility process is that program run by this Node; there is no keychain here (no session bus),
// so the check answers with why.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
const { probeInUtilityProcess } = await import('../../src-main/desktop/keychain-probe.ts');
const { openDesktopVault } = await import('../../src-main/desktop/key-vault.ts');

const noBus = 'unix:path=/nonexistent/am-keychain-probe';
beforeAll(async () => {
  await electronFake.app.whenReady();
  process.env.DBUS_SESSION_BUS_ADDRESS = noBus;
});

describe('the keychain check in the desktop app', () => {
  it('runs the check program as a utility process, not Electron as Node, and reports its answer', async () => {
    const error = await probeInUtilityProcess({
      service: 'am-test',
      account: 'probe',
      timeoutMs: 30_000,
      platform: 'linux',
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const [fork] = recorded.utilityProcesses;
    expect(fork?.modulePath).toMatch(/src-main[\\/]keychain[\\/]probe-child\.ts$/);
    expect(fork?.args).toEqual(['am-test', 'probe', 'secret-service']);
    expect(fork?.options).toEqual({ stdio: 'pipe', serviceName: 'Account Monitor keychain check' });
    // The program ran and answered (no keychain here): a reason, not a crash of the program.
    expect(String(error)).not.toMatch(/exited with|Cannot find/);
    expect(String(error)).toMatch(/D-?Bus|Secret Service|secret/i);
  });

  it('is what the desktop vault uses by default', async () => {
    const before = recorded.utilityProcesses.length;
    const vault = await openDesktopVault({
      log: () => undefined,
      onSwitched: () => undefined,
      loadBackend: () =>
        Promise.resolve({
          store: 'Test Keyring',
          getPassword: () => Promise.resolve(null),
          setPassword: () => Promise.resolve(),
          deletePassword: () => Promise.resolve(true),
        }),
    });
    expect(recorded.utilityProcesses.length).toBe(before + 1);
    expect(vault.status().mode).toBe('session');
  });
});
