// `demo`, `account create`, `key revoke`.
import { createDemoAccount } from '../../domain/demo.ts';
import { withContext, print } from '../context.ts';
import { CliError } from '../errors.ts';

export function demoCommand(opts: { dataDir?: string }): void {
  withContext(opts, ({ domain }) => { print(createDemoAccount(domain).key); });
}

export function accountCreateCommand(name: string, opts: { key?: string; dataDir?: string }): void {
  withContext(opts, ({ domain }) => { print(domain.createAccount(name, opts.key).key); });
}

export function keyRevokeCommand(key: string, opts: { dataDir?: string }): void {
  withContext(opts, ({ domain }) => {
    if (!domain.revokeKey(key)) throw new CliError('no such live key (unknown or already revoked)');
  });
}
