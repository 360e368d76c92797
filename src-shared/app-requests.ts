// Run-time checks of the app API's request bodies (untrusted input: any local program holding
// the token can send anything). They check the JSON shape only; what a value may be (a level's
// range, a known kind, a date that is understood) is the domain's rule, checked there once for
// the app API and the CLI alike. The request types in app-api.ts are inferred from these.
import { z } from 'zod';
import { DATE_ORDERS } from './vocabulary.ts';

/** A date: a free-form phrase ("+3 days", "2026-12-01 09:00") or epoch seconds. */
const instant = z.union([z.string(), z.number()]);
/** How slashed numeric dates in the request's phrases are read (the window's setting); `mdy` when absent. */
const dateOrder = z.enum(DATE_ORDERS).optional();
/** An amount in pence: exact decimal text ("12.5"), or a JSON number. */
const pence = z.union([z.string(), z.number()]);

export const KeyRequest = z.object({ key: z.string() });
export type KeyRequest = z.infer<typeof KeyRequest>;

/** A new local account; `openingBalance` (pence) starts its ledger. */
export const AccountRequest = z.object({ name: z.string(), openingBalance: pence.optional() });
export type AccountRequest = z.infer<typeof AccountRequest>;

/** Connect to a provider: its {base_url}, the key it issued, and a name (default: the host). */
export const ConnectRequest = z.object({ baseUrl: z.string(), key: z.string(), name: z.string().optional() });
export type ConnectRequest = z.infer<typeof ConnectRequest>;

/** Check a connected account now; `force` (the refresh button) ignores the backoff, not Retry-After. */
export const RefreshRequest = z.object({ force: z.boolean().optional() });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** A partial edit: absent fields keep their value. */
export const SettingsEdit = z
  .object({
    warningEnabled: z.boolean(),
    warningLevel: z.number().nullable(),
    summary: z.array(z.string()),
    disk: z.array(z.number()),
    bandwidth: z.array(z.number()),
  })
  .partial();
export type SettingsEdit = z.infer<typeof SettingsEdit>;

export const NewEntryRequest = z.object({
  at: instant,
  amount: pence,
  kind: z.string().optional(),
  note: z.string().optional(),
  dateOrder,
});
export type NewEntryRequest = z.infer<typeof NewEntryRequest>;

export const NewRecurringRequest = z.object({
  amount: pence,
  every: z.string(),
  from: instant,
  until: instant.nullable().optional(),
  note: z.string().optional(),
  dateOrder,
});
export type NewRecurringRequest = z.infer<typeof NewRecurringRequest>;

/** End a recurring charge from `at` on (now or later). */
export const EndRecurringRequest = z.object({ at: instant, dateOrder });
export type EndRecurringRequest = z.infer<typeof EndRecurringRequest>;

/** The unexpected-charge threshold of a connected account: whole pence (the domain checks the range). */
export const ThresholdRequest = z.object({ pence: z.number() });
export type ThresholdRequest = z.infer<typeof ThresholdRequest>;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Checks a parsed JSON body against a schema; the problem names the first bad field. */
export function checkBody<T>(schema: z.ZodType<T>, body: unknown): Checked<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue === undefined || issue.path.length === 0 ? 'the request body' : issue.path.map(String).join('.');
  return { ok: false, problem: `${field}: ${issue?.message ?? 'not what this route takes'}` };
}
