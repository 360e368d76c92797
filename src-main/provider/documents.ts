// Reads the provider's answers as the spec shapes them, and nothing else: valid UTF-8, no
// DOCTYPE (so no entity expansion can happen), the right root, exactly the spec's elements, a
// balance that is a plain decimal and a datetime that is `YYYY-MM-DD HH:MM:SS`. Element text is
// kept as the provider wrote it: a balance never goes through a float.
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import type { Settings as NotificationSettings, SpecBalance } from '../../src-shared/app-api.ts';
import { ALERT_LEVELS, SUMMARY_PERIODS } from '../../src-shared/vocabulary.ts';
import { ProviderError } from './errors.ts';

export type { SpecBalance as BalanceDocument } from '../../src-shared/app-api.ts';

const parser = new XMLParser({
  preserveOrder: true,
  processEntities: false,
  parseTagValue: false,
  ignoreAttributes: true,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const BALANCE = /^-?\d+(?:\.\d+)?$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function bad(what: string): never {
  throw new ProviderError('provider_bad_answer', `the provider's answer is not the spec's XML: ${what}`);
}

/** One parsed element: its name and children, in document order. */
interface Node {
  name: string;
  children: Node[];
  text: string;
}

function toNodes(raw: unknown): Node[] {
  if (!Array.isArray(raw)) return [];
  const nodes: Node[] = [];
  for (const item of raw as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(item)) {
      if (name === ':@') continue;
      if (name === '#text') {
        nodes.push({ name: '#text', children: [], text: String(value) });
        continue;
      }
      const children = toNodes(value);
      nodes.push({
        name,
        children: children.filter((c) => c.name !== '#text'),
        text: children
          .filter((c) => c.name === '#text')
          .map((c) => c.text)
          .join(''),
      });
    }
  }
  return nodes;
}

function parseRoot(body: Buffer, root: string): Node {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    bad('it is not valid UTF-8');
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) bad('it has a DOCTYPE or entity declaration, which is never accepted');
  if (text.trim() === '') bad('it is empty');
  try {
    SyntaxValidator.validate(text);
  } catch {
    bad('it is not well-formed XML');
  }
  const top = toNodes(parser.parse(text) as unknown).filter((n) => !(n.name === '#text' && n.text.trim() === ''));
  if (top.length !== 1 || top[0]?.name === '#text') bad('it does not have exactly one root element');
  const node = top[0] as Node;
  if (node.name !== root) bad(`the root element is <${node.name}>, expected <${root}>`);
  return node;
}

/** Children of `node`, each allowed name at most once and no other names. */
function only(node: Node, allowed: readonly string[], required: readonly string[] = []): Map<string, Node> {
  if (node.text.trim() !== '') bad(`<${node.name}> holds text where elements were expected`);
  const seen = new Map<string, Node>();
  for (const child of node.children) {
    if (!allowed.includes(child.name)) bad(`unexpected element <${child.name}> in <${node.name}>`);
    if (seen.has(child.name)) bad(`<${child.name}> appears twice in <${node.name}>`);
    seen.set(child.name, child);
  }
  for (const name of required) if (!seen.has(name)) bad(`<${node.name}> has no <${name}>`);
  return seen;
}

function leaf(node: Node): string {
  if (node.children.length > 0) bad(`<${node.name}> holds elements where text was expected`);
  return node.text.trim();
}

function validDatetime(text: string): boolean {
  const m = DATETIME.exec(text);
  if (!m) return false;
  const [, , mo, d, h, mi, s] = m.map(Number);
  return (
    mo !== undefined &&
    mo >= 1 &&
    mo <= 12 &&
    d !== undefined &&
    d >= 1 &&
    d <= 31 &&
    h !== undefined &&
    h <= 23 &&
    mi !== undefined &&
    mi <= 59 &&
    s !== undefined &&
    s <= 60
  );
}

export function readBalanceDocument(body: Buffer): SpecBalance {
  const fields = only(parseRoot(body, 'result'), ['datetime', 'balance'], ['datetime', 'balance']);
  const datetime = leaf(fields.get('datetime') as Node);
  const balance = leaf(fields.get('balance') as Node);
  if (!validDatetime(datetime)) bad(`the datetime "${datetime.slice(0, 40)}" is not YYYY-MM-DD HH:MM:SS`);
  if (!BALANCE.test(balance)) bad(`the balance "${balance.slice(0, 40)}" is not a plain decimal number`);
  return { datetime, balance };
}

/** The values of a list container (summary, disk, bandwidth), each one of `allowed`. */
function values<T extends string | number>(node: Node, allowed: readonly T[]): T[] {
  if (node.text.trim() !== '') bad(`<${node.name}> holds text where <value> elements were expected`);
  const picked = new Set<T>();
  for (const child of node.children) {
    if (child.name !== 'value') bad(`unexpected element <${child.name}> in <${node.name}>`);
    const text = leaf(child);
    const match = allowed.find((a) => String(a) === text);
    if (match === undefined)
      bad(`<${node.name}> has the value "${text.slice(0, 20)}", not one of ${allowed.join(', ')}`);
    picked.add(match);
  }
  return allowed.filter((a) => picked.has(a));
}

export function readSettingsDocument(body: Buffer): NotificationSettings {
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
      if (enabled !== 'true' && enabled !== 'false') bad(`<enabled> is "${enabled.slice(0, 20)}", not true or false`);
      settings.warningEnabled = enabled === 'true';
      const level = w.get('level');
      const levelText = level === undefined ? '' : leaf(level);
      if (levelText !== '' && !/^\d{1,15}$/.test(levelText))
        bad(`<level> is "${levelText.slice(0, 20)}", not a whole number of pence`);
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
