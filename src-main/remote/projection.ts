// A connected account's future, asked of the provider: its own projected balances at chosen
// instants (`datetime=@<epoch seconds>`, which PHP's strtotime and our resolver both read the
// same in any zone). The number of calls is bounded: a fixed number of samples across the
// horizon, then bisection to the second between the last sample at or above a level and the
// first below it (about log2 of the gap: 20 calls for a gap of 7.5 days).

/** The provider's balance at an instant, as it wrote it. */
export type BalanceProbe = (t: number) => Promise<string>;

/** Samples across a horizon: enough to see a run-out coming, few enough to ask for often. */
export const HORIZON_SAMPLES = 12;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Exact comparison of a plain decimal (any number of digits) with a whole number: -1, 0 or 1. */
export function compareWithWhole(text: string, whole: bigint): number {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError('not a plain decimal');
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const scale = 10n ** BigInt(fraction.length);
  let value = BigInt(m[2] ?? '0') * scale + BigInt(fraction === '' ? '0' : fraction);
  if (m[1] === '-') value = -value;
  const other = whole * scale;
  return value < other ? -1 : value > other ? 1 : 0;
}

/** One computation's answers, so that two levels share the samples and no instant is asked twice. */
export function memoised(probe: BalanceProbe): BalanceProbe {
  const known = new Map<number, Promise<string>>();
  return (t) => {
    let answer = known.get(t);
    if (answer === undefined) {
      answer = probe(t);
      known.set(t, answer);
    }
    return answer;
  };
}

/** `count` instants after `from` up to and including `to`, evenly spaced, whole seconds. */
export function sampleTimes(from: number, to: number, count: number): number[] {
  const times = new Set<number>();
  for (let i = 1; i <= count; i++) times.add(Math.round(from + ((to - from) * i) / count));
  return [...times].filter((t) => t > from && t <= to).sort((a, b) => a - b);
}

/**
 * The first instant in [from, to] at which the provider's balance is below `level`, or null: the
 * first sample below it, then bisection to the second after the sample before it. A dip that
 * rises again between two samples can be missed: the provider is asked a bounded number of times.
 */
export async function firstBelow(
  probe: BalanceProbe,
  level: bigint,
  from: number,
  to: number,
  samples = HORIZON_SAMPLES,
): Promise<number | null> {
  const below = async (t: number): Promise<boolean> => compareWithWhole(await probe(t), level) < 0;
  if (await below(from)) return from;
  const times = sampleTimes(from, to, samples);
  // The samples are independent: asked together (the client bounds how many run at once).
  const answers = await Promise.all(times.map(below));
  let previous = from;
  for (const [i, t] of times.entries()) {
    if (answers[i] === true) {
      let lo = previous;
      let hi = t;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (await below(mid)) hi = mid;
        else lo = mid;
      }
      return hi;
    }
    previous = t;
  }
  return null;
}
