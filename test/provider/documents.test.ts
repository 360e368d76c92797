// The provider's answers are read strictly: the spec's shapes, nothing else.
import { describe, expect, it } from 'vitest';
import { readBalanceDocument, readSettingsDocument } from '../../src-main/provider/documents.ts';
import { ProviderError } from '../../src-main/provider/errors.ts';

const b = (s: string): Buffer => Buffer.from(s, 'utf8');
const balance = (dt: string, bal: string, extra = ''): Buffer =>
  b(
    `<?xml version="1.0" encoding="UTF-8"?>\n<result>\n  <datetime>${dt}</datetime>\n  <balance>${bal}</balance>${extra}\n</result>`,
  );

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).code).toBe('provider_bad_answer');
    return (err as ProviderError).message;
  }
  throw new Error('expected a refusal');
}

describe('balance documents', () => {
  it('keeps the datetime and balance text exactly as sent', () => {
    expect(readBalanceDocument(balance('2026-11-29 10:35:00', '4983.8709677419000'))).toEqual({
      datetime: '2026-11-29 10:35:00',
      balance: '4983.8709677419000',
    });
    expect(readBalanceDocument(balance('2026-11-29 10:35:00', '-0.5'))).toEqual({
      datetime: '2026-11-29 10:35:00',
      balance: '-0.5',
    });
    expect(
      readBalanceDocument(b('<result><balance>12</balance><datetime>2026-01-01 00:00:00</datetime></result>')).balance,
    ).toBe('12');
  });

  it.each([
    ['1e5'],
    ['12,5'],
    ['NaN'],
    [''],
    ['+12'],
    ['12.'],
    ['.5'],
    ['Infinity'],
    ['0x10'],
    ['&#49;2'],
    ['12 pence'],
  ])('refuses the balance %j', (bal) => {
    expect(refusal(() => readBalanceDocument(balance('2026-11-29 10:35:00', bal)))).toMatch(/balance/);
  });

  it.each([
    ['2026-11-29'],
    ['2026-11-29T10:35:00'],
    ['29/11/2026 10:35:00'],
    ['2026-13-01 00:00:00'],
    ['2026-11-29 24:00:00'],
    ['2026-02-30 00:00:00'],
    ['2026-02-29 00:00:00'],
    [''],
  ])('refuses the datetime %j', (dt) => {
    expect(refusal(() => readBalanceDocument(balance(dt, '1')))).toMatch(/datetime/);
  });

  it('refuses wrong roots, missing, repeated and extra fields', () => {
    expect(refusal(() => readBalanceDocument(b('<error><code>x</code></error>')))).toMatch(/root/);
    expect(refusal(() => readBalanceDocument(b('<result><datetime>2026-01-01 00:00:00</datetime></result>')))).toMatch(
      /no <balance>/,
    );
    expect(refusal(() => readBalanceDocument(balance('2026-01-01 00:00:00', '1', '<balance>2</balance>')))).toMatch(
      /twice/,
    );
    expect(refusal(() => readBalanceDocument(balance('2026-01-01 00:00:00', '1', '<currency>GBP</currency>')))).toMatch(
      /unexpected element <currency>/,
    );
    expect(
      refusal(() =>
        readBalanceDocument(b('<result><datetime>2026-01-01 00:00:00</datetime><balance><x>1</x></balance></result>')),
      ),
    ).toMatch(/elements where text/);
    expect(refusal(() => readBalanceDocument(b('<result></result><result></result>')))).toMatch(/exactly one root/);
  });

  it('refuses what is not XML at all, DOCTYPEs and bad UTF-8', () => {
    expect(refusal(() => readBalanceDocument(b('<!doctype html><html><body>Login</body></html>')))).toMatch(/DOCTYPE/);
    expect(refusal(() => readBalanceDocument(b('{"balance": 12}')))).toMatch(/well-formed/);
    expect(refusal(() => readBalanceDocument(b('')))).toMatch(/empty/);
    expect(
      refusal(() => readBalanceDocument(b('<result><datetime>2026-01-01 00:00:00</datetime><balance>1</balance>'))),
    ).toMatch(/well-formed/);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><result><datetime>2026-01-01 00:00:00</datetime><balance>&lol2;</balance></result>';
    expect(refusal(() => readBalanceDocument(b(laughs)))).toMatch(/DOCTYPE/);
    expect(refusal(() => readBalanceDocument(Buffer.from([0x3c, 0x72, 0x3e, 0xff, 0x3c, 0x2f, 0x72, 0x3e])))).toMatch(
      /UTF-8/,
    );
  });
});

describe('settings documents', () => {
  it('reads every container and the empty document', () => {
    const all =
      '<notificationsettings><balance><warning><enabled>true</enabled><level>2000</level></warning><summary><value>weekly</value><value>daily</value></summary></balance><usagealerts><disk><value>90</value><value>70</value></disk><bandwidth><value>80</value></bandwidth></usagealerts></notificationsettings>';
    expect(readSettingsDocument(b(all))).toEqual({
      warningEnabled: true,
      warningLevel: 2000,
      summary: ['daily', 'weekly'],
      disk: [70, 90],
      bandwidth: [80],
    });
    expect(
      readSettingsDocument(b('<?xml version="1.0" encoding="UTF-8"?>\n<notificationsettings></notificationsettings>')),
    ).toEqual({ warningEnabled: false, warningLevel: null, summary: [], disk: [], bandwidth: [] });
    expect(
      readSettingsDocument(
        b(
          '<notificationsettings><balance><warning><enabled>false</enabled><level></level></warning></balance></notificationsettings>',
        ),
      ).warningLevel,
    ).toBeNull();
  });

  it.each([
    [
      '<notificationsettings><balance><warning><enabled>yes</enabled></warning></balance></notificationsettings>',
      /true or false/,
    ],
    [
      '<notificationsettings><balance><warning><level>10</level></warning></balance></notificationsettings>',
      /no <enabled>/,
    ],
    [
      '<notificationsettings><balance><warning><enabled>true</enabled><level>10.5</level></warning></balance></notificationsettings>',
      /whole number/,
    ],
    [
      '<notificationsettings><balance><summary><value>hourly</value></summary></balance></notificationsettings>',
      /hourly/,
    ],
    ['<notificationsettings><usagealerts><disk><value>75</value></disk></usagealerts></notificationsettings>', /75/],
    ['<notificationsettings><usagealerts><cpu><value>70</value></cpu></usagealerts></notificationsettings>', /<cpu>/],
    ['<notificationsettings><email>a@b</email></notificationsettings>', /<email>/],
    ['<result><datetime>2026-01-01 00:00:00</datetime><balance>1</balance></result>', /root/],
  ])('refuses %s', (doc, message) => {
    expect(refusal(() => readSettingsDocument(b(doc)))).toMatch(message);
  });
});
