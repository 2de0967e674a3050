// Hit ratio over time from successive live reports.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimelineChart, timelineSeries } from '../../web/features/results/components/TimelineChart';
import { EMPTY_TIMELINE, MAX_POINTS, extendTimeline, sliceAt } from '../../web/features/results/timeline';
import type { Report } from '../../web/worker/protocol';
import { makeReport } from './fixtures';

function at(processed: number, phase: Report['phase'], reads: number, clientHits: number, arrayHits: number, demotions = 0): Report {
  const r = makeReport({});
  return { ...r, processed, phase, counters: { ...r.counters, reads, clientHits, arrayHits, diskReads: reads - clientHits - arrayHits, demotions } };
}

describe('hit ratio over time', () => {
  it('reads each slice off the difference of two reports, and starts again when measuring does', () => {
    let t = extendTimeline(EMPTY_TIMELINE, at(100, 'warmup', 100, 10, 20, 50));
    t = extendTimeline(t, at(300, 'warmup', 300, 110, 60, 150));
    // Measuring starts: the engine's counters go back to zero.
    t = extendTimeline(t, at(400, 'measured', 100, 90, 5, 10));
    t = extendTimeline(t, at(400, 'measured', 100, 90, 5, 10)); // no new reads: nothing added
    expect(t.points).toEqual([
      { at: 100, warmup: true, client: 0.1, array: 0.2, disk: 0.7, demotions: 0.5 },
      { at: 300, warmup: true, client: 0.5, array: 0.2, disk: 0.3, demotions: 0.5 },
      { at: 400, warmup: false, client: 0.9, array: 0.05, disk: 0.05, demotions: 0.1 },
    ]);
    // A new run starts a new timeline.
    expect(extendTimeline(t, at(50, 'warmup', 50, 5, 5)).points).toEqual([]);
  });

  it('finds the slice under a request count, with the requests it spans', () => {
    let t = extendTimeline(EMPTY_TIMELINE, at(100, 'warmup', 100, 10, 20, 50));
    t = extendTimeline(t, at(300, 'warmup', 300, 110, 60, 150));
    t = extendTimeline(t, at(400, 'measured', 100, 90, 5, 10));
    const { points } = t;
    expect(sliceAt(points, 0)).toEqual({ index: 0, from: 1, to: 100, point: points[0] });
    expect(sliceAt(points, 100)).toMatchObject({ index: 0, from: 1, to: 100 });
    expect(sliceAt(points, 100.5)).toMatchObject({ index: 1, from: 101, to: 300, point: { client: 0.5, array: 0.2, disk: 0.3, demotions: 0.5 } });
    expect(sliceAt(points, 301)).toMatchObject({ index: 2, from: 301, to: 400, point: { warmup: false, client: 0.9 } });
    // Past the last report, or before the first: nothing to read.
    expect(sliceAt(points, 401)).toBeNull();
    expect(sliceAt([], 0)).toBeNull();
  });

  it('keeps at most MAX_POINTS, merging older slices', () => {
    let t = EMPTY_TIMELINE;
    for (let i = 1; i <= 3 * MAX_POINTS; i++) t = extendTimeline(t, at(i * 10, 'measured', i * 10, i * 5, i * 2));
    expect(t.points.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(t.points[t.points.length - 1]).toMatchObject({ at: 3 * MAX_POINTS * 10, client: 0.5, array: 0.2 });
  });
});

describe('the hit-ratio-over-time chart', () => {
  afterEach(cleanup);
  const drawn = (topology: 'single' | 'two-level' | 'tree') => {
    const { rerender, container } = render(<TimelineChart report={at(100, 'measured', 100, 60, 0)} runKey="a" topology={topology} />);
    rerender(<TimelineChart report={at(200, 'measured', 200, 110, 0)} runKey="a" topology={topology} />);
    const series = [...container.querySelectorAll('path.timeline-line')].map((p) => p.getAttribute('data-series'));
    return { series, legend: container.querySelector('.chart-legend')!.textContent };
  };

  it('draws only the levels a topology has, named as its hit bars name them', () => {
    const single = drawn('single');
    expect(single.series).toEqual(['client', 'disk']);
    expect(single.legend).toMatch(/^\s*cache hits 50\.0 %\s+disk reads 50\.0 %\s*$/);
    expect(drawn('two-level').series).toEqual(['client', 'array', 'disk', 'demotions']);
    expect(timelineSeries('tree').map((s) => s.label)).toEqual(['own-cache hits', 'shared-cache hits', 'disk reads', 'DEMOTEs per read']);
  });
});
