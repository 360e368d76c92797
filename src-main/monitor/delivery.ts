// What becomes of an account's alerts once an evaluation has raised them: which notification
// (thread) each belongs to, whether it is pushed or held, when the account is reminded, and which
// notifications are over. Pure: the monitor (monitor.ts) stores what this decides, then hands it on.
//
// - Threads: an account's balance (low, below zero, the forecast, their reminders) and its
//   provider (refused key, not answering, out of date). A later alert of a thread replaces the
//   notification the earlier one showed; when every episode of a thread is over, the thread is
//   over and what it showed is closed (channels that can close).
// - Quiet hours hold every alert back (stored and listed, told in the morning's digest) but an
//   urgent one, which breaks through once a night per account: a second one that night is held.
// - Reminders: while the balance stays below its level (or below zero), at the first evaluation
//   after the morning (quiet hours' end, also when they are off), once the thread's last push is
//   REMINDER_GAP before it: once a day, or once a week, or never (a setting). A snoozed account
//   is not reminded; a worse state (a new episode) is raised as ever, snoozed or not.
// - Unexpected charges are damped like episodes: at most one raised per DAMPING_SECONDS.
import type { AccountStatus } from '../../src-shared/account-status.ts';
import { type MonitorPreferences } from '../../src-shared/quiet-hours.ts';
import { DAMPING_SECONDS } from './episodes.ts';
import { reminderAlert } from './presentation.ts';
import { inQuietHours, lastMorning, quietNight } from './quiet-times.ts';
import {
  type AccountReading,
  type AlertDraft,
  type Episodes,
  THREAD_KINDS,
  THREAD_OF,
  type Thread,
  type ThreadKind,
  type ThreadMemory,
} from './types.ts';

/** How long before the morning the thread's last push must be for a reminder to be due. */
export const REMINDER_GAP_SECONDS = { daily: 6 * 3600, weekly: 6.5 * 86_400 } as const;

export interface DeliveryInput {
  accountId: number;
  /** The alerts the evaluation raised, gravest first. */
  drafts: AlertDraft[];
  /** The episodes after the reading (nextEpisodes). */
  episodes: Episodes;
  reading: AccountReading;
  status: AccountStatus;
  now: number;
  preferences: MonitorPreferences;
  timeZone: string;
  /** No reminders before this instant (a snooze), epoch seconds. */
  snoozedUntil: number | undefined;
  /** When a digest told this account's held alerts (it counts as a push of its threads). */
  toldAt: number | undefined;
}

export interface Delivered {
  draft: AlertDraft;
  /** Held back by quiet hours: stored and listed, not pushed. */
  held: boolean;
  thread: Thread | null;
}

export interface Delivery {
  /** The episodes with the threads, the night's urgent push and the damping updated. */
  episodes: Episodes;
  alerts: Delivered[];
  /** Threads that are over: what they showed is closed. */
  over: Thread[];
}

export const threadKey = (accountId: number, kind: ThreadKind, since: number): string =>
  `${accountId}-${kind}-${since}`;

const threadOf = (accountId: number, kind: ThreadKind, memory: ThreadMemory): Thread => ({
  key: threadKey(accountId, kind, memory.since),
  accountId,
  kind,
});

/** The reminder due now, if any: the episode it reminds of. */
function reminderDue(input: DeliveryInput, thread: ThreadMemory | undefined): 'below_zero' | 'low' | undefined {
  const { preferences, now, timeZone, episodes } = input;
  if (preferences.reminders === 'never' || thread === undefined) return undefined;
  const episode = episodes.open.includes('below_zero')
    ? 'below_zero'
    : episodes.open.includes('low')
      ? 'low'
      : undefined;
  if (episode === undefined) return undefined;
  if (input.snoozedUntil !== undefined && now < input.snoozedUntil) return undefined;
  if (inQuietHours(preferences.quietHours, now, timeZone)) return undefined;
  const morning = lastMorning(preferences.quietHours, now, timeZone);
  return morning - (thread.pushedAt ?? thread.since) >= REMINDER_GAP_SECONDS[preferences.reminders]
    ? episode
    : undefined;
}

export function deliver(input: DeliveryInput): Delivery {
  const { accountId, now, status } = input;
  const episodes: Episodes = { ...input.episodes };
  // Copies: the previous episodes stay as they were if what this decides is not stored.
  const threads = new Map<ThreadKind, ThreadMemory>();
  const over: Thread[] = [];
  for (const kind of THREAD_KINDS) {
    const memory = episodes.threads?.[kind];
    const open = episodes.open.some((e) => THREAD_OF[e] === kind);
    if (memory !== undefined && !open) {
      // Nothing was shown of a thread never pushed: nothing to close.
      if (memory.pushedAt !== null) over.push(threadOf(accountId, kind, memory));
    } else if (memory !== undefined) threads.set(kind, { ...memory });
    else if (open) threads.set(kind, { since: now, pushedAt: null });
  }
  if (input.toldAt !== undefined)
    for (const memory of threads.values()) memory.pushedAt = Math.max(memory.pushedAt ?? 0, input.toldAt);

  let drafts = input.drafts;
  // Unexpected charges: one raised, then none for the damping time.
  const surprises = drafts.filter((d) => d.kind === 'unexpected_charge');
  if (surprises.length > 0) {
    const damped = episodes.surpriseAt !== undefined && now - episodes.surpriseAt < DAMPING_SECONDS;
    drafts = drafts.filter((d) => d.kind !== 'unexpected_charge' || (!damped && d === surprises[0]));
    if (!damped) episodes.surpriseAt = now;
  }
  const reminder = reminderDue(input, threads.get('balance'));
  const balanceThread = threads.get('balance');
  if (reminder !== undefined && balanceThread !== undefined)
    drafts = [...drafts, reminderAlert(reminder, input.reading, balanceThread.since, input.timeZone)];

  const night = quietNight(input.preferences.quietHours, now, input.timeZone);
  const alerts = drafts.map((draft): Delivered => {
    let held = night !== undefined;
    // Urgent: through quiet hours, once a night for this account.
    if (held && status.urgent && episodes.urgentNight !== night) {
      held = false;
      episodes.urgentNight = night;
    }
    const kind = draft.episode === null ? undefined : THREAD_OF[draft.episode];
    const memory = kind === undefined ? undefined : threads.get(kind);
    if (memory !== undefined && !held) memory.pushedAt = now;
    return {
      draft,
      held,
      thread: kind === undefined || memory === undefined ? null : threadOf(accountId, kind, memory),
    };
  });
  episodes.threads = Object.fromEntries(threads);
  return { episodes, alerts, over };
}
