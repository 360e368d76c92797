// The monitor's data source over the app's own JSON API (docs/app-api.md), called in-process
// through the trusted handler, so the monitor sees exactly what the window sees and needs no
// access to the store or the key.
import { XMLParser } from 'fast-xml-parser';
import { formatLocal } from '../dates/index.ts';
import { formatPence, parsePence } from './decimal.ts';
import type { MonitorReading, MonitorSource, PeriodUsage, SummaryPeriod } from './types.ts';

export type FetchHandler = (req: Request) => Promise<Response>;

export interface AppSourceOptions {
  timeZone: string;
  /** Origin for the in-process requests; the handler only looks at the path. */
  origin?: string;
  /** How far ahead the forecast looks; a little more than the monitor's 7-day window. */
  forecastDays?: number;
}

const PERIODS: readonly SummaryPeriod[] = ['daily', 'weekly', 'monthly'];
const xml = new XMLParser({ parseTagValue: false });

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what}: unexpected answer`);
  return value as Record<string, unknown>;
}

async function getJson(handler: FetchHandler, url: string): Promise<Record<string, unknown>> {
  const res = await handler(new Request(url));
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = typeof body === 'object' && body !== null && 'error' in body ? record(body.error, url) : {};
    throw new Error(typeof error.message === 'string' ? error.message : `the app answered ${res.status}`);
  }
  return record(body, url);
}

export function appSource(handler: FetchHandler, options: AppSourceOptions): MonitorSource {
  const origin = options.origin ?? 'app://account-monitor';
  const forecastDays = options.forecastDays ?? 8;

  async function balanceAt(epochSeconds: number): Promise<bigint> {
    const url = `${origin}/app/xml/get_balance?datetime=${encodeURIComponent(formatLocal(epochSeconds, options.timeZone))}`;
    const res = await handler(new Request(url));
    const text = await res.text();
    const doc = record(xml.parse(text), 'get_balance');
    const result = record(doc.result, 'get_balance');
    if (!res.ok || typeof result.balance !== 'string') throw new Error(`get_balance answered ${res.status}`);
    return parsePence(result.balance);
  }

  /** Top-ups dated in (from, to], walking the ledger newest first. */
  async function topUps(from: number, to: number): Promise<bigint> {
    let total = 0n;
    let page = `${origin}/app/ledger?limit=1000`;
    for (;;) {
      const body = await getJson(handler, page);
      const entries = Array.isArray(body.entries) ? body.entries.map((e) => record(e, 'ledger entry')) : [];
      for (const e of entries) {
        const at = Number(e.epochSeconds);
        if (e.kind === 'topup' && at > from && at <= to && typeof e.amount === 'string') total += parsePence(e.amount);
      }
      const oldest = Number(entries.at(-1)?.epochSeconds ?? Number.NEGATIVE_INFINITY);
      if (entries.length === 0 || oldest <= from) return total;
      if (typeof body.nextOffset === 'number') page = `${origin}/app/ledger?limit=1000&offset=${body.nextOffset}`;
      else if (typeof body.nextBefore === 'number') page = `${origin}/app/ledger?limit=1000&before=${body.nextBefore}`;
      else return total;
    }
  }

  return {
    async readState(): Promise<MonitorReading> {
      const settings = await getJson(handler, `${origin}/app/settings`);
      const forecast = await getJson(handler, `${origin}/app/forecast?days=${forecastDays}`);
      if (typeof forecast.balanceNow !== 'string') throw new Error('the forecast has no balance');
      const below = forecast.belowWarning === null || forecast.belowWarning === undefined ? null : record(forecast.belowWarning, 'forecast');
      const level = settings.warningLevel;
      return {
        balance: forecast.balanceNow,
        warningEnabled: settings.warningEnabled === true,
        warningLevel: typeof level === 'number' ? level : null,
        summary: Array.isArray(settings.summary) ? PERIODS.filter((p) => (settings.summary as unknown[]).includes(p)) : [],
        forecastBelowLevelAt: below !== null && typeof below.epochSeconds === 'number' ? below.epochSeconds : null,
      };
    },

    async usage(from: number, to: number): Promise<PeriodUsage> {
      const [start, end, credits] = await Promise.all([balanceAt(from), balanceAt(to), topUps(from, to)]);
      return { spent: formatPence(start + credits - end), balance: formatPence(end) };
    },
  };
}
