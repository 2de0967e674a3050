import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeDepthLayout, formatBytes, nearestDepth } from '../../web/charts/depth/useDepthLayout';
import { DepthPanel } from '../../web/features/depth/components/DepthPanel';
import { UpsidePanel, sweepSizes } from '../../web/features/upside/components/UpsidePanel';
import { defaultScenario } from '../../web/scenario/defaults';
import { treeFromScenario } from '../../web/scenario/topology';
import type { DepthCurve, UpsidePoint, UpsideReport } from '../../web/worker/protocol';
import { makeReport } from './fixtures';

afterEach(cleanup);

const workload: DepthCurve = {
  name: 'workload',
  scope: 'workload',
  references: 100,
  distinct: 4,
  sizes: [1, 2, 3, 4],
  hits: [0.1, 0.3, 0.6, 0.9],
};
const array: DepthCurve = {
  name: 'array',
  scope: 'cache',
  sampledRate: 0.0125,
  references: 40,
  distinct: 800,
  sizes: [2, 400, 800],
  hits: [0, 0.5, 0.75],
};

describe('stack-depth layout', () => {
  it('steps up at each reported size, on linear and log axes, in blocks or bytes', () => {
    const size = { width: 500, height: 300 };
    const lin = computeDepthLayout([workload], [], size, 'linear', 'blocks', 4096);
    expect(lin.curves[0].path).toMatch(/^M/);
    expect(lin.xTicks[0].value).toBe(0);
    const log = computeDepthLayout(
      [workload, array],
      [{ key: 'client', label: 'client 2', size: 2 }],
      size,
      'log',
      'bytes',
      4096,
    );
    expect(log.xTicks.map((t) => t.label)).toEqual(['4 KiB', '16 KiB', '64 KiB', '256 KiB', '1 MiB']);
    expect(log.marks[0].x).toBeGreaterThan(log.plot.left);
    expect(formatBytes(4096 * 16384)).toBe('64 MiB');
    expect(computeDepthLayout([], [], size, 'linear', 'blocks', 4096).empty).toBe(true);
  });

  it('labels a phone-wide chart without piling up its ticks or its marks', () => {
    // The default run's graph at 390 px: 32,768 blocks, the client and client + array marked.
    const big: DepthCurve = { ...workload, distinct: 32_768, sizes: [1, 16_384, 32_768], hits: [0, 0.5, 0.96] };
    const marks = [
      { key: 'client', label: 'client 16,384', size: 16_384 },
      { key: 'aggregate', label: 'client + array 32,768', size: 32_768 },
    ];
    for (const [scale, unit] of [
      ['linear', 'blocks'],
      ['log', 'bytes'],
    ] as const) {
      const l = computeDepthLayout([big], marks, { width: 300, height: 300 }, scale, unit, 4096);
      // Tick labels (11 px, about 6.5 px a character) clear of one another.
      for (const [a, b] of l.xTicks.slice(1).map((t, i) => [l.xTicks[i], t])) {
        expect(b.x - a.x, `${scale}: ${a.label} | ${b.label}`).toBeGreaterThan(
          ((a.label.length + b.label.length) / 2) * 6.5,
        );
      }
      // The marks' labels inside the chart (the one at the right edge to the left of its line),
      // on different rows where they would overlap.
      const box = (m: (typeof l.marks)[number]) => {
        const w = m.label.length * 6.4;
        const from = m.anchor === 'middle' ? m.labelX - w / 2 : m.anchor === 'start' ? m.labelX : m.labelX - w;
        return [from, from + w];
      };
      const [client, aggregate] = l.marks;
      expect(aggregate.anchor).toBe('end');
      for (const m of l.marks) expect(box(m)[0] >= 0 && box(m)[1] <= 300, m.key).toBe(true);
      expect(client.row !== aggregate.row || box(client)[1] <= box(aggregate)[0], scale).toBe(true);
    }
  });

  it('reads every curve off at the reported size nearest the pointer, as its step value there', () => {
    // 500 px wide: the plot spans 46..482 px for 0..800 blocks, 0.545 px a block; 260..46 px for 0..1.
    const l = computeDepthLayout([workload, array], [], { width: 500, height: 300 }, 'linear', 'blocks', 4096);
    expect([l.plot.left, l.plot.right, l.plot.top, l.plot.bottom]).toEqual([46, 482, 46, 260]);
    // 400 blocks sit at 46 + 400 × 0.545 = 264 px: the array's own 50 %, and the workload's
    // last step (90 % from 4 blocks on).
    const at400 = nearestDepth(l, 266)!;
    expect([at400.size, at400.x]).toEqual([400, 264]);
    expect(at400.points.map((p) => [p.name, p.hit, p.y])).toEqual([
      ['workload', 0.9, 260 - 0.9 * 214],
      ['array', 0.5, 260 - 0.5 * 214],
    ]);
    // 1 block (46.545 px) is below the array's first size, 2: it hits nothing there yet.
    expect(nearestDepth(l, 46.5)!.points.map((p) => [p.name, p.hit])).toEqual([
      ['workload', 0.1],
      ['array', 0],
    ]);
    const at2 = nearestDepth(l, 47.1)!;
    expect(at2.size).toBe(2);
    expect(at2.points.map((p) => p.hit)).toEqual([0.3, 0]);
    // 800 blocks at 482 px.
    expect(nearestDepth(l, 470)!.points.map((p) => p.hit)).toEqual([0.9, 0.75]);
    // Off the plot, or nothing drawn: no read-out.
    expect(nearestDepth(l, 482 + 11)).toBeNull();
    expect(nearestDepth(l, 30)).toBeNull();
    expect(
      nearestDepth(computeDepthLayout([], [], { width: 500, height: 300 }, 'linear', 'blocks', 4096), 200),
    ).toBeNull();
    // The size is labelled in the axis's unit.
    expect(l.sizeLabel(16384)).toBe('16,384');
    expect(computeDepthLayout([workload], [], { width: 500, height: 300 }, 'log', 'bytes', 4096).sizeLabel(16384)).toBe(
      '64 MiB',
    );
  });
});

