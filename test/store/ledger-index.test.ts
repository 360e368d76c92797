// The O(log n) index must always agree with a plain sum of the rows.
import { beforeEach, describe, expect, it } from 'vitest';
import { type NewEntry } from '../../src-main/store/index.ts';
import { rebuildLedgerIndex } from '../../src-main/store/ledger-index.ts';
import { useTempStore } from '../helpers/temp-store.ts';
import { entry, plainSumUpTo } from '../helpers/ledger.ts';

const temp = useTempStore();
let account: number;

beforeEach(() => {
  account = temp.store.accounts.create('t', Buffer.from('h'), '…h', 0);
});

/** A small deterministic generator, so failures reproduce. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('ledger index', () => {
  it('agrees with a plain sum after random single inserts, back-dated inserts, deletes and bulk imports', () => {
    const rnd = random(7);
    const base = 1_700_000_000;
    const span = 400 * 86_400;
    const ids: number[] = [];
    for (let i = 0; i < 300; i++) {
      // Many entries share seconds and leaves, some are far in the past or future.
      const at = base + Math.floor(rnd() * span) - (i % 17 === 0 ? 10 ** 9 : 0) + (i % 23 === 0 ? 10 ** 9 : 0);
      const units = BigInt(Math.floor(rnd() * 2_000_000) - 1_000_000) * 10n ** 6n;
      ids.push(temp.store.ledger.add(account, entry(i % 5 === 0 ? base + 4096 * 3 + (i % 7) : at, units)).id);
    }
    for (let i = 0; i < 40; i++) temp.store.ledger.remove(account, ids[i * 7] ?? 0);
    const bulk: NewEntry[] = [];
    for (let i = 0; i < 500; i++) bulk.push(entry(base + Math.floor(rnd() * span), BigInt(i - 250) * 10n ** 8n));
    temp.store.ledger.addMany(account, bulk);
    const probes = [base - 1, base, base + 4096 * 3 + 3, base + span, -(2 ** 34), 2 ** 40, -(2 ** 40)];
    for (let i = 0; i < 300; i++) probes.push(base - 10 ** 9 + Math.floor(rnd() * (span + 2 * 10 ** 9)));
    for (const t of probes)
      expect(temp.store.ledger.sumUpTo(account, t), `t=${t}`).toBe(
        plainSumUpTo(temp.store, account, Math.min(t, 2 ** 34)),
      );
  });

  it('counts an entry exactly at t, not one a second later', () => {
    temp.store.ledger.add(account, entry(1000, 5n));
    temp.store.ledger.add(account, entry(1001, 7n));
    expect(temp.store.ledger.sumUpTo(account, 999)).toBe(0n);
    expect(temp.store.ledger.sumUpTo(account, 1000)).toBe(5n);
    expect(temp.store.ledger.sumUpTo(account, 1001)).toBe(12n);
  });

  it('sees every write between two queries (the per-leaf prefix cache is emptied by writes)', () => {
    const t = 10_000_000;
    temp.store.ledger.add(account, entry(t - 100_000, 5n));
    expect(temp.store.ledger.sumUpTo(account, t)).toBe(5n);
    expect(temp.store.ledger.sumUpTo(account, t + 1)).toBe(5n);
    const back = temp.store.ledger.add(account, entry(t - 50_000, 7n));
    expect(temp.store.ledger.sumUpTo(account, t)).toBe(12n);
    temp.store.ledger.remove(account, back.id);
    expect(temp.store.ledger.sumUpTo(account, t + 2)).toBe(5n);
    temp.store.ledger.addMany(account, [entry(t - 200_000, 1n), entry(t - 10, 2n)]);
    expect(temp.store.ledger.sumUpTo(account, t + 3)).toBe(8n);
    expect(temp.store.ledger.sumUpTo(account, t + 3)).toBe(plainSumUpTo(temp.store, account, t + 3));
  });

  it('keeps accounts apart', () => {
    const other = temp.store.accounts.create('o', Buffer.from('o'), '…o', 0);
    temp.store.ledger.add(account, entry(10, 5n));
    temp.store.ledger.add(other, entry(10, 100n));
    expect(temp.store.ledger.sumUpTo(account, 20)).toBe(5n);
    expect(temp.store.ledger.sumUpTo(other, 20)).toBe(100n);
  });

  it('rebuilds to the same sums', () => {
    const rnd = random(3);
    temp.store.ledger.addMany(
      account,
      Array.from({ length: 200 }, (_, i) => entry(Math.floor(rnd() * 10 ** 7), BigInt(i + 1))),
    );
    const before = [0, 10 ** 6, 5 * 10 ** 6, 10 ** 7].map((t) => temp.store.ledger.sumUpTo(account, t));
    rebuildLedgerIndex(temp.store.db);
    expect([0, 10 ** 6, 5 * 10 ** 6, 10 ** 7].map((t) => temp.store.ledger.sumUpTo(account, t))).toEqual(before);
  });

  it('leaves nothing behind when a bulk insert fails midway', () => {
    temp.store.ledger.add(account, entry(100, 1n));
    const bad = [entry(200, 2n), { ...entry(300, 3n), kind: 'bogus' as 'topup' }];
    expect(() => temp.store.ledger.addMany(account, bad)).toThrow();
    expect(temp.store.ledger.count(account)).toBe(1);
    expect(temp.store.ledger.sumUpTo(account, 1000)).toBe(1n);
  });
});
