// Answers of the spec endpoints, kept while the database is unchanged. A balance at an instant
// and an account's settings are pure functions of the stored data, and scripts poll the same
// question many times a second; any write (here or from another process) empties the cache.
// Bodies are kept as UTF-8 bytes: Node writes bytes to a socket faster than it encodes a string.
const encoder = new TextEncoder();

export class ResponseCache {
  readonly #generation: () => string;
  readonly #limit: number;
  #seen = '';
  readonly #bodies = new Map<string, Uint8Array<ArrayBuffer>>();

  constructor(generation: () => string, limit = 10_000) {
    this.#generation = generation;
    this.#limit = limit;
  }

  /** The cached body, or the one `compute` makes (a refusal throws, so only answers are kept). */
  getOrCompute(key: string, compute: () => string): Uint8Array<ArrayBuffer> {
    const generation = this.#generation();
    if (generation !== this.#seen) {
      this.#bodies.clear();
      this.#seen = generation;
    }
    const hit = this.#bodies.get(key);
    if (hit !== undefined) return hit;
    const body = encoder.encode(compute());
    if (this.#bodies.size >= this.#limit) this.#bodies.clear();
    this.#bodies.set(key, body);
    return body;
  }
}
