// Golden conformance with PHP 8's strtotime(): the goldens were produced by PHP's CLI
// (scripts/goldens/regenerate.ts) and are checked here without PHP. Inputs PHP parses must give
// PHP's wall time; inputs PHP rejects must resolve to "now" or be read by the second stage (its
// own goldens, phrases.test.ts, check how). Only the cases docs/date-deviations.md lists
// (isListedDeviation) are excluded.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLocal, parseLocalWallTime, resolve } from '../../src-main/dates/index.ts';
import { isListedDeviation } from '../../src-main/dates/deviations.ts';

interface Config {
  name: string;
  zone: string;
  now: string;
}

const root = new URL('../../', import.meta.url);
const configs = JSON.parse(readFileSync(new URL('scripts/goldens/configs.json', root), 'utf8')) as Config[];
const rows = readFileSync(new URL('test/dates/goldens/php.jsonl', root), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as [string, ...(string | null)[]]);

const BAR = 99.5;

describe('agreement with PHP strtotime() goldens', () => {
  it('has a corpus of thousands of inputs', () => {
    expect(rows.length).toBeGreaterThan(10000);
    expect(rows[0]?.length).toBe(configs.length + 1);
  });

  configs.forEach((config, k) => {
    it(`${config.name} (${config.zone}, now ${config.now})`, () => {
      const now = parseLocalWallTime(config.now, config.zone);
      expect(now).toBeDefined();
      const nowText = formatLocal(Math.floor((now ?? 0) / 1000), config.zone);
      let parsed = 0,
        parsedOk = 0,
        rejected = 0,
        rejectedNow = 0,
        rejectedPhrase = 0,
        excluded = 0;
      const misses: string[] = [];
      for (const row of rows) {
        const input = row[0];
        const expected = row[k + 1];
        if (isListedDeviation(input, expected)) {
          excluded++;
          continue;
        }
        const r = resolve(input, { now: now ?? 0, timeZone: config.zone });
        const got = formatLocal(r.epochSeconds, config.zone);
        if (expected === null || expected === undefined) {
          rejected++;
          if (r.stage === 'none' && got === nowText) rejectedNow++;
          else if (r.stage === 'phrase') rejectedPhrase++;
          else misses.push(`rejected by PHP: ${JSON.stringify(input)} -> ${got}`);
        } else {
          parsed++;
          if (r.stage === 'strtotime' && got === expected) parsedOk++;
          else misses.push(`${JSON.stringify(input)}: PHP ${expected}, ours ${r.understood ? got : 'not understood'}`);
        }
      }
      const pctParsed = (100 * parsedOk) / parsed;
      const pctRejected = (100 * (rejectedNow + rejectedPhrase)) / rejected;
      console.log(
        `${config.name}: parsed ${parsedOk}/${parsed} = ${pctParsed.toFixed(2)}%; rejected ${rejectedNow + rejectedPhrase}/${rejected} = ${pctRejected.toFixed(2)}% ` +
          `(now ${rejectedNow}, second stage ${rejectedPhrase}); excluded deviations ${excluded}` +
          (misses.length > 0 ? `\n  first misses:\n  ${misses.slice(0, 8).join('\n  ')}` : ''),
      );
      expect(pctParsed).toBeGreaterThanOrEqual(BAR);
      expect(pctRejected).toBeGreaterThanOrEqual(BAR);
    });
  });

  describe('independent of the process time zone', () => {
    const savedTz = process.env.TZ;
    afterEach(() => {
      process.env.TZ = savedTz;
    });
    for (const tz of ['Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Chatham']) {
      it(`gives the same answers with TZ=${tz}`, () => {
        process.env.TZ = tz;
        const config = configs[1] ?? configs[0];
        if (config === undefined) throw new Error('no configuration');
        const now = parseLocalWallTime(config.now, config.zone) ?? 0;
        let checked = 0;
        for (let i = 0; i < rows.length; i += 7) {
          const row = rows[i];
          const expected = row?.[2];
          if (row === undefined || expected === undefined || expected === null || isListedDeviation(row[0], expected))
            continue;
          expect(formatLocal(resolve(row[0], { now, timeZone: config.zone }).epochSeconds, config.zone)).toBe(expected);
          checked++;
        }
        expect(checked).toBeGreaterThan(1000);
      });
    }
  });
});
