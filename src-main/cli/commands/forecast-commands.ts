// Registers `plan`, `observations` and `surprises` (one call in main.ts). Loaded at every start,
// so it holds only their options: each command's module loads when it runs.
import type { Command, Option } from 'commander';
import type { DateOrder } from '../../dates/index.ts';

/** The option makers main.ts shares between commands. */
export interface SharedOptions {
  dataDirOption: () => Option;
  keyOption: () => Option;
  caOption: () => Option;
  dateOrderOption: () => Option;
}

export function addForecastCommands(program: Command, o: SharedOptions): void {
  program
    .command('plan [name]')
    .description(
      'how much to top up, and by when, to stay above an amount until a date (a connected account is checked first)',
    )
    .requiredOption('--until <phrase>', 'the date to plan up to (free-form: "31 Mar 2027", "+3 months")')
    .option('--keep-above <pounds>', 'the amount to stay at or above, in pounds (default: the warning level, else £0)')
    .option('--json', 'print {"account","from","until","keepAbove","topUp","by","lowest"} with exact pence')
    .addOption(o.keyOption())
    .addOption(o.dateOrderOption())
    .addOption(o.caOption())
    .addOption(o.dataDirOption())
    .action(
      async (
        name: string | undefined,
        opts: {
          until: string;
          keepAbove?: string;
          json?: boolean;
          key?: string;
          dateOrder: DateOrder;
          dataDir?: string;
          providerCa?: string;
        },
      ) => (await import('./plan.ts')).planCommand(name, opts),
    );

  program
    .command('observations [name]')
    .description("a connected account's stored checks as CSV, oldest first (what each found against the projection)")
    .option('--from <phrase>', 'from this date (default: the first check)')
    .option('--to <phrase>', 'up to this date (default: now)')
    .addOption(o.keyOption())
    .addOption(o.dataDirOption())
    .action(async (name: string | undefined, opts: { from?: string; to?: string; key?: string; dataDir?: string }) => {
      (await import('./observations.ts')).observationsCommand(name, opts);
    });

  program
    .command('surprises [name]')
    .description("a connected account's unexpected charges and top-ups, as its checks found them")
    .option(
      '--threshold <pounds>',
      'set how much more than projected may go before it is an unexpected charge (default £1.00)',
    )
    .option('--json', 'one JSON object a line: {"kind","amount","since","at","balance","expected"}')
    .addOption(o.keyOption())
    .addOption(o.dataDirOption())
    .action(
      async (
        name: string | undefined,
        opts: { threshold?: string; json?: boolean; key?: string; dataDir?: string },
      ) => {
        (await import('./observations.ts')).surprisesCommand(name, opts);
      },
    );
}
