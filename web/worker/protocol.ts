// Types shared by the main thread (client.ts) and the engine worker (engine.worker.ts).
// Comlink carries the calls; everything here is plain, structured-cloneable data.
import type { Scenario, TraceFormat } from '../scenario/document';

// The engine's reports, generated from its Rust types (web/generated/engine.ts; see
// engine-wasm/crates/core/src/typescript.rs): one definition on each side of the wasm boundary.
import type {
  ByteReport,
  CacheView,
  Check,
  Columns,
  HistogramReport,
  MiniReport,
  PolicyConfig,
  ProfileReport,
  Prediction,
  Report,
  SizePair,
  TeachItem,
  TeachStep,
  TraceSummary,
  UpsideReport,
  Verdict,
} from '../generated/engine';

export type {
  BlocksReport,
  Popular,
  PopularityBin,
  ProfileBin,
  ProfileClient,
  ProfileReport,
  ProfileWindow,
  Region,
  SizeBin,
  BytePoint,
  ByteReport,
  CacheCounters,
  CacheReport,
  MiniPoint,
  MiniReport,
  Check,
  ClientReport,
  ClientUpside,
  Counters,
  DepthCurve,
  Expected,
  HitFractions,
  MissKind,
  PartitionView,
  PathCosts,
  Phase,
  Queue,
  Report,
  Scope,
  StackEntry,
  StackStatus,
  TeachEvent,
  TeachQueue,
  TeachTarget,
  TeachItem,
  TeachStep,
  TraceSummary,
  UpsidePoint,
  UpsideReport,
  Verdict,
  WriteHint,
} from '../generated/engine';
/** Latency histogram: 701 log-spaced edges from 1 µs to 10 s (100 per decade) and 702 counts. */
export type LatencyHistogram = HistogramReport;
/** Paper 000 §3's prediction for one hierarchy: fractions of block reads per level, and latency. */
export type UpsidePrediction = Prediction;
/** One cache's lists in a teaching step, in the topology's order. */
export type TeachCache = CacheView;

export type UpsideReply = { ok: true; report: UpsideReport } | { ok: false; error: EngineError };

export type EngineErrorKind = 'invalid-scenario' | 'invalid-trace' | 'engine' | 'cancelled';

/** How to read a trace file (the scenario's `trace` options and block size). */
/** How to read a trace file: its format, and the column map of format `columns`. */
export interface TraceReading {
  format?: TraceFormat;
  columns?: Columns;
}

export interface TraceOptions {
  /** A reader's name; absent: recognised from the first bytes. */
  format?: string;
  /** The column map of format `columns`. */
  columns?: Columns;
  objectMode?: boolean;
  skipBad?: boolean;
  blockSize: number;
}

/** Reading a trace: bytes of the file so far, of all, and requests parsed. */
export interface LoadProgress {
  bytes: number;
  total: number;
  requests: number;
  /** Milliseconds since reading began. */
  ms: number;
}

export type LoadReply = { ok: true; summary: TraceSummary } | { ok: false; error: EngineError };

export interface EngineError {
  kind: EngineErrorKind;
  /** The whole sentence, place first ("scenario.topology.client.capacity: must be …"). */
  message: string;
  /** The place alone, where the engine names one: a scenario field, a trace's line or byte. */
  path?: string;
}

/**
 * Bytes of WebAssembly memory a streamed run's workers hold: the simulating worker's and its
 * reader's. Wasm memory only grows, so these are each worker's peak — flat for a streamed trace
 * of any length (its per-block state and a few batches), where a held trace would grow them.
 */
export interface WorkerMemory {
  engine: number;
  reader: number;
}

/**
 * A run's progress snapshot as it crosses from the worker: a report whose numeric arrays travel
 * in `numbers` (in `lengths`' order), left empty in `report` (packed and unpacked by ./snapshot.ts).
 */
export interface PackedReport {
  report: Report;
  numbers: Float64Array;
  lengths: number[];
  /** A streamed run's workers' memory, when it streams. */
  memory?: WorkerMemory;
}

/** Miss-ratio curves of several policies over a streamed trace file (engine: analysis::minisim). */
export interface MiniCurvesRequest {
  /** Online policies' configurations (offline ones are refused: they need the whole future). */
  policies: PolicyConfig[];
  /** Cache sizes, blocks. */
  sizes: number[];
  /** "mini": miniature simulations at `rate` (0: the default); "exact": full ones. */
  method: 'mini' | 'exact';
  rate: number;
  /** The trace's distinct blocks (its scan's summary): sets the sampling rate. */
  distinct: number;
  name: string;
  options: TraceOptions;
}

/** The curves so far while the file streams, and how far the reading is. */
export interface MiniProgress {
  curves: MiniReport[];
  bytes: number;
  total: number;
  ms: number;
  memory: WorkerMemory;
}

/**
 * Miss-ratio curves in bytes of several policies over a streamed object trace with sizes
 * (engine: analysis::minisim::bytes), in two passes: the first counts the objects, the second
 * feeds the curves.
 */
export interface ByteCurvesRequest {
  /** Online policies that take a capacity in bytes. */
  policies: PolicyConfig[];
  /** Capacities, bytes; empty: `points` capacities from 1 % to 100 % of the trace's distinct bytes. */
  sizes: number[];
  points: number;
  /** "mini": miniature simulations at `rate` (0: the default); "exact": full ones. */
  method: 'mini' | 'exact';
  rate: number;
  name: string;
  options: TraceOptions;
}

