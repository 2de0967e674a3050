// SVG and PNG buttons for the chart inside `target` (its first <svg>): a figure that stands
// alone — its title, the scenario's one-line summary, its axis labels and its legend — saved
// under a name that says which scenario and which view (`<scenario>-<view>.svg`); and, for a
// chart that gives its numbers, CSV and JSON buttons saving them under the same name.
import type { RefObject } from 'react';
import type { Scenario } from '../scenario/document';
import {
  type ChartData,
  chartCsv,
  chartJson,
  download,
  exportName,
  figurePng,
  figureSvg,
  legendOf,
  scenarioSummary,
} from './export';

export interface ChartExportProps {
  target: RefObject<HTMLElement | null>;
  /** The view, in the file's name: "depth", "latency-cdf", "miss-ratio-curves"… */
  view: string;
  /** The figure's title. */
  title: string;
  /** The y axis' label, when the chart does not draw one. */
  yLabel?: string;
  /** The scenario the chart is of (its name names the file; its summary goes under the title). */
  scenario: Scenario | null;
  testId: string;
  /** The chart's numbers, for the CSV and JSON buttons (absent: pictures only). */
  data?: () => ChartData;
  /** What the chart is of when not a scenario (a trace's analysis): the files' name, and the
   * line under the title. */
  of?: { name: string; summary: string };
}

export function ChartExport({ target, view, title, yLabel, scenario, testId, data, of }: ChartExportProps) {
  const figure = () => {
    const el = target.current;
    const svg = el?.querySelector('svg');
    if (!el || !svg) return null;
    return figureSvg(svg, {
      title,
      yLabel,
      summary: of ? of.summary : scenario ? scenarioSummary(scenario) : undefined,
      legend: legendOf(el),
    });
  };
  const name = (ext: string) => exportName(of?.name || scenario?.name || 'tiersim', view, ext);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields: a fieldset's border, padding and min-width would have to be undone
    <span className="chart-export" role="group" aria-label="export the chart">
      <button
        type="button"
        className="button secondary small"
        data-testid={`${testId}-svg`}
        onClick={() => {
          const f = figure();
          if (f) download(name('svg'), f, 'image/svg+xml');
        }}
      >
        SVG
      </button>
      <button
        type="button"
        className="button secondary small"
        data-testid={`${testId}-png`}
        onClick={() => {
          const f = figure();
          if (f) void figurePng(f).then((png) => download(name('png'), png));
        }}
      >
        PNG
      </button>
      {data && (
        <>
          <button
            type="button"
            className="button secondary small"
            data-testid={`${testId}-csv`}
            onClick={() => download(name('csv'), chartCsv(data()), 'text/csv')}
          >
            CSV
          </button>
          <button
            type="button"
            className="button secondary small"
            data-testid={`${testId}-json`}
            onClick={() => download(name('json'), chartJson(data(), title), 'application/json')}
          >
            JSON
          </button>
        </>
      )}
    </span>
  );
}
