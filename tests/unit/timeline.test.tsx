// Hit ratio over time from the engine's samples at fixed request counts.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeTimelineLayout, demoteAxisMax } from '../../web/charts/timeline/useTimelineLayout';
import { TimelineChart, timelineSeries } from '../../web/features/results/components/TimelineChart';
import { sliceAt, timelineFromSamples } from '../../web/charts/timeline/timeline';
import type { TimelineSample } from '../../web/generated/engine';
import type { Report } from '../../web/worker/protocol';
import { makeReport } from './fixtures';

/** A sample: counters since the last reset after `at` requests. */
function sample(
  at: number,
  warmup: boolean,
  reads: number,
  clientHits: number,
  arrayHits: number,
  demotions = 0,
): TimelineSample {
  return { at, warmup, reads, clientHits, arrayHits, diskReads: reads - clientHits - arrayHits, demotions };
}

const SAMPLES = [
  sample(100, true, 100, 10, 20, 50),
  sample(300, true, 300, 110, 60, 150),
  // Measuring starts: the engine's counters go back to zero.
  sample(400, false, 100, 90, 5, 10),
  sample(450, false, 100, 90, 5, 10), // writes only: no reads to divide, the slice before ends here
  sample(500, false, 200, 150, 5, 310),
];

describe('hit ratio over time', () => {
  it('reads each slice off the difference of two samples, and starts again when measuring does', () => {
    expect(timelineFromSamples(SAMPLES)).toEqual([
      { at: 100, warmup: true, client: 0.1, array: 0.2, disk: 0.7, demotions: 0.5 },
      { at: 300, warmup: true, client: 0.5, array: 0.2, disk: 0.3, demotions: 0.5 },
      { at: 450, warmup: false, client: 0.9, array: 0.05, disk: 0.05, demotions: 0.1 },
      { at: 500, warmup: false, client: 0.6, array: 0, disk: 0.4, demotions: 3 },
    ]);
    expect(timelineFromSamples([])).toEqual([]);
  });

  it('is the same chart however the reports arrived: every report carries the samples so far', () => {
    // Two machines: one saw a report after every sample, the other only the last report.
    const slow = timelineFromSamples(SAMPLES);
    const fast = SAMPLES.map((_, i) => timelineFromSamples(SAMPLES.slice(0, i + 1))).at(-1);
    expect(fast).toEqual(slow);
  });

  it('finds the slice under a request count, with the requests it spans', () => {
    const points = timelineFromSamples(SAMPLES);
    expect(sliceAt(points, 0)).toEqual({ index: 0, from: 1, to: 100, point: points[0] });
    expect(sliceAt(points, 100)).toMatchObject({ index: 0, from: 1, to: 100 });
    expect(sliceAt(points, 100.5)).toMatchObject({
      index: 1,
      from: 101,
      to: 300,
      point: { client: 0.5, array: 0.2, disk: 0.3, demotions: 0.5 },
    });
    expect(sliceAt(points, 301)).toMatchObject({ index: 2, from: 301, to: 450, point: { warmup: false, client: 0.9 } });
    // Past the last sample, or before the first: nothing to read.
    expect(sliceAt(points, 501)).toBeNull();
    expect(sliceAt([], 0)).toBeNull();
  });

  it('puts DEMOTEs per read on their own axis, scaled to them, and shares on 0–100 %', () => {
    const points = timelineFromSamples(SAMPLES);
    expect(demoteAxisMax(points)).toBe(3);
    expect(demoteAxisMax([])).toBe(0.1);
    const series = timelineSeries('two-level');
    const layout = computeTimelineLayout(points, series, 500, 300, { width: 600, height: 200 });
    const { plot } = layout;
    expect(layout.yTicks.map((t) => t.label)).toEqual(['0%', '50%', '100%']);
    expect(layout.y2Ticks.map((t) => t.label)).toEqual(['0', '1.5', '3']);
    // The last slice's 3 DEMOTEs per read reach the right axis' top, not past the plot; its
    // 60 % client hits sit at 60 % of the left axis.
    const lastY = (key: string) => Number(/L[\d.]+,([\d.]+)$/.exec(layout.paths.find((p) => p.key === key)!.d)![1]);
    expect(lastY('demotions')).toBeCloseTo(plot.top, 6);
    expect(lastY('client')).toBeCloseTo(plot.bottom - 0.6 * (plot.bottom - plot.top), 6);
    // A single cache has no DEMOTEs: no right axis, the plot runs to the usual margin.
    const single = computeTimelineLayout(points, timelineSeries('single'), 500, 300, { width: 600, height: 200 });
    expect(single.y2Ticks).toEqual([]);
    expect(single.plot.right).toBeGreaterThan(plot.right);
  });
});

describe('the hit-ratio-over-time chart', () => {
  afterEach(cleanup);
  const report = (timeline: TimelineSample[]): Report => ({
    ...makeReport({}),
    total: 500,
    warmupRequests: 300,
    timeline,
  });
  const drawn = (topology: 'single' | 'two-level' | 'tree') => {
    const { rerender, container } = render(<TimelineChart report={report(SAMPLES.slice(0, 2))} topology={topology} />);
    rerender(<TimelineChart report={report(SAMPLES)} topology={topology} />);
    const series = [...container.querySelectorAll('path.timeline-line')].map((p) => p.getAttribute('data-series'));
    const legend = [...container.querySelectorAll('.chart-legend .legend-item')].map((l) => l.textContent!.trim());
    return { series, legend, container };
  };

  it('draws only the levels a topology has, its legend naming every series and its axis', () => {
    const single = drawn('single');
    expect(single.series).toEqual(['client', 'disk']);
    expect(single.legend).toEqual(['cache hits (share of reads, left axis)', 'disk reads (share of reads, left axis)']);
    expect(single.container.querySelector('[data-testid="timeline-demote-axis"]')).toBeNull();
    const two = drawn('two-level');
    expect(two.series).toEqual(['client', 'array', 'disk', 'demotions']);
    expect(two.legend).toEqual([
      'client hits (share of reads, left axis)',
      'array hits (share of reads, left axis)',
      'disk reads (share of reads, left axis)',
      'DEMOTEs per read (right axis)',
    ]);
    const axis = two.container.querySelector('[data-testid="timeline-demote-axis"]')!;
    expect(axis.getAttribute('data-max')).toBe('3');
    expect(axis.textContent).toContain('DEMOTEs per read');
    expect(two.container.querySelector('[data-testid="timeline"]')!.getAttribute('data-points')).toBe('4');
    expect(timelineSeries('tree').map((s) => s.label)).toEqual([
      'own-cache hits',
      'shared-cache hits',
      'disk reads',
      'DEMOTEs per read',
    ]);
  });
});
