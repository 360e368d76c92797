// Alerts to a phone or another machine: each pushed alert is POSTed to the URL the user gave
// (`--notify-url`), as this app's JSON or in the form ntfy servers take. Deliveries go one at a
// time in order from a bounded queue, each tried again with growing waits and then dropped with
// a logged line; the monitor only ever enqueues, so a dead receiver never holds it up. The body
// carries the alert and the account's name, never a key; redirects are not followed (one could
// lead to plain http elsewhere); the URL is logged without its query (it may hold a token).
import type { Alert } from '../../../src-shared/app-api.ts';
import type { Severity } from '../../../src-shared/account-status.ts';
import type { NotifyFormat } from '../../../src-shared/vocabulary.ts';
import type { AlertContext } from '../monitor.ts';
import type { Thread } from '../types.ts';
import { type AlertChannel, pushedTitle } from './channel.ts';
import { clearNtfy, ntfySequenceHeaders } from './ntfy-sequence.ts';

export interface WebhookTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface WebhookOptions {
  /** Checked already: https, or http to a loopback host (config.ts). */
  url: URL;
  format: NotifyFormat;
  log: (line: string) => void;
  /** Waits before each new try; the alert is dropped after the last. */
  retryDelaysMs?: readonly number[];
  /** Each try's deadline. */
  timeoutMs?: number;
  /** Deliveries waiting at most; the oldest is dropped beyond (with a logged line). */
  maxQueue?: number;
  timers?: WebhookTimers;
  /** Told when a delivery ends, delivered or dropped (tests wait on it). */
  onSettled?: (alert: Alert, delivered: boolean) => void;
}

/** About ten minutes of trying in all. */
export const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;

const realTimers: WebhookTimers = {
  setTimeout: (callback, ms) => {
    const t = setTimeout(callback, ms);
    t.unref();
    return t;
  },
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

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

export class WebhookChannel implements AlertChannel {
  readonly #o: WebhookOptions;
  readonly #timers: WebhookTimers;
  readonly #queue: Delivery[] = [];
  readonly #where: string;
  #busy = false;
  #timer: unknown;
  #closed = false;
  #abort = new AbortController();

  constructor(options: WebhookOptions) {
    this.#o = options;
    this.#timers = options.timers ?? realTimers;
    this.#where = `${options.url.origin}${options.url.pathname}`;
  }

  send(alert: Alert, context: AlertContext): void {
    if (this.#closed) return;
    this.#queue.push({ alert, request: webhookRequest(alert, context, this.#o.format), tries: 0 });
    const max = this.#o.maxQueue ?? 100;
    while (this.#queue.length > max) {
      const dropped = this.#queue.shift();
      if (dropped !== undefined) this.#drop(dropped, `more than ${max} alerts were waiting`);
    }
    this.#next();
  }

  /** ntfy: the thread's notification is dismissed (ntfy-sequence.ts); a JSON receiver is told nothing. */
  withdraw(thread: Thread): void {
    if (this.#closed || this.#o.format !== 'ntfy') return;
    void clearNtfy(this.#o.url, thread, {
      signal: this.#abort.signal,
      timeoutMs: this.#o.timeoutMs ?? 10_000,
      log: this.#o.log,
    });
  }

  close(): void {
    this.#closed = true;
    this.#timers.clearTimeout(this.#timer);
    this.#abort.abort();
    this.#queue.length = 0;
  }

  #next(): void {
    if (this.#busy || this.#closed) return;
    const delivery = this.#queue[0];
    if (delivery === undefined) return;
    this.#busy = true;
    void this.#try(delivery).then((outcome) => {
      this.#busy = false;
      if (this.#closed) return;
      const delays = this.#o.retryDelaysMs ?? RETRY_DELAYS_MS;
      if (outcome === 'delivered') {
        this.#queue.shift();
        this.#o.onSettled?.(delivery.alert, true);
        this.#next();
        return;
      }
      const wait = delays[delivery.tries - 1];
      if (outcome.final || wait === undefined) {
        this.#queue.shift();
        this.#drop(delivery, `${outcome.problem} (${delivery.tries} ${delivery.tries === 1 ? 'try' : 'tries'})`);
        this.#next();
        return;
      }
      this.#busy = true;
      this.#timer = this.#timers.setTimeout(() => {
        this.#busy = false;
        this.#next();
      }, wait);
    });
  }

  async #try(delivery: Delivery): Promise<'delivered' | { problem: string; final: boolean }> {
    delivery.tries += 1;
    try {
      const response = await fetch(this.#o.url, {
        method: 'POST',
        headers: delivery.request.headers,
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
      return { problem: `${error instanceof Error ? error.message : String(error)}${cause}`, final: false };
    }
  }

  #drop(delivery: Delivery, why: string): void {
    this.#o.log(`webhook: dropped the alert "${delivery.alert.title}" for ${this.#where}: ${why}`);
    this.#o.onSettled?.(delivery.alert, false);
  }
}
