// Runs scenarios on the engine worker and tracks the run's state for the results panel.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../../scenario/document';
import { EngineClient, EngineRunError, isAbortError } from '../../../worker/client';
import type { Report, TraceOptions, TraceSummary } from '../../../worker/protocol';
import { IDLE, type RunState } from '../../../worker/runState';

const newClient = () => new EngineClient();

export function useEngineRun(createClient: () => EngineClient = newClient) {
  const [state, setState] = useState<RunState>(IDLE);
  const clientRef = useRef<EngineClient | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      abortRef.current?.abort();
      clientRef.current?.terminate();
    },
    [],
  );

  // The page holds the engine's rules only; the whole engine loads in the worker. Start that
  // worker once the page is idle after it first draws, so the first Run need not wait for the
  // download (browsers without idle callbacks start it at the first run).
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const id = requestIdleCallback(() => (clientRef.current ??= createClient()).warm(), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, [createClient]);

  const run = useCallback(
    (scenario: Scenario) => {
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      clientRef.current ??= createClient();
      const scenarioJson = JSON.stringify(scenario);
      setState({ phase: 'warmup', report: null, error: null, scenarioJson, memory: null });

      const current = () => abortRef.current === controller;
      let started: Promise<Report>;
      try {
        started = clientRef.current.run(scenario, {
          signal: controller.signal,
          onProgress: (report) => {
            if (current()) setState((s) => ({ ...s, phase: report.phase, report }));
          },
          onMemory: (memory) => {
            if (current()) setState((s) => ({ ...s, memory }));
          },
        });
      } catch (e) {
        // No worker to run on (one that cannot start): a failed run, said in the results, not a crash of the page.
        setState((s) => ({
          ...s,
          phase: 'error',
          error: `The engine failed: ${e instanceof Error ? e.message : String(e)}`,
        }));
        return;
      }
      started.then(
        (report) => {
          if (current()) setState((s) => ({ ...s, phase: 'done', report }));
        },
        (e: unknown) => {
          if (!current()) return;
          if (isAbortError(e)) setState((s) => ({ ...s, phase: 'cancelled' }));
          else {
            const message = e instanceof Error ? e.message : String(e);
            const prefix =
              e instanceof EngineRunError && e.kind === 'invalid-scenario'
                ? 'The engine refused the scenario: '
                : e instanceof EngineRunError && e.kind === 'invalid-trace'
                  ? 'Could not read the trace: '
                  : 'The engine failed: ';
            setState((s) => ({ ...s, phase: 'error', error: prefix + message }));
          }
        },
      );
    },
    [createClient],
  );

  /**
   * Reads a trace file in the engine worker (streamed, with progress); resolves with its
   * summary, or rejects with the reason — the last results stay shown either way.
   */
  const load = useCallback(
    async (file: Blob, name: string, options: TraceOptions): Promise<TraceSummary> => {
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      clientRef.current ??= createClient();
      const current = () => abortRef.current === controller;
      setState((s) => ({
        ...s,
        phase: 'loading',
        error: null,
        loading: { bytes: 0, total: file.size, requests: 0, ms: 0 },
      }));
      try {
        const summary = await clientRef.current.loadTrace(file, name, options, {
          signal: controller.signal,
          onProgress: (p) => {
            if (current()) setState((s) => ({ ...s, loading: p }));
          },
        });
        if (current()) setState((s) => ({ ...s, phase: s.report ? 'done' : 'idle', loading: null }));
        return summary;
      } catch (e) {
        if (current()) {
          if (isAbortError(e)) setState((s) => ({ ...s, phase: 'cancelled', loading: null }));
          else
            setState((s) => ({
              ...s,
              phase: 'error',
              loading: null,
              error: `Could not read the trace: ${e instanceof Error ? e.message : String(e)}`,
            }));
        }
        throw e;
      }
    },
    [createClient],
  );

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  return { state, run, load, cancel };
}
