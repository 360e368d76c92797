// A form's check: the fields typed the form's way (money in pounds) made into the request the
// service takes, then that request checked by the app API's own schema (src-shared/app-requests.ts),
// so the words next to each field are the service's rules, said before anything is sent.
import type { z } from '../../src-shared/schema.ts';
import { checkBody } from '../../src-shared/app-requests.ts';
import type { Checked } from '../../src-shared/checked.ts';

/**
 * Checks `body` against `schema`; `typed` holds what the form itself found wrong (an amount that
 * is not pounds), which wins over the schema's word on the same field.
 */
export function checkForm<T, F extends string>(
  schema: z.ZodMiniType<T>,
  body: unknown,
  typed: Partial<Record<F, string>> = {},
): Checked<T, F> {
  const checked = checkBody(schema, body);
  const fields = { ...(checked.ok ? {} : checked.fields), ...typed } as Partial<Record<F, string>>;
  const first = Object.values(fields).find((m): m is string => typeof m === 'string');
  if (checked.ok && first === undefined) return checked;
  return { ok: false, problem: first ?? (checked.ok ? '' : checked.problem), fields };
}
