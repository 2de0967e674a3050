// Paper 000 Figure 4 as the upside estimator draws it: the pure layout on hand-made
// predictions, and a normalised SVG snapshot of the presentational chart.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UpsideChart } from '../../../web/charts/upside/UpsideChart';
import { computeUpsideLayout } from '../../../web/charts/upside/useUpsideLayout';
import type { UpsidePoint } from '../../../web/worker/protocol';
import { normaliseSvg } from './normaliseSvg';

afterEach(cleanup);

/** Equal client and array sizes; the pairs' disk shares: inclusive, exclusive. */
const point = (size: number, incDisk: number, excDisk: number): UpsidePoint => ({
  client: size,
  array: size,
  inclusive: { client: 0.25, array: 0.75 - incDisk, disk: incDisk, meanLatencyMs: 5 },
  exclusive: { client: 0.25, array: 0.75 - excDisk, disk: excDisk, meanLatencyMs: 1 },
  missReductionPercent: (100 * (incDisk - excDisk)) / incDisk,
  speedup: 5,
});
const POINTS = [point(256, 0.75, 0.5), point(512, 0.5, 0.25), point(1024, 0.25, 0.125)];

describe('computeUpsideLayout', () => {
  // 383 px wide: a 325 px plot, three bands with 0.25 padding inside and out (325 / 3.25: a
  // 100 px step, 75 px bands); 0..1 over 200..22 px.
  const layout = computeUpsideLayout(POINTS, { width: 383, height: 240 });

  it('spans 0..1 hit fraction, ticked by quarters', () => {
    expect(layout.plot).toEqual({ left: 46, right: 371, top: 22, bottom: 200 });
    expect(layout.yTicks).toEqual([
      { value: 0, y: 200 },
      { value: 0.25, y: 155.5 },
      { value: 0.5, y: 111 },
      { value: 0.75, y: 66.5 },
      { value: 1, y: 22 },
    ]);
  });

  it('puts each size in its band, inclusive bar then exclusive, as tall as client + array hits', () => {
    const [first, second] = layout.bars;
    expect(first.x0).toBeCloseTo(71, 9);
    expect(first.bw).toBeCloseTo(37.5, 9);
    expect(second.x0).toBeCloseTo(171, 9);
    expect([first.inc, first.exc]).toEqual([0.25, 0.5]);
    expect([first.yi, first.ye]).toEqual([155.5, 111]);
  });
});

it('renders Figure 4 of hand-made predictions', () => {
  render(<UpsideChart points={POINTS} />);
  const svg = screen.getByTestId('upside-chart');
  expect(svg.getAttribute('width')).toBe('640'); // jsdom has no ResizeObserver: the fallback width
  expect(screen.getAllByTestId('upside-bar-reduction').map((t) => t.textContent)).toEqual(['33%', '50%', '50%']);
  expect(normaliseSvg(svg)).toMatchSnapshot();
});
