// The examples table of docs/date-deviations.md: every row of the page (a deviation D, PHP
// behaviour kept K, a second-stage reading S) with inputs, the configuration, PHP 8.2's answer as
// the page states it, and ours. regenerate-deviations.ts asks PHP for each example's answer
// (test/dates/goldens/deviations.jsonl); test/dates/deviations.test.ts checks that the page states
// exactly PHP's answer and ours.
import { readFileSync } from 'node:fs';
import type { DateOrder } from '../../src-main/dates/types.ts';

export interface DeviationExample {
  /** The page's row: D1, K3, S2... */
  row: string;
  input: string;
  zone: string;
  /** Local wall time `YYYY-MM-DD HH:MM:SS` in the zone. */
  now: string;
  order: DateOrder;
  /** PHP's answer as the page states it: a wall time, or "false" where strtotime() rejects the input. */
  php: string;
  /** Ours as the page states it: a wall time, or "not understood" (which means now). */
  ours: string;
}

export const PAGE = new URL('../../docs/date-deviations.md', import.meta.url);

/** Heading of the examples section; its table is the only one read. */
export const EXAMPLES_HEADING = '## Every row, checked against PHP 8.2';

// | D1 | `"a week ago"` | Europe/London | 2026-01-17 10:35:00 | mdy | 2026-01-17 09:35:00 | 2026-01-10 10:35:00 |
// An input may be repeated: `"tomorrow "` × 29.
const ROW =
  /^\| ([DKS]\d+) \| `(".*")`(?: × (\d+))? \| ([A-Za-z_/]+) \| (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \| (mdy|dmy) \| ([^|]+?) \| ([^|]+?) \|$/;

export function readExamples(text = readFileSync(PAGE, 'utf8')): DeviationExample[] {
  const start = text.indexOf(EXAMPLES_HEADING);
  if (start < 0) throw new Error(`docs/date-deviations.md has no "${EXAMPLES_HEADING}" section`);
  const out: DeviationExample[] = [];
  for (const line of text.slice(start).split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    if (!/^\| [DKS]\d/.test(line)) continue;
    const m = ROW.exec(line);
    if (m === null) throw new Error(`cannot read this example of docs/date-deviations.md: ${line}`);
    const [, row = '', quoted = '""', times, zone = '', now = '', order = 'mdy', php = '', ours = ''] = m;
    const input = (JSON.parse(quoted) as string).repeat(times === undefined ? 1 : Number(times));
    out.push({ row, input, zone, now, order: order as DateOrder, php, ours });
  }
  return out;
}
