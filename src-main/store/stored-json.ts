// The JSON this app keeps in SQLite columns, read through one zod schema per column (zod/mini,
// src-shared/schema.ts). A row is
// written by this app, but possibly by another version of it, edited by hand or damaged: a row
// that does not read as its schema is reported (one line on stderr, once per row and process)
// and not used, never cast to the type it should have had. Writers stringify the same types.
//
// | column                     | what                                                        |
// | account_watch.reading      | what the monitor last read of an account (AccountReading)   |
// | account_watch.episodes     | the monitor's episodes, threads and due summaries (Episodes) |
// | observations.settings      | the settings a check of a connected account read (Settings)  |
//
// (app_settings.value is read as `unknown` and checked by its one reader, readPreferences.)
import { isPenceText } from '../../src-shared/money/decimal.ts';
import { providerText } from '../../src-shared/quote.ts';
import { z } from '../../src-shared/schema.ts';
import { ACCOUNT_STATES, ALERT_LEVELS, EPISODES, SUMMARY_PERIODS, THREAD_KINDS } from '../../src-shared/vocabulary.ts';

/** Epoch seconds, or a span of them (finite: zod 4 refuses infinities by default). */
const seconds = z.number();
/** An instant in epoch seconds, or null when there is none (one schema, used wherever one is). */
const instant = z.nullable(seconds);
/** Exact pence as decimal text, as the app writes balances ("4983.8709677419"). */
const pence = z.string().check(z.refine(isPenceText, 'not a decimal amount of pence'));
/** A warning level: whole pence, or null when none is set. */
const level = z.nullable(z.int().check(z.minimum(0)));
const summary = z.array(z.enum(SUMMARY_PERIODS));

// Each column's schema is built when a row of it is first read: `status` reads only readings.
/** account_watch.reading: the monitor's AccountReading (src-main/monitor/types.ts). */
const reading = () => {
  /** A forecast crossing's earliest plausible, likely and latest plausible instants (null: not within the horizon). */
  const crossingRange = z.object({ p10: instant, p50: instant, p90: instant });
  return z.object({
    balance: z.nullable(pence),
    readAt: instant,
    warningEnabled: z.boolean(),
    warningLevel: level,
    summary,
    checkOutcome: z.nullable(z.enum(ACCOUNT_STATES)),
    lastAnsweredAt: instant,
    staleAfterSeconds: seconds,
    forecastBelowLevelAt: instant,
    forecastZeroAt: instant,
    forecastAt: instant,
    forecastFrom: z.optional(instant),
    forecastRange: z.optional(z.nullable(z.object({ belowWarning: crossingRange, zero: crossingRange }))),
    horizonDays: z.int().check(z.positive()),
    problem: z.nullable(z.string()),
  });
};

/** account_watch.episodes: the monitor's Episodes (src-main/monitor/types.ts). */
const episodes = () =>
  z.object({
    open: z.array(z.enum(EPISODES)),
    // Earlier versions also kept `level` (a new level re-armed the low episode): read, and dropped.
    closedAt: z.optional(z.partialRecord(z.enum(EPISODES), seconds)),
    threads: z.optional(z.partialRecord(z.enum(THREAD_KINDS), z.object({ since: seconds, pushedAt: instant }))),
    urgentNight: z.optional(z.string().check(z.maxLength(10))),
    surpriseAt: z.optional(seconds),
    nextSummary: z.partialRecord(z.enum(SUMMARY_PERIODS), seconds),
    surprisesThrough: z.optional(z.int()),
  });

/** observations.settings: the contract's Settings (src-shared/app-api.ts) as a check read them. */
const settings = () =>
  z.object({
    warningEnabled: z.boolean(),
    warningLevel: level,
    summary,
    disk: z.array(z.literal(ALERT_LEVELS)),
    bandwidth: z.array(z.literal(ALERT_LEVELS)),
  });

export interface StoredColumn<T> {
  /** `table.column`, for the report. */
  readonly name: string;
  readonly schema: z.ZodMiniType<T>;
}

function column<T>(name: string, build: () => z.ZodMiniType<T>): StoredColumn<T> {
  let schema: z.ZodMiniType<T> | undefined;
  return {
    name,
    get schema() {
      return (schema ??= build());
    },
  };
}

export const STORED_READING = column('account_watch.reading', reading);
export const STORED_EPISODES = column('account_watch.episodes', episodes);
export const STORED_SETTINGS = column('observations.settings', settings);

export type StoredReading = z.infer<ReturnType<typeof reading>>;
export type StoredEpisodes = z.infer<ReturnType<typeof episodes>>;
export type StoredSettings = z.infer<ReturnType<typeof settings>>;

/** Where a report goes: stderr, the log of `serve`, the desktop app and the CLI alike. */
export type StoredReport = (line: string) => void;
const toStderr: StoredReport = (line) => {
  process.stderr.write(`${line}\n`);
};

/** Rows already reported by this process (a damaged row is read again every minute). */
const reported = new Set<string>();
const REPORTED_MAX = 1_000;

/**
 * The value of a stored JSON column, or undefined (reported, not trusted) when the text is not
 * JSON of the column's shape. `row` names the row in the report ("account 3").
 */
export function readStored<T>(
  stored: StoredColumn<T>,
  text: string,
  row: string,
  report: StoredReport = toStderr,
): T | undefined {
  let problem: string;
  try {
    const result = stored.schema.safeParse(JSON.parse(text));
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `;
    problem = `${where}${issue?.message ?? 'not the shape this version writes'}`;
  } catch {
    problem = 'not JSON';
  }
  const key = `${stored.name}\u0000${row}\u0000${text}`;
  if (!reported.has(key)) {
    if (reported.size >= REPORTED_MAX) reported.clear();
    reported.add(key);
    report(
      `store: ${stored.name} of ${row} is not used (${providerText(problem, 200)}): another version wrote it, or it is damaged`,
    );
  }
  return undefined;
}
