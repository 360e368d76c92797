// The desktop without Electron: `serve` on a Linux desktop session sends each pushed alert to
// the OS notification service, org.freedesktop.Notifications on the session bus (GNOME, KDE,
// dunst, mako, notification-daemon all answer it), through @jellybrick/dbus-next (a maintained
// pure-JavaScript D-Bus client). With no session bus, or nothing answering that name, it says
// so once at start-up and stays quiet; nothing else changes. Windows and macOS have no such
// service: there it says, in the same one line, what `serve` offers instead.
import type { Alert } from '../../../src-shared/app-api.ts';
import type { AlertContext } from '../monitor.ts';
import { type AlertChannel, pushedTitle } from './channel.ts';

const NAME = 'org.freedesktop.Notifications';
const PATH = '/org/freedesktop/Notifications';

/** The small part of dbus-next used here (loaded only when there is a session bus). */
interface Bus {
  call(message: unknown): Promise<{ body: unknown[] } | null>;
  disconnect(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface DesktopBusOptions {
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Told when a notification was handed over (its id) or failed (tests wait on it). */
  onSent?: (alert: Alert, id: number | undefined) => void;
  /** The OS (default this one's). */
  platform?: NodeJS.Platform;
}

/** The OSes whose desktop notifications are not on D-Bus: only their desktop app shows them. */
const NOT_DBUS: Partial<Record<NodeJS.Platform, string>> = { win32: 'Windows', darwin: 'macOS' };

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Connects to the session bus and asks the notification service who it is, then says what it
 * found in one line. The channel it returns sends nothing when there is no service.
 */
export async function desktopBusChannel(options: DesktopBusOptions): Promise<AlertChannel> {
  const { log } = options;
  const address = options.env.DBUS_SESSION_BUS_ADDRESS?.trim();
  const none: AlertChannel = { send: () => undefined, close: () => undefined };
  const os = NOT_DBUS[options.platform ?? process.platform];
  if (os !== undefined) {
    log(
      `desktop notifications: on ${os} they come from the desktop app (npm start); this server sends alerts to the open page, which shows them as browser notifications once you choose "Notify me in this browser", to a webhook or ntfy topic (--notify-url), and to these lines`,
    );
    return none;
  }
  if (address === undefined || address === '') {
    log('desktop notifications: off (no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set)');
    return none;
  }
  let bus: Bus;
  let dbus: typeof import('@jellybrick/dbus-next');
  try {
    dbus = await import('@jellybrick/dbus-next');
    bus = dbus.sessionBus({ busAddress: address });
  } catch (error: unknown) {
    log(`desktop notifications: off (cannot reach the D-Bus session bus: ${message(error)})`);
    return none;
  }
  let broken: string | undefined;
  let ready = false;
  let failedToConnect: (error: Error) => void = () => undefined;
  const connectFailure = new Promise<never>((_, reject) => {
    failedToConnect = reject;
  });
  bus.on('error', (error) => {
    // Before the service answered, the failure is the start-up line's; after, said once.
    if (!ready) failedToConnect(error);
    else if (broken === undefined) log(`desktop notifications: the D-Bus session bus failed: ${error.message}`);
    broken = error.message;
  });
  const call = (member: string, signature: string, body: unknown[]): Promise<{ body: unknown[] } | null> =>
    bus.call(new dbus.Message({ destination: NAME, path: PATH, interface: NAME, member, signature, body }));
  try {
    const info = await Promise.race([
      call('GetServerInformation', '', []),
      connectFailure,
      new Promise<never>((_, reject) =>
        setTimeout(() => {
          reject(new Error('no answer within 5 s'));
        }, 5000).unref(),
      ),
    ]);
    ready = true;
    const [server, vendor] = (info?.body ?? []) as string[];
    log(
      `desktop notifications: ${server ?? 'a notification service'}${vendor === undefined ? '' : ` (${vendor})`} on the D-Bus session bus`,
    );
  } catch (error: unknown) {
    log(`desktop notifications: off (nothing answers ${NAME} on the session bus: ${message(error)})`);
    bus.disconnect();
    return none;
  }
  return {
    send: (alert: Alert, context: AlertContext) => {
      if (broken !== undefined) return;
      // Urgency (the spec's byte hint): critical stays on screen until dismissed.
      const urgency = alert.urgent || alert.severity === 'critical' ? 2 : alert.severity === 'ok' ? 0 : 1;
      call('Notify', 'susssasa{sv}i', [
        'Account Monitor',
        0,
        '',
        pushedTitle(alert, context),
        alert.text,
        [],
        { urgency: new dbus.Variant('y', urgency), category: new dbus.Variant('s', 'x-account-monitor.alert') },
        -1,
      ])
        .then((reply) => {
          options.onSent?.(alert, typeof reply?.body[0] === 'number' ? reply.body[0] : undefined);
        })
        .catch((error: unknown) => {
          log(`desktop notifications: could not show "${alert.title}": ${message(error)}`);
          options.onSent?.(alert, undefined);
        });
    },
    close: () => {
      bus.disconnect();
    },
  };
}
