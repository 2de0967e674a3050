// The Trace view: what is in the trace the scenario replays, before it is cached — one
// streamed pass of the file in a worker (engine: analysis::profile, `tiersim analyze`'s
// numbers), drawn live while the file is read. It starts by itself when the view is shown with
// the file loaded, and again when another file (or another reading of it) is. The whole card
// leaves the page as JSON, its tables as one CSV, each figure as SVG, PNG, CSV and JSON.
import { useCallback, useEffect, useRef, useState } from 'react';
import { catalogue } from '../../engine/engine';
import { NumberField } from '../../ui/NumberField';
import { exportName, chartCsv } from '../../export/export';
import { ExportButtons } from '../../export/ExportButtons';
import { formatBytes, formatCount, formatDuration } from '../../format/numbers';
import type { Scenario } from '../../scenario/document';
import { readingKey, traceOf, traceReadingOf } from '../../scenario/topology';
import { EngineClient, isAbortError } from '../../worker/client';
import { isCancel } from '../../worker/pool';
import type { ProfileReport, WorkerMemory } from '../../worker/protocol';
import { traceFile } from '../../worker/traces';
import { Blocks, Clients, Headline, Load, Popularity, Reuse, Sizes } from './ProfileSections';
import { allTables } from './tables';

type AnalysisClient = Pick<EngineClient, 'analyzeTrace' | 'terminate'>;

export interface TraceAnalysisProps {
  /** The valid scenario; null while the form is invalid. */
  base: Scenario | null;
  /** Whether the view is shown: an analysis starts itself when it is, with the file loaded. */
  shown: boolean;
  /** Opens a picked file (the page's own path: the scenario then replays it). */
  onPick: (file: File) => void;
  /** Tests inject the engine; the app gives each analysis a worker of its own. */
  createClient?: () => AnalysisClient;
}

type Status = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

interface State {
  status: Status;
  /** What was analysed: the file's name, and how it was read. */
  key: string;
  report: ProfileReport | null;
  bytes: number;
  total: number;
  ms: number;
  memory: WorkerMemory | null;
  error: string | null;
  /** The reader's name for the file's format (known once read to the end). */
  format: string | null;
}

const IDLE: State = {
  status: 'idle',
  key: '',
  report: null,
  bytes: 0,
  total: 0,
  ms: 0,
  memory: null,
  error: null,
  format: null,
};

/** A file's identity and its reading: a new key, a new analysis. */
function keyOf(base: Scenario | null): string {
  const trace = base ? traceOf(base) : null;
  if (!base || !trace) return '';
  const file = traceFile(trace.name) as File | undefined;
  return JSON.stringify([trace.name, file?.size ?? -1, file?.lastModified ?? 0, readingKey(traceReadingOf(base))]);
}

