// V8's optimizing compilers (Maglev, then TurboFan) held back while a process that stays up
// (`serve`, the desktop app's main process) does only its own quiet work, and let go for good once
// work arrives from outside (test/app/optimizing-tiers.test.ts). Why: the first function TurboFan
// optimizes makes the process touch several MB of Node's own binary (the compiler's code), which
// then stays in its resident memory for the life of the process. The idle bench measured `serve`
// after a simulated hour at 73.3 MB with them and 65.5 MB without (docs/performance.md). A monitor
// that checks a few accounts every few minutes gains nothing from them (its work runs in V8's
// interpreter and its baseline code, Sparkplug, at a few ms a minute); a script asking the spec
// endpoints hundreds of times a second gets twice the throughput from them (Maglev alone halved
// it), so it gets them. What lets them go:
// - BUSY_REQUESTS requests within BUSY_WINDOW_MS, over TCP or the desktop window's app:// (opening
//   the window makes a few dozen; a script's loop makes that many in milliseconds);
// - a job known to be heavy: a CSV import too big for the request's thread (its worker thread
//   shares V8's flags).
// Not the event loop's own busy time: the idle bench simulates a day of checks in seconds, which
// looks busy, where the real day is a few ms a minute.
// Both compilers are held and let go together: a function Maglev compiles while TurboFan is off is
// never compiled by TurboFan later (V8 13.6, measured), which would leave the functions of the
// idle work at Maglev's speed under a later load. The flags are changed while V8 runs, which
// Node's documentation warns may do nothing: the test checks that a hot function is optimized only
// after the release, on each Node the tests run on.
import { setFlagsFromString } from 'node:v8';

/** Requests within BUSY_WINDOW_MS that make the process busy. */
export const BUSY_REQUESTS = 100;
export const BUSY_WINDOW_MS = 10_000;

let held = false;
let requests = 0;
let windowStart = 0;

/** Turns V8's optimizing compilers off until releaseOptimizingTiers (at the start of a process that stays up). */
export function holdOptimizingTiers(): void {
  setFlagsFromString('--no-maglev');
  setFlagsFromString('--no-turbofan');
  held = true;
}

/** Turns them on again, for good (a no-op unless held). */
export function releaseOptimizingTiers(): void {
  if (!held) return;
  held = false;
  setFlagsFromString('--maglev');
  setFlagsFromString('--turbofan');
  // --no-turbofan also turned off the step from Maglev's on-stack replacement to TurboFan's (a
  // value implication in V8's flag definitions), which --turbofan does not turn back on: without
  // it a loop Maglev replaced on the stack would stay at Maglev.
  setFlagsFromString('--osr-from-maglev');
}

/**
 * A request arrived (at `at`, in performance.now()'s milliseconds; now when not given): enough of
 * them close together release the tiers. Once released, a request costs one comparison: the clock
 * is read only while held.
 */
export function noteRequest(at?: number): void {
  if (!held) return;
  const now = at ?? performance.now();
  if (now - windowStart > BUSY_WINDOW_MS) {
    windowStart = now;
    requests = 0;
  }
  requests += 1;
  if (requests >= BUSY_REQUESTS) releaseOptimizingTiers();
}
