// Hit ratio over time, from the live reports a run sends (~20 a second): each report's counters
// less the previous one's give where the reads of that slice of the run landed, and how many
// DEMOTEs each read cost. The engine resets its counters when measuring starts; so does this.
import type { Report } from '../../worker/protocol';

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

export interface Timeline {
  points: TimelinePoint[];
  /** The last report's counters and progress (null before the first). */
  last: { processed: number; phase: Report['phase']; reads: number; clientHits: number; arrayHits: number; diskReads: number; demotions: number } | null;
}

export const EMPTY_TIMELINE: Timeline = { points: [], last: null };

/** Most points kept: older ones are merged pairwise so a long run stays cheap to draw. */
export const MAX_POINTS = 400;

/** `t` with `report`'s slice added (a report with no new reads adds nothing). */
export function extendTimeline(t: Timeline, report: Report): Timeline {
  const c = report.counters;
  const now = { processed: report.processed, phase: report.phase, reads: c.reads, clientHits: c.clientHits, arrayHits: c.arrayHits, diskReads: c.diskReads, demotions: c.demotions };
  // A new run (progress went back) starts afresh; the counters' reset at the end of warm-up
  // starts the measured slices from zero.
  if (t.last && report.processed < t.last.processed) return { points: [], last: now };
  const prev = t.last && c.reads >= t.last.reads ? t.last : { ...now, reads: 0, clientHits: 0, arrayHits: 0, diskReads: 0, demotions: 0 };
  const reads = c.reads - prev.reads;
  if (reads <= 0) return { points: t.points, last: now };
  const point: TimelinePoint = {
    at: report.processed,
    warmup: report.phase === 'warmup',
    client: (c.clientHits - prev.clientHits) / reads,
    array: (c.arrayHits - prev.arrayHits) / reads,
    disk: (c.diskReads - prev.diskReads) / reads,
    demotions: (c.demotions - prev.demotions) / reads,
  };
  let points = [...t.points, point];
  if (points.length > MAX_POINTS) points = merge(points);
  return { points, last: now };
}

/**
 * The slice holding request `at` (a count of requests processed): the first point ending at or
 * after it, with the requests it spans — from just after the previous point's end (or the run's
 * start) to its own. Null past the last point (not run yet) or with no points.
 */
export function sliceAt(points: readonly TimelinePoint[], at: number): { index: number; from: number; to: number; point: TimelinePoint } | null {
  const index = points.findIndex((p) => p.at >= at);
  if (index < 0) return null;
  const point = points[index];
  return { index, from: index > 0 ? points[index - 1].at + 1 : 1, to: point.at, point };
}

/** Neighbours merged pairwise (a plain mean: the slices are about the same size). */
function merge(points: TimelinePoint[]): TimelinePoint[] {
  const out: TimelinePoint[] = [];
  for (let i = 0; i < points.length; i += 2) {
    const [a, b] = [points[i], points[i + 1]];
    if (!b || a.warmup !== b.warmup) {
      out.push(a);
      if (b) out.push(b);
      continue;
    }
    out.push({ at: b.at, warmup: a.warmup, client: (a.client + b.client) / 2, array: (a.array + b.array) / 2, disk: (a.disk + b.disk) / 2, demotions: (a.demotions + b.demotions) / 2 });
  }
  return out;
}
