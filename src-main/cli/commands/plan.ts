// `plan [NAME] --until PHRASE [--keep-above POUNDS]`: how much to top up, and by when, to stay
// at or above an amount until a date (src-main/domain/planner.ts), from the same balances as the
// forecast: a local ledger's, or a connected account's provider's (checked first, unless a check
// was made in the last minute). Prints the plan in words, or with --json the exact pence.
import { parsePounds } from '../../../src-shared/money/parse-pounds.ts';
import { planWords } from '../../../src-shared/plan-words.ts';
import { formatLocal } from '../../dates/wall-clock.ts';
import type { DateOrder } from '../../dates/index.ts';
import { planEnd, planTopUp, sourceNow } from '../../domain/planner.ts';
import { print, withContext } from '../context.ts';
import { UsageError } from '../errors.ts';
import { pickAccount } from './pick-account.ts';

export interface PlanOptions {
  until: string;
  keepAbove?: string;
  key?: string;
  json?: boolean;
  dateOrder: DateOrder;
  dataDir?: string;
  providerCa?: string;
}

export function planCommand(name: string | undefined, opts: PlanOptions): Promise<void> {
  let keepAbove: number | undefined;
  if (opts.keepAbove !== undefined) {
    const read = parsePounds(opts.keepAbove, { zero: true });
    if (!read.ok) throw new UsageError(`--keep-above: ${read.problem}`);
    keepAbove = Number(read.value);
  }
  return withContext(opts, async (ctx) => {
    const picked = await pickAccount(ctx, name, opts);
    if (picked.key !== undefined) await ctx.accounts.refresh(picked.overview.id, picked.key, false);
    const { source } = picked;
    const now = await sourceNow(source, ctx.domain.nowSeconds());
    const until = planEnd(opts.until, now, ctx.domain.timeZone, opts.dateOrder);
    const settings = await source.settings();
    const keep = keepAbove ?? (settings.warningEnabled && settings.warningLevel !== null ? settings.warningLevel : 0);
    const plan = await planTopUp(source, until, keep, now);
    const wall = (t: number): string => formatLocal(t, ctx.domain.timeZone);
    if (opts.json === true) {
      print(
        JSON.stringify({
          account: picked.overview.name,
          from: wall(plan.from),
          until: wall(plan.until),
          keepAbove: plan.keepAbove,
          topUp: plan.topUp,
          by: plan.by === null ? null : wall(plan.by),
          lowest: { datetime: wall(plan.lowest.at), balance: plan.lowest.balance },
          pessimistic: plan.pessimistic,
        }),
      );
      return;
    }
    print(
      planWords({
        keepAbove: plan.keepAbove,
        topUp: plan.topUp,
        from: wall(plan.from),
        until: wall(plan.until),
        by: plan.by === null ? null : wall(plan.by),
        lowest: { balance: plan.lowest.balance, datetime: wall(plan.lowest.at) },
        pessimistic: plan.pessimistic,
      }),
    );
  });
}
