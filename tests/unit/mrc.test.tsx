// The miss-ratio-curve sweep: its sizes and points, the parallel runner, the chart layout, and
// the panel driven by a fake engine (the real one runs in tests/e2e).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeMrcLayout, nearestSize, policyStyle } from '../../web/charts/mrc/useMrcLayout';
import { EmptyText, wrapWords } from '../../web/charts/EmptyText';
import { MrcPanel } from '../../web/features/mrc/components/MrcPanel';
import { defaultSizes, floorPoint, offlineAllowed, runSweep, sweepPoints } from '../../web/features/mrc/sweep';
import type { PointRunner } from '../../web/worker/pool';
import { defaultScenario } from '../../web/scenario/defaults';
import { policyKinds, type Scenario } from '../../web/scenario/document';
import { treeFromScenario } from '../../web/scenario/topology';
import { downloadedText, makeReport } from './fixtures';
import { registerTrace } from '../../web/worker/traces';
import { parseCurvesRun } from '../../web/features/mrc/link';
import { runParam } from '../../web/scenario/url';
import { viewFromHash } from '../../web/app/views';

afterEach(cleanup);

/** The one cache a sweep point runs. */
const cacheOf = (s: Scenario) => {
  if (s.topology.kind !== 'single') throw new Error(`a sweep point is one cache, not ${s.topology.kind}`);
  return s.topology.cache;
};

/** A fake engine: miss ratio = 1 / (1 + size/100), a bit lower for MIN; optional delay per point. */
function fakeRunner(delay: (s: Scenario) => number = () => 0): PointRunner {
  return (scenario, signal) =>
    new Promise((resolve, reject) => {
      const size = Number(cacheOf(scenario).capacity);
      const miss = (cacheOf(scenario).policy.kind === 'min' ? 0.8 : 1) / (1 + size / 100);
      const t = setTimeout(
        () =>
          resolve(
            makeReport({
              hitFractions: { client: 1 - miss, array: 0, disk: miss },
              blockHitFractions: { client: 1 - miss, array: 0, disk: miss },
            }),
          ),
        delay(scenario),
      );
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(new DOMException('cancelled', 'AbortError'));
      });
    });
}

describe("a chart's empty message", () => {
  it('breaks into lines between words where the plot is narrow (a phone), and stays one line where it is wide', () => {
    const text = 'Run a sweep to draw miss-ratio curves.';
    expect(wrapWords(text, 700)).toEqual([text]);
    expect(wrapWords(text, 206)).toEqual(['Run a sweep to draw', 'miss-ratio curves.']);
    const { container } = render(
      <svg aria-hidden="true">
        <EmptyText plot={{ left: 46, right: 268, top: 10, bottom: 210 }} text={text} />
      </svg>,
    );
    expect([...container.querySelectorAll('tspan')].map((t) => [t.textContent, t.getAttribute('x')])).toEqual([
      ['Run a sweep to draw', '157'],
      ['miss-ratio curves.', '157'],
    ]);
    cleanup();
  });
});

