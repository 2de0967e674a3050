// Layout of the design space's bar chart (paper 003 Table 4): per approach, its plain LRU
// design's mean read latency beside its best design's. Pure maths from the bars and a size to
// band positions, bar tops and ticks; React renders.
import { scaleBand, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { formatMs } from '../../format/numbers';
import type { Size } from '../useElementSize';

/** One approach's pair of bars. */
export interface ApproachBars {
  approach: string;
  /** Its best design: mean read latency (ms) and the design's name. */
  bestMs: number;
  bestName: string;
  /** Its plain design's (LRU, no optimization), if it has one. */
  plainMs: number | null;
}

export interface LaidApproachBars extends ApproachBars {
  /** The band's left edge: the plain bar starts there, the best bar one bar width right. */
  x0: number;
  /** Each bar's width: half the band. */
  bw: number;
  yBest: number;
  yPlain: number | null;
}

export interface DesignBarsLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** Mean latency (ms), 0 .. a round number above the tallest bar. */
  domainMs: [number, number];
  ticks: { y: number; label: string }[];
  items: LaidApproachBars[];
}

export const DESIGN_BARS_MARGIN = { left: 56, right: 12, top: 12, bottom: 36 };

export function computeDesignBarsLayout(bars: readonly ApproachBars[], { width, height }: Size): DesignBarsLayout {
  const M = DESIGN_BARS_MARGIN;
  const plot = { left: M.left, right: Math.max(M.left + 10, width - M.right), top: M.top, bottom: height - M.bottom };
  const x = scaleBand<string>()
    .domain(bars.map((a) => a.approach))
    .range([plot.left, plot.right])
    .padding(0.3);
  const top = Math.max(...bars.map((a) => Math.max(a.bestMs, a.plainMs ?? 0)));
  const y = scaleLinear()
    .domain([0, top * 1.08])
    .range([plot.bottom, plot.top])
    .nice();
  const bw = x.bandwidth() / 2;
  return {
    width,
    height,
    plot,
    domainMs: y.domain() as [number, number],
    ticks: y.ticks(4).map((t) => ({ y: y(t), label: formatMs(t) })),
    items: bars.map((a) => ({
      ...a,
      x0: x(a.approach)!,
      bw,
      yBest: y(a.bestMs),
      yPlain: a.plainMs === null ? null : y(a.plainMs),
    })),
  };
}

/** `computeDesignBarsLayout`, recomputed only when the bars or the size change. */
export function useDesignBarsLayout(bars: readonly ApproachBars[], size: Size): DesignBarsLayout {
  const { width, height } = size;
  return useMemo(() => computeDesignBarsLayout(bars, { width, height }), [bars, width, height]);
}
