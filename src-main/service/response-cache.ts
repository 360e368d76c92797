// Answers of the spec endpoints, kept while the database is unchanged. A balance at an instant
// and an account's settings are pure functions of the stored data, and scripts poll the same
// question many times a second; any write (here or from another process) empties the cache.
export class ResponseCache {
  readonly #generation: () => string;
  readonly #limit: number;
  #seen = '';
  readonly #bodies = new Map<string, string>();

  constructor(generation: () => string, limit = 10_000) {
    this.#generation = generation;
    this.#limit = limit;
  }

  /** The cached body, or the one `compute` makes (cached only when it returns one). */
  getOrCompute(key: string, compute: () => string | undefined): string | undefined {
    const generation = this.#generation();
    if (generation !== this.#seen) {
      this.#bodies.clear();
      this.#seen = generation;
    }
    const hit = this.#bodies.get(key);
    if (hit !== undefined) return hit;
    const body = compute();
    if (body === undefined) return undefined;
    if (this.#bodies.size >= this.#limit) this.#bodies.clear();
    this.#bodies.set(key, body);
    return body;
  }
}
