// A trace analysis' line chart (linesLayout): each series a line with its points, a legend of
// the series when there are several.
import { ChartAxes } from '../ChartAxes';
import { EmptyText } from '../EmptyText';
import { LineSwatch } from '../lineDash';
import { useElementSize } from '../useElementSize';
import { type LinesSpec, useLinesLayout } from './linesLayout';

const HEIGHT = 220;

export interface LinesChartProps {
  spec: LinesSpec;
  xTitle: string;
  /** What the chart shows, for screen readers. */
  label: string;
  empty: string;
  testId: string;
}

export function LinesChart({ spec, xTitle, label, empty, testId }: LinesChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 480, height: HEIGHT });
  const layout = useLinesLayout(spec, { width: size.width, height: HEIGHT });
  const { plot } = layout;
  const points = layout.series.reduce((n, s) => n + s.xy.length, 0);
  return (
    <div ref={ref} className="profile-chart">
      <svg
        data-testid={testId}
        className="cdf-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={label}
      >
        <g className="cdf-grid">
          {layout.yTicks.map((t) => (
            <line key={t.y} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        {layout.series.map((s) => (
          <g key={s.name} data-series={s.name}>
            <path d={s.d} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray={s.dash} />
            {s.xy.length <= 64 &&
              s.xy.map((p) => <circle key={`${p.x}:${p.y}`} cx={p.cx} cy={p.cy} r={2.5} fill={s.color} />)}
          </g>
        ))}
        {points === 0 && <EmptyText plot={plot} text={empty} />}
        <ChartAxes plot={plot} height={layout.height} xTicks={layout.xTicks} yTicks={layout.yTicks} title={xTitle} />
      </svg>
      {layout.series.length > 1 && (
        <p className="chart-legend">
          {layout.series.map((s) => (
            <span key={s.name} className="legend-item">
              <LineSwatch color={s.color} dash={s.dash} /> <span>{s.name}</span>{' '}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
