// Case-insensitive word tables read straight from the scan buffer. Short all-letter words are
// looked up by a number computed from their letters (no string is built on the hot path); other
// words fall back to a lower-cased string key. A table is built on its first lookup: a process
// that resolves one phrase (the CLI) builds only the tables that phrase reaches.

const MAX_KEYED = 10; // 10 letters * 5 bits = 50 bits, inside a double's exact integers

const isLetter = (b: number): boolean => (b >= 65 && b <= 90) || (b >= 97 && b <= 122);
const decoder = new TextDecoder();

export class WordTable<V> {
  private readonly byKey = new Map<number, V>();
  private readonly byText = new Map<string, V>();
  private entries: Readonly<Record<string, V>> | undefined;

  constructor(entries: Readonly<Record<string, V>>) {
    this.entries = entries;
  }

  private build(entries: Readonly<Record<string, V>>): void {
    this.entries = undefined;
    for (const [word, value] of Object.entries(entries)) {
      const lower = word.toLowerCase();
      this.byText.set(lower, value);
      const key = WordTable.wordKey(lower);
      if (key >= 0) this.byKey.set(key, value);
    }
  }

  /** Number for an all-letter word of at most 10 letters, else -1. */
  private static key(buf: Uint8Array, start: number, end: number): number {
    if (end - start > MAX_KEYED || end <= start) return -1;
    let k = 0;
    for (let i = start; i < end; i++) {
      const b = buf[i] as number;
      if (!isLetter(b)) return -1;
      k = k * 32 + ((b | 0x20) - 96);
    }
    return k;
  }

  /**
   * key() of a word given as a string: its UTF-16 units are its UTF-8 bytes wherever key() gives
   * a number (ASCII letters), so no encoder is needed.
   */
  private static wordKey(word: string): number {
    if (word.length > MAX_KEYED || word.length === 0) return -1;
    let k = 0;
    for (let i = 0; i < word.length; i++) {
      const b = word.charCodeAt(i);
      if (!isLetter(b)) return -1;
      k = k * 32 + ((b | 0x20) - 96);
    }
    return k;
  }

  /** The value for buf[start..end), compared case-insensitively (ASCII), if any. */
  get(buf: Uint8Array, start: number, end: number): V | undefined {
    if (this.entries !== undefined) this.build(this.entries);
    const key = WordTable.key(buf, start, end);
    if (key >= 0) return this.byKey.get(key);
    if (end - start > 40) return undefined;
    return this.byText.get(decoder.decode(buf.subarray(start, end)).toLowerCase());
  }
}
