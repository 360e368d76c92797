// Calls process.nextTick a thousand times with the shapes node:http uses (a callback alone, and
// with one argument) before the first request. Node's HTTP stack calls it seven times per
// request; when its first calls in this process came from one lone request (a readiness check,
// the window's first look) rather than from steady traffic, V8 later optimized it into code that
// took 2.5 µs per request instead of 0.3 (measured with --cpu-prof, two services side by side,
// one sent a single request before the load: 71,000 answers a second against 85,000). Primed
// like this, it stayed fast in all 15 runs tried (a lone curl, a fetch, the window's pages or a
// short load first, or nothing). It depends on V8's tiering, so it was measured, not reasoned
// out: 250 rounds instead of 1,000 made the service without a first request slow in 4 runs of 4.
// It costs about 2 ms of start-up (5 ms with the queue drained, in a fresh Node 24 process).
export function primeNextTick(): void {
  const none = (): void => undefined;
  const one = (value: number): number => value;
  for (let i = 0; i < 1000; i++) {
    process.nextTick(none);
    process.nextTick(one, i);
  }
}
