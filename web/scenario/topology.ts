// Reading and reshaping version-2 scenarios the way the form edits them: where the workload and
// the trace are, each client's generator, switching the topology (two levels → a tree in their
// image, a tree → its first client over its root, anything → one cache), building a tree with a
// client per trace client, renaming a cache everywhere it is named, and the single cache a
// miss-ratio curve measures (the engine's `Scenario::as_single`). Pure functions over documents.
import { engine } from '../engine/engine';
import {
  blockSizeOf,
  sendsDemotes,
  shapeOf,
  treeLeaves,
  workloadFacts,
  type CacheConfig,
  type DiskConfig,
  type LinkConfig,
  type Protocol,
  type Scenario,
  type ScenarioIssue,
  type TopologyKind,
  type TraceSource,
  type TreeCache,
  type Workload,
  type WorkloadSource,
} from './document';

const DEFAULT_DISK: DiskConfig = { kind: 'constant', serviceMs: 10 };
const DEFAULT_LINK: LinkConfig = { preset: 'fc-1g' };

/** The generator every client runs (unless a tree's client names its own); null for a trace. */
export function workloadOf(s: Scenario): Workload | null {
  return s.source.kind === 'workload' ? s.source.workload : null;
}

/** The trace the scenario replays, if any. */
export function traceOf(s: Scenario): TraceSource | null {
  return s.source.kind === 'trace' ? s.source : null;
}

/**
 * How the scenario reads its trace file (the engine's reader options), or null without one: two
 * scenarios with the same reading read the file to the same requests.
 */
export function traceReadingOf(s: Scenario) {
  const t = traceOf(s);
  if (!t) return null;
  return {
    format: t.format,
    columns: t.format === 'columns' ? t.columns : undefined,
    objectMode: t.objectMode,
    skipBad: t.skipBad,
    blockSize: blockSizeOf(s),
  };
}

/** A reading as a key: equal exactly when two readings read a file alike. */
export function readingKey(r: ReturnType<typeof traceReadingOf>): string {
  return r ? JSON.stringify([r.format ?? '', r.columns ?? null, !!r.objectMode, !!r.skipBad, r.blockSize]) : '';
}

/** Each client's generator, in client order (a workload source). */
export function clientWorkloads(s: Scenario): Workload[] {
  return (
    engine()
      .sourceFacts(s)
      ?.clients.map((c) => c.workload) ?? []
  );
}

/**
 * `[warm-up, measured]` requests of a generated run, all clients together, as the engine counts
 * them (`rules::source_facts`); `[0, 0]` for a trace.
 */
export function sourceRequests(s: Scenario): [number, number] {
  const f = engine().sourceFacts(s);
  return f ? [f.warmupRequests, f.measuredRequests] : [0, 0];
}

/** The blocks a generated run spans, all clients together, as the engine counts them; 0 for a trace. */
export function sourceBlocks(s: Scenario): number {
  return engine().sourceFacts(s)?.universe ?? 0;
}

/** The one client's cache of a single cache or two levels (null for a tree). */
/** Every cache of the scenario's topology (a tree's with their names). */
export function cachesOf(s: Scenario): CacheConfig[] {
  const t = s.topology;
  return t.kind === 'single' ? [t.cache] : t.kind === 'two-level' ? [t.client, t.array] : t.caches;
}

export function clientCache(s: Scenario): CacheConfig | null {
  const t = s.topology;
  return t.kind === 'single' ? t.cache : t.kind === 'two-level' ? t.client : null;
}

/** The first client's own cache, the caches above it, its link and its root's disk. */
export function firstPath(s: Scenario): {
  client: CacheConfig;
  above: CacheConfig[];
  link: LinkConfig;
  disk: DiskConfig;
} {
  const shape = shapeOf(s.topology);
  const path = shape.paths[0] ?? [0];
  const nodes = path.map((i) => shape.nodes[i]);
  return {
    client: nodes[0].cache,
    above: nodes.slice(1).map((n) => n.cache),
    link: nodes[0].link ?? DEFAULT_LINK,
    disk: nodes[nodes.length - 1].disk ?? DEFAULT_DISK,
  };
}

/** Sets the protocol, leaving `none` out (its default). */
export function setProtocol(s: Scenario, p: Protocol): void {
  if (p.kind === 'none') delete s.protocol;
  else s.protocol = p;
  if (!sendsDemotes(p.kind)) {
    delete s.demotions;
    delete s.demoteData;
    delete s.demoteCommandMs;
  }
  // Only DEMOTE and AC_CC pass SE's hints up, so only they let SE apply at one level.
  if (p.kind !== 'demote' && p.kind !== 'ac-cc') delete s.seAt;
}

