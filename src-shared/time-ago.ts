// "N minutes ago", said one way everywhere: the window's "checked 4 minutes ago" and the
// service's "the provider last answered at ... (10 minutes ago)".

/** "just now", "1 minute ago", "2 hours ago", "3 days ago": how long ago, from a number of seconds. */
export function timeAgo(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  for (const [size, unit] of [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ] as const) {
    if (s >= size) {
      const n = Math.floor(s / size);
      return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}
