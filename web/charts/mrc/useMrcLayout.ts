// Layout of the miss-ratio curves: pure maths from sweep results and a size to scales, one SVG
// path and its markers per policy, and ticks. d3 computes, React renders; no DOM here.
import { line, scaleLinear, scaleLog } from 'd3';
import { useMemo } from 'react';
import { formatBytes, formatCount } from '../../format/numbers';
import type { Size } from '../useElementSize';
import { tickCount, type AxisScale } from '../axisScale';
import { nearestColumn } from '../useHoverX';
import { seriesStyle } from '../lineDash';

export interface CurvePoint {
  size: number;
  missRatio: number;
}

export interface Curve {
  policy: string;
  label: string;
  points: CurvePoint[];
}

export interface LaidCurve extends Curve {
  color: string;
  /** A dash pattern past the palette's ten colours (none: solid). */
  dash?: string;
  path: string | null;
  marks: { x: number; y: number; size: number; missRatio: number }[];
}

export interface MrcLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  curves: LaidCurve[];
  xTicks: { value: number; x: number; label: string }[];
  yTicks: { value: number; y: number; label: string }[];
  empty: boolean;
  /** The floor's height (the compulsory miss ratio), when one is drawn. */
  floorY: number | null;
}

export const MRC_MARGIN = { top: 16, right: 18, bottom: 40, left: 50 };

/** The hover read-out at pixel `px`: the swept size nearest it, and every curve's point there. */
export function nearestSize(
  layout: MrcLayout,
  px: number,
): { size: number; x: number; points: { label: string; color: string; missRatio: number; y: number }[] } | null {
  const best = nearestColumn(
    layout.plot,
    px,
    layout.curves.flatMap((c) => c.marks.map((m) => [m.size, m.x] as const)),
  );
  if (!best) return null;
  const { value: size, x } = best;
  const points = layout.curves.flatMap((c) =>
    c.marks
      .filter((m) => m.size === size)
      .map((m) => ({ label: c.label, color: c.color, missRatio: m.missRatio, y: m.y })),
  );
  return { size, x, points };
}

/**
 * A policy's colour and dash among the policies `drawn`: its place among them in `order` (the
 * form's policy list), so the same policies always look the same, and no two drawn together
 * share a look.
 */
export function policyStyle(policy: string, order: readonly string[], drawn: readonly string[]) {
  const placed = [...new Set(drawn)].sort((a, b) => rank(order, a) - rank(order, b));
  return seriesStyle(Math.max(0, placed.indexOf(policy)));
}

/** `policy`'s place in `order` (unknown ones last, in the order met). */
const rank = (order: readonly string[], policy: string) => {
  const i = order.indexOf(policy);
  return i < 0 ? order.length : i;
};

/** The cache-size axis: logarithmic (the default: sizes are swept geometrically) or linear from 0. */
export type MrcScale = AxisScale;

/** What the sizes count: blocks (or objects), or bytes. */
export type SizeUnit = 'blocks' | 'bytes';

/**
 * A byte axis's ticks on a log scale from `d0` to `d1`: powers of two, a whole number of
 * doublings apart (1, 2, 4, … KiB steps) so that at most about seven fit.
 */
function byteTicks(d0: number, d1: number): number[] {
  const e0 = Math.ceil(Math.log2(d0) - 1e-9);
  const e1 = Math.floor(Math.log2(d1) + 1e-9);
  const step = Math.max(1, Math.ceil((e1 - e0 + 1) / 7));
  const out: number[] = [];
  for (let e = e0; e <= e1; e += step) out.push(2 ** e);
  return out;
}

/**
 * `span`: the sizes a sweep will cover (smallest, largest), for the axis while it has no points
 * yet; the points' own sizes once it has any.
 */
