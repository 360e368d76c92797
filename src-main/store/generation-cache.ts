// Values derived from the database, kept while it is unchanged: any write (here or from another
// process) moves the store's generation, which empties the cache.
//
// Bounded in two halves: when the newer half is full it becomes the older one and the oldest
// values go. A value asked for again moves back into the newer half, so whatever is in use
// stays (a script polling one URL among thousands asked once) at the price of one Map lookup
// more on a miss, never a wrong answer. Values that are not asked for again leave young, which
// keeps them out of the garbage collector's old generation.
export class GenerationCache<V, K = string> {
  readonly #generation: () => number;
  readonly #limit: number;
  readonly #weigh: ((value: V) => number) | undefined;
  #values = new Map<K, V>();
  #older = new Map<K, V>();
  #weight = 0;
  #seen = -1;

  /**
   * `limit` bounds the number of values in each half, or with `weigh` their total weight (for
   * values of very different sizes, such as whole ledgers).
   */
  constructor(generation: () => number, limit = 1024, weigh?: (value: V) => number) {
    this.#generation = generation;
    this.#limit = limit;
    this.#weigh = weigh;
  }

  /** The cached value, or the one `compute` makes (a throw caches nothing). */
  get(key: K, compute: () => V): V {
    const hit = this.find(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.set(key, value);
    return value;
  }

  /** The cached value, if any (for callers that decide themselves what is worth keeping). */
  find(key: K): V | undefined {
    const generation = this.#generation();
    if (generation !== this.#seen) {
      this.#values.clear();
      this.#older.clear();
      this.#weight = 0;
      this.#seen = generation;
    }
    const hit = this.#values.get(key);
    if (hit !== undefined || this.#older.size === 0) return hit;
    const old = this.#older.get(key);
    if (old !== undefined) {
      this.#older.delete(key);
      this.set(key, old);
    }
    return old;
  }

  /** Keeps a value for the generation seen by the last find() or get(). */
  set(key: K, value: V): void {
    const weight = this.#weigh === undefined ? 1 : this.#weigh(value);
    if (this.#weight + weight > this.#limit && this.#values.size > 0) {
      this.#older = this.#values;
      this.#values = new Map();
      this.#weight = 0;
    }
    this.#values.set(key, value);
    this.#weight += weight;
  }
}
