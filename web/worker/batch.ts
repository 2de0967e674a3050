// How the worker slices a run into batches: pure functions, so they can be tested without a
// worker. A batch should take ~15 ms — long enough that per-batch overhead is noise, short
// enough that progress flows and the worker answers a terminate promptly — and no batch may
// exceed 1/20 of the run, so even a 50 ms run yields a dozen or more snapshots.

export const TARGET_BATCH_MS = 15;
/** First batch, before there is any timing to adapt to. */
export const FIRST_BATCH = 2048;
export const MIN_BATCH = 256;
/** A batch may grow at most this much per step, so one lucky fast batch cannot overshoot. */
const MAX_GROWTH = 4;
/**
 * A snapshot goes out once this long has passed since the last (~12 Hz: live, and inside the
 * "at least every 100 ms" promise, since batches take ~15 ms). At 25 Hz the page's redrawing
 * took as much CPU as the run and slowed a 10 M-request trace's run on two cores by 40 %…
 */
export const PROGRESS_GAP_MS = 80;
/** …and every 1/PROGRESS_SLICES of the run gets a snapshot whatever the clock says. */
export const PROGRESS_SLICES = 10;
export const MAX_BATCH_FRACTION = 20;

export interface BatchState {
  total: number;
  /** Size and duration of the previous batch; absent before the first. */
  last?: { size: number; ms: number };
}

/** The size of the next batch. */
export function planBatch({ total, last }: BatchState): number {
  const cap = Math.max(1, Math.ceil(total / MAX_BATCH_FRACTION));
  let size = FIRST_BATCH;
  if (last) {
    const perRequestMs = Math.max(last.ms, 0.01) / Math.max(last.size, 1);
    const ideal = TARGET_BATCH_MS / perRequestMs;
    size = Math.min(ideal, last.size * MAX_GROWTH);
  }
  return Math.max(1, Math.min(cap, Math.max(MIN_BATCH, Math.floor(size))));
}

export interface EmitState {
  now: number;
  processed: number;
  total: number;
  phaseChanged: boolean;
  lastEmit: { at: number; processed: number };
}

/** Whether to send a snapshot after this batch (the final report is always sent separately). */
export function shouldEmit({ now, processed, total, phaseChanged, lastEmit }: EmitState): boolean {
  return (
    phaseChanged || now - lastEmit.at >= PROGRESS_GAP_MS || processed - lastEmit.processed >= total / PROGRESS_SLICES
  );
}
