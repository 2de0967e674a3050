import { describe, expect, it } from 'vitest';
import {
  FIRST_BATCH,
  MIN_BATCH,
  PROGRESS_GAP_MS,
  TARGET_BATCH_MS,
  planBatch,
  shouldEmit,
} from '../../web/worker/batch';

/**
 * Drives the worker's loop against a simulated clock: each request costs `msPerRequest`, and
 * the worker yields between batches. Returns the batch sizes and when snapshots went out.
 */
function simulate(total: number, msPerRequest: number) {
  let now = 0;
  let processed = 0;
  let last: { size: number; ms: number } | undefined;
  let lastEmit = { at: 0, processed: 0 };
  const sizes: number[] = [];
  const emits: number[] = [0]; // the first snapshot, before any batch
  while (processed < total) {
    const size = planBatch({ total, last });
    const served = Math.min(size, total - processed);
    const ms = served * msPerRequest;
    now += ms;
    processed += served;
    last = { size, ms };
    sizes.push(size);
    if (processed < total && shouldEmit({ now, processed, total, phaseChanged: false, lastEmit })) {
      emits.push(now);
      lastEmit = { at: now, processed };
    }
  }
  emits.push(now); // the final report
  return { sizes, emits, duration: now };
}

describe('planBatch', () => {
  it('starts small and never takes more than 1/20 of the run', () => {
    expect(planBatch({ total: 1e9 })).toBe(FIRST_BATCH);
    expect(planBatch({ total: 20_000 })).toBe(1000);
    expect(planBatch({ total: 7 })).toBe(1);
    expect(planBatch({ total: 1e9, last: { size: 1e6, ms: 0.001 } })).toBe(4e6); // growth ×4 at most
  });

  it('sizes a batch to take about the target time', () => {
    // 1 µs per request: 15 ms is 15 000 requests.
    expect(planBatch({ total: 1e9, last: { size: 10_000, ms: 10 } })).toBe(15_000);
    // Slow requests (5 ms each) still make progress, at the floor.
    expect(planBatch({ total: 1e9, last: { size: 256, ms: 1280 } })).toBe(MIN_BATCH);
    expect(TARGET_BATCH_MS).toBeGreaterThanOrEqual(10);
    expect(TARGET_BATCH_MS).toBeLessThanOrEqual(20);
  });
});

describe('progress cadence', () => {
  it('gives a fast run (the ~50 ms default scenario) at least 10 snapshots', () => {
    const run = simulate(360_448, 50 / 360_448);
    expect(run.duration).toBeCloseTo(50, 6);
    expect(run.emits.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...run.sizes)).toBeLessThanOrEqual(Math.ceil(360_448 / 20));
  });

  it('sends a long run’s snapshots at least every 100 ms, and not much more often than every 80 ms', () => {
    const run = simulate(50_000_000, 0.0002); // 10 s
    const gaps = run.emits.slice(1).map((t, i) => t - run.emits[i]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(100);
    expect(run.emits.length).toBeLessThan(10_000 / PROGRESS_GAP_MS + 20);
    // Once adapted, batches take about the target time.
    const steady = run.sizes.slice(10).map((s) => s * 0.0002);
    for (const ms of steady) expect(ms).toBeCloseTo(TARGET_BATCH_MS, 0);
  });

  it('always reports a phase change', () => {
    expect(
      shouldEmit({ now: 1, processed: 1, total: 1e9, phaseChanged: true, lastEmit: { at: 0, processed: 0 } }),
    ).toBe(true);
    expect(
      shouldEmit({ now: 1, processed: 1, total: 1e9, phaseChanged: false, lastEmit: { at: 0, processed: 0 } }),
    ).toBe(false);
  });
});
