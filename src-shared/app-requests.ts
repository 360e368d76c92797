// The app API's request bodies, one zod schema each (untrusted input: any local program holding
// the token can send anything). A schema checks the JSON shape and every rule that needs no
// stored data (ledger-rules.ts, settings-rules.ts): the service answers 400 with the rule's code
// and words, the window's forms put the same words next to the field before anything is sent.
// What needs the store (a date's range, a charge's end against its start and now, a partial
// settings edit against the stored settings) stays the domain's. The request types in
// app-api.ts are inferred from these schemas (zod/mini, through schema.ts).
import type { Checked } from './checked.ts';
import { entryFields, recurringFields } from './ledger-rules.ts';
import { z } from './schema.ts';
import { alertsOf, summaryOf, warningEnabledOf, warningLevelOf, warningNeedsLevel } from './settings-rules.ts';
import { DATE_ORDERS, isErrorCode, type ErrorCode } from './vocabulary.ts';

/** A date: a free-form phrase ("+3 days", "2026-12-01 09:00") or epoch seconds. */
const instant = z.union([z.string(), z.number()]);
/** How slashed numeric dates in the request's phrases are read (the window's setting); `mdy` when absent. */
const dateOrder = z.optional(z.enum(DATE_ORDERS));
/** An amount in pence: exact decimal text ("12.5"), or a JSON number. */
const pence = z.union([z.string(), z.number()]);

/** A rule's refusal, as a zod issue carrying the error code the answer gives. */
function addProblems(ctx: z.core.$RefinementCtx, checked: Checked<unknown>, code: ErrorCode): void {
  if (checked.ok) return;
  const fields = Object.entries(checked.fields);
  if (fields.length === 0) ctx.addIssue({ code: 'custom', message: checked.problem, params: { code } });
  for (const [field, message] of fields)
    ctx.addIssue({ code: 'custom', path: [field], message: String(message), params: { code } });
}

/** A date that must be given: a phrase that is not blank, or epoch seconds. */
function requireDate(
  ctx: z.core.$RefinementCtx,
  value: string | number | null | undefined,
  field: string,
  words: string,
  code: ErrorCode,
): void {
  if (typeof value === 'string' && value.trim() === '')
    ctx.addIssue({ code: 'custom', path: [field], message: words, params: { code } });
}

export const KeyRequest = z.object({ key: z.string() });
export type KeyRequest = z.infer<typeof KeyRequest>;

/** A new local account; `openingBalance` (pence) starts its ledger. */
export const AccountRequest = z.object({ name: z.string(), openingBalance: z.optional(pence) });
export type AccountRequest = z.infer<typeof AccountRequest>;

/** Connect to a provider: its {base_url}, the key it issued, and a name (default: the host). */
export const ConnectRequest = z.object({ baseUrl: z.string(), key: z.string(), name: z.optional(z.string()) });
export type ConnectRequest = z.infer<typeof ConnectRequest>;

