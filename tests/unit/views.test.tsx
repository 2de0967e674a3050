// The page's views and its run bar: each view an address in the link (old links open Explore,
// a link to a sweep or a comparison opens the view holding it), a bar whose Run says why it
// cannot run, keys that run and cancel, and shared links that run themselves (a huge one after
// asking). Runs go to a fake engine that records them.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App, ASK_BEFORE_REQUESTS } from '../../web/app/App';
import { formatShort, runRequests, scenarioSummary } from '../../web/app/summary';
import { viewFromHash } from '../../web/app/views';
import { formatTimeLeft } from '../../web/features/run/components/RunBar';
import { ScenarioPanel } from '../../web/features/scenario/components/ScenarioPanel';
import { defaultScenario } from '../../web/scenario/defaults';
import { checkScenario, type Scenario, type ScenarioIssue } from '../../web/scenario/document';
import { encodeScenarioHash, runLink } from '../../web/scenario/url';
import { EngineRunError, type EngineClient } from '../../web/worker/client';
import type { Report } from '../../web/worker/protocol';
import { makeReport } from './fixtures';

/** A fake engine: records each run's scenario; a run ends when the test says, or when aborted. */
function fakeEngine() {
  const runs: { scenario: Scenario; finish: (r: Report) => void; progress: (r: Report) => void }[] = [];
  const client = {
    run(scenario: Scenario, { signal, onProgress }: { signal?: AbortSignal; onProgress?: (r: Report) => void } = {}) {
      return new Promise<Report>((resolve, reject) => {
        runs.push({ scenario, finish: resolve, progress: (r) => onProgress?.(r) });
        signal?.addEventListener('abort', () => reject(new EngineRunError('cancelled', 'the run was cancelled')));
      });
    },
    terminate() {},
  };
  return { runs, createClient: () => client as unknown as EngineClient };
}

const hashOf = (s: Scenario) => `#${encodeScenarioHash(s)}`;
const tab = (name: string) => screen.getByRole('tab', { name });
const phase = () => screen.getByTestId('run-bar-progress').getAttribute('data-phase');

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

describe('viewFromHash', () => {
  it('reads the view, falls back to Explore, and follows a run link to its panel', () => {
    const s = encodeScenarioHash(defaultScenario());
    expect(viewFromHash(`#${s}`)).toBe('explore');
    expect(viewFromHash('')).toBe('explore');
    expect(viewFromHash(`#${s}&view=teach`)).toBe('teach');
    expect(viewFromHash(`#${s}&view=gallery`)).toBe('gallery');
    expect(viewFromHash(`#${s}&view=nonsense`)).toBe('explore');
    expect(viewFromHash(`#${s}&view=%E0%A4%A`)).toBe('explore'); // damaged escape
    expect(viewFromHash(`#${s}&run=sweep%3Aslru`)).toBe('sweeps');
    expect(viewFromHash(`#${s}&run=designs`)).toBe('compare');
    expect(viewFromHash(`#${s}&run=design-space%3Avi-fc%3Aone`)).toBe('compare');
    expect(viewFromHash(`#${s}&run=compare%3Axyz`)).toBe('explore');
    // A step of a walk opens the stepper, with or without a scenario before it.
    expect(viewFromHash('#teach=inclusive&step=7')).toBe('teach');
    expect(viewFromHash(`#${s}&teach=paper000&step=2`)).toBe('teach');
    // A view named in the link wins over the one its run implies.
    expect(viewFromHash(`#${s}&run=sweep%3Aslru&view=teach`)).toBe('teach');
  });
});

