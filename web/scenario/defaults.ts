// The default scenario: paper 000's RANDOM experiment (§4.4) with its proposed design,
// LRU client + MRU-insertion array + DEMOTE. It must equal the engine's `defaultScenario()`;
// tests/unit/defaults.test.ts checks that against the wasm build.
import type { PolicyKind, Scenario, WorkloadKind } from './schema';

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
