// The Trace view: its tables and charts' layouts from a report, and the view driven by a fake
// engine (the real one runs in tests/integration/streaming.test.ts and tests/e2e/traces.test.ts).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeBinsLayout } from '../../web/charts/profile/binsLayout';
import { computeLinesLayout } from '../../web/charts/profile/linesLayout';
import { TraceAnalysis } from '../../web/features/analysis/TraceAnalysis';
import { allTables, binsTable, rankPoints, timesTable } from '../../web/features/analysis/tables';
import { defaultScenario } from '../../web/scenario/defaults';
import type { Scenario } from '../../web/scenario/document';
import type { AnalyzeProgress, AnalyzeRequest, ProfileReport } from '../../web/worker/protocol';
import { registerTrace } from '../../web/worker/traces';

afterEach(cleanup);

/** A small report as the engine writes one: 10 requests over 4 objects of one client, untimed. */
function report(requests = 10): ProfileReport {
  return {
    requests,
    references: requests,
    reads: requests - 2,
    writes: 2,
    distinct: 4,
    bytesRequested: null,
    distinctBytes: null,
    sizeChanges: 0,
    compulsoryMissRatio: 4 / requests,
    compulsoryByteMissRatio: null,
    meanSizeByRequests: null,
    meanSizeByObjects: null,
    frequencyMean: requests / 4,
    timeSpanSecs: null,
    referencedTimes: [1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    referencedMore: 1,
    oneHitWonders: 0.25,
    top: [
      { id: 9, references: 4, share: 0.4 },
      { id: '18446744073709551615', references: 3, share: 0.3 },
    ],
    zipf: { alpha: 1.1, r2: 0.9 },
    reuse: {
      requests: [
        { from: 1, to: 2, count: 2 },
        { from: 8, to: 16, count: 4 },
      ],
      seconds: [],
      distance: [{ from: 2, to: 4, count: 6 }],
      distanceSampleRate: null,
    },
    sizes: [],
    popularity: [
      { from: 1, to: 2, objects: 1, references: 1, meanSize: null },
      { from: 2, to: 4, objects: 1, references: 2, meanSize: null },
      { from: 4, to: 8, objects: 2, references: 7, meanSize: null },
    ],
    windows: {
      unit: 'requests',
      width: 5,
      every: 1,
      windows: [{ start: 0, requests: 5, references: 5, bytes: 0, distinct: 3, new: 3 }],
    },
    clients: null,
    blocks: null,
  };
}

describe('the trace analysis as tables', () => {
  it('lists objects by references, the top objects by their file ids, and every table of the card', () => {
    const r = report();
    expect(timesTable(r).rows.slice(0, 3)).toEqual([
      ['1', 1],
      ['2', 1],
      ['3', 0],
    ]);
    expect(timesTable(r).rows.at(-1)).toEqual(['more than 16', 1]);
    expect(binsTable(r.reuse.requests, 'requests').rows).toEqual([
      [1, 2, 2, 1 / 3],
      [8, 16, 4, 2 / 3],
    ]);
    const names = allTables(r).map(([n]) => n);
    expect(names).toEqual([
      'headline',
      'referenced-times',
      'top-objects',
      'rank-frequency',
      'reuse-requests',
      'reuse-distance',
      'popularity',
      'load-over-time',
    ]);
    // A hashed id past 2^53 stays its exact text.
    const top = allTables(r).find(([n]) => n === 'top-objects')![1];
    expect(top.rows[1]).toEqual([2, '18446744073709551615', 3, 0.3]);
  });

  it('ranks the top objects at their ranks, then each popularity bin at its last object', () => {
    // Bins from the most referenced: 4–7 (2 objects: ranks 1–2), 2–3 (rank 3), 1 (rank 4).
    expect(rankPoints(report())).toEqual([
      { rank: 1, references: 4 },
      { rank: 2, references: 3 },
      { rank: 3, references: 2 },
      { rank: 4, references: 1 },
    ]);
  });
});

describe('the trace analysis charts', () => {
  it('draws a bar per bin as reported, empty ones too, of its share of the whole', () => {
    const bins = [
      { from: 0.25, to: 0.5, count: 1 },
      { from: 0.5, to: 1, count: 0 },
      { from: 1, to: 2, count: 0 },
      { from: 2, to: 4, count: 3 },
    ];
    const l = computeBinsLayout(bins, String, { width: 400, height: 200 });
    expect(l.bars.map((b) => b.share)).toEqual([0.25, 0, 0, 0.75]);
    expect(l.bars[3].y).toBeLessThan(l.bars[0].y);
    expect(l.bars[1].x).toBeGreaterThan(l.bars[0].x);
  });

  it('leaves points of 0 off a log axis', () => {
    const l = computeLinesLayout(
      {
        series: [{ name: 'r', points: [0, 1, 10, 100].map((x) => ({ x, y: x })) }],
        xLog: true,
        yLog: true,
        xTick: String,
        yTick: String,
      },
      { width: 400, height: 200 },
    );
    expect(l.series[0].xy.map((p) => p.x)).toEqual([1, 10, 100]);
    expect(l.xTicks.map((t) => t.label)).toEqual(['1', '10', '100']);
  });
});

describe('the Trace view', () => {
  const traced = (name: string): Scenario => {
    const s = defaultScenario();
    return { ...s, source: { kind: 'trace', name } } as Scenario;
  };

  it('analyses the loaded file when shown, live, then says how long it took; a generated workload says what it needs', async () => {
    const asked: AnalyzeRequest[] = [];
    let progress: ((p: AnalyzeProgress) => void) | undefined;
    let finish: (() => void) | undefined;
    const client = {
      analyzeTrace: (request: AnalyzeRequest, _file: Blob, o: { onProgress?: (p: AnalyzeProgress) => void } = {}) => {
        asked.push(request);
        progress = o.onProgress;
        return new Promise<{ report: ProfileReport; summary: any; ms: number }>((resolve) => {
          finish = () => resolve({ report: report(20), summary: { format: 'csv' }, ms: 5 });
        });
      },
      terminate: () => {},
    };
    registerTrace('t.csv', new Blob(['0123456789']));
    const { rerender } = render(
      <TraceAnalysis base={traced('t.csv')} shown={false} onPick={() => {}} createClient={() => client} />,
    );
    expect(asked).toHaveLength(0); // hidden: nothing read
    rerender(<TraceAnalysis base={traced('t.csv')} shown onPick={() => {}} createClient={() => client} />);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({ name: 't.csv', windowSecs: 300, windowRequests: 100_000, top: 10 });
    act(() => progress!({ report: report(10), bytes: 5, total: 10, ms: 1, memory: { engine: 0, reader: 0 } }));
    expect(screen.getByTestId('profile-status').dataset.status).toBe('running');
    expect(screen.getByTestId('profile-requests').dataset.value).toBe('10');
    expect(screen.getByTestId('profile-body').dataset.live).toBe('true');
    await act(async () => finish!());
    await waitFor(() => expect(screen.getByTestId('profile-status').dataset.status).toBe('done'));
    expect(screen.getByTestId('profile-requests').dataset.value).toBe('20');
    expect(screen.getByTestId('profile-status').textContent).toMatch(/^t\.csv: 20 requests analysed in /);
    expect(screen.getByTestId('profile-top').textContent).toContain('18446744073709551615');
    // Shown again, the same file is not read again; "Analyze again" reads it again.
    rerender(<TraceAnalysis base={traced('t.csv')} shown={false} onPick={() => {}} createClient={() => client} />);
    rerender(<TraceAnalysis base={traced('t.csv')} shown onPick={() => {}} createClient={() => client} />);
    expect(asked).toHaveLength(1);
    fireEvent.click(screen.getByTestId('profile-run'));
    await waitFor(() => expect(asked).toHaveLength(2));

    cleanup();
    render(<TraceAnalysis base={defaultScenario()} shown onPick={() => {}} createClient={() => client} />);
    expect(screen.getByTestId('profile-no-trace').textContent).toContain('an analysis reads a trace file');
    cleanup();
    render(<TraceAnalysis base={traced('absent.bin')} shown onPick={() => {}} createClient={() => client} />);
    expect(screen.getByTestId('profile-missing').textContent).toContain('absent.bin, which is not loaded');
    expect(asked).toHaveLength(2);
  });

  it('shows the engine’s refusal with the part read kept', async () => {
    const client = {
      analyzeTrace: async (_r: AnalyzeRequest, _f: Blob, o: { onProgress?: (p: AnalyzeProgress) => void } = {}) => {
        o.onProgress?.({ report: report(10), bytes: 5, total: 10, ms: 1, memory: { engine: 0, reader: 0 } });
        throw new Error('bad.csv: line 7: not a number');
      },
      terminate: () => {},
    };
    registerTrace('bad.csv', new Blob(['0123456789']));
    render(<TraceAnalysis base={traced('bad.csv')} shown onPick={() => {}} createClient={() => client} />);
    await waitFor(() => expect(screen.getByTestId('profile-error').textContent).toBe('bad.csv: line 7: not a number'));
    expect(screen.getByTestId('profile-status').textContent).toContain('the numbers below are of the part read');
    expect(screen.getByTestId('profile-requests').dataset.value).toBe('10');
  });
});
