// Background checks of connected accounts (desktop app and `serve`): every interval (10 minutes
// by default), and on demand ("Refresh now", the window gaining focus). While the provider fails,
// the wait doubles up to an hour; a Retry-After is always honoured. Timers are injected, so tests
// drive the schedule without waiting; the app's clock (which tests fix) only dates observations.
import { realTimers, type Timers } from '../domain/timers.ts';
import { messageOf } from '../../src-shared/message-of.ts';

export type CheckTimers = Pick<Timers, 'setTimeout' | 'clearTimeout' | 'now'>;

/** A connected account the app keeps the key of. */
export interface CheckTarget {
  accountId: number;
  key: string;
}

export interface CheckOutcome {
  ok: boolean;
  /** Seconds the provider asked us to wait. */
  retryAfterSeconds: number | undefined;
}

export interface ChecksOptions {
  /** Connected accounts with their keys (read again at every wake, so new accounts are picked up). */
  targets: () => Promise<CheckTarget[]>;
  /** One check: asks the provider and stores the observation. */
  check: (target: CheckTarget) => Promise<CheckOutcome>;
  /** Seconds since the account's latest stored check, and whether it went well (undefined: never checked). */
  lastCheck: (accountId: number) => { secondsAgo: number; ok: boolean } | undefined;
  intervalMs: number;
  maxBackoffMs?: number;
  /** How often the list of accounts is read again. */
  syncMs?: number;
  timers?: CheckTimers;
  onChecked?: (accountId: number) => void;
  log?: (line: string) => void;
}

export const DEFAULT_CHECK_INTERVAL_MS = 10 * 60 * 1000;
export const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** A focus refresh within this of the last check asks nothing. */
const FOCUS_QUIET_MS = 60 * 1000;

interface Plan {
  key: string;
  timer: unknown;
  /** When the next check is due (schedule clock). */
  due: number | undefined;
  /** Consecutive failed checks. */
  failures: number;
  /** Not before this (schedule clock): the provider's Retry-After. */
  notBefore: number;
  lastRanAt: number | undefined;
  running: Promise<void> | undefined;
}

/** An account's plan before anything was scheduled or run. */
function freshPlan(key: string): Plan {
  return { key, timer: undefined, due: undefined, failures: 0, notBefore: 0, lastRanAt: undefined, running: undefined };
}

export class BackgroundChecks {
  readonly #o: ChecksOptions;
  readonly #timers: CheckTimers;
  readonly #maxBackoffMs: number;
  readonly #plans = new Map<number, Plan>();
  #syncTimer: unknown;
  #started = false;

  constructor(options: ChecksOptions) {
    this.#o = options;
    this.#timers = options.timers ?? realTimers;
    this.#maxBackoffMs = options.maxBackoffMs ?? MAX_BACKOFF_MS;
  }

  get intervalMs(): number {
    return this.#o.intervalMs;
  }

  get running(): boolean {
    return this.#started;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    void this.sync();
  }

