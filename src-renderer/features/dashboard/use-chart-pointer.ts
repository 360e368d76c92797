// Which point of the chart is looked at: the one nearest the pointer over the plot, or, with the
// chart focused, the one the arrow keys stepped to (the first press starts at now; Home and End
// go to the ends; Escape, leaving or blurring the chart puts the tip away). Only a keyboard step
// is announced: a pointer sweeping over two hundred points would flood a screen reader.
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { nearestRow, type Geometry } from './chart-geometry.ts';
import type { ChartRow } from './chart-model.ts';

interface Looking {
  index: number;
  byKeyboard: boolean;
}

export function useChartPointer(rows: readonly ChartRow[], g: Geometry, now: number) {
  const [looking, setLooking] = useState<Looking>();
  const active = looking === undefined ? undefined : rows[looking.index];

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
    const inside = px >= g.plot.left - 4 && px <= g.plot.right + 4;
    const index = inside ? nearestRow(rows, g.timeAt(px)) : undefined;
    setLooking(index === undefined ? undefined : { index, byKeyboard: false });
  };

  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const last = rows.length - 1;
    const atNow = Math.max(
      0,
      rows.findLastIndex((r) => r.t <= now),
    );
    const from = active === undefined ? undefined : looking?.index;
    let index: number | undefined;
    if (e.key === 'ArrowRight') index = from === undefined ? atNow : Math.min(last, from + 1);
    else if (e.key === 'ArrowLeft') index = from === undefined ? atNow : Math.max(0, from - 1);
    else if (e.key === 'Home') index = 0;
    else if (e.key === 'End') index = last;
    else if (e.key === 'Escape' && looking !== undefined) {
      setLooking(undefined);
      e.preventDefault();
      return;
    } else return;
    e.preventDefault();
    if (last >= 0) setLooking({ index, byKeyboard: true });
  };

  const away = () => {
    setLooking(undefined);
  };
  return {
    active,
    announced: looking?.byKeyboard === true ? active : undefined,
    handlers: { onPointerMove, onPointerLeave: away, onBlur: away, onKeyDown },
  };
}
