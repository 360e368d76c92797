// The CLI: `npm run --silent cli -- COMMAND ...` or the package's `account-monitor` bin.
// stdout carries only results; errors are one line on stderr; exit 2 for usage, 1 for failure
// (`check` says them as a monitoring plugin: one UNKNOWN line on stdout, exit 3).
//
// Start-up is what a script pays on every call, so nothing loads before it is needed: COMMANDS
// below names every command with the line `--help` lists for it, and only the command being run
// (or whose help is asked) is defined, by loading its module; its action loads what it runs.
// A command may also parse its plain invocations itself (`quick`), so that `resolve` loads neither
// commander nor the store; see README.md for the costs.
import { enableCompileCache } from 'node:module';
import type { Command } from 'commander';
import type * as Definitions from './definitions.ts';
import { CliError } from './errors.ts';
import { safeLine } from './safe-text.ts';

// Node caches compiled (and type-stripped) modules between runs. bin/account-monitor.js turns
// the cache on before any TypeScript loads; this covers running main.ts directly.
enableCompileCache();

interface CommandEntry {
  /** The command as the command list shows it: name, "[options]" when it takes any, arguments. */
  usage: string;
  /** Its line in the command list. */
  summary: string;
  /** Adds its options, action and subcommands (loading the module that has them). */
  define: (command: Command) => Promise<void>;
  /**
   * Optional: runs a plain invocation without loading commander (true, once it has run), or
   * answers false, having done nothing, so that commander parses the arguments. For the commands
   * scripts call on every question (see README.md).
   */
  quick?: (args: readonly string[]) => Promise<boolean>;
  /**
   * Optional: how the command reports what stops it (a usage mistake, commander's included, or a
   * failure), given the one-line message; answers the exit status. Without it: the line on
   * stderr, exit 2 for usage, 1 for failure. `check` answers as a monitoring plugin must.
   */
  stopped?: (message: string) => Promise<number>;
}

/** A definition from definitions.ts, loaded when the command is defined. */
const from =
  (pick: (d: typeof Definitions) => (command: Command) => void) =>
  async (command: Command): Promise<void> => {
    pick(await import('./definitions.ts'))(command);
  };

/**
 * Every command, in the order `--help` lists them. A new command is one entry here and one module
 * under commands/ exporting `define(command)` (see README.md: keep heavy imports inside the action).
 */
const COMMANDS: readonly CommandEntry[] = [
  {
    usage: 'serve [options]',
    summary: 'run the local service and web UI on 127.0.0.1 until stopped',
    define: from((d) => d.defineServe),
  },
  {
    usage: 'demo [options]',
    summary: 'create a demo account with a year of history; prints its API key',
    define: from((d) => d.defineDemo),
  },
  { usage: 'account', summary: 'accounts', define: from((d) => d.defineAccount) },
  { usage: 'key', summary: 'API keys', define: from((d) => d.defineKey) },
  { usage: 'ledger', summary: 'ledger entries', define: from((d) => d.defineLedger) },
  { usage: 'recurring', summary: 'recurring charges', define: from((d) => d.defineRecurring) },
  { usage: 'settings', summary: 'notification settings', define: from((d) => d.defineSettings) },
  {
    usage: 'balance [options]',
    summary: 'the balance in pence at an instant (default now)',
    define: from((d) => d.defineBalance),
  },
  {
    usage: 'status [options]',
    summary: 'every account: balance in pounds, state, age of the reading (the stored state; no provider call)',
    define: async (command) => {
      (await import('./commands/status.ts')).define(command);
    },
    quick: async (args) => (await import('./commands/status.ts')).quick(args),
  },
  {
    usage: 'check [options] [name]',
    summary: 'one line; exit 0 ok, 1 warning, 2 critical, 3 unknown or stale (monitoring-plugins)',
    define: async (command) => {
      (await import('./commands/check.ts')).define(command);
    },
    quick: async (args) => (await import('./commands/check.ts')).quick(args),
    // One UNKNOWN line on stdout and exit 3 for any mistake: exit 2 would read as CRITICAL.
    stopped: async (message) => (await import('./commands/check.ts')).stopped(message),
  },
  {
    usage: 'snooze [options] [name]',
    summary: 'no reminders for an account until a time (default tomorrow morning); --clear resumes them',
    define: async (command) => {
      (await import('./commands/snooze.ts')).define(command);
    },
  },
  {
    usage: 'forecast [options] [name]',
    summary:
      'when the balance falls below the warning level and zero: the earliest plausible, likely and latest plausible day (a connected account is checked first)',
    define: async (command) => {
      (await import('./commands/forecast-commands.ts')).defineForecast(command);
    },
  },
  {
    usage: 'plan [options] [name]',
    summary:
      'how much to top up, and by when, to stay above an amount until a date (a connected account is checked first)',
    define: async (command) => {
      (await import('./commands/forecast-commands.ts')).definePlan(command);
    },
  },
  {
    usage: 'observations [options] [name]',
    summary: "a connected account's stored checks as CSV, oldest first (what each found against the projection)",
    define: async (command) => {
      (await import('./commands/forecast-commands.ts')).defineObservations(command);
    },
  },
  {
    usage: 'surprises [options] [name]',
    summary: "a connected account's unexpected charges and top-ups, as its checks found them",
    define: async (command) => {
      (await import('./commands/forecast-commands.ts')).defineSurprises(command);
    },
  },
  {
    usage: 'resolve [options] [phrase]',
    summary: 'show how a free-form date is understood',
    define: async (command) => {
      (await import('./commands/resolve.ts')).define(command);
    },
    quick: async (args) => (await import('./commands/resolve.ts')).quick(args),
  },
];

