// Layout of a one-parameter sweep's chart: pure maths from the series swept, the values run so
// far (keyed "series@x") and a size to one line with its points per series, and ticks at the
// swept values. d3 computes, React renders; nothing here touches the DOM.
import { extent, line, scaleLinear, scaleLog } from 'd3';
import { seriesStyle } from '../lineDash';
import { useMemo } from 'react';
import type { Size } from '../useElementSize';
import { nearestColumn } from '../useHoverX';

/** What the chart needs of a sweep: its axes, how to label values, and each series' x values. */
export interface SweepChartSpec {
  xLabel: string;
  logX: boolean;
  yLabel: string;
  /** A measured value as the y axis and the read-out show it. */
  format: (y: number) => string;
  /** A swept value as the x axis labels it ("10", "30 %", "5/16"). */
  xTick: (x: number) => string;
  /** The swept value's unit after its label in the read-out (" Mbit/s"), if any. */
  xUnit?: string;
  /**
   * Every series sweeps the same x values (the first's give the ticks). A series with `colourOf`
   * is drawn dashed in the colour of the series at that index: the same thing under a baseline.
   */
  series: readonly { name: string; points: readonly { x: number }[]; colourOf?: number }[];
}

export interface SweepLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  series: {
    name: string;
    colour: string;
    dash?: string;
    d: string;
    xy: { cx: number; cy: number; x: number; y: number }[];
  }[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
}

/** The most labelled ticks on the x axis (a sweep may have up to 24 points). */
const MAX_X_TICKS = 12;

/** A baseline's line beside the line it is paired with: the same colour, dashed. */
const PAIRED_DASH = '7 4';

export const SWEEP_MARGIN = { left: 64, right: 30, top: 14, bottom: 40 };

/** The chart of `spec` with the values run so far (keyed "series@x"). */
export function computeSweepLayout(
  spec: SweepChartSpec,
  values: Record<string, number>,
  { width, height }: Size,
): SweepLayout {
  const M = SWEEP_MARGIN;
  const plot = { left: M.left, right: Math.max(M.left + 10, width - M.right), top: M.top, bottom: height - M.bottom };
  const xs = spec.series[0].points.map((p) => p.x);
  const ys = Object.values(values);
  const [x0, x1] = extent(xs) as [number, number];
  const x = (spec.logX ? scaleLog() : scaleLinear()).domain([x0, x1]).range([plot.left, plot.right]);
  const yMax = ys.length ? Math.max(...ys) : 1;
  const y = scaleLinear()
    .domain([0, yMax * 1.08 || 1])
    .range([plot.bottom, plot.top])
    .nice();
  const series = spec.series.map((s, i) => {
    const pts = s.points.flatMap((p) =>
      values[`${s.name}@${p.x}`] === undefined ? [] : [[p.x, values[`${s.name}@${p.x}`]] as [number, number]],
    );
    return {
      name: s.name,
      colour: seriesStyle(s.colourOf ?? i).color,
      dash: s.colourOf === undefined ? seriesStyle(i).dash : PAIRED_DASH,
      d:
        line<[number, number]>()
          .x((p) => x(p[0]))
          .y((p) => y(p[1]))(pts) ?? '',
      xy: pts.map((p) => ({ cx: x(p[0]), cy: y(p[1]), x: p[0], y: p[1] })),
    };
  });
  return {
    width,
    height,
    plot,
    series,
    // A tick per swept value, or every other one (and so on) past MAX_X_TICKS: labels stay apart.
    xTicks: xs
      .filter((_, i) => i % Math.ceil(xs.length / MAX_X_TICKS) === 0)
      .map((v) => ({ x: x(v), label: spec.xTick(v) })),
    yTicks: y.ticks(4).map((v) => ({ y: y(v), label: spec.format(v) })),
  };
}

/**
 * The hover read-out at pixel `px`: the swept value nearest it among the points run so far, and
 * each series' point there (a series not yet run at it is left out). Null off the plot.
 */
export function nearestSwept(
  layout: SweepLayout,
  px: number,
): { x: number; cx: number; points: { name: string; colour: string; y: number; cy: number }[] } | null {
  const best = nearestColumn(
    layout.plot,
    px,
    layout.series.flatMap((s) => s.xy.map((p) => [p.x, p.cx] as const)),
  );
  if (!best) return null;
  const { value: x, x: cx } = best;
  const points = layout.series.flatMap((s) =>
    s.xy.filter((p) => p.x === x).map((p) => ({ name: s.name, colour: s.colour, y: p.y, cy: p.cy })),
  );
  return { x, cx, points };
}

/** `computeSweepLayout`, recomputed only when the sweep, its values or the size change. */
export function useSweepLayout(spec: SweepChartSpec, values: Record<string, number>, size: Size): SweepLayout {
  const { width, height } = size;
  return useMemo(() => computeSweepLayout(spec, values, { width, height }), [spec, values, width, height]);
}
