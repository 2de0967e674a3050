// A chart's hover read-out: a rule at the pointer's x, an optional title, and for each series
// a dot on its line and a line of text — the text on whichever side of the rule has more room.

export interface ReadoutRow {
  key: string;
  colour: string;
  /** The dot's y (pixels). */
  cy: number;
  text: string;
  /** data-* attributes for the row's text (what tests and tools read). */
  data?: Record<string, string | number>;
}

export interface HoverReadoutProps {
  plot: { left: number; right: number; top: number; bottom: number };
  /** The rule's x (pixels). */
  x: number;
  testId: string;
  /** data-* attributes for the whole read-out. */
  data?: Record<string, string | number>;
  title?: string;
  rows: ReadoutRow[];
}

export function HoverReadout({ plot, x, testId, data, title, rows }: HoverReadoutProps) {
  const flip = x > (plot.left + plot.right) / 2;
  const textX = x + (flip ? -8 : 8);
  const anchor = flip ? 'end' : 'start';
  const first = plot.top + (title === undefined ? 12 : 26);
  return (
    <g className="cdf-hover" data-testid={testId} {...data} pointerEvents="none">
      <line x1={x} x2={x} y1={plot.top} y2={plot.bottom} />
      {title !== undefined && (
        <text x={textX} y={plot.top + 12} textAnchor={anchor}>
          {title}
        </text>
      )}
      {rows.map((r, i) => (
        <g key={r.key}>
          <circle cx={x} cy={r.cy} r={4} style={{ fill: r.colour }} />
          <text x={textX} y={first + i * 14} textAnchor={anchor} {...r.data}>
            {r.text}
          </text>
        </g>
      ))}
    </g>
  );
}
