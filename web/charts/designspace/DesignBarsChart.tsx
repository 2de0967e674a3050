// The design space's bar chart: a presentational SVG over useDesignBarsLayout — each approach's
// plain LRU bar beside its best design's, hierarchy-aware and aggressively-collaborative told
// apart — and its legend.
import { formatMs } from '../../format/numbers';
import { ChartAxes } from '../ChartAxes';
import { useElementSize } from '../useElementSize';
import { useDesignBarsLayout, type ApproachBars } from './useDesignBarsLayout';

const HEIGHT = 200;

export function DesignBarsChart({ bars }: { bars: readonly ApproachBars[] }) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 560, height: HEIGHT });
  const layout = useDesignBarsLayout(bars, { width: size.width, height: HEIGHT });
  const { plot } = layout;
  return (
    <div ref={ref} className="design-space-chart">
      <svg
        className="cdf-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label="Mean read latency of each approach's best design beside its plain LRU design"
      >
        <g className="cdf-grid">
          {layout.ticks.map((t) => (
            <line key={t.y} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        {layout.items.map((b) => (
          <g key={b.approach} data-approach={b.approach}>
            {b.yPlain !== null && (
              <rect className="plain" x={b.x0} y={b.yPlain} width={b.bw} height={plot.bottom - b.yPlain}>
                <title>{`${b.approach} plain LRU: ${formatMs(b.plainMs!)}`}</title>
              </rect>
            )}
            <rect
              className={`best ${b.approach.startsWith('HA') ? 'is-ha' : 'is-ac'}`}
              x={b.x0 + b.bw}
              y={b.yBest}
              width={b.bw}
              height={plot.bottom - b.yBest}
            >
              <title>{`${b.bestName}: ${formatMs(b.bestMs)}`}</title>
            </rect>
          </g>
        ))}
        <ChartAxes
          plot={plot}
          height={layout.height}
          xTicks={layout.items.map((b) => ({ x: b.x0 + b.bw, label: b.approach }))}
          yTicks={layout.ticks}
          title="each approach: plain LRU, and its best design"
        />
      </svg>
      <p className="chart-legend">
        <span className="legend-item">
          <span className="swatch plain" /> plain LRU
        </span>{' '}
        ·{' '}
        <span className="legend-item">
          <span className="swatch best is-ha" /> best hierarchy-aware
        </span>{' '}
        ·{' '}
        <span className="legend-item">
          <span className="swatch best is-ac" /> best aggressively-collaborative
        </span>
      </p>
    </div>
  );
}
