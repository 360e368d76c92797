import { describe, expect, it } from 'vitest';
import { BalanceMonitor, type MonitorTimers } from '../../src-main/monitor/monitor.ts';
import type { MonitorNotification, MonitorSnapshot } from '../../src-main/monitor/types.ts';
import { DAY_S, FakeClock, FakeSource, MINUTE } from './fakes.ts';

function setup(start = '2026-03-23T10:00:00Z', timeZone = 'Europe/London') {
  const clock = new FakeClock(start);
  const source = new FakeSource(clock);
  const notes: MonitorNotification[] = [];
  const changes: MonitorSnapshot[] = [];
  const monitor = new BalanceMonitor({
    account: source.open,
    clock: clock.read,
    timeZone,
    intervalMs: MINUTE,
    onNotify: (n) => notes.push(n),
    onChange: (s) => changes.push(s),
  });
  /** Moves the clock, then polls once (what the interval timer does). */
  const pollAt = async (advanceMs: number): Promise<MonitorSnapshot> => {
    clock.advance(advanceMs);
    return monitor.refresh();
  };
  return { clock, source, notes, changes, monitor, pollAt };
}

describe('BalanceMonitor state', () => {
  it('is unknown before the first reading, then ok or low against the warning level', async () => {
    const { monitor, source, pollAt } = setup();
    expect(monitor.snapshot()).toMatchObject({ state: 'unknown', problem: 'not read yet', reading: undefined });
    expect((await pollAt(0)).state).toBe('ok');
    source.set({ balance: '999.9999999999' });
    expect((await pollAt(MINUTE)).state).toBe('low');
    source.set({ balance: '1000' }); // at the level is not below it
    expect((await pollAt(MINUTE)).state).toBe('ok');
    source.set({ balance: '-5', warningEnabled: false });
    expect((await pollAt(MINUTE)).state).toBe('ok');
    source.set({ warningEnabled: true, warningLevel: null });
    expect((await pollAt(MINUTE)).state).toBe('ok');
  });

  it('is unknown while the source fails, keeping the last good reading, and recovers', async () => {
    const { monitor, source, pollAt } = setup();
    await pollAt(0);
    source.failWith = 'no API key is stored yet';
    const failing = await pollAt(MINUTE);
    expect(failing).toMatchObject({
      state: 'unknown',
      problem: 'no API key is stored yet',
      reading: { balance: '5000' },
    });
    source.failWith = undefined;
    source.set({ balance: '10' });
    expect((await pollAt(MINUTE)).state).toBe('low');
    expect(monitor.snapshot().problem).toBeUndefined();
  });

  it('turns unknown when a poll hangs longer than three intervals, without starting another poll', async () => {
    const { source, pollAt, monitor, changes } = setup();
    await pollAt(0);
    source.hang = true;
    void monitor.refresh(); // hangs
    expect(monitor.snapshot().state).toBe('ok');
    void pollAt(2 * MINUTE);
    expect(monitor.snapshot().state).toBe('ok');
    void pollAt(2 * MINUTE); // 4 minutes since the last good reading
    expect(monitor.snapshot()).toMatchObject({ state: 'unknown', problem: 'no fresh reading for 4 min' });
    expect(changes.at(-1)?.state).toBe('unknown');
    expect(source.reads).toHaveLength(2); // the first good poll and the one that hangs
  });

  it('reports a change only when something visible changed', async () => {
    const { changes, source, pollAt } = setup();
    await pollAt(0);
    await pollAt(MINUTE);
    await pollAt(MINUTE);
    expect(changes.map((c) => c.state)).toEqual(['ok']);
    source.set({ balance: '4999' });
    await pollAt(MINUTE);
    expect(changes.map((c) => c.reading?.balance)).toEqual(['5000', '4999']);
  });

  it('treats an unreadable balance as a failed reading', async () => {
    const { source, pollAt } = setup();
    source.set({ balance: '1e3' });
    expect(await pollAt(0)).toMatchObject({ state: 'unknown', problem: 'not a decimal amount of pence: "1e3"' });
  });
});