/** The command named on the command line (`help NAME` names one too), if any. */
function commandNamed(argv: readonly string[]): string | undefined {
  const operands = argv.filter((a) => !a.startsWith('-'));
  return operands[0] === 'help' ? operands[1] : operands[0];
}

/** The program with every command listed and only the one named defined. */
async function buildProgram(argv: readonly string[]): Promise<Command> {
  const { Command, Help } = await import('commander');
  const program = new Command('account-monitor')
    .description('Prepaid hosting balance: the local XML service, its data and free-form dates')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ outputError: () => undefined });
  const named = commandNamed(argv);
  const usages = new Map<Command, string>();
  for (const entry of COMMANDS) {
    const command = program.command(entry.usage.replace(' [options]', '')).description(entry.summary);
    usages.set(command, entry.usage);
    if (command.name() === named) await entry.define(command);
  }
  // Commands not defined have no options yet: the list shows each as its entry says.
  const help = new Help();
  program.configureHelp({ subcommandTerm: (c) => usages.get(c) ?? help.subcommandTerm(c) });
  const everyCommand = (c: Command): Command[] => [c, ...c.commands.flatMap(everyCommand)];
  for (const c of everyCommand(program)) c.exitOverride().configureOutput({ outputError: () => undefined });
  return program;
}

/**
 * The code of commander's own errors ("commander.unknownOption"...), told by the code rather than
 * by `instanceof CommanderError`, so that this file does not load commander to catch them.
 */
function commanderCode(err: unknown): string | undefined {
  const code = err instanceof Error && 'code' in err ? err.code : undefined;
  return typeof code === 'string' && code.startsWith('commander.') ? code : undefined;
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

/** The entry of a command by its name. */
function entryNamed(name: string | undefined): CommandEntry | undefined {
  return COMMANDS.find((e) => e.usage.split(' ')[0] === name);
}

/** Runs the command named first through its quick parse when it has one and takes the arguments. */
async function ranQuickly(argv: readonly string[]): Promise<boolean> {
  const [name, ...args] = argv;
  const entry = entryNamed(name);
  return entry?.quick !== undefined && (await entry.quick(args));
}

/** What stopped a command, as one line and the exit status; undefined when help was asked (exit 0). */
async function failureOf(err: unknown): Promise<{ message: string; exitCode: number } | undefined> {
  const usage = commanderCode(err);
  if (usage !== undefined && err instanceof Error) {
    if (usage === 'commander.helpDisplayed' || usage === 'commander.help' || usage === 'commander.version') {
      return undefined;
    }
    return { message: `${err.message.replace(/^error: /, '')} (see --help)`, exitCode: 2 };
  }
  if (err instanceof CliError) return { message: err.message, exitCode: err.exitCode };
  if (
    err instanceof Error &&
    ['DomainError', 'StoreError', 'ConfigError', 'ListenError', 'ProviderError'].includes(err.name)
  ) {
    return { message: err.message, exitCode: err.name === 'ConfigError' ? 2 : 1 };
  }
  const store = await storeFailure(err);
  if (store !== undefined) return { message: store, exitCode: 1 };
  // Loaded here, not at start: a file fewer for every command that runs well.
  const { messageOf } = await import('../../src-shared/message-of.ts');
  return { message: `unexpected failure: ${messageOf(err)}`, exitCode: 1 };
}

async function main(argv: string[]): Promise<number> {
  try {
    if (!(await ranQuickly(argv))) await (await buildProgram(argv)).parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    const failure = await failureOf(err);
    if (failure === undefined) return 0;
    const stopped = entryNamed(commandNamed(argv))?.stopped;
    if (stopped !== undefined) return stopped(failure.message);
    printError(failure.message);
    return failure.exitCode;
  }
}

process.exitCode = await main(process.argv.slice(2));
