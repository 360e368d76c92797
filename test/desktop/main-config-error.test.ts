// A configuration error at launch (here a zone that does not exist): on Linux an error box shown
// before `ready` only prints to stderr, so an app started from a menu vanished without a word.
// It is shown once Electron is ready, then the app exits 2.
import { describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

describe('a configuration error at launch', () => {
  it('is shown in a dialog after ready, and the app exits 2', async () => {
    const saved = { ...process.env };
    process.env.ACCOUNT_MONITOR_TZ = 'Mars/Olympus_Mons';
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await import('../../src-main/desktop/main.ts');
      await vi.waitFor(
        () => {
          expect(recorded.exitCode).toBe(2);
        },
        { timeout: 5_000, interval: 20 },
      );
      expect(recorded.errorBoxesPrinted).toEqual([]);
      expect(recorded.errorBoxes).toEqual([
        'Account Monitor: configuration error: ACCOUNT_MONITOR_TZ is not an IANA time zone: "Mars/Olympus_Mons"',
      ]);
      expect(stderr).toHaveBeenCalledWith(expect.stringContaining('configuration error'));
      expect(recorded.windows).toEqual([]);
    } finally {
      process.env = saved;
      stderr.mockRestore();
    }
  });
});
