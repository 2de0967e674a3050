// Paper 000 Figure 4: a presentational SVG over useUpsideLayout — per equal size, the inclusive
// and the exclusive pair's hit fraction, labelled with the % cut in misses exclusivity buys.
// The size labels sit under each pair (not ChartAxes' x ticks): they are the bars' own.
import { formatCount, formatPercent } from '../../format/numbers';
import type { UpsidePoint } from '../../worker/protocol';
import { useElementSize } from '../useElementSize';
import { useUpsideLayout } from './useUpsideLayout';

const HEIGHT = 240;

export function UpsideChart({ points }: { points: readonly UpsidePoint[] }) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 640, height: HEIGHT });
  const layout = useUpsideLayout(points, { width: size.width, height: HEIGHT });
  const { plot } = layout;
  return (
    <div className="cdf" ref={ref}>
      <svg
        data-testid="upside-chart"
        className="cdf-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label="Predicted hit fraction against equal client and array sizes, inclusive and exclusive bars, each labelled with the percent reduction in the miss rate"
      >
        <g className="cdf-grid">
          {layout.yTicks.map((t) => (
            <line key={t.value} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        <g className="upside-bars">
          {layout.bars.map((b) => (
            <g key={b.p.client} data-size={b.p.client}>
              <rect className="inclusive" x={b.x0} y={b.yi} width={b.bw} height={plot.bottom - b.yi}>
                <title>{`inclusive, ${formatCount(b.p.client)} + ${formatCount(b.p.array)} blocks: ${formatPercent(b.inc)} hits`}</title>
              </rect>
              <rect className="exclusive" x={b.x0 + b.bw} y={b.ye} width={b.bw} height={plot.bottom - b.ye}>
                <title>{`exclusive, ${formatCount(b.p.client)} + ${formatCount(b.p.array)} blocks: ${formatPercent(b.exc)} hits`}</title>
              </rect>
              <text
                className="reduction"
                data-testid="upside-bar-reduction"
                data-size={b.p.client}
                data-value={String(b.p.missReductionPercent)}
                x={b.x0 + b.bw}
                y={Math.min(b.yi, b.ye) - 5}
                textAnchor="middle"
              >
                {Math.round(b.p.missReductionPercent)}%
              </text>
              <text x={b.x0 + b.bw} y={plot.bottom + 15} textAnchor="middle">
                {formatCount(b.p.client)}
              </text>
            </g>
          ))}
        </g>
        <g className="cdf-axis">
          <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
          {layout.yTicks.map((t) => (
            <text key={t.value} x={plot.left - 8} y={t.y} dy="0.32em" textAnchor="end">
              {t.value * 100}%
            </text>
          ))}
          <text className="cdf-axis-title" x={(plot.left + plot.right) / 2} y={layout.height - 4} textAnchor="middle">
            client = array cache size (blocks) · bars: hit fraction, inclusive then exclusive · labels: % cut in misses
          </text>
        </g>
      </svg>
    </div>
  );
}