describe('DepthPanel', () => {
  it('draws each curve with its table, marks the run’s caches and says it is sampled', () => {
    const s = defaultScenario();
    const { rerender } = render(
      <DepthPanel report={makeReport({ depthCurves: [workload, array] })} scenario={s} running={true} />,
    );
    expect(screen.getByText('LRU stack-depth graphs (live)')).toBeTruthy();
    const lines = screen.getAllByTestId('depth-line');
    expect(lines.map((l) => l.getAttribute('data-curve'))).toEqual(['workload', 'array']);
    // The tables wait for the run's end (a live run commits only the chart).
    expect(screen.queryAllByTestId('depth-table')).toHaveLength(0);
    rerender(<DepthPanel report={makeReport({ depthCurves: [workload, array] })} scenario={s} running={false} />);
    const rows = [...screen.getAllByTestId('depth-table')[0].querySelectorAll('tr')].map((r) => [
      r.getAttribute('data-size'),
      r.getAttribute('data-hit'),
    ]);
    expect(rows).toEqual([
      ['1', '0.1'],
      ['2', '0.3'],
      ['3', '0.6'],
      ['4', '0.9'],
    ]);
    expect(screen.getByTestId('depth-mark-client').getAttribute('data-size')).toBe('16384');
    expect(screen.getByTestId('depth-mark-aggregate').getAttribute('data-size')).toBe('32768');
    const badge = screen.getByTestId('depth-sampled');
    expect(badge.textContent).toBe('sampled at R = 0.0125');
    // Hiding a curve removes its line; the table of numbers stays for what is shown.
    fireEvent.click(screen.getByTestId('depth-show-array'));
    expect(screen.getAllByTestId('depth-line').map((l) => l.getAttribute('data-curve'))).toEqual(['workload']);
    fireEvent.change(screen.getByTestId('depth-unit'), { target: { value: 'bytes' } });
    expect(screen.getByTestId('depth-chart').textContent).toContain('LRU cache size (bytes)');
  });

  it('says exact, and waits for a run', () => {
    const { rerender } = render(<DepthPanel report={null} scenario={null} running={false} />);
    expect(screen.getByTestId('depth-chart').textContent).toContain('Run the scenario');
    expect(screen.queryByTestId('depth-sampled')).toBeNull();
    rerender(<DepthPanel report={makeReport({ depthCurves: [workload] })} scenario={null} running={false} />);
    expect(screen.getByTestId('depth-sampled').textContent).toBe('exact');
  });
});

const point = (size: number, incDisk: number, excDisk: number): UpsidePoint => ({
  client: size,
  array: size,
  inclusive: { client: 0.5, array: 0.5 - incDisk, disk: incDisk, meanLatencyMs: 5 },
  exclusive: { client: 0.5, array: 0.5 - excDisk, disk: excDisk, meanLatencyMs: 1 },
  missReductionPercent: (100 * (incDisk - excDisk)) / incDisk,
  speedup: 5,
});