export function TraceAnalysis({ base, shown, onPick, createClient = () => new EngineClient() }: TraceAnalysisProps) {
  const trace = base ? traceOf(base) : null;
  const file = trace ? traceFile(trace.name) : undefined;
  const [state, setState] = useState<State>(IDLE);
  // `tiersim analyze`'s defaults, from the engine.
  const limits = catalogue().limits;
  const [windowSecs, setWindowSecs] = useState(limits.analysisWindowSecs);
  const [windowRequests, setWindowRequests] = useState(limits.analysisWindowRequests);
  const abort = useRef<AbortController | null>(null);
  const client = useRef<AnalysisClient | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const key = keyOf(base);

  const start = useCallback(async () => {
    if (!base || !trace || !file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    client.current?.terminate();
    const c = createClient();
    client.current = c;
    setState({ ...IDLE, status: 'running', key, total: file.size });
    const live = (patch: Partial<State>) =>
      setState((s) =>
        s.key === key && s.status === 'running' && abort.current === controller ? { ...s, ...patch } : s,
      );
    const began = performance.now();
    try {
      const request = {
        name: trace.name,
        options: traceReadingOf(base)!,
        windowSecs,
        windowRequests,
        top: limits.analysisTop,
      };
      const done = await c.analyzeTrace(request, file, {
        signal: controller.signal,
        onProgress: (p) => live({ report: p.report, bytes: p.bytes, total: p.total, ms: p.ms, memory: p.memory }),
      });
      // From the click to the report: the reading, the analysis and the hand-offs.
      const ms = performance.now() - began;
      live({ status: 'done', report: done.report, bytes: file.size, ms, format: done.summary.format });
    } catch (e) {
      const cancelled = isAbortError(e) || isCancel(e);
      live({
        status: cancelled ? 'cancelled' : 'error',
        error: cancelled ? null : e instanceof Error ? e.message : String(e),
      });
    } finally {
      c.terminate();
      if (client.current === c) client.current = null;
    }
  }, [base, trace, file, key, windowSecs, windowRequests, limits.analysisTop, createClient]);

  // Shown with a file loaded that this view has not analysed (or is not analysing): analyse it.
  useEffect(() => {
    if (shown && file && key !== '' && key !== state.key) void start();
  }, [shown, file, key, state.key, start]);
  useEffect(
    () => () => {
      abort.current?.abort();
      client.current?.terminate();
    },
    [],
  );

  const cancel = () => {
    abort.current?.abort();
    client.current?.terminate();
    client.current = null;
    setState((s) => (s.status === 'running' ? { ...s, status: 'cancelled' } : s));
  };

  const report = state.key === key ? state.report : null;
  const of = {
    name: trace ? `${trace.name} analysis` : 'trace analysis',
    summary:
      trace && report
        ? `${trace.name} · ${formatCount(report.requests)} requests · read as ${trace.objectMode ? 'objects' : 'blocks'}`
        : '',
  };
  const running = state.status === 'running' && state.key === key;

  return (
    <section className="trace-analysis" aria-labelledby="trace-analysis-title" data-testid="trace-analysis">
      <div className="card">
        <div className="chart-head">
          <h2 id="trace-analysis-title">Trace analysis</h2>
          {report && state.status === 'done' && (
            <ExportButtons
              label="export the analysis"
              files={[
                {
                  label: 'JSON',
                  testId: 'profile-json',
                  make: () => ({
                    name: exportName(of.name, 'card', 'json'),
                    // As `tiersim analyze --json` prints it: the trace, how it was read, the report.
                    data: `${JSON.stringify({ trace: trace?.name, format: state.format, objects: !!trace?.objectMode, ...report }, null, 2)}\n`,
                    type: 'application/json',
                  }),
                },
                {
                  label: 'Tables (CSV)',
                  testId: 'profile-csv',
                  title: 'every table in one file, each under a line naming it',
                  make: () => ({
                    name: exportName(of.name, 'tables', 'csv'),
                    data: allTables(report)
                      .map(([name, t]) => `# ${name}\n${chartCsv(t)}`)
                      .join('\n'),
                    type: 'text/csv',
                  }),
                },
              ]}
            />
          )}
        </div>
        {!trace ? (
          <p className="view-note" data-testid="profile-no-trace">
            The scenario generates its workload; an analysis reads a trace file.{' '}
            <button type="button" className="link-button" onClick={() => picker.current?.click()}>
              Pick a trace file
            </button>{' '}
            (or drop one on the page, or open one of the bundled traces under Explore).
          </p>
        ) : !file ? (
          <p className="view-note" data-testid="profile-missing">
            The scenario replays {trace.name}, which is not loaded:{' '}
            <button type="button" className="link-button" onClick={() => picker.current?.click()}>
              pick it
            </button>{' '}
            or drop it on the page.
          </p>
        ) : (
          <>
            <p
              className="stat-sub"
              data-testid="profile-status"
              data-status={running ? 'running' : state.status}
              // The workers' WebAssembly memory (its peak): flat per distinct object, never the trace.
              data-engine={state.memory?.engine}
              data-reader={state.memory?.reader}
            >
              {statusLine(trace.name, state, running)}
            </p>
            <div className="profile-controls">
              <NumberField
                label="Window (s)"
                value={windowSecs}
                min={0.001}
                onChange={(v) => v > 0 && setWindowSecs(v)}
                testId="profile-window"
                step="any"
                hint="for a trace with times"
              />
              <NumberField
                label="Window (requests)"
                value={windowRequests}
                min={1}
                onChange={(v) => v >= 1 && Number.isInteger(v) && setWindowRequests(v)}
                testId="profile-window-requests"
                hint="for a trace without times"
              />
              {running ? (
                <button type="button" className="button secondary" data-testid="profile-cancel" onClick={cancel}>
                  Cancel
                </button>
              ) : (
                <button type="button" className="button" data-testid="profile-run" onClick={() => void start()}>
                  Analyze again
                </button>
              )}
            </div>
          </>
        )}
        {state.error && state.key === key && (
          <div className="banner banner-error" role="alert" data-testid="profile-error">
            {state.error}
          </div>
        )}
        <input
          ref={picker}
          type="file"
          hidden
          data-testid="profile-pick"
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            if (f) onPick(f);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {report && (
        <div className="profile-body" data-testid="profile-body" data-live={running ? 'true' : 'false'}>
          <Headline r={report} />
          <div className="profile-grid">
            <Popularity r={report} of={of} />
            <Reuse r={report} of={of} />
            <Sizes r={report} of={of} />
            <Load r={report} of={of} />
            <Clients r={report} of={of} />
            <Blocks r={report} of={of} />
          </div>
        </div>
      )}
    </section>
  );
}

/** "Reading zipf.bin: 120 MB of 240 MB, 1.2 s" / "zipf.bin: 10,000,000 requests analysed in 2.1 s". */
function statusLine(name: string, s: State, running: boolean): string {
  if (running) {
    const of = s.total > 0 ? ` of ${formatBytes(s.total)}` : '';
    return `Reading ${name}: ${formatBytes(s.bytes)}${of}${s.ms > 0 ? `, ${formatDuration(s.ms)}` : ''} — the numbers below follow the file as it streams`;
  }
  if (s.status === 'done' && s.report)
    return `${name}: ${formatCount(s.report.requests)} requests analysed in ${formatDuration(s.ms)} (one pass; memory per distinct object, never the trace)`;
  if (s.status === 'cancelled') return `${name}: cancelled — the numbers below are of the part read`;
  if (s.status === 'error') return `${name}: the analysis stopped — the numbers below are of the part read`;
  return `${name}: ready to analyse`;
}
