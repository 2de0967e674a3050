// tiersim's page: the scenario on the left, its results on the right.
import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { DepthPanel } from '../features/depth/components/DepthPanel';
import { DesignComparison } from '../features/designs/DesignComparison';
import { DesignSpace } from '../features/designspace/DesignSpace';
import { Gallery } from '../features/gallery/Gallery';
import { Stepper } from '../features/teach/Stepper';
import { ParamSweep } from '../features/sweeps/ParamSweep';
import { MrcPanel } from '../features/mrc/components/MrcPanel';
import { ResultsPanel } from '../features/results/components/ResultsPanel';
import { isRunning, useEngineRun } from '../features/run/hooks/useEngineRun';
import { ScenarioPanel } from '../features/scenario/components/ScenarioPanel';
import { useScenarioUrl } from '../features/scenario/hooks/useScenarioUrl';
import { SharePanel } from '../features/share/components/SharePanel';
import { TracePanel } from '../features/traces/TracePanel';
import { TraceRefusal } from '../features/traces/TraceRefusal';
import { UpsidePanel } from '../features/upside/components/UpsidePanel';
import { autoName } from '../scenario/defaults';
import { checkScenario, describeIssue, type Scenario } from '../scenario/schema';
import { traceClientIssue, traceOf } from '../scenario/topology';
import { runParam, type Migrate } from '../scenario/url';
import { migrateWithEngine } from '../worker/migrate';
import type { TraceSummary } from '../worker/protocol';
import { isAbortError } from '../worker/client';
import { registerTrace, traceFile } from '../worker/traces';

// The panels that do not follow a run, memoised: a run's start and its live reports re-render the
// results, not these (the click on Run stays a short task).
const GalleryPanel = memo(Gallery);
const Scenario_ = memo(ScenarioPanel);
const Share = memo(SharePanel);
const Traces = memo(TracePanel);
const Upside = memo(UpsidePanel);
const Designs = memo(DesignComparison);
const Space = memo(DesignSpace);
const Mrc = memo(MrcPanel);
const Sweep = memo(ParamSweep);
const Teach = memo(Stepper);

export interface AppProps {
  /** How old links are migrated (tests pass the wasm engine's; the page asks a worker). */
  migrate?: Migrate;
}

