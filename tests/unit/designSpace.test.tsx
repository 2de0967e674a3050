// Paper 003's design space: its 248 designs, the SAN and ratio configurations, and the panel
// that runs them on the pool and reads the gap off them — driven by a fake engine.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DesignSpace, configs, jobs, slowerBy } from '../../web/features/designspace/DesignSpace';
import { catalogue } from '../../web/engine/engine';
import { atRatio, designSpace, onSan, summarize, type Outcome } from '../../web/scenario/designSpace';
import { treeFromScenario } from '../../web/scenario/topology';
import type { PointRunner } from '../../web/worker/pool';
import { defaultScenario } from '../../web/scenario/defaults';
import { makeReport } from './fixtures';

afterEach(cleanup);

/**
 * Latency by hand: each approach a base, less for ARC at the array, DU, SE at the client, SE above
 * it (where hints pass up), CO at the client; plain LRU the base itself.
 */
const BASE_MS: Record<string, number> = { none: 1, 'ha-r': 0.8, demote: 0.78, 'ac-ca': 0.9, 'ac-cc': 0.6 };
/** AC_CA's best candidate counts: 16, then 64 (the rest the base). */
const K_MS: Record<number, number> = { 16: 0.05, 64: 0.04 };
const fake: PointRunner = async (s) => {
  const t = s.topology;
  if (t.kind !== 'two-level') throw new Error('two levels');
  const protocol = s.protocol?.kind ?? 'none';
  return makeReport({
    meanLatencyMs:
      BASE_MS[protocol] -
      (t.array.policy.kind === 'arc' && protocol !== 'ac-cc' ? 0.2 : 0) -
      (s.du ? 0.1 : 0) -
      (s.se && s.seAt !== 'above' ? 0.01 : 0) -
      (s.se && s.seAt !== 'client' && (protocol === 'demote' || protocol === 'ac-cc') ? 0.002 : 0) -
      (t.client.co ? 0.001 : 0) -
      (s.protocol?.kind === 'ac-ca' ? (K_MS[s.protocol.k ?? 0] ?? 0) : 0),
  });
};

