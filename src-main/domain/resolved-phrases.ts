// The resolver is a pure function of the text, the current second and the zone, so a phrase
// asked again and again within the same second ("+1 week" polled many times a second) is kept
// from its second ask on (a RepeatFilter: "@1790000001" once per request never is).
import { MAX_INPUT_LENGTH, resolve } from '../dates/index.ts';
import { RepeatFilter } from '../store/repeat-filter.ts';

export interface PhraseReading {
  epochSeconds: number;
  understood: boolean;
}

export class ResolvedPhrases {
  readonly #timeZone: string;
  readonly #readings = new Map<string, PhraseReading>();
  readonly #repeats = new RepeatFilter();
  #second = NaN;

  constructor(timeZone: string) {
    this.#timeZone = timeZone;
  }

  /** How a datetime argument reads in `second` (epoch seconds); not understood means then. */
  reading(text: string | undefined, second: number): PhraseReading {
    if (second !== this.#second) {
      this.#readings.clear();
      this.#second = second;
    }
    // Longer texts are not understood (so: now) and would only fill the map.
    if (text === undefined || text.length > MAX_INPUT_LENGTH) return this.#read(text, second);
    let r = this.#readings.get(text);
    if (r === undefined) {
      r = this.#read(text, second);
      if (!this.#repeats.seenBefore(text)) return r;
      if (this.#readings.size >= 1024) this.#readings.clear();
      this.#readings.set(text, r);
    }
    return r;
  }

  #read(text: string | undefined, second: number): PhraseReading {
    const r = resolve(text, { now: second * 1000, timeZone: this.#timeZone });
    return { epochSeconds: r.epochSeconds, understood: r.understood };
  }
}
