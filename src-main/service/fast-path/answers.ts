// The spec's two GET routes answered from a request target, for node:http: which endpoint the
// path names (matched by its length first: a comparison of two numbers rules out every other
// path), the answer to a whole target asked before (kept while the database and, for a balance,
// the second are unchanged; only targets asked at least twice, so a new instant per request
// never fills it), and the query split by hand (../query.ts). The answers themselves are the
// plain path's (../spec-routes.ts): only how they are found and sent differs.
import { GenerationCache } from '../../store/generation-cache.ts';
import { specArguments } from '../query.ts';
import { balanceAnswer, datetimeOf, settingsAnswer, type SpecAnswer, type SpecContext } from '../spec-routes.ts';
import { headersFor } from './headers.ts';

/** An answer with its node:http headers (built once per body length). */
export interface FastAnswer extends SpecAnswer {
  headers: Readonly<Record<string, string>>;
}

interface TargetAnswer {
  /** The second it was answered in (a balance phrase may be relative), or -1 for settings. */
  readonly second: number;
  readonly answer: FastAnswer;
}

/** Longest request target the target cache keeps (scripts' are about 100 characters). */
const TARGET_CACHE_MAX_LENGTH = 1024;

/** Which spec endpoint a request target names (either path, with or without the slash); `q`: index of its '?', or -1. */
export function specPath(target: string, q: number): 'balance' | 'settings' | undefined {
  const end = q === -1 ? target.length : q;
  const path = target.charCodeAt(end - 1) === 47 ? end - 1 : end;
  if (path === 20 && target.startsWith('/account/get_balance')) return 'balance';
  if (path === 34 && target.startsWith('/account/get_notification_settings')) return 'settings';
  return undefined;
}

function withHeaders(a: SpecAnswer): FastAnswer {
  // A literal, not a spread: one object of one shape per answer on the hot path.
  const length = typeof a.body === 'string' ? Buffer.byteLength(a.body) : a.body.byteLength;
  return { status: a.status, body: a.body, headers: headersFor(length) };
}

export class TargetAnswers {
  readonly #spec: SpecContext;
  /** Whole request targets already answered and asked for before. */
  readonly #targets: GenerationCache<TargetAnswer>;

  constructor(spec: SpecContext) {
    this.#spec = spec;
    this.#targets = new GenerationCache(() => spec.domain.store.generation(), { repeatsOnly: true });
  }

  /**
   * The answer to a whole request target. A script polling one URL gets the answer it got before
   * while the database and, for a balance, the second are unchanged, without reading its query
   * again. Refusals are never kept, nor a provider's answer (a promise: the provider may change
   * it at any moment); a local account's answer is immediate and depends on nothing else.
   */
  answer(which: 'balance' | 'settings', target: string, q: number): FastAnswer | Promise<FastAnswer> {
    const spec = this.#spec;
    const second = which === 'balance' ? spec.domain.nowSeconds() : -1;
    const kept = this.#targets.find(target);
    if (kept !== undefined && kept.second === second) return kept.answer;
    const args = specArguments(target, q);
    const fresh =
      which === 'balance'
        ? balanceAnswer(spec, args.key, datetimeOf(target, args.datetime))
        : settingsAnswer(spec, args.key);
    if (fresh instanceof Promise) return fresh.then(withHeaders);
    const answer = withHeaders(fresh);
    if (answer.status === 200 && target.length <= TARGET_CACHE_MAX_LENGTH)
      this.#targets.set(target, { second, answer });
    return answer;
  }
}
