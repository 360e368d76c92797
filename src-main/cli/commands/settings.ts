// `settings set`, `settings show`, `balance`. Show and balance ask the account the key opens, so a
// connected account answers with its provider's own document (the phrase goes there unchanged).
import { documentText } from '../../domain/account-source.ts';
import type { SettingsEdit } from '../../domain/settings.ts';
import { settingsXml } from '../../service/xml.ts';
import { withContext, keyFrom, print } from '../context.ts';
import { write } from '../print.ts';

interface KeyOpts {
  key?: string;
  dataDir?: string;
  providerCa?: string;
}

const list = (text: string): string[] =>
  text.trim().toLowerCase() === 'none'
    ? []
    : text
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');

export function settingsSetCommand(
  opts: KeyOpts & {
    warningEnabled?: string;
    warningLevel?: string;
    summary?: string;
    disk?: string;
    bandwidth?: string;
  },
): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    const edit: SettingsEdit = {};
    if (opts.warningEnabled !== undefined) edit.warningEnabled = opts.warningEnabled;
    if (opts.warningLevel !== undefined) edit.warningLevel = opts.warningLevel;
    if (opts.summary !== undefined) edit.summary = list(opts.summary);
    if (opts.disk !== undefined) edit.disk = list(opts.disk);
    if (opts.bandwidth !== undefined) edit.bandwidth = list(opts.bandwidth);
    print(settingsXml(domain.updateSettings(id, edit)));
  });
}

export function settingsShowCommand(opts: KeyOpts): Promise<void> {
  return withContext(opts, async ({ accounts }) => {
    const document = await accounts.forKey(keyFrom(opts)).getNotificationSettings();
    const text = documentText(document.xml);
    write(text.endsWith('\n') ? text : `${text}\n`);
  });
}

export function balanceCommand(opts: KeyOpts & { at?: string; json?: boolean }): Promise<void> {
  return withContext(opts, async ({ accounts }) => {
    const at = opts.at;
    const answer = await accounts
      .forKey(keyFrom(opts))
      .getBalance({ text: at, bytes: () => (at === undefined ? undefined : Buffer.from(at, 'utf8')) });
    // `understood` is null for a connected account: its provider read the phrase and does not say.
    print(
      opts.json === true
        ? JSON.stringify({ datetime: answer.datetime, balance: answer.balance, understood: answer.understood })
        : answer.balance,
    );
  });
}
