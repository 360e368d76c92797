// The spec's XML documents (and the error document of this app's local API). Element order and
// every omission rule of spec 2.2 live here. The domain owns them: a local account answers the
// spec's endpoints with them, whoever asks (the local API, the window, the CLI).
import XMLBuilder from 'fast-xml-builder';
import type { ErrorCode } from '../../src-shared/vocabulary.ts';
import type { NotificationSettings } from './settings.ts';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: false });

function document(root: Record<string, unknown>): string {
  return DECLARATION + builder.build(root);
}

/** Text the builder would write unchanged (no entity to escape, not empty). */
const PLAIN = /^[0-9 :.+-]+$/;

/**
 * Written directly, not through the builder: it is the one document made anew for every
 * uncached request, and its two values (a wall time and a decimal) have nothing to escape.
 * `test/service/xml.test.ts` checks it gives the builder's bytes.
 */
export function balanceXml(datetime: string, balance: string): string {
  if (!PLAIN.test(datetime) || !PLAIN.test(balance)) return document({ result: { datetime, balance } });
  return `${DECLARATION}<result>\n  <datetime>${datetime}</datetime>\n  <balance>${balance}</balance>\n</result>\n`;
}

/**
 * Spec 2.2: `warning` is absent when it is disabled with no level (rule 1); `balance` is absent
 * when it would be empty (rule 2); `usagealerts`, `disk` and `bandwidth` are absent when empty
 * (rule 3); values come in the order daily, monthly, weekly and 70, 80, 90 (rule 4).
 */
export function settingsXml(s: NotificationSettings): string {
  const balance: Record<string, unknown> = {};
  if (s.warningEnabled || s.warningLevel !== null) {
    const warning: Record<string, unknown> = { enabled: String(s.warningEnabled) };
    if (s.warningLevel !== null) warning.level = s.warningLevel;
    balance.warning = warning;
  }
  if (s.summary.length > 0) balance.summary = { value: s.summary };
  const usagealerts: Record<string, unknown> = {};
  if (s.disk.length > 0) usagealerts.disk = { value: s.disk };
  if (s.bandwidth.length > 0) usagealerts.bandwidth = { value: s.bandwidth };
  const root: Record<string, unknown> = {};
  if (Object.keys(balance).length > 0) root.balance = balance;
  if (Object.keys(usagealerts).length > 0) root.usagealerts = usagealerts;
  return document({ notificationsettings: root });
}

// Characters XML 1.0 cannot carry at all; a message that echoes input must not break the document.
// eslint-disable-next-line no-control-regex -- naming the control characters XML allows is the point
const NOT_XML = /[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function errorXml(code: ErrorCode, message: string): string {
  return document({ error: { code, message: message.replace(NOT_XML, '\ufffd') } });
}
