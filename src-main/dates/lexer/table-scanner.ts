// The scanner the resolver runs: longest match over a complete table built ahead of time
// (data/scanner-tables.ts), with re2c's semantics (the longest match wins; on equal length, the
// rule listed first). The table is kept as it is written (runs of next states by byte class); a
// state's row of next states (one per byte class) is read and spread out the first time the state is entered, so
// a process that resolves one phrase (the CLI) reads a dozen rows instead of all 1,700, and the
// walk stays two array reads per byte (the byte's class, then the next state).
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
  /** The byte class of each byte. */
  private readonly classOf: Uint8Array;
  /** log2 of a row's width in `trans`: the number of byte classes, rounded up to a power of two. */
  private readonly shift: number;
  /**
   * trans[(state << shift) | class]: the next state plus one; NOT_SPREAD until the state's row
   * is spread. By class rather than by byte: spreading a row writes its 80 classes, not 256 bytes.
   */
  private readonly trans: Uint16Array;
  /** End (exclusive) and rule of the last match, set by match(). */
  matchEnd = 0;
  matchRule = -1;

  constructor(table: EncodedTable) {
    if (table.accepts.length >= 0xffff) throw new Error('a scanner table of 65,535 states or more');
    this.table = table;
    this.classOf = table.classOf;
    this.shift = Math.max(0, Math.ceil(Math.log2(table.classes)));
    this.trans = new Uint16Array(table.accepts.length << this.shift);
    this.row = new Uint16Array(table.classes);
  }

  /** Spreads the row of `state` from its byte classes. */
  private spread(state: number): void {
    const row = this.row;
    readRow(this.table, state, row);
    const base = state << this.shift;
    for (let c = 0; c < row.length; c++) this.trans[base + c] = (row[c] as number) + 1;
  }

  /** Longest match starting at `pos` in `buf[..limit)`; false when no rule matches at all. */
  match(buf: Uint8Array, pos: number, limit: number): boolean {
    let state = START;
    let lastRule = -1;
    let lastEnd = pos;
    const trans = this.trans;
    const classOf = this.classOf;
    const shift = this.shift;
    const accepts = this.table.accepts;
    for (let i = pos; i < limit; i++) {
      const at = (state << shift) | (classOf[buf[i] as number] as number);
      let stored = trans[at] as number;
      if (stored === NOT_SPREAD) {
        this.spread(state);
        stored = trans[at] as number;
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
