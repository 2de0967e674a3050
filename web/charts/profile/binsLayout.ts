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

/**
 * The bins from the first to the last with the empty ones between put back (a report leaves
 * them out): each bin's upper edge is the next one's lower, so a gap is a run of doublings.
 */
export function withEmptyBins(bins: readonly BinCount[]): BinCount[] {
  const out: BinCount[] = [];
  for (const b of [...bins].sort((x, y) => x.from - y.from)) {
    const last = out[out.length - 1];
    if (last) {
      let edge = last.to;
      // Below 1e-9 relative, two edges are the same power of two (scaled bins carry rounding).
      while (edge < b.from * (1 - 1e-9) && out.length < 200) {
        out.push({ from: edge, to: edge * 2, count: 0 });
        edge *= 2;
      }
    }
    out.push(b);
  }
  return out;
}

/** `powers`: the bins double (their empty ones are put back); else they are drawn as given. */
export function computeBinsLayout(
  given: readonly BinCount[],
  label: (v: number) => string,
  { width, height }: Size,
  powers = true,
) {
  const bins = powers ? withEmptyBins(given) : [...given];
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

export function useBinsLayout(
  bins: readonly BinCount[],
  label: (v: number) => string,
  size: Size,
  powers: boolean,
): BinsLayout {
  const { width, height } = size;
  return useMemo(() => computeBinsLayout(bins, label, { width, height }, powers), [bins, label, width, height, powers]);
}
