// The page's pool of engine workers: a worker per core (up to four), each an EngineClient,
// running many scenarios in parallel for the miss-ratio curves, the sweeps, the design
// comparison and the design space; and the hook a panel runs its batch through.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Scenario } from '../scenario/document';
import { EngineClient, isAbortError } from './client';
import { defaultPoolSize } from './limits';
import type { Report } from './protocol';

/** Runs one point to its final report. */
export type PointRunner = (scenario: Scenario, signal: AbortSignal) => Promise<Report>;

/**
 * A pool of `size` engine workers (EngineClient each). The runner it returns takes a free
 * worker, or waits for one; aborting a point terminates its worker.
 */
export function workerPool(size: number, createClient: () => EngineClient = () => new EngineClient()) {
  const idle: EngineClient[] = Array.from({ length: size }, createClient);
  const waiting: ((c: EngineClient) => void)[] = [];
  const take = () =>
    new Promise<EngineClient>((resolve) => (idle.length ? resolve(idle.pop()!) : waiting.push(resolve)));
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

export { defaultPoolSize } from './limits';

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
