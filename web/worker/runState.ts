// Where a run of the engine is, as the page shows it: the engine's own phases plus the page's
// idle, cancelled and error, with the latest report. The run feature makes this state; the
// results and the page read it.
import type { LoadProgress, Report, WorkerMemory } from './protocol';

/** Where a run is: the engine's own phases plus the UI's idle / cancelled / error. */
export type RunPhase = 'idle' | 'loading' | 'warmup' | 'measured' | 'done' | 'cancelled' | 'error';

export interface RunState {
  phase: RunPhase;
  /** The latest report (kept after a cancel, so the partial numbers stay visible). */
  report: Report | null;
  error: string | null;
  /** JSON of the scenario the report belongs to, to tell when the form has moved on. */
  scenarioJson: string | null;
  /** While a trace file is read: how far. */
  loading?: LoadProgress | null;
  /** A streamed trace's run: its workers' WebAssembly memory (flat: the trace is never held). */
  memory?: WorkerMemory | null;
}

export const IDLE: RunState = { phase: 'idle', report: null, error: null, scenarioJson: null };

export function isRunning(phase: RunPhase): boolean {
  return phase === 'warmup' || phase === 'measured' || phase === 'loading';
}
