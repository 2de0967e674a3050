// The default scenario — paper 000's RANDOM experiment (§4.4) with its proposed design, LRU
// client + MRU-insertion array + DEMOTE, as the engine makes it — and how the form names
// scenarios and reads one as a cell of paper 000's grid of eight designs (which the engine
// builds for the side-by-side comparison: `grid000`).
import { engine } from '../engine/engine';
import { protocolKind, shapeOf, type PolicyKind, type Scenario, type WorkloadKind } from './document';
import { traceOf, workloadOf } from './topology';

/** A fresh copy of the engine's default scenario. */
export function defaultScenario(): Scenario {
  return engine().defaultScenario();
}

/** The policies on paper 000's grid. */
export type DesignPolicy = 'lru' | 'mru';

/** One of paper 000's eight designs: client policy × array policy × protocol. */
export interface Design {
  client: DesignPolicy;
  array: DesignPolicy;
  protocol: 'none' | 'demote';
}

/** Paper 000's eight designs in its table order (baseline LRU-LRU-none first), as the picker offers them. */
export const PAPER000_DESIGNS: readonly Design[] = (['lru', 'mru'] as const).flatMap((client) =>
  (['lru', 'mru'] as const).flatMap((array) =>
    (['none', 'demote'] as const).map((protocol) => ({ client, array, protocol })),
  ),
);

/** "LRU-MRU-demote", the paper's naming. */
export function designName(d: Design): string {
  return `${d.client.toUpperCase()}-${d.array.toUpperCase()}-${d.protocol}`;
}

/** The design of a two-level scenario on paper 000's grid (callers check it is on the grid). */
export function designOf(s: Scenario): Design {
  const t = s.topology;
  if (t.kind !== 'two-level') throw new Error('paper 000 designs are two levels');
  return {
    client: designPolicy(t.client.policy.kind),
    array: designPolicy(t.array.policy.kind),
    protocol: protocolKind(s) === 'demote' ? 'demote' : 'none',
  };
}

function designPolicy(kind: PolicyKind): DesignPolicy {
  if (kind !== 'lru' && kind !== 'mru') throw new Error(`paper 000 designs use LRU or MRU, not ${kind}`);
  return kind;
}

/** "RANDOM LRU-MRU-demote": the name the engine gives paper 000's scenarios. */
export function scenarioName(kind: WorkloadKind, d: Design): string {
  return `${kind.toUpperCase()} ${designName(d)}`;
}

/** Whether a scenario is one of paper 000's eight designs (two levels, LRU/MRU at each, DEMOTE or none). */
export function isDesignKind(s: Scenario): boolean {
  const t = s.topology;
  const known = (k: string) => k === 'lru' || k === 'mru';
  const p = protocolKind(s);
  return (
    t.kind === 'two-level' &&
    known(t.client.policy.kind) &&
    known(t.array.policy.kind) &&
    (p === 'none' || p === 'demote')
  );
}

/**
 * The automatic name: paper 000's style ("RANDOM LRU-MRU-demote") for two levels, "ZIPF ARC
 * single cache" for one, "RANDOM 4 clients × 3 levels demote" for a tree; a trace's file name
 * in place of the workload. A name the user typed is never replaced.
 */
export function autoName(s: Scenario): string {
  const kind = (p: { kind: string }) => p.kind.toUpperCase();
  const trace = traceOf(s);
  const w = workloadOf(s);
  const what = trace ? trace.name : w!.kind.toUpperCase();
  const t = s.topology;
  const protocol = protocolKind(s);
  if (t.kind === 'single') return `${what} ${kind(t.cache.policy)} single cache`;
  if (t.kind === 'tree') {
    const shape = shapeOf(t);
    const levels = Math.max(...shape.paths.map((p) => p.length));
    return `${what} ${shape.leaves.length} clients × ${levels} levels ${protocol}`;
  }
  if (!trace && isDesignKind(s)) return scenarioName(w!.kind, designOf(s));
  return `${what} ${kind(t.client.policy)}-${kind(t.array.policy)}-${protocol}`;
}
