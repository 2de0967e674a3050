// The axes every chart draws the same way: a baseline, x tick labels under it, y tick labels
// left of the plot, and the x axis title at the bottom of the SVG.
import type { ReactNode } from 'react';

export interface Plot {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface ChartAxesProps {
  plot: Plot;
  /** The SVG's height: the title sits at its bottom. */
  height: number;
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  title: ReactNode;
}

export function ChartAxes({ plot, height, xTicks, yTicks, title }: ChartAxesProps) {
  return (
    <g className="cdf-axis">
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
      {xTicks.map((t) => (
        <text key={t.x} x={t.x} y={plot.bottom + 16} textAnchor="middle">
          {t.label}
        </text>
      ))}
      {yTicks.map((t) => (
        <text key={t.y} x={plot.left - 8} y={t.y} dy="0.32em" textAnchor="end">
          {t.label}
        </text>
      ))}
      <text className="cdf-axis-title" x={(plot.left + plot.right) / 2} y={height - 4} textAnchor="middle">
        {title}
      </text>
    </g>
  );
}
