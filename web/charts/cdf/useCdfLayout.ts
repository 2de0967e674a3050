// Layout of the latency CDF (SPEC §5; paper 000 Fig. 10): pure maths from a report and a size
// to scales, SVG paths and ticks. d3 computes, React renders (visx's split); nothing here
// touches the DOM or keeps state between calls.
import { area, curveStepAfter, line, scaleLinear, scaleLog } from 'd3';
import { useMemo } from 'react';
import { formatDuration } from '../../format/numbers';
import type { LatencyHistogram, Report } from '../../worker/protocol';
import type { Size } from '../useElementSize';
import { tickCount, type AxisScale } from '../axisScale';
import { placeRefLabels, type LabelPlace } from '../refLabels';

/** Cumulative fraction at the upper edge of one non-empty histogram bin. */
export interface CdfRow {
  bin: number;
  /** The bin's upper edge in ms (Infinity for the overflow bin ≥ 10 s). */
  upperMs: number;
  count: number;
  /** Fraction of requests with latency below `upperMs`. */
  cum: number;
}

export interface Tick {
  ms: number;
  x: number;
  label: string;
}

export interface RefMark {
  key: 'array' | 'demote' | 'disk';
  ms: number;
  x: number;
  label: string;
  /** Label row above the plot (0 nearest), anchor and x: from [`placeRefLabels`]. */
  row: number;
  anchor: LabelPlace['anchor'];
  labelX: number;
}

/** The latency axis: logarithmic (the default) or linear from 0. */
export type CdfScale = AxisScale;

export interface CdfLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  scale: CdfScale;
  domainMs: [number, number];
  rows: CdfRow[];
  total: number;
  /** The step line, or null when there is nothing to draw yet. */
  line: string | null;
  area: string | null;
  xTicks: Tick[];
  xMinorTicks: number[];
  yTicks: { value: number; y: number; label: string }[];
  refs: RefMark[];
  /** Pinned runs' CDFs, drawn over the current one (compare). */
  pins: { name: string; line: string }[];
}

/**
 * The hover read-out at horizontal pixel `px`: the latency there and the share of requests at
 * or below it (the last bin edge at or left of it), with the point's pixel position.
 */
export function readOut(layout: CdfLayout, px: number): { ms: number; cum: number; x: number; y: number } | null {
  const { plot, domainMs, rows } = layout;
  if (!rows.length || px < plot.left || px > plot.right) return null;
  const [lo, hi] = domainMs;
  const t = (px - plot.left) / (plot.right - plot.left);
  const ms = layout.scale === 'log' ? lo * (hi / lo) ** t : lo + (hi - lo) * t;
  let cum = 0;
  for (const r of rows) {
    if (r.upperMs > ms) break;
    cum = r.cum;
  }
  return { ms, cum, x: px, y: plot.bottom - cum * (plot.bottom - plot.top) };
}

/** A run kept to compare the next ones with. */
export interface Pin {
  name: string;
  report: Report;
}

export const MARGIN = { top: 50, right: 18, bottom: 40, left: 46 };
/** The pitch of the reference labels' rows above the plot. */
export const REF_LABEL_PITCH = 14;
/** The histogram spans 1 µs .. 10 s. */
const MIN_MS = 1e-3;
const MAX_MS = 1e4;

/** The cumulative distribution at each non-empty bin's upper edge, in bin order. */
export function cdfRows({ edgesUs, counts }: LatencyHistogram): CdfRow[] {
  const total = counts.reduce((a, b) => a + b, 0);
  const rows: CdfRow[] = [];
  if (total === 0) return rows;
  let running = 0;
  counts.forEach((count, bin) => {
    if (count === 0) return;
    running += count;
    const upperMs = bin < edgesUs.length ? edgesUs[bin] / 1000 : Infinity;
    rows.push({ bin, upperMs, count, cum: running / total });
  });
  return rows;
}

/** Whole decades around the data and the reference marks, at least two of them. */
function fitDomain(rows: CdfRow[], edgesUs: number[], mustShowMs: number[]): [number, number] {
  const lowers = rows.map((r) => (r.bin === 0 ? MIN_MS : edgesUs[r.bin - 1] / 1000));
  const uppers = rows.map((r) => Math.min(r.upperMs, MAX_MS));
  const points = [...lowers, ...uppers, ...mustShowMs.filter((ms) => ms > 0)];
  let lo = 10 ** Math.floor(Math.log10(Math.min(...points)) + 1e-9);
  let hi = 10 ** Math.ceil(Math.log10(Math.max(...points)) - 1e-9);
  lo = Math.max(MIN_MS, lo);
  hi = Math.min(MAX_MS, Math.max(hi, lo * 100));
  if (hi / lo < 100) lo = Math.max(MIN_MS, hi / 100);
  return [lo, hi];
}

/** From 0 to past the slowest finite bin edge and reference mark, in round steps. */
function fitLinearDomain(rows: CdfRow[], mustShowMs: number[]): [number, number] {
  const hi = Math.max(...rows.map((r) => Math.min(r.upperMs, MAX_MS)), ...mustShowMs);
  const nice = scaleLinear()
    .domain([0, hi > 0 ? hi : MIN_MS])
    .nice()
    .domain()[1];
  return [0, Math.min(MAX_MS, nice)];
}

/**
 * The points of `rows`' step line over `domainMs`: from the fraction below its left edge, through
 * each bin edge inside it, held to its right edge.
 */
