// The paper gallery, driven by a fake engine: the recorded checks grouped by exhibit, each row
// marked with the verdict the engine gives (not the one in the file); "Run here" in an engine of
// its own, with live numbers, cancel and errors; "Load into editor".
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/features/gallery/experiments';
import { claimParts } from '../../web/features/gallery/reproduction';
import { Gallery } from '../../web/features/gallery/Gallery';
import type { GalleryEngine } from '../../web/features/gallery/useRunHere';
import { checkScenario, type Scenario } from '../../web/scenario/document';
import { EngineRunError } from '../../web/worker/client';
import type { Check, Verdict } from '../../web/worker/protocol';

afterEach(cleanup);

const value = (
  paper: string,
  exhibit: string,
  label: string,
  v: number,
  unit: string,
  ours: number,
  verdict: Verdict,
  note?: string,
): Check => ({
  paper,
  exhibit,
  label,
  expected: { kind: 'value', value: v, unit, tolerance: unit === 'ms' ? 0.2 : 0.25 },
  ours,
  oursText: unit === '×' ? `${ours.toFixed(2)}×` : `${ours.toFixed(2)} ms`,
  difference: ours / v - 1,
  verdict,
  ...(note ? { note } : {}),
});

const RECORDED: Check[] = [
  value('000', 'Table 2', 'RANDOM: LRU-LRU-none', 4.77, 'ms', 4.27, 'pass'),
  value('000', 'Table 2', 'RANDOM: speed-up', 7.5, '×', 7.65, 'pass'),
  {
    paper: '000',
    exhibit: '§4.5',
    label: 'SEQUENTIAL: best design',
    expected: { kind: 'claim', text: 'MRU-LRU-none' },
    ours: 0,
    oursText: 'MRU-MRU-demote 0.1240 ms',
    verdict: 'fail',
    note: 'its DEMOTEs are of blocks the array already holds',
  },
  value(
    '000',
    'Fig. 19',
    'RANDOM: slow-down where DEMOTE stops paying',
    20,
    '×',
    42.66,
    'fail',
    'a demotion costs more than the disk reads it saves',
  ),
  value('001', 'Figs. 4–7', 'SLRU 512 (75 % protected) ÷ LRU 1024: hit ratio', 1, '×', 1.04, 'pass'),
];

/**
 * Engines that judge by a script (by label, else "pass") — standing for the engine's rule, which
 * this page must not have — and reproduce as `reproduce` says; each records its termination.
 */
function fakeEngines(
  judge: Record<string, Verdict>,
  reproduce: (paper: string, signal?: AbortSignal) => Promise<Check[]> = async () => [],
) {
  const made: { terminated: boolean; judged: number }[] = [];
  const create = (): GalleryEngine => {
    const record = { terminated: false, judged: 0 };
    made.push(record);
    return {
      reproduce,
      judgeChecks: async (checks) => {
        record.judged += checks.length;
        return checks.map((c) => judge[(c as Check).label] ?? 'pass');
      },
      terminate: () => void (record.terminated = true),
    };
  };
  return { create, made };
}

/** A reproduction that runs until aborted, then rejects as a cancelled engine call does. */
const untilAborted = (_paper: string, signal?: AbortSignal) =>
  new Promise<Check[]>((_, reject) =>
    signal?.addEventListener('abort', () => reject(new EngineRunError('cancelled', 'the reproduction was cancelled'))),
  );

const rows = (id: string) =>
  [...screen.getByTestId(`gallery-checks-${id}`).querySelectorAll('tr[data-label]')].map((tr) => ({
    label: tr.getAttribute('data-label'),
    verdict: tr.getAttribute('data-verdict'),
    mark: tr.querySelector('.gallery-mark')!.textContent,
    changed: tr.getAttribute('data-changed'),
  }));