describe('the run bar’s words', () => {
  it('summarises the scenario in one line and counts its requests as the engine does', () => {
    expect(scenarioSummary(defaultScenario())).toBe(
      'RANDOM LRU-MRU-demote · LRU 16,384 → MRU 16,384 · DEMOTE · random, 32,768 blocks · 360,448 requests',
    );
    expect(runRequests(defaultScenario())).toBe(32768 + 327680);
    const trace = { ...defaultScenario(), source: { kind: 'trace' as const, name: 'web.csv' } };
    expect(runRequests(trace)).toBeNull();
    expect(runRequests(trace, 1234)).toBe(1234);
    expect(scenarioSummary(trace)).toContain('trace web.csv');
    expect(formatShort(2_500_000)).toBe('2.5 M');
    expect(formatShort(123_456_789)).toBe('123 M');
    expect(formatTimeLeft(400)).toBe('under a second left');
    expect(formatTimeLeft(12_400)).toBe('about 12 s left');
    expect(formatTimeLeft(125_000)).toBe('about 2 min 5 s left');
  });
});

describe('views', () => {
  it('shows one view at a time as accessible tabs, each an address in the link; Explore adds nothing to it', () => {
    const { createClient } = fakeEngine();
    render(<App createClient={createClient} />);
    const plain = `#${encodeScenarioHash(defaultScenario())}`;
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Explore',
      'Trace',
      'Compare',
      'Sweeps',
      'Teach',
      'Gallery',
    ]);
    expect(tab('Explore').getAttribute('aria-selected')).toBe('true');
    expect(window.location.hash).toBe(plain);
    expect(screen.getByTestId('view-teach').hidden).toBe(true);

    for (const [name, view] of [
      ['Teach', 'teach'],
      ['Sweeps', 'sweeps'],
      ['Compare', 'compare'],
      ['Trace', 'trace'],
      ['Gallery', 'gallery'],
    ] as const) {
      fireEvent.click(tab(name));
      expect(tab(name).getAttribute('aria-selected')).toBe('true');
      expect(screen.getByTestId(`view-${view}`).hidden).toBe(false);
      expect(screen.getByTestId('view-explore').hidden).toBe(true);
      expect(window.location.hash).toBe(`${plain}&view=${view}`);
      expect(screen.getByTestId('run-button')).toBeTruthy(); // the run bar is in every view
    }
    // Arrow keys move between the tabs.
    fireEvent.keyDown(tab('Gallery'), { key: 'ArrowRight' });
    expect(tab('Explore').getAttribute('aria-selected')).toBe('true');
    expect(window.location.hash).toBe(plain);
    // The form is in Explore; the share link carries the view shown.
    fireEvent.click(tab('Teach'));
    fireEvent.click(tab('Explore'));
    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '8192' } });
    fireEvent.click(tab('Sweeps'));
    expect(window.location.hash).toMatch(/&view=sweeps$/);
    expect(checkScenario(JSON.parse(JSON.stringify(defaultScenario()))).ok).toBe(true);
    expect((screen.getByTestId('share-url') as HTMLInputElement).value).toBe(window.location.href);
  });

  it('opens the view a link names; an unknown one is Explore, and a link to a sweep opens Sweeps', async () => {
    const { createClient } = fakeEngine();
    window.history.replaceState(null, '', `/${hashOf(defaultScenario())}&view=gallery`);
    render(<App createClient={createClient} />);
    expect(tab('Gallery').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('view-gallery').hidden).toBe(false);
    cleanup();

    window.history.replaceState(null, '', `/${hashOf(defaultScenario())}&view=bogus`);
    render(<App createClient={createClient} />);
    expect(tab('Explore').getAttribute('aria-selected')).toBe('true');
    expect(window.location.hash).toBe(hashOf(defaultScenario()));
    cleanup();

    window.history.replaceState(
      null,
      '',
      runLink('http://localhost/', defaultScenario(), 'sweep:slru').replace('http://localhost', ''),
    );
    render(<App createClient={createClient} />);
    expect(tab('Sweeps').getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(screen.getByTestId('view-sweeps').querySelector('[data-testid="param-sweep-progress"]')).toBeTruthy(),
    );
    expect(window.location.hash).toBe(`${hashOf(defaultScenario())}&view=sweeps`);
  });
});

