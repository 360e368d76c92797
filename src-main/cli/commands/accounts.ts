// `demo`, `account create`, `key revoke`.
import { createDemoAccount } from '../../domain/demo.ts';
import { withContext, print } from '../context.ts';
import { CliError, UsageError } from '../errors.ts';

export function demoCommand(opts: { dataDir?: string }): void {
  withContext(opts, ({ domain }) => { print(createDemoAccount(domain).key); });
}

export function accountCreateCommand(name: string, opts: { key?: string; dataDir?: string }): void {
  withContext(opts, ({ domain }) => { print(domain.createAccount(name, opts.key).key); });
}

/** The first line of standard input, which must not be a terminal (a typed key would show). */
async function keyFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError('give the key to revoke on standard input (echo "$KEY" | account-monitor key revoke -), in ACCOUNT_MONITOR_KEY, or as the argument');
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
  const key = argument !== undefined && argument !== '-' ? argument
    : argument === undefined && fromEnv !== undefined && fromEnv !== '' ? fromEnv
      : await keyFromStdin();
  if (key === '') throw new UsageError('no key to revoke: standard input was empty');
  withContext(opts, ({ domain }) => {
    if (!domain.revokeKey(key)) throw new CliError('no such live key (unknown or already revoked)');
  });
}
