// Dash patterns that tell lines apart even where they coincide (two identical clients draw one
// curve; the later one's gaps show the earlier one's colour), and the legend swatch to match.

import { schemeTableau10 } from 'd3';

const DASHES = ['', '7 4', '2 3', '10 3 2 3', '4 4'];

/** The i-th line's dash pattern: the first solid, the rest dashed, cycling. */
export function lineDash(i: number): string | undefined {
  const d = DASHES[i % DASHES.length];
  return d === '' ? undefined : d;
}

/** The palette series are drawn in: ten colours, then again dashed. */
const PALETTE = schemeTableau10;
/** Past the palette, each round of its colours in a dash pattern of its own. */
const ROUND_DASHES = ['', '7 4', '2 3', '10 3 2 3', '4 4', '12 4', '1 4'];

/**
 * The i-th series' colour and dash: the palette's colours solid first, then each later round of
 * them dashed, so that no two of the first 70 series look alike (d3's palette alone repeats
 * after 10).
 */
export function seriesStyle(i: number): { color: string; dash?: string } {
  const round = Math.floor(i / PALETTE.length);
  const dash = ROUND_DASHES[round % ROUND_DASHES.length];
  return { color: PALETTE[i % PALETTE.length], dash: dash === '' ? undefined : dash };
}

/** A legend's sample of a line: its colour and dash. */
export function LineSwatch({ color, dash }: { color: string; dash?: string }) {
  return (
    <svg className="line-swatch" width={20} height={6} aria-hidden="true">
      <line x1={0} x2={20} y1={3} y2={3} stroke={color} strokeWidth={2.5} strokeDasharray={dash} />
    </svg>
  );
}
