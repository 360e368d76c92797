// Preloaded by the idle section into the `serve` it measures (`node --import time-warp.mjs
// bin/account-monitor.js serve ...`, its types stripped by the bench first): runs the process's clocks and timers at a rate the bench
// sets, so that a week of background checks takes minutes. The product is not changed and has no
// switch for this: Date, performance.now and the global timers (what the product's realTimers,
// its clock and the fetch client use) are replaced in this process only, before the CLI loads.
// Node's own internal timers (the HTTP server's) keep real time, and so do the global timers of
// less than WARP_FROM_MS (a request's time-out, a retry, a debounce): at 3,000x a provider's 9 s
// would be 3 real ms, and a loaded machine would fail every check; the schedules (the monitor's
// minute, the checks' 10 minutes, their backoff) are all longer.
//
// The bench talks to it over fd 3, one JSON line each way:
//   {"rate": R}     from now on, one real millisecond is R simulated ones; answers {"now": ms}
//   {"memory": 1}   answers {"now", "rss", "heapUsed", "external", "arrayBuffers", "spaces", "loaded"}:
//                   process.memoryUsage() after a full garbage collection (the leak indicator; the
//                   bench reads RSS from /proc before asking), the bytes V8 holds for each of its
//                   heap's spaces (which of them grows), and every module file loaded so far.
import { registerHooks } from 'node:module';
import { Socket } from 'node:net';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const RealDate = Date;
const realPerfNow = performance.now.bind(performance);
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const realSetInterval = globalThis.setInterval;

// Simulated elapsed ms = base + (real elapsed since anchor) * rate.
let rate = 1;
let anchorReal = realPerfNow();
let base = 0;
const dateAtStart = RealDate.now();
const perfAtStart = anchorReal;
const elapsed = (): number => base + (realPerfNow() - anchorReal) * rate;
const now = (): number => dateAtStart + elapsed();

class WarpDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(now());
    else super(...(args as [string]));
  }
  static override now(): number {
    return Math.floor(now());
  }
}
globalThis.Date = WarpDate as DateConstructor;
performance.now = () => perfAtStart + elapsed();

// Every module file loaded (ESM and CommonJS): what serve holds.
const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    if (r.url.startsWith('file:')) loaded.add(r.url);
    return r;
  },
});

interface Entry {
  id: number;
  due: number;
  every: number | undefined;
  /** The delay asked for: what refresh() waits again. */
  delay: number;
  run: () => void;
  refed: boolean;
  real: ReturnType<typeof realSetTimeout> | undefined;
}
const pending = new Map<number, Entry>();
let nextId = 1;

function arm(e: Entry): void {
  if (e.real !== undefined) realClearTimeout(e.real);
  e.real = realSetTimeout(
    () => {
      e.real = undefined;
      if (e.every === undefined) pending.delete(e.id);
      else {
        e.due = Math.max(e.due + e.every, elapsed());
        arm(e);
      }
      e.run();
    },
    Math.max(0, (e.due - elapsed()) / rate),
  );
  if (!e.refed) e.real.unref();
}

/** What the global timers hand back: the methods of Node's Timeout that callers use. */
class WarpTimer {
  readonly #e: Entry;
  constructor(e: Entry) {
    this.#e = e;
  }
  ref(): this {
    this.#e.refed = true;
    this.#e.real?.ref();
    return this;
  }
  unref(): this {
    this.#e.refed = false;
    this.#e.real?.unref();
    return this;
  }
  hasRef(): boolean {
    return this.#e.refed;
  }
  refresh(): this {
    this.#e.due = elapsed() + this.#e.delay;
    if (!pending.has(this.#e.id)) pending.set(this.#e.id, this.#e);
    arm(this.#e);
    return this;
  }
  close(): this {
    cancel(this.#e.id);
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.#e.id;
  }
  [Symbol.dispose](): void {
    cancel(this.#e.id);
  }
}

function cancel(id: number): void {
  const e = pending.get(id);
  if (e === undefined) return;
  if (e.real !== undefined) realClearTimeout(e.real);
  pending.delete(id);
}

const WARP_FROM_MS = 30_000;

function start(
  callback: (...a: unknown[]) => void,
  ms: number | undefined,
  args: unknown[],
  repeat: boolean,
): WarpTimer | ReturnType<typeof realSetTimeout> {
  const delay = Math.max(1, Number(ms) || 1);
  if (delay < WARP_FROM_MS) return (repeat ? realSetInterval : realSetTimeout)(callback, delay, ...args);
  const e: Entry = {
    id: nextId++,
    due: elapsed() + delay,
    every: repeat ? delay : undefined,
    delay,
    run: () => {
      callback(...args);
    },
    refed: true,
    real: undefined,
  };
  pending.set(e.id, e);
  arm(e);
  return new WarpTimer(e);
}

function clear(handle: unknown): void {
  if (handle instanceof WarpTimer || (typeof handle === 'number' && pending.has(handle))) cancel(Number(handle));
  else realClearTimeout(handle as Parameters<typeof realClearTimeout>[0]);
}
// The global timers as Node types them (overloads and __promisify__): replaced by ones of the same use.
const g = globalThis as unknown as Record<string, unknown>;
g.setTimeout = (callback: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
  start(callback, ms, args, false);
g.setInterval = (callback: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
  start(callback, ms, args, true);
g.clearTimeout = clear;
g.clearInterval = clear;

// A full collection on request: the heap's size after it says whether anything is kept.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const control = new Socket({ fd: 3, readable: true, writable: true });
control.unref();
let input = '';
control.setEncoding('utf8').on('data', (chunk: string) => {
  input += chunk;
  for (let nl = input.indexOf('\n'); nl !== -1; nl = input.indexOf('\n')) {
    const line = input.slice(0, nl);
    input = input.slice(nl + 1);
    const ask = JSON.parse(line) as { rate?: number; memory?: number };
    if (ask.rate !== undefined) {
      base = elapsed();
      anchorReal = realPerfNow();
      rate = ask.rate;
      for (const e of pending.values()) arm(e);
      control.write(`${JSON.stringify({ now: now() })}\n`);
    } else {
      gc();
      const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
      control.write(`${JSON.stringify({ now: now(), ...process.memoryUsage(), spaces, loaded: [...loaded] })}\n`);
    }
  }
});
control.on('error', () => undefined);
