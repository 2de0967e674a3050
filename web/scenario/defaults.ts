// The default scenario: paper 000's RANDOM experiment (§4.4) with its proposed design,
// LRU client + MRU-insertion array + DEMOTE. It must equal the engine's `defaultScenario()`;
// tests/unit/defaults.test.ts checks that against the wasm build.
import { treeClients, type PolicyKind, type Scenario, type WorkloadKind } from './schema';

export const DEFAULT_SCENARIO: Scenario = Object.freeze({
  version: 1,
  name: 'RANDOM LRU-MRU-demote',
  seed: 1,
  blockSize: 4096,
  client: { capacity: 16384, policy: { kind: 'lru' } },
  array: { capacity: 16384, policy: { kind: 'mru' } },
  protocol: { kind: 'demote' },
  link: { preset: 'fc-1g' },
  disk: { kind: 'constant', serviceMs: 10 },
  clientHitMs: 0,
  workload: { kind: 'random', blocks: 32768 },
}) as Scenario;

/** A fresh, mutable copy of the default scenario. */
export function defaultScenario(): Scenario {
  return structuredClone(DEFAULT_SCENARIO);
}

/** One of paper 000's eight designs: client policy × array policy × protocol. */
export interface Design {
  client: PolicyKind;
  array: PolicyKind;
  protocol: 'none' | 'demote';
}

/** Paper 000's eight designs in its table order (baseline LRU-LRU-none first). */
export const PAPER000_DESIGNS: readonly Design[] = (['lru', 'mru'] as const).flatMap((client) =>
  (['lru', 'mru'] as const).flatMap((array) =>
    (['none', 'demote'] as const).map((protocol) => ({ client, array, protocol })),
  ),
);

/** "LRU-MRU-demote", the paper's naming. */
export function designName(d: Design): string {
  return `${d.client.toUpperCase()}-${d.array.toUpperCase()}-${d.protocol}`;
}

/** The design of a scenario on paper 000's grid (callers check it is on the grid). */
export function designOf(s: Scenario): Design {
  return { client: s.client.policy.kind, array: s.array.policy.kind, protocol: s.protocol.kind === 'demote' ? 'demote' : 'none' };
}

/** "RANDOM LRU-MRU-demote": the name the engine gives paper 000's scenarios. */
export function scenarioName(kind: WorkloadKind, d: Design): string {
  return `${kind.toUpperCase()} ${designName(d)}`;
}

/** Whether a scenario is one of paper 000's eight designs (LRU/MRU at each level, DEMOTE or none). */
export function isDesignKind(s: Scenario): boolean {
  const known = (k: string) => k === 'lru' || k === 'mru';
  return known(s.client.policy.kind) && known(s.array.policy.kind) && (s.protocol.kind === 'none' || s.protocol.kind === 'demote');
}

/**
 * The automatic name: paper 000's style ("RANDOM LRU-MRU-demote") for two levels, "ZIPF ARC
 * single cache" for one. A name the user typed is never replaced.
 */
export function autoName(s: Scenario): string {
  const kind = (p: { kind: string }) => p.kind.toUpperCase();
  if (s.trace && s.topology !== 'tree') {
    return s.topology === 'single'
      ? `${s.trace.name} ${kind(s.client.policy)} single cache`
      : `${s.trace.name} ${kind(s.client.policy)}-${kind(s.array.policy)}-${s.protocol.kind}`;
  }
  if (s.topology === 'single') return `${s.workload.kind.toUpperCase()} ${kind(s.client.policy)} single cache`;
  if (s.topology === 'tree' && s.tree) {
    const depth = (name: string | undefined): number => {
      let d = 0;
      for (let c = s.tree!.caches.find((x) => x.name === name); c?.parent !== undefined && d <= s.tree!.caches.length; d++) {
        c = s.tree!.caches.find((x) => x.name === c!.parent);
      }
      return d + 1;
    };
    const leaves = treeClients(s.tree);
    const levels = Math.max(...leaves.map((c) => depth(c.name)));
    return `${s.workload.kind.toUpperCase()} ${leaves.length} clients × ${levels} levels ${s.protocol.kind}`;
  }
  return isDesignKind(s) ? scenarioName(s.workload.kind, designOf(s)) : `${s.workload.kind.toUpperCase()} ${kind(s.client.policy)}-${kind(s.array.policy)}-${s.protocol.kind}`;
}
