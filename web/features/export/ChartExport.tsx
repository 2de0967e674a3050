// SVG and PNG buttons for the chart inside `target` (its first <svg>).
import type { RefObject } from 'react';
import { download, svgPng, svgText } from './export';

export function ChartExport({ target, name, testId }: { target: RefObject<HTMLElement | null>; name: string; testId: string }) {
  const svg = () => target.current?.querySelector('svg') ?? null;
  return (
    <span className="chart-export" role="group" aria-label="export the chart">
      <button
        type="button"
        className="button secondary small"
        data-testid={`${testId}-svg`}
        onClick={() => {
          const s = svg();
          if (s) download(`${name}.svg`, svgText(s), 'image/svg+xml');
        }}
      >
        SVG
      </button>
      <button
        type="button"
        className="button secondary small"
        data-testid={`${testId}-png`}
        onClick={() => {
          const s = svg();
          if (s) void svgPng(s).then((png) => download(`${name}.png`, png));
        }}
      >
        PNG
      </button>
    </span>
  );
}
