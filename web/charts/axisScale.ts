/** A chart axis: logarithmic (every decade alike) or linear (from 0). */
export type AxisScale = 'log' | 'linear';

/**
 * How many ticks to ask d3 for on an axis `span` px long whose labels are about `labelPx` wide
 * (with room between them): at most `most`, at least 2 — so a phone's narrow chart does not
 * pile its labels on one another.
 */
export function tickCount(span: number, labelPx = 72, most = 6): number {
  return Math.max(2, Math.min(most, Math.floor(span / labelPx)));
}
