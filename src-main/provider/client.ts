// The provider's two endpoints as typed calls. The request's own key and `datetime` bytes are
// forwarded unchanged (the provider's clock and zone resolve the phrase). Identical calls in
// flight at once share one upstream request, and each account (base URL + key) has at most a
// few requests in flight, so a hanging provider holds only its own account's callers.
import type { Settings as NotificationSettings } from '../../src-shared/app-api.ts';
import { endpointUrl, type BaseUrl } from './base-url.ts';
import type { BalanceDocument } from './documents.ts';
import { ProviderError } from './errors.ts';
import { Agents, DEFAULT_LIMITS, strictGet, timeoutError, type HttpLimits, type RawAnswer } from './http-get.ts';
import { encodeBytes } from './query.ts';

export interface ProviderClientOptions {
  limits?: Partial<HttpLimits>;
  /** PEM of an extra certificate authority to trust (a self-hosted provider). */
  extraCa?: string;
  /** Requests in flight at once per account; more wait their turn (within their deadline). */
  maxInFlightPerAccount?: number;
}

/** The XML reader, loaded on first use: most starts of the app never ask a provider. */
let documents: Promise<typeof import('./documents.ts')> | undefined;
const reader = (): Promise<typeof import('./documents.ts')> => (documents ??= import('./documents.ts'));

/** A validated answer and the provider's bytes, which the local API passes on unchanged. */
export interface Answer<T> {
  value: T;
  body: Buffer;
}

/** At most `size` tasks at once; the others wait in order, each no later than its deadline. */
class Gate {
  readonly #size: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  async run<T>(task: () => Promise<T>, deadline: number, onLate: () => Error): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so nobody can slip in between.
    if (this.#running >= this.#size) await this.#turn(deadline, onLate);
    else this.#running++;
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  /** Nothing running and nobody waiting: the gate can be dropped. */
  get unused(): boolean {
    return this.#running === 0 && this.#waiting.length === 0;
  }

  #turn(deadline: number, onLate: () => Error): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          const i = this.#waiting.indexOf(wake);
          if (i !== -1) this.#waiting.splice(i, 1);
          reject(onLate());
        },
        Math.max(0, deadline - Date.now()),
      );
      this.#waiting.push(wake);
    });
  }
}

export class ProviderClient {
  readonly #agents: Agents;
  readonly #limits: HttpLimits;
  readonly #perAccount: number;
  readonly #inFlight = new Map<string, Promise<RawAnswer>>();
  readonly #gates = new Map<string, Gate>();

  constructor(options: ProviderClientOptions = {}) {
    this.#agents = new Agents(options.extraCa);
    this.#limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.#perAccount = options.maxInFlightPerAccount ?? 4;
  }

  /** `get_balance`; `datetime` absent means the argument is left out, as the caller left it out. */
  async balance(base: BaseUrl, key: string, datetime?: Buffer | string): Promise<Answer<BalanceDocument>> {
    const query = `key=${encodeBytes(key)}${datetime === undefined ? '' : `&datetime=${encodeBytes(datetime)}`}`;
    const raw = await this.#get(base, key, endpointUrl(base, 'get_balance', query));
    return { value: (await reader()).readBalanceDocument(raw.body), body: raw.body };
  }

  async settings(base: BaseUrl, key: string): Promise<Answer<NotificationSettings>> {
    const raw = await this.#get(base, key, endpointUrl(base, 'get_notification_settings', `key=${encodeBytes(key)}`));
    return { value: (await reader()).readSettingsDocument(raw.body), body: raw.body };
  }

  close(): void {
    this.#agents.destroy();
  }

  async #get(base: BaseUrl, key: string, url: URL): Promise<RawAnswer> {
    const id = url.href;
    let pending = this.#inFlight.get(id);
    if (pending === undefined) {
      const account = `${base.href}\u0000${key}`;
      let gate = this.#gates.get(account);
      if (gate === undefined) {
        gate = new Gate(this.#perAccount);
        this.#gates.set(account, gate);
      }
      const g = gate;
      const startedAt = Date.now();
      const late = (): Error => timeoutError(this.#limits);
      pending = g
        .run(
          () => strictGet(url, this.#agents, this.#limits, startedAt),
          startedAt + this.#limits.answerTimeoutMs,
          late,
        )
        .finally(() => {
          this.#inFlight.delete(id);
          if (g.unused && this.#gates.get(account) === g) this.#gates.delete(account);
        });
      this.#inFlight.set(id, pending);
    }
    const raw = await pending;
    if (raw.status === 403)
      throw new ProviderError('invalid_key', 'the provider refused the key', raw.retryAfterSeconds);
    if (raw.status !== 200) {
      throw new ProviderError(
        'provider_bad_answer',
        `the provider answered HTTP ${raw.status} instead of 200`,
        raw.retryAfterSeconds,
      );
    }
    return raw;
  }
}
