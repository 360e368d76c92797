// The one shape of a check's answer, for every check the service, the CLI and the window make on
// input: the value, or what is wrong. `problem` is the first thing wrong in words (what a 400 or
// a CLI line says); `fields` says it again per field, for a form to put next to each field.
import type { ErrorCode } from './vocabulary.ts';

export type Checked<T, F extends string = string> =
  | { ok: true; value: T }
  | {
      ok: false;
      problem: string;
      fields: Partial<Record<F, string>>;
      /** The error code an answer refusing it carries (absent: the request's shape, `invalid_request`). */
      code?: ErrorCode;
    };

export function accepted<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** A refusal naming one field (or none: `field` undefined). */
export function refused<F extends string>(
  problem: string,
  field?: F,
  code?: ErrorCode,
): { ok: false; problem: string; fields: Partial<Record<F, string>>; code?: ErrorCode } {
  const fields: Partial<Record<F, string>> = {};
  if (field !== undefined) fields[field] = problem;
  return code === undefined ? { ok: false, problem, fields } : { ok: false, problem, fields, code };
}
