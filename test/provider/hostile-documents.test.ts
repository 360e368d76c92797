// A hostile provider's documents (issue 26): everything outside the spec's exact shape is a
// `provider_bad_answer` with a short, inert message, whatever the parser would have made of it.
import { describe, expect, it } from 'vitest';
import { readBalanceDocument, readSettingsDocument } from '../../src-main/provider/documents.ts';
import { ProviderError } from '../../src-main/provider/errors.ts';
import { XML_LIMITS } from '../../src-main/provider/strict-xml.ts';
import { MAX_PROVIDER_TEXT } from '../../src-shared/quote.ts';

const DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';
const b = (s: string): Buffer => Buffer.from(s, 'utf8');
const balanceDoc = (inner: string): Buffer => b(`${DECL}<result>${inner}</result>`);
const fields = (bal = '1', dt = '2026-11-29 10:35:00'): string => `<datetime>${dt}</datetime><balance>${bal}</balance>`;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function refusal(read: () => unknown): string {
  let caught: unknown;
  try {
    read();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ProviderError);
  const e = caught as ProviderError;
  expect(e.code).toBe('provider_bad_answer');
  expect(e.message.length).toBeLessThanOrEqual(MAX_PROVIDER_TEXT);
  expect(e.message).not.toMatch(CONTROL);
  return e.message;
}

describe('the exact shape: every other XML feature is refused', () => {
  it.each([
    [
      'XHTML namespace and event attributes',
      `<result xmlns="http://www.w3.org/1999/xhtml"><datetime tabindex="0" autofocus="" onfocus="alert(1)">2026-11-29 10:35:00</datetime><balance>1</balance></result>`,
      /attributes/,
    ],
    ['an attribute', `<result>${fields().replace('<balance>', '<balance unit="p">')}</result>`, /attributes/],
    ['a namespace prefix', `<x:result xmlns:x="urn:x">${fields()}</x:result>`, /namespace/],
    ['a prefixed child', `<result><h:script>1</h:script>${fields()}</result>`, /namespace/],
    ['a comment', `<result><!-- hi -->${fields()}</result>`, /comment/],
    ['a CDATA section', `<result>${fields('<![CDATA[1]]>')}</result>`, /CDATA/],
    ['a DOCTYPE', `<!DOCTYPE result><result>${fields()}</result>`, /DOCTYPE/],
    [
      'a processing instruction',
      `<?xml-stylesheet href="x.xsl"?><result>${fields()}</result>`,
      /processing instruction/,
    ],
    [
      'terminal escapes in a processing instruction',
      `<?x \u001b]0;pwned\u0007\u001b[2J fake ?><result>${fields()}</result>`,
      /processing instruction/,
    ],
    ['an entity reference', `<result>${fields('&#49;')}</result>`, /reference/],
    ['a control character in text', `<result>${fields('1\u001b[2J')}</result>`, /control character/],
    ['text outside the root', `<result>${fields()}</result>trailing`, /outside the root/],
    ['two roots', `<result>${fields()}</result><result>${fields()}</result>`, /exactly one root/],
    ['an unclosed element', `<result>${fields()}`, /never closed/],
    ['a stray end tag', `<result>${fields()}</balance></result>`, /closes nothing/],
  ])('%s', (_what, doc, message) => {
    expect(refusal(() => readBalanceDocument(b(`${DECL}${doc}`)))).toMatch(message);
  });

  it('a declaration other than the XML 1.0 / UTF-8 one is refused; a BOM, no declaration and self-closing elements are fine', () => {
    expect(refusal(() => readBalanceDocument(b(`<?xml version="1.1"?><result>${fields()}</result>`)))).toMatch(
      /processing instruction/,
    );
    expect(
      refusal(() => readBalanceDocument(b(`<?xml version="1.0" encoding="ISO-8859-1"?><result>${fields()}</result>`))),
    ).toMatch(/processing instruction/);
    expect(readBalanceDocument(b(`\ufeff${DECL}<result>${fields('12.5')}</result>`)).balance).toBe('12.5');
    expect(readBalanceDocument(b(`<result>${fields('7')}</result>`)).balance).toBe('7');
    expect(
      readSettingsDocument(
        b(
          `${DECL}<notificationsettings><balance><warning><enabled>false</enabled><level/></warning></balance></notificationsettings>`,
        ),
      ),
    ).toMatchObject({ warningEnabled: false, warningLevel: null });
  });

  it(`nesting deeper than ${XML_LIMITS.depth} is a bad answer, never the parser's own error (150 deep)`, () => {
    const deep = `${'<a>'.repeat(150)}x${'</a>'.repeat(150)}`;
    expect(refusal(() => readBalanceDocument(balanceDoc(`${fields()}${deep}`)))).toMatch(/nested more than 8/);
    expect(refusal(() => readSettingsDocument(b(`<notificationsettings>${deep}</notificationsettings>`)))).toMatch(
      /nested/,
    );
  });

  it('a 900 KB element name is refused in a short message', () => {
    const name = `n${'x'.repeat(900_000)}`;
    const message = refusal(() => readBalanceDocument(balanceDoc(`${fields()}<${name}>1</${name}>`)));
    expect(message).toMatch(/element name longer than 32/);
    expect(message.length).toBeLessThan(200);
  });

  it('long text, and crowded elements, are refused', () => {
    expect(refusal(() => readBalanceDocument(balanceDoc(fields(`1${'0'.repeat(100)}`))))).toMatch(/characters of text/);
    const many = '<value>70</value>'.repeat(XML_LIMITS.children + 1);
    expect(
      refusal(() =>
        readSettingsDocument(
          b(`<notificationsettings><usagealerts><disk>${many}</disk></usagealerts></notificationsettings>`),
        ),
      ),
    ).toMatch(/more than 16 elements/);
  });
});

