// A cursor over a phrase's tokens with the few moves the grammar needs: look, take a word, and
// try a form that puts the cursor back when it does not fit. It also carries the day/month order
// the phrase is read in.
import type { DateOrder } from '../types.ts';
import type { Token } from './tokens.ts';

/** One way a part of a phrase can be written: its meaning, or undefined when it does not fit. */
export type Form<T> = (c: TokenCursor) => T | undefined;

export class TokenCursor {
  pos = 0;
  readonly tokens: readonly Token[];
  readonly order: DateOrder;

  constructor(tokens: readonly Token[], order: DateOrder) {
    this.tokens = tokens;
    this.order = order;
  }

  get done(): boolean {
    return this.pos === this.tokens.length;
  }

  /** Runs `f`; when it fails (undefined) the cursor is put back where it was. */
  attempt<T>(f: () => T | undefined): T | undefined {
    const save = this.pos;
    const r = f();
    if (r === undefined) this.pos = save;
    return r;
  }

  /** The first of `forms` that fits, tried in order. */
  first<T>(forms: readonly Form<T>[]): T | undefined {
    const save = this.pos;
    // An index, not for-of: the grammar calls this for every reading, and an iterator is an
    // object per call until V8 has optimised the caller.
    for (let i = 0; i < forms.length; i++) {
      const r = (forms[i] as Form<T>)(this);
      if (r !== undefined) return r;
      this.pos = save;
    }
    return undefined;
  }

  peek(k = 0): Token | undefined {
    return this.tokens[this.pos + k];
  }

  /** The word `k` tokens ahead, if it is a word without a full stop. */
  wordAt(k = 0): string | undefined {
    const t = this.peek(k);
    return t?.kind === 'word' && !t.dotted ? t.text : undefined;
  }

  /** Takes one of `words` if it is next. */
  eat(...words: string[]): string | undefined {
    const w = this.wordAt();
    if (w === undefined || !words.includes(w)) return undefined;
    this.pos++;
    return w;
  }

  /** Takes `words` in order, all or none. */
  eatAll(...words: string[]): boolean {
    const save = this.pos;
    for (let i = 0; i < words.length; i++) {
      if (this.eat(words[i] as string) === undefined) {
        this.pos = save;
        return false;
      }
    }
    return true;
  }

  eatComma(): boolean {
    if (this.peek()?.kind !== 'comma') return false;
    this.pos++;
    return true;
  }
}
