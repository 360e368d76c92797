// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseBalanceXml, parseErrorXml, parseSettingsXml } from '../../src-renderer/lib/xml.ts';

const DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe('get_balance XML', () => {
  it('keeps the balance as the exact string', () => {
    const xml = `${DECL}<result>\n  <datetime>2026-11-29 10:35:00</datetime>\n  <balance>4983.8709677419</balance>\n</result>\n`;
    expect(parseBalanceXml(xml)).toEqual({ datetime: '2026-11-29 10:35:00', balance: '4983.8709677419' });
  });
  it('keeps digits a float would lose', () => {
    const xml = `${DECL}<result><datetime>2026-11-29 10:35:00</datetime><balance>12345678901234567.1234567891</balance></result>`;
    expect(parseBalanceXml(xml).balance).toBe('12345678901234567.1234567891');
  });
  it('refuses an answer without a balance', () => {
    expect(() => parseBalanceXml(`${DECL}<result><datetime>x</datetime></result>`)).toThrow(/balance/);
  });
});

describe('get_notification_settings XML', () => {
  it('reads every container (all settings enabled)', () => {
    const xml =
      `${DECL}<notificationsettings><balance><warning><enabled>true</enabled><level>1000</level></warning>` +
      '<summary><value>daily</value><value>monthly</value><value>weekly</value></summary></balance>' +
      '<usagealerts><disk><value>70</value><value>80</value><value>90</value></disk>' +
      '<bandwidth><value>70</value><value>80</value><value>90</value></bandwidth></usagealerts></notificationsettings>';
    expect(parseSettingsXml(xml)).toEqual({
      warning: { enabled: true, level: 1000 },
      summary: ['daily', 'monthly', 'weekly'],
      disk: [70, 80, 90],
      bandwidth: [70, 80, 90],
    });
  });
  it('the only-bandwidth-90 case: no balance element, one value', () => {
    const xml = `${DECL}<notificationsettings><usagealerts><bandwidth><value>90</value></bandwidth></usagealerts></notificationsettings>`;
    const s = parseSettingsXml(xml);
    expect(s.warning).toBeUndefined();
    expect(s).toMatchObject({ summary: [], disk: [], bandwidth: [90] });
  });
  it('a disabled warning with a level, and an empty document', () => {
    const xml = `${DECL}<notificationsettings><balance><warning><enabled>false</enabled><level>500</level></warning></balance></notificationsettings>`;
    expect(parseSettingsXml(xml).warning).toEqual({ enabled: false, level: 500 });
    expect(parseSettingsXml(`${DECL}<notificationsettings/>`)).toEqual({ summary: [], disk: [], bandwidth: [] });
    expect(parseSettingsXml(`${DECL}<notificationsettings></notificationsettings>`)).toEqual({
      summary: [],
      disk: [],
      bandwidth: [],
    });
  });
  it('an enabled warning with no level element', () => {
    const xml = `${DECL}<notificationsettings><balance><warning><enabled>true</enabled></warning></balance></notificationsettings>`;
    expect(parseSettingsXml(xml).warning).toEqual({ enabled: true, level: null });
  });
  it('refuses a document of another kind', () => {
    expect(() => parseSettingsXml(`${DECL}<result/>`)).toThrow(/notificationsettings/);
  });
});

describe('error XML', () => {
  it('reads code and message', () => {
    expect(
      parseErrorXml(`${DECL}<error><code>invalid_key</code><message>the key is not valid</message></error>`),
    ).toEqual({ code: 'invalid_key', message: 'the key is not valid' });
  });
  it('is undefined for other text', () => {
    expect(parseErrorXml('not xml at all')).toBeUndefined();
    expect(parseErrorXml(`${DECL}<result/>`)).toBeUndefined();
  });
});