  stop(): void {
    this.#started = false;
    this.#timers.clearTimeout(this.#syncTimer);
    for (const plan of this.#plans.values()) this.#timers.clearTimeout(plan.timer);
    this.#plans.clear();
  }

  /** Reads the accounts again: new ones are scheduled, removed ones dropped. */
  async sync(): Promise<void> {
    if (!this.#started) return;
    this.#timers.clearTimeout(this.#syncTimer);
    let targets: CheckTarget[] = [];
    try {
      targets = await this.#o.targets();
    } catch (error: unknown) {
      this.#o.log?.(`background checks: cannot list accounts: ${messageOf(error)}`);
    }
    // Stopped while the list was being read.
    if (!this.running) return;
    const seen = new Set<number>();
    for (const target of targets) {
      seen.add(target.accountId);
      const plan = this.#plans.get(target.accountId);
      if (plan !== undefined) {
        plan.key = target.key;
        continue;
      }
      this.#plans.set(target.accountId, freshPlan(target.key));
      this.#schedule(target.accountId, this.#firstDelay(target.accountId));
    }
    for (const [id, plan] of this.#plans) {
      if (!seen.has(id)) {
        this.#timers.clearTimeout(plan.timer);
        this.#plans.delete(id);
      }
    }
    this.#syncTimer = this.#timers.setTimeout(() => {
      void this.sync();
    }, this.#o.syncMs ?? 60_000);
  }

  /**
   * A check now, for the refresh button (`force`) or the window gaining focus. Either waits for a
   * check already running; neither asks before a Retry-After has passed; focus also keeps to the
   * backoff and asks nothing within a minute of the last check.
   */
  async now(target: CheckTarget, force: boolean): Promise<void> {
    const plan = this.#plans.get(target.accountId) ?? freshPlan(target.key);
    if (!this.#plans.has(target.accountId) && this.#started) this.#plans.set(target.accountId, plan);
    plan.key = target.key;
    if (plan.running !== undefined) return plan.running;
    const t = this.#timers.now();
    if (t < plan.notBefore) return;
    if (!force) {
      if (plan.failures > 0) return;
      const last = plan.lastRanAt ?? this.#lastRanFromStore(target.accountId);
      if (last !== undefined && t - last < FOCUS_QUIET_MS) return;
    }
    await this.#run(target.accountId, plan);
  }

  #lastRanFromStore(accountId: number): number | undefined {
    const last = this.#o.lastCheck(accountId);
    return last === undefined ? undefined : this.#timers.now() - last.secondsAgo * 1000;
  }

  /** After a restart: the next check is due an interval after the last good one; at once otherwise. */
  #firstDelay(accountId: number): number {
    const last = this.#o.lastCheck(accountId);
    if (last?.ok !== true) return 0;
    return Math.max(0, this.#o.intervalMs - last.secondsAgo * 1000);
  }

  #schedule(accountId: number, delayMs: number): void {
    const plan = this.#plans.get(accountId);
    if (plan === undefined || !this.#started) return;
    this.#timers.clearTimeout(plan.timer);
    plan.due = this.#timers.now() + delayMs;
    plan.timer = this.#timers.setTimeout(() => {
      void this.#run(accountId, plan);
    }, delayMs);
  }

  /** Milliseconds until the account's next scheduled check (undefined: none scheduled). */
  plannedIn(accountId: number): number | undefined {
    const due = this.#plans.get(accountId)?.due;
    return due === undefined ? undefined : Math.max(0, due - this.#timers.now());
  }

  #run(accountId: number, plan: Plan): Promise<void> {
    if (plan.running !== undefined) return plan.running;
    this.#timers.clearTimeout(plan.timer);
    plan.due = undefined;
    plan.running = (async () => {
      let outcome: CheckOutcome;
      try {
        outcome = await this.#o.check({ accountId, key: plan.key });
      } catch (error: unknown) {
        // Not the provider's failure (the store, say): logged, and tried again later.
        this.#o.log?.(`background check of account ${accountId} failed: ${messageOf(error)}`);
        outcome = { ok: false, retryAfterSeconds: undefined };
      }
      const t = this.#timers.now();
      plan.lastRanAt = t;
      plan.failures = outcome.ok ? 0 : plan.failures + 1;
      let delay = outcome.ok
        ? this.#o.intervalMs
        : Math.min(this.#o.intervalMs * 2 ** plan.failures, this.#maxBackoffMs);
      plan.notBefore = 0;
      if (outcome.retryAfterSeconds !== undefined) {
        plan.notBefore = t + outcome.retryAfterSeconds * 1000;
        delay = Math.max(delay, outcome.retryAfterSeconds * 1000);
      }
      this.#schedule(accountId, delay);
      try {
        this.#o.onChecked?.(accountId);
      } catch (error: unknown) {
        this.#o.log?.(`after a check: ${messageOf(error)}`);
      }
    })().finally(() => {
      plan.running = undefined;
    });
    return plan.running;
  }
}
