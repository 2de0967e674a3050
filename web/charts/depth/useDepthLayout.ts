// Layout of LRU stack-depth graphs (paper 000 Figures 3, 20, 22): the cumulative hit fraction
// against cache size, one line per stream, on a linear or logarithmic size axis in blocks or
// bytes, with the run's own cache sizes marked. Pure maths; React renders.
import { curveStepAfter, line, scaleLinear, scaleLog, schemeTableau10 } from 'd3';
import { formatCount } from '../../format/numbers';
import type { DepthCurve } from '../../worker/protocol';
import type { Size } from '../useElementSize';
import { tickCount, type AxisScale } from '../axisScale';
import { placeRefLabels, type LabelPlace } from '../refLabels';
import { lineDash } from '../lineDash';
import { nearestColumn } from '../useHoverX';

export type DepthScale = AxisScale;
export type DepthUnit = 'blocks' | 'bytes';

export interface DepthMark {
  key: string;
  label: string;
  /** Cache size in blocks. */
  size: number;
}

export interface LaidDepthCurve {
  curve: DepthCurve;
  color: string;
  /** Its dash pattern (the first solid): coinciding curves stay visible. */
  dash?: string;
  path: string | null;
  /** The pixel column of each of `curve.sizes`. */
  xs: number[];
}

export interface DepthLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  curves: LaidDepthCurve[];
  marks: (DepthMark & LabelPlace & { x: number })[];
  xTicks: { value: number; x: number; label: string }[];
  yTicks: { value: number; y: number; label: string }[];
  empty: boolean;
  /** A size in the chosen unit, as the axis labels it ("16,384", "64 MiB"). */
  sizeLabel: (blocks: number) => string;
}

/** The hover read-out: a size and every curve's hit fraction there. */
export interface DepthReadOut {
  /** Cache size in blocks, and its pixel column. */
  size: number;
  x: number;
  points: { name: string; color: string; hit: number; y: number }[];
}

export const DEPTH_MARGIN = { top: 46, right: 18, bottom: 40, left: 46 };
/** The pitch of the marks' label rows above the plot. */
export const DEPTH_LABEL_PITCH = 13;

/** "4 KiB", "64 MiB", "1.5 GiB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${Number(v.toPrecision(3))} ${units[u]}`;
}

/** The colour of the i-th curve: the workload first, then clients and caches. */
export function depthColor(i: number): string {
  return schemeTableau10[i % schemeTableau10.length];
}

/**
 * The hover read-out at pixel `px`: the reported size nearest it (of any curve), and each
 * curve's hit fraction at that size — its step value, the hits at its largest size not above
 * it (0 below its first). Null off the plot or with nothing drawn.
 */
export function nearestDepth(layout: DepthLayout, px: number): DepthReadOut | null {
  const { plot } = layout;
  const best = nearestColumn(
    plot,
    px,
    layout.curves.flatMap((c) => c.xs.map((x, k) => [c.curve.sizes[k], x] as const)),
  );
  if (!best) return null;
  const { value: size, x } = best;
  const points = layout.curves.map((c) => {
    let hit = 0;
    for (let k = 0; k < c.curve.sizes.length && c.curve.sizes[k] <= size; k++) hit = c.curve.hits[k];
    return { name: c.curve.name, color: c.color, hit, y: plot.bottom - hit * (plot.bottom - plot.top) };
  });
  return { size, x, points };
}

export function computeDepthLayout(
  curves: DepthCurve[],
  marks: DepthMark[],
  { width, height }: Size,
  scale: DepthScale,
  unit: DepthUnit,
  blockSize: number,
): DepthLayout {
  const plot = {
    left: DEPTH_MARGIN.left,
    top: DEPTH_MARGIN.top,
    right: Math.max(DEPTH_MARGIN.left + 10, width - DEPTH_MARGIN.right),
    bottom: Math.max(DEPTH_MARGIN.top + 10, height - DEPTH_MARGIN.bottom),
  };
  const factor = unit === 'bytes' ? blockSize : 1;
  const sizes = curves.flatMap((c) => c.sizes);
  const hi = Math.max(2, ...sizes, ...marks.map((m) => m.size)) * factor;
  const lo = factor;
  const x =
    scale === 'log'
      ? scaleLog().domain([lo, hi]).range([plot.left, plot.right]).clamp(true)
      : scaleLinear().domain([0, hi]).range([plot.left, plot.right]).nice();
  const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);
  const label = (v: number) => (unit === 'bytes' ? formatBytes(v) : formatCount(v));

  const laid = curves.map((curve, i) => {
    // From (0 or 1 block, 0) through every reported size: hits step up at each size.
    const pts: [number, number][] = [[scale === 'log' ? lo : 0, 0]];
    for (const [k, s] of curve.sizes.entries()) pts.push([s * factor, curve.hits[k]]);
    if (curve.sizes.length) pts.push([hi, curve.hits[curve.hits.length - 1]]);
    const path = curve.sizes.length
      ? line<[number, number]>()
          .x((p) => x(p[0]))
          .y((p) => y(p[1]))
          .curve(curveStepAfter)(pts)
      : null;
    return { curve, color: depthColor(i), dash: lineDash(i), path, xs: curve.sizes.map((s) => x(s * factor)) };
  });

  const at = [...marks].sort((a, b) => a.size - b.size).map((m) => ({ ...m, x: x(m.size * factor) }));
  const places = placeRefLabels(at, width);
  const placed = at.map((m, i) => ({ ...m, ...places[i] }));

  let xTicks: DepthLayout['xTicks'];
  if (scale === 'log') {
    xTicks = [];
    if (unit === 'bytes') {
      // Powers of two, every k-th so that at most 7 show (fewer on a narrow chart).
      const first = Math.ceil(Math.log2(lo) - 1e-9);
      const last = Math.floor(Math.log2(hi) + 1e-9);
      const k = Math.max(1, Math.ceil((last - first + 1) / tickCount(plot.right - plot.left, 60, 7)));
      for (let e = first; e <= last; e += k) xTicks.push({ value: 2 ** e, x: x(2 ** e), label: label(2 ** e) });
    } else {
      for (let v = 1; v <= hi * 1.0001; v *= 10) xTicks.push({ value: v, x: x(v), label: label(v) });
    }
  } else {
    xTicks = (x as ReturnType<typeof scaleLinear>)
      .ticks(tickCount(plot.right - plot.left))
      .map((v) => ({ value: v, x: x(v), label: label(v) }));
  }
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((value) => ({ value, y: y(value), label: `${value * 100}%` }));
  const sizeLabel = (blocks: number) => label(blocks * factor);
  return {
    plot,
    curves: laid,
    marks: placed,
    xTicks,
    yTicks,
    empty: curves.every((c) => c.sizes.length === 0),
    sizeLabel,
  };
}
