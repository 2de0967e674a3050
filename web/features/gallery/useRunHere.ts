// "Run here": one paper's reproduction in this browser. The engine's `reproduce` is one
// synchronous call, minutes long for some papers, so each run gets a worker of its own — the
// page never waits on it, and Cancel terminates that worker. A failed or cancelled run leaves
// the last good numbers in place.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../worker/client';
import type { Check, Verdict } from './reproduction';

/** What the gallery needs of an engine: an `EngineClient`, or a fake in tests. */
export interface GalleryEngine {
  reproduce(paper: string, signal?: AbortSignal): Promise<Check[]>;
  judgeChecks(checks: Pick<Check, 'expected' | 'ours'>[], signal?: AbortSignal): Promise<Verdict[]>;
  terminate(): void;
}

export interface LiveRun {
  checks: Check[];
  /** The engine's verdict on each check. */
  verdicts: Verdict[];
  ms: number;
}

export interface RunHereState {
  /** When the run in flight started (`performance.now()`), or null when none is. */
  since: number | null;
  /** The last run that finished. */
  live: LiveRun | null;
  error: string | null;
  /** How long the last run had gone when it was cancelled. */
  cancelledAfter: number | null;
}

const IDLE: RunHereState = { since: null, live: null, error: null, cancelledAfter: null };

export function useRunHere(paper: string, createEngine: () => GalleryEngine) {
  const [state, setState] = useState<RunHereState>(IDLE);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async () => {
    if (abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    const since = performance.now();
    setState((s) => ({ ...s, since, error: null, cancelledAfter: null }));
    const engine = createEngine();
    try {
      const checks = await engine.reproduce(paper, controller.signal);
      // The same engine's judgement, as for the recorded checks: one rule for every row shown.
      const verdicts = await engine.judgeChecks(checks, controller.signal);
      setState((s) => ({ ...s, since: null, live: { checks, verdicts, ms: performance.now() - since } }));
    } catch (e) {
      const ms = performance.now() - since;
      if (isAbortError(e)) setState((s) => ({ ...s, since: null, cancelledAfter: ms }));
      else setState((s) => ({ ...s, since: null, error: e instanceof Error ? e.message : String(e) }));
    } finally {
      engine.terminate();
      abort.current = null;
    }
  }, [paper, createEngine]);

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { state, start, cancel };
}

/** Milliseconds since `since`, ticking while it is set. */
export function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (since === null) return;
    setNow(performance.now());
    const timer = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, now - since);
}