describe('sweep points', () => {
  it('spaces sizes geometrically from 1 % to 100 % of the blocks, like the CLI', () => {
    expect(defaultSizes(1000, 3)).toEqual([10, 100, 1000]);
    expect(defaultSizes(0, 4, 1, 1000)).toEqual([1, 10, 100, 1000]);
    expect(defaultSizes(50, 5)).toEqual([1, 3, 7, 19, 50]);
    expect(defaultSizes(0, 5, 1, 2)).toEqual([1, 2]); // duplicates dropped
  });

  it('makes single-cache scenarios, policy-major, and names a bad point', () => {
    const base = defaultScenario();
    const built = sweepPoints(base, ['lru', 'min'], [10, 20]);
    if ('error' in built) throw new Error(built.error);
    expect(built.points.map((p) => `${p.policy}@${p.size}`)).toEqual(['lru@10', 'lru@20', 'min@10', 'min@20']);
    // The scenario's link and disk, no protocol: the engine's as_single.
    expect(built.points[3].scenario).toMatchObject({
      topology: {
        kind: 'single',
        cache: { capacity: 20, policy: { kind: 'min' } },
        link: { preset: 'fc-1g' },
        disk: { kind: 'constant', serviceMs: 10 },
      },
      source: base.source,
    });
    expect('protocol' in built.points[3].scenario).toBe(false);
    expect(sweepPoints(base, ['lru'], [0])).toEqual({
      error: 'lru at 0 blocks: scenario.topology.cache.capacity: must be between 1 and 33554432 blocks (got 0)',
    });
    expect(sweepPoints(base, [], [1])).toEqual({ error: 'pick at least one policy' });
    const long = {
      ...base,
      source: { kind: 'workload' as const, workload: { kind: 'random' as const, blocks: 2 ** 21 } },
    };
    expect(offlineAllowed(base)).toBe(true);
    expect(offlineAllowed(long)).toBe(false);
    expect(sweepPoints(long, ['min'], [10])).toMatchObject({
      error: expect.stringContaining('min at 10 blocks: scenario.topology.cache.policy: min precomputes'),
    });
    // A tree's workload through one cache: the scenario's generator alone, the first client's link and root's disk.
    const tree: any = {
      ...base,
      source: {
        kind: 'workload',
        workload: base.source.kind === 'workload' && base.source.workload,
        sharing: { kind: 'conjoint' },
      },
    };
    tree.topology = { kind: 'tree', caches: treeFromScenario(base, 2, 0) };
    const fromTree = sweepPoints(tree, ['lru'], [10]);
    if ('error' in fromTree) throw new Error(fromTree.error);
    expect(fromTree.points[0].scenario.source).toEqual(base.source);
  });

  it("makes the floor the engine's: one LRU cache of every block, or none past the largest cache", () => {
    const base = defaultScenario();
    const floor = floorPoint(base, 4096);
    expect(floor).toMatchObject({
      policy: 'lru',
      size: 4096,
      scenario: {
        topology: { kind: 'single', cache: { capacity: 4096, policy: { kind: 'lru' } }, link: { preset: 'fc-1g' } },
        source: base.source,
      },
    });
    expect('protocol' in (floor?.scenario ?? {})).toBe(false);
    // No blocks still makes a cache: one block, as the core's floor does.
    expect(floorPoint(base, 0)?.scenario.topology).toMatchObject({ cache: { capacity: 1 } });
    expect(floorPoint(base, 2 ** 40)).toBeNull();
  });

  it('runs points in parallel and returns them in point order whatever finishes first', async () => {
    const built = sweepPoints(defaultScenario(), ['lru', 'arc'], [10, 100, 1000]);
    if ('error' in built) throw new Error(built.error);
    const order: number[] = [];
    let inFlight = 0;
    let most = 0;
    const slowFirst: PointRunner = async (s, signal) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        return await fakeRunner((x) => 30 - Number(cacheOf(x).capacity) / 100)(s, signal);
      } finally {
        inFlight--;
      }
    };
    const results = await runSweep(built.points, slowFirst, 3, new AbortController().signal, (i) => order.push(i));
    expect(most).toBe(3);
    expect(order).not.toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => `${r.policy}@${r.size}`)).toEqual([
      'lru@10',
      'lru@100',
      'lru@1000',
      'arc@10',
      'arc@100',
      'arc@1000',
    ]);
    expect(results[1].missRatio).toBeCloseTo(0.5, 12);
    const abort = new AbortController();
    const pending = runSweep(
      built.points,
      fakeRunner(() => 1000),
      2,
      abort.signal,
      () => {},
    );
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('miss-ratio chart layout', () => {
  it('draws one path per policy on a log size axis with stable colours', () => {
    const curves = [
      {
        policy: 'lru',
        label: 'LRU',
        points: [
          { size: 1000, missRatio: 0.2 },
          { size: 10, missRatio: 0.9 },
          { size: 100, missRatio: 0.5 },
        ],
      },
      { policy: 'min', label: 'MIN', points: [{ size: 10, missRatio: 0.7 }] },
    ];
    const l = computeMrcLayout(curves, policyKinds(), { width: 600, height: 300 });
    expect(l.curves.map((c) => c.path?.startsWith('M'))).toEqual([true, true]);
    expect(l.curves[0].marks.map((m) => m.size)).toEqual([10, 100, 1000]);
    // Larger caches sit further right; higher miss ratios higher up.
    const [a, b, c] = l.curves[0].marks;
    expect(a.x < b.x && b.x < c.x && a.y < b.y && b.y < c.y).toBe(true);
    expect(l.xTicks.map((t) => t.value)).toEqual([10, 100, 1000]);
    expect(l.yTicks[0]).toMatchObject({ value: 0, y: l.plot.bottom });
    expect(l.curves[1].color).toBe(policyStyle('min', policyKinds(), ['lru', 'min']).color);
    expect(l.curves[0].color).not.toBe(l.curves[1].color);
    expect(computeMrcLayout([], policyKinds(), { width: 600, height: 300 }).empty).toBe(true);
    // With no points yet, the axis spans the sizes the sweep will cover.
    const planned = computeMrcLayout([], policyKinds(), { width: 600, height: 300 }, 'log', [328, 32_768]);
    expect([planned.xTicks[0].value, planned.xTicks.at(-1)!.value]).toEqual([100, 100_000]);
    // Hovering reads off every policy at the swept size nearest the pointer.
    const at10 = nearestSize(l, a.x + 3)!;
    expect(at10.size).toBe(10);
    expect(at10.points.map((p) => [p.label, p.missRatio])).toEqual([
      ['LRU', 0.9],
      ['MIN', 0.7],
    ]);
    expect(nearestSize(l, c.x - 2)!.points.map((p) => p.label)).toEqual(['LRU']);
    expect(nearestSize(l, l.plot.right + 50)).toBeNull();
  });

  it('gives every policy drawn a look of its own, the same whichever order they come in', () => {
    const all = policyKinds();
    const looks = (drawn: string[]) => drawn.map((p) => JSON.stringify(policyStyle(p, all, drawn)));
    // Every policy at once: no two alike (the palette's ten colours, then dashed rounds of them).
    expect(new Set(looks(all)).size).toBe(all.length);
    const later = all.slice(10, 13);
    expect(looks(later).every((l) => !l.includes('dash'))).toBe(true);
    expect(
      looks(all)
        .slice(10)
        .every((l) => l.includes('dash')),
    ).toBe(true);
    // LRU and ARC drawn together (ten apart in the catalogue, once one blue) differ in colour.
    const pair = ['lru', 'arc'];
    expect(policyStyle('lru', all, pair).color).not.toBe(policyStyle('arc', all, pair).color);
    expect(looks(['arc', 'lru'])).toEqual([...looks(pair)].reverse());
  });

  it('draws the floor at its miss ratio, and only where there are curves', () => {
    const curves = [
      {
        policy: 'lru',
        label: 'LRU',
        points: [
          { size: 10, missRatio: 0.9 },
          { size: 1000, missRatio: 0.5 },
        ],
      },
    ];
    const l = computeMrcLayout(curves, policyKinds(), { width: 600, height: 300 }, 'log', undefined, 'blocks', 0.4);
    // The y axis runs from 0 at the bottom to 1 (0.9 rounded up) at the top.
    expect(l.floorY).toBeCloseTo(l.plot.bottom - 0.4 * (l.plot.bottom - l.plot.top));
    expect(computeMrcLayout(curves, policyKinds(), { width: 600, height: 300 }).floorY).toBeNull();
    expect(
      computeMrcLayout([], policyKinds(), { width: 600, height: 300 }, 'log', [1, 10], 'blocks', 0.4).floorY,
    ).toBeNull();
  });
  it('puts sizes on a linear axis from 0 when asked', () => {
    const curves = [
      {
        policy: 'lru',
        label: 'LRU',
        points: [
          { size: 250, missRatio: 0.5 },
          { size: 1000, missRatio: 0.2 },
        ],
      },
    ];
    const l = computeMrcLayout(curves, policyKinds(), { width: 600, height: 300 }, 'linear');
    const { left, right } = l.plot;
    // 0 at the left edge, 1,000 at the right: 250 a quarter of the way.
    expect(l.xTicks[0]).toMatchObject({ value: 0, x: left });
    expect(l.xTicks[l.xTicks.length - 1]).toMatchObject({ value: 1000, x: right });
    expect(l.curves[0].marks[0].x).toBeCloseTo(left + (right - left) / 4, 9);
    expect(l.xTicks.map((t) => t.label)).toEqual(['0', '200', '400', '600', '800', '1,000']);
  });
});

