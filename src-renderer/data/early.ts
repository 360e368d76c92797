// Answers asked for before the window's query cache exists: in main.tsx, before React's first
// render (issue 36: the first load is a chain, the status and then the shown account's reads,
// and React's first render of the shell need not hold up either). Each is handed to the first
// query that reads its key, as its answer if it is already in (the panel's first render then has
// it) or as the promise of it; a later read asks afresh.
import { hashKey } from '@tanstack/react-query';

/** An answer asked early, and once it is in, its value (`answered`). */
interface Early {
  answer: Promise<unknown>;
  answered?: { value: unknown };
}

const waiting = new Map<string, Early>();

/** Asks now, keeping the answer for the query of `key`; returns it too. */
export function askEarly<T>(key: readonly unknown[], ask: () => Promise<T>): Promise<T> {
  const answer = ask();
  const early: Early = { answer };
  waiting.set(hashKey(key), early);
  answer.then(
    (value) => {
      early.answered = { value };
    },
    // A failure is reported by the query that takes it; this keeps one nobody takes unreported.
    () => undefined,
  );
  return answer;
}

/** The answer asked early for `key` if one is waiting (taken, so it is used once), else `ask()`. */
export function takeEarly<T>(key: readonly unknown[], ask: () => Promise<T>): Promise<T> {
  const hash = hashKey(key);
  const early = waiting.get(hash);
  if (early === undefined) return ask();
  waiting.delete(hash);
  return early.answer as Promise<T>;
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
      const answered = waiting.get(hash)?.answered;
      if (answered === undefined) return undefined;
      waiting.delete(hash);
      return answered.value as T;
    },
  };
}
