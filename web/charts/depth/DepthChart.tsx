// LRU stack-depth graphs: one step line per stream, the run's cache sizes marked, and a hidden
// table per curve with the same numbers (for screen readers and the end-to-end tests).
import { useMemo } from 'react';
import { formatCount, formatPercent } from '../../format/numbers';
import type { DepthCurve } from '../../worker/protocol';
import { useElementSize } from '../useElementSize';
import {
  computeDepthLayout,
  DEPTH_LABEL_PITCH,
  nearestDepth,
  type DepthMark,
  type DepthScale,
  type DepthUnit,
} from './useDepthLayout';
import { ChartAxes } from '../ChartAxes';
import { useHoverX } from '../useHoverX';
import { LineSwatch } from '../lineDash';
import { EmptyText } from '../EmptyText';
import { HoverReadout } from '../HoverReadout';

const HEIGHT = 300;

export interface DepthChartProps {
  curves: DepthCurve[];
  marks: DepthMark[];
  scale: DepthScale;
  unit: DepthUnit;
  blockSize: number;
  /** Draw the accessible tables (left out while a run streams: they are many rows to commit). */
  tables?: boolean;
}

export function DepthChart({ curves, marks, scale, unit, blockSize, tables = true }: DepthChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 640, height: HEIGHT });
  const layout = useMemo(
    () => computeDepthLayout(curves, marks, { width: size.width, height: HEIGHT }, scale, unit, blockSize),
    [curves, marks, size.width, scale, unit, blockSize],
  );
  const { plot } = layout;
  const [hoverX, hoverHandlers] = useHoverX();
  const hover = hoverX === null ? null : nearestDepth(layout, hoverX);
  return (
    <div className="cdf" ref={ref}>
      <svg
        data-testid="depth-chart"
        className="cdf-svg"
        width={size.width}
        height={HEIGHT}
        viewBox={`0 0 ${size.width} ${HEIGHT}`}
        role="img"
        aria-label={`LRU stack-depth graph: the fraction of references an LRU cache would hit against its size, ${scale} scale, one line per stream`}
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
        {layout.marks.map((m) => (
          <g key={m.key} className="cdf-ref depth-mark" data-testid={`depth-mark-${m.key}`} data-size={m.size}>
            <line x1={m.x} x2={m.x} y1={plot.top - 4 - m.row * DEPTH_LABEL_PITCH} y2={plot.bottom} />
            <text x={m.labelX} y={plot.top - 8 - m.row * DEPTH_LABEL_PITCH} textAnchor={m.anchor} data-row={m.row}>
              {m.label}
            </text>
          </g>
        ))}
        {layout.curves.map(
          (c) =>
            c.path && (
              <path
                key={c.curve.name}
                className="depth-line"
                data-testid="depth-line"
                data-curve={c.curve.name}
                data-references={c.curve.references}
                d={c.path}
                stroke={c.color}
                strokeDasharray={c.dash}
              />
            ),
        )}
        <ChartAxes
          plot={plot}
          height={HEIGHT}
          xTicks={layout.xTicks}
          yTicks={layout.yTicks}
          title={
            <>
              LRU cache size ({unit}
              {scale === 'log' ? ', log scale' : ''})
            </>
          }
        />
        {hover && (
          <HoverReadout
            plot={plot}
            x={hover.x}
            testId="depth-hover"
            data={{ 'data-size': hover.size }}
            title={`at ${layout.sizeLabel(hover.size)}${unit === 'blocks' ? ' blocks' : ''}`}
            rows={hover.points.map((p) => ({
              key: p.name,
              colour: p.color,
              cy: p.y,
              text: `${p.name}: ${formatPercent(p.hit)} hits`,
              data: { 'data-curve': p.name, 'data-hit': p.hit },
            }))}
          />
        )}
        {layout.empty && <EmptyText plot={plot} text="Run the scenario to draw its stack-depth graphs." />}
      </svg>
      {layout.curves.length > 0 && (
        <ul className="mrc-legend">
          {layout.curves.map((c) => (
            <li key={c.curve.name}>
              <LineSwatch color={c.color} dash={c.dash} />
              {c.curve.name}
              <span className="muted">
                {' '}
                ·{' '}
                {c.curve.scope === 'workload'
                  ? 'all requests'
                  : c.curve.scope === 'client'
                    ? 'its requests'
                    : 'what reaches it'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {(tables ? curves : []).map((c) => (
        <div key={c.name} className="visually-hidden">
          <table data-testid="depth-table" data-curve={c.name} data-references={c.references}>
            <caption>Stack-depth graph of {c.name}: LRU hit fraction at each cache size in blocks.</caption>
            <tbody>
              {c.sizes.map((s, i) => (
                <tr key={s} data-size={s} data-hit={String(c.hits[i])}>
                  <th scope="row">{formatCount(s)}</th>
                  <td>{formatPercent(c.hits[i])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