describe('miss-ratio chart layout in bytes', () => {
  it('ticks capacities in bytes at powers of two, labelled KiB … TiB', () => {
    const curves = [
      {
        policy: 'gdsf',
        label: 'GDSF',
        points: [
          { size: 2 ** 20, missRatio: 0.6 },
          { size: 2 ** 30, missRatio: 0.1 },
        ],
      },
    ];
    const l = computeMrcLayout(curves, policyKinds(), { width: 600, height: 300 }, 'log', undefined, 'bytes');
    const values = l.xTicks.map((t) => t.value);
    // Every tick a power of two, evenly many doublings apart, the curve's span inside.
    expect(values.every((v) => Number.isInteger(Math.log2(v)))).toBe(true);
    const steps = new Set(values.slice(1).map((v, i) => Math.log2(v / values[i])));
    expect(steps.size).toBe(1);
    expect(values.length).toBeGreaterThanOrEqual(3);
    expect(values.length).toBeLessThanOrEqual(8);
    expect(values[0] <= 2 ** 20 && values.at(-1)! >= 2 ** 30 / 2).toBe(true);
    expect(l.xTicks.map((t) => t.label)).toContain('1 MiB');
    expect(l.xTicks.map((t) => t.label).every((t) => /^[\d.]+ (B|KiB|MiB|GiB|TiB)$/.test(t))).toBe(true);
    // A terabyte-scale span reads in TiB.
    const big = computeMrcLayout([], policyKinds(), { width: 600, height: 300 }, 'log', [2 ** 36, 2 ** 42], 'bytes');
    expect(big.xTicks.map((t) => t.label)).toContain('4 TiB');
  });
});

