// The datetime resolver's own figures (bench/dates.ts belongs to the resolver's owner); this
// section only puts them in the same table, or says they are not available.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Figure, parseTarget } from '../lib/figures.ts';
import { ROOT } from '../lib/procs.ts';

interface DateFigure {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  target?: string;
  note?: string;
}

export async function datesFigures(): Promise<Figure[]> {
  const file = join(ROOT, 'bench', 'dates.ts');
  if (!existsSync(file)) {
    return [
      {
        section: 'dates',
        name: 'datetime resolver',
        value: null,
        unit: '',
        note: 'not available: bench/dates.ts is missing',
      },
    ];
  }
  const mod = (await import(file)) as { benchDates?: () => Promise<DateFigure[]> };
  if (typeof mod.benchDates !== 'function') {
    return [
      {
        section: 'dates',
        name: 'datetime resolver',
        value: null,
        unit: '',
        note: 'not available: bench/dates.ts has no benchDates()',
      },
    ];
  }
  const rows = await mod.benchDates();
  return rows.map((r): Figure => {
    const check = parseTarget(r.target);
    return {
      section: 'dates',
      name: r.name,
      value: Number.isFinite(r.value) ? r.value : null,
      unit: r.unit,
      ...(r.baseline === undefined ? {} : { baseline: r.baseline }),
      ...(r.target === undefined ? {} : { target: r.target }),
      ...(check === undefined ? {} : { check }),
      ...(r.note === undefined ? {} : { note: r.note }),
    };
  });
}