/**
 * The scenario's requests through one cache instead (the engine's `as_single`): the first
 * client's link and root's disk, no protocol or DU, the scenario's own generator alone (or the
 * trace merged into one stream) — what a miss-ratio curve of the workload measures.
 */
export function asSingle(s: Scenario, cache: CacheConfig): Scenario {
  return engine().asSingle(s, cache);
}

/**
 * The floor of the scenario's miss-ratio curves: its requests through one LRU cache of `blocks`
 * (every block they touch), which evicts nothing, so it misses only first references.
 */
export function floorScenario(s: Scenario, blocks: number): Scenario {
  return engine().floorScenario(s, blocks);
}

/**
 * A tree in the scenario's image: one array (its size and policy, or the single cache's size
 * under LRU) on the scenario's disk, `mids` middle tiers and `clients` clients with the
 * scenario's client cache and link, spread evenly. `names` names the clients (default
 * client1, client2, …).
 */
export function treeFromScenario(s: Scenario, clients: number, mids: number, names?: string[]): TreeCache[] {
  const { client, above, link: firstLink, disk } = firstPath(s);
  const array: CacheConfig = above.length
    ? above[above.length - 1]
    : { capacity: client.capacity, policy: { kind: 'lru' } };
  const caches: TreeCache[] = [
    {
      name: 'array',
      capacity: array.capacity,
      policy: structuredClone(array.policy),
      ...(array.co ? { co: true } : {}),
      disk: structuredClone(disk),
    },
  ];
  const link = firstLink.preset === 'custom' ? structuredClone(firstLink) : { preset: firstLink.preset };
  for (let m = 0; m < mids; m++) {
    caches.push({
      name: `mid${m + 1}`,
      capacity: client.capacity,
      policy: { kind: 'lru' },
      parent: 'array',
      link: structuredClone(link),
    });
  }
  for (let c = 0; c < clients; c++) {
    const parent = mids > 0 ? `mid${Math.floor((c * mids) / clients) + 1}` : 'array';
    const name = names?.[c] ?? `client${c + 1}`;
    caches.push({
      name,
      capacity: client.capacity,
      policy: structuredClone(client.policy),
      ...(client.co ? { co: true } : {}),
      parent,
      link: structuredClone(link),
    });
  }
  return caches;
}

/** What a one-client document keeps of a tree's source: one generator, one stream. */
function oneClientSource(n: Scenario) {
  if (n.source.kind === 'workload') {
    delete n.source.clients;
    delete n.source.sharing;
  } else if (n.source.clients?.kind === 'map') {
    delete n.source.clients;
  }
}

/**
 * The scenario on another topology, as the form switches it: two levels (or one cache) → a
 * tree of two clients over the array, in their image, sharing a fifth of their blocks; a tree
 * → two levels of its first client over that client's root (its link, the root's disk); any
 * → one cache, the client's. Fields the new topology would refuse or ignore go (a single
 * cache's protocol and DU, a one-client topology's per-client workloads, sharing and fairness).
 */
export function withTopology(s: Scenario, kind: TopologyKind): Scenario {
  const n = structuredClone(s);
  const t = s.topology;
  if (t.kind === kind) return n;
  const { client, above, link, disk } = firstPath(s);
  if (kind === 'tree') {
    n.topology = { kind: 'tree', caches: treeFromScenario(s, 2, 0) };
    if (n.source.kind === 'workload' && !n.source.sharing) n.source.sharing = { kind: 'shared', fraction: 0.2 };
    return n;
  }
  if (kind === 'two-level') {
    const array: CacheConfig = above.length
      ? above[above.length - 1]
      : { capacity: client.capacity, policy: { kind: 'mru' } };
    n.topology = {
      kind: 'two-level',
      client: structuredClone(client),
      array: structuredClone(array),
      link: structuredClone(link),
      disk: structuredClone(disk),
    };
  } else {
    n.topology = {
      kind: 'single',
      cache: structuredClone(client),
      link: structuredClone(link),
      disk: structuredClone(disk),
    };
    delete n.protocol;
    delete n.du;
    delete n.demotions;
    delete n.demoteData;
    delete n.demoteCommandMs;
    delete n.seAt;
  }
  delete n.fairness;
  oneClientSource(n);
  return n;
}

/**
 * The scenario as a tree with a client per trace client, named after their ids ("client7"), in
 * the order they appear (so the trace's clients drive them in order): the scenario's client
 * cache for each, over its array (or, from a single cache, an LRU array of its size).
 */
