// One-parameter sweeps: their series over the scenario (range, baseline, what the lines show),
// their summary, their link, and the panel on a fake pool.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PointRunner } from '../../web/worker/pool';
import { ParamSweep, computeSweepLayout, nearestSwept, sweepTable } from '../../web/features/sweeps/ParamSweep';
import { parseSweepRun, sweepRun } from '../../web/features/sweeps/link';
import {
  DEFAULT_RANGE,
  baselineChoices,
  defaultChoices,
  rangeIssues,
  readReport,
  showChoices,
  sweepJobs,
  sweepSpec,
  sweptValues,
  type SweepChoices,
  type SweepSpec,
} from '../../web/features/sweeps/spec';
import { sweepSummary } from '../../web/features/sweeps/summary';
import { decodeScenarioFromHash, runParam } from '../../web/scenario/url';
import { defaultScenario } from '../../web/scenario/defaults';
import { catalogue } from '../../web/engine/engine';
import { checkScenario, clientNames, type Scenario } from '../../web/scenario/document';
import { withTopology } from '../../web/scenario/topology';
import { downloadedText, makeClient, makeReport } from './fixtures';

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

/** `sweepSpec`, or the test fails with its error. */
function specOf(base: Scenario, c: Parameters<typeof sweepSpec>[1]): SweepSpec {
  const s = sweepSpec(base, c);
  if ('error' in s) throw new Error(s.error);
  return s;
}

const choices = (over: Partial<SweepChoices> & Pick<SweepChoices, 'param'>): SweepChoices => ({
  ...defaultChoices(over.param),
  ...over,
});

/** A tree of the default scenario's caches with two clients (client1, client2). */
const twoClients = () => withTopology(defaultScenario(), 'tree');