describe('MrcPanel', () => {
  const panel = (runner: PointRunner, base: Scenario | null = defaultScenario()) =>
    render(<MrcPanel base={base} createRunner={() => ({ run: runner, close: () => {}, parallel: 2 })} />);
  const progress = () => screen.getByTestId('sweep-progress');

  it('sweeps the picked policies and lists every point in order', async () => {
    panel(fakeRunner());
    for (const k of ['arc', 's3-fifo']) fireEvent.click(screen.getByTestId(`sweep-policy-${k}`));
    fireEvent.change(screen.getByTestId('sweep-points'), { target: { value: '3' } });
    expect(progress().textContent).toBe('2 policies × 3 sizes');
    fireEvent.click(screen.getByTestId('sweep-run'));
    await waitFor(() => expect(progress().getAttribute('data-status')).toBe('done'));
    expect(progress().getAttribute('data-done')).toBe('6');
    const rows = [...screen.getByTestId('sweep-table').querySelectorAll('tr[data-policy]')].map(
      (r) => `${r.getAttribute('data-policy')}@${r.getAttribute('data-size')}`,
    );
    expect(rows).toEqual(['lru@328', 'lru@3277', 'lru@32768', 'min@328', 'min@3277', 'min@32768']);
    expect(screen.getByTestId('sweep-legend-min').textContent).toBe('MIN (offline)');
    expect(screen.getByTestId('sweep-chart').querySelectorAll('path.mrc-line')).toHaveLength(2);
  });

  it('gives a link to its curves that opens them drawn, the same policies and sizes', async () => {
    panel(fakeRunner());
    for (const k of ['arc', 's3-fifo']) fireEvent.click(screen.getByTestId(`sweep-policy-${k}`));
    fireEvent.change(screen.getByTestId('sweep-points'), { target: { value: '3' } });
    const href = screen.getByTestId('mrc-link').getAttribute('href')!;
    const run = runParam(new URL(href).hash)!;
    expect(run.startsWith('curves:')).toBe(true);
    expect(viewFromHash(new URL(href).hash)).toBe('compare');
    expect(parseCurvesRun(run.slice('curves:'.length))).toMatchObject({ policies: ['lru', 'min'], count: 3 });
    cleanup();
    // Opened: set as the link says, and drawn without a click.
    render(
      <MrcPanel
        base={defaultScenario()}
        createRunner={() => ({ run: fakeRunner(), close: () => {}, parallel: 2 })}
        autoRun={run.slice('curves:'.length)}
      />,
    );
    await waitFor(() => expect(progress().getAttribute('data-status')).toBe('done'));
    expect(progress().getAttribute('data-done')).toBe('6');
    expect((screen.getByTestId('sweep-points') as HTMLInputElement).value).toBe('3');
    // A damaged link's curves: the defaults, still drawn.
    expect(parseCurvesRun('{oops')).toBeNull();
    expect(parseCurvesRun('{"p":["lru","no-such"],"n":"x","m":"fast"}')).toEqual({ policies: ['lru'] });
  });

  it("draws full runs' floor: LRU holding every block, its own point or one more run", async () => {
    const floorOf = () => screen.getByTestId('mrc-floor').getAttribute('data-ratio');
    // LRU at 32,768 blocks (the workload's every block) is a point: it is the floor.
    panel(fakeRunner());
    for (const k of ['arc', 's3-fifo']) fireEvent.click(screen.getByTestId(`sweep-policy-${k}`));
    fireEvent.change(screen.getByTestId('sweep-points'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('sweep-run'));
    await waitFor(() => expect(progress().getAttribute('data-status')).toBe('done'));
    expect(progress().getAttribute('data-total')).toBe('6');
    expect(floorOf()).toBe(String(1 / (1 + 32768 / 100)));
    cleanup();
    // MIN alone, up to 1,000 blocks: one more run, LRU at 32,768, drawn as the floor only.
    const seen: string[] = [];
    const runner = fakeRunner();
    panel((s, signal) => {
      seen.push(`${cacheOf(s).policy.kind}@${cacheOf(s).capacity}`);
      return runner(s, signal);
    });
    for (const k of ['lru', 'arc', 's3-fifo']) fireEvent.click(screen.getByTestId(`sweep-policy-${k}`));
    fireEvent.change(screen.getByTestId('sweep-points'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('sweep-max'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('sweep-run'));
    await waitFor(() => expect(progress().getAttribute('data-status')).toBe('done'));
    expect(seen.sort()).toEqual(['lru@32768', 'min@1000', 'min@328']);
    expect(floorOf()).toBe(String(1 / (1 + 32768 / 100)));
    const rows = [...screen.getByTestId('sweep-table').querySelectorAll('tr[data-policy]')];
    expect(rows.map((r) => r.getAttribute('data-policy'))).toEqual(['min', 'min']);
    expect(screen.getByTestId('sweep-chart').querySelectorAll('path.mrc-line')).toHaveLength(1);
  });

  it('cancels a sweep in flight and reports a failing point', async () => {
    panel(fakeRunner(() => 10_000));
    fireEvent.click(screen.getByTestId('sweep-run'));
    expect(progress().getAttribute('data-status')).toBe('running');
    expect((screen.getByTestId('sweep-run') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByTestId('sweep-cancel')));
    await waitFor(() => expect(progress().getAttribute('data-status')).toBe('cancelled'));
    cleanup();
    panel(() => Promise.reject(new Error('the engine worker failed to start')));
    fireEvent.click(screen.getByTestId('sweep-run'));
    expect((await screen.findByTestId('sweep-error')).textContent).toBe('the engine worker failed to start');
  });

  it('waits for a valid scenario and keeps offline policies off for long runs', () => {
    panel(fakeRunner(), null);
    expect((screen.getByTestId('sweep-run') as HTMLButtonElement).disabled).toBe(true);
    expect(progress().textContent).toBe('Fix the scenario to sweep it.');
    cleanup();
    const long = defaultScenario();
    long.source = { kind: 'workload', workload: { kind: 'random', blocks: 2 ** 21 } };
    panel(fakeRunner(), long);
    const min = screen.getByTestId('sweep-policy-min') as HTMLInputElement;
    expect(min.disabled && !min.checked).toBe(true);
  });

  it("draws every policy's curve while a trace streams, growing to its end, and only online policies", async () => {
    registerTrace('big.oracle', new Blob(['x'.repeat(3_000_000)]));
    const base = defaultScenario();
    base.source = { kind: 'trace', name: 'big.oracle', clients: { kind: 'merged' } };
    const report = (policy: string, references: number, miss: number) => ({
      policy,
      method: 'mini',
      references,
      distinctBlocks: 5000,
      compulsoryMissRatio: 5000 / references,
      rate: 0.1,
      sampledBlocks: 500,
      points: [10, 100].map((size) => ({
        size,
        missRatio: miss / (1 + size / 100),
        rate: 0.1,
        miniSize: size / 10,
        sampledReferences: references / 10,
        misses: 1,
      })),
    });
    const finishers: (() => void)[] = [];
    const finish = () => {
      for (const f of finishers) f();
    };
    const seen: unknown[] = [];
    // Each client by its creation index: which were warmed, used, terminated.
    const log = { warmed: [] as number[], used: [] as number[], terminated: [] as number[] };
    let made = 0;
    const createCurves = () => {
      const id = made++;
      return {
        warmCurves: async () => void log.warmed.push(id),
        terminate: () => void log.terminated.push(id),
        miniCurves: (request: any, file: Blob, { onProgress }: any) => {
          log.used.push(id);
          seen.push({ ...request, size: file.size });
          onProgress({
            curves: request.policies.map((p: any) => report(p.kind, 1000, 0.9)),
            bytes: 1_000_000,
            total: 3_000_000,
            ms: 5,
            memory: { engine: seen.length * 2 ** 20, reader: 2 ** 21 },
          });
          return new Promise<any>((resolve) =>
            finishers.push(() =>
              resolve({ curves: request.policies.map((p: any) => report(p.kind, 9000, 0.5)), ms: 9 }),
            ),
          );
        },
      };
    };
    render(
      <MrcPanel
        base={base}
        blocks={5000}
        createRunner={() => ({ run: fakeRunner(), close: () => {}, parallel: 2 })}
        createCurves={createCurves}
      />,
    );
    expect((screen.getByTestId('mrc-method-mini') as HTMLInputElement).checked).toBe(true);
    // A worker is readied before the click, and the click uses it.
    expect(log).toEqual({ warmed: [0], used: [], terminated: [] });
    const min = screen.getByTestId('sweep-policy-min') as HTMLInputElement;
    expect(min.disabled && !min.checked).toBe(true);
    fireEvent.change(screen.getByTestId('sweep-points'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('sweep-run'));
    // Mid-file: every curve drawn already, the progress in MB of the file.
    await waitFor(() => expect(screen.getByTestId('sweep-chart').querySelectorAll('path.mrc-line')).toHaveLength(3));
    expect(progress().getAttribute('data-status')).toBe('running');
    expect(progress().textContent).toMatch(/^1 \/ 3 MB read/);
    // Every policy in one pass on one worker (one shared sample, one reader), in the policies' order.
    const request = {
      sizes: [50, 5000],
      method: 'mini',
      rate: 0,
      distinct: 5000,
      name: 'big.oracle',
      options: { format: undefined, objectMode: undefined, skipBad: undefined, blockSize: 4096 },
      size: 3_000_000,
    };
    expect(seen).toEqual([{ ...request, policies: [{ kind: 'lru' }, { kind: 'arc' }, { kind: 's3-fifo' }] }]);
    expect([
      ...new Set(
        [...screen.getByTestId('mini-table').querySelectorAll('tr[data-policy]')].map((r) =>
          r.getAttribute('data-policy'),
        ),
      ),
    ]).toEqual(['lru', 'arc', 's3-fifo']);
    const references = () =>
      [...screen.getByTestId('mini-table').querySelectorAll('tr[data-policy]')].map((r) =>
        r.getAttribute('data-references'),
      );
    expect(new Set(references())).toEqual(new Set(['1000']));
    // The workers' memory as reported.
    expect(screen.getByTestId('mini-memory').getAttribute('data-engine')).toBe(String(2 ** 20));
    expect(screen.getByTestId('mini-memory').getAttribute('data-reader')).toBe(String(2 ** 21));
    // The floor waits for the whole trace (mid-file, first references so far mean nothing).
    expect(screen.queryByTestId('mrc-floor')).toBeNull();
    await act(async () => finish());
    await waitFor(() => expect(progress().getAttribute('data-status')).toBe('done'));
    expect(new Set(references())).toEqual(new Set(['9000']));
    // Then it is drawn and named: 5,000 first references of 9,000.
    const floor = screen.getByTestId('mrc-floor');
    expect(floor.getAttribute('data-ratio')).toBe(String(5000 / 9000));
    expect(floor.textContent).toBe('compulsory misses 55.6 %: no cache of any size misses less');
    // The curves' numbers download as CSV: a row per size, a column per policy, the floor.
    const text = await downloadedText(() => fireEvent.click(screen.getByTestId('mrc-export-csv')));
    const csv = text.trim().split('\n');
    expect(csv[0]).toBe(
      'size (blocks),LRU miss ratio (per block reference),ARC miss ratio (per block reference),S3-FIFO miss ratio (per block reference),compulsory miss ratio',
    );
    expect(csv[1]).toBe(`10,${0.5 / 1.1},${0.5 / 1.1},${0.5 / 1.1},${5000 / 9000}`);
    // The drawing's worker stopped, the next one readied.
    expect(log).toEqual({ warmed: [0, 1], used: [0], terminated: [0] });
    // Full simulation instead: offline policies come back, and the readied worker is stopped.
    fireEvent.click(screen.getByTestId('mrc-method-exact'));
    expect((screen.getByTestId('sweep-policy-min') as HTMLInputElement).disabled).toBe(false);
    expect(log).toEqual({ warmed: [0, 1], used: [0], terminated: [0, 1] });
  });
  it('draws curves in bytes over an object trace in two passes: both ratios, a byte axis, only byte policies', async () => {
    registerTrace('objects.oracle', new Blob(['x'.repeat(2_000_000)]));
    const base = defaultScenario();
    base.source = { kind: 'trace', name: 'objects.oracle', objectMode: true, clients: { kind: 'merged' } };
    const report = (policy: string, references: number) => ({
      policy,
      method: 'mini',
      references,
      bytesRequested: 1e10,
      distinctObjects: 4000,
      distinctBytes: 2 ** 32,
      compulsoryMissRatio: 0.15,
      compulsoryByteMissRatio: 0.35,
      rate: 0.5,
      points: [2 ** 26, 2 ** 32].map((bytes, i) => ({
        bytes,
        rate: 0.5,
        miniBytes: bytes / 2,
        sampledReferences: references / 2,
        misses: 1,
        sampledBytes: 1,
        bytesMissed: 1,
        missRatio: i === 0 ? 0.6 : 0.2,
        byteMissRatio: i === 0 ? 0.8 : 0.4,
      })),
    });
    const seen: any[] = [];
    let finish = () => {};
    const createCurves = () => ({
      warmCurves: async () => {},
      terminate: () => {},
      miniCurves: () => Promise.reject(new Error('curves in bytes do not use the block curves')),
      byteCurves: (request: any, _file: Blob, { onProgress }: any) => {
        seen.push(request);
        onProgress({
          pass: 1,
          curves: [],
          sizes: [],
          bytes: 500_000,
          total: 2_000_000,
          ms: 1,
          memory: { engine: 1, reader: 2 },
        });
        return new Promise<any>((resolve) => {
          finish = () => {
            onProgress({
              pass: 2,
              curves: request.policies.map((p: any) => report(p.kind, 100)),
              sizes: [2 ** 26, 2 ** 32],
              bytes: 1_000_000,
              total: 2_000_000,
              ms: 2,
              memory: { engine: 1, reader: 2 },
            });
            resolve({
              curves: request.policies.map((p: any) => report(p.kind, 200)),
              sizes: [2 ** 26, 2 ** 32],
              ms: 3,
            });
          };
        });
      },
    });
    const panelOf = (sized: boolean) => (
      <MrcPanel
        base={base}
        blocks={4000}
        sized={sized}
        createRunner={() => ({ run: fakeRunner(), close: () => {}, parallel: 2 })}
        createCurves={createCurves}
      />
    );
    // Read as objects without sizes (a trace whose format records none): no capacities in bytes.
    const { rerender } = render(panelOf(false));
    expect(screen.queryByTestId('mrc-unit')).toBeNull();
    expect(screen.getByTestId('sweep-min')).toBeTruthy();
    rerender(panelOf(true));
    // An object trace with sizes: capacities in bytes by default; only policies that take bytes.
    expect((screen.getByTestId('mrc-unit-bytes') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('sweep-policy-lirs') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('sweep-policy-min') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('sweep-policy-gdsf'));
    // One bound alone is refused; both typed give the capacities between them.
    fireEvent.change(screen.getByTestId('sweep-min-mib'), { target: { value: '64' } });
    expect((screen.getByTestId('sweep-run') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('sweep-min-mib'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('sweep-points'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('sweep-run'));
    await waitFor(() => expect(progress().textContent).toMatch(/^1 \/ 4 MB read \(pass 1 of 2/));
    expect(seen).toEqual([
      {
        policies: [{ kind: 'lru' }, { kind: 'gdsf' }, { kind: 'arc' }, { kind: 's3-fifo' }],
        sizes: [],
        points: 2,
        method: 'mini',
        rate: 0,
        name: 'objects.oracle',
        options: { format: undefined, columns: undefined, objectMode: true, skipBad: undefined, blockSize: 4096 },
      },
    ]);
    await act(async () => finish());
    await waitFor(() => expect(progress().getAttribute('data-status')).toBe('done'));
    const rows = [...screen.getByTestId('byte-table').querySelectorAll('tr[data-policy]')];
    expect(rows.map((r) => [r.getAttribute('data-policy'), r.getAttribute('data-bytes')])).toEqual(
      ['lru', 'gdsf', 'arc', 's3-fifo'].flatMap((p) => [
        [p, String(2 ** 26)],
        [p, String(2 ** 32)],
      ]),
    );
    expect(rows[0].textContent).toBe('LRU64 MiB60.0 %80.0 %50.0 %');
    expect(rows.every((r) => r.getAttribute('data-references') === '200')).toBe(true);
    // The chart draws the byte miss ratio by default, the request one when asked; its axis in bytes.
    const chart = screen.getByTestId('sweep-chart');
    expect(chart.getAttribute('aria-label')).toMatch(/byte miss ratio against cache size in bytes/);
    expect([...chart.querySelectorAll('.tick text, text')].map((t) => t.textContent).join(' ')).toMatch(/MiB|GiB/);
    const marks = () =>
      [...chart.querySelectorAll('g.mrc-curve[data-policy="lru"] circle title')].map((t) => t.textContent);
    expect(marks()).toEqual(['LRU: 80.0 % misses at 64 MiB', 'LRU: 40.0 % misses at 4 GiB']);
    // The floor follows the ratio drawn.
    const floorAt = () => screen.getByTestId('mrc-floor').getAttribute('data-ratio');
    expect(floorAt()).toBe('0.35');
    fireEvent.change(screen.getByTestId('mrc-ratio'), { target: { value: 'requests' } });
    expect(marks()).toEqual(['LRU: 60.0 % misses at 64 MiB', 'LRU: 20.0 % misses at 4 GiB']);
    expect(floorAt()).toBe('0.15');
    // Objects instead: the block curves' controls come back.
    fireEvent.click(screen.getByTestId('mrc-unit-objects'));
    expect(screen.queryByTestId('byte-table')).toBeNull();
    expect(screen.getByTestId('sweep-min')).toBeTruthy();
  });
});
