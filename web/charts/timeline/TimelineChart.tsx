// Hit ratio over time: a presentational SVG over useTimelineLayout — one line per series, shares
// of reads on the left axis and DEMOTEs per read on their own at the right, the warm-up shaded,
// a hover read-out of the slice under the pointer — and a legend naming every series and its
// axis (a slice's values are the read-out's).
import { formatCount, formatPercent } from '../../format/numbers';
import type { TimelinePoint } from './timeline';
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
        {layout.warmX > plot.left && (
          <rect
            className="timeline-warmup"
            x={plot.left}
            y={plot.top}
            width={layout.warmX - plot.left}
            height={plot.bottom - plot.top}
          />
        )}
        <g className="cdf-grid">
          {layout.yTicks.map((t) => (
            <line key={t.y} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        {layout.paths.map((p) => (
          <path key={p.key} className={`timeline-line ${p.className}`} d={p.d} data-series={p.key} />
        ))}
        <ChartAxes
          plot={plot}
          height={layout.height}
          xTicks={layout.xTicks}
          yTicks={layout.yTicks}
          title={`requests processed${layout.warmX > plot.left ? ' (warm-up shaded)' : ''}`}
        />
        {layout.y2Ticks.length > 0 && (
          <g className="cdf-axis timeline-y2" data-testid="timeline-demote-axis" data-max={layout.demoteMax}>
            <line x1={plot.right} x2={plot.right} y1={plot.top} y2={plot.bottom} />
            {layout.y2Ticks.map((t) => (
              <text key={t.y} x={plot.right + 6} y={t.y} dy="0.32em" textAnchor="start">
                {t.label}
              </text>
            ))}
            <text
              className="cdf-axis-title"
              transform={`translate(${layout.width - 6} ${(plot.top + plot.bottom) / 2}) rotate(90)`}
              textAnchor="middle"
            >
              DEMOTEs per read
            </text>
          </g>
        )}
        {hover && (
          <HoverReadout
            plot={plot}
            x={hover.x}
            testId="timeline-hover"
            data={{
              'data-from': hover.from,
              'data-to': hover.to,
              'data-client': hover.point.client,
              'data-array': hover.point.array,
              'data-disk': hover.point.disk,
              'data-demotions': hover.point.demotions,
            }}
            title={`requests ${formatCount(hover.from)}–${formatCount(hover.to)}${hover.point.warmup ? ' (warm-up)' : ''}`}
            rows={series.map((s) => ({
              key: s.key,
              colour: s.colour,
              cy: hover.ys[s.key]!,
              text: `${s.label} ${formatValue(s.key, hover.point[s.key])}`,
              data: { 'data-series': s.key },
            }))}
          />
        )}
      </svg>
      <p className="chart-legend" data-testid="timeline-legend">
        {series.map((s) => (
          <span key={s.key} className="legend-item" data-series={s.key}>
            <span className={`swatch timeline-swatch ${s.className}`} />{' '}
            <span>
              {s.label} ({s.key === 'demotions' ? 'right axis' : 'share of reads, left axis'})
            </span>{' '}
          </span>
        ))}
      </p>
    </div>
  );
}
