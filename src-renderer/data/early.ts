// Answers asked for before the window's query cache exists: in main.tsx, before React's first
// render (issue 36: the first load is a chain, the status and then the shown account's reads,
// and React's first render of the shell need not hold up either). Each is handed to the first
// query that reads its key, as its answer if it is already in (the panel's first render then has
// it) or as the promise of it; a later read asks afresh.
import { hashKey } from '@tanstack/react-query';

const waiting = new Map<string, Promise<unknown>>();
/** The answers already in among those waiting, by key. */
const answered = new Map<string, unknown>();

/** Asks now, keeping the answer for the query of `key`; returns it too. */
export function askEarly<T>(key: readonly unknown[], ask: () => Promise<T>): Promise<T> {
  const hash = hashKey(key);
  const answer = ask();
  waiting.set(hash, answer);
  answer.then(
    (value) => {
      if (waiting.get(hash) === answer) answered.set(hash, value);
    },
    // A failure is reported by the query that takes it; this keeps one nobody takes unreported.
    () => undefined,
  );
  return answer;
}

/** The answer asked early for `key` if one is waiting (taken, so it is used once), else `ask()`. */
export function takeEarly<T>(key: readonly unknown[], ask: () => Promise<T>): Promise<T> {
  const hash = hashKey(key);
  const answer = waiting.get(hash);
  if (answer === undefined) return ask();
  forget(hash);
  return answer as Promise<T>;
}

/**
 * What the query of a read asked early needs: the answer as its initial data when it is already
 * in (its panel's first render then has it), else the promise of it as its queryFn, which reports a
 * failure as any other; a later read asks afresh.
 */
export function earlyQuery<T>(
  key: readonly unknown[],
  ask: () => Promise<T>,
): { queryFn: () => Promise<T>; initialData: () => T | undefined } {
  return {
    queryFn: () => takeEarly(key, ask),
    initialData: () => {
      const hash = hashKey(key);
      if (!answered.has(hash)) return undefined;
      const value = answered.get(hash) as T;
      forget(hash);
      return value;
    },
  };
}

function forget(hash: string): void {
  waiting.delete(hash);
  answered.delete(hash);
}
