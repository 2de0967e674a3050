// The progress of long work on the pool: cells done of total and the time left, re-estimated
// every second while it runs (the clock moves even between finished cells, so the line never
// sits still), announced politely to screen readers. The data attributes carry the numbers.
import { useEffect, useRef, useState } from 'react';
import { progressText, timeLeftMs, type WorkStatus } from './progress';

export interface WorkProgressProps {
  testId: string;
  status: WorkStatus;
  done: number;
  total: number;
  /** What a cell is: "runs", "points". */
  unit: string;
  /** Said after the count (a stale scenario). */
  note?: string;
  /** Shown instead while idle (what a run would do), or when nothing can run. */
  idleText?: string;
}

/**
 * Milliseconds since the work started (frozen when it stops): read at each render, which a
 * finished cell or a tick every `tickMs` brings while it runs.
 */
export function useElapsed(running: boolean, tickMs = 1000): number {
  const started = useRef<number | null>(null);
  const frozen = useRef(0);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!running) return;
    started.current = performance.now();
    frozen.current = 0;
    const id = setInterval(() => tick((n) => n + 1), tickMs);
    return () => clearInterval(id);
  }, [running, tickMs]);
  if (!running && started.current !== null) {
    // The render that sees the work stop freezes its time.
    frozen.current = performance.now() - started.current;
    started.current = null;
  }
  return running && started.current !== null ? performance.now() - started.current : running ? 0 : frozen.current;
}

export function WorkProgress({ testId, status, done, total, unit, note, idleText }: WorkProgressProps) {
  const elapsed = useElapsed(status === 'running');
  const now = status === 'running' ? Math.max(elapsed, 1) : elapsed;
  const left = status === 'running' ? timeLeftMs(done, total, now) : null;
  const text =
    status === 'idle' || idleText !== undefined
      ? (idleText ?? '')
      : `${progressText({ status, done, total, unit, elapsedMs: now })}${note ?? ''}`;
  return (
    <span
      className="mrc-progress"
      role="status"
      aria-live="polite"
      data-testid={testId}
      data-status={status}
      data-done={done}
      data-total={total}
      data-left-ms={left === null ? '' : Math.round(left)}
    >
      {status === 'running' && (
        <progress className="work-progress" max={Math.max(1, total)} value={done} aria-hidden="true" />
      )}
      {text}
    </span>
  );
}