describe('the paper gallery', () => {
  it('has a card per seed paper, every scenario valid', () => {
    expect(EXPERIMENTS.map((e) => [e.id, e.paper])).toEqual([
      ['paper000', '000'],
      ['paper001', '001'],
      ['paper002', '002'],
      ['paper003', '003'],
      ['paper004', '004'],
    ]);
    for (const e of EXPERIMENTS) expect(checkScenario(e.scenario).ok, e.id).toBe(true);
  });

  it("shows the recorded checks by exhibit, each marked with the engine's verdict rather than the file's", async () => {
    // The engine disagrees with the file on the first row (an expectation edited since the recording).
    const { create, made } = fakeEngines({
      'RANDOM: LRU-LRU-none': 'fail',
      'SEQUENTIAL: best design': 'fail',
      'RANDOM: slow-down where DEMOTE stops paying': 'close',
    });
    render(<Gallery onLoad={() => {}} loadRecorded={async () => RECORDED} createEngine={create} />);
    await waitFor(() => expect(screen.getByTestId('gallery-summary-paper000').textContent).toBe('1 ✓ · 1 ≈ · 2 ✗'));
    expect(rows('paper000')).toEqual([
      { label: 'RANDOM: LRU-LRU-none', verdict: 'fail', mark: '✗', changed: null },
      { label: 'RANDOM: speed-up', verdict: 'pass', mark: '✓', changed: null },
      { label: 'SEQUENTIAL: best design', verdict: 'fail', mark: '✗', changed: null },
      { label: 'RANDOM: slow-down where DEMOTE stops paying', verdict: 'close', mark: '≈', changed: null },
    ]);
    const table = screen.getByTestId('gallery-checks-paper000');
    expect([...table.querySelectorAll('tbody')].map((b) => b.getAttribute('data-exhibit'))).toEqual([
      'Table 2',
      '§4.5',
      'Fig. 19',
    ]);
    // The paper's side (with its tolerance), ours, the difference; a claim in the paper's words.
    const first = table.querySelector('tr[data-label="RANDOM: LRU-LRU-none"]')!;
    expect([...first.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '4.77\u00a0ms ±20\u00a0%',
      '4.27 ms',
      '−10.5\u00a0%',
      '✗',
    ]);
    expect(table.querySelector('tr[data-label="SEQUENTIAL: best design"] td')!.textContent).toBe('MRU-LRU-none');
    // Each note on one line beneath its row.
    expect(
      [...table.querySelectorAll('.gallery-note')].map((n) => [n.getAttribute('data-verdict'), n.textContent]),
    ).toEqual([
      ['fail', 'its DEMOTEs are of blocks the array already holds'],
      ['close', 'a demotion costs more than the disk reads it saves'],
    ]);
    expect(screen.getByTestId('gallery-summary-paper001').textContent).toBe('1 ✓ · 0 ≈ · 0 ✗');
    // One engine judged every recorded check, then stopped.
    expect(made).toEqual([{ terminated: true, judged: RECORDED.length }]);
    // Papers not reproduced yet say so.
    for (const id of ['paper002', 'paper003', 'paper004']) {
      expect(screen.getByTestId(`gallery-${id}`).getAttribute('data-status')).toBe('none');
      expect(screen.getByTestId(`gallery-empty-${id}`).textContent).toMatch(/No checks of this paper yet/);
    }
    expect(screen.getByTestId('gallery').textContent).toMatch(/tiersim reproduce recorded on each paper’s testbed/);
    // Each card says what its checks run on that is ours, not the paper's.
    for (const e of EXPERIMENTS)
      expect(screen.getByTestId(`gallery-ours-${e.id}`).textContent).toMatch(/^Ours, not the paper’s: \S/);
  });

  it('sets our reading of a vague claim apart from the paper’s words', () => {
    expect(claimParts('LRU has very poor performance (we take: under a sixth of TQ’s hit ratio)')).toEqual({
      paper: 'LRU has very poor performance',
      ours: 'under a sixth of TQ’s hit ratio',
    });
    expect(
      claimParts('the hint-based policies alike (we take: within 25 %), above MQ, much above LRU (we take: ≥ 2 ×)'),
    ).toEqual({ paper: 'the hint-based policies alike, above MQ, much above LRU', ours: 'within 25 %; ≥ 2 ×' });
    expect(claimParts('MRU-LRU-none')).toEqual({ paper: 'MRU-LRU-none' });
  });

  it('loads a card’s scenario into the editor', () => {
    const loaded: Scenario[] = [];
    render(
      <Gallery
        onLoad={(s) => loaded.push(s)}
        loadRecorded={async () => RECORDED}
        createEngine={fakeEngines({}).create}
      />,
    );
    fireEvent.click(screen.getByTestId('gallery-load-paper000'));
    fireEvent.click(screen.getByTestId('gallery-load-paper004'));
    expect(loaded.map((s) => s.name)).toEqual(['RANDOM LRU-MRU-demote', 'OLTP → TQ']);
  });

  it('runs a paper here in an engine of its own and marks the rows whose numbers differ from the recording', async () => {
    let finish: (checks: Check[]) => void = () => {};
    const asked: string[] = [];
    const { create, made } = fakeEngines({}, (paper) => {
      asked.push(paper);
      return new Promise((resolve) => (finish = resolve));
    });
    render(<Gallery onLoad={() => {}} loadRecorded={async () => RECORDED} createEngine={create} />);
    await waitFor(() => expect(screen.getByTestId('gallery-summary-paper000').textContent).toMatch(/✓/));
    fireEvent.click(screen.getByTestId('gallery-run-paper000'));
    const card = screen.getByTestId('gallery-paper000');
    await waitFor(() => expect(card.getAttribute('data-status')).toBe('running'));
    expect(asked).toEqual(['000']);
    expect(screen.getByTestId('gallery-state-paper000').textContent).toMatch(/^running in this browser… 0:0\d$/);
    expect(within(card).queryByTestId('gallery-run-paper000')).toBeNull();
    // Live: the first row as recorded, the speed-up moved, and a check the recording lacks.
    const live = [
      RECORDED[0],
      { ...RECORDED[1], ours: 6.1, oursText: '6.10×' },
      value('000', 'Table 2', 'ZIPF: speed-up', 1.7, '×', 1.66, 'pass'),
    ];
    await act(async () => finish(live));
    await waitFor(() => expect(card.getAttribute('data-status')).toBe('live'));
    expect(rows('paper000').map((r) => [r.label, r.changed])).toEqual([
      ['RANDOM: LRU-LRU-none', null],
      ['RANDOM: speed-up', 'true'],
      ['ZIPF: speed-up', 'new'],
    ]);
    expect(card.querySelector('tr[data-label="RANDOM: speed-up"] .gallery-ours')!.textContent).toBe(
      '6.10× ● recorded 7.65×',
    );
    expect(screen.getByTestId('gallery-state-paper000').textContent).toMatch(
      /^ran here in 0:0\d — 2 rows differ from the recording/,
    );
    expect(screen.getByTestId('gallery-summary-paper000').textContent).toBe('3 ✓ · 0 ≈ · 0 ✗');
    // The judging engine and the run's own engine, both stopped.
    expect(made.map((m) => m.terminated)).toEqual([true, true]);
  });

  it('cancels a run by stopping its engine, and keeps the numbers shown when a run fails', async () => {
    let fail = false;
    const { create, made } = fakeEngines({}, (paper, signal) =>
      fail ? Promise.reject(new EngineRunError('engine', 'RuntimeError: unreachable')) : untilAborted(paper, signal),
    );
    render(<Gallery onLoad={() => {}} loadRecorded={async () => RECORDED} createEngine={create} />);
    await waitFor(() => expect(screen.getByTestId('gallery-summary-paper001').textContent).toMatch(/✓/));
    fireEvent.click(screen.getByTestId('gallery-run-paper001'));
    fireEvent.click(await screen.findByTestId('gallery-cancel-paper001'));
    await waitFor(() =>
      expect(screen.getByTestId('gallery-state-paper001').textContent).toMatch(/^cancelled after 0:0\d$/),
    );
    expect(screen.getByTestId('gallery-paper001').getAttribute('data-status')).toBe('recorded');
    expect(made.map((m) => m.terminated)).toEqual([true, true]);
    fail = true;
    fireEvent.click(screen.getByTestId('gallery-run-paper001'));
    expect((await screen.findByTestId('gallery-error-paper001')).textContent).toBe('RuntimeError: unreachable');
    expect(rows('paper001').map((r) => r.mark)).toEqual(['✓']);
  });

  it('says when the recording does not load, and the cards still run', async () => {
    render(
      <Gallery
        onLoad={() => {}}
        loadRecorded={() => Promise.reject(new Error('reproduction.json: HTTP 404'))}
        createEngine={fakeEngines({}).create}
      />,
    );
    expect((await screen.findByTestId('gallery-error')).textContent).toBe(
      'The recorded reproduction did not load: reproduction.json: HTTP 404',
    );
    expect(screen.getByTestId('gallery-run-paper003')).toBeTruthy();
  });
});
