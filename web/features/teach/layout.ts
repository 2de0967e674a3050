// Where the stepper draws each block of a step: one row per queue, cache by cache, the next
// victim at the left, and a last row for the evicted tray. Keys follow a block as it moves, so
// the drawing can glide it from its old place to its new one.
import type { StackStatus, TeachQueue, TeachStep } from '../../worker/protocol';
import { formatBytes, formatSig } from '../../format/numbers';
import { blockLabel } from './requests';

export interface Box {
  key: string;
  label: string;
  /** The cache's name. */
  cache: string;
  /** A client's own cache (coloured as the client), or one above. */
  client: boolean;
  x: number;
  y: number;
  ghost: boolean;
  /** In a recency stack (LIRS's S): what the entry is. */
  mark?: StackStatus;
  /** Its width: {@link BOX}, or in a walk of sizes wider for a larger object. */
  width: number;
  /** In a cache counted in bytes: its copy's size ("4 KiB"). */
  size?: string;
  /** Under a policy ordered by priority (GDSF): its priority H. */
  priority?: number;
  /** Under a policy with per-block counts: the count's name and this block's ("ref 1"). */
  count?: string;
}

export interface Row {
  cache: string;
  client: boolean;
  queue: TeachQueue;
  y: number;
  /** The evicted tray, not a cache's queue. */
  tray?: boolean;
  /** A policy's recency stack (LIRS's S, bottom first), each entry's status: not one of the cache's lists. */
  marks?: StackStatus[];
  /** What the label adds: a cache in bytes' use ("12 KiB of 16 KiB"), GDSF's inflation value ("L 122.1"). */
  note?: string;
  /** Where its last box ends. */
  end: number;
}

export const BOX = 34;
export const GAP = 6;
export const ROW = 46;
/** The labels' column at its narrowest, and the width a label's character takes (0.75rem type). */
export const LABEL_MIN = 116;
const LABEL_CHAR = 6.4;
/** The smallest object's box in a walk of sizes (room for its size and priority), and at most how many times it a box is. */
export const SIZED_BOX = 46;
const WIDEST = 4;

/**
 * A box's width in a walk of objects of any size: {@link SIZED_BOX} × √(its bytes / the walk's
 * smallest object's) — an object 4× larger twice as wide — at most {@link WIDEST} times;
 * {@link BOX} otherwise.
 */
export function boxWidth(bytes: number | undefined, smallest: number | undefined): number {
  if (bytes === undefined || !smallest) return BOX;
  return Math.round(SIZED_BOX * Math.min(WIDEST, Math.sqrt(Math.max(1, bytes / smallest))));
}

/** The smallest object a walk's requests ask for (undefined: a walk of blocks). */
export function smallestObject(steps: readonly TeachStep[]): number | undefined {
  const sizes = steps.flatMap((s) => (s.bytes === undefined ? [] : [s.bytes]));
  return sizes.length ? Math.min(...sizes) : undefined;
}

