// A connected account's future, asked of the provider: its own projected balances at chosen
// instants (`datetime=@<epoch seconds>`, which PHP's strtotime and our resolver both read the
// same in any zone). The instants are fixed points of absolute time, so every forecast, chart
// and plan asks the same ones and a kept answer serves them all:
// - a grid of one instant per day (multiples of 86,400 s): a dip below a level that lasts a day
//   or more always contains one, so it is never missed;
// - between a grid instant above a level and the next one below it, bisection to the second on
//   "aligned" points (the split is the point of the interval divisible by the highest power of
//   two), so two brackets around the same crossing ask mostly the same instants.

/** One instant a day: the spacing of the grid, and so the shortest dip the forecast cannot miss. */
export const GRID_SECONDS = 86_400;

/** The first grid instant strictly after t. */
export function gridAfter(t: number, step = GRID_SECONDS): number {
  return (Math.floor(t / step) + 1) * step;
}

/** The first grid instant at or after t. */
export function gridAtOrAfter(t: number, step = GRID_SECONDS): number {
  return Math.ceil(t / step) * step;
}

/** Grid instants in (from, gridAtOrAfter(to)]: enough to cover [from, to] with no gap longer than a step. */
export function gridInstants(from: number, to: number, step = GRID_SECONDS): number[] {
  const out: number[] = [];
  for (let t = gridAfter(from, step); t <= gridAtOrAfter(to, step); t += step) out.push(t);
  return out;
}

/**
 * The point strictly inside (lo, hi) divisible by the highest power of two (hi - lo >= 2): the
 * same for every interval around it, so bisections of nearby brackets share their instants.
 */
export function alignedSplit(lo: number, hi: number): number {
  for (let size = 2 ** 40; size >= 1; size /= 2) {
    const m = Math.floor((hi - 1) / size) * size;
    if (m > lo) return m;
  }
  return lo + 1;
}

/**
 * The first instant of (lo, hi] at which `pred` holds, given it does not at lo and does at hi;
 * found to the second by aligned bisection (about log2(hi - lo) + 1 asks). Where `pred` changes
 * more than once inside, it finds one change, not necessarily the first.
 */
export async function firstTrue(pred: (t: number) => Promise<boolean>, lo: number, hi: number): Promise<number> {
  let a = lo;
  let b = hi;
  while (b - a > 1) {
    const mid = alignedSplit(a, b);
    if (await pred(mid)) b = mid;
    else a = mid;
  }
  return b;
}

/**
 * Runs `ask` over `items` in order with at most `width` at once, and stops starting new ones
 * once `enough` says so (answers already asked for are still awaited). Returns the answers
 * for the items started, in order.
 */
export async function inOrder<T, R>(
  items: readonly T[],
  width: number,
  ask: (item: T) => Promise<R>,
  enough: (answer: R) => boolean,
): Promise<R[]> {
  const answers: R[] = [];
  let next = 0;
  let stop = false;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!stop && failure === undefined && next < items.length) {
      const i = next++;
      try {
        const answer = await ask(items[i] as T);
        answers[i] = answer;
        if (enough(answer)) stop = true;
      } catch (error: unknown) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, width) }, worker));
  // Rethrown as it came: the provider's own error, with its code.
  if (failure !== undefined) throw failure.error as Error;
  return answers.slice(0, next);
}
