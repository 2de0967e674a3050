// tiersim's page: views (Explore: the scenario and its results; Compare; Sweeps; Teach;
// Gallery), each an address in the link, under one bar that stays in view — Run, Cancel, the
// run's progress and time left, the scenario in one line, and whatever stops Run, beside it.
import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { DepthPanel } from '../features/depth/components/DepthPanel';
import { ResultsPanel } from '../features/results/components/ResultsPanel';
import { RunBar, type RunBlock } from '../features/run/components/RunBar';
import { useEngineRun } from '../features/run/hooks/useEngineRun';
import { isRunning } from '../worker/runState';
import { ScenarioPanel } from '../features/scenario/components/ScenarioPanel';
import { useScenarioUrl } from '../features/scenario/hooks/useScenarioUrl';
import { SharePanel } from '../features/share/components/SharePanel';
import { TracePanel } from '../features/traces/TracePanel';
import { ColumnMap } from '../features/scenario/components/ColumnMap';
import { TraceRefusal } from '../features/traces/TraceRefusal';
import { UpsidePanel } from '../features/upside/components/UpsidePanel';
import { autoName } from '../scenario/defaults';
import {
  blockSizeOf,
  checkScenario,
  describeIssue,
  type Scenario,
  type ScenarioIssue,
  type TraceFormat,
} from '../scenario/document';
import type { Columns } from '../generated/engine';
import { readingKey, traceClientIssue, traceOf, traceReadingOf } from '../scenario/topology';
import { runParam } from '../scenario/url';
import type { TraceReading, TraceSummary } from '../worker/protocol';
import { isAbortError, type EngineClient } from '../worker/client';
import { registerTrace, traceFile } from '../worker/traces';
import { bundledTraces, fetchBundled } from '../features/traces/bundled';
import { runRequests, scenarioSummary, traceSettings } from './summary';
import { ViewIntro } from './ViewIntro';
import { VIEWS, VIEW_INFO, viewFromHash, viewSuffix, type View } from './views';
import { walkParamsIn } from '../features/teach/link';

// The panels that do not follow a run, memoised: a run's start and its live reports re-render the
// results, not these (the click on Run stays a short task). The other views' code (Compare,
// Trace, Sweeps, Teach, Gallery — and the Gallery's record of the papers) loads when a view is first
// opened, so Explore's first load carries only its own.
const Scenario_ = memo(ScenarioPanel);
const Share = memo(SharePanel);
const Traces = memo(TracePanel);
const Upside = memo(UpsidePanel);
const GalleryPanel = memo(lazy(() => import('../features/gallery/Gallery').then((m) => ({ default: m.Gallery }))));
const Designs = memo(
  lazy(() => import('../features/designs/DesignComparison').then((m) => ({ default: m.DesignComparison }))),
);
const Space = memo(lazy(() => import('../features/designspace/DesignSpace').then((m) => ({ default: m.DesignSpace }))));
const Mrc = memo(lazy(() => import('../features/mrc/components/MrcPanel').then((m) => ({ default: m.MrcPanel }))));
const Sweep = memo(lazy(() => import('../features/sweeps/ParamSweep').then((m) => ({ default: m.ParamSweep }))));
const Analysis = memo(
  lazy(() => import('../features/analysis/TraceAnalysis').then((m) => ({ default: m.TraceAnalysis }))),
);
const Teach = memo(lazy(() => import('../features/teach/Stepper').then((m) => ({ default: m.Stepper }))));

/**
 * A shared link's scenario runs itself on opening, unless it serves more requests than this
 * (warm-up included, all clients): then the run bar asks first, saying how many.
 */
export const ASK_BEFORE_REQUESTS = 50_000_000;

/** Marks a history entry the page has shown (Back to it changes the view, not the scenario). */
const PAGE_ENTRY = 'tiersimEntry';

/** Marks the current history entry as one the page has shown, keeping its state and address. */
function markEntry() {
  const state = window.history.state as Record<string, unknown> | null;
  if (!state?.[PAGE_ENTRY]) window.history.replaceState({ ...state, [PAGE_ENTRY]: true }, '', window.location.href);
}

