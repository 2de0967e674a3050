// Layout of a power-of-two distribution (a trace's reuse distances, sizes, runs): one bar per
// bin, equal widths (each bin doubles the one before: equal on a log scale), its height the
// bin's share of the whole. Pure maths from the bins and a size; React renders.
import { scaleBand, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { formatPercent } from '../../format/numbers';
import type { Plot } from '../ChartAxes';
import type { Size } from '../useElementSize';

export interface BinCount {
  from: number;
  to: number;
  count: number;
}

export interface LaidBin extends BinCount {
  share: number;
  x: number;
  y: number;
  w: number;
}

export interface BinsLayout {
  width: number;
  height: number;
  plot: Plot;
  bars: LaidBin[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
}

export const BINS_MARGIN = { left: 52, right: 12, top: 10, bottom: 36 };

/** At most this many x labels; the rest of the bins go unlabelled between them. */
const X_LABELS = 8;

/** The bins as the engine reports them: a power-of-two distribution has its empty bins too. */
export function computeBinsLayout(bins: readonly BinCount[], label: (v: number) => string, { width, height }: Size) {
  const M = BINS_MARGIN;
  const plot = { left: M.left, right: Math.max(M.left + 10, width - M.right), top: M.top, bottom: height - M.bottom };
  const total = bins.reduce((s, b) => s + b.count, 0);
  const x = scaleBand<number>()
    .domain(bins.map((_, i) => i))
    .range([plot.left, plot.right])
    .padding(0.12);
  const top = Math.max(0.01, ...bins.map((b) => (total > 0 ? b.count / total : 0)));
  const y = scaleLinear().domain([0, top]).range([plot.bottom, plot.top]).nice();
  const every = Math.max(1, Math.ceil(bins.length / X_LABELS));
  const layout: BinsLayout = {
    width,
    height,
    plot,
    bars: bins.map((b, i) => {
      const share = total > 0 ? b.count / total : 0;
      return { ...b, share, x: x(i)!, w: x.bandwidth(), y: y(share) };
    }),
    xTicks: bins
      .map((b, i) => ({ i, b }))
      .filter(({ i }) => i % every === 0)
      .map(({ i, b }) => ({ x: x(i)! + x.bandwidth() / 2, label: label(b.from) })),
    yTicks: y.ticks(4).map((t) => ({ y: y(t), label: formatPercent(t) })),
  };
  return layout;
}

export function useBinsLayout(bins: readonly BinCount[], label: (v: number) => string, size: Size): BinsLayout {
  const { width, height } = size;
  return useMemo(() => computeBinsLayout(bins, label, { width, height }), [bins, label, width, height]);
}
