// The latency CDF: a presentational SVG over useCdfLayout, plus a visually hidden table of the
// same numbers (the chart's accessible alternative, and what the end-to-end tests read).
import { formatDuration, formatPercent } from '../../format/numbers';
import type { Report } from '../../worker/protocol';
import { useElementSize } from '../useElementSize';
import { readOut, REF_LABEL_PITCH, useCdfLayout, type CdfScale, type Pin } from './useCdfLayout';
import { ChartAxes } from '../ChartAxes';
import { useHoverX } from '../useHoverX';
import { EmptyText } from '../EmptyText';

const HEIGHT = 320;

export interface CdfChartProps {
  report: Report | null;
  /** Shown under the chart when there is no data. */
  emptyText?: string;
  /** Earlier runs drawn over this one, dashed. */
  pins?: Pin[];
  /** Draw the accessible table (left out while a run streams: many rows to commit). */
  table?: boolean;
  /** The latency axis: log (the default) or linear. */
  scale?: CdfScale;
}

/** Colours of pinned runs' lines, in pin order. */
export const PIN_COLOURS = ['#c2603a', '#7a4fbf', '#12907a', '#b8860b'];

export function CdfChart({
  report,
  emptyText = 'Run the scenario to see its latency distribution.',
  pins,
  table = true,
  scale = 'log',
}: CdfChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 640, height: HEIGHT });
  const layout = useCdfLayout(report, { width: size.width, height: HEIGHT }, pins, scale);
  const { plot, rows } = layout;
  const [hoverX, hoverHandlers] = useHoverX();
  const hover = hoverX === null ? null : readOut(layout, hoverX);

  return (
    <div className="cdf" ref={ref}>
      <svg
        data-testid="cdf-chart"
        className="cdf-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={`Latency CDF: cumulative fraction of requests against latency, ${scale} scale`}
        {...hoverHandlers}
      >
        <g className="cdf-grid">
          {layout.xMinorTicks.map((x) => (
            <line key={`m${x}`} className="minor" x1={x} x2={x} y1={plot.top} y2={plot.bottom} />
          ))}
          {layout.xTicks.map((t) => (
            <line key={`x${t.ms}`} x1={t.x} x2={t.x} y1={plot.top} y2={plot.bottom} />
          ))}
          {layout.yTicks.map((t) => (
            <line key={`y${t.value}`} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>

        {layout.refs.map((r) => (
          <g key={r.key} className={`cdf-ref cdf-ref-${r.key}`} data-ms={r.ms}>
            <line x1={r.x} x2={r.x} y1={plot.top - 4 - r.row * REF_LABEL_PITCH} y2={plot.bottom} />
            <text x={r.labelX} y={plot.top - 8 - r.row * REF_LABEL_PITCH} textAnchor={r.anchor} data-row={r.row}>
              {r.label}
            </text>
          </g>
        ))}

        {layout.area && <path className="cdf-area" d={layout.area} />}
        {layout.pins.map((p, i) => (
          <path
            key={p.name}
            className="cdf-pin"
            data-pin={p.name}
            d={p.line}
            stroke={PIN_COLOURS[i % PIN_COLOURS.length]}
          />
        ))}
        {layout.line && <path className="cdf-line" d={layout.line} />}

        <ChartAxes
          plot={plot}
          height={layout.height}
          xTicks={layout.xTicks}
          yTicks={layout.yTicks}
          title={`latency (${scale} scale)`}
        />

        {hover && (
          <g className="cdf-hover" data-testid="cdf-hover" data-ms={hover.ms} data-cum={hover.cum} pointerEvents="none">
            <line x1={hover.x} x2={hover.x} y1={plot.top} y2={plot.bottom} />
            <circle cx={hover.x} cy={hover.y} r={3.5} />
            <text
              x={hover.x + (hover.x > (plot.left + plot.right) / 2 ? -8 : 8)}
              y={Math.max(plot.top + 12, hover.y - 8)}
              textAnchor={hover.x > (plot.left + plot.right) / 2 ? 'end' : 'start'}
            >
              {`≤ ${formatDuration(hover.ms)}: ${formatPercent(hover.cum)} of requests`}
            </text>
          </g>
        )}

        {!layout.line && <EmptyText plot={plot} text={emptyText} />}
      </svg>

      {table && (
        <div className="visually-hidden">
          <table data-testid="cdf-table">
            <caption>
              Latency CDF: for each latency bin, its upper edge and the fraction of requests faster than it
              {layout.total ? ` (${layout.total} requests)` : ''}.
            </caption>
            <CdfRows rows={rows} />
          </table>
        </div>
      )}
    </div>
  );
}

/** A CDF's rows for its accessible table: each bin's upper edge and the fraction below it. */
export function CdfRows({ rows }: { rows: { bin: number; upperMs: number; cum: number }[] }) {
  return (
    <tbody>
      {rows.map((r) => (
        <tr key={r.bin} data-upper-ms={String(r.upperMs)} data-cum={String(r.cum)}>
          <th scope="row">{Number.isFinite(r.upperMs) ? `< ${formatDuration(r.upperMs)}` : '≥ 10 s'}</th>
          <td>{formatPercent(r.cum)}</td>
        </tr>
      ))}
    </tbody>
  );
}