export function treeForTraceClients(s: Scenario, ids: number[]): Scenario {
  const n = structuredClone(s);
  n.topology = {
    kind: 'tree',
    caches: treeFromScenario(
      s,
      ids.length,
      0,
      ids.map((id) => `client${id}`),
    ),
  };
  if (n.source.kind === 'trace') delete n.source.clients;
  return n;
}

/**
 * Renames cache `index` of a tree to `to` wherever the scenario names it: its children's
 * parents, its per-client workload, a trace's map. While the name is ambiguous — another cache
 * still has the old one, or already has the new one (the user typing over a duplicate) — the
 * references stay as they are, so typing the name back restores them.
 */
export function renameCache(s: Scenario, index: number, to: string): void {
  if (s.topology.kind !== 'tree') return;
  const caches = s.topology.caches;
  const from = caches[index].name;
  caches[index].name = to;
  if (caches.some((c) => c.name === from) || caches.some((c, i) => i !== index && c.name === to)) return;
  for (const c of caches) if (c.parent === from) c.parent = to;
  const src = s.source;
  if (src.kind === 'workload' && src.clients && from in src.clients) {
    src.clients = Object.fromEntries(Object.entries(src.clients).map(([k, v]) => [k === from ? to : k, v]));
  }
  if (src.kind === 'trace' && src.clients?.kind === 'map') {
    for (const [id, leaf] of Object.entries(src.clients.map)) if (leaf === from) src.clients.map[id] = to;
  }
}

/** After a tree's shape changed: per-client workloads only for caches that are still clients. */
export function pruneClientWorkloads(s: Scenario): void {
  if (s.topology.kind !== 'tree' || s.source.kind !== 'workload' || !s.source.clients) return;
  const leaves = new Set(treeLeaves(s.topology.caches).map((c) => c.name));
  const kept = Object.entries(s.source.clients).filter(([name]) => leaves.has(name));
  if (kept.length) s.source.clients = Object.fromEntries(kept);
  else delete s.source.clients;
}

/** The default generator's source: what a trace gives way to when no generator was used before. */
export function defaultWorkloadSource(): WorkloadSource {
  return { kind: 'workload', workload: { kind: 'random', blocks: 32768 } };
}

/**
 * Paper 002's Figure 2 setting: two clients on one TPC-H database, one running query 3 (its
 * scans repeated: loops), one query 7 (index lookups), over one array, MC² managing them all;
 * every cache a quarter of the database (the aggregate a client sees is half of it); costs
 * C1 = 1 µs, C2 = D2 = 200 µs (a 1 Gbit/s FC link), C_disk = 10 ms.
 */
export function mc2Example(s: Scenario): void {
  const size = Math.round(workloadFacts({ kind: 'tpch', query: 'q3', scale: 1 }).blocks / 4);
  s.topology = {
    kind: 'tree',
    caches: [
      { name: 'array', capacity: size, policy: { kind: 'lru' }, disk: { kind: 'constant', serviceMs: 10 } },
      { name: 'q3', capacity: size, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
      { name: 'q7', capacity: size, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
    ],
  };
  s.protocol = { kind: 'mc2' };
  delete s.du;
  delete s.se;
  s.clientHitMs = 0.001;
  s.source = {
    kind: 'workload',
    workload: { kind: 'tpch', query: 'q3' },
    clients: { q3: { kind: 'tpch', query: 'q3' }, q7: { kind: 'tpch', query: 'q7' } },
    sharing: { kind: 'shared', fraction: 1 },
  };
}

/**
 * Which client (leaf name) each of a trace's clients drives, as the engine assigns them: in
 * order of appearance, all to the first, or by the map; null where none does. `ids`: the
 * trace's client ids in the order they appear.
 */
export function traceAssignment(s: Scenario, ids: readonly number[]): (string | null)[] {
  return (
    engine()
      .traceAssignment(s, Uint16Array.from(ids))
      ?.drives.map((d) => d ?? null) ?? ids.map(() => null)
  );
}

/**
 * The warm-up, in requests, that `s`'s trace source gives a trace of `requests`: its own, or the
 * engine's default (the first tenth); 0 for a generated source.
 */
export function traceWarmup(s: Scenario, requests: number): number {
  return engine().traceWarmup(s, requests) ?? 0;
}

/**
 * What the engine says when a trace's clients cannot all drive a client of the topology (more
 * of them than leaves in order of appearance, or one the map leaves out), at its field; null
 * when they can. The trace's clients are known only once it is read: the page checks this
 * beside Run.
 */
export function traceClientIssue(s: Scenario, ids: readonly number[]): ScenarioIssue | null {
  const issue = engine().traceAssignment(s, Uint16Array.from(ids))?.issue;
  return issue ? { path: issue.path.map(String).join('.'), at: issue.at, message: issue.message } : null;
}
