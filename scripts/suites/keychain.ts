// Keychain suites: one against a real Secret Service (GNOME Keyring in a private D-Bus session,
// scripts/keyring-session.sh), one with no keychain at all (always runs).
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Suite, SuiteHelpers } from '../suite-list.ts';

const config = 'test/keychain/vitest.config.ts';

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export default function keychainSuites({ vitestSuite }: SuiteHelpers): Suite[] {
  const secretService: Suite = {
    ...vitestSuite(
      'keychain-secret-service',
      ['--config', config, 'test/keychain/secret-service.test.ts'],
      ['scripts/keyring-session.sh'],
    ),
    skipReason: () => {
      if (process.platform !== 'linux') return 'the Secret Service suite runs on Linux only';
      const missing = ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool'].filter(
        (p) => !onPath(p),
      );
      return missing.length > 0
        ? `${missing.join(', ')} not installed (apt-get install dbus dbus-x11 gnome-keyring libsecret-tools)`
        : undefined;
    },
  };
  // Without a session bus: the address points nowhere, so only the fallback paths can run.
  const noKeychain: Suite = {
    ...vitestSuite('keychain-none', ['--config', config, 'test/keychain/no-keychain.test.ts']),
    env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/am-no-bus' },
  };
  return [secretService, noKeychain];
}
