// Values derived from the database, kept while it is unchanged: any write (here or from another
// process) moves the store's generation, which empties the cache. Bounded: when full it starts
// over, which costs a recomputation, never a wrong answer.
export class GenerationCache<V> {
  readonly #generation: () => string;
  readonly #limit: number;
  readonly #values = new Map<string, V>();
  #seen = '';

  constructor(generation: () => string, limit = 10_000) {
    this.#generation = generation;
    this.#limit = limit;
  }

  /** The cached value, or the one `compute` makes (a throw caches nothing). */
  get(key: string, compute: () => V): V {
    const generation = this.#generation();
    if (generation !== this.#seen) {
      this.#values.clear();
      this.#seen = generation;
    }
    const hit = this.#values.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    if (this.#values.size >= this.#limit) this.#values.clear();
    this.#values.set(key, value);
    return value;
  }
}