describe("paper 003's design space", () => {
  it('has 248 designs, named as the paper does, each a valid two-level scenario', () => {
    const all = designSpace(defaultScenario());
    expect(all).toHaveLength(248);
    expect(new Set(all.map((e) => e.name)).size).toBe(248);
    expect(all.map((e) => e.name)).toContain('AC_HB.LRU.ARC.DU.SE');
    // CO and SE at one level: the storage cache's CO, AC_HB's SE at the client alone.
    const one = all.find((e) => e.name === 'AC_HB.ARC.ARC.CO_s.SE_c')!.scenario;
    if (one.topology.kind !== 'two-level') throw new Error('two levels');
    expect([one.topology.client.co ?? false, one.topology.array.co, one.se, one.seAt]).toEqual([
      false,
      true,
      true,
      'client',
    ]);
    const built = jobs(defaultScenario(), configs('scenario', 'one'));
    if ('error' in built) throw new Error(built.error);
    // AC_CA once per candidate count: 200 designs once, 48 six times.
    const runsPerConfig = catalogue().designSpace.runsPerConfig;
    expect(runsPerConfig).toBe(200 + 48 * 6);
    expect(built).toHaveLength(runsPerConfig);
    const acHb = built.find((j) => j.outcome.name === 'AC_HB.LRU.ARC.DU.SE')!.scenario;
    // DEMOTEs uncharged, as the paper compares the approaches (§7.1).
    expect(acHb).toMatchObject({
      protocol: { kind: 'demote' },
      demotions: 'hidden',
      topology: { client: { policy: { kind: 'lru' } }, array: { policy: { kind: 'arc' } } },
      du: 'drop',
      se: true,
    });
    expect(jobs(defaultScenario(), configs('all', 'sweep'))).toHaveLength(runsPerConfig * 9);
  });

  it('runs AC_CA once per candidate count, and says how DEMOTEs are charged only where they are sent', () => {
    const base = { ...defaultScenario(), protocol: { kind: 'demote' as const }, demoteData: 'always' as const };
    const space = designSpace(base);
    const acCa = space.find((e) => e.name === 'AC_CA.LRU.ARC')!;
    expect(acCa.runs.map((r) => [r.k, r.scenario.protocol])).toEqual(
      catalogue().designSpace.acCaKs.map((k) => [k, { kind: 'ac-ca', k }]),
    );
    expect(acCa.runs[2].label).toBe('AC_CA.LRU.ARC (k = 16)');
    for (const e of space) {
      const sends = e.design.approach === 'AC_HB' || e.design.approach === 'AC_CC';
      expect([e.scenario.demotions, e.scenario.demoteData], e.name).toEqual(
        sends ? ['hidden', 'always'] : [undefined, undefined],
      );
      expect(e.runs, e.name).toHaveLength(e.design.approach === 'AC_CA' ? 6 : 1);
      expect(e.hierarchyAware, e.name).toBe(e.design.approach === 'HA_B' || e.design.approach === 'HA_R');
    }
  });

  it("applies Table 3's SANs and splits the same total by ratio", () => {
    const s: any = onSan(defaultScenario(), 'ip-storage');
    expect(s.topology.link).toEqual({ preset: 'ip-storage' });
    expect(s.topology.disk).toEqual({ kind: 'constant', serviceMs: 6.291 });
    const r: any = atRatio(defaultScenario(), 3);
    expect([r.topology.client.capacity, r.topology.array.capacity]).toEqual([24576, 8192]);
    // A tree: every link up to a parent is the SAN, every root's disk the rest.
    const tree: any = defaultScenario();
    tree.topology = { kind: 'tree', caches: treeFromScenario(tree, 2, 0) };
    const t: any = onSan(tree, 'vi-fc');
    expect(t.topology.caches.map((c: any) => [c.name, c.link ?? null, c.disk ?? null])).toEqual([
      ['array', null, { kind: 'constant', serviceMs: 6.227 }],
      ['client1', { preset: 'vi-fc' }, null],
      ['client2', { preset: 'vi-fc' }, null],
    ]);
    // A tree's design: the clients the client's algorithm, the array the array's.
    const d = designSpace(tree).find((e) => e.name === 'AC_CA.ARC.LRU.CO')!.scenario;
    expect(d.topology).toMatchObject({
      kind: 'tree',
      caches: [
        { policy: { kind: 'lru' }, co: true },
        { policy: { kind: 'arc' }, co: true },
        { policy: { kind: 'arc' }, co: true },
      ],
    });
    expect(d.protocol).toEqual({ kind: 'ac-ca', k: 4 });
  });

  it('reads the best of each approach and the gap between hierarchy-aware and aggressively-collaborative', () => {
    const outcomes: Outcome[] = designSpace(defaultScenario()).map((e, i) => ({
      name: e.name,
      label: e.name,
      approach: e.design.approach,
      hierarchyAware: e.hierarchyAware,
      plain: e.plain,
      meanMs: 1 + i / 1000,
    }));
    const s = summarize(outcomes)!;
    expect(s.approaches.map((a) => a.approach)).toEqual(['HA_B', 'HA_R', 'AC_HB', 'AC_CA', 'AC_CC']);
    expect(s.bestHa.name).toBe('HA_B.LRU.LRU');
    expect(s.bestAc.name).toBe('AC_HB.LRU.LRU');
    expect(s.gap).toBeCloseTo(1 / 1.096 - 1, 12);
    expect(summarize(outcomes.filter((o) => o.approach === 'HA_B'))).toBeNull();
  });

  it('runs them on the pool and shows the gap, the chart and each approach’s best', async () => {
    render(<DesignSpace base={defaultScenario()} createRunner={() => ({ run: fake, close: () => {}, parallel: 3 })} />);
    fireEvent.change(screen.getByTestId('design-space-san'), { target: { value: 'scenario' } });
    fireEvent.click(screen.getByTestId('design-space-run'));
    await waitFor(() => expect(screen.getByTestId('design-space-progress').getAttribute('data-status')).toBe('done'));
    expect(screen.getByTestId('design-space-progress').getAttribute('data-done')).toBe(
      String(catalogue().designSpace.runsPerConfig),
    );
    const config = screen.getByTestId('design-space-config');
    // Best HA: HA_R with ARC, DU, SE, the client's CO: 0.8 − 0.311; best AC: AC_HB likewise
    // and SE at the array too, 0.78 − 0.313. Plain: HA_R 0.8 against AC_CC 0.6.
    expect(Number(config.getAttribute('data-gap'))).toBeCloseTo(0.489 / 0.467 - 1, 9);
    expect(Number(config.getAttribute('data-plain-gap'))).toBeCloseTo(0.8 / 0.6 - 1, 9);
    expect(screen.getByTestId('design-space-gap').textContent).toBe('4.7\u00a0% slower');
    expect(config.textContent).toContain('with plain LRU and no optimization, 33.3\u00a0% slower');
    expect([slowerBy(-0.056), slowerBy(0.0004), slowerBy(4.931)]).toEqual([
      '5.6\u00a0% faster',
      'as fast',
      '493.1\u00a0% slower',
    ]);
    const rows = [...screen.getByTestId('design-space-table').querySelectorAll('tr[data-approach]')].map((r) => [
      r.getAttribute('data-approach'),
      r.getAttribute('data-design'),
    ]);
    expect(rows).toEqual([
      ['HA_B', 'HA_B.LRU.ARC.DU.CO_c.SE'],
      ['HA_R', 'HA_R.LRU.ARC.DU.CO_c.SE'],
      ['AC_HB', 'AC_HB.LRU.ARC.DU.CO_c.SE'],
      ['AC_CA', 'AC_CA.LRU.ARC.DU.CO_c.SE (k = 16)'],
      ['AC_CC', 'AC_CC.LRU.CO.SE'],
    ]);
    expect(config.querySelectorAll('svg rect.best')).toHaveLength(5);
    expect(config.querySelectorAll('svg rect.plain')).toHaveLength(5);
  });

  it('shows a failing run and stays usable', async () => {
    render(
      <DesignSpace
        base={defaultScenario()}
        createRunner={() => ({ run: () => Promise.reject(new Error('worker crashed')), close: () => {}, parallel: 2 })}
      />,
    );
    fireEvent.click(screen.getByTestId('design-space-run'));
    expect((await screen.findByTestId('design-space-error')).textContent).toBe('worker crashed');
    expect((screen.getByTestId('design-space-run') as HTMLButtonElement).disabled).toBe(false);
  });
});
