// The desktop without Electron: `serve` on a Linux desktop session sends each pushed alert to
// the OS notification service, org.freedesktop.Notifications on the session bus (GNOME, KDE,
// dunst, mako, notification-daemon all answer it), through @jellybrick/dbus-next (a maintained
// pure-JavaScript D-Bus client). With no session bus, or nothing answering that name, it says
// so once at start-up and stays quiet; nothing else changes. Windows and macOS have no such
// service: there it says, in the same one line, what `serve` offers instead.
//
// As the Desktop Notifications Specification has it: a later alert of the same thread replaces
// the notification the earlier one showed (`replaces_id`), and the thread's end closes it
// (CloseNotification); urgency is the `urgency` hint (critical stays until dismissed); where the
// server lists the `actions` capability a notification offers Open and, on a balance, Snooze
// until tomorrow (ActionInvoked is heard on the bus); where it lists `body-markup` the body is
// escaped, since a provider can choose what lands in it.
import type { Alert } from '../../../src-shared/app-api.ts';
import type { AlertContext } from '../monitor.ts';
import type { Thread } from '../types.ts';
import {
  ACTION_LABEL,
  type AlertChannel,
  type NotificationAction,
  notificationActions,
  pushedTitle,
} from './channel.ts';
import { messageOf } from '../../../src-shared/message-of.ts';

const NAME = 'org.freedesktop.Notifications';
const PATH = '/org/freedesktop/Notifications';

/** The small part of dbus-next used here (loaded only when there is a session bus). */
interface Bus {
  call(message: unknown): Promise<{ body: unknown[] } | null>;
  disconnect(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (message: BusMessage) => void): unknown;
}

interface BusMessage {
  type: number;
  interface?: string;
  member?: string;
  body: unknown[];
}

/** Notifications remembered for their actions and closing: a bound, should the server never say they closed. */
const REMEMBERED = 256;

export interface DesktopBusOptions {
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Told when a notification was handed over (its id) or failed (tests wait on it). */
  onSent?: (alert: Alert, id: number | undefined) => void;
  /** The OS (default this one's). */
  platform?: NodeJS.Platform;
  /** A person chose a button of a notification (servers that offer actions). */
  onAction?: (action: NotificationAction) => void;
}

/** The body as a server that reads markup shows it as written (the specification's subset of XML). */
export function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The OSes whose desktop notifications are not on D-Bus: only their desktop app shows them. */
const NOT_DBUS: Partial<Record<NodeJS.Platform, string>> = { win32: 'Windows', darwin: 'macOS' };

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
    log(`desktop notifications: off (cannot reach the D-Bus session bus: ${messageOf(error)})`);
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
  let capabilities: Set<string>;
  try {
    const [info, caps] = await Promise.race([
      Promise.all([call('GetServerInformation', '', []), call('GetCapabilities', '', [])]),
      connectFailure,
      new Promise<never>((_, reject) =>
        setTimeout(() => {
          reject(new Error('no answer within 5 s'));
        }, 5000).unref(),
      ),
    ]);
    capabilities = new Set(Array.isArray(caps?.body[0]) ? (caps.body[0] as unknown[]).map(String) : []);
    ready = true;
    const [server, vendor] = (info?.body ?? []) as string[];
    log(
      `desktop notifications: ${server ?? 'a notification service'}${vendor === undefined ? '' : ` (${vendor})`} on the D-Bus session bus`,
    );
  } catch (error: unknown) {
    log(`desktop notifications: off (nothing answers ${NAME} on the session bus: ${messageOf(error)})`);
    bus.disconnect();
    return none;
  }
  // Which notification shows each thread (its id), and what each id is about.
  const shown = new Map<string, Promise<number | undefined>>();
  const about = new Map<number, { key: string | undefined; actions: NotificationAction[] }>();
  const forget = (id: number): void => {
    const known = about.get(id);
    about.delete(id);
    if (known?.key !== undefined) shown.delete(known.key);
  };
  const offersActions = capabilities.has('actions') && options.onAction !== undefined;
  bus.on('message', (m) => {
    // Signals (type 4) of the notification service: an action chosen, a notification closed.
    if (m.type !== 4 || m.interface !== NAME) return;
    const id = typeof m.body[0] === 'number' ? m.body[0] : undefined;
    if (id === undefined || !about.has(id)) return;
    if (m.member === 'NotificationClosed') forget(id);
    if (m.member === 'ActionInvoked') {
      const key = String(m.body[1]);
      const action = key === 'default' ? { kind: 'open' as const } : about.get(id)?.actions.find((a) => a.kind === key);
      if (action !== undefined) options.onAction?.(action);
    }
  });
  // Signals are sent to whoever listens: ask the bus for the service's (a closed notification
  // is not replaced but shown anew; a button does what it says).
  await bus
    .call(
      new dbus.Message({
        destination: 'org.freedesktop.DBus',
        path: '/org/freedesktop/DBus',
        interface: 'org.freedesktop.DBus',
        member: 'AddMatch',
        signature: 's',
        body: [`type='signal',interface='${NAME}',path='${PATH}'`],
      }),
    )
    .catch((error: unknown) => {
      log(`desktop notifications: not told when notifications close or buttons are chosen (${messageOf(error)})`);
    });
  return {
    send: (alert: Alert, context: AlertContext) => {
      if (broken !== undefined) return;
      // Urgency (the spec's byte hint): critical stays on screen until dismissed.
      const urgency = alert.urgent || alert.severity === 'critical' ? 2 : alert.severity === 'ok' ? 0 : 1;
      const key = context.thread?.key;
      const actions = offersActions ? notificationActions(alert, context) : [];
      const body = capabilities.has('body-markup') ? escapeMarkup(alert.text) : alert.text;
      // One thread's notifications in turn: each replaces the one before (its id once known).
      const before = key === undefined ? undefined : shown.get(key);
      const sent = (before ?? Promise.resolve(undefined)).then(async (replaces) => {
        const reply = await call('Notify', 'susssasa{sv}i', [
          'Account Monitor',
          replaces ?? 0,
          '',
          pushedTitle(alert, context),
          body,
          // The default action is a click on the notification itself.
          actions.flatMap((a) => (a.kind === 'open' ? ['default', ACTION_LABEL.open] : [a.kind, ACTION_LABEL[a.kind]])),
          { urgency: new dbus.Variant('y', urgency), category: new dbus.Variant('s', 'x-account-monitor.alert') },
          -1,
        ]);
        const id = typeof reply?.body[0] === 'number' ? reply.body[0] : undefined;
        if (id !== undefined) {
          about.set(id, { key, actions });
          // Oldest first: a server that never says "closed" does not grow this.
          for (const old of about.keys()) {
            if (about.size <= REMEMBERED) break;
            forget(old);
          }
        }
        options.onSent?.(alert, id);
        return id;
      });
      const settled = sent.catch((error: unknown) => {
        log(`desktop notifications: could not show "${alert.title}": ${messageOf(error)}`);
        options.onSent?.(alert, undefined);
        return undefined;
      });
      if (key !== undefined) shown.set(key, settled);
    },
    withdraw: (thread: Thread) => {
      const showing = shown.get(thread.key);
      if (showing === undefined || broken !== undefined) return;
      shown.delete(thread.key);
      void showing.then(async (id) => {
        if (id === undefined) return;
        about.delete(id);
        await call('CloseNotification', 'u', [id]).catch((error: unknown) => {
          log(`desktop notifications: could not close a notification: ${messageOf(error)}`);
        });
      });
    },
    close: () => {
      bus.disconnect();
    },
  };
}