/** "12 KiB of 16 KiB · L 122.1" — what a cache's first row says beside its name. */
function cacheNote(cache: TeachStep['caches'][number]): string | undefined {
  const parts = [
    cache.bytes ? `${formatBytes(cache.bytes.used)} of ${formatBytes(cache.bytes.capacity)}` : '',
    cache.inflation !== undefined ? `L ${formatPriority(cache.inflation)}` : '',
    cache.target ? `${cache.target.name} = ${formatSig(cache.target.value, 3)} (T1's target size)` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

/** A priority as drawn: four significant digits (244.1, 2,197). */
export function formatPriority(h: number): string {
  return formatSig(h, 4);
}

/**
 * Where each block sits: one row per queue, cache by cache in the topology's order; the next
 * victim at the left. A block's n-th resident appearance is keyed `label`, `label#2` … so a
 * block moving between caches keeps its key (and glides); ghost entries are keyed by their cache.
 * `evicted` (labels a cache let go at this step): a last row, the evicted tray, where a block
 * no cache holds any more lands under its own key — so it glides out of its cache into the tray.
 * A cache whose policy keeps a recency stack (LIRS's S) shows it first, bottom at the left, each
 * entry marked LIR, resident HIR or non-resident, keyed by the cache as ghosts are (its
 * resident blocks are drawn, and glide, in the lists below it).
 */
export function layoutStep(
  step: TeachStep,
  letters: boolean,
  evicted: readonly string[] = [],
  smallest?: number,
): { rows: Row[]; boxes: Box[]; labelWidth: number } {
  // The labels' column, wide enough for the longest (MC²'s partitions have long names).
  const longest = Math.max(
    0,
    ...step.caches.flatMap((c) => [
      c.stack ? rowLabel(c.name, 'S', false, true).length : 0,
      ...c.queues.map((q, k) => {
        const note = k === 0 ? cacheNote(c) : undefined;
        return rowLabel(c.name, q.name, q.ghost, false, q.partition).length + (note ? note.length + 3 : 0);
      }),
    ]),
  );
  const LABEL_WIDTH = Math.max(LABEL_MIN, Math.ceil(12 + longest * LABEL_CHAR));
  const rows: Row[] = [];
  const boxes: Box[] = [];
  const seen = new Map<number, number>();
  step.caches.forEach((cache, i) => {
    // A client's own cache is one nothing sits under.
    const client = !step.caches.some((o) => o.parent === i);
    if (cache.stack) {
      const y = rows.length * ROW;
      const stack = cache.stack;
      rows.push({
        cache: cache.name,
        client,
        queue: { name: 'S', ghost: false, blocks: stack.map((e) => e.block), partition: null },
        y,
        marks: stack.map((e) => e.status),
        end: LABEL_WIDTH + Math.max(1, stack.length) * (BOX + GAP),
      });
      stack.forEach((e, k) => {
        const label = blockLabel(e.block, letters);
        boxes.push({
          key: `${cache.name}:S:${label}`,
          label,
          cache: cache.name,
          client,
          x: LABEL_WIDTH + k * (BOX + GAP),
          y: y + 6,
          ghost: e.status === 'hir-non-resident',
          mark: e.status,
          width: BOX,
        });
      });
    }
    cache.queues.forEach((queue, q) => {
      const y = rows.length * ROW;
      const row: Row = { cache: cache.name, client, queue, y, note: q === 0 ? cacheNote(cache) : undefined, end: 0 };
      rows.push(row);
      let x = LABEL_WIDTH;
      queue.blocks.forEach((b, k) => {
        const label = blockLabel(b, letters);
        let key: string;
        if (queue.ghost) key = `${cache.name}:${queue.name}:${label}`;
        else {
          const n = (seen.get(b) ?? 0) + 1;
          seen.set(b, n);
          key = n === 1 ? label : `${label}#${n}`;
        }
        const bytes = queue.sizes?.[k];
        const width = boxWidth(bytes, smallest);
        boxes.push({
          key,
          label,
          cache: cache.name,
          client,
          x,
          y: y + 6,
          ghost: queue.ghost,
          width,
          size: bytes === undefined ? undefined : formatBytes(bytes),
          priority: queue.priorities?.[k],
          count: queue.marks && cache.mark ? `${cache.mark} ${queue.marks[k]}` : undefined,
        });
        x += width + GAP;
      });
      row.end = Math.max(x, LABEL_WIDTH + BOX + GAP);
    });
  });
  const gone = [...new Set(evicted)].filter((label) => !boxes.some((b) => b.key === label));
  if (evicted.length > 0) {
    const y = rows.length * ROW;
    rows.push({
      cache: 'evicted',
      client: false,
      queue: { name: 'tray', ghost: false, blocks: [], partition: null },
      y,
      tray: true,
      end: LABEL_WIDTH + Math.max(1, gone.length) * (BOX + GAP),
    });
    for (const [k, label] of gone.entries())
      boxes.push({
        key: label,
        label,
        cache: 'evicted',
        client: false,
        x: LABEL_WIDTH + k * (BOX + GAP),
        y: y + 6,
        ghost: false,
        width: BOX,
      });
  }
  return { rows, boxes, labelWidth: LABEL_WIDTH };
}

/** A row's label: "array · range 2 · c1 · size 1", "cache · B1 (ghost)", "cache · S (stack)". */
export function rowLabel(
  cache: string,
  queue: string,
  ghost: boolean,
  stack: boolean,
  partition?: TeachQueue['partition'],
): string {
  const name = queue !== 'cache' ? ` · ${queue}` : '';
  const size = partition && !partition.copies ? ` · size ${partition.size}` : '';
  return `${cache}${name}${ghost ? ' (ghost)' : ''}${stack ? ' (stack)' : ''}${size}`;
}
