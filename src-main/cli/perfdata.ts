// Performance data: what monitoring systems (Nagios, Icinga, Naemon, Checkmk) read after the `|`
// of a plugin's line, in the form of the Monitoring Plugins development guidelines:
//   'label'=value[UOM];[warn];[crit];[min];[max]
// space separated; warn and crit are range expressions (`20.00:` alerts below 20.00, `@~:0.00`
// alerts at or below 0.00); empty fields may be left out from the end. A balance is in pounds,
// a plain number (the guidelines have no unit for money), and has no min or max.
import { formatPounds } from '../../src-shared/money/pounds.ts';

export interface PerfItem {
  label: string;
  /** Exact pence of the balance. */
  pence: string;
  /** Whole pence: a warning below it, if a warning level applies. */
  warnBelow: number | null;
  /** Whole pence: critical at or below it. */
  criticalAtOrBelow: number;
}

/** Pounds as a plain number, rounded down to the penny like every shown amount: "-5.00", "1234.56". */
export function poundsNumber(pence: string | number): string {
  return formatPounds(pence).replace(/[£,]/g, '');
}

/**
 * A label as the guidelines allow it: no `=` or `'` (replaced by `_`), no control characters,
 * single quotes around it when it holds a space.
 */
export function perfLabel(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = name.replace(/[='\x00-\x1f\x7f-\x9f]/g, '_').trim() || '_';
  return /\s/.test(clean) ? `'${clean}'` : clean;
}

export function perfItem(item: PerfItem): string {
  const warn = item.warnBelow === null ? '' : `${poundsNumber(item.warnBelow)}:`;
  return `${perfLabel(item.label)}=${poundsNumber(item.pence)};${warn};@~:${poundsNumber(item.criticalAtOrBelow)}`;
}

/** The text after the `|`, or '' when there is nothing to measure. */
export function perfdata(items: readonly PerfItem[]): string {
  return items.map(perfItem).join(' ');
}
