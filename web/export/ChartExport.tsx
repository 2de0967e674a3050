// SVG and PNG buttons for the chart inside `target` (its first <svg>): a figure that stands
// alone — its title, the scenario's one-line summary, its axis labels and its legend — saved
// under a name that says which scenario and which view (`<scenario>-<view>.svg`); and, for a
// chart that gives its numbers, CSV and JSON buttons saving them under the same name.
import type { RefObject } from 'react';
import type { Scenario } from '../scenario/document';
import { type ExportFile, ExportButtons } from './ExportButtons';
import {
  type ChartData,
  chartCsv,
  chartJson,
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
  const files: ExportFile[] = [
    {
      label: 'SVG',
      testId: `${testId}-svg`,
      make: () => {
        const f = figure();
        return f ? { name: name('svg'), data: f, type: 'image/svg+xml' } : null;
      },
    },
    {
      label: 'PNG',
      testId: `${testId}-png`,
      make: () => {
        const f = figure();
        return f ? figurePng(f).then((png) => ({ name: name('png'), data: png })) : null;
      },
    },
  ];
  if (data)
    files.push(
      {
        label: 'CSV',
        testId: `${testId}-csv`,
        make: () => ({ name: name('csv'), data: chartCsv(data()), type: 'text/csv' }),
      },
      {
        label: 'JSON',
        testId: `${testId}-json`,
        make: () => ({ name: name('json'), data: chartJson(data(), title), type: 'application/json' }),
      },
    );
  return <ExportButtons label="export the chart" files={files} />;
}
