// The window reads balances and settings as the spec's XML (design brief point 4), through
// app routes that return exactly what the endpoints return. Values stay strings while parsing:
// a balance such as 4983.8709677419 must not pass through a float.
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreDeclaration: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'value',
});

export interface BalanceAnswer {
  datetime: string;
  balance: string;
}

export interface SettingsAnswer {
  /** Absent when the XML has no warning element (spec rule 1). */
  warning?: { enabled: boolean; level: number | null };
  summary: string[];
  disk: number[];
  bandwidth: number[];
}

export interface XmlError {
  code: string;
  message: string;
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse(xml: string): Node {
  const doc: unknown = parser.parse(xml);
  if (!isNode(doc)) throw new Error('The service sent something that is not XML.');
  return doc;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function values(container: unknown): string[] {
  if (!isNode(container)) return [];
  const list = container.value;
  if (!Array.isArray(list)) return [];
  return list.map((v) => text(v) ?? '').filter((v) => v !== '');
}

export function parseBalanceXml(xml: string): BalanceAnswer {
  const result = parse(xml).result;
  if (!isNode(result)) throw new Error('The balance answer has no <result> element.');
  const datetime = text(result.datetime);
  const balance = text(result.balance);
  if (datetime === undefined || balance === undefined)
    throw new Error('The balance answer lacks <datetime> or <balance>.');
  return { datetime, balance };
}

export function parseSettingsXml(xml: string): SettingsAnswer {
  const root = parse(xml).notificationsettings;
  // An element with no children parses as an empty string: every container absent.
  const settings: Node = isNode(root) ? root : {};
  if (!isNode(root) && root !== '' && root !== undefined) throw new Error('Unexpected settings answer.');
  if (root === undefined) throw new Error('The settings answer has no <notificationsettings> element.');
  const balance = isNode(settings.balance) ? settings.balance : {};
  const alerts = isNode(settings.usagealerts) ? settings.usagealerts : {};
  const answer: SettingsAnswer = {
    summary: values(balance.summary),
    disk: values(alerts.disk).map(Number),
    bandwidth: values(alerts.bandwidth).map(Number),
  };
  if (isNode(balance.warning)) {
    const level = text(balance.warning.level);
    answer.warning = {
      enabled: text(balance.warning.enabled) === 'true',
      level: level === undefined || level === '' ? null : Number(level),
    };
  }
  return answer;
}

/** The service's XML error body, if the text is one. */
export function parseErrorXml(xml: string): XmlError | undefined {
  try {
    const error = parse(xml).error;
    if (!isNode(error)) return undefined;
    return { code: text(error.code) ?? 'error', message: text(error.message) ?? '' };
  } catch {
    return undefined;
  }
}
