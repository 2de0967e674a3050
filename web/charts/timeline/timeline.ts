// Hit ratio over time, from the samples the engine takes of its counters at fixed request counts
// (the report's `timeline`: 200 a run, at request ceil(k × total / 200)): each sample's counters
// less the previous one's give where that slice's reads landed, and how many DEMOTEs each read
// cost. The samples depend on the scenario alone, so the same scenario draws the same chart on
// any machine, however fast its reports arrive. The engine resets its counters when measuring
// starts; a sample with fewer reads than the one before counts from there.
import type { TimelineSample } from '../../generated/engine';

export interface TimelinePoint {
  /** Requests processed by the end of the slice (warm-up included). */
  at: number;
  warmup: boolean;
  /** Of the slice's reads: served by the client, the array, the disk. */
  client: number;
  array: number;
  disk: number;
  /** DEMOTEs per read in the slice. */
  demotions: number;
}

/** The slices the samples give (a slice with no reads — nothing to divide — is left out). */
export function timelineFromSamples(samples: readonly TimelineSample[]): TimelinePoint[] {
  const points: TimelinePoint[] = [];
  let prev: TimelineSample | null = null;
  for (const s of samples) {
    // The counters restart when measuring starts: the first measured sample counts from zero.
    const base = prev && s.reads >= prev.reads && prev.warmup === s.warmup ? prev : null;
    const reads = s.reads - (base?.reads ?? 0);
    if (reads > 0) {
      points.push({
        at: s.at,
        warmup: s.warmup,
        client: (s.clientHits - (base?.clientHits ?? 0)) / reads,
        array: (s.arrayHits - (base?.arrayHits ?? 0)) / reads,
        disk: (s.diskReads - (base?.diskReads ?? 0)) / reads,
        demotions: (s.demotions - (base?.demotions ?? 0)) / reads,
      });
    } else if (points.length && base) {
      // No reads in the slice (writes only): its end still moves the previous slice's.
      points[points.length - 1] = { ...points[points.length - 1], at: s.at };
    }
    prev = s;
  }
  return points;
}

/**
 * The slice holding request `at` (a count of requests processed): the first point ending at or
 * after it, with the requests it spans — from just after the previous point's end (or the run's
 * start) to its own. Null past the last point (not run yet) or with no points.
 */
export function sliceAt(
  points: readonly TimelinePoint[],
  at: number,
): { index: number; from: number; to: number; point: TimelinePoint } | null {
  const index = points.findIndex((p) => p.at >= at);
  if (index < 0) return null;
  const point = points[index];
  return { index, from: index > 0 ? points[index - 1].at + 1 : 1, to: point.at, point };
}
