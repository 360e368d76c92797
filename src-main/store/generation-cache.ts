// Values derived from the database, kept while it is unchanged: any write (here or from another
// process) moves the store's generation, which empties the cache.
//
// Bounded in two halves: when the newer half is full it becomes the older one and the oldest
// values go. A value asked for again moves back into the newer half, so whatever is in use
// stays (a script polling one URL among thousands asked once) at the price of one Map lookup
// more on a miss, never a wrong answer. Values that are not asked for again leave young, which
// keeps them out of the garbage collector's old generation. With `repeatsOnly`, a value is kept
// only from its key's second ask on (see RepeatFilter), so one-off questions never enter at all.
import { RepeatFilter } from './repeat-filter.ts';

export interface GenerationCacheOptions<V> {
  /** Most values in each half, or with `weigh` their total weight (default 1024). */
  limit?: number;
  /** A value's weight, for values of very different sizes, such as whole ledgers. */
  weigh?: (value: V) => number;
  /** Keep a value only when its key was asked for before (for caches fed many one-off keys). */
  repeatsOnly?: boolean;
}

export class GenerationCache<V, K = string> {
  readonly #generation: () => number;
  readonly #limit: number;
  readonly #weigh: ((value: V) => number) | undefined;
  readonly #repeats: RepeatFilter | undefined;
  #values = new Map<K, V>();
  #older = new Map<K, V>();
  #weight = 0;
  #seen = -1;

  constructor(generation: () => number, options: GenerationCacheOptions<V> = {}) {
    this.#generation = generation;
    this.#limit = options.limit ?? 1024;
    this.#weigh = options.weigh;
    this.#repeats = options.repeatsOnly === true ? new RepeatFilter() : undefined;
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
      this.#keep(key, old);
    }
    return old;
  }

  /** Keeps a value for the generation seen by the last find() or get() (with `repeatsOnly`, from its key's second ask on). */
  set(key: K, value: V): void {
    if (this.#repeats !== undefined && !this.#repeats.seenBefore(String(key))) return;
    this.#keep(key, value);
  }

  /** Into the newer half (a value already kept, moving back, needs no second admission). */
  #keep(key: K, value: V): void {
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
