// Which account a forecast command is about: the one the key opens (--key or
// ACCOUNT_MONITOR_KEY), the one its NAME names, or the only account there is. To ask a connected
// account's provider, its key comes from --key / ACCOUNT_MONITOR_KEY or the keychain entry the
// app keeps for it.
import type { AccountSource } from '../../domain/account-source.ts';
import type { AccountOverview } from '../../domain/accounts.ts';
import type { CommandContext } from '../context.ts';
import { CliError, UsageError } from '../errors.ts';

/** The account named, or opened by the key given, or the only one; and the key, if one was given. */
export function chooseAccount(
  ctx: CommandContext,
  name: string | undefined,
  opts: { key?: string },
): { overview: AccountOverview; key: string | undefined } {
  const given = opts.key ?? process.env.ACCOUNT_MONITOR_KEY;
  if (given !== undefined && given !== '') {
    const overview = ctx.accounts.overview(ctx.domain.authenticate(given));
    if (overview === undefined) throw new CliError('that key opens no account here');
    if (name !== undefined && overview.name !== name)
      throw new UsageError(`the key given opens "${overview.name}", not "${name}"`);
    return { overview, key: given };
  }
  const all = ctx.accounts.list();
  const named = name === undefined ? all : all.filter((a) => a.name === name);
  const only = named.length === 1 ? named[0] : undefined;
  if (only !== undefined) return { overview: only, key: undefined };
  if (named.length === 0)
    throw new CliError(
      name === undefined ? 'there is no account yet' : `no account is named "${name}" (see account list)`,
    );
  throw new UsageError(
    name === undefined
      ? `name the account: ${all.map((a) => JSON.stringify(a.name)).join(', ')}`
      : `${named.length} accounts are named "${name}"; give its key with --key instead`,
  );
}

async function keptKey(vaultRef: string): Promise<string | undefined> {
  const { openKeyVault, keychainDisabledReason } = await import('../../keychain/index.ts');
  const vault = await openKeyVault({ disabled: keychainDisabledReason(process.env) });
  return vault.get(vaultRef);
}

/** The chosen account's source; a connected account's with its key (given, or kept in the keychain). */
export async function pickAccount(
  ctx: CommandContext,
  name: string | undefined,
  opts: { key?: string },
): Promise<{ overview: AccountOverview; source: AccountSource; key: string | undefined }> {
  const chosen = chooseAccount(ctx, name, opts);
  const { overview } = chosen;
  if (overview.kind === 'local')
    return { overview, source: ctx.accounts.sourceOf(overview.id, undefined), key: undefined };
  const key = chosen.key ?? (await keptKey(overview.vaultRef));
  if (key === undefined)
    throw new CliError(
      `the key of "${overview.name}" is not kept here (no keychain entry): give it with --key or ACCOUNT_MONITOR_KEY`,
    );
  return { overview, source: ctx.accounts.sourceOf(overview.id, key), key };
}
