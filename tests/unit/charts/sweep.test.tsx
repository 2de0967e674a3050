// A one-parameter sweep's chart: its pure layout on a hand-made sweep, and a normalised SVG
// snapshot of the presentational chart.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SweepChart } from '../../../web/charts/sweep/SweepChart';
import { computeSweepLayout, nearestSwept, type SweepChartSpec } from '../../../web/charts/sweep/useSweepLayout';
import { normaliseSvg } from './normaliseSvg';

afterEach(cleanup);

const XS = [1, 10, 100, 1000];
const SPEC: SweepChartSpec = {
  xLabel: 'link bandwidth (Mbit/s, log scale)',
  logX: true,
  yLabel: 'mean latency',
  format: (y) => `${y} ms`,
  xTick: String,
  xUnit: ' Mbit/s',
  series: [
    { name: 'demote', points: XS.map((x) => ({ x })) },
    { name: 'inclusive', points: XS.map((x) => ({ x })) },
  ],
};
// The inclusive design has not run at 1000 Mbit/s yet.
const VALUES = {
  'demote@1': 8,
  'demote@10': 4,
  'demote@100': 2,
  'demote@1000': 1,
  'inclusive@1': 5,
  'inclusive@10': 3,
  'inclusive@100': 2.5,
};

describe('computeSweepLayout', () => {
  // 394 px wide: three decades over 64..364 px, 100 px each; 0..8.64 ms made nice (0..9) over 206..14 px.
  const layout = computeSweepLayout(SPEC, VALUES, { width: 394, height: 260 });

  it('ticks at the swept values, on a log axis, and 0 .. a round number above the slowest', () => {
    expect(layout.plot).toEqual({ left: 64, right: 364, top: 14, bottom: 220 });
    expect(layout.xTicks.map((t) => [t.label, Math.round(t.x * 1e9) / 1e9])).toEqual([
      ['1', 64],
      ['10', 164],
      ['100', 264],
      ['1000', 364],
    ]);
    expect(layout.yTicks.map((t) => t.label)).toEqual(['0 ms', '2 ms', '4 ms', '6 ms', '8 ms']);
    expect(layout.yTicks[0].y).toBe(220);
  });

  it('places each series point run so far, and reads them off the nearest swept value', () => {
    const [demote, inclusive] = layout.series;
    expect(demote.xy).toHaveLength(4);
    expect(inclusive.xy).toHaveLength(3);
    expect(demote.xy[1].cx).toBeCloseTo(164, 9);
    expect(demote.xy[1].cy).toBeCloseTo(220 - (4 / 9) * 206, 9);
    expect(demote.d.startsWith('M64,')).toBe(true);
    const at = nearestSwept(layout, 350)!;
    expect(at.x).toBe(1000);
    expect(at.points.map((p) => p.name)).toEqual(['demote']);
    expect(nearestSwept(layout, 40)).toBeNull();
  });
});

it('renders the chart of a hand-made sweep', () => {
  render(<SweepChart spec={SPEC} values={VALUES} />);
  const svg = screen.getByTestId('param-sweep-chart');
  expect(svg.getAttribute('width')).toBe('600'); // jsdom has no ResizeObserver: the fallback width
  expect(normaliseSvg(svg)).toMatchSnapshot();
});
