// `snooze [NAME] [--until PHRASE]` and `snooze [NAME] --clear`: no reminders for an account until
// then (a worse state still alerts at once), or reminders again. Without --until the snooze ends
// tomorrow when quiet hours end (08:00 by default); --clear without a name resumes every
// account's. Written to the data folder, so the running app (the desktop app, `serve`) hears it.
import type { Command } from 'commander';
import type { DateOrder } from '../../dates/types.ts';
import { formatLocal } from '../../dates/wall-clock.ts';
import { defaultSnoozePhrase, snoozeAccount, snoozes } from '../../domain/alerts.ts';
import { withContext } from '../context.ts';
import { UsageError } from '../errors.ts';
import { dataDirOption, dateOrderOption } from '../options.ts';
import { print } from '../print.ts';
import { safeLine } from '../safe-text.ts';
import { chooseAccount } from './pick-account.ts';

interface SnoozeOptions {
  until?: string;
  clear?: boolean;
  dateOrder: DateOrder;
  dataDir?: string;
}

export function snoozeCommand(name: string | undefined, opts: SnoozeOptions): void {
  if (opts.clear === true && opts.until !== undefined) throw new UsageError('give --until or --clear, not both');
  withContext(opts, (ctx) => {
    if (opts.clear === true && name === undefined && ctx.accounts.list().length > 1) {
      const running = snoozes(ctx.store, ctx.domain.nowSeconds());
      for (const id of running.keys()) snoozeAccount(ctx.domain, id, null);
      print(`Reminders resumed for every account (${running.size} ${running.size === 1 ? 'was' : 'were'} snoozed).`);
      return;
    }
    const { overview } = chooseAccount(ctx, name, {});
    const until = snoozeAccount(
      ctx.domain,
      overview.id,
      opts.clear === true ? null : (opts.until ?? defaultSnoozePhrase(ctx.store)),
      opts.dateOrder,
    );
    print(
      safeLine(
        until === null
          ? `"${overview.name}": reminders resumed`
          : `"${overview.name}": no reminders until ${formatLocal(until, ctx.config.timeZone)} (a worse state still alerts at once)`,
      ),
    );
  });
}

/** `snooze [name]`: its options and action (main.ts lists it). */
export function define(command: Command): void {
  command
    .option(
      '--until <phrase>',
      'when reminders start again (free-form: "monday 09:00", "+3 days"); default tomorrow when quiet hours end',
    )
    .option('--clear', 'reminders again now (without a name: every account)')
    .addOption(dateOrderOption())
    .addOption(dataDirOption())
    .action((name: string | undefined, o: SnoozeOptions) => {
      snoozeCommand(name, o);
    });
}
