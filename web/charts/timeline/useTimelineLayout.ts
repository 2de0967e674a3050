// Layout of the hit-ratio-over-time timeline: pure maths from the run's slices (where each
// slice's reads landed, DEMOTEs per read) and a size to one SVG path per series, the warm-up's
// extent and ticks. d3 computes, React renders; nothing here touches the DOM.
import { line, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { formatCount } from '../../app/format';
import { sliceAt, type TimelinePoint } from '../../features/results/timeline';
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
}

export const TIMELINE_MARGIN = { left: 46, right: 16, top: 10, bottom: 34 };

/** The layout's scales, rebuilt from its plot and domain (a layout holds numbers, not functions). */
function scales({ plot, domain }: Pick<TimelineLayout, 'plot' | 'domain'>) {
  return {
    x: scaleLinear().domain(domain).range([plot.left, plot.right]),
    y: scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]),
  };
}

/**
 * `total`: the requests the run will process (the x axis spans them from the start); `warmup`:
 * how many of them warm the caches (shaded). Shares above 1 (DEMOTEs per read) are drawn at 1.
 */
export function computeTimelineLayout(points: readonly TimelinePoint[], series: readonly TimelineSeries[], total: number, warmup: number, { width, height }: Size): TimelineLayout {
  const plot = {
    left: TIMELINE_MARGIN.left,
    right: Math.max(TIMELINE_MARGIN.left + 10, width - TIMELINE_MARGIN.right),
    top: TIMELINE_MARGIN.top,
    bottom: height - TIMELINE_MARGIN.bottom,
  };
  const domain: [number, number] = [0, Math.max(1, total)];
  const { x, y } = scales({ plot, domain });
  const paths = series.map((s) => ({ ...s, d: line<TimelinePoint>().x((p) => x(p.at)).y((p) => y(Math.min(1, p[s.key])))(points as TimelinePoint[]) ?? '' }));
  return {
    width,
    height,
    plot,
    domain,
    paths,
    warmX: x(Math.min(warmup, total)),
    xTicks: x.ticks(tickCount(plot.right - plot.left, 72, 5)).map((v) => ({ x: x(v), label: formatCount(v) })),
    yTicks: [0, 0.5, 1].map((v) => ({ y: y(v), label: `${v * 100}%` })),
  };
}

/** The hover read-out at pixel `px`: the slice under it, its pixel column and each series' dot. */
export function timelineReadOut(layout: TimelineLayout, points: readonly TimelinePoint[], px: number) {
  const { plot } = layout;
  if (px < plot.left || px > plot.right) return null;
  const { x, y } = scales(layout);
  const slice = sliceAt(points, x.invert(px));
  if (!slice) return null;
  const ys = Object.fromEntries(layout.paths.map((s) => [s.key, y(Math.min(1, slice.point[s.key]))])) as Partial<Record<TimelineSeriesKey, number>>;
  return { ...slice, x: x(slice.point.at), ys };
}

/** `computeTimelineLayout`, recomputed only when the slices, the series, the run or the size change. */
export function useTimelineLayout(points: readonly TimelinePoint[], series: readonly TimelineSeries[], total: number, warmup: number, size: Size): TimelineLayout {
  const { width, height } = size;
  return useMemo(() => computeTimelineLayout(points, series, total, warmup, { width, height }), [points, series, total, warmup, width, height]);
}
