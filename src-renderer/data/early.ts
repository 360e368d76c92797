// Answers asked for before the window's query cache exists: in main.tsx, before React's first
// render (issue 36: the first load is a chain, the status and then the shown account's reads,
// and React's first render of the shell need not hold up either). Each is handed to the first
// query that reads its key; a later read asks afresh.
import { hashKey } from '@tanstack/react-query';

const waiting = new Map<string, Promise<unknown>>();

/** Asks now, keeping the answer for the query of `key`; returns it too. */
export function askEarly<T>(key: readonly unknown[], ask: () => Promise<T>): Promise<T> {
  const answer = ask();
  // A failure is reported by the query that takes it; this keeps one nobody takes unreported.
  answer.catch(() => undefined);
  waiting.set(hashKey(key), answer);
  return answer;
}

/** The answer asked early for `key` if one is waiting (taken, so it is used once), else `ask()`. */
export function takeEarly<T>(key: readonly unknown[], ask: () => Promise<T>): Promise<T> {
  const hash = hashKey(key);
  const answer = waiting.get(hash);
  if (answer === undefined) return ask();
  waiting.delete(hash);
  return answer as Promise<T>;
}
