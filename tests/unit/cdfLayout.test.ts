import { renderHook } from '@testing-library/react';
import { scaleLog } from 'd3';
import { describe, expect, it } from 'vitest';
import { cdfRows, computeCdfLayout, useCdfLayout } from '../../web/charts/cdf/useCdfLayout';
import { placeRefLabels, REF_LABEL_ROWS } from '../../web/charts/refLabels';
import { EDGES_US, histogram, latencyOf, makeReport } from './fixtures';

const SIZE = { width: 600, height: 300 };

/** The points of an SVG path made of M/L commands (what curveStepAfter emits). */
function points(d: string): [number, number][] {
  return [...d.matchAll(/[ML]\s*(-?[\d.e]+)[ ,](-?[\d.e]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe('cdfRows', () => {
  it('gives the cumulative fraction at the upper edge of every non-empty bin', () => {
    const rows = cdfRows(makeReport().latency);
    expect(rows.map((r) => [r.bin, r.upperMs, r.cum])).toEqual([
      [0, 0.001, 0.5], // client hits, under 1 µs
      [231, EDGES_US[231] / 1000, 0.6], // array hits: 0.2 ms
      [261, EDGES_US[261] / 1000, 0.9], // array hits plus a demotion: 0.4 ms
      [401, EDGES_US[401] / 1000, 1], // disk reads: 10.2 ms
    ]);
    // The 0.2 ms array hits land in the bin whose upper edge is just above 0.2 ms.
    expect(rows[1].upperMs).toBeGreaterThan(0.2);
    expect(rows[1].upperMs).toBeLessThan(0.2 * 10 ** 0.01 * 1.0001);
  });

  it('puts the overflow bin at infinity and is empty for an empty histogram', () => {
    const rows = cdfRows(latencyOf(histogram({ 300: 1, 701: 3 })));
    expect(rows.map((r) => [r.upperMs, r.cum])).toEqual([
      [EDGES_US[300] / 1000, 0.25],
      [Infinity, 1],
    ]);
    expect(cdfRows(latencyOf(histogram({})))).toEqual([]);
  });
});

describe('useCdfLayout', () => {
  it('fits whole decades around the data and the path costs', () => {
    const { result } = renderHook(() => useCdfLayout(makeReport(), SIZE));
    expect(result.current.domainMs).toEqual([0.001, 100]);
    expect(result.current.xTicks.map((t) => t.label)).toEqual(['1 µs', '10 µs', '100 µs', '1 ms', '10 ms', '100 ms']);
    expect(result.current.yTicks.map((t) => t.label)).toEqual(['0%', '25%', '50%', '75%', '100%']);
  });

  it('draws the array-hit step at 0.2 ms with its reference mark', () => {
    const layout = computeCdfLayout(makeReport(), SIZE);
    const x = scaleLog().domain(layout.domainMs).range([layout.plot.left, layout.plot.right]);
    const y = (f: number) => layout.plot.bottom - f * (layout.plot.bottom - layout.plot.top);

    const array = layout.refs.find((r) => r.key === 'array')!;
    expect(array.ms).toBe(0.2);
    expect(array.x).toBeCloseTo(x(0.2), 6);
    expect(array.label).toBe('array hit 200 µs');
    expect(layout.refs.map((r) => r.key)).toEqual(['array', 'demote', 'disk']);

    // The line rises from 50 % to 60 % at one x, within one bin (1/100 decade) above 0.2 ms.
    const pts = points(layout.line!);
    const rise = pts.findIndex(
      ([, py], i) => i > 0 && Math.abs(py - y(0.6)) < 1e-6 && Math.abs(pts[i - 1][1] - y(0.5)) < 1e-6,
    );
    expect(rise).toBeGreaterThan(0);
    const [riseX] = pts[rise];
    expect(pts[rise - 1][0]).toBeCloseTo(riseX, 6); // vertical
    expect(riseX).toBeGreaterThanOrEqual(x(0.2));
    expect(riseX).toBeLessThanOrEqual(x(0.2 * 10 ** 0.01) + 1e-6);

    // It starts at the client-hit fraction and ends at 1 at the right edge.
    expect(pts[0]).toEqual([layout.plot.left, y(0.5)]);
    expect(pts[pts.length - 1][0]).toBeCloseTo(layout.plot.right, 6);
    expect(pts[pts.length - 1][1]).toBeCloseTo(y(1), 6);
  });

  it('staggers reference labels that would overlap', () => {
    const layout = computeCdfLayout(makeReport(), SIZE);
    const [array, demote, disk] = layout.refs;
    expect(demote.x - array.x).toBeLessThan(84);
    expect([array.row, demote.row, disk.row]).toEqual([0, 1, 0]);
    expect(layout.refs.every((r) => r.anchor === 'middle' && r.labelX === r.x)).toBe(true);
  });

  it('keeps reference labels apart and inside a narrow chart (a phone), beside their lines if need be', () => {
    // The label's extent, as the placer reckons it (6.4 px a character).
    const extent = (p: { anchor: string; labelX: number }, label: string) => {
      const w = label.length * 6.4;
      const from = p.anchor === 'middle' ? p.labelX - w / 2 : p.anchor === 'start' ? p.labelX : p.labelX - w;
      return [from, from + w];
    };
    const check = (specs: { x: number; label: string }[], width: number) => {
      const placed = placeRefLabels(specs, width);
      const boxes = placed.map((p, i) => ({ row: p.row, box: extent(p, specs[i].label) }));
      for (const [i, a] of boxes.entries()) {
        expect(a.row).toBeLessThan(REF_LABEL_ROWS);
        expect(a.box[0]).toBeGreaterThanOrEqual(0);
        expect(a.box[1]).toBeLessThanOrEqual(width);
        for (const b of boxes.slice(i + 1))
          if (a.row === b.row) expect(a.box[1] <= b.box[0] || b.box[1] <= a.box[0], JSON.stringify([a, b])).toBe(true);
      }
      return placed;
    };
    // The default run's marks on a 342 px chart: 200 µs, 400 µs and 10.2 ms.
    const phone = check(
      [
        { x: 196, label: 'array hit 200 µs' },
        { x: 214, label: '+ demotion 400 µs' },
        { x: 278, label: 'disk 10.2 ms' },
      ],
      342,
    );
    expect(phone.map((p) => p.row)).toEqual([0, 1, 2]);
    // Near the right edge, a label goes to the left of its line.
    expect(check([{ x: 330, label: 'disk 10.2 ms' }], 342)[0]).toEqual({ row: 0, anchor: 'end', labelX: 326 });
    // Too narrow for any placement: pulled inside, in the emptiest row.
    expect(placeRefLabels([{ x: 10, label: 'a very long label indeed' }], 60)[0]).toMatchObject({
      row: 0,
      anchor: 'middle',
    });
  });

  it('has no line and the full range before there is data', () => {
    const layout = computeCdfLayout(null, SIZE);
    expect(layout.line).toBeNull();
    expect(layout.rows).toEqual([]);
    expect(layout.domainMs).toEqual([0.001, 10000]);
  });

  it('recomputes only when the report or the size changes', () => {
    const report = makeReport();
    const { result, rerender } = renderHook(({ w }) => useCdfLayout(report, { width: w, height: 300 }), {
      initialProps: { w: 600 },
    });
    const first = result.current;
    rerender({ w: 600 });
    expect(result.current).toBe(first);
    rerender({ w: 800 });
    expect(result.current).not.toBe(first);
    expect(result.current.plot.right).toBe(800 - 18);
  });
});

describe('the hover read-out', () => {
  it('reads the latency under the pointer and the share of requests at or below it', async () => {
    const { readOut } = await import('../../web/charts/cdf/useCdfLayout');
    const layout = computeCdfLayout(makeReport(), SIZE);
    const { plot, domainMs } = layout;
    const x = scaleLog().domain(domainMs).range([plot.left, plot.right]);
    // Between the array hits (0.2 ms) and the demotions (0.4 ms): 60 % at or below.
    const at = readOut(layout, x(0.3))!;
    expect(at.ms).toBeCloseTo(0.3, 9);
    expect(at.cum).toBe(0.6);
    expect(at.y).toBeCloseTo(plot.bottom - 0.6 * (plot.bottom - plot.top), 9);
    expect(readOut(layout, x(20))!.cum).toBe(1);
    expect(readOut(layout, plot.left - 1)).toBeNull();
    expect(readOut(computeCdfLayout(null, SIZE), 100)).toBeNull();
  });
});

describe('the latency axis scale', () => {
  it('runs a linear axis from 0 to past the slowest bin, and reads it off linearly', async () => {
    const { readOut } = await import('../../web/charts/cdf/useCdfLayout');
    const layout = computeCdfLayout(makeReport(), SIZE, [], 'linear');
    // The disk reads' bin ends at 10.23 ms (and the disk's mark at 10.2 ms): 0..11 ms, made nice.
    expect(layout.scale).toBe('linear');
    expect(layout.domainMs).toEqual([0, 11]);
    expect(layout.xTicks.map((t) => t.label)).toEqual(['0', '2 ms', '4 ms', '6 ms', '8 ms', '10 ms']);
    expect(layout.xMinorTicks).toEqual([]);
    const { plot } = layout;
    const x = (ms: number) => plot.left + (ms / 11) * (plot.right - plot.left);
    expect(layout.refs.map((r) => [r.key, r.x])).toEqual([
      ['array', x(0.2)],
      ['demote', x(0.4)],
      ['disk', x(10.2)],
    ]);
    // From 0 at the origin, up to 50 % at 1 µs, … up to 100 % at 10.23 ms, flat to 11 ms.
    const pts = points(layout.line!);
    expect(pts[0]).toEqual([plot.left, plot.bottom]);
    expect(pts[pts.length - 1]).toEqual([plot.right, plot.top]);
    const at = readOut(layout, x(0.3))!;
    expect(at.ms).toBeCloseTo(0.3, 9);
    expect(at.cum).toBe(0.6);
    expect(readOut(layout, x(11))!.cum).toBe(1);
  });

  it('keeps zero and tiny latencies finite on both axes', () => {
    // Three requests at 0 ms (bin 0, under 1 µs) and one at ~25 µs (bin 140, up to 10^1.4 µs).
    const c = makeReport().counters;
    const report = makeReport({
      counters: { ...c, arrayHits: 0, demotions: 0, diskReads: 0 },
      latency: latencyOf(histogram({ 0: 3, 140: 1 })),
    });
    const log = computeCdfLayout(report, SIZE);
    // 1 µs .. 100 µs: the smallest positive edge's decade, at least two decades wide.
    expect(log.domainMs).toEqual([0.001, 0.1]);
    expect(log.line).not.toMatch(/NaN|Infinity/);
    const logPts = points(log.line!);
    // The 0 ms requests are at or below the left edge: the line starts at 75 %.
    expect(logPts[0]).toEqual([log.plot.left, log.plot.bottom - 0.75 * (log.plot.bottom - log.plot.top)]);
    const lin = computeCdfLayout(report, SIZE, [], 'linear');
    expect(lin.domainMs).toEqual([0, 0.026]);
    expect(lin.line).not.toMatch(/NaN|Infinity/);
    expect(lin.xTicks.map((t) => t.label)).toEqual(['0', '5 µs', '10 µs', '15 µs', '20 µs', '25 µs']);
    expect(points(lin.line!)[0]).toEqual([lin.plot.left, lin.plot.bottom]);
  });
});