/** The byte curves so far: the pass (1 counts, 2 feeds the curves), and how far it has read. */
export interface ByteProgress {
  pass: 1 | 2;
  curves: ByteReport[];
  /** The capacities the curves run at, bytes (known once the first pass is done). */
  sizes: number[];
  bytes: number;
  total: number;
  ms: number;
  memory: WorkerMemory;
}

export type ByteCurvesReply =
  | { ok: true; curves: ByteReport[]; sizes: number[]; ms: number }
  | { ok: false; error: EngineError };

/** A trace file's analysis (engine: analysis::profile; `tiersim analyze`). */
export interface AnalyzeRequest {
  name: string;
  options: TraceOptions;
  /** Seconds per window of the load over time (a trace with times); requests per window (without). */
  windowSecs: number;
  windowRequests: number;
  /** How many of the most referenced objects to name. */
  top: number;
}

/** The analysis so far while the file streams, and how far the reading is. */
export interface AnalyzeProgress {
  report: ProfileReport;
  bytes: number;
  total: number;
  ms: number;
  memory: WorkerMemory;
}

export type AnalyzeReply =
  | { ok: true; report: ProfileReport; summary: TraceSummary; ms: number }
  | { ok: false; error: EngineError };

export type MiniCurvesReply = { ok: true; curves: MiniReport[]; ms: number } | { ok: false; error: EngineError };

/** The worker's reply to `run`: errors come back as typed values, not as thrown exceptions. */
export type RunReply = { ok: true; report: Report } | { ok: false; error: EngineError };

/** What engine.worker.ts exposes through Comlink. */
export interface EngineApi {
  /**
   * Runs a scenario to the end. `onProgress` (a Comlink proxy, one per run — which is what ties
   * a snapshot to its run) gets a report at least every 100 ms and at least ~10 times per run,
   * its numeric arrays packed into one transferred buffer (./snapshot.ts).
   */
  run(scenario: Scenario, onProgress: (snapshot: PackedReport) => void, trace?: Blob): Promise<RunReply>;
  /** Paper 000 §3's upside estimate at each client/array size pair. */
  estimateUpside(scenario: Scenario, points: SizePair[], trace?: Blob): Promise<UpsideReply>;
  /**
   * Scans a trace file through the engine's reader (`File.stream()`, chunk by chunk), keeping
   * only its summary and census: runs stream the file again; progress at most every 100 ms.
   */
  loadTrace(file: Blob, name: string, options: TraceOptions, onProgress: (p: LoadProgress) => void): Promise<LoadReply>;
  /**
   * Miss-ratio curves of several policies over a trace file read by a reader worker (never
   * held): `onProgress` gets every curve so far as the file is read, four times a second.
   */
  miniCurves(request: MiniCurvesRequest, file: Blob, onProgress: (p: MiniProgress) => void): Promise<MiniCurvesReply>;
  /**
   * A trace file's analysis in one streamed pass (never held): `onProgress` gets the report so
   * far four times a second.
   */
  analyzeTrace(request: AnalyzeRequest, file: Blob, onProgress: (p: AnalyzeProgress) => void): Promise<AnalyzeReply>;
  /** Miss-ratio curves in bytes over an object trace file with sizes, in two streamed passes. */
  byteCurves(request: ByteCurvesRequest, file: Blob, onProgress: (p: ByteProgress) => void): Promise<ByteCurvesReply>;
  /** A scenario's generated workload as a trace file (`csv` or `oracle-general`). */
  exportWorkload(
    scenario: Scenario,
    format: string,
  ): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; error: EngineError }>;
  /** `n` requests of a scenario's generated workload from request `skip` on, as canonical CSV (write hints included). */
  previewWorkload(
    scenario: Scenario,
    skip: number,
    n: number,
  ): Promise<{ ok: true; csv: string } | { ok: false; error: EngineError }>;
  /** The teaching stepper: every cache's queues before and after each request (engine: teach). */
  teach(
    scenario: Scenario,
    requests: TeachItem[],
    start: Record<string, number[]>,
  ): Promise<{ ok: true; steps: TeachStep[] } | { ok: false; error: EngineError }>;
  /**
   * Paper `paper`'s reproduction ("000" … "004"; engine: `run::reproduce`), every check with the
   * engine's verdict. Synchronous in wasm and long (paper 003: minutes): give it a worker of its
   * own, and terminate that worker to stop it.
   */
  reproduce(paper: string): Promise<{ ok: true; checks: Check[] } | { ok: false; error: EngineError }>;
  /** The engine's verdict on each check, from what the paper reports and ours alone (engine: `judgeCheck`). */
  judgeChecks(
    checks: Pick<Check, 'expected' | 'ours'>[],
  ): Promise<{ ok: true; verdicts: Verdict[] } | { ok: false; error: EngineError }>;
  version(): Promise<string>;
  /**
   * Readies this worker for live miss-ratio curves ahead of time: the engine loaded, and the
   * reader worker of its next pass started (its engine loading meanwhile).
   */
  warmCurves(): Promise<void>;
}
