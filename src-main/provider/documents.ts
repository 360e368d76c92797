// Reads the provider's answers in the spec's exact shape, and nothing else: valid UTF-8, the
// strict XML of strict-xml.ts (no attributes, namespaces, processing instructions, comments,
// CDATA, DOCTYPE or entities; bounded depth, names and text), the right root, exactly the spec's
// elements, a balance that is a plain decimal within PROVIDER_BALANCE_DIGITS and a datetime that
// is `YYYY-MM-DD HH:MM:SS`. Element text is kept as the provider wrote it: a balance never goes
// through a float. Whatever goes wrong while reading, the answer is `provider_bad_answer`.
import type { Settings as NotificationSettings, SpecBalance } from '../../src-shared/app-api.ts';
import { PROVIDER_BALANCE_DIGITS, providerBalanceProblem } from '../../src-shared/limits.ts';
import { ALERT_LEVELS, SUMMARY_PERIODS } from '../../src-shared/vocabulary.ts';
import { readWallTime } from '../../src-shared/wall-time.ts';
import { ProviderError } from './errors.ts';
import { quoteName, readStrictXml, type XmlElement as Node } from './strict-xml.ts';

export type { SpecBalance as BalanceDocument } from '../../src-shared/app-api.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function bad(what: string): never {
  throw new ProviderError('provider_bad_answer', `the provider's answer is not the spec's XML: ${what}`);
}

/** Runs a reader; anything it throws that is not already a refusal (a bug, a limit) is one too. */
function guarded<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw new ProviderError('provider_bad_answer', "the provider's answer could not be read as the spec's XML");
  }
}

function parseRoot(body: Buffer, root: string): Node {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    bad('it is not valid UTF-8');
  }
  const node = readStrictXml(text, bad);
  if (node.name !== root) bad(`the root element is <${quoteName(node.name)}>, expected <${root}>`);
  return node;
}

/** Children of `node`, each allowed name at most once and no other names. */
function only(node: Node, allowed: readonly string[], required: readonly string[] = []): Map<string, Node> {
  if (node.text !== '') bad(`<${node.name}> holds text where elements were expected`);
  const seen = new Map<string, Node>();
  for (const child of node.children) {
    if (!allowed.includes(child.name)) bad(`unexpected element <${quoteName(child.name)}> in <${node.name}>`);
    if (seen.has(child.name)) bad(`<${child.name}> appears twice in <${node.name}>`);
    seen.set(child.name, child);
  }
  for (const name of required) if (!seen.has(name)) bad(`<${node.name}> has no <${name}>`);
  return seen;
}

function leaf(node: Node): string {
  if (node.children.length > 0) bad(`<${node.name}> holds elements where text was expected`);
  return node.text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

function validDatetime(text: string): boolean {
  return readWallTime(text) !== undefined;
}

const BALANCE_PROBLEM = {
  not_decimal: 'is not a plain decimal number',
  too_large: `has more than ${PROVIDER_BALANCE_DIGITS.whole} digits before the point (not a plausible balance)`,
  too_precise: `has more than ${PROVIDER_BALANCE_DIGITS.fraction} digits after the point`,
} as const;

export function readBalanceDocument(body: Buffer): SpecBalance {
  return guarded(() => {
    const fields = only(parseRoot(body, 'result'), ['datetime', 'balance'], ['datetime', 'balance']);
    const datetime = leaf(fields.get('datetime') as Node);
    const balance = leaf(fields.get('balance') as Node);
    if (!validDatetime(datetime)) bad(`the datetime "${quoteName(datetime)}" is not YYYY-MM-DD HH:MM:SS`);
    const problem = providerBalanceProblem(balance);
    if (problem !== undefined) bad(`the balance "${quoteName(balance)}" ${BALANCE_PROBLEM[problem]}`);
    return { datetime, balance };
  });
}

/** The values of a list container (summary, disk, bandwidth), each one of `allowed`. */
function values<T extends string | number>(node: Node, allowed: readonly T[]): T[] {
  if (node.text !== '') bad(`<${node.name}> holds text where <value> elements were expected`);
  const picked = new Set<T>();
  for (const child of node.children) {
    if (child.name !== 'value') bad(`unexpected element <${quoteName(child.name)}> in <${node.name}>`);
    const text = leaf(child);
    const match = allowed.find((a) => String(a) === text);
    if (match === undefined) bad(`<${node.name}> has the value "${quoteName(text)}", not one of ${allowed.join(', ')}`);
    picked.add(match);
  }
  return allowed.filter((a) => picked.has(a));
}

export function readSettingsDocument(body: Buffer): NotificationSettings {
  return guarded(() => readSettings(body));
}

function readSettings(body: Buffer): NotificationSettings {
  const top = only(parseRoot(body, 'notificationsettings'), ['balance', 'usagealerts']);
  const settings: NotificationSettings = {
    warningEnabled: false,
    warningLevel: null,
    summary: [],
    disk: [],
    bandwidth: [],
  };
  const balance = top.get('balance');
  if (balance !== undefined) {
    const parts = only(balance, ['warning', 'summary']);
    const warning = parts.get('warning');
    if (warning !== undefined) {
      const w = only(warning, ['enabled', 'level'], ['enabled']);
      const enabled = leaf(w.get('enabled') as Node);
      if (enabled !== 'true' && enabled !== 'false') bad(`<enabled> is "${quoteName(enabled)}", not true or false`);
      settings.warningEnabled = enabled === 'true';
      const level = w.get('level');
      const levelText = level === undefined ? '' : leaf(level);
      if (levelText !== '' && !/^\d{1,15}$/.test(levelText))
        bad(`<level> is "${quoteName(levelText)}", not a whole number of pence`);
      settings.warningLevel = levelText === '' ? null : Number(levelText);
    }
    const summary = parts.get('summary');
    if (summary !== undefined) settings.summary = values(summary, SUMMARY_PERIODS);
  }
  const alerts = top.get('usagealerts');
  if (alerts !== undefined) {
    const kinds = only(alerts, ['disk', 'bandwidth']);
    const disk = kinds.get('disk');
    const bandwidth = kinds.get('bandwidth');
    if (disk !== undefined) settings.disk = values(disk, ALERT_LEVELS);
    if (bandwidth !== undefined) settings.bandwidth = values(bandwidth, ALERT_LEVELS);
  }
  return settings;
}
