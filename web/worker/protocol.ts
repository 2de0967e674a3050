// Types shared by the main thread (client.ts) and the engine worker (engine.worker.ts).
// Comlink carries the calls; everything here is plain, structured-cloneable data.
import type { Scenario } from '../scenario/schema';

export type Phase = 'warmup' | 'measured' | 'done';

export interface Counters {
  requests: number;
  reads: number;
  writes: number;
  clientHits: number;
  arrayHits: number;
  diskReads: number;
  /** Blocks referenced by reads (a request of n blocks counts n)… */
  blockReads: number;
  /** …of which the client held… */
  clientBlockHits: number;
  /** …and the array held. */
  arrayBlockHits: number;
  /** Blocks the client DEMOTEd to the array… */
  demotions: number;
  /** …of which the array did not hold already, so data crossed the link. */
  demotionsMoved: number;
  /** Writes by paper 004 hint (unhinted writes are the rest of `writes`). */
  synchWrites: number;
  replaceWrites: number;
  recovWrites: number;
  /** Paper 004's warm read hit ratio: block reads reaching the deepest cache after it first filled, and its hits. */
  warmBlockReads: number;
  warmBlockHits: number;
  /** HA_R: client evictions the array reloaded from disk (extra disk reads, off the request path). */
  reloads: number;
  linkBytes: number;
  latencySumNs: number;
}

/** Latency histogram: 701 log-spaced edges from 1 µs to 10 s (100 per decade) and 702 counts. */
export interface LatencyHistogram {
  edgesUs: number[];
  /** counts[0]: < edgesUs[0]; counts[i]: [edgesUs[i-1], edgesUs[i]); counts[701]: ≥ the last edge. */
  counts: number[];
}

/** A run's report so far. Counters reset at the warm-up boundary (paper 000 §4.4). */
export interface Report {
  phase: Phase;
  processed: number;
  total: number;
  warmupRequests: number;
  counters: Counters;
  /** Fractions of the phase's reads served by each level; they sum to 1. */
  hitFractions: { client: number; array: number; disk: number };
  /** The same per block referenced; differs from hitFractions only for multi-block requests (paper 001). */
  blockHitFractions: { client: number; array: number; disk: number };
  meanLatencyMs: number;
  latency: LatencyHistogram;
  /** What one request costs along each path (paper 000 eq. 1). */
  pathCosts: { clientHitMs: number; arrayHitMs: number; diskReadMs: number; demotionMs: number };
  /** Blocks held by the clients' own caches, and by the caches above them. */
  clientBlocks: number;
  arrayBlocks: number;
  /** Each client's measured requests (one for a single cache or two levels); the totals above sum over them. */
  clients: ClientReport[];
  /** Every cache's counters, in the topology's order ("cache"; "client", "array"; a tree's own). */
  caches: CacheReport[];
  /** Smallest speedup over largest (paper 002), with fairness on and two or more clients. */
  fairness?: number;
  /** Whether latencies come from the queueing model (FIFO links, controllers, disks). */
  queueing: boolean;
  /** LRU stack-depth graphs, live (the worker always asks for them). */
  depthCurves?: DepthCurve[];
}

/**
 * One LRU stack-depth graph (paper 000 §3): the fraction of the stream's block references an
 * LRU cache of each size would hit. Counts the measured phase; the stack warms up before.
 */
export interface DepthCurve {
  /** "workload", a client's name, or a cache's ("array" in two levels). */
  name: string;
  /** Every request (one unified cache); one client's own; the lookups reaching a cache. */
  scope: 'workload' | 'client' | 'cache';
  /** Absent when exact; SHARDS' rate when sampled. */
  sampledRate?: number;
  references: number;
  distinct: number;
  /** Cache sizes in blocks (increasing; the run's own cache sizes among them)… */
  sizes: number[];
  /** …and the hit fraction at each. */
  hits: number[];
}

/** Paper 000 §3's prediction for one hierarchy: fractions of block reads per level, and latency. */
export interface UpsidePrediction {
  client: number;
  array: number;
  disk: number;
  meanLatencyMs: number;
}

