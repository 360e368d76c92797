// Values derived from the database, kept while it is unchanged: any write (here or from another
// process) moves the store's generation, which empties the cache. Bounded: when full it starts
// over, which costs a recomputation, never a wrong answer.
export class GenerationCache<V, K = string> {
  readonly #generation: () => number;
  readonly #limit: number;
  readonly #weigh: ((value: V) => number) | undefined;
  readonly #values = new Map<K, V>();
  #weight = 0;
  #seen = -1;

  /**
   * `limit` bounds the number of values, or with `weigh` their total weight (for values of very
   * different sizes, such as whole ledgers).
   */
  constructor(generation: () => number, limit = 10_000, weigh?: (value: V) => number) {
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
      this.#clear();
      this.#seen = generation;
    }
    return this.#values.get(key);
  }

  /** Keeps a value for the generation seen by the last find() or get(). */
  set(key: K, value: V): void {
    const weight = this.#weigh === undefined ? 1 : this.#weigh(value);
    if (this.#weight + weight > this.#limit) this.#clear();
    this.#values.set(key, value);
    this.#weight += weight;
  }

  #clear(): void {
    this.#values.clear();
    this.#weight = 0;
  }
}