export function stepPoints(rows: CdfRow[], [lo, hi]: [number, number]): [number, number][] {
  const before = rows.filter((r) => r.upperMs <= lo);
  const points: [number, number][] = [[lo, before.length ? before[before.length - 1].cum : 0]];
  for (const r of rows) if (r.upperMs > lo && r.upperMs <= hi) points.push([r.upperMs, r.cum]);
  points.push([hi, points[points.length - 1][1]]);
  return points;
}

export function computeCdfLayout(
  report: Report | null,
  { width, height }: Size,
  pinned: Pin[] = [],
  scale: CdfScale = 'log',
): CdfLayout {
  const plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    right: Math.max(MARGIN.left + 10, width - MARGIN.right),
    bottom: Math.max(MARGIN.top + 10, height - MARGIN.bottom),
  };
  const rows = report ? cdfRows(report.latency) : [];
  const total = rows.length ? report!.latency.counts.reduce((a, b) => a + b, 0) : 0;

  const refSpecs: Omit<RefMark, 'x' | 'row' | 'anchor' | 'labelX'>[] = [];
  if (report) {
    const { arrayHitMs, demotionMs, diskReadMs } = report.pathCosts;
    // A single cache has no array level: no array-hit step to mark.
    if (report.counters.arrayHits > 0)
      refSpecs.push({ key: 'array', ms: arrayHitMs, label: `array hit ${formatDuration(arrayHitMs)}` });
    if (report.counters.demotions > 0 && demotionMs > 0) {
      const ms = arrayHitMs + demotionMs;
      refSpecs.push({ key: 'demote', ms, label: `+ demotion ${formatDuration(ms)}` });
    }
    if (report.counters.diskReads > 0)
      refSpecs.push({ key: 'disk', ms: diskReadMs, label: `disk ${formatDuration(diskReadMs)}` });
  }

  const pinRows = pinned.map((p) => ({ name: p.name, rows: cdfRows(p.report.latency) })).filter((p) => p.rows.length);
  const allRows = [...rows, ...pinRows.flatMap((p) => p.rows)];
  const edges = report?.latency.edgesUs ?? pinned[0]?.report.latency.edgesUs ?? [];
  const refMs = refSpecs.map((r) => r.ms);
  const domainMs: [number, number] =
    scale === 'log'
      ? allRows.length
        ? fitDomain(allRows, edges, refMs)
        : [MIN_MS, MAX_MS]
      : allRows.length
        ? fitLinearDomain(allRows, refMs)
        : [0, MAX_MS];
  // Clamped: on the log axis a latency of 0 (or anything under 1 µs) sits at the left edge, not
  // at -Infinity.
  const x = (scale === 'log' ? scaleLog() : scaleLinear()).domain(domainMs).range([plot.left, plot.right]).clamp(true);
  const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);

  // The CDF as a lower bound: a bin's requests count from its upper edge on, so the line holds
  // the previous value across the bin and steps up at the edge (curveStepAfter).
  let pathLine: string | null = null;
  let pathArea: string | null = null;
  const px = (p: [number, number]) => x(p[0]);
  const py = (p: [number, number]) => y(p[1]);
  if (rows.length) {
    const points = stepPoints(rows, domainMs);
    pathLine = line<[number, number]>().x(px).y(py).curve(curveStepAfter)(points);
    pathArea = area<[number, number]>().x(px).y0(plot.bottom).y1(py).curve(curveStepAfter)(points);
  }
  const pins = pinRows.map((p) => ({
    name: p.name,
    line: line<[number, number]>().x(px).y(py).curve(curveStepAfter)(stepPoints(p.rows, domainMs))!,
  }));

  let xTicks: Tick[];
  let xMinorTicks: number[] = [];
  if (scale === 'log') {
    const decades: number[] = [];
    for (let e = Math.round(Math.log10(domainMs[0])); 10 ** e <= domainMs[1] * 1.0001; e++) decades.push(10 ** e);
    xTicks = decades.map((ms) => ({ ms, x: x(ms), label: formatDuration(ms) }));
    xMinorTicks = x
      .ticks()
      .filter((ms) => !decades.some((d) => Math.abs(d - ms) / d < 1e-6))
      .map((ms) => x(ms));
  } else {
    xTicks = x
      .ticks(tickCount(plot.right - plot.left))
      .map((ms) => ({ ms, x: x(ms), label: ms === 0 ? '0' : formatDuration(ms) }));
  }
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((value) => ({ value, y: y(value), label: `${value * 100}%` }));

  const inDomain = refSpecs.filter((r) => r.ms >= domainMs[0] && r.ms <= domainMs[1]).sort((a, b) => a.ms - b.ms);
  const at = inDomain.map((spec) => ({ ...spec, x: x(spec.ms) }));
  const places = placeRefLabels(at, width);
  const refs: RefMark[] = at.map((r, i) => ({ ...r, ...places[i] }));

  return {
    width,
    height,
    plot,
    scale,
    domainMs,
    rows,
    total,
    line: pathLine,
    area: pathArea,
    xTicks,
    xMinorTicks,
    yTicks,
    refs,
    pins,
  };
}

/** `computeCdfLayout`, recomputed only when the report, the pins, the size or the scale change. */
export function useCdfLayout(
  report: Report | null,
  size: Size,
  pins: Pin[] = NO_PINS,
  scale: CdfScale = 'log',
): CdfLayout {
  const { width, height } = size;
  return useMemo(() => computeCdfLayout(report, { width, height }, pins, scale), [report, width, height, pins, scale]);
}

const NO_PINS: Pin[] = [];