describe('the run bar', () => {
  it('runs on Ctrl+Enter or ⌘+Enter, cancels on Escape, and shows progress and time left', async () => {
    const { runs, createClient } = fakeEngine();
    render(<App createClient={createClient} />);
    expect(runs).toHaveLength(0); // the default scenario: no link, no run
    expect(screen.getByTestId('run-summary').textContent).toBe(scenarioSummary(defaultScenario()));
    fireEvent.keyDown(screen.getByTestId('client-capacity'), { key: 'Enter', ctrlKey: true });
    expect(runs).toHaveLength(1);
    expect(runs[0].scenario).toEqual(defaultScenario());
    expect(phase()).toBe('warmup');
    expect((screen.getByTestId('cancel-button') as HTMLButtonElement).disabled).toBe(false);
    // Reports a while apart: a pace, hence a time left.
    act(() => runs[0].progress(makeReport({ phase: 'warmup', processed: 100, total: 1000 })));
    await new Promise((r) => setTimeout(r, 300));
    act(() => runs[0].progress(makeReport({ phase: 'measured', processed: 400, total: 1000 })));
    const left = Number(screen.getByTestId('run-bar-progress').getAttribute('data-time-left'));
    expect(left).toBeGreaterThan(0);
    expect(screen.getByTestId('run-bar-progress').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByTestId('run-bar-progress').textContent).toMatch(
      /Measuring · 40 % · (under a second|about \d+ s) left · 400 \/ 1,000 requests/,
    );
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(phase()).toBe('cancelled'));
    fireEvent.keyDown(window, { key: 'Enter', metaKey: true });
    expect(runs).toHaveLength(2);
    act(() => runs[1].finish(makeReport()));
    await waitFor(() => expect(phase()).toBe('done'));
  });

  it('says before its file is picked what a linked trace will apply: its column map and sizes ignored too', () => {
    const { createClient } = fakeEngine();
    const s: Scenario = {
      ...defaultScenario(),
      name: 'mapped columns',
      source: {
        kind: 'trace',
        name: 'cloud.csv',
        format: 'columns',
        columns: { key: 5, size: 4, time: 2, timeUnit: 'ms', ids: 'text', header: true, delimiter: 'tab' },
        objectMode: true,
        ignoreSizes: true,
        warmupRequests: 0,
      },
    };
    window.history.replaceState(null, '', `/${hashOf(s)}`);
    render(<App createClient={createClient} />);
    expect(screen.getByTestId('run-trace-missing').textContent).toBe(
      'Load the trace file cloud.csv to run (format columns · columns: key column 5 (object ids, text, hashed); ' +
        'size column 4; time column 2 (milliseconds); fields separated by tab; a header line first · ' +
        'warm-up 0 requests · object mode · sizes ignored (an object is one block) · clients in order of appearance).',
    );
    expect(screen.getByTestId('trace-columns').textContent).toContain(
      'Read through its column map: key column 5 (object ids, text, hashed);',
    );
  });

  it('names beside Run an issue no field shows, with its path, and every issue in a view without the form', async () => {
    const { runs, createClient } = fakeEngine();
    // A tree replaying a trace, its clients mapped by hand; the trace is not read in this page.
    const s: Scenario = {
      ...defaultScenario(),
      name: 'mapped',
      topology: {
        kind: 'tree',
        caches: [
          { name: 'array', capacity: 1000, policy: { kind: 'lru' }, disk: { kind: 'constant', serviceMs: 10 } },
          { name: 'client1', capacity: 100, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
          { name: 'client2', capacity: 100, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
        ],
      },
      source: { kind: 'trace', name: 'two.csv', clients: { kind: 'map', map: { '7': 'client1', '8': 'client2' } } },
    };
    window.history.replaceState(null, '', `/${hashOf(s)}`);
    render(<App createClient={createClient} />);
    // Valid, but its trace is not here: the bar says so, and the link waits for it.
    // What picking it will apply, every setting of the link's source.
    expect(screen.getByTestId('run-trace-missing').textContent).toBe(
      'Load the trace file two.csv to run (format recognised from the file · warm-up: the first tenth · ' +
        'clients mapped (7 → client1, 8 → client2)).',
    );
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(true);
    // Removing client2 leaves trace client 8 mapped to nothing — a path the form has no field for
    // while the trace is not read. Before: "Fix the highlighted fields", nothing highlighted.
    fireEvent.click(screen.getByTestId('tree-2-remove'));
    await waitFor(() =>
      expect(screen.getAllByTestId('run-issue').map((e) => e.textContent)).toEqual([
        'scenario.source.clients.map.8: "client2" is not a client (a leaf) of the topology',
      ]),
    );
    expect(screen.getByTestId('run-issue').getAttribute('role')).toBe('alert');
    expect((screen.getByTestId('run-button') as HTMLButtonElement).getAttribute('aria-describedby')).toBe('run-blocks');
    // In another view the form is not on screen: the issue, and the way back to it.
    fireEvent.click(tab('Teach'));
    expect(screen.getAllByTestId('run-issue').map((e) => e.textContent)).toEqual([
      'scenario.source.clients.map.8: "client2" is not a client (a leaf) of the topology',
    ]);
    fireEvent.click(screen.getByTestId('run-to-form'));
    expect(tab('Explore').getAttribute('aria-selected')).toBe('true');
    // A field the form highlights is not repeated, only pointed at (an unparsable seed stops the
    // checks of the whole, so the map's issue waits for it).
    fireEvent.change(screen.getByTestId('seed'), { target: { value: '' } });
    await waitFor(() =>
      expect(screen.getByTestId('run-reasons').textContent).toBe('Fix the highlighted field to run.'),
    );
    expect(screen.queryByTestId('run-issue')).toBeNull();
    const lastValid = window.location.hash;
    fireEvent.click(tab('Teach'));
    expect(screen.getAllByTestId('run-issue').map((e) => e.textContent)).toEqual(['scenario.seed: must be a number']);
    // The address keeps the last valid scenario, and takes the view.
    expect(window.location.hash).toBe(`${lastValid}&view=teach`);
    fireEvent.click(screen.getByTestId('run-to-form'));
    expect(tab('Explore').getAttribute('aria-selected')).toBe('true');
    expect(runs).toHaveLength(0);
  });

  it('tells the page which issues no field of the form shows', () => {
    const s = {
      ...defaultScenario(),
      source: { kind: 'trace' as const, name: 't.csv', clients: { kind: 'map' as const, map: { '3': 'ghost' } } },
    };
    const check = checkScenario(s);
    expect(check.ok).toBe(false);
    const issues = (check as { issues: ScenarioIssue[] }).issues;
    const seen: ScenarioIssue[][] = [];
    render(
      <ScenarioPanel
        scenario={s}
        issues={[
          ...issues,
          {
            path: 'topology.client.capacity',
            at: 'topology.client.capacity',
            message: 'must be between 1 and 33554432',
          },
        ]}
        onChange={() => {}}
        onUnshown={(u) => seen.push(u)}
      />,
    );
    // The capacity has a field; the map of an unread trace has none.
    expect(screen.getByTestId('client-capacity-error').textContent).toBe('must be between 1 and 33554432');
    expect(seen[seen.length - 1]).toEqual(issues.filter((i) => i.path.startsWith('source.clients.map')));
    expect(seen[seen.length - 1].length).toBeGreaterThan(0);
  });
});

describe('a DEMOTE without data', () => {
  it('costs what the form says, and the document leaves a free one out', () => {
    let doc: Scenario = defaultScenario();
    const view = render(<ScenarioPanel scenario={doc} issues={[]} onChange={(n) => (doc = n)} />);
    const field = () => screen.getByTestId('demotions-command') as HTMLInputElement;
    expect(field().value).toBe('0');
    fireEvent.change(field(), { target: { value: '0.02' } });
    expect(doc.demoteCommandMs).toBe(0.02);
    expect(checkScenario(doc).ok).toBe(true);
    view.rerender(<ScenarioPanel scenario={doc} issues={[]} onChange={(n) => (doc = n)} />);
    fireEvent.change(field(), { target: { value: '0' } });
    expect('demoteCommandMs' in doc).toBe(false);
    // A protocol that sends no DEMOTE shows no such field.
    view.rerender(<ScenarioPanel scenario={{ ...doc, protocol: { kind: 'none' } }} issues={[]} onChange={() => {}} />);
    expect(screen.queryByTestId('demotions-command')).toBeNull();
  });
});

describe('SE at one level', () => {
  it('is offered where the protocol passes hints up, written only when narrowed, and dropped with them', () => {
    let doc: Scenario = defaultScenario();
    const view = render(<ScenarioPanel scenario={doc} issues={[]} onChange={(n) => (doc = n)} />);
    const rerender = () => view.rerender(<ScenarioPanel scenario={doc} issues={[]} onChange={(n) => (doc = n)} />);
    // SE off: no choice of level.
    expect(screen.queryByTestId('se-at')).toBeNull();
    fireEvent.click(screen.getByTestId('se'));
    rerender();
    const at = () => screen.getByTestId('se-at') as HTMLSelectElement;
    expect(at().value).toBe('both');
    fireEvent.change(at(), { target: { value: 'above' } });
    expect(doc.seAt).toBe('above');
    expect(checkScenario(doc).ok).toBe(true);
    rerender();
    fireEvent.change(at(), { target: { value: 'both' } });
    expect('seAt' in doc).toBe(false);
    // A protocol that passes no hints: SE is the client's alone, and a narrowed level goes with DEMOTE.
    doc = { ...doc, seAt: 'client' };
    rerender();
    fireEvent.click(screen.getByTestId('protocol-demote'));
    expect(doc.protocol).toBeUndefined();
    expect('seAt' in doc).toBe(false);
    expect(doc.se).toBe(true);
    rerender();
    expect(screen.queryByTestId('se-at')).toBeNull();
    // Unticking SE drops its level too.
    doc = { ...doc, protocol: { kind: 'ac-cc' }, seAt: 'client' };
    rerender();
    fireEvent.click(screen.getByTestId('se'));
    expect(['se' in doc, 'seAt' in doc]).toEqual([false, false]);
  });
});

describe('a shared link', () => {
  it('runs itself once, on arrival; the default page and a link to a sweep do not', async () => {
    const mine = { ...defaultScenario(), seed: 9 };
    let engine = fakeEngine();
    window.history.replaceState(null, '', `/${hashOf(mine)}`);
    render(<App createClient={engine.createClient} />);
    await waitFor(() => expect(engine.runs).toHaveLength(1));
    expect(engine.runs[0].scenario).toEqual(mine);
    act(() => engine.runs[0].finish(makeReport()));
    await waitFor(() => expect(phase()).toBe('done'));
    // An edit does not run it again.
    fireEvent.change(screen.getByTestId('seed'), { target: { value: '10' } });
    expect(engine.runs).toHaveLength(1);
    cleanup();

    engine = fakeEngine();
    window.history.replaceState(null, '', '/');
    render(<App createClient={engine.createClient} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(engine.runs).toHaveLength(0);
    cleanup();

    engine = fakeEngine();
    window.history.replaceState(
      null,
      '',
      runLink('http://localhost/', mine, 'sweep:slru').replace('http://localhost', ''),
    );
    render(<App createClient={engine.createClient} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(engine.runs).toHaveLength(0);
  });

  it('asks first when its run is very large, with a button saying how many requests', async () => {
    const big: Scenario = {
      ...defaultScenario(),
      source: { kind: 'workload', workload: { kind: 'random', blocks: 32768, measuredRequests: 60_000_000 } },
    };
    const total = 32768 + 60_000_000;
    expect(total).toBeGreaterThan(ASK_BEFORE_REQUESTS);
    const engine = fakeEngine();
    window.history.replaceState(null, '', `/${hashOf(big)}&view=compare`);
    render(<App createClient={engine.createClient} />);
    const confirm = await screen.findByTestId('run-confirm');
    expect(confirm.textContent).toBe('Run 60,032,768 requests');
    expect(engine.runs).toHaveLength(0);
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    expect(engine.runs).toHaveLength(1);
    expect(engine.runs[0].scenario).toEqual(big);
    expect(screen.queryByTestId('run-confirm')).toBeNull();
  });
});
