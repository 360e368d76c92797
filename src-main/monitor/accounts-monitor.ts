// The tray watches every account the window works with: one BalanceMonitor per account (each
// with its own re-arm state, so a low notification follows that account's warning level, a
// provider's own for a connected account), and the worst state over them for the icon.
import type { AccountSource } from '../domain/account-source.ts';
import { BalanceMonitor, type MonitorOptions } from './monitor.ts';
import type { AccountsView, MonitorNotification, MonitorState } from './types.ts';

/** An account to watch; `open` is asked at every poll (its key may be forgotten or revoked since). */
export interface WatchedAccount {
  id: number;
  name: string;
  open(): Promise<AccountSource>;
}

export interface AccountsMonitorOptions extends Omit<MonitorOptions, 'account' | 'onChange' | 'onNotify'> {
  /** The accounts to watch now (read again on every refresh). */
  list: () => Promise<WatchedAccount[]>;
  onChange?: (view: AccountsView) => void;
  /** `several`: more than one account is watched, so the words should name the account. */
  onNotify?: (notification: MonitorNotification, account: { id: number; name: string; several: boolean }) => void;
}

const WORST: readonly MonitorState[] = ['low', 'unknown', 'ok'];

export class AccountsMonitor {
  readonly #o: AccountsMonitorOptions;
  readonly #watched = new Map<number, { name: string; monitor: BalanceMonitor }>();
  #started = false;
  #lastEmitted: string | undefined;

  constructor(options: AccountsMonitorOptions) {
    this.#o = options;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    void this.sync();
  }

  stop(): void {
    this.#started = false;
    for (const { monitor } of this.#watched.values()) monitor.stop();
  }

  /** Watches the accounts listed now: new ones start polling, gone ones stop. */
  async sync(): Promise<void> {
    let list: WatchedAccount[];
    try {
      list = await this.#o.list();
    } catch (error: unknown) {
      this.#o.onListenerError?.(error);
      return;
    }
    const seen = new Set<number>();
    for (const account of list) {
      seen.add(account.id);
      const known = this.#watched.get(account.id);
      if (known !== undefined) {
        known.name = account.name;
        continue;
      }
      const entry = { name: account.name, monitor: this.#monitor(account) };
      this.#watched.set(account.id, entry);
      if (this.#started) entry.monitor.start();
    }
    for (const [id, { monitor }] of this.#watched) {
      if (!seen.has(id)) {
        monitor.stop();
        this.#watched.delete(id);
      }
    }
    this.#emit();
  }

  /** Reads the account list again and polls one account now (or every account). */
  async refresh(accountId?: number): Promise<AccountsView> {
    await this.sync();
    const targets =
      accountId === undefined
        ? [...this.#watched.values()]
        : [this.#watched.get(accountId)].filter((w) => w !== undefined);
    await Promise.all(targets.map((w) => w.monitor.refresh()));
    return this.view();
  }

  view(): AccountsView {
    const accounts = [...this.#watched].map(([id, w]) => ({ id, name: w.name, snapshot: w.monitor.snapshot() }));
    const states = new Set(accounts.map((a) => a.snapshot.state));
    const state = accounts.length === 0 ? 'unknown' : (WORST.find((s) => states.has(s)) ?? 'unknown');
    return { state, accounts };
  }

  #monitor(account: WatchedAccount): BalanceMonitor {
    return new BalanceMonitor({
      ...this.#o,
      account: () => account.open(),
      onChange: () => {
        this.#emit();
      },
      onNotify: (n) => {
        const name = this.#watched.get(account.id)?.name ?? account.name;
        this.#o.onNotify?.(n, { id: account.id, name, several: this.#watched.size > 1 });
      },
    });
  }

  #emit(): void {
    const view = this.view();
    const key = JSON.stringify(view);
    if (key === this.#lastEmitted) return;
    this.#lastEmitted = key;
    try {
      this.#o.onChange?.(view);
    } catch (error: unknown) {
      this.#o.onListenerError?.(error);
    }
  }
}
