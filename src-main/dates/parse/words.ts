// Case-insensitive word tables read straight from the scan buffer. Short all-letter words are
// looked up by a number computed from their letters (no string is built on the hot path); other
// words fall back to a lower-cased string key.

const MAX_KEYED = 10; // 10 letters * 5 bits = 50 bits, inside a double's exact integers

const isLetter = (b: number): boolean => (b >= 65 && b <= 90) || (b >= 97 && b <= 122);
const decoder = new TextDecoder();

export class WordTable<V> {
  private readonly byKey = new Map<number, V>();
  private readonly byText = new Map<string, V>();

  constructor(entries: Readonly<Record<string, V>>) {
    for (const [word, value] of Object.entries(entries)) {
      const lower = word.toLowerCase();
      this.byText.set(lower, value);
      const bytes = new TextEncoder().encode(lower);
      const key = WordTable.key(bytes, 0, bytes.length);
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

  /** The value for buf[start..end), compared case-insensitively (ASCII), if any. */
  get(buf: Uint8Array, start: number, end: number): V | undefined {
    const key = WordTable.key(buf, start, end);
    if (key >= 0) return this.byKey.get(key);
    if (end - start > 40) return undefined;
    return this.byText.get(decoder.decode(buf.subarray(start, end)).toLowerCase());
  }
}
