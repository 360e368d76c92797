// Ledgers held in memory, big ones included, follow every write through the change log: this
// connection's, another connection's (the CLI importing while serve runs), rolled-back ones, and
// a log pruned past a reader's point. Each answer is checked against a plain sum of the rows.
import { describe, expect, it } from 'vitest';
import { openStore, type NewEntry, type Store } from '../../src-main/store/index.ts';
import { LOG_KEEP, NEW_ROWS_READ } from '../../src-main/store/ledger-changes.ts';
import { BIG_AFTER_ASKS, IDLE_MS, MERGE_AFTER } from '../../src-main/store/ledger-memory.ts';
import { LedgerTimeline, TIMELINE_MAX_ROWS } from '../../src-main/store/ledger-timeline.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { useTempStore } from '../helpers/temp-store.ts';
import { entry, plainSumUpTo } from '../helpers/ledger.ts';

const temp = useTempStore();
const SPAN = 10 ** 8;

/** A ledger over TIMELINE_MAX_ROWS entries, asked about until it is held. */
function heldBigAccount(random: () => number): number {
  const a = temp.store.accounts.create('big', Buffer.from('big'), 'big', 0);
  const rows: NewEntry[] = [];
  for (let i = 0; i < TIMELINE_MAX_ROWS + 500; i++)
    rows.push(entry(Math.floor(random() * SPAN), BigInt(Math.floor(random() * 2000) - 1000)));
  temp.store.ledger.addMany(a, rows);
  for (let i = 0; i < BIG_AFTER_ASKS; i++) temp.store.ledger.sumUpTo(a, Math.floor(random() * SPAN));
  expect(temp.store.ledger.held(a)).toBe(true);
  return a;
}

function agree(s: Store, a: number, probes: readonly number[]): void {
  for (const t of probes) expect(s.ledger.sumUpTo(a, t), `t=${t}`).toBe(plainSumUpTo(s, a, t));
}

describe('ledger timeline merged with changes', () => {
  it('equals a timeline of all the rows, with ties, new instants, cancelled ones and sums beyond 64 bits', () => {
    const random = mulberry32(11);
    const rows: [number, bigint][] = [];
    for (let i = 0; i < 400; i++) rows.push([Math.floor(random() * 300), BigInt(Math.floor(random() * 100) - 50)]);
    rows.push([5, 2n ** 70n], [250, -(2n ** 70n)]);
    const base = rows.slice(0, 200).sort((x, y) => x[0] - y[0]);
    const changes = rows.slice(200).sort((x, y) => x[0] - y[0]);
    const merged = LedgerTimeline.of(base).merged(changes);
    const whole = LedgerTimeline.of([...rows].sort((x, y) => x[0] - y[0]));
    for (let t = -1; t <= 301; t++) expect(merged.sumUpTo(t), `t=${t}`).toBe(whole.sumUpTo(t));
    // A change and its reverse at an instant of their own: the instant may stay, the sums are right.
    expect(
      LedgerTimeline.of([[10, 1n]])
        .merged([
          [3, 7n],
          [3, -7n],
        ])
        .sumUpTo(5),
    ).toBe(0n);
  });
});

