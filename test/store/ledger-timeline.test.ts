// Small ledgers are answered from memory at once, big ones through the index until they have been
// asked about often (then from memory too, see ledger-memory.test.ts): every way must give the
// plain sum of the rows, before and after every kind of write, for several accounts at once.
import { describe, expect, it, vi } from 'vitest';
import { openStore, type NewEntry } from '../../src-main/store/index.ts';
import { sumUpTo as indexSumUpTo } from '../../src-main/store/ledger-index.ts';
import { LedgerTimeline, TIMELINE_MAX_ROWS } from '../../src-main/store/ledger-timeline.ts';
import { OTHER_WRITES_CHECK_MS } from '../../src-main/store/generation.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { useTempStore } from '../helpers/temp-store.ts';
import { entry, plainSumUpTo } from '../helpers/ledger.ts';

const temp = useTempStore();

function account(name: string): number {
  return temp.store.accounts.create(name, Buffer.from(name), name, 0);
}

/** Asks until `read` gives `want` (the store looks for other connections' commits every few ms). */
function eventually(read: () => bigint, want: bigint): bigint {
  const deadline = performance.now() + 2000;
  let got = read();
  while (got !== want && performance.now() < deadline) got = read();
  return got;
}

describe('ledger timeline', () => {
  it('sums equal instants together and answers before, between and after them', () => {
    const tl = LedgerTimeline.of([
      [10, '5'],
      [10, '-2'],
      [20, '7'],
      [30, '1'],
    ]);
    expect(tl.size).toBe(3);
    expect([9, 10, 11, 20, 29, 30, 10 ** 12].map((t) => tl.sumUpTo(t))).toEqual([0n, 3n, 3n, 10n, 10n, 11n, 11n]);
    expect(LedgerTimeline.of([]).sumUpTo(0)).toBe(0n);
  });

  it('keeps sums beyond 64 bits exact', () => {
    const big = (2n ** 70n).toString();
    const tl = LedgerTimeline.of([
      [1, big],
      [2, big],
      [3, `-${big}`],
    ]);
    expect(tl.sumUpTo(2)).toBe(2n ** 71n);
    expect(tl.sumUpTo(3)).toBe(2n ** 70n);
  });

  it('gives the plain sum for small and big accounts, across writes, in memory and through the index', () => {
    const random = mulberry32(5);
    const small = account('small');
    const other = account('other');
    const big = account('big');
    const span = 10 ** 8;
    const many: NewEntry[] = [];
    for (let i = 0; i <= TIMELINE_MAX_ROWS; i++)
      many.push(entry(Math.floor(random() * span), BigInt(Math.floor(random() * 2000) - 1000)));
    temp.store.ledger.addMany(big, many);
    for (let i = 0; i < 300; i++)
      temp.store.ledger.add(i % 3 === 0 ? other : small, entry(Math.floor(random() * span), BigInt(i + 1)));
    const probes = Array.from({ length: 120 }, () => Math.floor(random() * span * 1.1) - span / 20);
    const agree = (): void => {
      for (const t of probes) {
        for (const a of [small, other, big])
          expect(temp.store.ledger.sumUpTo(a, t), `account ${a} t=${t}`).toBe(plainSumUpTo(temp.store, a, t));
      }
    };
    agree();
    // Writes between queries: each must be seen by the very next query.
    const added = temp.store.ledger.add(small, entry(probes[0] ?? 0, 1_000_000n));
    expect(temp.store.ledger.sumUpTo(small, probes[0] ?? 0)).toBe(plainSumUpTo(temp.store, small, probes[0] ?? 0));
    temp.store.ledger.add(big, entry(probes[1] ?? 0, 77n));
    expect(temp.store.ledger.sumUpTo(big, probes[1] ?? 0)).toBe(plainSumUpTo(temp.store, big, probes[1] ?? 0));
    temp.store.ledger.remove(small, added.id);
    temp.store.ledger.addMany(other, [entry(5, 3n), entry(span - 5, 4n)]);
    agree();
    // The index alone (what the big account is first answered by) gives the same sums.
    for (const t of probes.slice(0, 50))
      expect(indexSumUpTo(temp.store.db, big, t)).toBe(plainSumUpTo(temp.store, big, t));
  });

  it("sees another connection's commit", () => {
    const a = account('shared');
    temp.store.ledger.add(a, entry(100, 5n));
    expect(temp.store.ledger.sumUpTo(a, 1000)).toBe(5n);
    const other = openStore(temp.dir);
    other.ledger.add(a, entry(200, 7n));
    other.close();
    expect(eventually(() => temp.store.ledger.sumUpTo(a, 1000), 12n)).toBe(12n);
  });

  it("hears of another connection's commit through the watched data folder, not the fallback check", async () => {
    const a = account('watched');
    expect(temp.store.ledger.sumUpTo(a, 1000)).toBe(0n);
    // The store's clock stands still from here: its periodic check (every WATCHED_CHECK_MS) can
    // never come due, so only the watcher can tell it of the other commit, however slow the machine.
    const frozen = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(frozen);
    try {
      const other = openStore(temp.dir);
      other.ledger.add(a, entry(100, 9n));
      other.close();
      const giveUpAt = Date.now() + 30_000;
      let seen = temp.store.ledger.sumUpTo(a, 1000);
      while (seen !== 9n && Date.now() < giveUpAt) {
        await new Promise((resolve) => setImmediate(resolve));
        seen = temp.store.ledger.sumUpTo(a, 1000);
      }
      expect(seen).toBe(9n);
      expect(performance.now()).toBe(frozen);
    } finally {
      clock.mockRestore();
    }
  });

  it('with the clock still and no watcher, a store does not see another connection: the test above needs its watcher', () => {
    const a = account('unwatched');
    const blind = openStore(temp.dir, { watch: false });
    try {
      expect(blind.ledger.sumUpTo(a, 1000)).toBe(0n);
      const frozen = performance.now();
      const clock = vi.spyOn(performance, 'now').mockReturnValue(frozen);
      try {
        temp.store.ledger.add(a, entry(100, 4n));
        expect(blind.ledger.sumUpTo(a, 1000)).toBe(0n);
        clock.mockReturnValue(frozen + OTHER_WRITES_CHECK_MS);
        expect(blind.ledger.sumUpTo(a, 1000)).toBe(4n);
      } finally {
        clock.mockRestore();
      }
    } finally {
      blind.close();
    }
  });
});
