// The scanner tables built ahead of time (src-main/dates/data/scanner-tables.ts): up to date with
// the rules, and matching exactly as a scanner built from the rules does. The resolver trusts them
// (it never loads the rules' patterns), so this test is what keeps them the rules' own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_NAMES, SCANNER_TABLES } from '../../src-main/dates/data/scanner-tables.ts';
import { LongestMatchScanner } from '../../src-main/dates/lexer/dfa.ts';
import { TableScanner } from '../../src-main/dates/lexer/table-scanner.ts';
import { RULES, RULES_DAY_FIRST } from '../../src-main/dates/lexer/rules.ts';
import { decodeTable, encodeTable, fingerprint, readTable } from '../../src-main/dates/lexer/table.ts';
import { scannerTablesSource } from '../../scripts/goldens/scanner-tables.ts';

const root = new URL('../../', import.meta.url);
const inputs = readFileSync(new URL('test/dates/goldens/php.jsonl', root), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => (JSON.parse(l) as [string])[0]);

describe('scanner tables', () => {
  it('are the ones the rules build (else run node scripts/goldens/scanner-tables.ts)', () => {
    expect(readFileSync(new URL('src-main/dates/data/scanner-tables.ts', root), 'utf8')).toBe(scannerTablesSource());
  });

  it('decode to the very table they were encoded from', () => {
    const built = new LongestMatchScanner(RULES_DAY_FIRST.map((r) => r[1])).complete();
    const back = decodeTable(encodeTable(built));
    expect(back.classes).toBe(built.classes);
    expect([...back.classOf]).toEqual([...built.classOf]);
    expect([...back.accepts]).toEqual([...built.accepts]);
    expect(back.next.length).toBe(built.next.length);
    expect(back.next.every((v, i) => v === built.next[i])).toBe(true);
  });

  it('name the rules in their order', () => {
    expect(RULE_NAMES).toEqual(RULES.map((r) => r[0]));
    expect(RULE_NAMES).toEqual(RULES_DAY_FIRST.map((r) => r[0]));
  });

  it('fingerprint the rules they were built from', () => {
    expect(SCANNER_TABLES.mdy.fingerprint).toBe(fingerprint(RULES.map((r) => r[1])));
    expect(SCANNER_TABLES.dmy.fingerprint).toBe(fingerprint(RULES_DAY_FIRST.map((r) => r[1])));
    expect(fingerprint(RULES.slice(1).map((r) => r[1]))).not.toBe(SCANNER_TABLES.mdy.fingerprint);
  });

  for (const [order, rules] of [
    ['mdy', RULES],
    ['dmy', RULES_DAY_FIRST],
  ] as const) {
    it(`match as the scanner built from the rules does (${order}), at every position of the golden inputs`, () => {
      const fromTable = new TableScanner(readTable(SCANNER_TABLES[order].table));
      const fromRules = new LongestMatchScanner(rules.map((r) => r[1]));
      let positions = 0;
      const differences: string[] = [];
      for (const text of inputs) {
        const buf = new Uint8Array([...new TextEncoder().encode(text), 0, 0, 0, 0, 0, 0, 0, 0]);
        for (let p = 0; p < buf.length - 8; p++) {
          fromTable.match(buf, p, buf.length);
          fromRules.match(buf, p, buf.length);
          if (fromTable.matchRule !== fromRules.matchRule || fromTable.matchEnd !== fromRules.matchEnd)
            differences.push(`${JSON.stringify(text)} at ${p}`);
          positions++;
        }
      }
      expect(differences.slice(0, 5)).toEqual([]);
      expect(positions).toBeGreaterThan(100000);
    });
  }
});