describe('low balance notification', () => {
  const low = (balance: string, level = 1000): MonitorNotification => ({ kind: 'low', balance, level });

  it('fires once per crossing and re-arms only once the balance is back above the level', async () => {
    const { source, notes, pollAt } = setup();
    const sequence = ['1500', '900', '800', '1000', '950', '1000.0000000001', '999'];
    for (const balance of sequence) {
      source.set({ balance });
      await pollAt(MINUTE);
    }
    expect(notes).toEqual([low('900'), low('999')]);
  });

  it('fires on the first reading when the balance is already below', async () => {
    const { source, notes, pollAt } = setup();
    source.set({ balance: '12.5' });
    await pollAt(0);
    await pollAt(MINUTE);
    expect(notes).toEqual([low('12.5')]);
  });

  it('stays quiet while the warning is disabled, and speaks when it is enabled below the level', async () => {
    const { source, notes, pollAt } = setup();
    source.set({ balance: '500', warningEnabled: false });
    await pollAt(0);
    await pollAt(MINUTE);
    expect(notes).toEqual([]);
    source.set({ warningEnabled: true });
    await pollAt(MINUTE);
    expect(notes).toEqual([low('500')]);
  });

  it('treats a new level as a new threshold', async () => {
    const { source, notes, pollAt } = setup();
    source.set({ balance: '900' });
    await pollAt(0);
    source.set({ warningLevel: 2000 });
    await pollAt(MINUTE);
    source.set({ warningLevel: 2000, balance: '850' });
    await pollAt(MINUTE);
    expect(notes).toEqual([low('900'), low('900', 2000)]);
  });
});

describe('forecast warning', () => {
  it('fires once when the projection crosses the level within 7 days, and again after it cleared', async () => {
    const { source, notes, pollAt, clock } = setup();
    const now = (): number => clock.now / 1000;
    source.set({ forecastBelowLevelAt: now() + 8 * DAY_S });
    await pollAt(0);
    expect(notes).toEqual([]);
    const at = now() + 6 * DAY_S;
    source.set({ forecastBelowLevelAt: at });
    await pollAt(MINUTE);
    await pollAt(MINUTE);
    expect(notes).toEqual([{ kind: 'forecast', balance: '5000', level: 1000, crossesAt: at }]);
    source.set({ forecastBelowLevelAt: null }); // a top-up
    await pollAt(MINUTE);
    const again = now() + 3 * DAY_S;
    source.set({ forecastBelowLevelAt: again });
    await pollAt(MINUTE);
    expect(notes.map((n) => n.kind === 'forecast' && n.crossesAt)).toEqual([at, again]);
  });

  it('counts the window exactly: 7 days ahead is inside, a second more is not', async () => {
    const { source, notes, pollAt, clock } = setup();
    source.set({ forecastBelowLevelAt: clock.now / 1000 + 7 * DAY_S + 1 });
    await pollAt(0);
    expect(notes).toEqual([]);
    source.set({ forecastBelowLevelAt: clock.now / 1000 + 7 * DAY_S });
    await pollAt(0);
    expect(notes).toHaveLength(1);
  });

  it('stays quiet when the warning is off or the balance is already below', async () => {
    const { source, notes, pollAt, clock } = setup();
    source.set({ warningEnabled: false, forecastBelowLevelAt: clock.now / 1000 + DAY_S });
    await pollAt(0);
    source.set({ warningEnabled: true, balance: '10', forecastBelowLevelAt: clock.now / 1000 });
    await pollAt(MINUTE);
    expect(notes.map((n) => n.kind)).toEqual(['low']);
  });
});

