// The last "Balance at..." question of this window, with the `datetime` argument that asked
// get_balance for it (the resolved instant as `@epoch`), so the Local API panel can offer the
// curl line that gets a script the same answer.
import { useSyncExternalStore } from 'react';
import { listeners } from './lib/listeners.ts';

export interface LastQuestion {
  phrase: string;
  datetime: string;
}

let last: LastQuestion | undefined;
const questionListeners = listeners();

export function setLastQuestion(next: LastQuestion | undefined): void {
  if (next?.phrase === last?.phrase && next?.datetime === last?.datetime) return;
  last = next;
  questionListeners.notify();
}

export function useLastQuestion(): LastQuestion | undefined {
  return useSyncExternalStore(questionListeners.subscribe, () => last);
}
