// What the stepper shows beside the caches, all read from the engine's steps: the request strip
// (each request with where it was served and, for a read from the disk, why it missed), the
// running tally per cache, and the evicted tray (blocks a cache let go that went nowhere).
import type { MissKind, TeachStep, WriteHint } from '../../worker/protocol';
import { formatBytes } from '../../format/numbers';
import { blockLabel } from './requests';

/** The caches a client's read looks in, in order: its own cache (a leaf), then each one above. */
export function pathOf(step: TeachStep, client: number): number[] {
  const leaves = step.caches.map((_, i) => i).filter((i) => !step.caches.some((o) => o.parent === i));
  const path: number[] = [];
  for (let c: number | null = leaves[client] ?? null; c !== null && !path.includes(c); c = step.caches[c].parent)
    path.push(c);
  return path;
}

export interface StripItem {
  /** The step this request makes (1 for the first). */
  step: number;
  label: string;
  op: 'read' | 'write';
  /** A write's paper 004 hint (what TQ and the hint-aware policies order by); null: none. */
  hint: WriteHint | null;
  client: number;
  /** The cache that served it, or "disk". */
  servedBy: string;
  miss: MissKind | null;
}

/** One item per request, in order. */
export function stripOf(steps: readonly TeachStep[], letters: boolean): StripItem[] {
  return steps.slice(1).map((s, i) => ({
    step: i + 1,
    label: blockLabel(s.block ?? 0, letters),
    op: s.op ?? 'read',
    hint: s.hint ?? null,
    client: s.client ?? 0,
    servedBy: s.servedBy ?? 'disk',
    miss: s.miss,
  }));
}

export interface Tally {
  cache: string;
  hits: number;
  misses: number;
}

/**
 * Each cache's read hits and misses over the first `at` requests, counted from where each read
 * was served: every cache on its path below the one that served it missed, that one hit (a read
 * from the disk missed them all). Writes are not lookups. The engine keeps the same counts
 * (each step's `caches[i].hits`/`misses`); the tests hold the two equal.
 */
export function tallyAt(steps: readonly TeachStep[], at: number): Tally[] {
  const first = steps[0];
  if (!first) return [];
  const tally = first.caches.map((c) => ({ cache: c.name, hits: 0, misses: 0 }));
  for (const s of steps.slice(1, at + 1)) {
    if (s.op !== 'read' || s.client === null) continue;
    for (const c of pathOf(s, s.client)) {
      if (s.caches[c].name === s.servedBy) {
        tally[c].hits++;
        break;
      }
      tally[c].misses++;
    }
  }
  return tally;
}

/** A block a cache let go at a step that did not move to the cache above it then. */
export interface Eviction {
  step: number;
  cache: string;
  label: string;
}

const resident = (s: TeachStep, i: number) =>
  new Set(s.caches[i]?.queues.filter((q) => !q.ghost).flatMap((q) => q.blocks) ?? []);

/**
 * The evictions of step `n` alone. A block demoted to the cache above moved: not evicted — it
 * arrived there, or, when that cache held it already (MC² moves it between its partitions),
 * the step sent a DEMOTE. A block the cache above merely still holds (an inclusive copy) was.
 */
export function evictionsOf(steps: readonly TeachStep[], n: number, letters: boolean): Eviction[] {
  const [prev, step] = [steps[n - 1], steps[n]];
  if (!prev || !step) return [];
  const demoted = step.demotions > prev.demotions;
  const out: Eviction[] = [];
  step.caches.forEach((cache, i) => {
    const [before, after] = [resident(prev, i), resident(step, i)];
    const parent = cache.parent;
    const above = parent === null ? null : { before: resident(prev, parent), after: resident(step, parent) };
    for (const b of before) {
      if (after.has(b)) continue;
      const moved = above?.after.has(b) === true && (!above.before.has(b) || demoted);
      if (!moved) out.push({ step: n, cache: cache.name, label: blockLabel(b, letters) });
    }
  });
  return out;
}

/** A hint's short mark on the strip ("rep"), and its name as paper 004 writes it ("REPLACE"). */
export const HINT_WORDS: Record<WriteHint, { short: string; name: string }> = {
  synch: { short: 'syn', name: 'SYNCH' },
  replace: { short: 'rep', name: 'REPLACE' },
  recov: { short: 'rec', name: 'RECOV' },
};

