// The caches at a step, drawn: one row per queue (ghost lists dashed, a recency stack's entries
// marked), the "eject next" and "eject last" ends, and the evicted tray last; each block placed
// by its key, so a block that moves glides from its old place to its new one (styles.css).
import type { TeachQueue } from '../../../worker/protocol';
import { type Box, formatPriority, ROW, type Row, rowLabel } from '../layout';

/** "A: 4 KiB, priority H 488.3 (the lowest H leaves first)" — a sized or ranked box's tooltip. */
function boxTitle(b: Box): string | undefined {
  if (!b.size && b.priority === undefined) return undefined;
  const h = b.priority === undefined ? '' : `, priority H ${formatPriority(b.priority)} (the lowest H leaves first)`;
  return `${b.label}${b.size ? `: ${b.size}` : ''}${h}`;
}

/** "c1's own partition of range 2, sized 1 block by Karma" — a partition row's tooltip. */
function partitionWords(q: TeachQueue): string {
  const p = q.partition;
  if (!p) return '';
  const range = p.range === null ? 'its rest (references no hint covers)' : `range ${p.range}`;
  if (p.copies)
    return `copies the scanning sharers of ${range} keep below its shared partition, in free space (evicted first)`;
  const whose = p.owner === null ? `the shared partition of ${range}` : `${p.owner}'s own partition of ${range}`;
  const blocks = `${p.size} block${p.size === 1 ? '' : 's'}`;
  return `${whose}, sized ${blocks} by Karma${p.size === 0 ? ' (it holds only what free space gave it)' : ''}`;
}

const STACK_TITLE =
  'stack S, bottom (always LIR) at the left: LIR blocks solid, resident HIR ringed, non-resident HIR dashed';

/** A block's classes: where it sits (evicted, a client's cache, one above), ghost, stack mark, the request's. */
function blockClass(b: Box, current: boolean): string {
  const where = b.cache === 'evicted' ? 'is-evicted' : b.client ? 'in-client' : 'in-array';
  const mark = b.mark ? `is-${b.mark}` : '';
  return `stepper-block ${where} ${b.ghost ? 'is-ghost' : ''} ${mark} ${current ? 'is-current' : ''}`;
}

export function CacheStage({
  rows,
  boxes,
  labelWidth,
  width,
  evicted,
  currentLabel,
  blockLabels,
  testId,
  zoom = 1,
}: {
  rows: Row[];
  boxes: Box[];
  labelWidth: number;
  width: number;
  /** The labels the step evicted (the tray's row says them). */
  evicted: string[];
  /** The requested block's label (drawn as the current one); null before any request. */
  currentLabel: string | null;
  /** A queue's blocks as labels. */
  blockLabels: (blocks: number[]) => string;
  testId: (name: string) => string;
  /** Drawn this many times its layout's size (to fit its pane, or larger in presenter mode). */
  zoom?: number;
}) {
  return (
    <div
      className="stepper-stage"
      style={{ height: rows.length * ROW, width, ...(zoom === 1 ? {} : { zoom: Number(zoom.toFixed(4)) }) }}
      data-zoom={zoom.toFixed(3)}
    >
      {rows.map((r) =>
        r.tray ? (
          <div
            key="tray"
            className="stepper-row is-tray"
            style={{ top: r.y }}
            data-testid={testId('tray-row')}
            data-blocks={evicted.join(' ')}
          >
            <span className="stepper-row-label">evicted</span>
          </div>
        ) : (
          <div
            key={`${r.cache}:${r.queue.name}`}
            className={`stepper-row ${r.queue.ghost ? 'is-ghost' : ''}`}
            style={{ top: r.y }}
            data-testid={testId('queue')}
            data-cache={r.cache}
            data-name={r.queue.name}
            data-ghost={String(r.queue.ghost)}
            data-blocks={blockLabels(r.queue.blocks)}
            data-marks={r.marks?.join(' ')}
            data-partition-size={r.queue.partition?.size}
            title={r.marks ? STACK_TITLE : r.queue.partition ? partitionWords(r.queue) : undefined}
          >
            <span className="stepper-row-label" data-testid={r.note ? testId('cache-note') : undefined}>
              {rowLabel(r.cache, r.queue.name, r.queue.ghost, !!r.marks, r.queue.partition)}
              {r.note ? ` · ${r.note}` : ''}
            </span>
            <span className="stepper-end is-next" style={{ left: labelWidth - 4 }}>
              eject next
            </span>
            <span className="stepper-end is-last" style={{ left: r.end }}>
              eject last
            </span>
          </div>
        ),
      )}
      {boxes.map((b) => (
        <span
          key={b.key}
          className={`${blockClass(b, b.label === currentLabel)} ${b.size ? 'is-sized' : ''}`}
          style={{ transform: `translate(${b.x}px, ${b.y}px)`, width: b.width }}
          data-size={b.size}
          data-priority={b.priority === undefined ? undefined : formatPriority(b.priority)}
          data-count={b.count}
          title={boxTitle(b)}
        >
          {b.label}
          {b.size && <small>{b.size}</small>}
          {b.priority !== undefined && <small>H {formatPriority(b.priority)}</small>}
          {b.count && <small>{b.count}</small>}
        </span>
      ))}
    </div>
  );
}
