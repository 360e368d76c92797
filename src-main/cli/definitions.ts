// The options and actions of the commands whose code lives in commands/serve.ts, accounts.ts,
// ledger.ts and settings.ts. main.ts lists every command and loads this file only when one of
// them runs or shows its help; each action then loads its own module, so `--help` loads no store.
import { Option, type Command } from 'commander';
import type { DateOrder } from '../dates/types.ts';
import {
  ALERT_LEVELS,
  CHARGE_PERIODS,
  DUPLICATE_POLICIES,
  ENTRY_KINDS,
  NOTIFY_FORMATS,
  SUMMARY_PERIODS,
  type DuplicatePolicy,
} from '../../src-shared/vocabulary.ts';
import type { ServeOptions } from './commands/serve.ts';
import { caOption, dataDirOption, dateOrderOption, keyOption } from './options.ts';

export function defineServe(command: Command): void {
  command
    .option('--port <n>', 'TCP port (env ACCOUNT_MONITOR_PORT; 0 picks a free one)')
    .option('--host <host>', 'address to bind: a loopback one (localhost, 127.x.y.z, ::1) unless --allow-remote')
    .option(
      '--allow-remote',
      'accept a --host other machines can reach (0.0.0.0 in a container): the spec endpoints and the sign-in page are then open to them; a warning says so at start',
    )
    .option('--access-log', 'log one line per request (the key redacted)')
    .option(
      '--new-token',
      'replace the access token kept in the data folder (pages holding the old one must sign in again)',
    )
    .option(
      '--check-interval <minutes>',
      'minutes between background checks of connected accounts (env ACCOUNT_MONITOR_CHECK_INTERVAL; default 10)',
    )
    .option(
      '--notify-url <url>',
      'also post each alert to this https URL; other local users can read it in the process list, so for a secret one (an ntfy topic, a token, user:password@) set ACCOUNT_MONITOR_NOTIFY_URL or use --notify-url-file',
    )
    .option('--notify-url-file <file>', 'read the --notify-url address from the first line of this file (keep it 0600)')
    .addOption(
      new Option('--notify-format <format>', 'the body posted: json, or ntfy (title, priority, tags)').choices(
        NOTIFY_FORMATS,
      ),
    )
    .addOption(caOption())
    .addOption(dataDirOption())
    .action(async (o: ServeOptions) => (await import('./commands/serve.ts')).serveCommand(o));
}

export function defineDemo(command: Command): void {
  command.addOption(dataDirOption()).action(async (o: { dataDir?: string }) => {
    (await import('./commands/accounts.ts')).demoCommand(o);
  });
}

export function defineAccount(account: Command): void {
  account
    .command('create <name>')
    .description('create an account; prints its API key (shown once)')
    .option(
      '--key <key>',
      'register an existing key (16 to 256 printable ASCII characters, no spaces) instead of generating one',
    )
    .addOption(dataDirOption())
    .action(async (name: string, o: { key?: string; dataDir?: string }) => {
      (await import('./commands/accounts.ts')).accountCreateCommand(name, o);
    });
  account
    .command('connect <base_url>')
    .description("connect to your provider's account API (https://host/path); prints the balance")
    .addOption(keyOption())
    .option('--name <name>', "a name for the account (default: the provider's host)")
    .addOption(caOption())
    .addOption(dataDirOption())
    .action(async (baseUrl: string, o: { key?: string; name?: string; dataDir?: string; providerCa?: string }) => {
      await (await import('./commands/accounts.ts')).accountConnectCommand(baseUrl, o);
    });
  account
    .command('list')
    .description(
      'every account: balance, state against the warning level, provider state, age of the reading (never the key)',
    )
    .option('--json', 'print a JSON array (the fields of status --json, and baseUrl, state, lastCheckedAt)')
    .addOption(dataDirOption())
    .action(async (o: { json?: boolean; dataDir?: string }) => {
      await (await import('./commands/accounts.ts')).accountListCommand(o);
    });
  account
    .command('disconnect <name>')
    .description('disconnect a connected account: its key is refused here from now on')
    .addOption(dataDirOption())
    .action(async (name: string, o: { dataDir?: string }) => {
      await (await import('./commands/accounts.ts')).accountDisconnectCommand(name, o);
    });
}

export function defineKey(key: Command): void {
  key
    .command('revoke [key]')
    .description(
      'revoke a key: it is refused from now on. Without the argument (or with -) the key is read from ACCOUNT_MONITOR_KEY or standard input, which keeps it out of the process list',
    )
    .addOption(dataDirOption())
    // A generated key starts with "-" one time in 64: taken as the key, not as an unknown option.
    .allowUnknownOption()
    .action(async (k: string | undefined, o: { dataDir?: string }) => {
      await (await import('./commands/accounts.ts')).keyRevokeCommand(k, o);
    });
}

