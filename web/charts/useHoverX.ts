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
