// The spec's two endpoints, as plain functions of the domain and the query. The TCP routes
// and the window's /app/xml routes both call these, so the window sees exactly what scripts see.
import type { AccountDomain } from '../domain/account-domain.ts';
import { formatLocal } from '../dates/index.ts';
import { mapError, xmlError, xmlResponse } from './errors.ts';
import { balanceXml, settingsXml } from './xml.ts';

/** Spec 4.1: balance at the resolved instant; a datetime that is absent or not understood means now. */
export function getBalance(domain: AccountDomain, key: string | undefined, datetime: string | undefined, log: (line: string) => void): Response {
  try {
    const accountId = domain.authenticate(key);
    const t = domain.resolve(datetime).epochSeconds;
    return xmlResponse(balanceXml(formatLocal(t, domain.timeZone), domain.balanceText(accountId, t)));
  } catch (err) {
    const e = mapError(err, log);
    return xmlError(e.status, e.code, e.message);
  }
}

/** Spec 4.2: the account's notification settings. */
export function getNotificationSettings(domain: AccountDomain, key: string | undefined, log: (line: string) => void): Response {
  try {
    const accountId = domain.authenticate(key);
    return xmlResponse(settingsXml(domain.settings(accountId)));
  } catch (err) {
    const e = mapError(err, log);
    return xmlError(e.status, e.code, e.message);
  }
}

/** The last value of a query argument (a repeated argument: the last one counts). Never throws. */
export function lastQueryValue(url: string, name: string): string | undefined {
  const q = url.indexOf('?');
  if (q === -1) return undefined;
  const all = new URLSearchParams(url.slice(q + 1)).getAll(name);
  return all.length === 0 ? undefined : all[all.length - 1];
}