/** "write, REPLACE hint" — what a request was, for a strip item's title. */
export function requestWords(r: Pick<StripItem, 'op' | 'hint'>): string {
  return r.op === 'read' ? 'read' : r.hint ? `write, ${HINT_WORDS[r.hint].name} hint` : 'write';
}

/** Every eviction over the first `at` requests, the latest first. */
export function evictionsAt(steps: readonly TeachStep[], at: number, letters: boolean): Eviction[] {
  const out: Eviction[] = [];
  for (let n = 1; n <= at; n++) out.push(...evictionsOf(steps, n, letters));
  return out.reverse();
}

/** "a duplicate miss: it would have hit had the levels been exclusive (5 deep; they hold 6)" — in bytes in a walk of sizes. */
export function missWords(step: TeachStep): string | null {
  const bytes = step.inBytes;
  // One cache is no levels: its "duplicate" miss is one an LRU cache of its size would have hit.
  if (step.caches.length === 1 && step.miss !== 'cold' && step.miss !== null) {
    const hold = bytes ? formatBytes(step.pathCapacity ?? 0) : `${step.pathCapacity} blocks`;
    const deep = bytes
      ? `${formatBytes(step.distance ?? 0)} deep (its own bytes and the distinct objects' since)`
      : `${step.distance} deep`;
    return step.miss === 'duplicate'
      ? `a miss its policy chose: an LRU cache as big would have hit (${deep}; the cache holds ${hold})`
      : `a capacity miss: ${deep}, more than the ${hold} the cache holds`;
  }
  const deep = bytes ? `${formatBytes(step.distance ?? 0)} deep` : `${step.distance} deep`;
  const hold = bytes ? formatBytes(step.pathCapacity ?? 0) : `${step.pathCapacity}`;
  switch (step.miss) {
    case 'cold':
      return 'a cold miss: its first reference';
    case 'duplicate':
      return `a duplicate miss: it would have hit had the levels been exclusive (${deep}; together they hold ${hold})`;
    case 'capacity':
      return bytes
        ? `a capacity miss: ${deep} (its own bytes and the distinct objects' since), more than the ${hold} the levels hold together`
        : `a capacity miss: ${deep}, more than the ${hold} blocks the levels hold together`;
    default:
      return null;
  }
}

/** What a student predicts for the next request: where it is served, and which block leaves ("none": no block). */
export interface Guess {
  served: string;
  victim: string;
}

/** The choices for request `n` (its step): the caches its read looks in, then the disk; the blocks they hold now. */
export function guessChoices(
  steps: readonly TeachStep[],
  n: number,
  letters: boolean,
): { served: string[]; victims: string[] } {
  const [prev, step] = [steps[n - 1], steps[n]];
  if (!prev || !step || step.client === null) return { served: [], victims: [] };
  const path = pathOf(step, step.client);
  const held = new Set<string>();
  for (const c of path) for (const b of resident(prev, c)) held.add(blockLabel(b, letters));
  return { served: [...path.map((c) => step.caches[c].name), 'disk'], victims: ['none', ...held] };
}

/**
 * Whether a guess for request `n` is right: where it was served (a write is "served" where the
 * engine says), and a block that left a cache at that step — evicted or demoted: each cache's
 * victim — or "none" when no block left any.
 */
export function judgeGuess(
  steps: readonly TeachStep[],
  n: number,
  letters: boolean,
  guess: Guess,
): { served: boolean; victim: boolean; left: string[]; servedBy: string } {
  const [prev, step] = [steps[n - 1], steps[n]];
  const left = new Set<string>();
  step.caches.forEach((_, i) => {
    const after = resident(step, i);
    for (const b of resident(prev, i)) if (!after.has(b)) left.add(blockLabel(b, letters));
  });
  const servedBy = step.servedBy ?? 'disk';
  return {
    served: guess.served === servedBy,
    victim: guess.victim === 'none' ? left.size === 0 : left.has(guess.victim),
    left: [...left],
    servedBy,
  };
}
