// The options of `forecast`, `plan`, `observations` and `surprises` (main.ts lists them and loads
// this file only when one of them runs or shows its help): each command's module loads when it runs.
import type { Command } from 'commander';
import type { DateOrder } from '../../dates/types.ts';
import * as o from '../options.ts';

export function defineForecast(command: Command): void {
  command
    .option('--days <n>', 'how far ahead, in whole days (default 90)')
    .option(
      '--json',
      'print the object GET /app/accounts/:id/forecast answers: {"horizonDays","belowWarning","zero","range","confidence","basis","balanceNow"}',
    )
    .addOption(o.keyOption())
    .addOption(o.caOption())
    .addOption(o.dataDirOption())
    .action(
      async (
        name: string | undefined,
        opts: { days?: string; json?: boolean; key?: string; dataDir?: string; providerCa?: string },
      ) => (await import('./forecast.ts')).forecastCommand(name, opts),
    );
}

export function definePlan(command: Command): void {
  command
    .requiredOption('--until <phrase>', 'the date to plan up to (free-form: "31 Mar 2027", "+3 months")')
    .option('--keep-above <pounds>', 'the amount to stay at or above, in pounds (default: the warning level, else £0)')
    .option(
      '--json',
      'print {"account","from","until","keepAbove","topUp","by","lowest","pessimistic"} with exact pence',
    )
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
}

export function defineObservations(command: Command): void {
  command
    .option('--from <phrase>', 'from this date (default: the first check)')
    .option('--to <phrase>', 'up to this date (default: now)')
    .addOption(o.keyOption())
    .addOption(o.dataDirOption())
    .action(async (name: string | undefined, opts: { from?: string; to?: string; key?: string; dataDir?: string }) => {
      (await import('./observations.ts')).observationsCommand(name, opts);
    });
}

export function defineSurprises(command: Command): void {
  command
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
