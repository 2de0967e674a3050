// A power-of-two distribution as bars (binsLayout): each bin's share of the whole, its range
// and count in the bar's tooltip.
import { formatCount, formatPercent } from '../../format/numbers';
import { ChartAxes } from '../ChartAxes';
import { EmptyText } from '../EmptyText';
import { useElementSize } from '../useElementSize';
import { type BinCount, useBinsLayout } from './binsLayout';

const HEIGHT = 200;

export interface BinsChartProps {
  bins: readonly BinCount[];
  /** A bin edge as its axis label ("4 KiB", "1.5 s", "1,024"). */
  label: (v: number) => string;
  /** What the bins count, under the axis: "requests since the previous reference". */
  xTitle: string;
  /** What the bars are shares of, for screen readers and the tooltip: "reuses". */
  of: string;
  /** Said on the plot when there are no bins. */
  empty: string;
  testId: string;
}

export function BinsChart({ bins, label, xTitle, of, empty, testId }: BinsChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 480, height: HEIGHT });
  const layout = useBinsLayout(bins, label, { width: size.width, height: HEIGHT });
  const { plot } = layout;
  return (
    <div ref={ref} className="profile-chart">
      <svg
        data-testid={testId}
        className="cdf-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={`${of} by ${xTitle}`}
      >
        <g className="cdf-grid">
          {layout.yTicks.map((t) => (
            <line key={t.y} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
          ))}
        </g>
        {layout.bars.map((b) => (
          <rect
            key={b.from}
            className="profile-bar"
            x={b.x}
            y={b.y}
            width={b.w}
            height={Math.max(0, plot.bottom - b.y)}
            data-from={b.from}
            data-count={b.count}
          >
            <title>{`${label(b.from)} to ${label(b.to)}: ${formatCount(b.count)} ${of} (${formatPercent(b.share)})`}</title>
          </rect>
        ))}
        {layout.bars.length === 0 && <EmptyText plot={plot} text={empty} />}
        <ChartAxes plot={plot} height={layout.height} xTicks={layout.xTicks} yTicks={layout.yTicks} title={xTitle} />
      </svg>
    </div>
  );
}
