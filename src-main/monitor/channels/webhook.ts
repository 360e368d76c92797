// Alerts to a phone or another machine: each pushed alert is POSTed to the URL the user gave
// (`--notify-url`), as this app's JSON or in the form ntfy servers take. Deliveries go one at a
// time in order from a bounded queue, each tried again with growing waits and then dropped with
// a logged line; the monitor only ever enqueues, so a dead receiver never holds it up. The body
// carries the alert and the account's name, never a key; redirects are not followed (one could
// lead to plain http elsewhere). The address is a secret as a whole (an ntfy topic is one, a
// query may hold a token, `user:password@` a password), so logs name its scheme and host only;
// credentials in it are sent as `Authorization: Basic` (fetch refuses a URL that carries them),
// which ntfy takes for a user's password or an access token (`https://:tk_...@ntfy.example`).
import type { Alert } from '../../../src-shared/app-api.ts';
import type { Severity } from '../../../src-shared/account-status.ts';
import type { NotifyFormat } from '../../../src-shared/vocabulary.ts';
import type { AlertContext } from '../monitor.ts';
import type { Thread } from '../types.ts';
import { type AlertChannel, pushedTitle } from './channel.ts';
import { clearNtfy, ntfySequenceHeaders } from './ntfy-sequence.ts';
import { realTimers, type Timers } from '../../domain/timers.ts';
import { messageOf } from '../../../src-shared/message-of.ts';

export type WebhookTimers = Pick<Timers, 'setTimeout' | 'clearTimeout'>;

export interface WebhookOptions {
  /** Checked already: https, or http to a loopback host (config.ts). */
  url: URL;
  format: NotifyFormat;
  log: (line: string) => void;
  /** Waits before each new try; the alert is dropped after the last. */
  retryDelaysMs?: readonly number[];
  /** Each try's deadline. */
  timeoutMs?: number;
  /** Deliveries waiting at most, besides the one being tried; the oldest waiting is dropped beyond (with a logged line). */
  maxQueue?: number;
  timers?: WebhookTimers;
  /** Told when a delivery ends, delivered or dropped (tests wait on it). */
  onSettled?: (alert: Alert, delivered: boolean) => void;
}

/** About ten minutes of trying in all. */
export const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;

/** ntfy's priorities: 5 urgent, 4 high, 3 default, 2 low. */
const NTFY_PRIORITY: Record<Severity, number> = { critical: 4, warning: 4, unknown: 3, stale: 3, ok: 2 };
/** ntfy shows tags that are emoji short codes as emoji; the others as words. */
const NTFY_TAG: Record<Severity, string> = {
  critical: 'rotating_light',
  warning: 'warning',
  unknown: 'grey_question',
  stale: 'hourglass',
  ok: 'bar_chart',
};

/** A header value as ntfy reads it: plain ASCII, or RFC 2047's encoded-word for anything else. */
function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

interface Request {
  headers: Record<string, string>;
  body: string;
}

export function webhookRequest(alert: Alert, context: AlertContext, format: NotifyFormat): Request {
  const text = `${alert.title}: ${alert.text}`;
  if (format === 'ntfy')
    return {
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        title: headerText(pushedTitle(alert, { ...context, several: true })),
        priority: String(alert.urgent ? 5 : NTFY_PRIORITY[alert.severity]),
        tags: `${NTFY_TAG[alert.severity]},${alert.kind}`,
        ...ntfySequenceHeaders(context),
      },
      body: alert.text,
    };
  return {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account: alert.accountName,
      kind: alert.kind,
      state: context.state,
      balance: alert.balance,
      level: alert.level,
      at: new Date(alert.at.epochSeconds * 1000).toISOString().replace('.000Z', 'Z'),
      text,
    }),
  };
}

interface Delivery {
  alert: Alert;
  request: Request;
  tries: number;
}

/** Where deliveries go and how they sign in: the URL without credentials, and the header they become. */
export interface WebhookTarget {
  url: URL;
  authorization: string | undefined;
  /** Scheme and host (and port): all a log line may say of the address. */
  shown: string;
}

/**
 * The address as deliveries use it: `user:password@` taken out of the URL and made an
 * `Authorization: Basic` header (RFC 7617: the user name and password as UTF-8, percent-escapes
 * decoded), since fetch refuses a URL that carries them.
 */
