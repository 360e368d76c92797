// holdOptimizingTiers and what releases it (src-main/optimizing-tiers.ts), which serve and the
// desktop app's main process call at start. Each case runs in a child process of this Node with
// V8's natives syntax, which tells how a function runs now: a check that the tiers were held fails
// if a Node upgrade stops reading the flags while V8 runs, and the control (the same work without
// the hold) fails if V8 stops optimizing such a function at all.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childScriptJson } from '../helpers/child-script.ts';
import { BUSY_REQUESTS } from '../../src-main/optimizing-tiers.ts';

const MODULE = pathToFileURL(join(import.meta.dirname, '../../src-main/optimizing-tiers.ts')).href;

interface Statuses {
  /** Whether a hot function was optimized (by Maglev or TurboFan) while the tiers were held. */
  optimizedWhileHeld?: boolean;
  /** Whether one was, after one request fewer than BUSY_REQUESTS. */
  optimizedOneRequestShort?: boolean;
  /** Whether the function hot while held reached TurboFan once released (within 10 s of work). */
  turbofanAfterRelease?: boolean;
}

/**
 * Runs `body` in a child process with `hot(f)` (calls f until it is hot, and as often again),
 * `optimized(f)`, `untilTurbofan(f)` (true once TurboFan compiled it, false after 10 s) and the
 * module as `tiers`; the object it returns.
 */
function inChild(body: string): Statuses {
  const script = `
    const { setFlagsFromString } = await import('node:v8');
    setFlagsFromString('--allow-natives-syntax');
    const status = new Function('f', 'return %GetOptimizationStatus(f)');
    // V8's OptimizationStatus bits: optimized (by any tier), and by TurboFan.
    const optimized = (f) => (status(f) & 16) !== 0;
    const turbofan = (f) => (status(f) & 64) !== 0;
    const hot = (f) => { let s = 0; for (let i = 0; i < 2e6; i++) s += f(i); return s; };
    // Kept out of the optimizing compilers, so that it never inlines the function it calls: that
    // function is then called, and optimized, itself.
    new Function('f', '%NeverOptimizeFunction(f)')(hot);
    const untilTurbofan = async (f) => {
      // TurboFan compiles on another thread: the function is called until its code is installed.
      const started = Date.now();
      while (Date.now() - started < 10000) {
        hot(f);
        if (turbofan(f)) return true;
        await new Promise((wake) => setImmediate(wake));
      }
      return false;
    };
    const tiers = await import(${JSON.stringify(MODULE)});
    const result = await (async () => { ${body} })();
    process.stdout.write(JSON.stringify(result));
  `;
  return childScriptJson(script) as Statuses;
}

describe('holdOptimizingTiers', () => {
  it('keeps a hot function out of the optimizing compilers, which optimize it without the hold', () => {
    const work = `
      function a(x) { return ((x * 3) % 7) + (x >> 1); }
      hot(a);
    `;
    expect(inChild(`tiers.holdOptimizingTiers(); ${work} return { optimizedWhileHeld: optimized(a) };`)).toEqual({
      optimizedWhileHeld: false,
    });
    // The control: the same work, not held, reaches TurboFan.
    expect(inChild(`${work} return { turbofanAfterRelease: await untilTurbofan(a) };`)).toEqual({
      turbofanAfterRelease: true,
    });
  });

  it(`lets go at the ${BUSY_REQUESTS}th request, and a function hot while held then reaches TurboFan`, () => {
    const got = inChild(`
      tiers.holdOptimizingTiers();
      function a(x) { return ((x * 3) % 7) + (x >> 1); }
      function b(x) { return ((x * 5) % 11) + (x >> 2); }
      hot(a);
      const optimizedWhileHeld = optimized(a);
      for (let i = 1; i < tiers.BUSY_REQUESTS; i++) tiers.noteRequest();
      hot(b);
      const optimizedOneRequestShort = optimized(b);
      tiers.noteRequest();
      return { optimizedWhileHeld, optimizedOneRequestShort, turbofanAfterRelease: await untilTurbofan(a) };
    `);
    expect(got).toEqual({ optimizedWhileHeld: false, optimizedOneRequestShort: false, turbofanAfterRelease: true });
  });

  it('counts requests within a window: the window after a quiet spell starts again from none', () => {
    // At fixed times: 99 requests at 1 s, one just after the window that began at 0 closed, which
    // starts a new window, then 98 more in it (99: one short), then the 100th.
    const got = inChild(`
      tiers.holdOptimizingTiers();
      function a(x) { return ((x * 3) % 7) + (x >> 1); }
      function b(x) { return ((x * 5) % 11) + (x >> 2); }
      const start = 1000;
      for (let i = 1; i < tiers.BUSY_REQUESTS; i++) tiers.noteRequest(start);
      tiers.noteRequest(start + tiers.BUSY_WINDOW_MS + 1);
      hot(a);
      const optimizedOneRequestShort = optimized(a);
      for (let i = 2; i < tiers.BUSY_REQUESTS; i++) tiers.noteRequest(start + tiers.BUSY_WINDOW_MS + 2);
      hot(b);
      const stillShort = optimized(b);
      tiers.noteRequest(start + tiers.BUSY_WINDOW_MS + 3);
      return { optimizedOneRequestShort: optimizedOneRequestShort || stillShort, turbofanAfterRelease: await untilTurbofan(a) };
    `);
    expect(got).toEqual({ optimizedOneRequestShort: false, turbofanAfterRelease: true });
  });

  it('lets go when a heavy job asks (releaseOptimizingTiers)', () => {
    const got = inChild(`
      tiers.holdOptimizingTiers();
      function a(x) { return ((x * 3) % 7) + (x >> 1); }
      hot(a);
      const optimizedWhileHeld = optimized(a);
      tiers.releaseOptimizingTiers();
      return { optimizedWhileHeld, turbofanAfterRelease: await untilTurbofan(a) };
    `);
    expect(got).toEqual({ optimizedWhileHeld: false, turbofanAfterRelease: true });
  });
});
