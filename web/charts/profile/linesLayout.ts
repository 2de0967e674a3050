// Layout of a trace analysis' line charts: a few series of (x, y) points on linear or log axes
// (popularity by rank, log–log; the load over time, linear). Pure maths; React renders.
import { line, scaleLinear, scaleLog } from 'd3';
import { useMemo } from 'react';
import type { Plot } from '../ChartAxes';
import { seriesStyle } from '../lineDash';
import type { Size } from '../useElementSize';

export interface LineSeries {
  name: string;
  points: readonly { x: number; y: number }[];
}

export interface LinesSpec {
  series: readonly LineSeries[];
  xLog: boolean;
  yLog: boolean;
  xTick: (v: number) => string;
  yTick: (v: number) => string;
}

export interface LaidSeries {
  name: string;
  color: string;
  dash?: string;
  d: string;
  xy: { x: number; y: number; cx: number; cy: number }[];
}

export interface LinesLayout {
  width: number;
  height: number;
  plot: Plot;
  series: LaidSeries[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
}

export const LINES_MARGIN = { left: 60, right: 14, top: 10, bottom: 36 };

function scale(log: boolean, values: number[], range: [number, number]) {
  // A log axis shows positive values only (a count of 0 has no place on it).
  const shown = log ? values.filter((v) => v > 0) : values;
  const lo = shown.length ? Math.min(...shown) : 1;
  const hi = shown.length ? Math.max(...shown) : 1;
  if (log)
    return scaleLog()
      .domain([lo, Math.max(hi, lo * 10)])
      .range(range)
      .nice();
  return scaleLinear()
    .domain([Math.min(0, lo), hi > lo ? hi : lo + 1])
    .range(range)
    .nice();
}

/** Log-axis ticks: the powers of ten in the domain (d3's own are too many to label). */
function powerTicks(domain: number[]): number[] {
  const [lo, hi] = domain;
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); 10 ** e <= hi * 1.0001; e++) if (10 ** e >= lo * 0.9999) out.push(10 ** e);
  return out.length > 7 ? out.filter((_, i) => i % Math.ceil(out.length / 7) === 0) : out;
}

export function computeLinesLayout(spec: LinesSpec, { width, height }: Size): LinesLayout {
  const M = LINES_MARGIN;
  const plot = { left: M.left, right: Math.max(M.left + 10, width - M.right), top: M.top, bottom: height - M.bottom };
  const all = spec.series.flatMap((s) => s.points);
  const x = scale(
    spec.xLog,
    all.map((p) => p.x),
    [plot.left, plot.right],
  );
  const y = scale(
    spec.yLog,
    all.map((p) => p.y),
    [plot.bottom, plot.top],
  );
  const shown = (p: { x: number; y: number }) => (!spec.xLog || p.x > 0) && (!spec.yLog || p.y > 0);
  const xTicks = spec.xLog ? powerTicks(x.domain()) : x.ticks(6);
  const yTicks = spec.yLog ? powerTicks(y.domain()) : y.ticks(4);
  return {
    width,
    height,
    plot,
    series: spec.series.map((s, i) => {
      const xy = s.points.filter(shown).map((p) => ({ ...p, cx: x(p.x), cy: y(p.y) }));
      const path = line<{ cx: number; cy: number }>()
        .x((p) => p.cx)
        .y((p) => p.cy);
      const style = seriesStyle(i);
      return { name: s.name, color: style.color, dash: style.dash, d: path(xy) ?? '', xy };
    }),
    xTicks: xTicks.map((t) => ({ x: x(t), label: spec.xTick(t) })),
    yTicks: yTicks.map((t) => ({ y: y(t), label: spec.yTick(t) })),
  };
}

export function useLinesLayout(spec: LinesSpec, size: Size): LinesLayout {
  const { width, height } = size;
  return useMemo(() => computeLinesLayout(spec, { width, height }), [spec, width, height]);
}