export function webhookTarget(address: URL): WebhookTarget {
  const url = new URL(address.href);
  let authorization: string | undefined;
  if (url.username !== '' || url.password !== '') {
    const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return { url, authorization, shown: shownAddress(address) };
}

/** The part of a webhook address that may be printed: scheme and host, never the path (an ntfy topic), query or credentials. */
export function shownAddress(address: URL): string {
  return address.origin;
}

export class WebhookChannel implements AlertChannel {
  readonly #o: WebhookOptions;
  readonly #timers: WebhookTimers;
  readonly #target: WebhookTarget;
  /** The delivery being tried, or waiting to be tried again; never dropped to make room. */
  #current: Delivery | undefined;
  /** Deliveries waiting their turn, oldest first. */
  readonly #waiting: Delivery[] = [];
  #timer: unknown;
  #closed = false;
  #abort = new AbortController();

  constructor(options: WebhookOptions) {
    this.#o = options;
    this.#timers = options.timers ?? realTimers;
    this.#target = webhookTarget(options.url);
  }

  send(alert: Alert, context: AlertContext): void {
    if (this.#closed) return;
    this.#waiting.push({ alert, request: webhookRequest(alert, context, this.#o.format), tries: 0 });
    const max = this.#o.maxQueue ?? 100;
    while (this.#waiting.length > max) {
      const dropped = this.#waiting.shift();
      if (dropped !== undefined) this.#drop(dropped, `more than ${max} alerts were waiting`);
    }
    this.#next();
  }

  /** ntfy: the thread's notification is dismissed (ntfy-sequence.ts); a JSON receiver is told nothing. */
  withdraw(thread: Thread): void {
    if (this.#closed || this.#o.format !== 'ntfy') return;
    void clearNtfy(this.#target, thread, {
      signal: this.#abort.signal,
      timeoutMs: this.#o.timeoutMs ?? 10_000,
      log: this.#o.log,
    });
  }

  close(): void {
    this.#closed = true;
    this.#timers.clearTimeout(this.#timer);
    this.#abort.abort();
    this.#current = undefined;
    this.#waiting.length = 0;
  }

  #next(): void {
    if (this.#current !== undefined || this.#closed) return;
    const delivery = this.#waiting.shift();
    if (delivery === undefined) return;
    this.#current = delivery;
    this.#attempt(delivery);
  }

  #attempt(delivery: Delivery): void {
    void this.#try(delivery).then((outcome) => {
      if (this.#closed) return;
      const delays = this.#o.retryDelaysMs ?? RETRY_DELAYS_MS;
      if (outcome === 'delivered') {
        this.#current = undefined;
        this.#o.onSettled?.(delivery.alert, true);
        this.#next();
        return;
      }
      const wait = delays[delivery.tries - 1];
      if (outcome.final || wait === undefined) {
        this.#current = undefined;
        this.#drop(delivery, `${outcome.problem} (${delivery.tries} ${delivery.tries === 1 ? 'try' : 'tries'})`);
        this.#next();
        return;
      }
      this.#timer = this.#timers.setTimeout(() => {
        this.#attempt(delivery);
      }, wait);
    });
  }

  async #try(delivery: Delivery): Promise<'delivered' | { problem: string; final: boolean }> {
    delivery.tries += 1;
    const { url, authorization } = this.#target;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers:
          authorization === undefined ? delivery.request.headers : { ...delivery.request.headers, authorization },
        body: delivery.request.body,
        redirect: 'manual',
        signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(this.#o.timeoutMs ?? 10_000)]),
      });
      await response.body?.cancel();
      if (response.ok) return 'delivered';
      // A refusal that trying again cannot mend (a wrong address or topic): given up at once.
      const final =
        response.status >= 300 && response.status < 500 && response.status !== 408 && response.status !== 429;
      return { problem: `the receiver answered ${response.status}`, final };
    } catch (error: unknown) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return { problem: `${messageOf(error)}${cause}`, final: false };
    }
  }

  #drop(delivery: Delivery, why: string): void {
    const { alert } = delivery;
    this.#o.log(
      `webhook: dropped the alert "${alert.title}" of ${alert.at.datetime} for "${alert.accountName}" to ${this.#target.shown}: ${why}`,
    );
    this.#o.onSettled?.(delivery.alert, false);
  }
}
