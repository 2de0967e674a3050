// One-parameter sweeps: their series over the scenario, and the panel on a fake pool.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PointRunner } from '../../web/worker/pool';
import {
  ParamSweep,
  computeSweepLayout,
  nearestSwept,
  sweepSpec,
  sweepSummary,
} from '../../web/features/sweeps/ParamSweep';
import { defaultScenario } from '../../web/scenario/defaults';
import { checkScenario, type Scenario } from '../../web/scenario/document';
import { withTopology } from '../../web/scenario/topology';
import { downloadedText, makeReport } from './fixtures';

afterEach(cleanup);

describe('parameter sweeps', () => {
  it('vary the link, the split and the protected share, every point a valid scenario', () => {
    const base = defaultScenario();
    const bw = sweepSpec(base, 'bandwidth');
    if ('error' in bw) throw new Error(bw.error);
    expect(bw.series.map((s) => s.name)).toEqual(['RANDOM LRU-MRU-demote', 'LRU-LRU-none (inclusive)']);
    const t = (s: Scenario): any => s.topology;
    expect(bw.series[0].points.map((p) => t(p.scenario).link)).toContainEqual({
      preset: 'custom',
      latencyUs: 200 - 32.768,
      bandwidthMbit: 10,
    });
    expect(bw.series[1].points[0].scenario).toMatchObject({ topology: { array: { policy: { kind: 'lru' } } } });
    expect('protocol' in bw.series[1].points[0].scenario).toBe(false);
    const ratio = sweepSpec(base, 'ratio');
    if ('error' in ratio) throw new Error(ratio.error);
    expect(ratio.series[0].points.map((p) => t(p.scenario).client.capacity + t(p.scenario).array.capacity)).toEqual(
      Array(9).fill(32768),
    );
    expect(t(ratio.series[0].points[0].scenario).client.capacity).toBe(3277);
    const slru = sweepSpec(base, 'slru');
    if ('error' in slru) throw new Error(slru.error);
    expect(slru.series[0].points.map((p) => t(p.scenario).cache.policy)).toContainEqual({
      kind: 'slru',
      protectedShare: 0.5625,
    });
    for (const spec of [bw, ratio, slru])
      for (const s of spec.series) for (const p of s.points) expect(checkScenario(p.scenario).ok).toBe(true);
    const one = withTopology(base, 'single');
    expect(sweepSpec(one, 'bandwidth')).toEqual({
      error: 'this sweep varies the link between a client and the cache above it: use the two-level or tree topology',
    });
    expect(sweepSpec(one, 'ratio')).toEqual({
      error: 'this sweep varies a client and an array: use the two-level topology',
    });
    // A tree: every link up to a parent is swept, against LRU everywhere without a protocol.
    const tree = withTopology(base, 'tree');
    const treeBw = sweepSpec(tree, 'bandwidth');
    if ('error' in treeBw) throw new Error(treeBw.error);
    expect(treeBw.series.map((s) => s.name)).toEqual([tree.name, 'LRU everywhere, none (inclusive)']);
    expect(
      t(treeBw.series[1].points[2].scenario).caches.map((c: any) => [c.policy.kind, c.link?.bandwidthMbit ?? null]),
    ).toEqual([
      ['lru', null],
      ['lru', 10],
      ['lru', 10],
    ]);
    for (const s of treeBw.series) for (const p of s.points) expect(checkScenario(p.scenario).ok).toBe(true);
  });

  it('reads every series off at the swept value nearest the pointer', () => {
    const spec = sweepSpec(defaultScenario(), 'ratio');
    if ('error' in spec) throw new Error(spec.error);
    const [demote, inclusive] = spec.series.map((s) => s.name);
    // 894 px wide: shares 0.1..0.9 over 64..864 px, 100 px per tenth; means 0..4.5 ms (4 × 1.08,
    // made nice) over 220..14 px. The inclusive design has run only at 0.3 so far.
    const l = computeSweepLayout(spec, { [`${demote}@0.3`]: 2, [`${demote}@0.4`]: 3, [`${inclusive}@0.3`]: 4 }, 894);
    expect([l.plot.left, l.plot.right, l.plot.top, l.plot.bottom]).toEqual([64, 864, 14, 220]);
    const at3 = nearestSwept(l, 300)!;
    expect(at3.x).toBe(0.3);
    expect(at3.cx).toBeCloseTo(264, 9);
    expect(at3.points.map((p) => [p.name, p.y])).toEqual([
      [demote, 2],
      [inclusive, 4],
    ]);
    expect(at3.points[0].cy).toBeCloseTo(220 - (2 / 4.5) * 206, 9);
    // 330 px is nearer 0.4 (364 px) than 0.3 (264 px), where only one series has run.
    expect(nearestSwept(l, 330)!.points.map((p) => [p.name, p.y])).toEqual([[demote, 3]]);
    // Off the plot, or nothing run yet: no read-out.
    expect(nearestSwept(l, 64 - 11)).toBeNull();
    expect(nearestSwept(l, 864 + 11)).toBeNull();
    expect(nearestSwept(computeSweepLayout(spec, {}, 894), 300)).toBeNull();
  });

  it('runs the points on the pool and draws a line per series', async () => {
    // Latency falls with bandwidth; DEMOTE pays more per miss.
    const fake: PointRunner = async (s) => {
      const link = s.topology.kind === 'two-level' ? s.topology.link : { preset: 'fc-1g' as const };
      const bw = link.preset === 'custom' ? link.bandwidthMbit : 1000;
      return makeReport({ meanLatencyMs: 1 + 100 / bw + (s.protocol?.kind === 'demote' ? 50 / bw - 0.5 : 0) });
    };
    render(<ParamSweep base={defaultScenario()} createRunner={() => ({ run: fake, close: () => {}, parallel: 2 })} />);
    fireEvent.click(screen.getByTestId('param-sweep-run'));
    await waitFor(() => expect(screen.getByTestId('param-sweep-progress').getAttribute('data-status')).toBe('done'));
    expect(screen.getByTestId('param-sweep-progress').getAttribute('data-done')).toBe('16');
    const series = screen.getByTestId('param-sweep-chart').querySelectorAll('g[data-series]');
    expect(series).toHaveLength(2);
    expect(series[0].querySelectorAll('circle')).toHaveLength(8);
    expect(Number(series[0].querySelector('circle[data-x="10"]')!.getAttribute('data-y'))).toBeCloseTo(
      1 + 10 + 5 - 0.5,
      9,
    );
    // DEMOTE's extra 50 / bw ms per read beats its 0.5 ms saving above 100 Mbit/s (a tie at 100).
    expect(screen.getByTestId('param-sweep-summary').textContent).toBe(
      'RANDOM LRU-MRU-demote is faster than LRU-LRU-none (inclusive) from 300 Mbit/s up, and slower below (paper 000 Fig. 19: DEMOTE stops paying on slow links).',
    );
    // Its numbers download as JSON: a row per bandwidth, a column per series.
    const json = JSON.parse(await downloadedText(() => fireEvent.click(screen.getByTestId('param-sweep-export-json'))));
    expect(json.rows).toHaveLength(8);
    const [x, first] = json.columns;
    expect(json.rows.find((r: Record<string, number>) => r[x] === 10)[first]).toBeCloseTo(1 + 10 + 5 - 0.5, 9);
  });

  it('sums a finished sweep up: the crossover, or each series at its best', () => {
    const base = defaultScenario();
    const spec = (p: 'bandwidth' | 'ratio' | 'slru') => {
      const s = sweepSpec(base, p);
      if ('error' in s) throw new Error(s.error);
      return s;
    };
    const fill = (s: ReturnType<typeof spec>, y: (series: number, x: number) => number) =>
      Object.fromEntries(s.series.flatMap((ser, k) => ser.points.map((p) => [`${ser.name}@${p.x}`, y(k, p.x)])));
    const bw = spec('bandwidth');
    const all = fill(bw, (k) => (k === 0 ? 1 : 2));
    expect(sweepSummary(bw, all)).toBe(
      'RANDOM LRU-MRU-demote is faster than LRU-LRU-none (inclusive) at every bandwidth swept.',
    );
    expect(
      sweepSummary(
        bw,
        fill(bw, (k) => (k === 0 ? 2 : 1)),
      ),
    ).toBe('RANDOM LRU-MRU-demote is faster than LRU-LRU-none (inclusive) at no bandwidth swept.');
    expect(
      sweepSummary(
        bw,
        fill(bw, (k, x) => (k === 0 ? (x === 3 || x === 100 ? 1 : 3) : 2)),
      ),
    ).toBe('RANDOM LRU-MRU-demote is faster than LRU-LRU-none (inclusive) at 3 Mbit/s, 100 Mbit/s.');
    // Not every point run yet: nothing to say.
    const { [`${bw.series[1].name}@1`]: _, ...partial } = all;
    expect(sweepSummary(bw, partial)).toBeNull();
    // The split: each series' lowest latency; SLRU: the highest hit ratio.
    const ratio = spec('ratio');
    expect(
      sweepSummary(
        ratio,
        fill(ratio, (k, x) => Math.abs(x - (k === 0 ? 0.3 : 0.5)) + 1),
      ),
    ).toBe(
      'Best split: RANDOM LRU-MRU-demote with 30 % in the client (1 ms); LRU-LRU-none (inclusive) with 50 % in the client (1 ms).',
    );
    const slru = spec('slru');
    expect(
      sweepSummary(
        slru,
        fill(slru, (k, x) => (k === 0 ? 0.5 - Math.abs(x - 11 / 16) : 0.3)),
      ),
    ).toBe('SLRU is best with 11/16 protected: 50.0 % hits, against 30.0 % for LRU.');
  });
});