describe('a sweep over a chosen range', () => {
  it('keeps the grids of before as its defaults, point for point and scenario for scenario', () => {
    expect(sweptValues('bandwidth', DEFAULT_RANGE.bandwidth)).toEqual([1, 3, 10, 30, 100, 300, 1000, 10000]);
    expect(sweptValues('ratio', DEFAULT_RANGE.ratio)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);
    expect(sweptValues('slru', DEFAULT_RANGE.slru)).toEqual([1, 3, 5, 7, 9, 11, 13, 15].map((k) => k / 16));
    const base = defaultScenario();
    for (const p of ['bandwidth', 'ratio', 'slru'] as const) {
      const byName = specOf(base, p);
      expect(byName.series.map((s) => s.points.map((pt) => pt.x))).toEqual(
        specOf(base, defaultChoices(p)).series.map((s) => s.points.map((pt) => pt.x)),
      );
    }
    // The scenario at 10 Mbit/s is the scenario with that link and nothing else changed; the
    // inclusive one LRU at both levels without DEMOTE, as before.
    const bw = specOf(base, 'bandwidth');
    const link = { preset: 'custom', latencyUs: 200 - 32.768, bandwidthMbit: 10 };
    const two = (s: Scenario) => s.topology as Extract<Scenario['topology'], { kind: 'two-level' }>;
    expect(bw.series[0].points[2].scenario).toEqual({ ...base, topology: { ...two(base), link } });
    const { protocol: _, ...noProtocol } = base;
    expect(bw.series[1].points[2].scenario).toEqual({
      ...noProtocol,
      name: 'LRU-LRU-none',
      topology: {
        ...two(base),
        client: { ...two(base).client, policy: { kind: 'lru' } },
        array: { ...two(base).array, policy: { kind: 'lru' } },
        link,
      },
    });
    expect(specOf(base, 'ratio').series[0].points.map((p) => two(p.scenario).client.capacity)).toEqual(
      [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((x) => Math.round(32768 * x)),
    );
  });

  it('spaces other ranges evenly: the bandwidth on a log scale, the shares linearly', () => {
    expect(sweptValues('bandwidth', { from: 1, to: 10000, points: 5 })).toEqual([1, 10, 100, 1000, 10000]);
    expect(sweptValues('bandwidth', { from: 2, to: 50, points: 3 })).toEqual([2, 10, 50]);
    // Inner points to three significant digits, the ends as typed: 1.5 × (1000 / 1.5)^(k/3).
    expect(sweptValues('bandwidth', { from: 1.5, to: 1000, points: 4 })).toEqual([1.5, 13.1, 114, 1000]);
    expect(sweptValues('ratio', { from: 0.2, to: 0.8, points: 4 })).toEqual([0.2, 0.4, 0.6, 0.8]);
    expect(sweptValues('ratio', { from: 0.1, to: 0.3, points: 3 })).toEqual([0.1, 0.2, 0.3]);
    expect(sweptValues('slru', { from: 0.25, to: 0.75, points: 2 })).toEqual([0.25, 0.75]);
    // The spec sweeps them, every point a valid scenario.
    const base = defaultScenario();
    const bw = specOf(base, choices({ param: 'bandwidth', from: 10, to: 1000, points: 3 }));
    const two = (s: Scenario) => s.topology as Extract<Scenario['topology'], { kind: 'two-level' }>;
    for (const s of bw.series) {
      expect(s.points.map((p) => [p.x, (two(p.scenario).link as any).bandwidthMbit])).toEqual([
        [10, 10],
        [100, 100],
        [1000, 1000],
      ]);
      for (const p of s.points) expect(checkScenario(p.scenario).ok).toBe(true);
    }
    const slru = specOf(base, choices({ param: 'slru', from: 0.3, to: 0.9, points: 3 }));
    expect(slru.series[0].points.map((p) => (p.scenario.topology as any).cache.policy.protectedShare)).toEqual([
      0.3, 0.6, 0.9,
    ]);
    // A share off the sixteenths is labelled as a percentage in the summary.
    const fill = Object.fromEntries(
      slru.series.flatMap((s, k) => s.points.map((p) => [`${s.name}@${p.x}`, k === 0 ? p.x : 0.1])),
    );
    expect(sweepSummary(slru, fill)).toBe('SLRU is best with 90 % protected: 90.0 % hits, against 10.0 % for LRU.');
  });

  it('labels at most twelve of its swept values on the axis', () => {
    const many = specOf(defaultScenario(), choices({ param: 'bandwidth', points: 24 }));
    const ticks = computeSweepLayout(many, {}, 894).xTicks.map((t) => t.label);
    // Every other one of 24, from the first.
    expect(ticks).toHaveLength(12);
    expect(ticks[0]).toBe('1');
    expect(ticks[1]).toBe(String(many.series[0].points[2].x));
    expect(computeSweepLayout(specOf(defaultScenario(), 'bandwidth'), {}, 894).xTicks.map((t) => t.label)).toEqual([
      '1',
      '3',
      '10',
      '30',
      '100',
      '300',
      '1000',
      '10000',
    ]);
  });

  it('says which field is wrong, and why', () => {
    const base = defaultScenario();
    const bw = (from: number, to: number, points: number) => rangeIssues(base, 'bandwidth', { from, to, points });
    const engineBw = (v: number) => `must be above 0 and at most 10000000 Mbit/s (got ${v})`;
    expect(bw(1, 100, 3)).toEqual([]);
    // A link's bandwidth is refused in the engine's words, from its check of the end's point.
    expect(bw(0, 100, 3)).toEqual([{ field: 'from', message: `From: ${engineBw(0)}` }]);
    expect(bw(10, -1, 3)).toEqual([{ field: 'to', message: `To: ${engineBw(-1)}` }]);
    expect(bw(1, 2e7, 3)).toEqual([{ field: 'to', message: `To: ${engineBw(20000000)}` }]);
    expect(bw(100, 10, 3)).toEqual([{ field: 'to', message: 'To: must be above From, 100 (got 10)' }]);
    expect(bw(10, 10, 3)).toEqual([{ field: 'to', message: 'To: must be above From, 10 (got 10)' }]);
    expect(bw(1, 100, 25)).toEqual([
      { field: 'points', message: 'Points: must be a whole number from 2 to 24 (got 25)' },
    ]);
    expect(bw(1, 100, 1)).toEqual([
      { field: 'points', message: 'Points: must be a whole number from 2 to 24 (got 1)' },
    ]);
    expect(bw(1, 100, 2.5)).toEqual([
      { field: 'points', message: 'Points: must be a whole number from 2 to 24 (got 2.5)' },
    ]);
    expect(bw(Number.NaN, 100, 3)).toEqual([{ field: 'from', message: 'From: must be a number (got nothing)' }]);
    // Rounded to three digits, 24 points between 1 and 1.01 Mbit/s would repeat.
    expect(bw(1, 1.01, 24)).toEqual([
      { field: 'points', message: 'Points: too many for so narrow a range: two points would be equal (got 24)' },
    ]);
    // SLRU's protected share, in the engine's words; the client's share, the sweep's own rule.
    expect(rangeIssues(base, 'slru', { from: 0, to: 1, points: 3 })).toEqual([
      { field: 'from', message: 'From: must be above 0 and below 1 (got 0)' },
      { field: 'to', message: 'To: must be above 0 and below 1 (got 1)' },
    ]);
    expect(rangeIssues(base, 'ratio', { from: 0, to: 1, points: 3 })).toEqual([
      { field: 'from', message: 'From: must be a share above 0 and below 1 (got 0)' },
      { field: 'to', message: 'To: must be a share above 0 and below 1 (got 1)' },
    ]);
    for (const param of ['ratio', 'slru'] as const)
      expect(rangeIssues(base, param, { from: 0.5, to: 0.25, points: 30 })).toEqual([
        { field: 'to', message: 'To: must be above From, 0.5 (got 0.25)' },
        { field: 'points', message: 'Points: must be a whole number from 2 to 24 (got 30)' },
      ]);
    // The spec refuses the same, with the first message.
    expect(sweepSpec(defaultScenario(), choices({ param: 'slru', to: 1 }))).toEqual({
      error: 'To: must be above 0 and below 1 (got 1)',
    });
  });
});

describe("a sweep's baseline", () => {
  it('offers the inclusive design, none, and every other protocol the engine has', () => {
    const base = defaultScenario();
    const offered = baselineChoices(base, 'bandwidth').map((b) => b.value);
    expect(offered.slice(0, 2)).toEqual(['inclusive', 'none']);
    const others = catalogue()
      .protocols.map((p) => `protocol:${p.kind}`)
      .filter((k) => k !== 'protocol:demote');
    // Each other protocol, unless the scenario does not check under it.
    for (const k of offered.slice(2)) expect(others).toContain(k);
    expect(offered).toContain('protocol:none');
    expect(offered).toContain('protocol:ha-r');
    expect(offered).not.toContain('protocol:demote');
    expect(baselineChoices(base, 'slru').map((b) => b.value)).toEqual(['lru', 'none']);
  });

  it('runs the scenario under another protocol, or the scenario alone', () => {
    const base = defaultScenario();
    const two = (s: Scenario) => s.topology as Extract<Scenario['topology'], { kind: 'two-level' }>;
    const har = specOf(base, choices({ param: 'bandwidth', baseline: 'protocol:ha-r' }));
    expect(har.series.map((s) => s.name)).toEqual([base.name, 'with HA_R']);
    const at10 = har.series[1].points[2].scenario;
    expect(at10.protocol).toEqual({ kind: 'ha-r' });
    // Its own policies, the swept link; DEMOTE's settings gone with it.
    expect([two(at10).client.policy, two(at10).array.policy]).toEqual([
      two(base).client.policy,
      two(base).array.policy,
    ]);
    expect((two(at10).link as any).bandwidthMbit).toBe(10);
    for (const p of har.series[1].points) expect(checkScenario(p.scenario).ok).toBe(true);
    // No protocol: the scenario's policies without DEMOTE (unlike the inclusive design's LRUs).
    const none = specOf(base, choices({ param: 'ratio', baseline: 'protocol:none' }));
    expect(none.series[1].name).toBe('with no protocol');
    expect('protocol' in none.series[1].points[0].scenario).toBe(false);
    expect(two(none.series[1].points[0].scenario).array.policy).toEqual(two(base).array.policy);
    // None: one series, so the summary names each line's best (no crossover to find).
    const alone = specOf(base, choices({ param: 'bandwidth', baseline: 'none', from: 10, to: 1000, points: 3 }));
    expect(alone.series.map((s) => s.name)).toEqual([base.name]);
    expect(alone.pairs).toEqual([]);
    expect(sweepJobs(alone)).toHaveLength(3);
    expect(sweepSummary(alone, { [`${base.name}@10`]: 3, [`${base.name}@100`]: 1, [`${base.name}@1000`]: 2 })).toBe(
      `Fastest at: ${base.name}, 100 Mbit/s (1 ms).`,
    );
    const slru = specOf(base, choices({ param: 'slru', baseline: 'none' }));
    expect(slru.series.map((s) => s.name)).toEqual(['SLRU']);
    // A crossover against another protocol is not paper 000's Figure 19.
    const fill = (k: number, x: number) => (k === 0 ? (x >= 100 ? 1 : 3) : 2);
    const values = Object.fromEntries(
      har.series.flatMap((s, k) => s.points.map((p) => [`${s.name}@${p.x}`, fill(k, p.x)])),
    );
    expect(sweepSummary(har, values)).toBe(
      `${base.name} is faster than with HA_R from 100 Mbit/s up, and slower below.`,
    );
    // A baseline the scenario does not offer is refused, naming the field.
    expect(sweepSpec(base, choices({ param: 'bandwidth', baseline: 'protocol:demote' }))).toEqual({
      error: 'Compare with: "protocol:demote" is not offered for this scenario',
    });
  });
});

describe("a sweep's clients and fairness", () => {
  it('offers them with two or more clients, on the bandwidth sweep', () => {
    expect(showChoices(defaultScenario(), 'bandwidth').map((s) => s.value)).toEqual(['mean']);
    expect(showChoices(twoClients(), 'bandwidth').map((s) => s.value)).toEqual(['mean', 'clients', 'fairness']);
    expect(showChoices(twoClients(), 'slru').map((s) => s.value)).toEqual(['mean']);
    expect(sweepSpec(defaultScenario(), choices({ param: 'bandwidth', show: 'clients' }))).toEqual({
      error: 'Show: "clients" needs the bandwidth sweep of a scenario with two or more clients',
    });
  });

  it("draws a line per client of each run, each read off its client's report", () => {
    const tree = twoClients();
    const [c1, c2] = clientNames(tree.topology);
    const spec = specOf(tree, choices({ param: 'bandwidth', show: 'clients', from: 10, to: 1000, points: 3 }));
    const inc = 'LRU everywhere, none (inclusive)';
    expect(spec.series.map((s) => [s.name, s.run])).toEqual([
      [c1, tree.name],
      [c2, tree.name],
      [`${c1} · ${inc}`, inc],
      [`${c2} · ${inc}`, inc],
    ]);
    expect(spec.pairs).toEqual([
      [0, 2],
      [1, 3],
    ]);
    // Each client's baseline line in that client's colour, dashed.
    const drawn = computeSweepLayout(spec, {}, 894).series;
    expect(drawn.map((l) => l.colour)).toEqual([drawn[0].colour, drawn[1].colour, drawn[0].colour, drawn[1].colour]);
    expect(drawn[0].colour).not.toBe(drawn[1].colour);
    expect(drawn.map((l) => l.dash)).toEqual([undefined, undefined, '7 4', '7 4']);
    // One run per run and bandwidth, not per line.
    expect(sweepJobs(spec).map((j) => `${j.run}@${j.x}`)).toEqual(
      [tree.name, inc].flatMap((r) => [10, 100, 1000].map((x) => `${r}@${x}`)),
    );
    const report = makeReport({
      clients: [
        makeClient(c1, [1, 0], [1, 0, 0], { 0: 1 }, { meanLatencyMs: 2 }),
        makeClient(c2, [2, 0], [1, 0, 0], { 0: 1 }, { meanLatencyMs: 5 }),
      ],
    });
    expect(readReport(spec, inc, 100, report)).toEqual({ [`${c1} · ${inc}@100`]: 2, [`${c2} · ${inc}@100`]: 5 });
    // A sentence per client against its own baseline line.
    const values = Object.fromEntries(
      spec.series.flatMap((s, k) => s.points.map((p) => [`${s.name}@${p.x}`, k === 0 ? 1 : k === 1 ? 3 : 2])),
    );
    expect(sweepSummary(spec, values)).toBe(
      `${c1} is faster than ${c1} · ${inc} at every bandwidth swept. ${c2} is faster than ${c2} · ${inc} at no bandwidth swept.`,
    );
  });

  it("turns fairness on for every point and reads the engine's fairness", () => {
    const tree = { ...twoClients(), fairness: false };
    const spec = specOf(tree, choices({ param: 'bandwidth', show: 'fairness', baseline: 'none', points: 2 }));
    expect(spec.series.map((s) => s.name)).toEqual([tree.name]);
    expect(spec.better).toBe('higher');
    for (const p of spec.series[0].points) expect('fairness' in p.scenario).toBe(false);
    // Not shown: the scenario's own setting stays.
    expect(specOf(tree, 'bandwidth').series[0].points[0].scenario.fairness).toBe(false);
    expect(readReport(spec, spec.series[0].run, 1, makeReport({ fairness: 0.75 }))).toEqual({
      [`${tree.name}@1`]: 0.75,
    });
    expect(readReport(spec, spec.series[0].run, 1, makeReport())).toEqual({});
    const withBase = specOf(
      twoClients(),
      choices({ param: 'bandwidth', show: 'fairness', from: 10, to: 100, points: 2 }),
    );
    const values = Object.fromEntries(
      withBase.series.flatMap((s, k) =>
        s.points.map((p) => [`${s.name}@${p.x}`, k === 0 ? (p.x === 100 ? 0.9 : 0.5) : 0.7]),
      ),
    );
    expect(sweepSummary(withBase, values)).toBe(
      `${tree.name} is fairer than LRU everywhere, none (inclusive) from 100 Mbit/s up, and less fair below.`,
    );
  });
});

describe("a sweep's link", () => {
  it('names the sweep alone at its defaults, else the choices that differ, and reads them back', () => {
    for (const p of ['bandwidth', 'ratio', 'slru'] as const) {
      expect(sweepRun(defaultChoices(p))).toBe(`sweep:${p}`);
      expect(parseSweepRun(p)).toEqual(defaultChoices(p));
    }
    const c = choices({
      param: 'bandwidth',
      from: 10,
      to: 1000,
      points: 3,
      baseline: 'protocol:ha-r',
      show: 'clients',
    });
    const run = sweepRun(c);
    expect(run).toBe(
      'sweep:{"param":"bandwidth","from":10,"to":1000,"points":3,"baseline":"protocol:ha-r","show":"clients"}',
    );
    expect(parseSweepRun(run.slice('sweep:'.length))).toEqual(c);
    expect(sweepRun(choices({ param: 'slru', baseline: 'none' }))).toBe('sweep:{"param":"slru","baseline":"none"}');
    expect(parseSweepRun('{"param":"slru","baseline":"none"}')).toEqual(choices({ param: 'slru', baseline: 'none' }));
  });

  it('leaves a damaged field at its default, and starts nothing from text that is no sweep', () => {
    expect(
      parseSweepRun('{"param":"ratio","from":"x","to":null,"points":4,"baseline":"protocol:bogus","show":7}'),
    ).toEqual(choices({ param: 'ratio', points: 4 }));
    expect(parseSweepRun('{"param":"nope","from":5}')).toEqual(choices({ param: 'bandwidth', from: 5 }));
    for (const bad of ['', 'bandwidth2', '{"param":', '[1,2]', 'null', '3']) expect(parseSweepRun(bad)).toBeNull();
    expect(parseSweepRun(null)).toBeNull();
  });
});

describe('the sweep panel', () => {
  /** Latency per client falls with bandwidth: client2 pays twice what client1 does. */
  const perClient: PointRunner = async (s) => {
    const t = s.topology;
    const bw = t.kind === 'tree' ? ((t.caches.find((c) => c.link)?.link as any)?.bandwidthMbit ?? 1000) : 1000;
    const extra = s.protocol?.kind === 'ha-r' ? 1 : 0;
    const names = clientNames(t);
    return makeReport({
      meanLatencyMs: 1 + 100 / bw + extra,
      clients: names.map((n, i) =>
        makeClient(n, [i + 1, 0], [1, 0, 0], { 0: 1 }, { meanLatencyMs: (i + 1) * (1 + 100 / bw) + extra }),
      ),
    });
  };
  const runner = () => ({ run: perClient, close: () => {}, parallel: 2 });

  it('runs a chosen range against a chosen baseline, a line per client, and exports every line', async () => {
    const tree = { ...twoClients(), protocol: { kind: 'demote' as const } };
    const [c1, c2] = clientNames(tree.topology);
    render(<ParamSweep base={tree} createRunner={runner} />);
    fireEvent.change(screen.getByTestId('param-sweep-from'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('param-sweep-to'), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('param-sweep-points'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('param-sweep-baseline'), { target: { value: 'protocol:ha-r' } });
    fireEvent.change(screen.getByTestId('param-sweep-show'), { target: { value: 'clients' } });
    const link = screen.getByTestId('param-sweep-link').getAttribute('href')!;
    expect(parseSweepRun(runParam(link.slice(link.indexOf('#')))!.slice('sweep:'.length))).toEqual(
      choices({ param: 'bandwidth', from: 10, to: 1000, points: 3, baseline: 'protocol:ha-r', show: 'clients' }),
    );
    expect(decodeScenarioFromHash(link.slice(link.indexOf('#')))).toMatchObject({ ok: true, scenario: tree });
    fireEvent.click(screen.getByTestId('param-sweep-run'));
    await waitFor(() => expect(screen.getByTestId('param-sweep-progress').getAttribute('data-status')).toBe('done'));
    // Two runs at each of three bandwidths; four lines of three points.
    expect(screen.getByTestId('param-sweep-progress').getAttribute('data-done')).toBe('6');
    const lines = [...screen.getByTestId('param-sweep-chart').querySelectorAll('g[data-series]')];
    expect(lines.map((g) => g.getAttribute('data-series'))).toEqual([c1, c2, `${c1} · with HA_R`, `${c2} · with HA_R`]);
    expect(lines.map((g) => [...g.querySelectorAll('circle')].map((p) => Number(p.getAttribute('data-x'))))).toEqual(
      Array(4).fill([10, 100, 1000]),
    );
    expect(Number(lines[1].querySelector('circle[data-x="100"]')!.getAttribute('data-y'))).toBe(4);
    expect(screen.getByTestId('param-sweep-summary').textContent).toBe(
      `${c1} is faster than ${c1} · with HA_R at every bandwidth swept. ${c2} is faster than ${c2} · with HA_R at every bandwidth swept.`,
    );
    const csv = await downloadedText(() => fireEvent.click(screen.getByTestId('param-sweep-export-csv')));
    const [head, ...rows] = csv.trim().split('\n');
    expect(head).toBe(
      [
        '"link bandwidth (Mbit/s, log scale; FC overhead per transfer)"',
        `${c1} mean latency`,
        `${c2} mean latency`,
        `${c1} · with HA_R mean latency`,
        `${c2} · with HA_R mean latency`,
      ].join(','),
    );
    expect(rows).toEqual(['10,11,22,12,23', '100,2,4,3,5', '1000,1.1,2.2,2.1,3.2']);
  });

  it("shows a range's problem at its field and refuses to sweep it", () => {
    render(<ParamSweep base={defaultScenario()} createRunner={runner} />);
    // The default bandwidths are paper 000's grid, said so; others are spaced on a log scale.
    expect(screen.getByText('paper 000 Fig. 19’s 1–3–10 steps; any other range: evenly on a log scale')).toBeTruthy();
    fireEvent.change(screen.getByTestId('param-sweep-points'), { target: { value: '5' } });
    expect(screen.getByText('spaced evenly on a log scale')).toBeTruthy();
    fireEvent.change(screen.getByTestId('param-sweep-points'), { target: { value: '40' } });
    expect(screen.getByText('Points: must be a whole number from 2 to 24 (got 40)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('param-sweep-run'));
    expect(screen.getByTestId('param-sweep-error').textContent).toBe(
      'Points: must be a whole number from 2 to 24 (got 40)',
    );
    expect(screen.queryByTestId('param-sweep-chart')).toBeNull();
  });

  it("opens a link's sweep with its choices and runs it", async () => {
    // Fairness off in the scenario: the sweep turns it on at every point.
    const tree = { ...twoClients(), fairness: false };
    const run = sweepRun(
      choices({ param: 'bandwidth', from: 10, to: 100, points: 2, baseline: 'none', show: 'fairness' }),
    );
    const fair: PointRunner = async (s) => makeReport({ fairness: 'fairness' in s ? 0 : 0.5 });
    render(
      <ParamSweep
        base={tree}
        autoRun={run.slice('sweep:'.length)}
        createRunner={() => ({ run: fair, close: () => {}, parallel: 1 })}
      />,
    );
    expect((screen.getByTestId('param-sweep-from') as HTMLInputElement).value).toBe('10');
    expect((screen.getByTestId('param-sweep-to') as HTMLInputElement).value).toBe('100');
    expect((screen.getByTestId('param-sweep-points') as HTMLInputElement).value).toBe('2');
    expect((screen.getByTestId('param-sweep-baseline') as HTMLSelectElement).value).toBe('none');
    expect((screen.getByTestId('param-sweep-show') as HTMLSelectElement).value).toBe('fairness');
    await waitFor(() => expect(screen.getByTestId('param-sweep-progress').getAttribute('data-status')).toBe('done'));
    expect(screen.getByTestId('param-sweep-summary').textContent).toBe(`Fairest at: ${tree.name}, 10 Mbit/s (0.5).`);
    const json = JSON.parse(await downloadedText(() => fireEvent.click(screen.getByTestId('param-sweep-export-json'))));
    expect(json.columns).toEqual([
      'link bandwidth (Mbit/s, log scale; FC overhead per transfer)',
      `${tree.name} fairness`,
    ]);
    expect(json.rows.map((r: Record<string, number>) => Object.values(r))).toEqual([
      [10, 0.5],
      [100, 0.5],
    ]);
    expect(sweepTable(specOf(tree, 'bandwidth'), {}).columns).toHaveLength(3);
  });
});
