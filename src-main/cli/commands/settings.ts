// `settings set`, `settings show`, `balance`.
import { formatLocal } from '../../dates/index.ts';
import type { SettingsEdit } from '../../domain/settings.ts';
import { settingsXml } from '../../service/xml.ts';
import { withContext, keyFrom, print } from '../context.ts';

interface KeyOpts { key?: string; dataDir?: string }

const list = (text: string): string[] => (text.trim().toLowerCase() === 'none' ? [] : text.split(',').map((v) => v.trim()).filter((v) => v !== ''));

export function settingsSetCommand(opts: KeyOpts & { warningEnabled?: string; warningLevel?: string; summary?: string; disk?: string; bandwidth?: string }): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    const edit: SettingsEdit = {};
    if (opts.warningEnabled !== undefined) edit.warningEnabled = opts.warningEnabled;
    if (opts.warningLevel !== undefined) edit.warningLevel = opts.warningLevel;
    if (opts.summary !== undefined) edit.summary = list(opts.summary);
    if (opts.disk !== undefined) edit.disk = list(opts.disk);
    if (opts.bandwidth !== undefined) edit.bandwidth = list(opts.bandwidth);
    process.stdout.write(settingsXml(domain.updateSettings(id, edit)) + '\n');
  });
}

export function settingsShowCommand(opts: KeyOpts): void {
  withContext(opts, ({ domain }) => {
    process.stdout.write(settingsXml(domain.settings(domain.authenticate(keyFrom(opts)))) + '\n');
  });
}

export function balanceCommand(opts: KeyOpts & { at?: string; json?: boolean }): void {
  withContext(opts, ({ domain }) => {
    const id = domain.authenticate(keyFrom(opts));
    const r = domain.resolve(opts.at);
    const balance = domain.balanceText(id, r.epochSeconds);
    const datetime = formatLocal(r.epochSeconds, domain.timeZone);
    print(opts.json === true ? JSON.stringify({ datetime, balance, understood: r.understood }) : balance);
  });
}
