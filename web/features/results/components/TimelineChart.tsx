// Hit ratio over time, live: where each slice of the run's reads landed (client, array, disk)
// and the DEMOTE traffic per read, slice by slice as the reports arrive; warm-up shaded.
import { line, scaleLinear } from 'd3';
import { useEffect, useMemo, useState } from 'react';
import { formatCount, formatPercent } from '../../../app/format';
import { ChartAxes } from '../../../charts/ChartAxes';
import { useElementSize } from '../../../charts/useElementSize';
import type { Report } from '../../../worker/protocol';
import { EMPTY_TIMELINE, extendTimeline, sliceAt, type Timeline, type TimelinePoint } from '../timeline';
import { useHoverX } from '../../../charts/useHoverX';
import { tickCount } from '../../../charts/axisScale';
import { HoverReadout } from '../../../charts/HoverReadout';

const HEIGHT = 200;
const MARGIN = { left: 46, right: 16, top: 10, bottom: 34 };

type SeriesKey = 'client' | 'array' | 'disk' | 'demotions';
interface Series {
  key: SeriesKey;
  label: string;
  className: string;
  colour: string;
}

const CLIENT: Series = { key: 'client', label: 'client hits', className: 'is-client', colour: 'var(--client)' };
const ARRAY: Series = { key: 'array', label: 'array hits', className: 'is-array', colour: 'var(--array)' };
const DISK: Series = { key: 'disk', label: 'disk reads', className: 'is-disk', colour: 'var(--disk)' };
const DEMOTES: Series = { key: 'demotions', label: 'DEMOTEs per read', className: 'is-demote', colour: 'var(--ink-2)' };

/** The lines a topology has, named as its hit bars name the levels. */
export function timelineSeries(topology: 'single' | 'two-level' | 'tree'): Series[] {
  if (topology === 'single') return [{ ...CLIENT, label: 'cache hits' }, DISK];
  if (topology === 'tree') return [{ ...CLIENT, label: 'own-cache hits' }, { ...ARRAY, label: 'shared-cache hits' }, DISK, DEMOTES];
  return [CLIENT, ARRAY, DISK, DEMOTES];
}

/** A series' value as the read-out shows it: a share, or DEMOTEs per read. */
function formatValue(key: SeriesKey, v: number): string {
  return key === 'demotions' ? v.toFixed(2) : formatPercent(v);
}

export interface TimelineChartProps {
  report: Report | null;
  /** Changes with each new run: the timeline starts afresh. */
  runKey: string | null;
  topology?: 'single' | 'two-level' | 'tree';
}

export function TimelineChart({ report, runKey, topology = 'two-level' }: TimelineChartProps) {
  const series = useMemo(() => timelineSeries(topology), [topology]);
  const [timeline, setTimeline] = useState<Timeline>(EMPTY_TIMELINE);
  useEffect(() => setTimeline(EMPTY_TIMELINE), [runKey]);
  useEffect(() => {
    if (report) setTimeline((t) => extendTimeline(t, report));
  }, [report]);
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 600, height: HEIGHT });
  const total = report?.total ?? 0;
  const layout = useMemo(() => {
    const plot = { left: MARGIN.left, right: Math.max(MARGIN.left + 10, size.width - MARGIN.right), top: MARGIN.top, bottom: HEIGHT - MARGIN.bottom };
    const x = scaleLinear().domain([0, Math.max(1, total)]).range([plot.left, plot.right]);
    const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);
    const pts = timeline.points;
    const paths = series.map((s) => ({ ...s, d: line<TimelinePoint>().x((p) => x(p.at)).y((p) => y(Math.min(1, p[s.key])))(pts) ?? '' }));
    const warm = report?.warmupRequests ?? 0;
    return { plot, x, y, paths, warmX: x(Math.min(warm, total)), xTicks: x.ticks(tickCount(plot.right - plot.left, 72, 5)).map((v) => ({ x: x(v), label: formatCount(v) })), yTicks: [0, 0.5, 1].map((v) => ({ y: y(v), label: `${v * 100}%` })) };
  }, [timeline, size.width, total, report?.warmupRequests, series]);
  const { plot } = layout;
  const last = timeline.points[timeline.points.length - 1];
  const [hoverX, hoverHandlers] = useHoverX();
  const hover = hoverX === null || hoverX < plot.left || hoverX > plot.right ? null : sliceAt(timeline.points, layout.x.invert(hoverX));
  return (
    <div ref={ref} className="timeline" data-testid="timeline" data-points={timeline.points.length}>
      <svg
        className="cdf-svg"
        width={size.width}
        height={HEIGHT}
        viewBox={`0 0 ${size.width} ${HEIGHT}`}
        role="img"
        aria-label={`Each slice of the run's reads: ${series.map((s) => s.label).join(', ')}, against requests processed`}
        {...hoverHandlers}
      >
        {layout.warmX > plot.left && <rect className="timeline-warmup" x={plot.left} y={plot.top} width={layout.warmX - plot.left} height={plot.bottom - plot.top} />}
        <g className="cdf-grid">
          {layout.yTicks.map((t) => (
            <line key={t.y} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        {layout.paths.map((p) => (
          <path key={p.key} className={`timeline-line ${p.className}`} d={p.d} data-series={p.key} />
        ))}
        <ChartAxes plot={plot} height={HEIGHT} xTicks={layout.xTicks} yTicks={layout.yTicks} title={`requests processed${layout.warmX > plot.left ? ' (warm-up shaded)' : ''}`} />
        {hover && (
          <HoverReadout
            plot={plot}
            x={layout.x(hover.point.at)}
            testId="timeline-hover"
            data={{ 'data-from': hover.from, 'data-to': hover.to, 'data-client': hover.point.client, 'data-array': hover.point.array, 'data-disk': hover.point.disk, 'data-demotions': hover.point.demotions }}
            title={`requests ${formatCount(hover.from)}–${formatCount(hover.to)}${hover.point.warmup ? ' (warm-up)' : ''}`}
            rows={series.map((s) => ({ key: s.key, colour: s.colour, cy: layout.y(Math.min(1, hover.point[s.key])), text: `${s.label} ${formatValue(s.key, hover.point[s.key])}`, data: { 'data-series': s.key } }))}
          />
        )}
      </svg>
      <p className="chart-legend">
        {series.map((s) => (
          <span key={s.key} className="legend-item">
            <span className={`swatch timeline-swatch ${s.className}`} />{' '}
            <span>
              {s.label}
              {last ? ` ${(last[s.key] * (s.key === 'demotions' ? 1 : 100)).toFixed(s.key === 'demotions' ? 2 : 1)}${s.key === 'demotions' ? '' : ' %'}` : ''}
            </span>{' '}
          </span>
        ))}
      </p>
    </div>
  );
}