describe('ledgers held in memory', () => {
  it('holds a big ledger once asked about often, and answers from memory, not the index', () => {
    const random = mulberry32(1);
    const a = heldBigAccount(random);
    const probes = Array.from({ length: 60 }, () => Math.floor(random() * SPAN * 1.1) - SPAN / 20);
    const want = probes.map((t) => plainSumUpTo(temp.store, a, t));
    // Spoil the index from another connection: the generation moves (another process wrote),
    // the ledger did not change, so the held sums stay (the index alone would now be wrong).
    const other = openStore(temp.dir);
    other.db.prepare('DELETE FROM ledger_fenwick WHERE account_id = ?').run(a);
    other.close();
    temp.store.invalidate();
    expect(probes.map((t) => temp.store.ledger.sumUpTo(a, t))).toEqual(want);
    expect(temp.store.ledger.held(a)).toBe(true);
    expect(temp.store.ledger.heldInstants).toBeGreaterThan(TIMELINE_MAX_ROWS);
  });

  it("follows another connection's inserts, back-dated ones, deletes, edits and imports of a held big ledger", () => {
    const random = mulberry32(2);
    const a = heldBigAccount(random);
    const probes = Array.from({ length: 40 }, () => Math.floor(random() * SPAN * 1.1) - SPAN / 20);
    const other = openStore(temp.dir);
    try {
      // The highest row deleted, then a new one: it must not take the deleted row's id (SQLite's
      // own rule would), or a reader that saw that id would take it for a row it has counted.
      const top = other.ledger.mark(a)?.lastId ?? 0;
      other.ledger.remove(a, top);
      expect(other.ledger.add(a, entry(probes[0] ?? 0, 999n)).id).toBeGreaterThan(top);
      temp.store.invalidate();
      agree(temp.store, a, probes);
      // The same through an import: its first row takes an id never given either.
      const top2 = other.ledger.mark(a)?.lastId ?? 0;
      other.ledger.remove(a, top2);
      other.ledger.addMany(
        a,
        Array.from({ length: 100 }, (_, i) => entry(probes[i % probes.length] ?? 0, BigInt(i))),
      );
      expect(other.ledger.between(a, 0, SPAN * 2).every((e) => e.id !== top2)).toBe(true);
      temp.store.invalidate();
      agree(temp.store, a, probes);
      const ids = other.ledger.page(a, 200).map((e) => e.id);
      // More single changes than MERGE_AFTER, so changes are both laid over and merged.
      for (let i = 0; i < MERGE_AFTER + 100; i++) {
        const at = i % 7 === 0 ? (probes[i % probes.length] ?? 0) : Math.floor(random() * SPAN);
        const kind = i % 10;
        const id = ids.pop();
        if (kind === 0 && id !== undefined) other.ledger.remove(a, id);
        else if (kind === 1 && id !== undefined) other.ledger.replace(a, id, entry(at, BigInt(i)));
        else {
          const added = other.ledger.add(a, entry(at, BigInt(i) - 300n));
          // Rows added since the reader's point, then edited or deleted: read as they are now.
          if (i % 5 === 2) other.ledger.replace(a, added.id, entry(at + 1, 3n));
          if (i % 5 === 3) other.ledger.remove(a, added.id);
        }
        if (i % 97 === 0) {
          temp.store.invalidate();
          agree(temp.store, a, probes);
        }
      }
      temp.store.invalidate();
      agree(temp.store, a, probes);
      expect(temp.store.ledger.held(a)).toBe(true);
      // An import of up to NEW_ROWS_READ rows is read as new rows: the ledger stays held.
      other.ledger.addMany(
        a,
        Array.from({ length: 1000 }, (_, i) => entry(Math.floor(random() * SPAN), BigInt(i))),
      );
      temp.store.invalidate();
      agree(temp.store, a, probes);
      expect(temp.store.ledger.held(a)).toBe(true);
      // A bigger one lets it go, and the index answers until it is asked about often again.
      other.ledger.addMany(
        a,
        Array.from({ length: NEW_ROWS_READ + 1 }, (_, i) => entry(Math.floor(random() * SPAN), BigInt(i))),
      );
      temp.store.invalidate();
      agree(temp.store, a, probes);
      expect(temp.store.ledger.held(a)).toBe(false);
    } finally {
      other.close();
    }
  });

  it('lets a ledger go when the log was pruned past its point, and sums right after', () => {
    const random = mulberry32(3);
    const a = heldBigAccount(random);
    const b = temp.store.accounts.create('busy', Buffer.from('busy'), 'busy', 0);
    const probes = Array.from({ length: 20 }, () => Math.floor(random() * SPAN));
    const other = openStore(temp.dir);
    try {
      const victim = other.ledger.page(a, 1)[0];
      if (victim === undefined) throw new Error('no row');
      other.ledger.replace(a, victim.id, entry(probes[0] ?? 0, 123_456n));
      // Enough edits to another account (two rows of the log each) to prune the two above.
      const busy = other.ledger.add(b, entry(1, 1n));
      other.transaction(() => {
        for (let n = 0; n <= LOG_KEEP / 2 + 256; n++) other.ledger.replace(b, busy.id, entry(1 + (n % 5), 1n));
      });
    } finally {
      other.close();
    }
    temp.store.invalidate();
    agree(temp.store, a, probes);
  });

  it('never keeps what a rolled-back transaction read, and sees the write after it', () => {
    const random = mulberry32(4);
    const a = heldBigAccount(random);
    const t = Math.floor(SPAN / 2);
    const before = plainSumUpTo(temp.store, a, t);
    expect(() =>
      temp.store.transaction(() => {
        temp.store.ledger.add(a, entry(t, 5n));
        expect(temp.store.ledger.sumUpTo(a, t)).toBe(before + 5n);
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(temp.store.ledger.sumUpTo(a, t)).toBe(before);
    // Takes the place in the log that the rolled-back write had.
    temp.store.ledger.add(a, entry(t, 7n));
    expect(temp.store.ledger.sumUpTo(a, t)).toBe(before + 7n);
    expect(temp.store.ledger.held(a)).toBe(true);
  });

  it('keeps a small ledger across writes to other tables, and follows its own', () => {
    const a = temp.store.accounts.create('small', Buffer.from('small'), 'small', 0);
    temp.store.ledger.add(a, entry(100, 5n));
    expect(temp.store.ledger.sumUpTo(a, 1000)).toBe(5n);
    expect(temp.store.ledger.held(a)).toBe(true);
    temp.store.accounts.create('another', Buffer.from('another'), 'another', 0);
    expect(temp.store.ledger.sumUpTo(a, 1000)).toBe(5n);
    const added = temp.store.ledger.add(a, entry(50, 2n));
    expect(temp.store.ledger.sumUpTo(a, 60)).toBe(2n);
    expect(temp.store.ledger.sumUpTo(a, 1000)).toBe(7n);
    temp.store.ledger.replace(a, added.id, entry(2000, 2n));
    expect([
      temp.store.ledger.sumUpTo(a, 60),
      temp.store.ledger.sumUpTo(a, 1000),
      temp.store.ledger.sumUpTo(a, 2000),
    ]).toEqual([0n, 5n, 7n]);
    expect(temp.store.ledger.held(a)).toBe(true);
  });

  it('lets go the ledgers not asked about for a while, and loads them again when asked', () => {
    const random = mulberry32(6);
    const a = heldBigAccount(random);
    const small = temp.store.accounts.create('small', Buffer.from('small'), 'small', 0);
    temp.store.ledger.add(small, entry(10, 3n));
    expect(temp.store.ledger.sumUpTo(small, 20)).toBe(3n);
    const asked = performance.now();
    temp.store.ledger.dropIdle(asked + IDLE_MS / 2);
    expect([temp.store.ledger.held(a), temp.store.ledger.held(small)]).toEqual([true, true]);
    temp.store.ledger.dropIdle(asked + IDLE_MS + 1);
    expect([temp.store.ledger.held(a), temp.store.ledger.held(small), temp.store.ledger.heldInstants]).toEqual([
      false,
      false,
      0,
    ]);
    expect(temp.store.ledger.sumUpTo(small, 20)).toBe(3n);
    expect(temp.store.ledger.held(small)).toBe(true);
    agree(temp.store, a, [0, SPAN / 2, SPAN]);
  });
});
