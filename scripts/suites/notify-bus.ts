// The desktop notification channel (`serve` without Electron on a Linux desktop): a real
// notification daemon (dunst) on a private D-Bus session bus under a virtual display
// (scripts/notify-session.sh). Where those programs are missing it is reported skipped, with why.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Suite, SuiteHelpers } from '../suite-list.ts';

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

export default function notifyBusSuites({ vitestSuite }: SuiteHelpers): Suite[] {
  return [
    {
      ...vitestSuite(
        'notifications-dbus',
        ['--config', 'test/notify-bus/vitest.config.ts'],
        ['scripts/notify-session.sh'],
      ),
      skipReason: () => {
        if (process.platform !== 'linux') return 'the D-Bus notification suite runs on Linux only';
        const missing = ['xvfb-run', 'dbus-run-session', 'dbus-send', 'dunst', 'dunstctl'].filter((p) => !onPath(p));
        return missing.length > 0
          ? `${missing.join(', ')} not installed (apt-get install xvfb xauth dbus dbus-x11 dunst)`
          : undefined;
      },
    },
  ];
}
