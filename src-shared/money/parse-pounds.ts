// Money as people type it: pounds ("25", "25.00", "£25", "£1,250.50", "-£5" where a sign is
// allowed) or, with a trailing "p", pence ("50p"). The answer is exact whole pence as decimal
// text, never through a float, ready for the API, the CSV format and the CLI (which keep pence).
import { accepted, refused, type Checked } from '../checked.ts';
import { MAX_AMOUNT_PENCE } from './decimal.ts';

/** Whole pence as decimal text, or what is wrong with the amount as typed. */
export type ParsedPounds = Checked<string>;

export interface PoundsRules {
  /** A minus sign is allowed (an adjustment that takes money away). */
  signed?: boolean;
  /** Zero is allowed (a warning level of £0). */
  zero?: boolean;
}

const EXAMPLE = 'for example 25, 25.00, £25 or £1,250.50';
// Whole pounds with or without thousands commas (every group after the first exactly three digits).
const WHOLE = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/;

function fail(message: string): ParsedPounds {
  return refused(message);
}

/** Pence of a "50p" or "12.5p" amount typed as pence: whole pence only, like pounds. */
function pencePart(text: string): ParsedPounds | undefined {
  const m = /^(\d+)p$/i.exec(text);
  if (m?.[1] !== undefined) return accepted(BigInt(m[1]).toString());
  if (/^\d*\.\d+p$/i.test(text)) return fail('Use whole pence with "p" (50p), or pounds (0.50).');
  return undefined;
}

/** Reads an amount typed in pounds; see the file's comment for what is taken. */
export function parsePounds(input: string, rules: PoundsRules = {}): ParsedPounds {
  let text = input
    .trim()
    .replace(/\s+/g, '')
    .replace(/\u2212/g, '-');
  if (text === '') return fail(`Enter an amount in pounds, ${EXAMPLE}.`);
  let negative = false;
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = text.startsWith('-');
    text = text.slice(1);
  }
  if (text.startsWith('£')) text = text.slice(1);
  if (!negative && text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  if (negative && rules.signed !== true)
    return fail('Enter the amount without a minus sign; the kind says which way it goes.');
  let pence: bigint;
  const asPence = pencePart(text);
  if (asPence !== undefined) {
    if (!asPence.ok) return asPence;
    pence = BigInt(asPence.value);
  } else {
    const [whole = '', fraction, extra] = text.split('.');
    if (extra !== undefined || (whole === '' && (fraction ?? '') === ''))
      return fail(`That is not an amount in pounds: ${EXAMPLE}.`);
    if (whole !== '' && !WHOLE.test(whole)) {
      return fail(
        whole.includes(',')
          ? 'Put commas only between groups of three digits (1,250.50), or leave them out.'
          : `That is not an amount in pounds: ${EXAMPLE}.`,
      );
    }
    if (fraction !== undefined && !/^\d*$/.test(fraction)) return fail(`That is not an amount in pounds: ${EXAMPLE}.`);
    if (fraction !== undefined && fraction.length > 2)
      return fail('Use at most two decimal places: pounds and pence (25.50).');
    const pounds = whole === '' ? 0n : BigInt(whole.replace(/,/g, ''));
    pence = pounds * 100n + BigInt((fraction ?? '').padEnd(2, '0'));
  }
  if (pence === 0n && rules.zero !== true) return fail('Enter an amount above zero.');
  if (pence > MAX_AMOUNT_PENCE) return fail('That amount is too large.');
  return accepted(`${negative && pence !== 0n ? '-' : ''}${pence.toString()}`);
}

/** Whole pence as the pounds a field shows for editing: 1000 -> "10.00", 5 -> "0.05". */
export function penceToPoundsText(pence: number | bigint): string {
  const p = BigInt(pence);
  const abs = p < 0n ? -p : p;
  return `${p < 0n ? '-' : ''}${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(2, '0')}`;
}
