// The CLI end to end, as a script would use it, on a temporary data folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/service.ts';

// The package's entry (bin), as users and npm run cli start it.
const MAIN = join(import.meta.dirname, '../../bin/account-monitor.js');
let dir: string;
const env = {
  ...process.env,
  ACCOUNT_MONITOR_NOW: '2026-11-22T10:35:00',
  ACCOUNT_MONITOR_TZ: 'Europe/London',
  ACCOUNT_MONITOR_KEY: '',
};

function cli(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    env: { ...env, ACCOUNT_MONITOR_DATA_DIR: dir },
    input,
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = tempDir();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('cli', () => {
  let key = '';

  it('creates an account and prints only its key', () => {
    const r = cli(['account', 'create', 'Mine']);
    expect(r.status).toBe(0);
    key = r.stdout.trim();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.stdout).toBe(`${key}\n`);
  });

  it('registers a provider key and refuses a short or duplicate one', () => {
    expect(cli(['account', 'create', 'Provider', '--key', 'provider-key-1234567890']).stdout).toBe(
      'provider-key-1234567890\n',
    );
    const dup = cli(['account', 'create', 'Again', '--key', 'provider-key-1234567890']);
    expect(dup.status).toBe(1);
    expect(dup.stderr.trim().split('\n')).toHaveLength(1);
    expect(cli(['account', 'create', 'Short', '--key', 'short']).status).toBe(1);
  });

  it('records entries and recurring charges and reports exact balances', () => {
    expect(cli(['ledger', 'add', '--key', key, '--at', '2026-01-01', '--amount', '5000']).status).toBe(0);
    expect(
      cli(['ledger', 'add', '--key', key, '--at', 'yesterday', '--amount', '12.5', '--kind', 'charge', '--note', 'fee'])
        .status,
    ).toBe(0);
    expect(
      cli(['recurring', 'add', '--key', key, '--amount', '1000', '--every', 'month', '--from', '2026-11-01']).status,
    ).toBe(0);
    // "yesterday" is midnight (as in PHP). 5000 - 12.5 - 1000 * 1852500/2592000 (21 days 10:35 of 30)
    expect(cli(['balance', '--key', key]).stdout).toBe('4272.8009259259\n');
    expect(JSON.parse(cli(['balance', '--key', key, '--at', '2026-01-01', '--json']).stdout)).toEqual({
      datetime: '2026-01-01 00:00:00',
      balance: '5000',
      understood: true,
    });
  });

  it('imports CSV all or nothing and lists the ledger in the import format', () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'at,amount,kind,note\n2026-02-01,10,topup,ok\n2026-02-02,10,gift,bad\n');
    const r = cli(['ledger', 'import', bad, '--key', key]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/line 3: the kind must be one of/);
    expect(r.stdout).toBe('');
    const good = join(dir, 'good.csv');
    writeFileSync(good, 'at,amount,kind,note\n2026-02-01,10,topup,"with, comma"\n');
    expect(cli(['ledger', 'import', good, '--key', key]).stdout).toBe('1\n');
    expect(cli(['ledger', 'list', '--key', key]).stdout).toBe(
      'at,amount,kind,note,every,until\n2026-01-01 00:00:00,5000,topup,,,\n2026-02-01 00:00:00,10,topup,"with, comma",,\n2026-11-21 00:00:00,12.5,charge,fee,,\n2026-11-01 00:00:00,1000,charge,,month,\n',
    );
  });

  it('a file imported again: asks (exit 1, one line with the counts, nothing written), then --duplicates skip or import', () => {
    const k = cli(['account', 'create', 'Twice']).stdout.trim();
    const file = join(dir, 'twice.csv');
    writeFileSync(file, 'at,amount,kind,note\n2026-03-01,700,topup,march\n2026-04-01,700,topup,april\n');
    expect(cli(['ledger', 'import', file, '--key', k]).stdout).toBe('2\n');
    writeFileSync(
      file,
      'at,amount,kind,note\n2026-03-01,700,topup,march\n2026-04-01,700,topup,april\n2026-05-01,700,topup,may\n',
    );
    const asked = cli(['ledger', 'import', file, '--key', k]);
    expect(asked.status).toBe(1);
    expect(asked.stdout).toBe('');
    expect(asked.stderr.trim().split('\n')).toHaveLength(1);
    expect(asked.stderr).toMatch(/2 of the file's 3 rows are already in the ledger/);
    expect(cli(['balance', '--key', k]).stdout).toBe('1400\n');
    const skipped = cli(['ledger', 'import', file, '--key', k, '--duplicates', 'skip']);
    expect(skipped).toMatchObject({ status: 0, stdout: '1\n', stderr: 'skipped 2 rows already in the ledger\n' });
    expect(cli(['balance', '--key', k]).stdout).toBe('2100\n');
    expect(cli(['ledger', 'import', file, '--key', k, '--duplicates', 'import']).stdout).toBe('3\n');
    expect(cli(['balance', '--key', k]).stdout).toBe('4200\n');
    expect(cli(['ledger', 'import', file, '--key', k, '--duplicates', 'maybe']).status).toBe(2);
  });

  it('lists recurring charges and ends one from a date; the past stays as it was', () => {
    const k = cli(['account', 'create', 'Ending']).stdout.trim();
    cli(['ledger', 'add', '--key', k, '--at', '2026-01-01', '--amount', '100000']);
    const added = cli([
      'recurring',
      'add',
      '--key',
      k,
      '--amount',
      '3000',
      '--every',
      'month',
      '--from',
      '2026-01-01',
      '--note',
      'hosting',
    ]);
    const id = added.stdout.split('\t')[0] ?? '';
    expect(cli(['recurring', 'list', '--key', k]).stdout).toBe(
      `${id}\t3000 per month\tfrom 2026-01-01 00:00:00\thosting\n`,
    );
    const before = cli(['balance', '--key', k, '--at', '2026-11-01']).stdout;
    const ended = cli(['recurring', 'end', id, '--key', k, '--at', '1/12/2026', '--date-order', 'dmy']);
    expect(ended).toMatchObject({
      status: 0,
      stdout: `${id}\t3000 per month\tfrom 2026-01-01 00:00:00\tuntil 2026-12-01 00:00:00\thosting\n`,
    });
    expect(cli(['balance', '--key', k, '--at', '2026-11-01']).stdout).toBe(before);
    expect(cli(['balance', '--key', k, '--at', '2027-05-01']).stdout).toBe(
      cli(['balance', '--key', k, '--at', '2026-12-01']).stdout,
    );
    for (const args of [
      ['end', id, '--at', 'yesterday'],
      ['end', '999', '--at', 'tomorrow'],
      ['end', 'abc', '--at', 'tomorrow'],
    ]) {
      const r = cli(['recurring', ...args, '--key', k]);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('sets and shows settings as the endpoint XML, refusing bad values', () => {
    const r = cli([
      'settings',
      'set',
      '--key',
      key,
      '--warning-level',
      '500',
      '--warning-enabled',
      'true',
      '--bandwidth',
      '90',
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('<level>500</level>');
    expect(cli(['settings', 'show', '--key', key]).stdout).toContain('<bandwidth>\n      <value>90</value>');
    const bad = cli(['settings', 'set', '--key', key, '--disk', '75']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/disk accepts only 70, 80, 90/);
  });

  it('usage errors exit 2 with one line; failures exit 1; --help exits 0', () => {
    for (const args of [
      ['bogus'],
      ['ledger', 'add', '--key', key],
      ['balance', '--key', key, '--nope'],
      ['recurring', 'add', '--key', key, '--amount', '1', '--every', 'fortnight', '--from', 'now'],
    ]) {
      const r = cli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
    expect(cli(['balance']).status).toBe(2);
    expect(cli(['balance', '--key', 'wrong-key-0000000000']).status).toBe(1);
    for (const args of [['--help'], ['serve', '--help'], ['ledger', 'import', '--help'], ['resolve', '--help']]) {
      const r = cli(args);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Usage:');
    }
  });

  it('revokes a key', () => {
    const k = cli(['account', 'create', 'Temp']).stdout.trim();
    expect(cli(['key', 'revoke', k]).status).toBe(0);
    expect(cli(['balance', '--key', k]).status).toBe(1);
    expect(cli(['key', 'revoke', k]).status).toBe(1);
  });

  it('resolves phrases alone and as JSON lines', () => {
    expect(cli(['resolve', '+1 week']).stdout).toBe('2026-11-29 10:35:00\n');
    expect(cli(['resolve', '2026-01-01', '--tz', 'UTC', '--now', '2026-06-01T12:00:00']).stdout).toBe(
      '2026-01-01 00:00:00\n',
    );
    const lines = cli(['resolve', '--jsonl'], '"+1 week"\n"1980-05-01"\n"I have 2 cats"\n')
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(lines).toEqual([
      { datetime: '2026-11-29 10:35:00', understood: true },
      { datetime: '1980-05-01 00:00:00', understood: true },
      { datetime: '2026-11-22 10:35:00', understood: false },
    ]);
    expect(cli(['resolve', 'now', '--tz', 'Not/AZone']).status).toBe(2);
  });

  it('reads slashed dates day first with --date-order dmy, month first by default', () => {
    expect(cli(['resolve', '01/07/2026']).stdout).toBe('2026-01-07 00:00:00\n');
    expect(cli(['resolve', '01/07/2026', '--date-order', 'dmy']).stdout).toBe('2026-07-01 00:00:00\n');
    expect(cli(['resolve', '--jsonl', '--date-order', 'dmy'], '"13/1/2024"\n').stdout).toBe(
      '{"datetime":"2024-01-13 00:00:00","understood":true}\n',
    );
    const k = cli(['account', 'create', 'Order']).stdout.trim();
    expect(
      cli(['ledger', 'add', '--key', k, '--at', '02/03/2026', '--amount', '100', '--date-order', 'dmy']).stdout,
    ).toMatch(/\t2026-03-02 00:00:00\t/);
    const csv = join(dir, 'dmy.csv');
    writeFileSync(csv, 'at,amount\n13/04/2026,5\n');
    expect(cli(['ledger', 'import', csv, '--key', k]).status).toBe(1); // month 13 in PHP's order
    expect(cli(['ledger', 'import', csv, '--key', k, '--date-order', 'dmy']).stdout).toBe('1\n');
    expect(
      cli([
        'recurring',
        'add',
        '--key',
        k,
        '--amount',
        '1',
        '--every',
        'month',
        '--from',
        '01/02/2026',
        '--date-order',
        'dmy',
      ]).stdout,
    ).toContain('from 2026-02-01 00:00:00');
    expect(cli(['ledger', 'list', '--key', k]).stdout).toBe(
      'at,amount,kind,note,every,until\n2026-03-02 00:00:00,100,topup,,,\n2026-04-13 00:00:00,5,topup,,,\n2026-02-01 00:00:00,1,charge,,month,\n',
    );
    const bad = cli(['resolve', '1/7', '--date-order', 'ymd']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('demo prints a key whose account answers', () => {
    const k = cli(['demo']).stdout.trim();
    expect(k).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cli(['settings', 'show', '--key', k]).stdout).toContain('<level>2000</level>');
  });

  it('serve answers, says a busy port in one line, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--data-dir', dir], {
      env: { ...env, ACCOUNT_MONITOR_TOKEN: 'cli-test-token' },
    });
    let stderr = '';
    const port = await new Promise<number>((done, fail) => {
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        const m = /UI: http:\/\/127\.0\.0\.1:(\d+)\/#token=/.exec(stderr);
        if (m) done(Number(m[1]));
      });
      child.on('exit', () => {
        fail(new Error(stderr));
      });
    });
    expect(stderr).toContain(`UI: http://127.0.0.1:${port}/#token=cli-test-token`);
    const body = await (
      await fetch(`http://127.0.0.1:${port}/account/get_balance/?key=${key}&datetime=2026-01-01`)
    ).text();
    expect(body).toContain('<balance>5000</balance>');
    // Another data folder (the same one points at this serve: serve-twice.test.ts).
    const other = tempDir();
    const busy = cli(['serve', '--port', String(port), '--data-dir', other]);
    rmSync(other, { recursive: true, force: true });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toMatch(/already in use/);
    const exited = new Promise<number | null>((done) => {
      child.on('exit', (code) => {
        done(code);
      });
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