export function defineLedger(ledger: Command): void {
  ledger
    .command('add')
    .description('record a top-up, refund, charge or adjustment')
    .addOption(keyOption())
    .requiredOption('--at <phrase>', 'when (free-form: "2026-05-01", "yesterday 14:00", "+3 days")')
    .requiredOption('--amount <pence>', 'amount in pence, positive (an adjustment may be negative)')
    .addOption(new Option('--kind <kind>', 'entry kind').choices(ENTRY_KINDS).default('topup'))
    .option('--note <text>', 'a note')
    .addOption(dateOrderOption())
    .addOption(dataDirOption())
    .action(
      async (o: {
        key?: string;
        at: string;
        amount: string;
        kind?: string;
        note?: string;
        dateOrder: DateOrder;
        dataDir?: string;
      }) => {
        (await import('./commands/ledger.ts')).ledgerAddCommand(o);
      },
    );
  ledger
    .command('import <file>')
    .description('import a CSV (header at,amount,kind,note): all lines or none')
    .addOption(keyOption())
    .addOption(dateOrderOption())
    .addOption(
      new Option(
        '--duplicates <choice>',
        'rows already in the ledger (same date, kind, amount and note): ask refuses the file and says how many, skip leaves them out, import writes them anyway',
      )
        .choices(DUPLICATE_POLICIES)
        .default('ask'),
    )
    .addOption(dataDirOption())
    .action(
      async (
        file: string,
        o: { key?: string; dateOrder: DateOrder; duplicates: DuplicatePolicy; dataDir?: string },
      ) => {
        await (await import('./commands/ledger.ts')).ledgerImportCommand(file, o);
      },
    );
  ledger
    .command('list')
    .description('print the ledger as CSV, oldest first')
    .addOption(keyOption())
    .addOption(dataDirOption())
    .action(async (o: { key?: string; dataDir?: string }) => {
      (await import('./commands/ledger.ts')).ledgerListCommand(o);
    });
}

export function defineRecurring(recurring: Command): void {
  recurring
    .command('add')
    .description('a charge accrued continuously within each calendar period')
    .addOption(keyOption())
    .requiredOption('--amount <pence>', 'amount in pence per period')
    .addOption(new Option('--every <period>', 'period').choices(CHARGE_PERIODS).makeOptionMandatory())
    .requiredOption('--from <phrase>', 'start (free-form date)')
    .option('--until <phrase>', 'end (free-form date)')
    .option('--note <text>', 'a note')
    .addOption(dateOrderOption())
    .addOption(dataDirOption())
    .action(
      async (o: {
        key?: string;
        amount: string;
        every: string;
        from: string;
        until?: string;
        note?: string;
        dateOrder: DateOrder;
        dataDir?: string;
      }) => {
        (await import('./commands/ledger.ts')).recurringAddCommand(o);
      },
    );
  recurring
    .command('list')
    .description('the recurring charges, one a line: id, amount per period, from, until, note')
    .addOption(keyOption())
    .addOption(dataDirOption())
    .action(async (o: { key?: string; dataDir?: string }) => {
      (await import('./commands/ledger.ts')).recurringListCommand(o);
    });
  recurring
    .command('end <id>')
    .description('stop a charge from a date on (now or later: past balances stay as they were)')
    .addOption(keyOption())
    .requiredOption(
      '--at <phrase>',
      'when it stops (free-form date, e.g. "now", "last day of this month", "2027-01-01")',
    )
    .addOption(dateOrderOption())
    .addOption(dataDirOption())
    .action(async (chargeId: string, o: { key?: string; at: string; dateOrder: DateOrder; dataDir?: string }) => {
      (await import('./commands/ledger.ts')).recurringEndCommand(chargeId, o);
    });
}

export function defineSettings(settings: Command): void {
  settings
    .command('set')
    .description('change notification settings; prints them as the endpoint does')
    .addOption(keyOption())
    .option('--warning-enabled <bool>', 'true or false')
    .option('--warning-level <pence>', 'whole pence, or none')
    .option('--summary <periods>', `comma list of ${SUMMARY_PERIODS.join(', ')}, or none`)
    .option('--disk <levels>', `comma list of ${ALERT_LEVELS.join(', ')}, or none`)
    .option('--bandwidth <levels>', `comma list of ${ALERT_LEVELS.join(', ')}, or none`)
    .addOption(dataDirOption())
    .action(async (o: Record<string, string | undefined>) => {
      (await import('./commands/settings.ts')).settingsSetCommand(o);
    });
  settings
    .command('show')
    .description('print the settings XML (as get_notification_settings)')
    .addOption(keyOption())
    .addOption(caOption())
    .addOption(dataDirOption())
    .action(async (o: { key?: string; dataDir?: string; providerCa?: string }) => {
      await (await import('./commands/settings.ts')).settingsShowCommand(o);
    });
}

export function defineBalance(command: Command): void {
  command
    .addOption(keyOption())
    .option('--at <phrase>', 'free-form date; not understood means now, as in the API')
    .option('--json', 'print {"datetime","balance","understood"} (understood is null for a connected account)')
    .addOption(caOption())
    .addOption(dataDirOption())
    .action(async (o: { key?: string; at?: string; json?: boolean; dataDir?: string; providerCa?: string }) => {
      await (await import('./commands/settings.ts')).balanceCommand(o);
    });
}
