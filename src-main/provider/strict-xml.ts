// The one XML reader for a provider's answers. The spec's documents use a tiny part of XML: an
// optional declaration, then elements with plain names holding elements or short text. This
// reader accepts exactly that part and refuses everything else by construction: attributes,
// namespaces, processing instructions (terminal escapes can hide in one), comments, CDATA,
// DOCTYPEs and entities, character references, control characters, deep nesting, long names,
// long text and crowded elements. So a document it accepts is, byte for byte, safe to pass on
// to scripts and browsers. A general parser would have to be told about each of those features
// (and has limits of its own that throw); one pass of indexOf over at most 1 MiB is linear.
import { providerText } from '../../src-shared/quote.ts';

/** Throws the refusal of a document, saying what is wrong with it. */
export type Refuse = (what: string) => never;

/** A name or value from the document as a message may quote it: short and inert. */
export function quoteName(text: string): string {
  return providerText(text, 40);
}

/** One element: its name, its child elements in order, and its text (whitespace between children left out). */
export interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

/** How far a provider's document may go; the spec's own go 4 deep, names of 20 letters, text of about 20. */
export const XML_LIMITS = { depth: 8, nameLength: 32, textLength: 64, children: 16 } as const;

// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`: the declaration, and nothing else that starts `<?`.
const DECLARATION =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[Uu][Tt][Ff]-8\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?>/;
const NON_SPACE = /[^ \t\r\n]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46 // a-z A-Z 0-9 _ - .
  );
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** What `<!...` opens, in words. */
function declarationKind(text: string, at: number): string {
  if (text.startsWith('<!--', at)) return 'a comment';
  if (text.startsWith('<![CDATA[', at)) return 'a CDATA section';
  const word = text.slice(at + 2, at + 9).toUpperCase();
  if (word.startsWith('DOCTYPE') || word.startsWith('ENTITY'))
    return 'a DOCTYPE or entity declaration, which is never accepted';
  return 'a markup declaration (<!...)';
}

/** Reads the name starting at `from`; its end index, at most one past the longest name allowed. */
function nameEnd(text: string, from: number): number {
  const last = Math.min(text.length, from + XML_LIMITS.nameLength + 1);
  let j = from;
  while (j < last && isNameChar(text.charCodeAt(j))) j++;
  return j;
}

/**
 * The root element of `text`, read strictly (see above); `refuse` throws with the reason. Text
 * runs are kept only inside elements and only up to the text limit.
 */
export function readStrictXml(text: string, refuse: Refuse): XmlElement {
  let i = 0;
  const declaration = DECLARATION.exec(text);
  if (declaration !== null) i = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const runEnd = lt === -1 ? n : lt;
    if (runEnd > i) addText(text, i, runEnd, stack.at(-1), refuse);
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    if (next === 63 /* ? */) refuse('it has a processing instruction (<?...?>) besides the XML declaration');
    if (next === 33 /* ! */) refuse(`it has ${declarationKind(text, lt)}`);
    if (next === 47 /* / */) {
      const end = nameEnd(text, lt + 2);
      const name = text.slice(lt + 2, end);
      let j = end;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== 62 /* > */) refuse(`it is not well-formed XML (a broken end tag ${quoteName(name)})`);
      const open = stack.pop();
      if (open?.name !== name) refuse(`it is not well-formed XML (</${quoteName(name)}> closes nothing open)`);
      i = j + 1;
      continue;
    }
    const end = nameEnd(text, lt + 1);
    const name = text.slice(lt + 1, end);
    if (name === '' || !/^[A-Za-z_]/.test(name)) refuse('it is not well-formed XML (a "<" that starts no element)');
    if (name.length > XML_LIMITS.nameLength)
      refuse(`it has an element name longer than ${XML_LIMITS.nameLength} characters (${quoteName(name)})`);
    if (text.charCodeAt(end) === 58 /* : */) refuse(`it uses a namespace prefix (<${quoteName(name)}:...>)`);
    let j = end;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    const selfClosing = text.charCodeAt(j) === 47 && text.charCodeAt(j + 1) === 62;
    if (!selfClosing && text.charCodeAt(j) !== 62) {
      if (j > end && j < n && text.charCodeAt(j) !== 47)
        refuse(`it has attributes on <${quoteName(name)}> (the spec's elements have none)`);
      refuse(`it is not well-formed XML (a broken tag <${quoteName(name)}>)`);
    }
    const element: XmlElement = { name, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent === undefined) {
      if (root !== undefined) refuse('it does not have exactly one root element');
      root = element;
    } else {
      if (parent.children.length >= XML_LIMITS.children)
        refuse(`it has more than ${XML_LIMITS.children} elements in <${quoteName(parent.name)}>`);
      parent.children.push(element);
    }
    if (!selfClosing) {
      if (stack.length >= XML_LIMITS.depth) refuse(`it has elements nested more than ${XML_LIMITS.depth} deep`);
      stack.push(element);
    }
    i = j + (selfClosing ? 2 : 1);
  }
  if (stack.length > 0) refuse(`it is not well-formed XML (<${quoteName(stack.at(-1)?.name ?? '')}> is never closed)`);
  if (root === undefined) refuse(text.trim() === '' ? 'it is empty' : 'it is not well-formed XML (no root element)');
  return root;
}

/**
 * Text between tags (`text` from `from` to `to`): only inside an element, not much of it, plain
 * characters only. Whitespace between elements is skipped without copying it; a long run is
 * refused by its length before any of it is looked at.
 */
function addText(text: string, from: number, to: number, into: XmlElement | undefined, refuse: Refuse): void {
  NON_SPACE.lastIndex = from;
  const first = NON_SPACE.exec(text);
  if (first === null || first.index >= to) return;
  if (into === undefined) refuse('it is not well-formed XML (text outside the root element)');
  if (into.text.length + (to - from) > XML_LIMITS.textLength)
    refuse(`it has more than ${XML_LIMITS.textLength} characters of text in <${quoteName(into.name)}>`);
  const run = text.slice(from, to);
  if (run.includes('&')) refuse(`it has an entity or character reference in <${quoteName(into.name)}>`);
  if (CONTROL.test(run)) refuse(`it has a control character in <${quoteName(into.name)}>`);
  into.text += run;
}