describe('UpsidePanel', () => {
  it('sweeps equal sizes doubling up to the workload', () => {
    expect(sweepSizes(32768)).toEqual([256, 512, 1024, 2048, 4096, 8192, 16384, 32768]);
    expect(sweepSizes(3, 4)).toEqual([1, 2]);
  });

  it('estimates the chosen sizes and draws Figure 4', async () => {
    const calls: { client: number; array: number }[][] = [];
    const estimate = async (_s: unknown, points: { client: number; array: number }[]): Promise<UpsideReport> => {
      calls.push(points);
      return {
        references: 1000,
        distinct: 100,
        points: [point(100, 0.4, 0.1), ...points.slice(1).map((p) => point(p.client, 0.5, 0.25))],
      };
    };
    const base = {
      ...defaultScenario(),
      source: { kind: 'workload' as const, workload: { kind: 'random' as const, blocks: 1000 } },
    };
    render(<UpsidePanel base={base} estimate={estimate} />);
    // The sizes start at the scenario's own: the client, and the array above it.
    expect((screen.getByTestId('upside-client') as HTMLInputElement).value).toBe('16384');
    expect((screen.getByTestId('upside-array') as HTMLInputElement).value).toBe('16384');
    fireEvent.change(screen.getByTestId('upside-client'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('upside-array'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('upside-run'));
    await waitFor(() => expect(screen.getByTestId('upside-table')).toBeTruthy());
    expect(calls[0][0]).toEqual({ client: 100, array: 300 });
    expect(calls[0].slice(1).map((p) => p.client)).toEqual([4, 8, 16, 32, 64, 128, 256, 512]);
    expect(screen.getByTestId('upside-inclusive').getAttribute('data-disk')).toBe('0.4');
    expect(screen.getByTestId('upside-exclusive').getAttribute('data-disk')).toBe('0.1');
    expect(screen.getByTestId('upside-reduction').getAttribute('data-value')).toBe('75');
    expect(screen.getByTestId('upside-speedup').textContent).toBe('5×');
    const labels = screen.getAllByTestId('upside-bar-reduction');
    expect(labels).toHaveLength(8);
    expect(labels[0].textContent).toBe('50%');
    expect(within(screen.getByTestId('upside-chart')).getAllByText('512')).toHaveLength(1);
    expect(screen.queryByTestId('upside-clients')).toBeNull();
  });

  it('starts a tree at its first client’s path sizes and shows each client on its own stream', async () => {
    const tree: any = defaultScenario();
    tree.topology = { kind: 'tree', caches: treeFromScenario(tree, 2, 1) };
    tree.topology.caches[1].capacity = 1000; // mid1, above both clients
    const estimate = async (_s: unknown, points: { client: number; array: number }[]): Promise<UpsideReport> => ({
      references: 1000,
      distinct: 100,
      points: points.map((p) => point(p.client, 0.5, 0.25)),
      clients: [
        { name: 'client1', references: 500, distinct: 60, point: point(16384, 0.4, 0.1) },
        { name: 'client2', references: 500, distinct: 60, point: point(16384, 0.4, 0.3) },
      ],
    });
    render(<UpsidePanel base={tree} estimate={estimate} />);
    // Its own cache; the caches above it summed (mid1 + array).
    expect((screen.getByTestId('upside-client') as HTMLInputElement).value).toBe('16384');
    expect((screen.getByTestId('upside-array') as HTMLInputElement).value).toBe(String(1000 + 16384));
    fireEvent.click(screen.getByTestId('upside-run'));
    await waitFor(() => expect(screen.getByTestId('upside-clients')).toBeTruthy());
    const rows = [...screen.getByTestId('upside-clients').querySelectorAll('tbody tr')].map((r) => [
      r.getAttribute('data-client'),
      r.getAttribute('data-reduction'),
    ]);
    expect(rows).toEqual([
      ['client1', '75'],
      ['client2', String((100 * (0.4 - 0.3)) / 0.4)],
    ]);
  });

  it('shows the engine’s error and refuses absurd sizes', async () => {
    const estimate = async (): Promise<UpsideReport> => {
      throw new Error('scenario.topology: the upside estimator is for one client over one array');
    };
    render(<UpsidePanel base={defaultScenario()} estimate={estimate} />);
    fireEvent.change(screen.getByTestId('upside-client'), { target: { value: '0' } });
    expect((screen.getByTestId('upside-run') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('upside-client'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('upside-run'));
    await waitFor(() => expect(screen.getByTestId('upside-error').textContent).toContain('one client over one array'));
  });
});
