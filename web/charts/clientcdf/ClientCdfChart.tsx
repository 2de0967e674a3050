// The per-client latency CDFs: a presentational SVG over useClientCdfLayout, a legend of the
// clients' lines, and a visually hidden table per client of the same numbers (the chart's
// accessible alternative, and what the end-to-end tests read).
import { CdfRows } from '../cdf/CdfChart';
import { ChartAxes } from '../ChartAxes';
import { LineSwatch } from '../lineDash';
import { useElementSize } from '../useElementSize';
import { useClientCdfLayout, type ClientLatency } from './useClientCdfLayout';

const HEIGHT = 300;

export function ClientCdfChart({ clients }: { clients: readonly ClientLatency[] }) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 640, height: HEIGHT });
  const { width, height, plot, series, xTicks, yTicks } = useClientCdfLayout(clients, {
    width: size.width,
    height: HEIGHT,
  });
  return (
    <div className="cdf" ref={ref}>
      <svg
        data-testid="client-cdf-chart"
        className="cdf-svg"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label="Latency CDF of each client: cumulative fraction of its requests against latency, log scale"
      >
        <g className="cdf-grid">
          {xTicks.map((t) => (
            <line key={`x${t.ms}`} x1={t.x} x2={t.x} y1={plot.top} y2={plot.bottom} />
          ))}
          {yTicks.map((t) => (
            <line key={`y${t.v}`} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        {series.map(
          (s) =>
            s.path && (
              <path
                key={s.name}
                className="client-cdf-line"
                data-client={s.name}
                d={s.path}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray={s.dash}
              />
            ),
        )}
        <ChartAxes plot={plot} height={height} xTicks={xTicks} yTicks={yTicks} title="latency (log scale)" />
      </svg>
      <ul className="mrc-legend">
        {series.map((s) => (
          <li key={s.name}>
            <LineSwatch color={s.color} dash={s.dash} /> {s.name}
          </li>
        ))}
      </ul>
      {series.map((s) => (
        <div key={s.name} className="visually-hidden">
          <table data-testid="client-cdf-table" data-client={s.name}>
            <caption>
              Latency CDF of {s.name}: each bin's upper edge and the fraction of its requests faster than it.
            </caption>
            <CdfRows rows={s.rows} />
          </table>
        </div>
      ))}
    </div>
  );
}
