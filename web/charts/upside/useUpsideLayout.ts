// Layout of paper 000 Figure 4 as the upside estimator draws it: per equal client and array
// size, the predicted hit fraction (client + array) of an inclusive and an exclusive pair, side
// by side. Pure maths from the predictions and a size to bands, bar tops and ticks; React renders.
import { scaleBand, scaleLinear } from 'd3';
import { useMemo } from 'react';
import type { UpsidePoint } from '../../worker/protocol';
import type { Size } from '../useElementSize';

export interface UpsideBar {
  p: UpsidePoint;
  /** Hit fractions, client + array: inclusive, exclusive. */
  inc: number;
  exc: number;
  /** The band's left edge: the inclusive bar starts there, the exclusive one a bar width right. */
  x0: number;
  /** Each bar's width: half the band. */
  bw: number;
  yi: number;
  ye: number;
}

export interface UpsideLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: UpsideBar[];
  yTicks: { value: number; y: number }[];
}

export const UPSIDE_MARGIN = { top: 22, right: 12, bottom: 40, left: 46 };

export function computeUpsideLayout(points: readonly UpsidePoint[], { width, height }: Size): UpsideLayout {
  const M = UPSIDE_MARGIN;
  const plot = { left: M.left, right: Math.max(M.left + 10, width - M.right), top: M.top, bottom: height - M.bottom };
  const x = scaleBand<number>()
    .domain(points.map((p) => p.client))
    .range([plot.left, plot.right])
    .padding(0.25);
  const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);
  const bw = x.bandwidth() / 2;
  const bars = points.map((p) => {
    const inc = p.inclusive.client + p.inclusive.array;
    const exc = p.exclusive.client + p.exclusive.array;
    const x0 = x(p.client) ?? 0;
    return { p, inc, exc, x0, bw, yi: y(inc), ye: y(exc) };
  });
  return { width, height, plot, bars, yTicks: [0, 0.25, 0.5, 0.75, 1].map((value) => ({ value, y: y(value) })) };
}

/** `computeUpsideLayout`, recomputed only when the predictions or the size change. */
export function useUpsideLayout(points: readonly UpsidePoint[], size: Size): UpsideLayout {
  const { width, height } = size;
  return useMemo(() => computeUpsideLayout(points, { width, height }), [points, width, height]);
}
