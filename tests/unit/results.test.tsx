import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultsPanel, viewOf } from '../../web/features/results/components/ResultsPanel';
import { IDLE, type RunState } from '../../web/worker/runState';
import { EDGES_US, makeCache, makeClient, makeReport } from './fixtures';
import { formatSpeedup } from '../../web/format/numbers';

afterEach(cleanup);

const done = (over: Partial<RunState> = {}): RunState => ({
  phase: 'done',
  report: makeReport(),
  error: null,
  scenarioJson: '{}',
  ...over,
});

describe('ResultsPanel', () => {
  it('shows a finished run: exact values in data-value, rounded text', () => {
    render(<ResultsPanel state={done()} />);

    const mean = screen.getByTestId('mean-latency');
    expect(mean.getAttribute('data-value')).toBe('0.5575482177734375');
    expect(mean.textContent).toBe('0.558 ms');
    // Its percentiles beside it: half the requests under 1 µs, the slowest tenth near 10.2 ms.
    const pct = screen.getByTestId('latency-percentiles');
    expect(pct.textContent).toBe('p50 1 µs · p95 10.2 ms · p99 10.2 ms');
    expect(pct.getAttribute('data-p95')).toBe(String(EDGES_US[401] / 1000));
    // The warm-up is stated beside the result, as peers count every request.
    expect(screen.getByTestId('warmup-note').textContent).toBe('after 10 warm-up requests (peers count all)');

    expect(screen.getByTestId('hit-client').getAttribute('data-value')).toBe('0.5');
    expect(screen.getByTestId('hit-array').getAttribute('data-value')).toBe('0.4');
    expect(screen.getByTestId('hit-disk').getAttribute('data-value')).toBe('0.1');
    expect(within(screen.getByTestId('hit-array')).getByText('40.0 %')).toBeTruthy();
    expect((screen.getByTestId('hit-client').querySelector('.hit-fill') as HTMLElement).style.transform).toBe(
      'scaleX(0.5000)',
    );

    const progress = screen.getByTestId('progress');
    expect(progress.getAttribute('data-phase')).toBe('done');
    expect(progress.getAttribute('data-processed')).toBe('110');

    expect(screen.getByTestId('demotions').textContent).toBe('48');
    expect(screen.getByTestId('demotions-moved').textContent).toContain('36 moved data (75.0 %)');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a single cache as cache and disk, with request and block hit ratios apart', () => {
    const report = makeReport({
      counters: {
        ...makeReport().counters,
        clientHits: 60,
        arrayHits: 0,
        diskReads: 40,
        blockReads: 250,
        clientBlockHits: 200,
        arrayBlockHits: 0,
      },
      hitFractions: { client: 0.6, array: 0, disk: 0.4 },
      blockHitFractions: { client: 0.8, array: 0, disk: 0.2 },
    });
    render(<ResultsPanel state={done({ report, scenarioJson: '{"topology":{"kind":"single"}}' })} />);
    expect(screen.queryByTestId('hit-array')).toBeNull();
    expect(screen.queryByTestId('demotions')).toBeNull();
    expect(within(screen.getByTestId('hit-client')).getByText('Cache')).toBeTruthy();
    const blocks = screen.getByTestId('block-hits');
    expect(blocks.getAttribute('data-client')).toBe('0.8');
    expect(blocks.textContent).toContain('Per block: cache 80.0 % · disk 20.0 %');
    // One client, one cache: no per-client table, and the cache's counters folded away.
    expect(screen.queryByTestId('client-table')).toBeNull();
    expect(screen.queryByTestId('client-cdf-chart')).toBeNull();
    expect(screen.getByTestId('per-cache').tagName.toLowerCase()).toBe('details');
    expect((screen.getByTestId('per-cache') as HTMLDetailsElement).open).toBe(false);
  });

  it('shows two levels as cleanly: the pair, its counters a click away, the write mix and warm read hit ratio where there are writes', () => {
    const report = makeReport({
      counters: {
        ...makeReport().counters,
        requests: 200,
        writes: 100,
        synchWrites: 10,
        replaceWrites: 80,
        recovWrites: 5,
        warmBlockReads: 40,
        warmBlockHits: 30,
      },
      caches: [
        makeCache('client', 1, 1, 50, 50, { client: true }),
        makeCache('array', null, 0, 40, 10, {
          writes: 100,
          synchWrites: 10,
          replaceWrites: 80,
          recovWrites: 5,
          warmBlockReads: 40,
          warmBlockHits: 30,
        }),
      ],
    });
    render(<ResultsPanel state={done({ report })} />);
    expect(screen.queryByTestId('client-table')).toBeNull();
    // The mean is over every request, writes too, and says so.
    expect(screen.getByTestId('measured').textContent).toMatch(/^200 requests \(100 reads, 100 writes\) measured/);
    expect(screen.getByTestId('warm-read-hit-ratio').getAttribute('data-value')).toBe('0.75');
    expect(screen.getByTestId('write-mix').getAttribute('data-value')).toBe('10,80,5,100');
    const caches = screen.getByTestId('cache-table').querySelectorAll('tbody tr');
    expect([...caches].map((r) => [r.getAttribute('data-cache'), r.getAttribute('data-client')])).toEqual([
      ['client', 'true'],
      ['array', 'false'],
    ]);
    expect(
      within(caches[1] as HTMLElement)
        .getByTestId('cache-warm-hits')
        .getAttribute('data-value'),
    ).toBe('0.75');
    expect(within(caches[1] as HTMLElement).getByTestId('cache-writes').textContent).toBe(
      '100 (SYNCH 10.0 %, REPLACE 80.0 %, RECOV 5.0 %, no hint 5.0 %)',
    );
    expect(screen.getByTestId('per-cache').textContent).toContain('writes');
  });

  it('renders the CDF chart with its table of bins', () => {
    render(<ResultsPanel state={done()} />);
    expect(screen.getByTestId('cdf-chart').tagName.toLowerCase()).toBe('svg');
    const rows = screen.getByTestId('cdf-table').querySelectorAll('tr');
    expect([...rows].map((r) => [r.getAttribute('data-upper-ms'), r.getAttribute('data-cum')])).toEqual([
      ['0.001', '0.5'],
      [String(EDGES_US[231] / 1000), '0.6'],
      [String(EDGES_US[261] / 1000), '0.9'],
      [String(EDGES_US[401] / 1000), '1'],
    ]);
    const svg = screen.getByTestId('cdf-chart');
    expect(svg.querySelector('.cdf-line')?.getAttribute('d')).toMatch(/^M/);
    expect(svg.querySelector('.cdf-ref-array text')?.textContent).toBe('array hit 200 µs');
  });

  it('switches the CDF between a log and a linear latency axis', () => {
    render(<ResultsPanel state={done()} />);
    const svg = screen.getByTestId('cdf-chart');
    const title = () => svg.querySelector('.cdf-axis-title')!.textContent;
    expect((screen.getByTestId('cdf-scale') as HTMLSelectElement).value).toBe('log');
    expect(title()).toBe('latency (log scale)');
    fireEvent.change(screen.getByTestId('cdf-scale'), { target: { value: 'linear' } });
    expect(title()).toBe('latency (linear scale)');
    expect(svg.getAttribute('aria-label')).toContain('linear scale');
    expect(svg.querySelector('.cdf-line')?.getAttribute('d')).toMatch(/^M/);
    fireEvent.change(screen.getByTestId('cdf-scale'), { target: { value: 'log' } });
    expect(title()).toBe('latency (log scale)');
  });

  it('labels the warm-up phase', () => {
    render(<ResultsPanel state={done({ phase: 'warmup', report: makeReport({ phase: 'warmup', processed: 7 }) })} />);
    expect(screen.getByTestId('progress').getAttribute('data-phase')).toBe('warmup');
    expect(screen.getByTestId('progress').getAttribute('data-processed')).toBe('7');
    expect(screen.getByText('Mean latency (warm-up)')).toBeTruthy();
    expect(screen.getByText(/reads in warm-up, not yet measured/)).toBeTruthy();
  });

  it('shows placeholders before a run, and engine errors in an alert', () => {
    const { rerender } = render(<ResultsPanel state={IDLE} />);
    expect(screen.getByTestId('progress').getAttribute('data-phase')).toBe('idle');
    expect(screen.getByTestId('progress').getAttribute('data-processed')).toBe('0');
    expect(screen.getByTestId('mean-latency').hasAttribute('data-value')).toBe(false);
    expect(screen.getByTestId('cdf-table').querySelectorAll('tr')).toHaveLength(0);

    rerender(
      <ResultsPanel state={{ ...IDLE, phase: 'error', error: 'The engine failed: RuntimeError: unreachable' }} />,
    );
    const alert = screen.getByTestId('run-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('The engine failed: RuntimeError: unreachable');
  });

  it('shows a tree: one CDF per client, where each client was served, speedups, fairness, the caches', () => {
    const client = (
      name: string,
      path: number[],
      bins: Record<number, number>,
      servedAt: number[],
      mean: number,
      alone: number,
    ) =>
      makeClient(name, path, servedAt, bins, { meanLatencyMs: mean, aloneMeanLatencyMs: alone, speedup: alone / mean });
    const cache = (name: string, parent: number | null, depth: number, hits: number, misses: number) =>
      makeCache(name, parent, depth, hits, misses, {
        client: parent !== null,
        demotionsIn: parent === null ? 7 : 0,
        demotionsMovedIn: parent === null ? 5 : 0,
      });
    const tree = {
      queueing: true,
      fairness: 0.5,
      clients: [
        client('web', [1, 0], { 0: 6, 231: 2, 401: 2 }, [6, 2, 2], 2.08, 2.08),
        client('db', [2, 0], { 0: 2, 231: 4, 401: 4 }, [2, 4, 4], 8.32, 4.16),
      ],
      caches: [cache('array', null, 0, 6, 6), cache('web', 0, 1, 6, 4), cache('db', 0, 1, 2, 8)],
    };
    render(<ResultsPanel state={done({ report: makeReport(tree), scenarioJson: '{"topology":{"kind":"tree"}}' })} />);

    const lines = screen.getByTestId('client-cdf-chart').querySelectorAll('path.client-cdf-line');
    expect([...lines].map((l) => l.getAttribute('data-client'))).toEqual(['web', 'db']);
    // Each client's line has its own dash (the first solid), and its legend shows the same, so
    // clients whose curves coincide stay told apart.
    expect([...lines].map((l) => l.getAttribute('stroke-dasharray'))).toEqual([null, '7 4']);
    const swatches = screen.getByTestId('client-cdf-chart').parentElement!.querySelectorAll('.line-swatch line');
    expect([...swatches].map((l) => l.getAttribute('stroke-dasharray'))).toEqual([null, '7 4']);
    const tables = screen.getAllByTestId('client-cdf-table');
    const cums = (t: HTMLElement) => [...t.querySelectorAll('tr')].map((r) => Number(r.getAttribute('data-cum')));
    expect(cums(tables[0])).toEqual([0.6, 0.8, 1]);
    expect(cums(tables[1])).toEqual([0.2, 0.6, 1]);

    const rows = screen.getByTestId('client-table').querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.getAttribute('data-client'))).toEqual(['web', 'db']);
    const cells = (r: Element) =>
      [...r.querySelectorAll('td[data-level]')].map((c) => [
        c.getAttribute('data-level'),
        c.getAttribute('data-value'),
      ]);
    expect(cells(rows[1])).toEqual([
      ['0', '0.2'],
      ['1', '0.4'],
      ['disk', '0.4'],
    ]);
    expect(rows[1].textContent).toContain('array');
    expect(
      within(rows[1] as HTMLElement)
        .getByTestId('speedup')
        .getAttribute('data-value'),
    ).toBe('0.5');
    // A speedup of 0.5 is what it is: twice as slow shared.
    expect(within(rows[1] as HTMLElement).getByTestId('speedup').textContent).toBe('2× slower');
    expect(screen.getByTestId('fairness').getAttribute('data-value')).toBe('0.5');

    const caches = screen.getByTestId('cache-table').querySelectorAll('tbody tr');
    expect([...caches].map((r) => [r.getAttribute('data-cache'), r.getAttribute('data-depth')])).toEqual([
      ['array', '0'],
      ['web', '1'],
      ['db', '1'],
    ]);
    expect(caches[0].textContent).toContain('50.0 %');
    expect(caches[0].textContent).toContain('(5 moved)');
    // The summary sums over the clients, with the tree's words.
    expect(within(screen.getByTestId('hit-array')).getByText('Shared caches')).toBeTruthy();
    expect(screen.queryByText(/path costs/)).toBeNull();
    // A tree's caches are out in the open, not folded away.
    expect(screen.queryByTestId('per-cache')).toBeNull();
  });

  it('reads the topology off the report when the scenario is not known', () => {
    const single = makeReport({
      caches: [makeCache('cache', null, 0, 60, 40, { client: true })],
      clients: [makeClient('cache', [0], [60, 40], { 0: 60, 401: 40 })],
    });
    expect(viewOf(null, single)).toBe('single');
    expect(viewOf(null, makeReport())).toBe('two-level');
    expect(viewOf({ topology: { kind: 'tree', caches: [] } }, makeReport())).toBe('tree');
    const deep = makeReport({
      clients: [makeClient('c', [0, 1, 2], [5, 3, 1, 1], { 0: 10 })],
      caches: [
        makeCache('c', 1, 2, 5, 5, { client: true }),
        makeCache('mid', 2, 1, 3, 2),
        makeCache('array', null, 0, 1, 1),
      ],
    });
    expect(viewOf(null, deep)).toBe('tree');
    // One client over a deeper path: its per-level row adds what the totals hide.
    render(<ResultsPanel state={done({ report: deep })} />);
    const cells = [...screen.getByTestId('client-table').querySelectorAll('td[data-level]')].map((c) =>
      c.getAttribute('data-value'),
    );
    expect(cells).toEqual(['0.5', '0.3', '0.1', '0.1']);
    expect(screen.queryByTestId('client-cdf-chart')).toBeNull();
  });
});

describe('speedups in words', () => {
  it('says how much faster or slower a client is shared, not a ratio below one', () => {
    expect([0.2, 0.5, 1, 1.0004, 1.5, 0, Number.NaN].map(formatSpeedup)).toEqual([
      '5× slower',
      '2× slower',
      'no change',
      'no change',
      '1.5× faster',
      '—',
      '—',
    ]);
  });
});
