/** A chart axis: logarithmic (every decade alike) or linear (from 0). */
export type AxisScale = 'log' | 'linear';
