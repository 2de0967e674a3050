// The main thread's handle on the engine worker (squoosh's worker-bridge pattern): the worker
// is created lazily; every run takes an AbortSignal; aborting terminates the worker and rejects
// the pending run, and the next run starts a fresh worker.
import * as Comlink from 'comlink';
import type { Scenario } from '../scenario/document';
import { traceOf } from '../scenario/topology';
import type {
  Check,
  EngineApi,
  EngineError,
  EngineErrorKind,
  AnalyzeProgress,
  AnalyzeRequest,
  LoadProgress,
  ProfileReport,
  ByteCurvesRequest,
  ByteProgress,
  ByteReport,
  MiniCurvesRequest,
  MiniProgress,
  MiniReport,
  PackedReport,
  Report,
  WorkerMemory,
  TeachItem,
  TeachStep,
  TraceOptions,
  TraceSummary,
  UpsideReport,
  Verdict,
} from './protocol';
import { unpackReport } from './snapshot';
import { traceFile } from './traces';

/** A failed run, with the typed reason from protocol.ts. */
export class EngineRunError extends Error implements EngineError {
  readonly kind: EngineErrorKind;
  readonly path?: string;
  constructor(kind: EngineErrorKind, message: string, path?: string) {
    super(message);
    this.kind = kind;
    if (path !== undefined) this.path = path;
    // A cancelled run is an AbortError, as fetch() and friends reject with.
    this.name = kind === 'cancelled' ? 'AbortError' : 'EngineRunError';
  }
}

export function isAbortError(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}

/** The bits of a Worker this client uses; tests pass a fake. */
export type WorkerLike = Comlink.Endpoint & { terminate(): void };

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (report: Report) => void;
  /** A streamed trace's workers' memory, with each snapshot. */
  onMemory?: (memory: WorkerMemory) => void;
}

function createEngineWorker(): WorkerLike {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'tiersim-engine' });
}

/** One request of a workload preview. */
export interface PreviewRow {
  client: number;
  block: number;
  nblocks: number;
  op: 'read' | 'write';
  /** Paper 004's write hint: synch, replace or recov. */
  hint?: string;
  /** Paper 002's range id. */
  range?: number;
}

/** The file of the trace a scenario replays, if the page has read it. */
function traceBlob(s: Scenario): Blob | undefined {
  const t = traceOf(s);
  return t ? traceFile(t.name) : undefined;
}

/**
 * A progress snapshot with its histograms' bin edges put back: the worker sends them once, with
 * the first snapshot of a run, and empty afterwards (they never change within a run).
 */
export function withEdges(r: Report, edges: number[]): Report {
  if (r.latency.edgesUs.length > 0) return r;
  return {
    ...r,
    latency: { ...r.latency, edgesUs: edges },
    clients: r.clients.map((c) => ({ ...c, latency: { ...c.latency, edgesUs: edges } })),
  };
}

export class EngineClient {
  private worker?: WorkerLike;
  private remote?: Comlink.Remote<EngineApi>;
  /** Rejects every call in flight when the worker dies (one entry per pending call). */
  private readonly onCrash = new Set<(message: string) => void>();

  constructor(private readonly createWorker: () => WorkerLike = createEngineWorker) {}

  /** Runs `scenario` to the end and resolves with the final report. */
  run(scenario: Scenario, { signal, onProgress, onMemory }: RunOptions = {}): Promise<Report> {
    return this.cancellable(
      'the run',
      signal,
      (live, remote) => {
        // Progress and the reply travel on different ports, so a snapshot can arrive after the
        // reply; `live` drops it. The histograms' edges come with the first snapshot only.
        let edges: number[] | undefined;
        const progress = Comlink.proxy((snapshot: PackedReport) => {
          const report = unpackReport(snapshot);
          edges ??= report.latency.edgesUs;
          if (live() && snapshot.memory) onMemory?.(snapshot.memory);
          if (live()) onProgress?.(withEdges(report, edges));
        });
        return remote.run(scenario, progress, traceBlob(scenario));
      },
      (reply) => reply.report,
    );
  }