/** Check a connected account now; `force` (the refresh button) ignores the backoff, not Retry-After. */
export const RefreshRequest = z.object({ force: z.optional(z.boolean()) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** A partial edit: absent fields keep their value. */
export const SettingsEdit = z
  .partial(
    z.object({
      warningEnabled: z.boolean(),
      warningLevel: z.nullable(z.number()),
      summary: z.array(z.string()),
      disk: z.array(z.number()),
      bandwidth: z.array(z.number()),
    }),
  )
  .check(
    z.superRefine((edit, ctx) => {
      const code = 'invalid_settings';
      if (edit.warningEnabled !== undefined) addProblems(ctx, warningEnabledOf(edit.warningEnabled), code);
      if (edit.warningLevel !== undefined) addProblems(ctx, warningLevelOf(edit.warningLevel), code);
      if (edit.summary !== undefined) addProblems(ctx, summaryOf(edit.summary), code);
      if (edit.disk !== undefined) addProblems(ctx, alertsOf('disk', edit.disk), code);
      if (edit.bandwidth !== undefined) addProblems(ctx, alertsOf('bandwidth', edit.bandwidth), code);
      // A whole edit says both; a partial one is checked against the stored settings by the domain.
      if (edit.warningEnabled !== undefined && edit.warningLevel !== undefined) {
        const problem = warningNeedsLevel({ warningEnabled: edit.warningEnabled, warningLevel: edit.warningLevel });
        if (problem !== undefined)
          ctx.addIssue({ code: 'custom', path: ['warningLevel'], message: problem, params: { code } });
      }
    }),
  );
export type SettingsEdit = z.infer<typeof SettingsEdit>;

export const NewEntryRequest = z
  .object({
    at: instant,
    amount: pence,
    kind: z.optional(z.string()),
    note: z.optional(z.string()),
    dateOrder,
  })
  .check(
    z.superRefine((body, ctx) => {
      addProblems(ctx, entryFields(body.amount, body.kind, body.note), 'invalid_entry');
      requireDate(ctx, body.at, 'at', 'Say when, for example "now", "yesterday 9am" or "2026-12-01".', 'invalid_entry');
    }),
  );
export type NewEntryRequest = z.infer<typeof NewEntryRequest>;

export const NewRecurringRequest = z
  .object({
    amount: pence,
    every: z.string(),
    from: instant,
    until: z.optional(z.nullable(instant)),
    note: z.optional(z.string()),
    dateOrder,
  })
  .check(
    z.superRefine((body, ctx) => {
      addProblems(ctx, recurringFields(body.amount, body.every, body.note), 'invalid_recurring');
      requireDate(
        ctx,
        body.from,
        'from',
        'Say when it starts, for example "today" or "1 December 2026".',
        'invalid_recurring',
      );
    }),
  );
export type NewRecurringRequest = z.infer<typeof NewRecurringRequest>;

/** End a recurring charge from `at` on (now or later). */
export const EndRecurringRequest = z.object({ at: instant, dateOrder }).check(
  z.superRefine((body, ctx) => {
    requireDate(
      ctx,
      body.at,
      'at',
      'Say when it stops, for example "now", "last day of this month" or "1 January 2027".',
      'invalid_recurring',
    );
  }),
);
export type EndRecurringRequest = z.infer<typeof EndRecurringRequest>;

/** Mark alerts read: the ids given, or every one. */
export const MarkAlertsRead = z.union([
  z.object({ ids: z.array(z.int()).check(z.maxLength(1000)) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkAlertsRead = z.infer<typeof MarkAlertsRead>;

/** The unexpected-charge threshold of a connected account: whole pence (the domain checks the range). */
export const ThresholdRequest = z.object({ pence: z.number() });
export type ThresholdRequest = z.infer<typeof ThresholdRequest>;

/** A partial edit of the monitor's app-wide preferences (src-shared/quiet-hours.ts checks the values). */
export const PreferencesEdit = z.object({
  quietHours: z.optional(z.partial(z.object({ enabled: z.boolean(), from: z.string(), to: z.string() }))),
  forecastDays: z.optional(z.number()),
  reminders: z.optional(z.string()),
});
export type PreferencesEdit = z.infer<typeof PreferencesEdit>;

/** A snooze: until a phrase (absent: tomorrow when quiet hours end), or null to resume reminders. */
export const SnoozeRequest = z.object({
  until: z.optional(z.union([z.string().check(z.maxLength(200)), z.null()])),
  dateOrder,
});
export type SnoozeRequest = z.infer<typeof SnoozeRequest>;

/**
 * Checks a body against its schema. A rule's refusal keeps its own words and code; a wrong shape
 * is `invalid_request`, its problem naming the field ("amount: Invalid input").
 */
export function checkBody<T>(schema: z.ZodMiniType<T>, body: unknown): Checked<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, string> = {};
  let problem: string | undefined;
  let code: ErrorCode | undefined;
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    const ruled = issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
    const message =
      typeof ruled === 'string' ? issue.message : `${field === '' ? 'the request body' : field}: ${issue.message}`;
    fields[field] ??= message;
    if (problem === undefined) {
      problem = message;
      if (typeof ruled === 'string' && isErrorCode(ruled)) code = ruled;
    }
  }
  const failure = { ok: false as const, problem: problem ?? 'not what this route takes', fields };
  return code === undefined ? failure : { ...failure, code };
}
