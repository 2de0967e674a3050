// Miss-ratio curves: the points of a sweep (policies × cache sizes of one scenario's workload,
// each a single cache) and a pool of engine workers that runs them in parallel. The same sweep
// natively is `tiersim sweep` (engine-wasm/crates/cli/src/sweep.rs), with the same default sizes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { EngineClient, isAbortError } from '../../worker/client';
import { defaultPoolSize } from '../../worker/limits';
import type { Report } from '../../worker/protocol';
import { asSingle, workloadOf } from '../../scenario/topology';
import {
  MAX_OFFLINE_REQUESTS,
  OFFLINE_POLICY_KINDS,
  checkScenario,
  describeIssue,
  workloadRequestBlocks,
  workloadRequests,
  type PolicyConfig,
  type PolicyKind,
  type Scenario,
} from '../../scenario/schema';

export interface SweepPoint {
  policy: PolicyKind;
  size: number;
  scenario: Scenario;
}

export interface PointResult {
  policy: PolicyKind;
  size: number;
  /** Read requests that missed. */
  missRatio: number;
  /** Blocks that missed (differs for multi-block requests). */
  blockMissRatio: number;
}

/** `points` sizes from 1 % to 100 % of `blocks`, geometric, rounded, distinct (the CLI's rule). */
export function defaultSizes(blocks: number, points: number, lo = Math.max(blocks / 100, 1), hi = blocks): number[] {
  const out: number[] = [];
  for (let i = 0; i < points; i++) {
    const v = Math.max(1, Math.round(lo * (hi / lo) ** (points === 1 ? 0 : i / (points - 1))));
    if (out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

/**
 * Block references a point of the sweep makes (what an offline policy must precompute): the
 * scenario's generator through one cache; 0 for a trace, whose length the engine checks.
 */
export function blockReferences(base: Scenario): number {
  const w = workloadOf(base);
  if (!w) return 0;
  const [warmup, measured] = workloadRequests(w);
  return (warmup + measured) * workloadRequestBlocks(w);
}

export function offlineAllowed(base: Scenario): boolean {
  return blockReferences(base) <= MAX_OFFLINE_REQUESTS;
}

/**
 * Every point, policy-major, validated. An invalid point (e.g. an offline policy on too long a
 * run) gives `{ error }` naming the policy, the size and the field.
 */
export function sweepPoints(base: Scenario, policies: PolicyKind[], sizes: number[]): { points: SweepPoint[] } | { error: string } {
  if (!policies.length) return { error: 'pick at least one policy' };
  if (!sizes.length) return { error: 'pick at least one cache size' };
  const points: SweepPoint[] = [];
  for (const policy of policies) {
    for (const size of sizes) {
      const candidate = asSingle(base, { capacity: size, policy: { kind: policy } as PolicyConfig });
      const check = checkScenario(candidate);
      if (!check.ok) return { error: `${policy} at ${size} blocks: ${describeIssue(check.issues[0])}` };
      points.push({ policy, size, scenario: check.scenario });
    }
  }
  return { points };
}

export function isOffline(kind: PolicyKind): boolean {
  return OFFLINE_POLICY_KINDS.includes(kind);
}

/** Runs one point to its final report. */
export type PointRunner = (scenario: Scenario, signal: AbortSignal) => Promise<Report>;

/**
 * A pool of `size` engine workers (EngineClient each). The runner it returns takes a free
 * worker, or waits for one; aborting a point terminates its worker.
 */
export function workerPool(size: number, createClient: () => EngineClient = () => new EngineClient()) {
  const idle: EngineClient[] = Array.from({ length: size }, createClient);
  const waiting: ((c: EngineClient) => void)[] = [];
  const take = () => new Promise<EngineClient>((resolve) => (idle.length ? resolve(idle.pop()!) : waiting.push(resolve)));
  const give = (c: EngineClient) => (waiting.length ? waiting.shift()!(c) : idle.push(c));
  const run: PointRunner = async (scenario, signal) => {
    const client = await take();
    try {
      return await client.run(scenario, { signal });
    } finally {
      give(client);
    }
  };
  const close = () => {
    for (const c of idle) c.terminate();
  };
  return { run, close };
}

export { defaultPoolSize } from '../../worker/limits';

/**
 * Runs `scenarios` with at most `parallel` in flight through `run`; `onReport` hears each report
 * as it lands (in completion order); the promise resolves with every report in scenario order,
 * or rejects with the first error (an abort: an AbortError).
 */
export async function runScenarios(
  scenarios: Scenario[],
  run: PointRunner,
  parallel: number,
  signal: AbortSignal,
  onReport: (index: number, report: Report) => void = () => {},
): Promise<Report[]> {
  const reports: Report[] = new Array(scenarios.length);
  let next = 0;
  const lane = async () => {
    while (next < scenarios.length) {
      if (signal.aborted) throw new DOMException('the runs were cancelled', 'AbortError');
      const i = next++;
      reports[i] = await run(scenarios[i], signal);
      if (!signal.aborted) onReport(i, reports[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, scenarios.length)) }, lane));
  return reports;
}

/** Whether a pool's failure was a cancel (the user's, or a worker terminated for it). */
export function isCancel(e: unknown): boolean {
  return isAbortError(e) || (e as { name?: string } | null)?.name === 'AbortError';
}

/**
 * Runs `points` as [`runScenarios`] does; `onPoint` hears each result as it lands; resolves
 * with all results in point order.
 */
export async function runSweep(
  points: SweepPoint[],
  run: PointRunner,
  parallel: number,
  signal: AbortSignal,
  onPoint: (index: number, result: PointResult) => void,
): Promise<PointResult[]> {
  const result = (i: number, report: Report): PointResult => ({
    policy: points[i].policy,
    size: points[i].size,
    missRatio: report.hitFractions.disk,
    blockMissRatio: report.blockHitFractions.disk,
  });
  const reports = await runScenarios(
    points.map((p) => p.scenario),
    run,
    parallel,
    signal,
    (i, report) => onPoint(i, result(i, report)),
  );
  return reports.map((r, i) => result(i, r));
}

export type PoolStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

export interface PoolRunner {
  run: PointRunner;
  close: () => void;
  parallel: number;
}

/**
 * A panel's runs on a pool: `start` runs the scenarios (cancelling any still going), `onReport`
 * hearing each as it lands; status and error follow; the runs stop when the panel goes.
 */
export function usePoolRuns(createRunner: () => PoolRunner) {
  const [status, setStatus] = useState<PoolStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const fail = useCallback((message: string) => {
    setStatus('error');
    setError(message);
  }, []);
  const start = useCallback(
    async (scenarios: Scenario[], onReport: (index: number, report: Report) => void): Promise<Report[] | null> => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const runner = createRunner();
      setError(null);
      setStatus('running');
      try {
        const reports = await runScenarios(scenarios, runner.run, runner.parallel, controller.signal, onReport);
        setStatus('done');
        return reports;
      } catch (e) {
        controller.abort();
        const cancelled = isCancel(e);
        setStatus(cancelled ? 'cancelled' : 'error');
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
        return null;
      } finally {
        runner.close();
      }
    },
    [createRunner],
  );
  const cancel = useCallback(() => abort.current?.abort(), []);
  return { status, error, start, fail, cancel };
}

/** The page's pool: a worker per core, up to four. */
export function defaultRunner(): PoolRunner {
  const parallel = defaultPoolSize();
  return { ...workerPool(parallel), parallel };
}
