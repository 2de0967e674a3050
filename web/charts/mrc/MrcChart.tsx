// Miss-ratio curves: one line per policy over cache sizes (log scale), a legend, and a table of
// the same numbers (what screen readers and the end-to-end tests read).
import { formatBytes, formatCount, formatPercent } from '../../format/numbers';
import { useElementSize } from '../useElementSize';
import { nearestSize, useMrcLayout, type Curve, type MrcScale, type SizeUnit } from './useMrcLayout';
import { ChartAxes } from '../ChartAxes';
import { useHoverX } from '../useHoverX';
import { EmptyText } from '../EmptyText';
import { HoverReadout } from '../HoverReadout';
import { LineSwatch } from '../lineDash';

const HEIGHT = 300;

export interface MrcChartProps {
  curves: Curve[];
  /** Policy order, for stable colours. */
  order: readonly string[];
  emptyText?: string;
  /** The cache-size axis (default log). */
  scale?: MrcScale;
  /** The sizes the next sweep covers: the axis before it has points. */
  span?: readonly [number, number];
  /** What the sizes count (default blocks): bytes draw a byte axis, KiB … TiB. */
  unit?: SizeUnit;
  /** For curves in bytes: which miss ratio they draw. */
  ratioBy?: 'requests' | 'bytes';
  /** The curves' floor, the compulsory miss ratio (first references miss in a cache of any size): a named line. */
  floor?: number;
}

export function MrcChart({
  curves,
  order,
  emptyText = 'Run a sweep to draw miss-ratio curves.',
  scale = 'log',
  span,
  unit = 'blocks',
  ratioBy,
  floor,
}: MrcChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 640, height: HEIGHT });
  const layout = useMrcLayout(curves, order, { width: size.width, height: HEIGHT }, scale, span, unit, floor);
  const at = (n: number) => (unit === 'bytes' ? formatBytes(n) : `${formatCount(n)} blocks`);
  const ratio =
    ratioBy === 'bytes' ? 'byte miss ratio' : ratioBy === 'requests' ? 'miss ratio per request' : 'read miss ratio';
  const { plot } = layout;
  const [hoverX, hoverHandlers] = useHoverX();
  const hover = hoverX === null ? null : nearestSize(layout, hoverX);
  return (
    <div className="mrc" ref={ref}>
      <svg
        data-testid="sweep-chart"
        className="mrc-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={`Miss-ratio curves: ${ratio} against cache size in ${unit}, ${scale} scale, one line per policy`}
        {...hoverHandlers}
      >
        <g className="cdf-grid">
          {layout.xTicks.map((t) => (
            <line key={`x${t.value}`} x1={t.x} x2={t.x} y1={plot.top} y2={plot.bottom} />
          ))}
          {layout.yTicks.map((t) => (
            <line key={`y${t.value}`} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        {layout.floorY !== null && floor !== undefined && (
          <g className="mrc-floor" data-testid="mrc-floor" data-ratio={floor}>
            <line x1={plot.left} x2={plot.right} y1={layout.floorY} y2={layout.floorY} />
            <text x={plot.right - 4} y={layout.floorY - 5} textAnchor="end">
              {`compulsory misses ${formatPercent(floor)}: no cache of any size misses less`}
            </text>
          </g>
        )}
        {layout.curves.map((c) => (
          <g key={c.policy} className="mrc-curve" data-policy={c.policy} style={{ color: c.color }}>
            {c.path && <path className="mrc-line" d={c.path} strokeDasharray={c.dash} />}
            {c.marks.map((m) => (
              <circle key={m.size} className="mrc-mark" cx={m.x} cy={m.y} r={3.5}>
                <title>{`${c.label}: ${formatPercent(m.missRatio)} misses at ${at(m.size)}`}</title>
              </circle>
            ))}
          </g>
        ))}
        <ChartAxes
          plot={plot}
          height={layout.height}
          xTicks={layout.xTicks}
          yTicks={layout.yTicks}
          title={`cache size, ${unit} (${scale} scale)`}
        />
        {hover && (
          <HoverReadout
            plot={plot}
            x={hover.x}
            testId="mrc-hover"
            data={{ 'data-size': hover.size }}
            rows={hover.points.map((p) => ({
              key: p.label,
              colour: p.color,
              cy: p.y,
              text: `${p.label}: ${formatPercent(p.missRatio)} misses at ${unit === 'bytes' ? formatBytes(hover.size) : formatCount(hover.size)}`,
              data: { 'data-policy': p.label },
            }))}
          />
        )}
        {layout.empty && <EmptyText plot={plot} text={emptyText} />}
      </svg>
      {layout.curves.length > 0 && (
        <ul className="mrc-legend">
          {layout.curves.map((c) => (
            <li key={c.policy} data-testid={`sweep-legend-${c.policy}`}>
              <LineSwatch color={c.color} dash={c.dash} />
              {c.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
