// The tree drawn: clients on top, the caches they share below, each root over its disk, every
// link labelled. Click a cache (or focus it and press Enter) to open its inspector below; drag
// one cache onto another to hang it there (connect); the selected cache can get a child or go.
import { formatCapacity } from '../../../scenario/capacity';
import { useMemo, useRef, useState } from 'react';
import { useElementSize } from '../../../charts/useElementSize';
import type { TreeCache } from '../../../scenario/document';

export interface DiagramNode {
  index: number;
  name: string;
  x: number;
  y: number;
  role: 'client' | 'mid' | 'root';
}

export const NODE_W = 112;
export const NODE_H = 40;
const GAP_X = 16;
const GAP_Y = 46;
/** A wide tree shrinks to fit its box down to this scale (text stays legible), then scrolls. */
export const MIN_SCALE = 0.7;

/** The drawing's scale in a box `available` pixels wide. */
export function fitScale(width: number, available: number): number {
  return Math.min(1, Math.max(MIN_SCALE, available / width));
}

/**
 * Positions: depth from the roots (a root 0), clients on the top row, children spread in list
 * order and each parent centred over its children; a cache in a cycle (an invalid tree) sits
 * on the top row, unconnected. Returns the nodes and the SVG's size.
 */
export function layoutTree(caches: readonly TreeCache[]): { nodes: DiagramNode[]; width: number; height: number } {
  const n = caches.length;
  const index = new Map(caches.map((c, i) => [c.name, i]));
  const parent = caches.map((c) => (c.parent === undefined ? -1 : (index.get(c.parent) ?? -1)));
  const depth = caches.map((_, i) => {
    let d = 0;
    for (let at = i; parent[at] >= 0 && d <= n; at = parent[at]) d++;
    return d > n ? 0 : d;
  });
  const children = caches.map((_, i) => caches.map((_, j) => j).filter((j) => parent[j] === i));
  const maxDepth = Math.max(0, ...depth);
  const x = new Array<number>(n).fill(0);
  let next = 0;
  const place = (i: number, seen: Set<number>) => {
    if (seen.has(i)) return;
    seen.add(i);
    const kids = children[i].filter((k) => !seen.has(k));
    if (!kids.length) {
      x[i] = next++;
      return;
    }
    for (const k of kids) place(k, seen);
    x[i] = (x[kids[0]] + x[kids[kids.length - 1]]) / 2;
  };
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) if (parent[i] < 0) place(i, seen);
  for (let i = 0; i < n; i++) if (!seen.has(i)) place(i, seen);
  const clients = new Set(caches.map((_, i) => i).filter((i) => children[i].length === 0));
  const nodes = caches.map((c, i) => ({
    index: i,
    name: c.name,
    x: 8 + x[i] * (NODE_W + GAP_X),
    y: 8 + (maxDepth - depth[i]) * (NODE_H + GAP_Y),
    role: (parent[i] < 0 ? 'root' : clients.has(i) ? 'client' : 'mid') as DiagramNode['role'],
  }));
  return {
    nodes,
    width: 16 + Math.max(1, next) * (NODE_W + GAP_X),
    height: 16 + (maxDepth + 1) * (NODE_H + GAP_Y) + 20,
  };
}

/** Whether `node` may hang under `target`: not itself, and `target` not below it. */
export function canConnect(caches: readonly TreeCache[], node: number, target: number): boolean {
  if (node === target) return false;
  const byName = new Map(caches.map((c, i) => [c.name, i]));
  for (let at: number | undefined = target, steps = 0; at !== undefined && steps <= caches.length; steps++) {
    if (at === node) return false;
    const p: string | undefined = caches[at].parent;
    at = p === undefined ? undefined : byName.get(p);
  }
  return true;
}

export interface TopologyDiagramProps {
  caches: readonly TreeCache[];
  selected: number | null;
  onSelect: (i: number) => void;
  /** Hang cache `node` under cache `parent`. */
  onConnect: (node: number, parent: number) => void;
  onAdd: (parent: number) => void;
  onRemove: (i: number) => void;
}