describe('usage summaries', () => {
  const at = (iso: string): number => Date.parse(iso) / 1000;

  it('reports each day at local midnight, over the 23-hour day of the spring change', async () => {
    const { source, notes, clock, monitor } = setup('2026-03-28T10:00:00Z');
    source.set({ summary: ['daily'], balance: '4321.5' });
    await monitor.refresh();
    clock.set('2026-03-28T23:59:00Z'); // 23:59 GMT
    await monitor.refresh();
    expect(notes).toEqual([]);
    clock.set('2026-03-29T00:00:30Z');
    await monitor.refresh();
    clock.set('2026-03-29T22:59:00Z'); // 23:59 BST
    await monitor.refresh();
    clock.set('2026-03-29T23:00:00Z'); // midnight BST
    await monitor.refresh();
    expect(notes).toEqual([
      {
        kind: 'summary',
        period: 'daily',
        from: at('2026-03-28T00:00:00Z'),
        to: at('2026-03-29T00:00:00Z'),
        spent: '24',
        balance: '4321.5',
      },
      {
        kind: 'summary',
        period: 'daily',
        from: at('2026-03-29T00:00:00Z'),
        to: at('2026-03-29T23:00:00Z'),
        spent: '23',
        balance: '4321.5',
      },
    ]);
  });

  it('reports weeks ending Monday 00:00 and months on the 1st, in the configured zone', async () => {
    const { source, notes, clock, monitor } = setup('2026-01-28T12:00:00Z', 'America/New_York');
    source.set({ summary: ['weekly', 'monthly'] });
    await monitor.refresh();
    clock.set('2026-02-01T04:59:59Z'); // Sat 31 Jan 23:59:59 EST
    await monitor.refresh();
    expect(notes).toEqual([]);
    clock.set('2026-02-01T05:00:00Z'); // Sun 1 Feb 00:00 EST: January has ended
    await monitor.refresh();
    clock.set('2026-02-02T04:59:59Z');
    await monitor.refresh();
    clock.set('2026-02-02T05:00:00Z'); // Mon 00:00 EST: the week has ended
    await monitor.refresh();
    expect(notes.map((n) => n.kind === 'summary' && [n.period, n.from, n.to])).toEqual([
      ['monthly', at('2026-01-01T05:00:00Z'), at('2026-02-01T05:00:00Z')],
      ['weekly', at('2026-01-26T05:00:00Z'), at('2026-02-02T05:00:00Z')],
    ]);
  });

  it('after a long sleep gives one summary, for the latest period only', async () => {
    const { source, notes, clock, monitor } = setup('2026-05-10T12:00:00Z');
    source.set({ summary: ['daily'] });
    await monitor.refresh();
    clock.set('2026-05-14T09:00:00Z');
    await monitor.refresh();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ from: at('2026-05-12T23:00:00Z'), to: at('2026-05-13T23:00:00Z') });
  });

  it('starts from the next end when a period is chosen mid-way, and forgets periods unchosen', async () => {
    const { source, notes, clock, monitor } = setup('2026-05-10T12:00:00Z');
    await monitor.refresh();
    clock.set('2026-05-10T23:30:00Z'); // after midnight BST, no summary chosen yet
    source.set({ summary: ['daily'] });
    await monitor.refresh();
    clock.set('2026-05-11T12:00:00Z');
    source.set({ summary: [] });
    await monitor.refresh();
    clock.set('2026-05-11T23:00:00Z');
    source.set({ summary: ['daily'] });
    await monitor.refresh();
    expect(notes).toEqual([]);
    clock.set('2026-05-12T23:00:00Z');
    await monitor.refresh();
    expect(notes).toHaveLength(1);
  });

  it('retries a summary whose usage could not be read', async () => {
    const { source, notes, clock, monitor } = setup('2026-05-10T12:00:00Z');
    source.set({ summary: ['daily'] });
    await monitor.refresh();
    source.usageFails = true;
    clock.set('2026-05-10T23:00:01Z');
    await monitor.refresh();
    expect(notes).toEqual([]);
    source.usageFails = false;
    clock.advance(MINUTE);
    await monitor.refresh();
    expect(notes).toHaveLength(1);
    expect(source.usageCalls).toHaveLength(2);
  });
});

describe('listeners', () => {
  it('keeps monitoring when a listener throws, and says so', async () => {
    const clock = new FakeClock('2026-03-23T10:00:00Z');
    const source = new FakeSource(clock).set({ balance: '10' });
    const errors: unknown[] = [];
    const monitor = new BalanceMonitor({
      account: source.open,
      clock: clock.read,
      timeZone: 'UTC',
      onChange: () => {
        throw new Error('tray gone');
      },
      onNotify: () => {
        throw new Error('no notification daemon');
      },
      onListenerError: (e) => errors.push(e),
    });
    expect((await monitor.refresh()).state).toBe('low');
    expect(errors.map((e) => (e as Error).message)).toEqual(['tray gone', 'no notification daemon']);
    source.set({ balance: '5000' });
    expect((await monitor.refresh()).state).toBe('ok');
  });
});

describe('polling', () => {
  it('polls at start and at every interval until stopped', async () => {
    const { clock, source } = setup();
    const intervals: { callback: () => void; ms: number; cleared: boolean }[] = [];
    const timers: MonitorTimers = {
      setInterval: (callback, ms) => {
        const t = { callback, ms, cleared: false };
        intervals.push(t);
        return t;
      },
      clearInterval: (handle) => {
        (handle as { cleared: boolean }).cleared = true;
      },
    };
    const monitor = new BalanceMonitor({
      account: source.open,
      clock: clock.read,
      timeZone: 'UTC',
      intervalMs: 30_000,
      timers,
    });
    monitor.start();
    monitor.start(); // idempotent
    expect(intervals).toHaveLength(1);
    expect(intervals[0]?.ms).toBe(30_000);
    await new Promise((r) => setImmediate(r));
    expect(source.reads).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      clock.advance(30_000);
      intervals[0]?.callback();
      await new Promise((r) => setImmediate(r));
    }
    expect(source.reads).toHaveLength(4);
    monitor.stop();
    expect(intervals[0]?.cleared).toBe(true);
  });
});