export function computeMrcLayout(
  curves: Curve[],
  order: readonly string[],
  { width, height }: Size,
  scale: MrcScale = 'log',
  span?: readonly [number, number],
  unit: SizeUnit = 'blocks',
  floor?: number,
): MrcLayout {
  const plot = {
    left: MRC_MARGIN.left,
    top: MRC_MARGIN.top,
    right: Math.max(MRC_MARGIN.left + 10, width - MRC_MARGIN.right),
    bottom: Math.max(MRC_MARGIN.top + 10, height - MRC_MARGIN.bottom),
  };
  const all = curves.flatMap((c) => c.points);
  const sizes = all.map((p) => p.size);
  let lo = sizes.length ? Math.min(...sizes) : (span?.[0] ?? 1);
  let hi = sizes.length ? Math.max(...sizes) : (span?.[1] ?? 1000);
  if (hi <= lo) {
    lo = Math.max(1, lo / 2);
    hi = hi * 2;
  }
  const x = (scale === 'log' ? scaleLog().domain([lo, hi]) : scaleLinear().domain([0, hi]))
    .range([plot.left, plot.right])
    .nice();
  const top = all.length ? Math.min(1, Math.ceil(Math.max(...all.map((p) => p.missRatio)) * 10 + 1e-9) / 10) : 1;
  const y = scaleLinear()
    .domain([0, Math.max(top, 0.1)])
    .range([plot.bottom, plot.top]);

  const drawn = curves.map((c) => c.policy);
  const laid = curves.map((c) => {
    const pts = [...c.points].sort((a, b) => a.size - b.size);
    const path = pts.length
      ? line<CurvePoint>()
          .x((p) => x(p.size))
          .y((p) => y(p.missRatio))(pts)
      : null;
    return {
      ...c,
      points: pts,
      ...policyStyle(c.policy, order, drawn),
      path,
      marks: pts.map((p) => ({ x: x(p.size), y: y(p.missRatio), size: p.size, missRatio: p.missRatio })),
    };
  });

  const [d0, d1] = x.domain();
  const xTicks: MrcLayout['xTicks'] = [];
  const label = unit === 'bytes' ? formatBytes : formatCount;
  if (unit === 'bytes' && scale === 'log') {
    for (const v of byteTicks(d0, d1)) xTicks.push({ value: v, x: x(v), label: label(v) });
  }
  for (
    let e = Math.ceil(Math.log10(d0) - 1e-9);
    unit === 'blocks' && scale === 'log' && 10 ** e <= d1 * (1 + 1e-9);
    e++
  ) {
    xTicks.push({ value: 10 ** e, x: x(10 ** e), label: formatCount(10 ** e) });
  }
  if (scale === 'linear') {
    for (const v of x.ticks(tickCount(plot.right - plot.left, 72, 5)))
      xTicks.push({ value: v, x: x(v), label: label(v) });
  } else if (xTicks.length < 2) {
    for (const v of x.ticks(4))
      if (!xTicks.some((t) => t.value === v)) xTicks.push({ value: v, x: x(v), label: label(v) });
    xTicks.sort((a, b) => a.value - b.value);
  }
  const yTicks = y.ticks(5).map((value) => ({ value, y: y(value), label: `${Math.round(value * 100)}%` }));
  const floored = floor !== undefined && Number.isFinite(floor) && all.length > 0;
  return {
    width,
    height,
    plot,
    curves: laid,
    xTicks,
    yTicks,
    empty: all.length === 0,
    floorY: floored ? y(floor) : null,
  };
}

export function useMrcLayout(
  curves: Curve[],
  order: readonly string[],
  size: Size,
  scale: MrcScale = 'log',
  span?: readonly [number, number],
  unit: SizeUnit = 'blocks',
  floor?: number,
): MrcLayout {
  const { width, height } = size;
  const [lo, hi] = span ?? [undefined, undefined];
  return useMemo(
    () =>
      computeMrcLayout(
        curves,
        order,
        { width, height },
        scale,
        lo === undefined || hi === undefined ? undefined : [lo, hi],
        unit,
        floor,
      ),
    [curves, order, width, height, scale, lo, hi, unit, floor],
  );
}
