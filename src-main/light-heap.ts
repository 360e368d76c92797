// What a process that stays up (`serve`, the desktop app's main process) asks of V8's heap, so
// that between checks, for days, it holds about what it uses (test/app/light-heap.test.ts):
// - A young generation that stays small (a few MB). V8 grows it (in Node 24 up to 64 MB) when a
//   burst of work allocates quickly, and keeps what it grew for as long as nothing shrinks it:
//   a monitor that answers a few requests a minute gains nothing from it and holds the memory for
//   days (the idle bench: RSS 95 -> 128 MB from a simulated day to a week as it was, 86 -> 91 MB
//   with this). The growth factor is the one young-generation setting V8 still reads once the
//   heap exists (a flag on Node's command line would not reach a process a user starts with
//   `account-monitor serve`).
// - The old generation given back once the process is quiet. V8 lets it grow to what was live at
//   the last collection plus 8 MB or more before collecting, and keeps the pages it grew into;
//   its own memory reducer gives them back only after the old generation grew by 10 MB since the
//   reducer last ran, which a service that wakes for a few milliseconds every few minutes may
//   never reach. So the heap is looked at once a minute (the monitor wakes then anyway): when the
//   event loop was nearly idle since the last look and the heap holds TRIM_SLACK more than after
//   the last trim, one full collection gives the free pages back (about 25 ms for the service's
//   12 MB heap, in the idle bench's trace). A look that finds the loop busy looks again BUSY_LOOK_MS later
//   instead of a minute, so the pages of a burst (a day of history caught up, an import) are
//   given back seconds after it ends; under load nothing is collected, as the pages would be in
//   use again at once. V8's --optimize-for-size, which grows the old generation conservatively
//   all the time, was measured and not taken: it cut the HTTP API's throughput by about a
//   quarter (docs/performance.md).
import type { Performance as NodePerformance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { realTimers } from './domain/timers.ts';

/** How long after a look that found the process quiet the next one comes. */
const QUIET_LOOK_MS = 60_000;
/** How long after a look that found it busy the next one comes. */
const BUSY_LOOK_MS = 5_000;
/** What the heap may hold above its size after the last trim before it is worth a collection. */
const TRIM_SLACK = 4 * 1024 * 1024;
/** The share of the time since the last look the event loop may have been busy in, to be quiet. */
const QUIET_UTILIZATION = 0.02;

export interface HeapTrimOptions {
  /** Milliseconds from a quiet look to the next, and from a busy one (tests use short ones). */
  quietLookMs?: number;
  busyLookMs?: number;
}

// The global `performance` is Node's (the DOM's type, which the renderer's code needs, lacks the
// event loop's utilization); typed as Node's without loading node:perf_hooks.
const nodePerformance = performance as unknown as NodePerformance;

/**
 * What V8's gc() takes: 'last-resort' collects until nothing more is freed and gives the freed
 * pages back to the system (a regular collection keeps them pooled, resident, for reuse).
 */
interface CollectOptions {
  type: 'major';
  execution: 'sync';
  flavor: 'last-resort';
}

/** V8's full collection, from a context made with --expose-gc (made on first need). */
let collect: ((options: CollectOptions) => void) | undefined;
function fullCollection(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as (options: CollectOptions) => void;
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Sets the young generation's growth and starts the quiet-time trim (on the unref'd realTimers: it keeps no process up). */
export function keepHeapLight(options: HeapTrimOptions = {}): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  const quietLookMs = options.quietLookMs ?? QUIET_LOOK_MS;
  const busyLookMs = options.busyLookMs ?? BUSY_LOOK_MS;
  let floor = getHeapStatistics().total_heap_size;
  let lastLook = nodePerformance.eventLoopUtilization();
  const look = (): void => {
    const busy = nodePerformance.eventLoopUtilization(lastLook).utilization > QUIET_UTILIZATION;
    if (!busy) {
      const held = getHeapStatistics().total_heap_size;
      if (held > floor + TRIM_SLACK) {
        fullCollection();
        floor = getHeapStatistics().total_heap_size;
      } else {
        // A heap that shrank by itself (V8's own reducer) lowers the mark.
        floor = Math.min(floor, held);
      }
    }
    lastLook = nodePerformance.eventLoopUtilization();
    realTimers.setTimeout(look, busy ? busyLookMs : quietLookMs);
  };
  realTimers.setTimeout(look, quietLookMs);
}
