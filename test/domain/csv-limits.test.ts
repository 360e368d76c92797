// The CSV reader's limits (issue 26): a record longer than MAX_CSV_RECORD_CHARS (an unclosed
// quote early in a big file) is refused after reading about that much, naming the line where the
// record starts; a header that names a column twice is refused.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { MAX_CSV_RECORD_CHARS } from '../../src-shared/ledger-csv.ts';
import { openStore, type Store } from '../../src-main/store/index.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
let store: Store;
let domain: AccountDomain;
let account: number;

/** Entries in the account's ledger. */
const entries = (): number =>
  (
    store.db.prepare('SELECT count(*) AS n FROM ledger_entries WHERE account_id = ?').get(account) as {
      n: number;
    }
  ).n;

beforeEach(() => {
  dir = tempDir();
  store = openStore(dir, { watch: false });
  domain = new AccountDomain({ store, timeZone: 'UTC', clock: () => Date.UTC(2026, 10, 22, 10, 35) });
  account = domain.createAccount('limits').accountId;
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const LINE = '2026-01-02,2,topup,a note of some length\n';

/**
 * `head`, then good lines up to about `megabytes`, in 64 KiB chunks, each in a turn of the event
 * loop of its own as a file or a request body arrives; counts what was read.
 */
function bigFile(head: string, megabytes: number): { chunks: AsyncGenerator<Uint8Array>; read: () => number } {
  let read = 0;
  const block = Buffer.from(LINE.repeat(Math.ceil((64 * 1024) / LINE.length)));
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const first = Buffer.from(head);
    read += first.length;
    yield first;
    while (read < megabytes * 1024 * 1024) {
      await new Promise((next) => setImmediate(next));
      read += block.length;
      yield block;
    }
  }
  return { chunks: chunks(), read: () => read };
}

async function streamError(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  try {
    await domain.importCsvStream(account, chunks);
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
}

async function textError(text: string): Promise<string> {
  try {
    await domain.importCsv(account, text);
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
}

describe('an unclosed quote', () => {
  it('on line 2 of a 50 MB file is refused after about 16 KiB, naming line 2', async () => {
    const file = bigFile('at,amount,kind,note\n"2026-01-01,1,topup,x\n', 50);
    const message = await streamError(file.chunks);
    expect(message).toMatch(/^line 2: the record starting here is longer than 16384 characters/);
    // What was read: the first chunk and a few more, never the file.
    expect(file.read()).toBeLessThan(1024 * 1024);
    expect(entries()).toBe(0);
  });

  it('names the line its record starts on, after blank lines and good records', async () => {
    const head = `at,amount,kind,note\n\n${LINE}${LINE}\n\n2026-01-03,3,topup,"never closed\n`;
    expect(await streamError(bigFile(head, 2).chunks)).toMatch(/^line 7: /);
    expect(await textError(`${head}${LINE.repeat(10)}`)).toMatch(/^line 7: a quote opened in the record starting here/);
  });

  it('a long note within the limit, quotes and line breaks included, is still read', async () => {
    const note = `"${'""'.repeat(200)}\n${'y'.repeat(250)}"`;
    await domain.importCsv(account, `at,amount,kind,note\n2026-01-01,1,topup,${note}\n2026-01-02,1,topup,x\n`);
    expect(entries()).toBe(2);
    expect(MAX_CSV_RECORD_CHARS).toBe(16 * 1024);
  });
});

describe('the header', () => {
  it.each(['at,amount,at', 'at,AT,amount', 'at,amount,note,kind,note'])(
    '%s names a column twice: refused',
    async (header) => {
      expect(await textError(`${header}\n2026-01-01,1,1\n`)).toMatch(
        /^line 1: the header names the column "\w+" twice/,
      );
      expect(entries()).toBe(0);
    },
  );
});