/** No issues, one value render after render. */
const NONE: ScenarioIssue[] = [];

export interface AppProps {
  /** The engine the runs go to (tests pass a fake; the page starts a worker). */
  createClient?: () => EngineClient;
}

/** `source` read as `format`, through `columns` when it is the columns format. */
function withReading<T extends { format?: TraceFormat; columns?: Columns }>(
  source: T,
  format: TraceFormat | undefined,
  columns: Columns | undefined,
): T {
  if (format) source.format = format;
  else delete source.format;
  if (columns && format === 'columns') source.columns = columns;
  else delete source.columns;
  return source;
}

export function App({ createClient }: AppProps = {}) {
  const [view, setView] = useState<View>(() => viewFromHash(window.location.hash));
  // The stepper's walk ("teach=…&step=…&notes=…") is part of the Teach view's address: in
  // Teach the address (and so the Share link) carries it; elsewhere it is kept here, and comes
  // back with the view.
  const [walk, setWalk] = useState(() => walkParamsIn(window.location.hash));
  const extraFor = useCallback((v: View) => viewSuffix(v) + (v === 'teach' && walk ? `&${walk}` : ''), [walk]);
  const { draft, setDraft, valid, issues, urlError, dismissUrlError, shareUrl, fromLink, addressWith } = useScenarioUrl(
    extraFor(view),
  );
  const { state, run, load, cancel } = useEngineRun(createClient);
  /** The trace file read on the page: its summary, and how it was read (`readingKey`). */
  const [trace, setTrace] = useState<{ name: string; summary: TraceSummary; reading: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<{ name: string; message: string; file: File } | null>(null);

  /**
   * Reads a trace file; only when it reads cleanly does the scenario replay it, through the
   * topology as it is (a tree's clients driven by the trace's, in order of appearance).
   */
  const openTrace = useCallback(
    (file: File, reading?: TraceReading) => {
      const old = traceOf(draft);
      // How to read it: as asked (a column map applied), else as the scenario reads its trace.
      const format = reading ? reading.format : old?.format;
      const columns = reading ? reading.columns : old?.format === 'columns' ? old.columns : undefined;
      const options = {
        format,
        columns,
        objectMode: old?.objectMode,
        skipBad: old?.skipBad,
        blockSize: blockSizeOf(draft),
      };
      load(file, file.name, options).then(
        (summary) => {
          setRefused(null);
          registerTrace(file.name, file);
          const next = structuredClone(draft);
          next.source =
            old?.name === file.name
              ? // The file the scenario names (a shared link's): every setting of its source stays,
                // so the run gives the link's author's numbers (but a map applied to it).
                withReading(structuredClone(old), format, columns)
              : {
                  kind: 'trace',
                  name: file.name,
                  ...(format ? { format } : {}),
                  ...(columns ? { columns } : {}),
                  ...(old?.objectMode ? { objectMode: true } : {}),
                  ...(old?.skipBad ? { skipBad: true } : {}),
                  // Merged stays merged; a map of another file's clients does not carry over.
                  ...(old?.clients?.kind === 'merged' ? { clients: { kind: 'merged' as const } } : {}),
                };
          if (draft.name === autoName(draft)) next.name = autoName(next);
          setTrace({ name: file.name, summary, reading: readingKey(traceReadingOf(next)) });
          setDraft(next);
        },
        // The reason shows where the person is looking (and in the results panel); the scenario stays as it was.
        (e: unknown) =>
          isAbortError(e) || setRefused({ name: file.name, message: e instanceof Error ? e.message : String(e), file }),
      );
    },
    [draft, load, setDraft],
  );

  // Drop a trace file anywhere on the page.
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      setDragging(false);
      openTrace(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [openTrace]);
  const validTrace = valid ? traceOf(valid) : null;
  /** The trace's summary, when the scenario replays the file the page has read. */
  const loaded = validTrace && trace?.name === validTrace.name ? trace.summary : null;
  // Read another way (object mode, skipping bad records, the block size, the format), the same
  // file gives other requests and blocks: read it again, so the summary — the distinct blocks
  // the analyses size themselves by, the requests the run counts — is the scenario's.
  const reading = valid ? traceReadingOf(valid) : null;
  const wanted = readingKey(reading);
  const rereading = useRef('');
  useEffect(() => {
    if (!reading || !validTrace || !trace || trace.name !== validTrace.name || trace.reading === wanted) return;
    const file = traceFile(validTrace.name);
    if (!file || rereading.current === wanted) return;
    rereading.current = wanted;
    const name = validTrace.name;
    load(file, name, reading).then(
      (summary) => setTrace((t) => (t?.name === name ? { name, summary, reading: wanted } : t)),
      // Refused (its bad records no longer skipped, say): the run bar says why; a run then says it again.
      () => {},
    );
  }, [reading, validTrace, trace, wanted, load]);
  /** A replayed trace's distinct blocks (the generator's say nothing about it). */
  const traceBlocks = loaded ? Math.max(1, loaded.distinct) : undefined;
  const traceMissing = !!validTrace && !traceFile(validTrace.name);
  // A link that names one of the bundled traces opens with its file (any other file must be
  // picked: a link cannot carry it). Fetched once per name; the scenario's settings all stay.
  const fetchedBundled = useRef(new Set<string>());
  const openLatest = useRef(openTrace);
  openLatest.current = openTrace;
  const missingName = traceMissing ? validTrace.name : null;
  useEffect(() => {
    if (missingName === null || fetchedBundled.current.has(missingName)) return;
    fetchedBundled.current.add(missingName);
    bundledTraces()
      .then((list) => (list.some((t) => t.file === missingName) ? fetchBundled(missingName) : null))
      .then(
        (file) => file && openLatest.current(file),
        () => {}, // not bundled after all, or offline: the run bar asks for the file, as for any other
      );
  }, [missingName]);
  // The trace's clients against the topology's: the engine's own refusal, shown beside Run.
  const traceIssue =
    valid && loaded
      ? traceClientIssue(
          valid,
          loaded.clients.map((c) => c.id),
        )
      : null;
  const runnable = valid !== null && !traceMissing && traceIssue === null ? valid : null;
  const stale = state.scenarioJson !== null && (valid === null || JSON.stringify(valid) !== state.scenarioJson);
  const ran = useMemo(
    () => (state.scenarioJson ? (JSON.parse(state.scenarioJson) as Scenario) : null),
    [state.scenarioJson],
  );
  // While a run streams, the results redraw at low priority: React renders them in slices it
  // can interrupt, so live reports never hold the main thread (no long tasks). A run's start
  // and end show at once, so no one sees the last run's "done" after pressing Run.
  const deferred = useDeferredValue(state);
  // A shared sweep or comparison ("&run=…" in the link) starts itself once.
  const [autoRun] = useState(() => runParam(window.location.hash));
  const autoFor = (prefix: string) => (autoRun?.startsWith(`${prefix}:`) ? autoRun.slice(prefix.length + 1) : null);
  // A shared comparison runs its own scenario as the current run (the results panel runs the
  // pinned ones).
  const autoCurrent = useRef(autoFor('compare') !== null);
  useEffect(() => {
    if (autoCurrent.current && runnable) {
      autoCurrent.current = false;
      run(runnable);
    }
  });
  // The panels below the results mount just after the first paint, in a transition that React
  // renders in slices it can interrupt: opening the page is not one long task, and the form and
  // the results are usable first.
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);
  // A shared scenario ("#s=…", no "&run=") opens with its results: it runs once it is valid (an
  // old link migrated) and its trace, if any, is read — a very large one after asking — and once
  // the page has mounted (`below`), so the run's first reports do not land among its slices. A
  // link to the Teach view (a lecturer's walk) shows the stepper, not those results: its run
  // waits until a view that is not Teach is shown, rather than serving the scenario's requests
  // (hundreds of thousands) in the background of a class.
  const [linkRun, setLinkRun] = useState<'wait' | 'ask' | 'done'>(() =>
    fromLink && autoRun === null ? 'wait' : 'done',
  );
  const requests = useMemo(() => (runnable ? runRequests(runnable, loaded?.requests) : null), [runnable, loaded]);
  const running = isRunning(state.phase);
  useEffect(() => {
    if (linkRun !== 'wait' || !runnable || running || !below || view === 'teach') return;
    if (requests !== null && requests > ASK_BEFORE_REQUESTS) return setLinkRun('ask');
    setLinkRun('done');
    run(runnable);
  }, [linkRun, runnable, running, requests, run, below, view]);

  const shown = isRunning(state.phase) && isRunning(deferred.phase) ? deferred : state;

  // A view mounts the first time it is shown, in a transition (the tab answers at once), and
  // stays mounted, hidden, so a sweep or a stepper keeps its place while another view is shown.
  const [mounted, setMounted] = useState<ReadonlySet<View>>(() => new Set([view]));
  const header = useRef<HTMLElement>(null);
  const shownView = useRef(view);
  /**
   * Shows view `next`. A choice (a tab, a link to another view) adds a history entry, so Back
   * returns to the view before; following the address (a pasted link, Back itself) does not.
   */
  const show = useCallback((next: View, choice = true) => {
    // A copy of this entry, which the page then rewrites for the new view (replaceState).
    if (choice && next !== shownView.current) {
      markEntry();
      window.history.pushState({ ...window.history.state, [PAGE_ENTRY]: true }, '', window.location.href);
    }
    shownView.current = next;
    setView(next);
    startTransition(() => setMounted((m) => (m.has(next) ? m : new Set(m).add(next))));
    // The new view from its top, when the page had scrolled past where the bar sits unstuck
    // (the header's end: the bar itself, sticky, is always in view).
    const top = header.current ? header.current.getBoundingClientRect().bottom + window.scrollY : 0;
    if (window.scrollY > top) window.scrollTo({ top });
  }, []);
  // A link pasted into the tab may name another view, and carry a walk.
  useEffect(() => {
    markEntry();
    const onHashChange = () => {
      const w = walkParamsIn(window.location.hash);
      if (w) setWalk(w);
      show(viewFromHash(window.location.hash), false);
      // Opened, it is an entry of the page's like the others (Back to it shows its view).
      markEntry();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [show]);
  // Back and Forward move between views, not scenarios: the entry's view is shown with the
  // scenario as it is now (and the walk as the stepper has it), and the address says so at once
  // — before the hashchange that follows, so the older scenario of the entry never comes back.
  const extraForRef = useRef(extraFor);
  extraForRef.current = extraFor;
  useEffect(() => {
    const onPopState = (e: PopStateEvent) => {
      // A link pasted into the address bar (a new entry, not one the page has seen) is the
      // hashchange's to open, its scenario with it.
      if (!(e.state as Record<string, unknown> | null)?.[PAGE_ENTRY]) return;
      const next = viewFromHash(window.location.hash);
      window.history.replaceState(window.history.state, '', addressWith(extraForRef.current(next)));
      show(next, false);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show, addressWith]);

  const loadExample = useCallback(
    (s: Scenario) => {
      setDraft(s);
      show('explore');
      const check = checkScenario(s);
      if (check.ok) run(check.scenario);
    },
    [setDraft, run, show],
  );

  // Run runs the scenario, whose results are in Explore. In Teach the page's Run would start a
  // run no one there sees (the stepper runs its own tiny caches: Step, Play): it is off, the
  // scenario's line beside it saying so, and Ctrl+Enter does nothing. A run already going still
  // shows and cancels.
  const runHere = view !== 'teach';
  const runNow = useCallback(() => {
    if (!runnable || running || !runHere) return;
    setLinkRun('done');
    run(runnable);
  }, [runnable, running, run, runHere]);
  // Ctrl+Enter (⌘+Enter) runs from anywhere, a field included; Escape cancels a run.
  const keys = useRef({ runNow, cancel, running });
  keys.current = { runNow, cancel, running };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A key a view has taken (the stepper's Escape, leaving presenter mode) is not the page's.
      if (e.defaultPrevented) return;
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        keys.current.runNow();
      } else if (e.key === 'Escape' && keys.current.running) {
        keys.current.cancel();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // What stops Run, beside it: in Explore, the issues no field of the form shows (the form
  // highlights the others); elsewhere, where the form is not, every issue, with a way to it.
  const [unshown, setUnshown] = useState<ScenarioIssue[]>(NONE);
  const onUnshown = useCallback(
    (next: ScenarioIssue[]) =>
      setUnshown((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next.length ? next : NONE)),
    [],
  );
  const toForm =
    view === 'explore' ? undefined : (
      <button
        type="button"
        className="button secondary small"
        data-testid="run-to-form"
        onClick={() => show('explore')}
      >
        Show in Explore
      </button>
    );
  const blocks: RunBlock[] = [];
  if (!valid) {
    const listed = view === 'explore' ? unshown : issues;
    const highlighted = view === 'explore' ? issues.length - unshown.length : 0;
    for (const issue of listed.slice(0, 3))
      blocks.push({ text: describeIssue(issue), error: true, testId: 'run-issue' });
    if (listed.length > 3) blocks.push({ text: `and ${listed.length - 3} more` });
    if (highlighted > 0) blocks.push({ text: `Fix the highlighted field${highlighted > 1 ? 's' : ''} to run.` });
    if (blocks.length) blocks[blocks.length - 1].action = toForm;
  } else if (traceMissing)
    blocks.push({
      text: `Load the trace file ${validTrace!.name} to run (${traceSettings(validTrace!)}).`,
      testId: 'run-trace-missing',
      action: toForm,
    });
  else if (traceIssue)
    blocks.push({ text: describeIssue(traceIssue), error: true, testId: 'run-blocked', action: toForm });
  const scenarioLine = useMemo(() => scenarioSummary(valid ?? draft, loaded?.requests), [valid, draft, loaded]);
  // In Teach the bar says, where it says what Run runs, that Run is not for here.
  const summary = runHere
    ? scenarioLine
    : `In Teach, Step and Play (→, space) walk the stepper; Run runs Explore’s scenario: ${scenarioLine}`;
  const ask =
    linkRun === 'ask' && runHere && runnable && requests !== null && requests > ASK_BEFORE_REQUESTS
      ? { requests, onConfirm: runNow }
      : null;

  const onTabKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to =
      e.key === 'Home'
        ? VIEWS[0]
        : e.key === 'End'
          ? VIEWS[VIEWS.length - 1]
          : step
            ? VIEWS[(VIEWS.indexOf(view) + step + VIEWS.length) % VIEWS.length]
            : null;
    if (!to) return;
    e.preventDefault();
    show(to);
    document.getElementById(`view-tab-${to}`)?.focus();
  };
  const panel = (v: View, className: string, content: () => ReactNode) => (
    <section
      id={`view-${v}`}
      className={`view ${className}`}
      role="tabpanel"
      aria-labelledby={`view-tab-${v}`}
      data-testid={`view-${v}`}
      hidden={view !== v}
    >
      {mounted.has(v) && <ViewIntro view={v} />}
      {mounted.has(v) && <Suspense fallback={<p className="boot-status">Loading this view…</p>}>{content()}</Suspense>}
    </section>
  );
  const tiered = draft.topology.kind !== 'single';

  return (
    <div className={`app ${dragging ? 'is-dragging' : ''}`}>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop a trace file to replay it
        </div>
      )}
      <TraceRefusal
        refusal={refused}
        kept={traceOf(draft)?.name}
        onDismiss={() => setRefused(null)}
        mapper={
          refused && (
            <ColumnMap
              file={refused.file}
              value={traceOf(draft)?.format === 'columns' ? traceOf(draft)?.columns : undefined}
              blockSize={blockSizeOf(draft)}
              objectMode={!!traceOf(draft)?.objectMode}
              onApply={(columns) => openTrace(refused.file, { format: 'columns', columns })}
            />
          )
        }
      />
      <header className="app-header" ref={header}>
        <h1>
          tiersim <span className="dash">—</span> <span className="subtitle">storage cache hierarchy explorer</span>
        </h1>
        <p className="tagline">
          Client cache → array cache → disk. Pick policies, DEMOTE and a link, then watch where the reads land.
        </p>
      </header>

      <div className="toolbar" data-testid="toolbar">
        <div className="tabs" role="tablist" aria-label="Views" onKeyDown={onTabKey}>
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              id={`view-tab-${v}`}
              className="tab"
              data-testid={`view-tab-${v}`}
              aria-selected={view === v}
              aria-controls={`view-${v}`}
              tabIndex={view === v ? 0 : -1}
              title={VIEW_INFO[v].holds}
              onClick={() => show(v)}
            >
              {VIEW_INFO[v].label}
            </button>
          ))}
        </div>
        <RunBar
          state={state}
          summary={summary}
          canRun={runnable !== null && runHere}
          onRun={runNow}
          onCancel={cancel}
          blocks={blocks}
          ask={ask}
        />
      </div>

      {urlError && (
        <div className="banner banner-warning" role="alert" data-testid="url-error">
          <span>
            {urlError.message}
            {urlError.kept === 'default' ? ' — showing the default scenario.' : ' — keeping the scenario you had.'}
          </span>
          <button type="button" className="banner-close" aria-label="Dismiss" onClick={dismissUrlError}>
            ×
          </button>
        </div>
      )}

      <main className="views">
        {panel('explore', 'layout', () => (
          <>
            <aside className="column-left">
              <div className="card">
                <Scenario_
                  scenario={draft}
                  issues={issues}
                  onChange={setDraft}
                  trace={trace}
                  onTraceFile={openTrace}
                  onUnshown={onUnshown}
                />
              </div>
              <div className="card">
                <Share url={shareUrl} />
              </div>
              <div className="card">
                <Traces base={valid} onOpen={openTrace} />
              </div>
            </aside>
            <div className="column-right">
              <ResultsPanel state={shown} stale={stale} autoCompare={autoFor('compare')} />
              <div className="card chart-card">
                <DepthPanel report={shown.report} scenario={ran} running={running} />
              </div>
              {below && (
                <div className="card chart-card">
                  <Upside base={valid} blocks={traceBlocks} />
                </div>
              )}
            </div>
          </>
        ))}
        {panel('trace', 'stack', () => (
          <Analysis base={valid} shown={view === 'trace'} onPick={openTrace} />
        ))}
        {panel('compare', 'stack', () => (
          <>
            {tiered ? (
              <>
                <div className="card chart-card">
                  <Designs base={valid} autoRun={autoRun === 'designs'} />
                </div>
                <div className="card chart-card">
                  <Space base={valid} autoRun={autoFor('design-space')} />
                </div>
              </>
            ) : (
              <p className="card view-note" data-testid="compare-single-note">
                Comparing designs needs a cache above the client: this scenario is one cache. Choose two levels or a
                tree in{' '}
                <button type="button" className="link-button" onClick={() => show('explore')}>
                  Explore
                </button>
                . Its miss-ratio curve is below.
              </p>
            )}
            <div className="card chart-card">
              <Mrc base={valid} blocks={traceBlocks} sized={loaded?.sized} autoRun={autoFor('curves')} />
            </div>
          </>
        ))}
        {panel('sweeps', 'stack', () => (
          <div className="card chart-card">
            <Sweep base={valid} autoRun={autoFor('sweep')} />
          </div>
        ))}
        {panel('teach', 'stack', () => (
          <div className="card chart-card">
            <Teach scenario={valid} onWalk={setWalk} />
          </div>
        ))}
        {panel('gallery', 'stack', () => (
          <div className="card gallery-wrap">
            <GalleryPanel onLoad={loadExample} />
          </div>
        ))}
      </main>

      <footer className="app-footer">
        Simulations run in a Web Worker on a Rust engine compiled to WebAssembly. Designs and defaults follow paper 000
        (DEMOTE, exclusive caching). Keys: Ctrl+Enter (⌘+Enter) runs, Escape cancels.
      </footer>
    </div>
  );
}
