// ntfy's own way of replacing a notification (ntfy 2.16 and later): messages published with the
// same sequence id (`X-Sequence-ID`) are one notification on the phone, each replacing the one
// before, and `PUT <topic>/<sequence id>/clear` dismisses it. One account's balance episode
// (low, then below zero, then a reminder) is one sequence; its end clears it. An older server
// ignores the header and shows each message as before. Kept apart from webhook.ts's queue.
//
// No action buttons: ntfy's would open a URL or post to one from the phone, and this app's UI
// and API listen on the machine's loopback, which a phone cannot reach.
import type { AlertContext } from '../monitor.ts';
import type { Thread } from '../types.ts';
import { messageOf } from '../../../src-shared/message-of.ts';

/** The sequence id of a thread: ntfy takes `[-_A-Za-z0-9]{1,64}`; a thread key is digits, a kind and dashes. */
export function ntfySequenceId(thread: Thread): string {
  return `am-${thread.key}`;
}

/** The header that puts a message in its thread's sequence (none for an alert that stands alone). */
export function ntfySequenceHeaders(context: AlertContext): Record<string, string> {
  return context.thread == null ? {} : { 'x-sequence-id': ntfySequenceId(context.thread) };
}

/**
 * Dismisses a thread's notification on the subscribers' devices, once: cosmetic (a failure only
 * leaves it shown), so not queued or tried again. Signed in as deliveries are (webhook.ts's
 * target); logged by scheme and host only: the topic is the secret.
 */
export async function clearNtfy(
  topic: { url: URL; authorization: string | undefined; shown: string },
  thread: Thread,
  o: { signal: AbortSignal; timeoutMs: number; log: (line: string) => void },
): Promise<void> {
  const url = new URL(topic.url);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${ntfySequenceId(thread)}/clear`;
  try {
    const response = await fetch(url, {
      method: 'PUT',
      ...(topic.authorization === undefined ? {} : { headers: { authorization: topic.authorization } }),
      redirect: 'manual',
      signal: AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]),
    });
    await response.body?.cancel();
    if (!response.ok) o.log(`ntfy: could not clear a notification at ${topic.shown}: HTTP ${response.status}`);
  } catch (error: unknown) {
    if (o.signal.aborted) return;
    o.log(`ntfy: could not clear a notification at ${topic.shown}: ${messageOf(error)}`);
  }
}
