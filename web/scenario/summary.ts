// What a scenario is, in the few facts a one-line summary gives: its name, its caches (policy
// and size), how they cooperate, where its requests come from and how many a run serves, its
// block size. One source for the page's two one-line summaries, each its own rendering: the run
// bar's, short and at a glance (web/app/summary.ts), and an exported figure's, spelled out
// (web/export/export.ts) — so the two never disagree on what the scenario is.
import { blockSizeOf, protocolKind, shapeOf, workloadBlocks, type ProtocolKind, type Scenario } from './document';
import type { Capacity } from './capacity';
import { sourceRequests, traceOf, workloadOf } from './topology';

export interface CacheFacts {
  /** Its policy, as the papers write it ("LRU", "S3-FIFO"). */
  policy: string;
  /** Blocks, or bytes as written ("1GiB"). */
  capacity: Capacity;
}

export type TopologyFacts =
  | { kind: 'single'; cache: CacheFacts }
  | { kind: 'two-level'; client: CacheFacts; array: CacheFacts }
  | { kind: 'tree'; caches: (CacheFacts & { name: string })[]; clients: number; levels: number };

export interface ScenarioFacts {
  name: string;
  topology: TopologyFacts;
  /** How the caches cooperate; null for a single cache (there is nothing to cooperate with). */
  protocol: ProtocolKind | null;
  source: { kind: 'trace'; name: string } | { kind: 'workload'; workload: string; blocks: number };
  /** Requests a run serves, warm-up included, all clients together (a trace's once it is read; else null). */
  requests: number | null;
  /** A generator's measured requests (0 for a trace). */
  measured: number;
  blockSize: number;
}

const policy = (p: { kind: string }) => p.kind.toUpperCase();

/** The facts of `s`; `traceRequests`: a replayed trace's requests, once it is read. */
export function scenarioFacts(s: Scenario, traceRequests?: number): ScenarioFacts {
  const t = s.topology;
  let topology: TopologyFacts;
  if (t.kind === 'single')
    topology = { kind: 'single', cache: { policy: policy(t.cache.policy), capacity: t.cache.capacity } };
  else if (t.kind === 'two-level')
    topology = {
      kind: 'two-level',
      client: { policy: policy(t.client.policy), capacity: t.client.capacity },
      array: { policy: policy(t.array.policy), capacity: t.array.capacity },
    };
  else {
    const shape = shapeOf(t);
    topology = {
      kind: 'tree',
      caches: t.caches.map((c) => ({ name: c.name, policy: policy(c.policy), capacity: c.capacity })),
      clients: shape.leaves.length,
      levels: Math.max(...shape.paths.map((p) => p.length)),
    };
  }
  const trace = traceOf(s);
  const [warm, measured] = sourceRequests(s);
  const w = workloadOf(s);
  return {
    name: s.name ?? '',
    topology,
    protocol: t.kind === 'single' ? null : protocolKind(s),
    source: trace
      ? { kind: 'trace', name: trace.name }
      : { kind: 'workload', workload: w!.kind, blocks: workloadBlocks(w!) },
    requests: trace ? (traceRequests ?? null) : warm + measured,
    measured,
    blockSize: blockSizeOf(s),
  };
}