export function TopologyDiagram({
  caches: tree,
  selected,
  onSelect,
  onConnect,
  onAdd,
  onRemove,
}: TopologyDiagramProps) {
  const { nodes, width, height } = useMemo(() => layoutTree(tree), [tree]);
  const [box, boxSize] = useElementSize<HTMLDivElement>({ width, height });
  const scale = fitScale(width, boxSize.width);
  const [drag, setDrag] = useState<{ node: number; over: number | null } | null>(null);
  const moved = useRef(false);
  /** Where the pointer is while a cache is dragged (SVG units), and where the drag began. */
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const drop = (target: number | null) => {
    if (drag && target !== null && moved.current && canConnect(tree, drag.node, target)) onConnect(drag.node, target);
    else if (drag && !moved.current) onSelect(drag.node);
    setDrag(null);
    setPointer(null);
  };
  /** The pointer in the drawing's units (the SVG may be drawn smaller than them). */
  const at = (e: React.PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * width) / r.width, y: ((e.clientY - r.top) * height) / r.height };
  };
  const dragged = drag && pointer && moved.current ? nodes[drag.node] : null;
  return (
    <div className="topology" data-testid="topology-diagram" data-scale={scale.toFixed(3)}>
      <div ref={box} className="topology-box">
        {/* biome-ignore lint/a11y/useSemanticElements: the drawing groups its caches; an svg cannot be a fieldset */}
        <svg
          width={width * scale}
          height={height * scale}
          viewBox={`0 0 ${width} ${height}`}
          role="group"
          aria-label="The tree of caches: drag a cache onto another to hang it there"
          onPointerUp={() => drop(drag?.over ?? null)}
          onPointerLeave={() => {
            setDrag(null);
            setPointer(null);
          }}
          onPointerMove={(e) => {
            if (!drag) return;
            const p = at(e);
            start.current ??= p;
            // A few pixels make a drag (less is a click that wobbled).
            if (Math.hypot(p.x - start.current.x, p.y - start.current.y) > 4) moved.current = true;
            setPointer(p);
          }}
        >
          {nodes.map((n) => {
            const c = tree[n.index];
            const p = c.parent === undefined ? undefined : byName.get(c.parent);
            if (!p) return null;
            const [x1, y1, x2, y2] = [n.x + NODE_W / 2, n.y + NODE_H, p.x + NODE_W / 2, p.y];
            return (
              <g key={`e${n.index}`} className="topology-edge">
                <line x1={x1} y1={y1} x2={x2} y2={y2} />
                <text x={(x1 + x2) / 2 + 4} y={(y1 + y2) / 2} dy="0.32em">
                  {c.link?.preset ?? 'free'}
                </text>
              </g>
            );
          })}
          {nodes
            .filter((n) => n.role === 'root')
            .map((n) => (
              <g key={`d${n.index}`} className="topology-disk">
                <line x1={n.x + NODE_W / 2} y1={n.y + NODE_H} x2={n.x + NODE_W / 2} y2={n.y + NODE_H + 12} />
                <ellipse cx={n.x + NODE_W / 2} cy={n.y + NODE_H + 20} rx={18} ry={7} />
                <text x={n.x + NODE_W / 2 + 24} y={n.y + NODE_H + 20} dy="0.32em">
                  disk
                </text>
              </g>
            ))}
          {nodes.map((n) => {
            const c = tree[n.index];
            const target = drag && drag.over === n.index && drag.node !== n.index;
            const ok = target && canConnect(tree, drag.node, n.index);
            return (
              // biome-ignore lint/a11y/useSemanticElements: a cache drawn in the svg; a <button> cannot sit inside one
              <g
                key={n.index}
                className={`topology-node is-${n.role} ${selected === n.index ? 'is-selected' : ''} ${target ? (ok ? 'is-target' : 'is-refused') : ''}`}
                transform={`translate(${n.x},${n.y})`}
                data-testid={`topology-node-${n.index}`}
                data-name={c.name}
                data-role={n.role}
                tabIndex={0}
                role="button"
                // The visible text first (name, policy · size), then the role: what is read is what is seen.
                aria-label={`${c.name} ${c.policy.kind.toUpperCase()} · ${formatCapacity(c.capacity)}${typeof c.capacity === 'number' ? ' blocks' : ''}, ${n.role === 'client' ? 'client' : n.role === 'root' ? 'array on a disk' : 'middle tier'}`}
                aria-pressed={selected === n.index}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onSelect(n.index);
                  }
                }}
                onPointerDown={(e) => {
                  e.preventDefault();
                  moved.current = false;
                  start.current = null;
                  setDrag({ node: n.index, over: n.index });
                }}
                onPointerEnter={() => {
                  if (!drag) return;
                  if (drag.node !== n.index) moved.current = true;
                  setDrag({ ...drag, over: n.index });
                }}
                onPointerLeave={() => drag && setDrag({ ...drag, over: null })}
              >
                <rect width={NODE_W} height={NODE_H} rx={7} />
                <text x={8} y={15}>
                  {c.name}{' '}
                </text>
                <text className="topology-sub" x={8} y={31}>
                  {c.policy.kind.toUpperCase()} · {formatCapacity(c.capacity)}
                </text>
              </g>
            );
          })}
          {dragged && pointer && (
            // The cache follows the pointer (beside it, so the target stays in sight), tied to where
            // it hangs now by a dashed line.
            <g
              className={`topology-ghost ${drag?.over !== null && drag?.over !== drag?.node ? (canConnect(tree, drag!.node, drag!.over!) ? 'is-ok' : 'is-refused') : ''}`}
              data-testid="topology-ghost"
              pointerEvents="none"
            >
              <line x1={dragged.x + NODE_W / 2} y1={dragged.y + NODE_H / 2} x2={pointer.x} y2={pointer.y} />
              <g
                transform={`translate(${pointer.x + 14 + NODE_W > width ? pointer.x - 14 - NODE_W : pointer.x + 14},${pointer.y + 10 + NODE_H > height ? pointer.y - 10 - NODE_H : pointer.y + 10})`}
              >
                <rect width={NODE_W} height={NODE_H} rx={7} />
                <text x={8} y={15}>
                  {tree[dragged.index].name}
                </text>
                <text className="topology-sub" x={8} y={31}>
                  {drag?.over !== null && drag?.over !== drag?.node
                    ? canConnect(tree, drag!.node, drag!.over!)
                      ? `hang under ${tree[drag!.over!].name}`
                      : `not under ${tree[drag!.over!].name}`
                    : 'drop on a cache'}
                </text>
              </g>
            </g>
          )}
        </svg>
      </div>
      {selected !== null && tree[selected] && (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields: a fieldset's border, padding and min-width would have to be undone
        <div className="topology-tools" role="group" aria-label={`${tree[selected].name}`}>
          <span className="muted">{tree[selected].name}:</span>
          <button
            type="button"
            className="button secondary small"
            data-testid="topology-add"
            onClick={() => onAdd(selected)}
          >
            + a cache below it
          </button>
          <button
            type="button"
            className="button secondary small"
            data-testid="topology-remove"
            disabled={tree.length <= 1}
            onClick={() => onRemove(selected)}
          >
            Remove it
          </button>
          <span className="field-hint">drag a cache onto another to hang it there</span>
        </div>
      )}
    </div>
  );
}
