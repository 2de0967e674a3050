// Hit ratio over time: a presentational SVG over useTimelineLayout — one line per series, the
// warm-up shaded, a hover read-out of the slice under the pointer — and a legend with the
// latest slice's values.
import { formatCount, formatPercent } from '../../app/format';
import type { TimelinePoint } from '../../features/results/timeline';
import { ChartAxes } from '../ChartAxes';
import { HoverReadout } from '../HoverReadout';
import { useElementSize } from '../useElementSize';
import { useHoverX } from '../useHoverX';
import { timelineReadOut, useTimelineLayout, type TimelineSeries, type TimelineSeriesKey } from './useTimelineLayout';

const HEIGHT = 200;

/** A series' value as the read-out shows it: a share, or DEMOTEs per read. */
function formatValue(key: TimelineSeriesKey, v: number): string {
  return key === 'demotions' ? v.toFixed(2) : formatPercent(v);
}

export interface TimelineChartProps {
  points: readonly TimelinePoint[];
  series: readonly TimelineSeries[];
  /** Requests the run will process: the x axis spans them. */
  total: number;
  /** Of them, the warm-up's (shaded). */
  warmup: number;
}

export function TimelineChart({ points, series, total, warmup }: TimelineChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 600, height: HEIGHT });
  const layout = useTimelineLayout(points, series, total, warmup, { width: size.width, height: HEIGHT });
  const { plot } = layout;
  const last = points[points.length - 1];
  const [hoverX, hoverHandlers] = useHoverX();
  const hover = hoverX === null ? null : timelineReadOut(layout, points, hoverX);
  return (
    <div ref={ref} className="timeline" data-testid="timeline" data-points={points.length}>
      <svg
        className="cdf-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
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
        <ChartAxes plot={plot} height={layout.height} xTicks={layout.xTicks} yTicks={layout.yTicks} title={`requests processed${layout.warmX > plot.left ? ' (warm-up shaded)' : ''}`} />
        {hover && (
          <HoverReadout
            plot={plot}
            x={hover.x}
            testId="timeline-hover"
            data={{ 'data-from': hover.from, 'data-to': hover.to, 'data-client': hover.point.client, 'data-array': hover.point.array, 'data-disk': hover.point.disk, 'data-demotions': hover.point.demotions }}
            title={`requests ${formatCount(hover.from)}–${formatCount(hover.to)}${hover.point.warmup ? ' (warm-up)' : ''}`}
            rows={series.map((s) => ({ key: s.key, colour: s.colour, cy: hover.ys[s.key]!, text: `${s.label} ${formatValue(s.key, hover.point[s.key])}`, data: { 'data-series': s.key } }))}
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
