// What a process that stays up (`serve`, the desktop app's main process) asks of V8's heap: a
// young generation that stays small (a few MB; test/app/young-generation.test.ts). V8 grows it (in Node 24 up to 64 MB) when a burst
// of work allocates quickly, and keeps what it grew for as long as nothing shrinks it: a monitor
// that answers a few requests a minute gains nothing from it and holds the memory for days (the
// idle bench: RSS 95 -> 128 MB from a simulated day to a week as it was, 86 -> 91 MB with this).
// A small young generation is collected more often, each time briefly; the heavy work (a CSV
// import) runs in a worker, whose collections the same setting keeps small.
// The growth factor is the one young-generation setting V8 still reads once the heap exists (the
// maximum size is fixed at start, and a flag on Node's command line would not reach a process a
// user starts with `account-monitor serve`).
import { setFlagsFromString } from 'node:v8';

export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
