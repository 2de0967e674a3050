// @vitest-environment node
// Progress snapshots cross from the worker with their numeric arrays in one transferred buffer.
import { describe, expect, it } from 'vitest';
import type { Report } from '../../web/worker/protocol';
import { packReport, unpackReport } from '../../web/worker/snapshot';
import { makeReport } from './fixtures';

function withCurves(): Report {
  const r = makeReport({ phase: 'measured', processed: 60 });
  r.latency.counts = r.latency.counts.map((_, i) => (i * 7) % 13);
  r.clients = [0, 1].map((i) => ({
    ...r.clients[0],
    name: `c${i}`,
    latency: { ...r.clients[0].latency, counts: r.latency.counts.map((c) => c + i) },
  }));
  r.depthCurves = [
    { name: 'c0', scope: 'client', references: 9, distinct: 4, sizes: [1, 2, 4], hits: [0.25, 0.5, 0.75] },
    {
      name: 'all',
      scope: 'aggregate',
      sampledRate: 0.01,
      references: 90,
      distinct: 40,
      sizes: [1, 2 ** 40],
      hits: [0.125, 1],
    },
  ] as Report['depthCurves'];
  return r;
}

describe('progress snapshots', () => {
  it('move every count and curve point into one buffer and back, exactly', () => {
    const r = withCurves();
    const before = structuredClone(r);
    const packed = packReport(r);
    // Nothing numeric is left to clone element by element, and the worker's report is untouched.
    expect(packed.report.latency.counts).toEqual([]);
    expect(packed.report.clients.map((c) => c.latency.counts)).toEqual([[], []]);
    expect(packed.report.depthCurves!.map((d) => [d.sizes, d.hits])).toEqual([
      [[], []],
      [[], []],
    ]);
    expect(packed.numbers.length).toBe(3 * r.latency.counts.length + 3 + 3 + 2 + 2);
    expect(r).toEqual(before);
    // Across a real transfer the worker's buffer is gone and the page's report is whole.
    const received = structuredClone(packed, { transfer: [packed.numbers.buffer] });
    expect(packed.numbers.length).toBe(0);
    expect(unpackReport(received)).toEqual(before);
  });

  it('keeps edges the worker left out empty, and refuses a buffer that does not fit', () => {
    const r = withCurves();
    r.latency.edgesUs = [];
    const back = unpackReport(packReport(r));
    expect(back.latency.edgesUs).toEqual([]);
    const packed = packReport(withCurves());
    expect(() => unpackReport({ ...packed, lengths: packed.lengths.slice(1) })).toThrow(/arrays for/);
    expect(() => unpackReport({ ...packed, numbers: new Float64Array(packed.numbers.length + 1) })).toThrow(/placed/);
  });
});
