// The hit-ratio-over-time chart: its pure layout on hand-made slices, and a normalised SVG
// snapshot of the presentational chart.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimelineChart } from '../../../web/charts/timeline/TimelineChart';
import { computeTimelineLayout, timelineReadOut } from '../../../web/charts/timeline/useTimelineLayout';
import type { TimelinePoint } from '../../../web/charts/timeline/timeline';
import { timelineSeries } from '../../../web/features/results/components/TimelineChart';
import { normaliseSvg } from './normaliseSvg';

afterEach(cleanup);

const POINTS: TimelinePoint[] = [
  { at: 250, warmup: true, client: 0.2, array: 0.3, disk: 0.5, demotions: 1.5 },
  { at: 500, warmup: false, client: 0.5, array: 0.25, disk: 0.25, demotions: 0.5 },
  { at: 750, warmup: false, client: 0.6, array: 0.2, disk: 0.2, demotions: 0.25 },
];
const SERIES = timelineSeries('two-level');
const SIZE = { width: 462, height: 200 };

describe('computeTimelineLayout', () => {
  const layout = computeTimelineLayout(POINTS, SERIES, 1000, 250, SIZE);

  it('spans the run on x and 0..1 on y inside the margins', () => {
    // The right margin holds the DEMOTEs' own axis.
    expect(layout.plot).toEqual({ left: 46, right: 412, top: 10, bottom: 166 });
    expect(layout.domain).toEqual([0, 1000]);
    expect(layout.yTicks).toEqual([
      { y: 166, label: '0%' },
      { y: 88, label: '50%' },
      { y: 10, label: '100%' },
    ]);
    expect(layout.xTicks[0]).toEqual({ x: 46, label: '0' });
    expect(layout.xTicks.map((t) => t.label)).toEqual(['0', '200', '400', '600', '800', '1,000']);
    expect(layout.xTicks[2].x).toBeCloseTo(192.4, 9);
  });

  it('shades the warm-up and draws each series through its slices, DEMOTEs on their own axis', () => {
    expect(layout.warmX).toBe(137.5);
    expect(layout.paths.map((p) => p.key)).toEqual(['client', 'array', 'disk', 'demotions']);
    expect(layout.paths[0].d).toBe('M137.5,134.8L229,88L320.5,72.4');
    // DEMOTEs per read on their own scale, up to the largest (1.5 at the top).
    expect(layout.demoteMax).toBe(1.5);
    expect(layout.paths[3].d).toBe('M137.5,10L229,114L320.5,140');
  });

  it('reads the slice under the pointer', () => {
    const r = timelineReadOut(layout, POINTS, 200)!;
    expect(r).toMatchObject({ index: 1, from: 251, to: 500, x: 229 });
    expect(r.ys.client).toBe(88);
    expect(timelineReadOut(layout, POINTS, 40)).toBeNull(); // left of the plot
    expect(timelineReadOut(layout, POINTS, 400)).toBeNull(); // not run yet
  });

  it('has an empty path and no warm-up before the first slice', () => {
    const empty = computeTimelineLayout([], SERIES, 0, 0, SIZE);
    expect(empty.domain).toEqual([0, 1]);
    expect(empty.warmX).toBe(46);
    expect(empty.paths.every((p) => p.d === '')).toBe(true);
  });
});

it('renders the timeline of hand-made slices', () => {
  const { getByTestId } = render(<TimelineChart points={POINTS} series={SERIES} total={1000} warmup={250} />);
  expect(getByTestId('timeline').getAttribute('data-points')).toBe('3');
  const svg = getByTestId('timeline').querySelector('svg')!;
  expect(svg.getAttribute('width')).toBe('600'); // jsdom has no ResizeObserver: the fallback width
  expect(normaliseSvg(svg)).toMatchSnapshot();
});
