// `demo`, `account create`, `key revoke`, and connected accounts.
import { createDemoAccount } from '../../domain/demo.ts';
import type { KeyVault } from '../../service/key-vault.ts';
import { keyFrom, withContext, print } from '../context.ts';
import { CliError, UsageError } from '../errors.ts';
import { BALANCE_WORDS, forecastWords, SOURCE_WORDS } from '../../../src-shared/account-status.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { plainText } from '../../../src-shared/quote.ts';
import { age } from '../../monitor/presentation.ts';
import { safeLine } from '../safe-text.ts';

export function demoCommand(opts: { dataDir?: string }): void {
  withContext(opts, ({ domain }) => {
    print(createDemoAccount(domain).key);
  });
}

export function accountCreateCommand(name: string, opts: { key?: string; dataDir?: string }): void {
  withContext(opts, ({ domain }) => {
    print(domain.createAccount(name, opts.key).key);
  });
}

/** The first line of standard input, which must not be a terminal (a typed key would show). */
async function keyFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError(
      'give the key to revoke on standard input (echo "$KEY" | account-monitor key revoke -), in ACCOUNT_MONITOR_KEY, or as the argument',
    );
  }
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    // A key is one short line: no need to read a whole file that was piped in by mistake.
    if (text.includes('\n') || text.length > 4096) break;
  }
  return text.split('\n')[0]?.trim() ?? '';
}

/**
 * Revokes a key given as the argument, or, to keep it out of the process list, on standard
 * input (argument `-`) or in ACCOUNT_MONITOR_KEY (argument left out; standard input otherwise).
 */
export async function keyRevokeCommand(argument: string | undefined, opts: { dataDir?: string }): Promise<void> {
  const fromEnv = process.env.ACCOUNT_MONITOR_KEY;
  const key =
    argument !== undefined && argument !== '-'
      ? argument
      : argument === undefined && fromEnv !== undefined && fromEnv !== ''
        ? fromEnv
        : await keyFromStdin();
  if (key === '') throw new UsageError('no key to revoke: standard input was empty');
  withContext(opts, ({ domain }) => {
    if (!domain.revokeKey(key)) throw new CliError('no such live key (unknown or already revoked)');
  });
}

// Connected accounts: `account connect`, `account list`, `account disconnect`.

async function keychain(): Promise<KeyVault> {
  const { openKeyVault, keychainDisabledReason } = await import('../../keychain/index.ts');
  return openKeyVault({ disabled: keychainDisabledReason(process.env) });
}

export function accountConnectCommand(
  baseUrl: string,
  opts: { key?: string; name?: string; dataDir?: string; providerCa?: string },
): Promise<void> {
  const key = keyFrom(opts);
  return withContext(opts, async ({ accounts }) => {
    const connected = await accounts.connect({ baseUrl, key, name: opts.name });
    const overview = accounts.overview(connected.accountId);
    if (overview === undefined) throw new CliError('the account vanished while it was being connected');
    const vault = await keychain();
    if (vault.status().mode === 'keychain') {
      await vault.set(overview.vaultRef, key);
      accounts.keepKey(overview.id, true);
    } else {
      process.stderr.write(
        `account-monitor: note: ${vault.status().reason ?? 'no keychain'}; the key was not kept, so the window and background checks need it given again (paste it in the window); scripts can use it now\n`,
      );
    }
    print(
      `${connected.reconnected ? 'Reconnected' : 'Connected'} "${plainText(overview.name)}": balance ${connected.balance} pence at ${connected.datetime} (the provider's time)`,
    );
  });
}

const iso = (t: number | null): string | null =>
  t === null ? null : new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/**
 * Every account, never a key: how it stands as `status` reads it (the stored state; no provider
 * call), with a header row, in columns.
 */
export async function accountListCommand(opts: { json?: boolean; dataDir?: string }): Promise<void> {
  const { accountStandings } = await import('../account-standings.ts');
  const { standingJson } = await import('../standing-json.ts');
  const { now, accounts } = await accountStandings(opts);
  if (opts.json === true) {
    print(
      JSON.stringify(
        accounts.map((a) => ({
          ...standingJson(a, now),
          baseUrl: a.baseUrl,
          state: a.checkState,
          lastCheckedAt: iso(a.lastCheckedAt),
        })),
      ),
    );
    return;
  }
  const rows = [
    ['NAME', 'KIND', 'BALANCE', 'STATE', 'PROVIDER', 'READ', 'ADDRESS'],
    ...accounts.map((a) => {
      const soon = forecastWords(a.status);
      return [
        a.name,
        a.kind,
        a.reading.balance === null ? '-' : formatPounds(a.reading.balance),
        `${BALANCE_WORDS[a.status.balance]}${soon === undefined ? '' : ` (${soon})`}`,
        a.status.source === null ? '-' : SOURCE_WORDS[a.status.source],
        a.reading.readAt === null ? '-' : `${age(now - a.reading.readAt)} ago`,
        a.baseUrl ?? '-',
      ];
    }),
  ].map((cells) => cells.map((c) => safeLine(c, 200)));
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0))) ?? [];
  for (const r of rows)
    print(
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    );
}

export function accountDisconnectCommand(name: string, opts: { dataDir?: string }): Promise<void> {
  return withContext(opts, async ({ accounts }) => {
    const named = accounts.list().filter((a) => a.name === name);
    if (named.length === 0) throw new CliError(`no account is named "${name}" (see account list)`);
    if (named.length > 1) throw new CliError(`${named.length} accounts are named "${name}"; rename one first`);
    const account = named[0] as (typeof named)[number];
    accounts.disconnect(account.id);
    const vault = await keychain();
    await vault.clear(account.vaultRef);
    print(`Disconnected "${name}": its key is refused here from now on`);
  });
}
