// A one-parameter sweep's chart: a presentational SVG over useSweepLayout — a line and its
// points per series, a hover read-out of every series at the nearest swept value — and a legend.
import { LineSwatch } from '../lineDash';
import { ChartAxes } from '../ChartAxes';
import { HoverReadout } from '../HoverReadout';
import { useElementSize } from '../useElementSize';
import { useHoverX } from '../useHoverX';
import { nearestSwept, useSweepLayout, type SweepChartSpec } from './useSweepLayout';

export const SWEEP_HEIGHT = 260;

export function SweepChart({ spec, values }: { spec: SweepChartSpec; values: Record<string, number> }) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 600, height: SWEEP_HEIGHT });
  const layout = useSweepLayout(spec, values, { width: size.width, height: SWEEP_HEIGHT });
  const [hoverX, hoverHandlers] = useHoverX();
  const hover = hoverX === null ? null : nearestSwept(layout, hoverX);
  const { plot } = layout;
  return (
    <div ref={ref} className="param-sweep-chart">
      <svg
        data-testid="param-sweep-chart"
        className="cdf-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={`${spec.yLabel} against ${spec.xLabel}`}
        {...hoverHandlers}
      >
        <g className="cdf-grid">
          {layout.yTicks.map((t) => (
            <line key={t.y} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        {layout.series.map((s) => (
          <g key={s.name} data-series={s.name}>
            <path d={s.d} fill="none" stroke={s.colour} strokeWidth={2} strokeDasharray={s.dash} />
            {s.xy.map((p) => (
              <circle key={p.x} cx={p.cx} cy={p.cy} r={3.5} fill={s.colour} data-x={p.x} data-y={p.y}>
                <title>{`${s.name} at ${p.x}: ${spec.format(p.y)}`}</title>
              </circle>
            ))}
          </g>
        ))}
        <ChartAxes
          plot={plot}
          height={layout.height}
          xTicks={layout.xTicks}
          yTicks={layout.yTicks}
          title={spec.xLabel}
        />
        {hover && (
          <HoverReadout
            plot={plot}
            x={hover.cx}
            testId="param-sweep-hover"
            data={{ 'data-x': hover.x }}
            title={`at ${spec.xTick(hover.x)}${spec.xUnit ?? ''}`}
            rows={hover.points.map((p) => ({
              key: p.name,
              colour: p.colour,
              cy: p.cy,
              text: `${p.name}: ${spec.format(p.y)}`,
              data: { 'data-name': p.name, 'data-y': p.y },
            }))}
          />
        )}
      </svg>
      <p className="chart-legend">
        {layout.series.map((s) => (
          <span key={s.name} className="legend-item">
            <LineSwatch color={s.colour} dash={s.dash} /> <span>{s.name}</span>{' '}
          </span>
        ))}
        · {spec.yLabel}
      </p>
    </div>
  );
}
