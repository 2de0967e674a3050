// Hit ratio over time, live: where each slice of the run's reads landed (client, array, disk)
// and the DEMOTE traffic per read, slice by slice as the reports arrive; warm-up shaded.
import { line, scaleLinear } from 'd3';
import { useEffect, useMemo, useState } from 'react';
import { formatCount } from '../../../app/format';
import { ChartAxes } from '../../../charts/ChartAxes';
import { useElementSize } from '../../../charts/useElementSize';
import type { Report } from '../../../worker/protocol';
import { EMPTY_TIMELINE, extendTimeline, type Timeline, type TimelinePoint } from '../timeline';

const HEIGHT = 200;
const MARGIN = { left: 46, right: 16, top: 10, bottom: 34 };

const SERIES = [
  { key: 'client', label: 'client hits', className: 'is-client' },
  { key: 'array', label: 'array hits', className: 'is-array' },
  { key: 'disk', label: 'disk reads', className: 'is-disk' },
  { key: 'demotions', label: 'DEMOTEs per read', className: 'is-demote' },
] as const;

export function TimelineChart({ report, runKey }: { report: Report | null; runKey: string | null }) {
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
    const paths = SERIES.map((s) => ({ ...s, d: line<TimelinePoint>().x((p) => x(p.at)).y((p) => y(Math.min(1, p[s.key])))(pts) ?? '' }));
    const warm = report?.warmupRequests ?? 0;
    return { plot, paths, warmX: x(Math.min(warm, total)), xTicks: x.ticks(5).map((v) => ({ x: x(v), label: formatCount(v) })), yTicks: [0, 0.5, 1].map((v) => ({ y: y(v), label: `${v * 100}%` })) };
  }, [timeline, size.width, total, report?.warmupRequests]);
  const { plot } = layout;
  const last = timeline.points[timeline.points.length - 1];
  return (
    <div ref={ref} className="timeline" data-testid="timeline" data-points={timeline.points.length}>
      <svg className="cdf-svg" width={size.width} height={HEIGHT} viewBox={`0 0 ${size.width} ${HEIGHT}`} role="img" aria-label="Share of each slice of the run's reads served by the client, the array and the disk, and DEMOTEs per read, against requests processed">
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
      </svg>
      <p className="chart-legend">
        {SERIES.map((s) => (
          <span key={s.key} className="legend-item">
            <span className={`swatch timeline-swatch ${s.className}`} /> {s.label}
            {last ? ` ${(last[s.key] * (s.key === 'demotions' ? 1 : 100)).toFixed(s.key === 'demotions' ? 2 : 1)}${s.key === 'demotions' ? '' : ' %'}` : ''}{' '}
          </span>
        ))}
      </p>
    </div>
  );
}
