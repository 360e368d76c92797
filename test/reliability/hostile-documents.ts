// Generated answers of a hostile provider: the spec's two documents, valid ones in every legal
// spelling and mutations that put in what the spec's shape has no room for (attributes,
// namespaces, processing instructions with terminal escapes, comments, CDATA, DOCTYPEs, entity
// and character references, control characters, deep nesting, huge names, huge text, absurd
// numbers, crowds of elements, stray bytes, truncation). Seeded, so a failure replays. The oracle
// (`exactShape`) is written apart from the app's reader, from the spec: what may be passed on.
import { mulberry32 } from '../helpers/prng.ts';

export interface HostileDocument {
  /** What was done to it, for the failure message. */
  what: string;
  endpoint: 'balance' | 'settings';
  body: Buffer;
  /** A document the spec allows, which must be passed on byte for byte. */
  valid: boolean;
}

const DECLARATIONS = [
  '<?xml version="1.0" encoding="UTF-8"?>\n',
  "<?xml version='1.0' encoding='utf-8'?>",
  '<?xml version="1.0"?>\r\n',
  '',
  '\ufeff<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
];
const ESCAPES = ['\u001b]0;pwned\u0007', '\u001b[2J\u001b[H', '\u009b31m', '\r\u001b[1A', '\u202e'];

function balanceParts(pick: <T>(xs: readonly T[]) => T, n: () => number): string[] {
  const whole = String(Math.floor(n() * 10 ** (1 + Math.floor(n() * 12))));
  const fraction = n() < 0.5 ? '' : `.${String(Math.floor(n() * 1e9)).padStart(9, '0')}`;
  const sign = n() < 0.2 ? '-' : '';
  const pad = pick(['', ' ', '\n    ', '\t']);
  return [
    pick(DECLARATIONS),
    '<result>',
    `${pad}<datetime>2031-05-0${1 + Math.floor(n() * 9)} 0${Math.floor(n() * 10)}:00:00</datetime>`,
    `${pad}<balance>${sign}${whole}${fraction}</balance>`,
    `${pad}</result>`,
  ];
}

function settingsParts(pick: <T>(xs: readonly T[]) => T, n: () => number): string[] {
  const values = (all: readonly string[]): string =>
    all
      .filter(() => n() < 0.6)
      .map((v) => `<value>${v}</value>`)
      .join('');
  const level = n() < 0.5 ? `<level>${Math.floor(n() * 100_000)}</level>` : pick(['<level/>', '<level></level>', '']);
  return [
    pick(DECLARATIONS),
    '<notificationsettings>',
    `<balance><warning><enabled>${pick(['true', 'false'])}</enabled>${level}</warning><summary>${values(['daily', 'monthly', 'weekly'])}</summary></balance>`,
    `<usagealerts><disk>${values(['70', '80', '90'])}</disk><bandwidth>${values(['70', '80', '90'])}</bandwidth></usagealerts>`,
    '</notificationsettings>',
  ];
}

type Mutation = (parts: string[], pick: <T>(xs: readonly T[]) => T, n: () => number) => string;

