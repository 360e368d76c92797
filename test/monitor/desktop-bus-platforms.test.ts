// `serve` on Windows and macOS: there is no D-Bus notification service to look for, so the
// start-up line says what the server offers there instead (the page's browser notifications,
// the webhook or ntfy, the desktop app), never "no D-Bus session bus", which means nothing to a
// Windows user. Linux keeps looking for the session bus.
import { describe, expect, it } from 'vitest';
import { desktopBusChannel } from '../../src-main/monitor/channels/desktop-bus.ts';

async function startLines(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): Promise<string[]> {
  const lines: string[] = [];
  const channel = await desktopBusChannel({
    env,
    platform,
    log: (line) => {
      lines.push(line);
    },
  });
  channel.close();
  return lines;
}

describe('the desktop notification line at start-up', () => {
  for (const [platform, name] of [
    ['win32', 'Windows'],
    ['darwin', 'macOS'],
  ] as const) {
    it(`on ${name}: what serve offers there, with or without a bus address set`, async () => {
      for (const env of [{}, { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/am-test-bus' }]) {
        const lines = await startLines(platform, env);
        expect(lines).toHaveLength(1);
        const [line = ''] = lines;
        expect(line).toMatch(new RegExp(`^desktop notifications: on ${name} they come from the desktop app`));
        expect(line).toContain('"Notify me in this browser"');
        expect(line).toContain('--notify-url');
        expect(line).not.toMatch(/D-Bus|session bus/);
      }
    });
  }

  it('on Linux: still the session bus, and why there is none', async () => {
    expect(await startLines('linux', {})).toEqual([
      'desktop notifications: off (no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set)',
    ]);
  });
});
