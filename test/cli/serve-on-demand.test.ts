// What `serve` holds (issue 36): run as a user runs it (the bin, so the bundle), answering the
// window and a spec endpoint, it has not loaded the CSV importer (csv-parse), which is loaded on
// the first import only, nor Node's Fetch implementation (undici: the handler's Request, Response
// and Headers are serve's light ones, service/light-fetch.ts), nor the resolver's second stage
// until a text needs it (the bundle loads it on first need: scripts/build-cli.ts). Which files it
// loaded is recorded by a module hook preloaded into it (test/helpers/loaded-files.ts), and each
// file's text is searched for the part.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, startListening, stop } from '../../bench/lib/procs.ts';
import { loadedFilesHook, readLoadedFiles, type LoadedFiles } from '../helpers/loaded-files.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-serve-on-demand-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The text of every file serve loaded while `use` ran, and Node's own modules it loaded. */
async function loadedBy(use: (origin: string, token: string) => Promise<void>): Promise<LoadedFiles> {
  const hook = loadedFilesHook(dir);
  const data = join(dir, 'data');
  const env = {
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_TOKEN: '',
    ACCOUNT_MONITOR_TZ: 'Europe/London',
    ACCOUNT_MONITOR_NOW: '2026-11-21T10:35:00',
    ...hook.env,
  };
  const started = await startListening(
    [...hook.nodeArgs, CLI, 'serve', '--port', '0', '--data-dir', data],
    env,
    20_000,
    false,
  );
  try {
    let token: string | undefined;
    while ((token = /#token=(\S+)/.exec(started.stderr())?.[1]) === undefined)
      await new Promise((r) => setImmediate(r));
    await use(started.origin, token);
  } finally {
    await stop(started.child);
  }
  return readLoadedFiles(dir);
}

/** A mark of the resolver's second stage in the file that holds it. */
const SECOND_STAGE = 'function phraseStage(';

describe('serve, idle after answering the window and a spec endpoint', () => {
  it('has not loaded the CSV importer (csv-parse)', async () => {
    const { urls, texts } = await loadedBy(async (origin) => {
      expect((await fetch(`${origin}/`)).status).toBe(200);
      // A spec endpoint with a key that is no account's: refused, as the spec says, not failed.
      const spec = await fetch(`${origin}/account/get_balance/?key=${'k'.repeat(32)}&datetime=tomorrow`);
      expect(spec.status).toBeGreaterThanOrEqual(400);
      expect(spec.status).toBeLessThan(500);
    });
    // The hook saw serve's own code (so an empty list proves nothing).
    expect(texts.some((t) => t.includes('function serveCommand('))).toBe(true);
    expect(urls.filter((_, i) => texts[i]?.includes('node_modules/csv-parse/'))).toEqual([]);
  });

  it("answers the window's page, reads, writes, a CSV download and a spec answer without loading Node's Fetch implementation (undici) or Intl's zone formatter", async () => {
    const { texts, builtins, formatters } = await loadedBy(async (origin, token) => {
      const auth = { Authorization: `Bearer ${token}` };
      expect((await fetch(`${origin}/`)).status).toBe(200);
      const demo = await fetch(`${origin}/app/demo`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', Origin: origin },
        body: '{}',
      });
      expect(demo.status).toBe(200);
      const { account, newKey } = (await demo.json()) as { account: { id: string }; newKey: string };
      // A spec answer at a wall time: the configured zone's rules are read.
      const spec = await fetch(`${origin}/account/get_balance/?key=${newKey}&datetime=tomorrow%2009:00`);
      expect(spec.status).toBe(200);
      const status = await fetch(`${origin}/app/status`, { headers: auth });
      expect(status.status).toBe(200);
      expect(status.headers.get('content-type')).toMatch(/^application\/json/);
      // A stream answer, written chunk by chunk: the demo's ledger as CSV.
      const csv = await fetch(`${origin}/app/accounts/${account.id}/ledger.csv`, { headers: auth });
      expect(csv.status).toBe(200);
      expect((await csv.text()).split('\n').length).toBeGreaterThan(10);
      // A JSON body sent without a length (chunked) is still counted and read.
      const chunked = await fetch(`${origin}/app/preferences`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/json', Origin: origin },
        body: new Blob(['{"bogus":']).stream(),
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(400);
      // A body the router refuses (a wrong type) gets its JSON error, as through Hono's adapter.
      const refused = await fetch(`${origin}/app/demo`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'text/plain', Origin: origin },
        body: 'x',
      });
      expect(refused.status).toBe(415);
    });
    expect(builtins.length).toBeGreaterThan(50);
    expect(texts.filter((t) => t.includes(SECOND_STAGE))).toEqual([]);
    expect(builtins.filter((m) => m.includes('undici'))).toEqual([]);
    // The configured zone's offsets come from the process clock, not from Intl's formatter.
    expect(formatters.filter((o) => o.timeZoneName === 'longOffset')).toEqual([]);
  });
});

describe("serve and the resolver's second stage", () => {
  it('loads it on the first text stage 1 does not read, and answers with it', async () => {
    let answer = '';
    const { texts } = await loadedBy(async (origin, token) => {
      const demo = await fetch(`${origin}/app/demo`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Origin: origin },
        body: '{}',
      });
      const { newKey } = (await demo.json()) as { newKey: string };
      // PHP rejects this text; stage 2 reads it (the clock is 2026-11-21 10:35 in London).
      const spec = await fetch(`${origin}/account/get_balance/?key=${newKey}&datetime=the%20day%20after%20tomorrow`);
      expect(spec.status).toBe(200);
      answer = await spec.text();
    });
    expect(answer).toContain('<datetime>2026-11-23 00:00:00</datetime>');
    expect(texts.filter((t) => t.includes(SECOND_STAGE))).toHaveLength(1);
  });
});
