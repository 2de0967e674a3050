// Labels for the vertical reference lines drawn over a chart (the CDF's path costs, the
// stack-depth graph's cache sizes): placed in rows above the plot so that none overlaps another
// or leaves the chart, however narrow it is.

export interface LabelPlace {
  /** Row above the plot, 0 nearest. */
  row: number;
  /** Centred on its line, or beside it (start: to the right of it). */
  anchor: 'start' | 'middle' | 'end';
  /** The label's x: its anchor point. */
  labelX: number;
}

/** Label rows above a plot. */
export const REF_LABEL_ROWS = 3;
/** A reference label's width: its 10.5 px bold characters, generously. */
const labelWidth = (label: string) => label.length * 6.4;

/**
 * Places reference labels, left to right: each takes the first of centred on its line, then
 * beside it (right, then left), row by row, that overlaps no label placed before it and stays
 * within `[0, width]`; when none does (a very narrow chart), the least crowded row, centred and
 * pulled inside.
 */
export function placeRefLabels(specs: readonly { x: number; label: string }[], width: number): LabelPlace[] {
  const PAD = 6;
  const placed: { row: number; from: number; to: number }[] = [];
  return specs.map(({ x, label }) => {
    const w = labelWidth(label);
    const options: { anchor: LabelPlace['anchor']; from: number }[] = [
      { anchor: 'middle', from: x - w / 2 },
      { anchor: 'start', from: x + 4 },
      { anchor: 'end', from: x - 4 - w },
    ];
    for (let row = 0; row < REF_LABEL_ROWS; row++) {
      for (const o of options) {
        const [from, to] = [o.from, o.from + w];
        if (from < 0 || to > width) continue;
        if (placed.some((p) => p.row === row && from < p.to + PAD && p.from < to + PAD)) continue;
        placed.push({ row, from, to });
        return { row, anchor: o.anchor, labelX: o.anchor === 'middle' ? x : o.anchor === 'start' ? x + 4 : x - 4 };
      }
    }
    const counts = Array.from({ length: REF_LABEL_ROWS }, (_, r) => placed.filter((p) => p.row === r).length);
    const row = counts.indexOf(Math.min(...counts));
    const from = Math.min(Math.max(0, x - w / 2), Math.max(0, width - w));
    placed.push({ row, from, to: from + w });
    return { row, anchor: 'middle', labelX: from + w / 2 };
  });
}
