// The CLI: `npm run --silent cli -- COMMAND ...` or the package's `account-monitor` bin.
// stdout carries only results; errors are one line on stderr; exit 2 for usage, 1 for failure.
// Command modules load lazily so that `resolve --jsonl` starts without the store or the server.
import { enableCompileCache } from 'node:module';
import { Command, CommanderError, Option } from 'commander';
import { ALERT_LEVELS, CHARGE_PERIODS, ENTRY_KINDS, SUMMARY_PERIODS } from '../../src-shared/vocabulary.ts';
import { DATE_ORDERS, type DateOrder } from '../dates/types.ts';
import { DUPLICATE_POLICIES, type DuplicatePolicy } from '../../src-shared/vocabulary.ts';
import { addForecastCommands } from './commands/forecast-commands.ts';
import { CliError } from './errors.ts';
import { safeLine } from './safe-text.ts';

// Node caches compiled (and type-stripped) modules between runs. bin/account-monitor.js turns
// the cache on before any TypeScript loads; this covers running main.ts directly.
enableCompileCache();

const dataDirOption = (): Option => new Option('--data-dir <dir>', 'data folder (env ACCOUNT_MONITOR_DATA_DIR)');
const keyOption = (): Option => new Option('--key <key>', 'API key (env ACCOUNT_MONITOR_KEY)');
const caOption = (): Option =>
  new Option(
    '--provider-ca <file>',
    'also trust this CA (PEM) for a self-hosted provider (env ACCOUNT_MONITOR_PROVIDER_CA)',
  );
const dateOrderOption = (): Option =>
  new Option('--date-order <order>', 'slashed numeric dates: mdy reads 01/07/2026 as 7 January (PHP), dmy as 1 July')
    .choices(DATE_ORDERS)
    .default('mdy');

function buildProgram(): Command {
  const program = new Command('account-monitor')
    .description('Prepaid hosting balance: the local XML service, its data and free-form dates')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ outputError: () => undefined });

  program
    .command('serve')
    .description('run the local service and web UI on 127.0.0.1 until stopped')
    .option('--port <n>', 'TCP port (env ACCOUNT_MONITOR_PORT; 0 picks a free one)')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--access-log', 'log one line per request (the key redacted)')
    .option(
      '--new-token',
      'replace the access token kept in the data folder (pages holding the old one must sign in again)',
    )
    .option(
      '--check-interval <minutes>',
      'minutes between background checks of connected accounts (env ACCOUNT_MONITOR_CHECK_INTERVAL; default 10)',
    )
    .addOption(caOption())
    .addOption(dataDirOption())
    .action(
      async (o: {
        port?: string;
        host?: string;
        dataDir?: string;
        accessLog?: boolean;
        newToken?: boolean;
        checkInterval?: string;
        providerCa?: string;
      }) => (await import('./commands/serve.ts')).serveCommand(o),
    );

  program
    .command('demo')
    .description('create a demo account with a year of history; prints its API key')
    .addOption(dataDirOption())
    .action(async (o: { dataDir?: string }) => {
      (await import('./commands/accounts.ts')).demoCommand(o);
    });

  const account = program.command('account').description('accounts');
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
    .description('every account: name, kind, state of the latest check (never the key)')
    .option('--json', 'print a JSON array of {name, kind, baseUrl, state, lastCheckedAt}')
    .addOption(dataDirOption())
    .action(async (o: { json?: boolean; dataDir?: string }) => {
      (await import('./commands/accounts.ts')).accountListCommand(o);
    });
  account
    .command('disconnect <name>')
    .description('disconnect a connected account: its key is refused here from now on')
    .addOption(dataDirOption())
    .action(async (name: string, o: { dataDir?: string }) => {
      await (await import('./commands/accounts.ts')).accountDisconnectCommand(name, o);
    });

  const key = program.command('key').description('API keys');
  key
    .command('revoke [key]')
    .description(
      'revoke a key: it is refused from now on. Without the argument (or with -) the key is read from ACCOUNT_MONITOR_KEY or standard input, which keeps it out of the process list',
    )
    .addOption(dataDirOption())
    .action(async (k: string | undefined, o: { dataDir?: string }) => {
      await (await import('./commands/accounts.ts')).keyRevokeCommand(k, o);
    });

  const ledger = program.command('ledger').description('ledger entries');
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

  const recurring = program.command('recurring').description('recurring charges');
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

  const settings = program.command('settings').description('notification settings');
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

  program
    .command('balance')
    .description('the balance in pence at an instant (default now)')
    .addOption(keyOption())
    .option('--at <phrase>', 'free-form date; not understood means now, as in the API')
    .option('--json', 'print {"datetime","balance","understood"} (understood is null for a connected account)')
    .addOption(caOption())
    .addOption(dataDirOption())
    .action(async (o: { key?: string; at?: string; json?: boolean; dataDir?: string; providerCa?: string }) => {
      await (await import('./commands/settings.ts')).balanceCommand(o);
    });

  program
    .command('resolve [phrase]')
    .description('show how a free-form date is understood')
    .option('--now <time>', 'local wall time YYYY-MM-DDTHH:MM:SS (env ACCOUNT_MONITOR_NOW)')
    .option('--tz <zone>', 'IANA zone (env ACCOUNT_MONITOR_TZ)')
    .option('--json', 'print {"datetime","understood","stage"}')
    .option('--jsonl', 'read one JSON string per line on stdin, write one JSON object per line')
    .addOption(dateOrderOption())
    .action(
      async (
        phrase: string | undefined,
        o: { now?: string; tz?: string; json?: boolean; jsonl?: boolean; dateOrder: DateOrder },
      ) => (await import('./commands/resolve.ts')).resolveCommand(phrase, o),
    );

  addForecastCommands(program, { dataDirOption, keyOption, caOption, dateOrderOption });

  for (const c of [program, ...program.commands, ...program.commands.flatMap((c) => c.commands)]) {
    c.exitOverride().configureOutput({ outputError: () => undefined });
  }
  return program;
}

/** One line on stderr, whatever the message echoes of the input (see safe-text.ts). */
function printError(message: string): void {
  process.stderr.write(`${safeLine(`account-monitor: ${message}`)}\n`);
}

/** The message of a failure of SQLite itself (a lock held too long, a full disk), said plainly. */
async function storeFailure(err: unknown): Promise<string | undefined> {
  if (!(err instanceof Error) || err.name !== 'SqliteError') return undefined;
  // Loaded only here: `resolve` and `--help` never load the store.
  const { describeStoreProblem, storeProblem } = await import('../store/database.ts');
  const problem = storeProblem(err);
  return problem === undefined ? undefined : describeStoreProblem(problem, err.message);
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version')
        return 0;
      printError(`${err.message.replace(/^error: /, '')} (see --help)`);
      return 2;
    }
    if (err instanceof CliError) {
      printError(err.message);
      return err.exitCode;
    }
    if (
      err instanceof Error &&
      ['DomainError', 'StoreError', 'ConfigError', 'ListenError', 'ProviderError'].includes(err.name)
    ) {
      printError(err.message);
      return err.name === 'ConfigError' ? 2 : 1;
    }
    const store = await storeFailure(err);
    if (store !== undefined) {
      printError(store);
      return 1;
    }
    printError(`unexpected failure: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