  /** Paper 000 §3's upside estimate for `scenario`'s workload at each size pair. */
  estimateUpside(
    scenario: Scenario,
    points: { client: number; array: number }[],
    signal?: AbortSignal,
  ): Promise<UpsideReport> {
    return this.cancellable(
      'the estimate',
      signal,
      (_live, remote) => remote.estimateUpside(scenario, points, traceBlob(scenario)),
      (reply) => reply.report,
    );
  }

  /** Scans a trace file in the worker (its summary and census kept there; runs stream it again); aborting stops it. */
  loadTrace(
    file: Blob,
    name: string,
    options: TraceOptions,
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (p: LoadProgress) => void } = {},
  ): Promise<TraceSummary> {
    return this.cancellable(
      'reading the trace',
      signal,
      (live, remote) => {
        const progress = Comlink.proxy((p: LoadProgress) => {
          if (live()) onProgress?.(p);
        });
        return remote.loadTrace(file, name, options, progress);
      },
      (reply) => reply.summary,
    );
  }

  /**
   * Miss-ratio curves of several policies over a trace file, streamed through a reader worker;
   * `onProgress` gets the curves so far while the file is read. Aborting stops both workers.
   */
  miniCurves(
    request: MiniCurvesRequest,
    file: Blob,
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (p: MiniProgress) => void } = {},
  ): Promise<{ curves: MiniReport[]; ms: number }> {
    return this.cancellable(
      'the miss-ratio curves',
      signal,
      (live, remote) => {
        const progress = Comlink.proxy((p: MiniProgress) => {
          if (live()) onProgress?.(p);
        });
        return remote.miniCurves(request, file, progress);
      },
      (reply) => ({ curves: reply.curves, ms: reply.ms }),
    );
  }

  /** A trace file's analysis in one streamed pass, reported live (`onProgress`) as it reads. */
  analyzeTrace(
    request: AnalyzeRequest,
    file: Blob,
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (p: AnalyzeProgress) => void } = {},
  ): Promise<{ report: ProfileReport; summary: TraceSummary; ms: number }> {
    return this.cancellable(
      'the analysis',
      signal,
      (live, remote) => {
        const progress = Comlink.proxy((p: AnalyzeProgress) => {
          if (live()) onProgress?.(p);
        });
        return remote.analyzeTrace(request, file, progress);
      },
      (reply) => ({ report: reply.report, summary: reply.summary, ms: reply.ms }),
    );
  }

  /** Miss-ratio curves in bytes over an object trace file, as `miniCurves` but in two passes. */
  byteCurves(
    request: ByteCurvesRequest,
    file: Blob,
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (p: ByteProgress) => void } = {},
  ): Promise<{ curves: ByteReport[]; sizes: number[]; ms: number }> {
    return this.cancellable(
      'the miss-ratio curves',
      signal,
      (live, remote) => {
        const progress = Comlink.proxy((p: ByteProgress) => {
          if (live()) onProgress?.(p);
        });
        return remote.byteCurves(request, file, progress);
      },
      (reply) => ({ curves: reply.curves, sizes: reply.sizes, ms: reply.ms }),
    );
  }

  /**
   * Starts this client's worker and readies it for `miniCurves` (the engine loaded, a reader
   * worker started), so that a later click starts reading at once. Resolves when ready; a
   * failure here is left for the curves' call to report.
   */
  warmCurves(): Promise<void> {
    return this.ensureWorker()
      .warmCurves()
      .catch(() => {});
  }

  /**
   * Paper `paper`'s reproduction, run in this client's worker; it holds the worker for as long
   * as it runs (minutes for some papers), so give it a client of its own. Aborting terminates it.
   */
  reproduce(paper: string, signal?: AbortSignal): Promise<Check[]> {
    return this.cancellable(
      'the reproduction',
      signal,
      (_live, remote) => remote.reproduce(paper),
      (reply) => reply.checks,
    );
  }

  /** The engine's verdict on each check (the engine judges; the page only shows). */
  judgeChecks(checks: Pick<Check, 'expected' | 'ours'>[], signal?: AbortSignal): Promise<Verdict[]> {
    const plain = checks.map(({ expected, ours }) => ({ expected, ours }));
    return this.cancellable(
      'judging the checks',
      signal,
      (_live, remote) => remote.judgeChecks(plain),
      (reply) => reply.verdicts,
    );
  }

  /**
   * One call to the worker that an abort or a crashed worker ends: either stops the worker and
   * rejects (`cancelled`, `engine`); a reply settles once, with `value` of an ok reply or its
   * error. `live()` says whether the call is still unsettled (for progress callbacks).
   */
  private cancellable<O extends { ok: true }, T>(
    what: string,
    signal: AbortSignal | undefined,
    call: (live: () => boolean, remote: Comlink.Remote<EngineApi>) => Promise<O | { ok: false; error: EngineError }>,
    value: (reply: O) => T,
  ): Promise<T> {
    if (signal?.aborted) return Promise.reject(new EngineRunError('cancelled', `${what} was cancelled`));
    const remote = this.ensureWorker();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const settle = (f: () => void) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        this.onCrash.delete(onCrash);
        f();
      };
      const onAbort = () =>
        settle(() => {
          this.terminate();
          reject(new EngineRunError('cancelled', `${what} was cancelled`));
        });
      signal?.addEventListener('abort', onAbort, { once: true });
      const onCrash = (message: string) => settle(() => reject(new EngineRunError('engine', message)));
      this.onCrash.add(onCrash);
      call(() => !settled, remote).then(
        (reply) =>
          settle(() => {
            if (reply.ok) resolve(value(reply as O));
            else reject(new EngineRunError(reply.error.kind, reply.error.message, reply.error.path));
          }),
        (e: unknown) => settle(() => reject(new EngineRunError('engine', e instanceof Error ? e.message : String(e)))),
      );
    });
  }

  /** The scenario's generated workload as a trace file. */
  exportWorkload(scenario: Scenario, format: 'csv' | 'oracle-general', signal?: AbortSignal): Promise<Uint8Array> {
    return this.cancellable(
      'the export',
      signal,
      (_live, remote) => remote.exportWorkload(scenario, format),
      (reply) => reply.bytes,
    );
  }

  /** `n` requests of the scenario's generated workload from request `skip` on, parsed from the engine's canonical CSV. */
  async previewWorkload(scenario: Scenario, skip: number, n: number, signal?: AbortSignal): Promise<PreviewRow[]> {
    const csv = await this.cancellable(
      'the preview',
      signal,
      (_live, remote) => remote.previewWorkload(scenario, skip, n),
      (reply) => reply.csv,
    );
    return csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [, client, block, nblocks, op, hints = ''] = line.split(',');
        const row: PreviewRow = {
          client: Number(client),
          block: Number(block),
          nblocks: Number(nblocks),
          op: op === 'w' ? 'write' : 'read',
        };
        for (const h of hints.split(' ').filter(Boolean)) {
          if (h.startsWith('range:')) row.range = Number(h.slice('range:'.length));
          else row.hint = h;
        }
        return row;
      });
  }

  /**
   * The teaching stepper's steps: `requests` as the engine read them (`teachInput`), `start`
   * each cache's first contents by name (next victim first).
   */
  teach(
    scenario: Scenario,
    requests: TeachItem[],
    start: Record<string, number[]>,
    signal?: AbortSignal,
  ): Promise<TeachStep[]> {
    return this.cancellable(
      'the stepper',
      signal,
      (_live, remote) => remote.teach(scenario, requests, start),
      (reply) => reply.steps,
    );
  }

  /**
   * Stops the worker (and any run in it); the next call starts a new one. A call still pending
   * on it rejects, saying it was stopped.
   */
  terminate(): void {
    this.stop('the engine worker was stopped before this finished');
  }

  /** Stops the worker and rejects every call pending on it with `message`. */
  private stop(message: string): void {
    const pending = [...this.onCrash];
    this.onCrash.clear();
    this.remote?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = undefined;
    this.remote = undefined;
    for (const reject of pending) reject(message);
  }

  /** Starts the worker (and so its engine's download) ahead of the first call. */
  warm(): void {
    this.ensureWorker();
  }

  private ensureWorker(): Comlink.Remote<EngineApi> {
    if (this.remote) return this.remote;
    const worker = this.createWorker();
    worker.addEventListener('error', (event) => {
      if (this.worker !== worker) return;
      const message = (event as ErrorEvent).message || 'the engine worker failed to start or crashed';
      // A dead worker is not reused: the next call starts a new one (the page keeps its scenario).
      this.stop(message);
    });
    this.worker = worker;
    this.remote = Comlink.wrap<EngineApi>(worker);
    return this.remote;
  }
}
