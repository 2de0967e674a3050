// Layout of the hit-ratio-over-time timeline: pure maths from the run's slices (where each
// slice's reads landed, DEMOTEs per read) and a size to one SVG path per series, the warm-up's
// extent and ticks. Shares of reads go on the left axis (0–100 %); DEMOTEs per read, a count
// that may pass 1, on their own axis at the right. d3 computes, React renders; nothing here
// touches the DOM.
import { line, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { formatCount } from '../../format/numbers';
import { sliceAt, type TimelinePoint } from './timeline';
import type { Size } from '../useElementSize';
import { tickCount } from '../axisScale';

export type TimelineSeriesKey = 'client' | 'array' | 'disk' | 'demotions';

/** One line of the timeline: which value of a slice it draws, and how. */
export interface TimelineSeries {
  key: TimelineSeriesKey;
  label: string;
  className: string;
  colour: string;
}

export interface TimelineLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** Requests processed, 0 .. the run's total (at least 1). */
  domain: [number, number];
  paths: (TimelineSeries & { d: string })[];
  /** The warm-up's right edge (plot.left when there is none). */
  warmX: number;
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  /** The DEMOTEs' axis, at the right: its top value (0 when no series draws DEMOTEs) and ticks. */
  demoteMax: number;
  y2Ticks: { y: number; label: string }[];
}

export const TIMELINE_MARGIN = { left: 46, right: 16, top: 10, bottom: 34 };
/** The right margin with a DEMOTEs axis. */
const RIGHT_AXIS = 50;

/** The layout's scales, rebuilt from its plot and domains (a layout holds numbers, not functions). */
function scales({ plot, domain, demoteMax }: Pick<TimelineLayout, 'plot' | 'domain' | 'demoteMax'>) {
  return {
    x: scaleLinear().domain(domain).range([plot.left, plot.right]),
    y: scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]),
    y2: scaleLinear()
      .domain([0, demoteMax || 1])
      .range([plot.bottom, plot.top]),
  };
}

/** The DEMOTEs axis' top: the largest slice's DEMOTEs per read, rounded up to a nice step (at least 0.1). */
export function demoteAxisMax(points: readonly TimelinePoint[]): number {
  const max = points.reduce((m, p) => Math.max(m, p.demotions), 0);
  return scaleLinear()
    .domain([0, Math.max(0.1, max)])
    .nice(4)
    .domain()[1];
}

/** A series' pixel height for value `v`: shares on the left axis, DEMOTEs on the right. */
function yOf(s: ReturnType<typeof scales>, key: TimelineSeriesKey, v: number): number {
  return key === 'demotions' ? s.y2(v) : s.y(Math.min(1, v));
}

/**
 * `total`: the requests the run will process (the x axis spans them from the start); `warmup`:
 * how many of them warm the caches (shaded).
 */
export function computeTimelineLayout(
  points: readonly TimelinePoint[],
  series: readonly TimelineSeries[],
  total: number,
  warmup: number,
  { width, height }: Size,
): TimelineLayout {
  const demotes = series.some((s) => s.key === 'demotions');
  const plot = {
    left: TIMELINE_MARGIN.left,
    right: Math.max(TIMELINE_MARGIN.left + 10, width - (demotes ? RIGHT_AXIS : TIMELINE_MARGIN.right)),
    top: TIMELINE_MARGIN.top,
    bottom: height - TIMELINE_MARGIN.bottom,
  };
  const domain: [number, number] = [0, Math.max(1, total)];
  const demoteMax = demotes ? demoteAxisMax(points) : 0;
  const sc = scales({ plot, domain, demoteMax });
  const { x, y, y2 } = sc;
  const paths = series.map((s) => ({
    ...s,
    d:
      line<TimelinePoint>()
        .x((p) => x(p.at))
        .y((p) => yOf(sc, s.key, p[s.key]))(points as TimelinePoint[]) ?? '',
  }));
  return {
    width,
    height,
    plot,
    domain,
    paths,
    warmX: x(Math.min(warmup, total)),
    xTicks: x.ticks(tickCount(plot.right - plot.left, 72, 5)).map((v) => ({ x: x(v), label: formatCount(v) })),
    yTicks: [0, 0.5, 1].map((v) => ({ y: y(v), label: `${v * 100}%` })),
    demoteMax,
    y2Ticks: demotes
      ? [0, demoteMax / 2, demoteMax].map((v) => ({ y: y2(v), label: String(Number(v.toFixed(3))) }))
      : [],
  };
}

/** The hover read-out at pixel `px`: the slice under it, its pixel column and each series' dot. */
export function timelineReadOut(layout: TimelineLayout, points: readonly TimelinePoint[], px: number) {
  const { plot } = layout;
  if (px < plot.left || px > plot.right) return null;
  const sc = scales(layout);
  const slice = sliceAt(points, sc.x.invert(px));
  if (!slice) return null;
  const ys = Object.fromEntries(layout.paths.map((s) => [s.key, yOf(sc, s.key, slice.point[s.key])])) as Partial<
    Record<TimelineSeriesKey, number>
  >;
  return { ...slice, x: sc.x(slice.point.at), ys };
}

/** `computeTimelineLayout`, recomputed only when the slices, the series, the run or the size change. */
export function useTimelineLayout(
  points: readonly TimelinePoint[],
  series: readonly TimelineSeries[],
  total: number,
  warmup: number,
  size: Size,
): TimelineLayout {
  const { width, height } = size;
  return useMemo(
    () => computeTimelineLayout(points, series, total, warmup, { width, height }),
    [points, series, total, warmup, width, height],
  );
}
