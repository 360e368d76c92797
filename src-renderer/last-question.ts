// The last "Balance at..." question of this window, with the `datetime` argument that asked
// get_balance for it (the resolved instant as `@epoch`), so the Local API panel can offer the
// curl line that gets a script the same answer.
import { useSyncExternalStore } from 'react';

export interface LastQuestion { phrase: string; datetime: string }

let last: LastQuestion | undefined;
const listeners = new Set<() => void>();

export function setLastQuestion(next: LastQuestion | undefined): void {
  if (next?.phrase === last?.phrase && next?.datetime === last?.datetime) return;
  last = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

export function useLastQuestion(): LastQuestion | undefined {
  return useSyncExternalStore(subscribe, () => last);
}
