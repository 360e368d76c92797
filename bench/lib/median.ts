// The middle value of a run of measurements (the upper middle of an even count), NaN when there
// are none: every section reports medians of rounds, so one burst on the shared machine moves a
// round, not the figure.
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