export interface UpsidePoint {
  client: number;
  array: number;
  inclusive: UpsidePrediction;
  exclusive: UpsidePrediction;
  /** How much of the inclusive pair's miss rate exclusivity removes (paper 000 Figure 4's labels). */
  missReductionPercent: number;
  speedup: number;
}

export interface UpsideReport {
  references: number;
  distinct: number;
  sampledRate?: number;
  points: UpsidePoint[];
  /** With several clients: each on its own stream, at its own path's sizes (its cache; the caches above it, summed). */
  clients?: ClientUpside[];
}

export interface ClientUpside {
  name: string;
  references: number;
  distinct: number;
  point: UpsidePoint;
}

export type UpsideReply = { ok: true; report: UpsideReport } | { ok: false; error: EngineError };

/** One client: where its measured reads were served, and how long they took. */
export interface ClientReport {
  name: string;
  /** Its caches, its own first, by index into `Report.caches`. */
  path: number[];
  requests: number;
  reads: number;
  writes: number;
  /** Its write mix by paper 004 hint (unhinted writes are the rest). */
  synchWrites: number;
  replaceWrites: number;
  recovWrites: number;
  /** Reads served at each level of the path, then by the disk… */
  servedAt: number[];
  /** …as fractions of its reads (they sum to 1), and the same per block. */
  hitFractions: number[];
  blockHitFractions: number[];
  meanLatencyMs: number;
  latency: LatencyHistogram;
  /** Alone on the same hierarchy, and the speedup (alone / shared), with fairness on and two or more clients. */
  aloneMeanLatencyMs?: number;
  speedup?: number;
}

/** One cache's counters. */
export interface CacheReport {
  name: string;
  /** Its policy's name ("lru"; "mc2" under MC²). */
  policy: string;
  parent: number | null;
  /** 0 for a root, growing downwards. */
  depth: number;
  /** Whether it is a client's own cache. */
  client: boolean;
  capacity: number;
  blocks: number;
  hits: number;
  misses: number;
  demotionsIn: number;
  demotionsMovedIn: number;
  evictions: number;
  reloads: number;
  linkBytes: number;
  /** Writes it saw, by paper 004 hint. */
  writes: number;
  synchWrites: number;
  replaceWrites: number;
  recovWrites: number;
  /** Paper 004 §5.1: block reads reaching it once it first filled, and those it hit. */
  warmBlockReads: number;
  warmBlockHits: number;
}

export type EngineErrorKind = 'invalid-scenario' | 'invalid-trace' | 'engine' | 'cancelled';

/** How to read a trace file (the scenario's `trace` options and block size). */
export interface TraceOptions {
  /** A reader's name; absent: recognised from the first bytes. */
  format?: string;
  objectMode?: boolean;
  skipBad?: boolean;
  blockSize: number;
}

/** A trace read to the end. */
export interface TraceSummary {
  format: string;
  requests: number;
  blockRefs: number;
  distinct: number;
  /** Decompressed bytes read. */
  bytes: number;
  skipped: number;
  firstSkipped: string | null;
  /** The trace's clients (volume, host, CSV client column), in the order they first appear, with each one's requests. */
  clients: { id: number; requests: number }[];
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
  message: string;
}

/** The worker's reply to `run`: errors come back as typed values, not as thrown exceptions. */
export type RunReply = { ok: true; report: Report } | { ok: false; error: EngineError };