/** Each turns the parts of a valid document into a hostile one. */
const MUTATIONS: Record<string, Mutation> = {
  attribute: (p, pick) => {
    const i = 1 + Math.floor(p.length / 2);
    p[i] = (p[i] ?? '').replace(
      /<(\w+)>/,
      `<$1 ${pick(['id="x"', 'onfocus="alert(1)"', "tabindex='0'", 'autofocus=""'])}>`,
    );
    return p.join('');
  },
  'xhtml namespace': (p) => {
    p[1] = (p[1] ?? '').replace('>', ' xmlns="http://www.w3.org/1999/xhtml">');
    return p.join('');
  },
  'namespace prefix': (p) => {
    p[1] = (p[1] ?? '').replace('<', '<h:');
    p[p.length - 1] = (p.at(-1) ?? '').replace('</', '</h:');
    return p.join('');
  },
  'processing instruction with escapes': (p, pick) => {
    p.splice(1, 0, `<?${pick(['x', 'xml-stylesheet', 'php'])} ${pick(ESCAPES)} fake ?>`);
    return p.join('');
  },
  'processing instruction inside': (p, pick) => {
    p.splice(2, 0, `<?x ${pick(ESCAPES)}?>`);
    return p.join('');
  },
  comment: (p, pick) => {
    p.splice(2, 0, `<!-- ${pick(ESCAPES)} -->`);
    return p.join('');
  },
  cdata: (p) => p.join('').replace(/>([^<>]+)<\//, '><![CDATA[$1]]></'),
  doctype: (p) => `${p[0] ?? ''}<!DOCTYPE x [<!ENTITY a "b">]>${p.slice(1).join('')}`,
  'entity reference': (p, pick) =>
    p.join('').replace(/>([^<>]+)<\//, `>${pick(['&#49;', '&amp;', '&lt;', '&x;'])}$1</`),
  'control character': (p, pick) => p.join('').replace(/>([^<>]+)<\//, `>$1${pick(ESCAPES)}</`),
  'deep nesting': (p, _pick, n) => {
    const depth = 9 + Math.floor(n() * 190);
    p.splice(2, 0, `${'<a>'.repeat(depth)}1${'</a>'.repeat(depth)}`);
    return p.join('');
  },
  'huge element name': (p, _pick, n) => {
    const name = `n${'x'.repeat(32 + Math.floor(n() * 900_000))}`;
    p.splice(2, 0, `<${name}>1</${name}>`);
    return p.join('');
  },
  'huge text': (p, _pick, n) =>
    p.join('').replace(/>([^<>]+)<\//, `>$1${'9'.repeat(65 + Math.floor(n() * 500_000))}</`),
  'absurd balance': (p, pick, n) =>
    p
      .join('')
      .replace(
        /<balance>[^<]*<\/balance>/,
        `<balance>${pick([`1${'0'.repeat(15 + Math.floor(n() * 40))}`, `1.${'3'.repeat(31 + Math.floor(n() * 30))}`, '1e400', 'Infinity', 'NaN', '0x1F'])}</balance>`,
      ),
  'crowded element': (p) => {
    p.splice(2, 0, '<value>70</value>'.repeat(20));
    return p.join('');
  },
  'stray byte': (p, _pick, n) => {
    const text = p.join('');
    const at = Math.floor(n() * text.length);
    return `${text.slice(0, at)}${String.fromCharCode(Math.floor(n() * 32))}${text.slice(at)}`;
  },
  truncated: (p, _pick, n) => {
    const text = p.join('');
    return text.slice(0, Math.floor(n() * (text.length - 1)));
  },
};

/** `count` documents, about a fifth of them valid. */
export function hostileDocuments(count: number, seed: number): HostileDocument[] {
  const n = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(n() * xs.length)] as T;
  const names = Object.keys(MUTATIONS);
  const out: HostileDocument[] = [];
  for (let i = 0; i < count; i++) {
    const endpoint = n() < 0.6 ? 'balance' : 'settings';
    const parts = endpoint === 'balance' ? balanceParts(pick, n) : settingsParts(pick, n);
    if (n() < 0.2) {
      out.push({ what: 'valid', endpoint, body: Buffer.from(parts.join(''), 'utf8'), valid: true });
      continue;
    }
    const name = pick(names);
    const mutate = MUTATIONS[name] as Mutation;
    out.push({ what: name, endpoint, body: Buffer.from(mutate(parts, pick, n), 'utf8'), valid: false });
  }
  return out;
}

/**
 * What may be passed on to scripts and browsers: after an optional BOM and XML 1.0 / UTF-8
 * declaration, only elements with plain lowercase names (no attributes, no prefixes), nested at
 * most 8 deep, text without markup characters or control characters, and nothing else.
 */
export function exactShape(body: Buffer): string | undefined {
  const text = body.toString('utf8').replace(/^\ufeff/, '');
  const rest = text.replace(
    /^<\?xml version=(["'])1\.0\1( encoding=(["'])utf-8\3)?( standalone=(["'])(yes|no)\5)?\?>/i,
    '',
  );
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(rest)) return 'a control character';
  if (rest.includes('<?')) return 'a processing instruction';
  if (rest.includes('<!')) return 'a comment, CDATA or DOCTYPE';
  if (rest.includes('&')) return 'a reference';
  let depth = 0;
  for (const tag of rest.matchAll(/<[^>]*>/g)) {
    const t = tag[0];
    if (!/^<\/?[a-z]{1,32}\s*\/?>$/.test(t)) return `a tag that is not plain: ${t.slice(0, 40)}`;
    if (t.startsWith('</')) depth--;
    else if (!t.endsWith('/>')) depth++;
    if (depth > 8) return 'nesting deeper than 8';
  }
  return undefined;
}
