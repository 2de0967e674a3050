// The pointer's x over a chart (pixels from the SVG's left edge), for hover read-outs: the
// handlers go on the <svg>; null while the pointer is elsewhere.
import { useMemo, useState, type PointerEvent } from 'react';

export function useHoverX() {
  const [x, setX] = useState<number | null>(null);
  const handlers = useMemo(
    () => ({
      onPointerMove: (e: PointerEvent<SVGSVGElement>) => setX(e.clientX - e.currentTarget.getBoundingClientRect().left),
      onPointerLeave: () => setX(null),
    }),
    [],
  );
  return [x, handlers] as const;
}

/**
 * Of the data columns `[value, x]` (x in pixels), the one nearest pixel `px`: what a hover
 * read-out reads off. Null off the plot (by more than 10 px) or with no columns.
 */
export function nearestColumn(
  plot: { left: number; right: number },
  px: number,
  columns: Iterable<readonly [number, number]>,
): { value: number; x: number } | null {
  if (px < plot.left - 10 || px > plot.right + 10) return null;
  let best: { value: number; x: number } | null = null;
  for (const [value, x] of columns) if (!best || Math.abs(x - px) < Math.abs(best.x - px)) best = { value, x };
  return best;
}
