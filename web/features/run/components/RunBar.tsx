// The run bar, in view at every scroll position and in every view: Run and Cancel, how far the
// run is and how long it has left, the scenario in one line — and, whenever Run cannot run, why,
// beside it (a field of the form, a trace to load, a link being migrated). Ctrl+Enter (⌘+Enter)
// runs and Escape cancels: the page binds them (App), the bar says so.
import { useRef, type ReactNode } from 'react';
import { formatCount } from '../../../format/numbers';
import { isRunning, type RunState } from '../../../worker/runState';

/** Why Run is refused, shown beside it. */
export interface RunBlock {
  text: string;
  /** An error the engine would raise (role=alert), not a step still to take. */
  error?: boolean;
  testId?: string;
  /** Where to fix it, e.g. a button that opens the form. */
  action?: ReactNode;
}

export interface RunBarProps {
  state: RunState;
  /** The scenario in one line (what Run runs). */
  summary: string;
  /** Run can start (a valid scenario, its trace read, nothing refused). */
  canRun: boolean;
  onRun: () => void;
  onCancel: () => void;
  /** Why Run cannot start; empty when it can. */
  blocks: RunBlock[];
  /** A run so large the page asks first (a shared link's): how many requests, and the go-ahead. */
  ask?: { requests: number; onConfirm: () => void } | null;
}

const PHASE: Record<RunState['phase'], string> = {
  idle: 'Ready',
  loading: 'Reading the trace',
  warmup: 'Warm-up',
  measured: 'Measuring',
  done: 'Done',
  cancelled: 'Cancelled',
  error: 'Failed',
};

/** Bytes as whole MiB: 46_137_344 → "44 MiB". */
function formatMiB(bytes: number): string {
  return `${formatCount(Math.round(bytes / 2 ** 20))} MiB`;
}

/** 800 → "under a second left", 12_400 → "about 12 s left", 125_000 → "about 2 min 5 s left". */
export function formatTimeLeft(ms: number): string {
  if (ms < 1000) return 'under a second left';
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  const about = s < 60 ? `${s} s` : m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
  return `about ${about} left`;
}

/** Where a run is, as a fraction, and the work done so far in its own unit (requests, or bytes read). */
function progressOf(state: RunState): { fraction: number; done: number; total: number } | null {
  if (state.phase === 'loading') {
    const l = state.loading;
    return l && l.total > 0 ? { fraction: l.bytes / l.total, done: l.bytes, total: l.total } : null;
  }
  const r = state.report;
  if (!r || r.total <= 0) return state.phase === 'done' ? { fraction: 1, done: 0, total: 0 } : null;
  return { fraction: r.processed / r.total, done: r.processed, total: r.total };
}

/**
 * The time a run has left, from its own pace so far: the work done since the bar first saw it
 * (a run's first report, or a trace's first bytes) over the time since. Null until that pace
 * means something (a quarter of a second of work), and once the run is over.
 */
function useTimeLeft(state: RunState): number | null {
  const since = useRef<{ key: string; at: number; done: number } | null>(null);
  const p = progressOf(state);
  if (!isRunning(state.phase) || !p) {
    if (!isRunning(state.phase)) since.current = null;
    return null;
  }
  // A new run (or a trace read) starts the clock afresh; so does work going backwards.
  const key = `${state.phase === 'loading' ? 'load' : 'run'}:${state.scenarioJson}`;
  const now = performance.now();
  if (!since.current || since.current.key !== key || p.done < since.current.done)
    since.current = { key, at: now, done: p.done };
  const elapsed = now - since.current.at;
  const done = p.done - since.current.done;
  if (elapsed < 250 || done <= 0) return null;
  return ((p.total - p.done) * elapsed) / done;
}

export function RunBar({ state, summary, canRun, onRun, onCancel, blocks, ask }: RunBarProps) {
  const running = isRunning(state.phase);
  const p = progressOf(state);
  const left = useTimeLeft(state);
  const percent = p ? Math.min(100, p.fraction * 100) : 0;
  const count =
    state.phase === 'loading'
      ? null
      : state.report
        ? `${formatCount(state.report.processed)} / ${formatCount(state.report.total)} requests`
        : null;
  const status = `${PHASE[state.phase]}${p && running ? ` · ${percent.toFixed(0)} %` : ''}${left !== null ? ` · ${formatTimeLeft(left)}` : ''}`;

  return (
    <div className="runbar" data-testid="run-bar">
      <div className="runbar-buttons">
        <button
          type="button"
          className="button primary"
          data-testid="run-button"
          disabled={!canRun || running}
          onClick={onRun}
          title="Run the scenario (Ctrl+Enter)"
          aria-keyshortcuts="Control+Enter Meta+Enter"
          aria-describedby={blocks.length ? 'run-blocks' : undefined}
        >
          {running ? 'Running…' : 'Run'}
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="cancel-button"
          disabled={!running}
          onClick={onCancel}
          title="Cancel the run (Escape)"
          aria-keyshortcuts="Escape"
        >
          Cancel
        </button>
      </div>
      <div className="runbar-body">
        {blocks.length > 0 ? (
          <ul className="runbar-blocks" id="run-blocks" data-testid="run-reasons">
            {blocks.map((b, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the reasons are rebuilt each render, and two may read alike
              <li key={i} className={b.error ? 'is-error' : ''}>
                <span role={b.error ? 'alert' : undefined} data-testid={b.testId}>
                  {b.text}
                </span>
                {b.action}
              </li>
            ))}
          </ul>
        ) : ask ? (
          <p className="runbar-ask" data-testid="run-ask">
            This link's scenario serves {formatCount(ask.requests)} requests: a long run.{' '}
            <button type="button" className="button secondary small" data-testid="run-confirm" onClick={ask.onConfirm}>
              Run {formatCount(ask.requests)} requests
            </button>
          </p>
        ) : (
          <p className="runbar-summary" data-testid="run-summary" title={summary}>
            {summary}
          </p>
        )}
        <div
          className={`runbar-progress runbar-${state.phase}`}
          data-testid="run-bar-progress"
          data-phase={state.phase}
          data-time-left={left === null ? '' : Math.round(left)}
          role="progressbar"
          aria-label="Run progress and time left"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={status}
        >
          <div className="runbar-track">
            <div className="runbar-fill" style={{ transform: `scaleX(${(percent / 100).toFixed(4)})` }} />
          </div>
          {/* One text node: as the numbers change, nothing inside the bar moves (no layout shift). */}
          <span className="runbar-status">{count ? `${status} · ${count}` : status}</span>
          {state.memory && (
            <span
              className="runbar-memory"
              data-testid="run-memory"
              data-engine={state.memory.engine}
              data-reader={state.memory.reader}
              title="The trace is streamed, never held: each run re-reads the file; the engine keeps per-block state and a few batches, the reader its block numbering"
            >
              streamed · memory {formatMiB(state.memory.engine)} + reader {formatMiB(state.memory.reader)}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
