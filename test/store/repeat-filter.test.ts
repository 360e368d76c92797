// The caches' doorkeeper: a key is "seen before" from its second ask on, so one-off questions
// are never kept while repeated ones are.
import { describe, expect, it } from 'vitest';
import { RepeatFilter } from '../../src-main/store/repeat-filter.ts';

describe('RepeatFilter', () => {
  it('says no to a first ask and yes to every later one', () => {
    const f = new RepeatFilter();
    expect(f.seenBefore('/account/get_balance/?key=k&datetime=%2B1%20week')).toBe(false);
    expect(f.seenBefore('/account/get_balance/?key=k&datetime=%2B1%20week')).toBe(true);
    expect(f.seenBefore('/account/get_balance/?key=k&datetime=%2B1%20week')).toBe(true);
    expect(f.seenBefore('/account/get_balance/?key=k&datetime=%2B2%20week')).toBe(false);
  });

  it('takes a stream of new keys as new, bar the rare collision of two 32-bit hashes', () => {
    const f = new RepeatFilter(4096);
    let taken = 0;
    for (let n = 0; n < 100_000; n++) if (f.seenBefore(`@${1_790_000_000 + n}`)) taken += 1;
    // A false "seen" needs two keys with the same 32-bit hash among the last few in one slot.
    expect(taken).toBeLessThan(5);
  });

  it('still knows a repeated key among new ones that share its table', () => {
    const f = new RepeatFilter(4096);
    const polled = '/account/get_balance/?key=k&datetime=tomorrow';
    f.seenBefore(polled);
    let known = 0;
    for (let round = 0; round < 100; round++) {
      for (let n = 0; n < 50; n++) f.seenBefore(`@${1_790_000_000 + round * 50 + n}`);
      if (f.seenBefore(polled)) known += 1;
    }
    // 50 new keys between two asks rarely land in its slot (about 1 in 80 rounds).
    expect(known).toBeGreaterThan(90);
  });

  it('handles the empty key and rounds its size up to a power of two', () => {
    const f = new RepeatFilter(1000);
    expect(f.seenBefore('')).toBe(false);
    expect(f.seenBefore('')).toBe(true);
  });
});
