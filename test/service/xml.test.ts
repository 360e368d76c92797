// The balance document is written by hand for speed: it must be the builder's bytes exactly.
import { describe, expect, it } from 'vitest';
import XMLBuilder from 'fast-xml-builder';
import { balanceXml } from '../../src-main/service/xml.ts';

const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: false });
const viaBuilder = (datetime: string, balance: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ result: { datetime, balance } })}`;

describe('balance XML', () => {
  it("gives the builder's bytes for every kind of value", () => {
    for (const [datetime, balance] of [
      ['2026-11-22 10:35:00', '5000'],
      ['2026-05-01 00:00:00', '4983.8709677419'],
      ['1425-01-01 00:00:00', '-12.5'],
      ['2514-12-31 23:59:59', '0'],
      ['2026-01-01 00:00:00', '-10000000000000000000000.0000000001'],
      ['a<b', '&'],
      ['', ''],
      ['x"y\'z', '>'],
    ] as const)
      expect(balanceXml(datetime, balance), `${datetime} ${balance}`).toBe(viaBuilder(datetime, balance));
  });
});