describe('balances are bounded before they are numbers', () => {
  it('a 1 followed by 400 zeros is a bad answer (it would be Infinity)', () => {
    // Inside the text limit too: 15 whole digits is the bound, whatever the element's room.
    expect(refusal(() => readBalanceDocument(balanceDoc(fields(`1${'0'.repeat(15)}`))))).toMatch(
      /more than 15 digits before the point/,
    );
    expect(refusal(() => readBalanceDocument(balanceDoc(fields(`1${'0'.repeat(400)}`))))).toMatch(/text/);
  });

  it('a million-digit fraction is refused at once', () => {
    expect(refusal(() => readBalanceDocument(balanceDoc(fields(`1.${'3'.repeat(31)}`))))).toMatch(
      /more than 30 digits after the point/,
    );
    expect(refusal(() => readBalanceDocument(balanceDoc(fields(`1.${'3'.repeat(1_000_000)}`))))).toMatch(/text/);
  });

  it('the largest plausible balance and a long fraction within bounds are kept as written', () => {
    const big = `-${'9'.repeat(15)}.${'1'.repeat(30)}`;
    const doc = balanceDoc(fields(big));
    expect(readBalanceDocument(doc).balance).toBe(big);
    expect(Number.isFinite(Number(big))).toBe(true);
  });

  it('whitespace other than XML whitespace around a value is not trimmed away', () => {
    expect(refusal(() => readBalanceDocument(balanceDoc(fields('\u00a012'))))).toMatch(/plain decimal/);
    expect(readBalanceDocument(balanceDoc(fields('\n  12\t'))).balance).toBe('12');
  });
});

describe('messages', () => {
  it('quote at most 40 characters of what the provider wrote, without direction overrides', () => {
    const message = refusal(() =>
      readBalanceDocument(balanceDoc(fields('1', `2026-11-29 10:35:00\u202e2J${'y'.repeat(30)}`))),
    );
    expect(message).toMatch(/the datetime "2026-11-29 10:35:00 2Jy{17}…" is not/);
    expect(message).not.toContain('\u202e');
  });

  it('a ProviderError made from a long, escaped text keeps a cut, inert message', () => {
    const e = new ProviderError('provider_bad_answer', `bad \u001b]0;title\u0007 ${'z'.repeat(5_000)}`);
    expect(e.message.length).toBe(MAX_PROVIDER_TEXT);
    expect(e.message).not.toMatch(CONTROL);
    expect(e.message.endsWith('…')).toBe(true);
  });
});
