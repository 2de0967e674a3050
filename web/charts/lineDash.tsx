// Dash patterns that tell lines apart even where they coincide (two identical clients draw one
// curve; the later one's gaps show the earlier one's colour), and the legend swatch to match.

const DASHES = ['', '7 4', '2 3', '10 3 2 3', '4 4'];

/** The i-th line's dash pattern: the first solid, the rest dashed, cycling. */
export function lineDash(i: number): string | undefined {
  const d = DASHES[i % DASHES.length];
  return d === '' ? undefined : d;
}

/** A legend's sample of a line: its colour and dash. */
export function LineSwatch({ color, dash }: { color: string; dash?: string }) {
  return (
    <svg className="line-swatch" width={20} height={6} aria-hidden="true">
      <line x1={0} x2={20} y1={3} y2={3} stroke={color} strokeWidth={2.5} strokeDasharray={dash} />
    </svg>
  );
}
