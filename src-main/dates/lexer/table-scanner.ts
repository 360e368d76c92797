// The scanner the resolver runs: longest match over a complete table built ahead of time
// (data/scanner-tables.ts), with re2c's semantics (the longest match wins; on equal length, the
// rule listed first). The table is kept as it is written (runs of next states by byte class); a
// state's row of 256 next states is read and spread out the first time the state is entered, so
// a process that resolves one phrase (the CLI) reads a dozen rows instead of all 1,700, and the
// walk stays one array read per byte.
import { readRow, type EncodedTable } from './table.ts';

/**
 * What a row holds before it is spread: zero, as a new typed array is, so that making one costs
 * nothing (the kernel maps the pages only when rows are written). Rows hold next states plus one.
 */
const NOT_SPREAD = 0;
const DEAD = 0;
const START = 1;

export class TableScanner {
  private readonly table: EncodedTable;
  /** One state's next states by byte class, while its row is spread. */
  private readonly row: Uint16Array;
  /** trans[state * 256 + byte]: the next state plus one; NOT_SPREAD until the state's row is spread. */
  private readonly trans: Uint16Array;
  /** End (exclusive) and rule of the last match, set by match(). */
  matchEnd = 0;
  matchRule = -1;

  constructor(table: EncodedTable) {
    if (table.accepts.length >= 0xffff) throw new Error('a scanner table of 65,535 states or more');
    this.table = table;
    this.trans = new Uint16Array(table.accepts.length * 256);
    this.row = new Uint16Array(table.classes);
  }

  /** Spreads the row of `state` from its byte classes. */
  private spread(state: number): void {
    const { classOf } = this.table;
    const row = this.row;
    readRow(this.table, state, row);
    for (let b = 0; b < 256; b++) this.trans[(state << 8) | b] = (row[classOf[b] as number] as number) + 1;
  }

  /** Longest match starting at `pos` in `buf[..limit)`; false when no rule matches at all. */
  match(buf: Uint8Array, pos: number, limit: number): boolean {
    let state = START;
    let lastRule = -1;
    let lastEnd = pos;
    const trans = this.trans;
    const accepts = this.table.accepts;
    for (let i = pos; i < limit; i++) {
      const b = buf[i] as number;
      let stored = trans[(state << 8) | b] as number;
      if (stored === NOT_SPREAD) {
        this.spread(state);
        stored = trans[(state << 8) | b] as number;
      }
      const next = stored - 1;
      if (next === DEAD) break;
      state = next;
      const acc = accepts[state] as number;
      if (acc >= 0) {
        lastRule = acc;
        lastEnd = i + 1;
      }
    }
    this.matchRule = lastRule;
    this.matchEnd = lastEnd;
    return lastRule >= 0;
  }
}
