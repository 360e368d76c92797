// The hand split of the spec endpoints' query must read every query exactly as URLSearchParams.
import { describe, expect, it } from 'vitest';
import { specArguments } from '../../src-main/service/query.ts';
import { mulberry32 } from '../helpers/prng.ts';

function viaUrlSearchParams(query: string): { key: string | undefined; datetime: string | undefined } {
  const p = new URLSearchParams(query);
  const last = (name: string): string | undefined => p.getAll(name).at(-1);
  return { key: last('key'), datetime: last('datetime') };
}

function check(query: string): void {
  const target = `/account/get_balance/?${query}`;
  expect(specArguments(target, target.indexOf('?')), JSON.stringify(query)).toEqual(viaUrlSearchParams(query));
}

describe('spec query arguments', () => {
  it('reads the shapes scripts send', () => {
    for (const q of [
      'key=abc',
      'key=abc&datetime=%2B1%20week',
      'datetime=%401790000000&key=k',
      'key=a+b&datetime=next+monday',
      'key=&datetime=',
      'key',
      'datetime',
      '&&key=x&&',
      '=x&key=y',
      'key=1&key=2&datetime=a&datetime=b',
      'key=%41%42%43',
      'key=%e2%82%ac',
      'key=%zz',
      'key=%',
      'key=%4',
      'key=%ff%fe',
      'key=%ed%a0%80',
      'key=%00',
      'k%65y=enc&key=plain',
      'key=x&k%65y=enc',
      'ke+y=1',
      'key=a=b=c',
      'key=x#frag',
      'key=%2B%2b%20',
      'key=caf\u00e9',
      'key=\ud800',
      'datetime=%F0%9F%98%80',
      'datetime=%C3%A9t%C3%A9',
      'key=%7F%80',
    ])
      check(q);
  });

  it('reads generated queries of every kind as URLSearchParams does', () => {
    const random = mulberry32(13);
    const pieces = [
      'key',
      'datetime',
      'k%65y',
      '=',
      '&',
      '+',
      '%',
      '%2',
      '%20',
      '%2B',
      '%40',
      '%e2%82%ac',
      '%ff',
      '%C3',
      'a',
      'Z',
      '9',
      '#',
      ' ',
      '\u00e9',
      '\ud83d\ude00',
      '\ud800',
      '%00',
      '%7f',
    ];
    for (let i = 0; i < 5000; i++) {
      let q = '';
      const n = 1 + Math.floor(random() * 12);
      for (let j = 0; j < n; j++) q += pieces[Math.floor(random() * pieces.length)] ?? '';
      check(q);
    }
  });

  it('has no arguments without a query', () => {
    expect(specArguments('/account/get_balance/', -1)).toEqual({ key: undefined, datetime: undefined });
  });
});