/** What engine.worker.ts exposes through Comlink. */
export interface EngineApi {
  /**
   * Runs a scenario to the end. `onProgress` (a Comlink proxy, one per run — which is what ties
   * a snapshot to its run) gets a report at least every 100 ms and at least ~10 times per run.
   */
  run(scenarioJson: string, onProgress: (report: Report) => void, trace?: Blob): Promise<RunReply>;
  /** Paper 000 §3's upside estimate at each client/array size pair. */
  estimateUpside(scenarioJson: string, points: { client: number; array: number }[], trace?: Blob): Promise<UpsideReply>;
  /**
   * Streams a trace file through the engine's reader (`File.stream()`, chunk by chunk) and
   * keeps the result for runs of scenarios that name it; progress at most every 100 ms.
   */
  loadTrace(file: Blob, name: string, options: TraceOptions, onProgress: (p: LoadProgress) => void): Promise<LoadReply>;
  /** A scenario's generated workload as a trace file (`csv` or `oracle-general`). */
  exportWorkload(scenarioJson: string, format: string): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; error: EngineError }>;
  /** `n` requests of a scenario's generated workload from request `skip` on, as canonical CSV (write hints included). */
  previewWorkload(scenarioJson: string, skip: number, n: number): Promise<{ ok: true; csv: string } | { ok: false; error: EngineError }>;
  /** Validates a scenario of any version the engine reads; returns it normalised, as version-2 JSON (old links migrate this way). */
  validateScenario(scenarioJson: string): Promise<{ ok: true; json: string } | { ok: false; error: EngineError }>;
  /** The teaching stepper: every cache's queues before and after each request (engine: teach). */
  teach(scenarioJson: string, requestsJson: string, startJson: string): Promise<{ ok: true; steps: TeachStep[] } | { ok: false; error: EngineError }>;
  /**
   * Paper `paper`'s reproduction ("000" … "004"; engine: `run::reproduce`), every check with the
   * engine's verdict. Synchronous in wasm and long (paper 003: minutes): give it a worker of its
   * own, and terminate that worker to stop it.
   */
  reproduce(paper: string): Promise<{ ok: true; checks: Check[] } | { ok: false; error: EngineError }>;
  /** The engine's verdict on each check, from what the paper reports and ours alone (engine: `judgeCheck`). */
  judgeChecks(checks: Pick<Check, 'expected' | 'ours'>[]): Promise<{ ok: true; verdicts: Verdict[] } | { ok: false; error: EngineError }>;
  version(): Promise<string>;
}

/** ✓ within the tolerance (or the claim holds), ≈ within twice it, ✗ beyond (or the claim fails). */
export type Verdict = 'pass' | 'close' | 'fail';

/** What a paper reports: a number, judged within a relative tolerance, or a claim that holds or not. */
export type Expected = { kind: 'value'; value: number; unit: string; tolerance: number } | { kind: 'claim'; text: string };

/** One cell of a paper's reproduction, as `tiersim reproduce --json` prints it (engine: `run::reproduce::Check`). */
export interface Check {
  /** "000" … "004". */
  paper: string;
  /** The table or figure: "Table 2", "Fig. 19". */
  exhibit: string;
  label: string;
  expected: Expected;
  /** Ours: the number for a value, 1 or 0 for a claim that holds or not. */
  ours: number;
  /** Ours as the paper would write it. */
  oursText: string;
  /** Ours over the paper's value, less 1 (values only). */
  difference?: number;
  verdict: Verdict;
  /** Why ours differs, where known; or how it was measured. */
  note?: string;
}

/** One of a cache's lists, next victim first; a ghost list remembers ids, not data. */
export interface Queue {
  name: string;
  ghost: boolean;
  blocks: number[];
}

/** One cache's lists in a teaching step, in the topology's order. */
export interface TeachCache {
  name: string;
  /** The cache above, by index; null for a root. */
  parent: number | null;
  queues: Queue[];
}

/** The hierarchy after one request of the teaching stepper (the first: before any). */
export interface TeachStep {
  block?: number;
  op?: 'read' | 'write';
  /** The client that issued it, by index. */
  client?: number;
  /** Where it was served: its client's own cache, a cache above, or the disk. */
  level?: 'client' | 'array' | 'disk';
  /** The cache that served it, by name, or "disk". */
  servedBy?: string;
  latencyMs: number;
  caches: TeachCache[];
  /** Running totals: DEMOTEs sent, read requests that needed the disk. */
  demotions: number;
  diskReads: number;
}

/** One request of the stepper: block, operation and the client (leaf name or index) that issues it. */
export type TeachRequest = [number, 'read' | 'write'] | [number, 'read' | 'write', string | number];

/** The scenario as the worker receives it. */
export function scenarioJson(scenario: Scenario): string {
  return JSON.stringify(scenario);
}