export function App({ migrate = migrateWithEngine }: AppProps = {}) {
  const { draft, setDraft, valid, issues, urlError, dismissUrlError, migrating, shareUrl } = useScenarioUrl(migrate);
  const { state, run, load, cancel } = useEngineRun();
  const running = isRunning(state.phase);
  const [trace, setTrace] = useState<{ name: string; summary: TraceSummary } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<{ name: string; message: string } | null>(null);

  /**
   * Reads a trace file; only when it reads cleanly does the scenario replay it, through the
   * topology as it is (a tree's clients driven by the trace's, in order of appearance).
   */
  const openTrace = useCallback(
    (file: File) => {
      const old = traceOf(draft);
      const options = {
        format: old?.format,
        objectMode: old?.objectMode,
        skipBad: old?.skipBad,
        blockSize: draft.blockSize,
      };
      load(file, file.name, options).then(
        (summary) => {
          setRefused(null);
          registerTrace(file.name, file);
          setTrace({ name: file.name, summary });
          const next = structuredClone(draft);
          next.source = {
            kind: 'trace',
            name: file.name,
            ...(old?.format ? { format: old.format } : {}),
            ...(old?.objectMode ? { objectMode: true } : {}),
            ...(old?.skipBad ? { skipBad: true } : {}),
            // Merged stays merged; a map of another file's clients does not carry over.
            ...(old?.clients?.kind === 'merged' ? { clients: { kind: 'merged' as const } } : {}),
          };
          if (draft.name === autoName(draft)) next.name = autoName(next);
          setDraft(next);
        },
        // The reason shows where the person is looking (and in the results panel); the scenario stays as it was.
        (e: unknown) => isAbortError(e) || setRefused({ name: file.name, message: e instanceof Error ? e.message : String(e) }),
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
  /** A replayed trace's distinct blocks (the generator's say nothing about it). */
  const traceBlocks = loaded ? Math.max(1, loaded.distinct) : undefined;
  const traceMissing = !!validTrace && !traceFile(validTrace.name);
  // The trace's clients against the topology's: the engine's own refusal, shown beside Run.
  const traceIssue = valid && loaded ? traceClientIssue(valid, loaded.clients.map((c) => c.id)) : null;
  const runnable = valid !== null && !traceMissing && traceIssue === null ? valid : null;
  const stale = state.scenarioJson !== null && (valid === null || JSON.stringify(valid) !== state.scenarioJson);
  const ran = useMemo(() => (state.scenarioJson ? (JSON.parse(state.scenarioJson) as Scenario) : null), [state.scenarioJson]);
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
  const shown = isRunning(state.phase) && isRunning(deferred.phase) ? deferred : state;
  // The panels below the results mount just after the first paint, in a transition that React
  // renders in slices it can interrupt: opening the page is not one long task, and the form and
  // the results are usable first.
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);
  const loadExample = useCallback(
    (s: Scenario) => {
      setDraft(s);
      const check = checkScenario(s);
      if (check.ok) run(check.scenario);
    },
    [setDraft, run],
  );

  return (
    <div className={`app ${dragging ? 'is-dragging' : ''}`}>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop a trace file to replay it
        </div>
      )}
      <TraceRefusal refusal={refused} kept={traceOf(draft)?.name} onDismiss={() => setRefused(null)} />
      <header className="app-header">
        <h1>
          tiersim <span className="dash">—</span> <span className="subtitle">storage cache hierarchy explorer</span>
        </h1>
        <p className="tagline">Client cache → array cache → disk. Pick policies, DEMOTE and a link, then watch where the reads land.</p>
      </header>

      {migrating && (
        <div className="banner" role="status" data-testid="url-migrating">
          This link holds a scenario from before version 2: the engine is migrating it…
        </div>
      )}

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

      <div className="card gallery-wrap">
        <GalleryPanel onLoad={loadExample} />
      </div>

      <main className="layout">
        <aside className="column-left">
          <div className="card">
            <Scenario_ scenario={draft} issues={issues} onChange={setDraft} trace={trace} onTraceFile={openTrace} />
            <div className="actions">
              <button
                type="button"
                className="button primary"
                data-testid="run-button"
                disabled={!runnable || running}
                onClick={() => runnable && run(runnable)}
                title={!valid ? (migrating ? 'The link is being migrated' : 'Fix the highlighted fields first') : traceIssue ? describeIssue(traceIssue) : undefined}
              >
                {running ? 'Running…' : 'Run'}
              </button>
              <button type="button" className="button secondary" data-testid="cancel-button" disabled={!running} onClick={cancel}>
                Cancel
              </button>
              {migrating && <span className="actions-note">Migrating the link…</span>}
              {!valid && !migrating && <span className="actions-note">Fix the highlighted fields to run.</span>}
              {traceMissing && <span className="actions-note">Load the trace file {validTrace!.name} to run.</span>}
              {traceIssue && !traceMissing && (
                <span className="actions-note is-error" role="alert" data-testid="run-blocked">
                  {describeIssue(traceIssue)}
                </span>
              )}
            </div>
          </div>
          <div className="card">
            <Share url={shareUrl} />
          </div>
          <div className="card">
            <Traces base={valid} onOpen={openTrace} />
          </div>
        </aside>

        <div className="column-right">
          <ResultsPanel state={shown} stale={stale} autoCompare={autoFor('compare')} migrate={migrate} />
          <div className="card chart-card">
            <DepthPanel report={shown.report} scenario={ran} running={running} />
          </div>
          {below && (
            <div className="card chart-card">
              <Upside base={valid} blocks={traceBlocks} />
            </div>
          )}
          {below && draft.topology.kind !== 'single' && (
            <div className="card chart-card">
              <Designs base={valid} autoRun={autoRun === 'designs'} />
            </div>
          )}
          {below && draft.topology.kind !== 'single' && (
            <div className="card chart-card">
              <Space base={valid} autoRun={autoFor('design-space')} />
            </div>
          )}
          {below && (
            <div className="card chart-card">
              <Mrc base={valid} blocks={traceBlocks} />
            </div>
          )}
          {below && (
            <div className="card chart-card">
              <Sweep base={valid} autoRun={autoFor('sweep')} />
            </div>
          )}
          {below && (
            <div className="card chart-card">
              <Teach scenario={valid} />
            </div>
          )}
        </div>
      </main>

      <footer className="app-footer">
        Simulations run in a Web Worker on a Rust engine compiled to WebAssembly. Designs and defaults follow paper 000
        (DEMOTE, exclusive caching).
      </footer>
    </div>
  );
}
