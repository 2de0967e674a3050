// Layout of the per-client latency CDFs (a tree, or any run with several clients): one step line
// per client over a shared log axis that spans every client's data in whole decades. Pure maths
// from the clients' histograms and a size; React renders. The run's own CDF (web/charts/cdf)
// fits its axis to its path costs too and marks them; this one has no marks.
import { curveStepAfter, line, scaleLinear, scaleLog, schemeTableau10 } from 'd3';
import { useMemo } from 'react';
import { formatDuration } from '../../format/numbers';
import type { LatencyHistogram } from '../../worker/protocol';
import { cdfRows, stepPoints, type CdfRow } from '../cdf/useCdfLayout';
import { lineDash } from '../lineDash';
import type { Size } from '../useElementSize';

/** What the chart needs of a client: its name and its latency histogram. */
export interface ClientLatency {
  name: string;
  latency: LatencyHistogram;
}

export interface ClientCdfSeries {
  name: string;
  color: string;
  /** Its dash pattern (the first solid): coinciding clients stay visible. */
  dash?: string;
  rows: CdfRow[];
  /** The step line, or null for a client with no requests. */
  path: string | null;
}

export interface ClientCdfLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  domainMs: [number, number];
  series: ClientCdfSeries[];
  xTicks: { ms: number; x: number; label: string }[];
  yTicks: { v: number; y: number; label: string }[];
}

export const CLIENT_CDF_MARGIN = { top: 14, right: 18, bottom: 40, left: 46 };
/** The histogram spans 1 µs .. 10 s. */
const MIN_MS = 1e-3;
const MAX_MS = 1e4;

/** The i-th client's colour, here and in the per-client table. */
export function clientColor(i: number): string {
  return schemeTableau10[i % schemeTableau10.length];
}

export function computeClientCdfLayout(clients: readonly ClientLatency[], { width, height }: Size): ClientCdfLayout {
  const M = CLIENT_CDF_MARGIN;
  const plot = { left: M.left, top: M.top, right: Math.max(M.left + 10, width - M.right), bottom: height - M.bottom };
  const all = clients.map((c) => ({ c, rows: cdfRows(c.latency) }));
  const edges = clients[0]?.latency.edgesUs ?? [];
  const points: number[] = [];
  for (const { rows } of all) {
    for (const r of rows) points.push(r.bin === 0 ? MIN_MS : edges[r.bin - 1] / 1000, Math.min(r.upperMs, MAX_MS));
  }
  let lo = points.length ? 10 ** Math.floor(Math.log10(Math.min(...points)) + 1e-9) : MIN_MS;
  let hi = points.length ? 10 ** Math.ceil(Math.log10(Math.max(...points)) - 1e-9) : MAX_MS;
  lo = Math.max(MIN_MS, lo);
  hi = Math.min(MAX_MS, Math.max(hi, lo * 100));
  const x = scaleLog().domain([lo, hi]).range([plot.left, plot.right]).clamp(true);
  const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);
  const series = all.map(({ c, rows }, i) => {
    const path = rows.length
      ? line<[number, number]>()
          .x((p) => x(p[0]))
          .y((p) => y(p[1]))
          .curve(curveStepAfter)(stepPoints(rows, [lo, hi]))
      : null;
    return { name: c.name, color: clientColor(i), dash: lineDash(i), rows, path };
  });
  const xTicks: ClientCdfLayout['xTicks'] = [];
  for (let e = Math.round(Math.log10(lo)); 10 ** e <= hi * 1.0001; e++)
    xTicks.push({ ms: 10 ** e, x: x(10 ** e), label: formatDuration(10 ** e) });
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((v) => ({ v, y: y(v), label: `${v * 100}%` }));
  return { width, height, plot, domainMs: [lo, hi], series, xTicks, yTicks };
}

/** `computeClientCdfLayout`, recomputed only when the clients or the size change. */
export function useClientCdfLayout(clients: readonly ClientLatency[], size: Size): ClientCdfLayout {
  const { width, height } = size;
  return useMemo(() => computeClientCdfLayout(clients, { width, height }), [clients, width, height]);
}
