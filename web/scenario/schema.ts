// The scenario document (version 1) as a zod schema. It mirrors the engine's serde types in
// engine-wasm/crates/core/src/scenario.rs field for field, limits included, so the UI can say
// what is wrong before anything runs. The engine stays the authority: it re-validates every run.
import { z } from 'zod';
import { MAX_WAREHOUSES, OLTP_DEFAULTS, oltpPages } from './oltp';
import { MAX_TPCH_LOOKUPS, MAX_TPCH_SCALE, MIN_TPCH_SCALE, TPCH_DEFAULTS, tpchPages } from './tpch';

export const SCENARIO_VERSION = 1;
/** Largest cache and largest block universe, in blocks (engine: MAX_CAPACITY, MAX_BLOCKS). */
export const MAX_BLOCKS = 2 ** 25;
/** Zipf keeps an alias-table entry per block (engine: MAX_ZIPF_BLOCKS). */
export const MAX_ZIPF_BLOCKS = 2 ** 24;
/** Seeds must survive a trip through a JavaScript number (engine: MAX_SEED). */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;
/** Upper bound on warm-up plus measured requests (engine: MAX_REQUESTS). */
export const MAX_REQUESTS = 100_000_000_000;
export const MAX_NAME_LENGTH = 200;

const between = (min: number, max: number) => `must be between ${min} and ${max}`;

/** A number in [min, max]; `integer` also demands a whole number. NaN (an empty input) is refused. */
function num(min: number, max: number, integer = false) {
  const n = z.number({ error: 'must be a number' }).min(min, { error: between(min, max) }).max(max, { error: between(min, max) });
  // Not zod's .int(): it also refuses unsafe integers, and the range message says more.
  return integer ? n.refine(Number.isInteger, { error: 'must be a whole number' }) : n;
}

/** Every replacement policy the engine's `PolicyConfig` accepts (engine-wasm/crates/core/src/policy/mod.rs). */
export const POLICY_KINDS = [
  'lru',
  'mru',
  'fifo',
  'random',
  'clock',
  'sieve',
  'lfu',
  'slru',
  'lru-2',
  'arc',
  '2q',
  'lirs',
  'mq',
  'lru+hints',
  'mq+hints',
  'tq',
  's3-fifo',
  'w-tinylfu',
  'min',
  'read-opt',
] as const;
/** Policies that must see the whole reference string first: only a single cache may use them. */
export const OFFLINE_POLICY_KINDS: readonly PolicyKind[] = ['min', 'read-opt'];
/** Most block references an offline policy may precompute (engine: MAX_OFFLINE_REFS). */
export const MAX_OFFLINE_REQUESTS = 2 ** 24;

export const policySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('lru') }),
    z.strictObject({ kind: z.literal('mru') }),
    z.strictObject({ kind: z.literal('fifo') }),
    z.strictObject({ kind: z.literal('random') }),
    z.strictObject({ kind: z.literal('clock') }),
    z.strictObject({ kind: z.literal('sieve') }),
    z.strictObject({
      kind: z.literal('lfu'),
      /** Halve all frequencies every this many references; 0 = never (engine default). */
      agingPeriod: num(0, MAX_REQUESTS, true).optional(),
    }),
    z.strictObject({
      kind: z.literal('slru'),
      /** Share of the cache given to the protected segment (paper 001; engine default 0.8). */
      protectedShare: z
        .number({ error: 'must be a number' })
        .gt(0, { error: 'must be above 0 and below 1' })
        .lt(1, { error: 'must be above 0 and below 1' })
        .optional(),
    }),
    z.strictObject({ kind: z.literal('lru-2') }),
    z.strictObject({ kind: z.literal('arc') }),
    z.strictObject({ kind: z.literal('2q') }),
    z.strictObject({
      kind: z.literal('lirs'),
      /** Share of the cache for resident HIR blocks (engine default 0.01, the paper's 1 %). */
      hirShare: z
        .number({ error: 'must be a number' })
        .gt(0, { error: 'must be above 0 and below 1' })
        .lt(1, { error: 'must be above 0 and below 1' })
        .optional(),
    }),
    z.strictObject({
      kind: z.literal('mq'),
      /** References a block may go unreferenced before dropping a queue; 0 = the capacity (engine default). */
      lifeTime: num(0, MAX_REQUESTS, true).optional(),
    }),
    /** Paper 004's write-hint policies (LRU+Hints, MQ+Hints, TQ). */
    z.strictObject({ kind: z.literal('lru+hints') }),
    z.strictObject({ kind: z.literal('mq+hints'), lifeTime: num(0, MAX_REQUESTS, true).optional() }),
    z.strictObject({ kind: z.literal('tq') }),
    z.strictObject({
      kind: z.literal('s3-fifo'),
      /** Share of the cache given to the small FIFO (engine default 0.1). */
      smallShare: z
        .number({ error: 'must be a number' })
        .gt(0, { error: 'must be above 0 and below 1' })
        .lt(1, { error: 'must be above 0 and below 1' })
        .optional(),
    }),
    z.strictObject({
      kind: z.literal('w-tinylfu'),
      /** Share of the cache for the LRU window (engine default 0.01). */
      windowShare: z
        .number({ error: 'must be a number' })
        .gt(0, { error: 'must be above 0 and below 1' })
        .lt(1, { error: 'must be above 0 and below 1' })
        .optional(),
    }),
    z.strictObject({ kind: z.literal('min') }),
    z.strictObject({ kind: z.literal('read-opt') }),
  ],
  { error: `must be one of ${POLICY_KINDS.join(', ')}` },
);
export type PolicyConfig = z.infer<typeof policySchema>;
export type PolicyKind = z.infer<typeof policySchema>['kind'];

export const cacheSchema = z.strictObject({
  capacity: num(1, MAX_BLOCKS, true),
  policy: policySchema,
  /** Paper 003's CO: cold blocks (not among the last `capacity` accesses) enter at the eviction end. */
  co: z.boolean({ error: 'must be true or false' }).optional(),
});

/** AC_CA's default number of victim candidates (engine: DEFAULT_AC_CA_K). */
export const DEFAULT_AC_CA_K = 4;

export const protocolSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({ kind: z.literal('demote') }),
    /** Paper 003's eviction-based placement: the array reloads the client's evictions from disk. */
    z.strictObject({ kind: z.literal('ha-r') }),
    /** Paper 003's client-controlled caching (ULC-style): each block lives in exactly one level. */
    z.strictObject({ kind: z.literal('ac-cc') }),
    /** Paper 003's content-aware client: evicts, among its next k victims, the first the array holds. */
    z.strictObject({ kind: z.literal('ac-ca'), k: num(1, 1024, true).optional() }),
    /** Paper 002's MC² with Karma: partitions by the clients' range hints (trees of clients over one array). */
    z.strictObject({ kind: z.literal('mc2') }),
  ],
  { error: 'must be one of none, demote, ha-r, ac-cc, ac-ca, mc2' },
);

export const LINK_PRESET_IDS = ['fc-1g', 'vi-fc', 'ip-storage', 'future-san', 'eth-100m', 'eth-10m'] as const;
export type LinkPresetId = (typeof LINK_PRESET_IDS)[number];

export const linkSchema = z.discriminatedUnion(
  'preset',
  [
    z.strictObject({ preset: z.enum(LINK_PRESET_IDS) }),
    z.strictObject({
      preset: z.literal('custom'),
      latencyUs: num(0, 10_000_000),
      bandwidthMbit: z
        .number({ error: 'must be a number' })
        .gt(0, { error: 'must be above 0 and at most 10000000' })
        .max(10_000_000, { error: 'must be above 0 and at most 10000000' }),
    }),
  ],
  { error: `must be one of ${[...LINK_PRESET_IDS, 'custom'].join(', ')}` },
);
export type LinkConfig = z.infer<typeof linkSchema>;

/** The calibrated mechanical drive (engine: hierarchy/disk.rs `Mechanical::CALIBRATED`). */
export const MECHANICAL_DEFAULTS = {
  rpm: 5400,
  overheadMs: 1.2,
  minSeekMs: 2,
  maxSeekMs: 15,
  capacityGiB: 4,
  mediaMBps: 10,
  busMBps: 20,
  readAheadKiB: 512,
} as const;

export const diskSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('constant'), serviceMs: num(0, 100_000) }),
    z
      .strictObject({
        kind: z.literal('mechanical'),
        rpm: num(60, 100_000).optional(),
        overheadMs: num(0, 1000).optional(),
        minSeekMs: num(0, 1000).optional(),
        maxSeekMs: num(0, 1000).optional(),
        capacityGiB: num(0.001, 1_000_000).optional(),
        mediaMBps: num(0.001, 1_000_000).optional(),
        busMBps: num(0.001, 1_000_000).optional(),
        readAheadKiB: num(0, 1_048_576).optional(),
      })
      .check((ctx) => {
        const d = ctx.value;
        const min = d.minSeekMs ?? MECHANICAL_DEFAULTS.minSeekMs;
        const max = d.maxSeekMs ?? MECHANICAL_DEFAULTS.maxSeekMs;
        if (max < min) ctx.issues.push({ code: 'custom', input: d, path: ['maxSeekMs'], message: `must be between ${min} and 1000` });
      }),
  ],
  { error: 'must be one of constant, mechanical' },
);
export type DiskConfig = z.infer<typeof diskSchema>;

/** Most blocks one generated request may span (engine: MAX_REQUEST_BLOCKS). */
export const MAX_REQUEST_BLOCKS = 1024;

const workloadFields = {
  blocks: num(1, MAX_BLOCKS, true),
  /** Consecutive blocks per request (paper 001's multi-block requests); the engine's default is 1. */
  requestBlocks: num(1, MAX_REQUEST_BLOCKS, true).optional(),
  /** Requests before measuring starts; the engine's default is `blocks` (paper 000 §4.4). */
  warmupRequests: num(0, MAX_REQUESTS, true).optional(),
  /** Measured requests; the engine's default is 10 × `blocks`. */
  measuredRequests: num(1, MAX_REQUESTS, true).optional(),
};

type Issues = { code: 'custom'; input: unknown; path: (string | number)[]; message: string }[];

const randomVariant = z.strictObject({ kind: z.literal('random'), ...workloadFields });
const sequentialVariant = z.strictObject({ kind: z.literal('sequential'), ...workloadFields });
const zipfVariant = z.strictObject({
  kind: z.literal('zipf'),
  ...workloadFields,
  /** Popularity skew: block i with probability ∝ 1/(i+1)^alpha (engine default 1). */
  alpha: num(0, 10).optional(),
});
/** Scans, loops and random reads mixed (engine: workload::mix); shares default to ⅓, ⅓, hot ⅕. */
const mixVariant = z.strictObject({
  kind: z.literal('mix'),
  ...workloadFields,
  scanShare: num(0, 1).optional(),
  loopShare: num(0, 1).optional(),
  hotShare: num(0, 1).optional(),
  segment: num(1, 2 ** 30, true).optional(),
});

/** Paper 004's TPC-C-like client behind a DBMS buffer pool, its writes tagged SYNCH/REPLACE/RECOV (engine: workload::oltp). */
const oltpVariant = z.strictObject({
  kind: z.literal('oltp'),
  warehouses: num(1, MAX_WAREHOUSES, true).optional(),
  /** Buffer pool pages; the engine's default is half the initial database. */
  bufferPool: num(1, MAX_BLOCKS, true).optional(),
  /** Recovery bound in % of a log file (DB2's softmax). */
  softmax: num(1, 100_000, true).optional(),
  /** Dirty share of the pool above which page cleaners write replacement candidates. */
  dirtyThreshold: z
    .number({ error: 'must be a number' })
    .gt(0, { error: 'must be above 0 and at most 1' })
    .max(1, { error: 'must be above 0 and at most 1' })
    .optional(),
  /** storage (default): what the pool sends the server; buffer: every page reference, importance-hinted (paper 003's buffer trace). */
  stream: z.enum(['storage', 'buffer'], { error: 'must be one of storage, buffer' }).optional(),
  warmupRequests: num(0, MAX_REQUESTS, true).optional(),
  measuredRequests: num(1, MAX_REQUESTS, true).optional(),
});
export type OltpWorkload = z.infer<typeof oltpVariant>;

/** Paper 002's TPC-H-like client: query 3's repeated scans or query 7's index lookups, every request tagged with its range (engine: workload::tpch). */
const tpchVariant = z.strictObject({
  kind: z.literal('tpch'),
  query: z.enum(['q3', 'q7'], { error: 'must be one of q3, q7' }),
  /** Multiplies the tables and index leaves (8,551 pages at 1). */
  scale: num(MIN_TPCH_SCALE, MAX_TPCH_SCALE).optional(),
  /** Index lookups per execution of query 7. */
  lookups: num(1, MAX_TPCH_LOOKUPS, true).optional(),
  /** (x, y): x % of query 7's data-page reads go to y % of each table's pages. */
  skew: z
    .tuple([z.number({ error: 'must be a number' }), z.number({ error: 'must be a number' })], { error: 'must be [x, y]' })
    .refine(([x, y]) => x > 0 && x <= 100 && y > 0 && y < 100, { error: 'needs 0 < x ≤ 100 and 0 < y < 100' })
    .optional(),
  warmupRequests: num(0, MAX_REQUESTS, true).optional(),
  measuredRequests: num(1, MAX_REQUESTS, true).optional(),
});
export type TpchWorkload = z.infer<typeof tpchVariant>;

/** Checks a generator's fields beyond their types; `path` leads to it. */
function checkGenerator(w: z.infer<typeof generatorUnion>, issues: Issues, path: (string | number)[]) {
  const issue = (at: string, message: string) => issues.push({ code: 'custom', input: w, path: [...path, at], message });
  if (w.kind === 'zipf' && w.blocks > MAX_ZIPF_BLOCKS) issue('blocks', `a Zipf workload may span at most ${MAX_ZIPF_BLOCKS} blocks`);
  if (w.requestBlocks !== undefined && w.requestBlocks > w.blocks) {
    issue('requestBlocks', `must be between 1 and ${Math.min(MAX_REQUEST_BLOCKS, w.blocks)} (got ${w.requestBlocks})`);
  }
  if (w.kind === 'mix') {
    const scan = w.scanShare ?? 1 / 3;
    const loop = w.loopShare ?? 1 / 3;
    if (scan + loop > 1 + 1e-9) issue('loopShare', `must be between 0 and 1 − scanShare (got ${loop})`);
    if (w.hotShare === 0) issue('hotShare', 'must be above 0 and at most 1 (got 0)');
  }
  const total = (w.warmupRequests ?? w.blocks) + (w.measuredRequests ?? w.blocks * 10);
  if (total > MAX_REQUESTS) issue('measuredRequests', `warm-up plus measured requests must not exceed ${MAX_REQUESTS}`);
}

const generatorUnion = z.discriminatedUnion('kind', [randomVariant, sequentialVariant, zipfVariant, mixVariant], {
  error: 'must be one of random, sequential, zipf, mix',
});
/** A generator: every workload but phases. */
export const generatorSchema = generatorUnion.check((ctx) => checkGenerator(ctx.value, ctx.issues as Issues, []));
export type Generator = z.infer<typeof generatorSchema>;

/** Most phases in one workload (engine: MAX_PHASES). */
export const MAX_PHASES = 16;

const phaseSchema = z.strictObject({
  workload: generatorSchema,
  requests: num(1, MAX_REQUESTS, true),
  offset: num(0, MAX_BLOCKS, true).optional(),
});
export type PhaseConfig = z.infer<typeof phaseSchema>;

/** Phase changes: generators one after another (engine: WorkloadConfig::Phases). */
const phasesVariant = z.strictObject({
  kind: z.literal('phases'),
  phases: z
    .array(phaseSchema, { error: 'must be a list of phases' })
    .min(1, { error: `must list 1 to ${MAX_PHASES} phases` })
    .max(MAX_PHASES, { error: `must list 1 to ${MAX_PHASES} phases` }),
  warmupRequests: num(0, MAX_REQUESTS, true).optional(),
});

/** The database clients' checks beyond their types: OLTP's buffer pool within its database (TPC-H has none). */
function checkDatabase(w: OltpWorkload | TpchWorkload, issues: Issues) {
  if (w.kind === 'oltp') {
    const { initial } = oltpPages(w.warehouses ?? OLTP_DEFAULTS.warehouses);
    if (w.bufferPool !== undefined && w.bufferPool > initial) {
      issues.push({ code: 'custom', input: w, path: ['bufferPool'], message: `must be between 1 and the database's ${initial} pages (got ${w.bufferPool})` });
    }
  }
}

/** What one client of a tree may run: any workload but phases. */
export const clientWorkloadSchema = z
  .discriminatedUnion('kind', [randomVariant, sequentialVariant, zipfVariant, mixVariant, oltpVariant, tpchVariant], {
    error: 'must be one of random, sequential, zipf, mix, oltp, tpch',
  })
  .check((ctx) => {
    const w = ctx.value;
    if (w.kind === 'oltp' || w.kind === 'tpch') return checkDatabase(w, ctx.issues as Issues);
    checkGenerator(w, ctx.issues as Issues, []);
  });
export type ClientWorkload = z.infer<typeof clientWorkloadSchema>;

export const workloadSchema = z
  .discriminatedUnion('kind', [randomVariant, sequentialVariant, zipfVariant, mixVariant, oltpVariant, tpchVariant, phasesVariant], {
    error: 'must be one of random, sequential, zipf, mix, oltp, tpch, phases',
  })
  .check((ctx) => {
    const w = ctx.value;
    const issues = ctx.issues as Issues;
    if (w.kind === 'oltp' || w.kind === 'tpch') return checkDatabase(w, issues);
    if (w.kind !== 'phases') return checkGenerator(w, issues, []);
    w.phases.forEach((p, i) => {
      if ((p.offset ?? 0) + p.workload.blocks > MAX_BLOCKS) {
        issues.push({ code: 'custom', input: w, path: ['phases', i, 'offset'], message: `the phase's blocks must stay below ${MAX_BLOCKS}` });
      }
    });
    const [, measured] = workloadRequests(w);
    if (measured === 0) issues.push({ code: 'custom', input: w, path: ['warmupRequests'], message: 'leaves nothing to measure' });
  });
export type Workload = z.infer<typeof workloadSchema>;

/** The blocks a workload spans (phases: the highest phase's end). */
export function workloadBlocks(w: Workload): number {
  if (w.kind === 'oltp') return oltpPages(w.warehouses ?? OLTP_DEFAULTS.warehouses).universe;
  if (w.kind === 'tpch') return tpchPages(w.scale ?? TPCH_DEFAULTS.scale);
  return w.kind === 'phases' ? Math.max(...w.phases.map((p) => (p.offset ?? 0) + p.workload.blocks)) : w.blocks;
}

/** `[warm-up, measured]` requests, with the engine's defaults. */
export function workloadRequests(w: Workload): [number, number] {
  if (w.kind === 'phases') {
    const total = w.phases.reduce((a, p) => a + p.requests, 0);
    const warmup = Math.min(total, w.warmupRequests ?? w.phases[0]?.requests ?? 0);
    return [warmup, total - warmup];
  }
  const blocks = workloadBlocks(w);
  return [w.warmupRequests ?? blocks, w.measuredRequests ?? blocks * 10];
}

/** Blocks per request (the most, over phases). */
export function workloadRequestBlocks(w: Workload): number {
  if (w.kind === 'oltp' || w.kind === 'tpch') return 1;
  return w.kind === 'phases' ? Math.max(...w.phases.map((p) => p.workload.requestBlocks ?? 1)) : (w.requestBlocks ?? 1);
}
export type WorkloadKind = z.infer<typeof workloadSchema>['kind'];

const blockSize = z
  .number({ error: 'must be a number' })
  .refine((n) => Number.isInteger(n) && n >= 512 && n <= 1_048_576 && (n & (n - 1)) === 0, {
    error: 'must be a power of two from 512 to 1048576',
  });

/** Most caches in one tree, and most clients (leaves) (engine: forest::MAX_CACHES, MAX_CLIENTS). */
export const MAX_TREE_CACHES = 64;
export const MAX_TREE_CLIENTS = 32;

export const sharingSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('disjoint') }),
    z.strictObject({ kind: z.literal('conjoint') }),
    z.strictObject({ kind: z.literal('shared'), fraction: num(0, 1) }),
  ],
  { error: 'must be one of disjoint, conjoint, shared' },
);
export type Sharing = z.infer<typeof sharingSchema>;

export const arrivalsSchema = z.discriminatedUnion(
  'arrivals',
  [
    z.strictObject({ arrivals: z.literal('closed') }),
    z.strictObject({
      arrivals: z.literal('open'),
      meanInterarrivalMs: z
        .number({ error: 'must be a number' })
        .gt(0, { error: 'must be above 0 and at most 1000000' })
        .max(1_000_000, { error: 'must be above 0 and at most 1000000' }),
    }),
  ],
  { error: 'must be one of closed, open' },
);
export type Arrivals = z.infer<typeof arrivalsSchema>;

/** One cache of a tree (engine: forest::ForestCache). */
export const treeCacheSchema = z.strictObject({
  name: z.string({ error: 'must be text' }).refine((n) => n.trim().length > 0 && n.length <= 40, { error: 'must be 1 to 40 characters' }),
  capacity: num(1, MAX_BLOCKS, true),
  policy: policySchema,
  co: z.boolean({ error: 'must be true or false' }).optional(),
  /** The cache above, by name; absent for a root, which then has a disk. */
  parent: z.string({ error: 'must be text' }).optional(),
  link: linkSchema.optional(),
  disk: diskSchema.optional(),
  workload: clientWorkloadSchema.optional(),
});
export type TreeCache = z.infer<typeof treeCacheSchema>;

export const treeSchema = z
  .strictObject({
    caches: z
      .array(treeCacheSchema, { error: 'must be a list of caches' })
      .min(1, { error: `must list 1 to ${MAX_TREE_CACHES} caches` })
      .max(MAX_TREE_CACHES, { error: `must list 1 to ${MAX_TREE_CACHES} caches` }),
    sharing: sharingSchema.optional(),
    /** Absent: the additive latency model. */
    queueing: arrivalsSchema.optional(),
    /** Time each client alone too, for speedups and fairness (engine default true). */
    fairness: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .check((ctx) => {
    const t = ctx.value;
    const issue = (path: (string | number)[], message: string) => ctx.issues.push({ code: 'custom', input: t, path, message });
    const names = t.caches.map((c) => c.name);
    t.caches.forEach((c, i) => {
      if (names.indexOf(c.name) !== i) issue(['caches', i, 'name'], `"${c.name}" names two caches`);
      if (OFFLINE_POLICY_KINDS.includes(c.policy.kind)) {
        issue(['caches', i, 'policy'], `${c.policy.kind} is offline: only a single cache (topology "single") can run it`);
      }
      if (c.parent === undefined) {
        if (!c.disk) issue(['caches', i, 'disk'], `"${c.name}" has no parent, so it needs a disk`);
      } else {
        if (c.parent === c.name) issue(['caches', i, 'parent'], 'a cache cannot be its own parent');
        else if (!names.includes(c.parent)) issue(['caches', i, 'parent'], `no cache is named "${c.parent}"`);
        if (c.disk) issue(['caches', i, 'disk'], `only a root has a disk; "${c.name}" has a parent`);
      }
    });
    // Every walk upwards must reach a root within n steps.
    t.caches.forEach((c, i) => {
      let at: TreeCache | undefined = c;
      for (let step = 0; step <= t.caches.length && at?.parent !== undefined; step++) {
        at = t.caches.find((o) => o.name === at!.parent);
      }
      if (at && at.parent !== undefined && names.includes(at.parent)) {
        issue(['caches', i, 'parent'], `the caches above "${c.name}" form a cycle: it has no path to a disk`);
      }
    });
    const leaves = t.caches.filter((c) => !t.caches.some((o) => o.parent === c.name));
    if (t.caches.length === 0) return;
    if (leaves.length > MAX_TREE_CLIENTS) issue(['caches'], `at most ${MAX_TREE_CLIENTS} clients (leaves), got ${leaves.length}`);
    t.caches.forEach((c, i) => {
      if (c.workload && !leaves.includes(c)) {
        issue(['caches', i, 'workload'], `"${c.name}" is not a client (a leaf): only clients issue requests`);
      }
      if (c.workload && t.sharing?.kind === 'conjoint') {
        issue(['caches', i, 'workload'], "conjoint clients issue one stream: give every client the scenario's workload");
      }
    });
  });
export type TreeConfig = z.infer<typeof treeSchema>;

/** MC² runs clients directly over one array (engine: ForestConfig::validate). */
function checkMc2Shape(t: TreeConfig, issues: Issues) {
  const byName = new Map(t.caches.map((c) => [c.name, c]));
  const i = t.caches.findIndex((c) => c.parent !== undefined && byName.get(c.parent)?.parent !== undefined);
  if (i >= 0) {
    const c = t.caches[i];
    issues.push({
      code: 'custom',
      input: t,
      path: ['tree', 'caches', i, 'parent'],
      message: `MC² manages clients directly over one array (paper 002 §4's testbed): "${c.name}" sits below "${c.parent}", which is not a root`,
    });
    return;
  }
  const roots = t.caches.filter((c) => c.parent === undefined).length;
  if (roots !== 1 || roots === t.caches.length) {
    issues.push({ code: 'custom', input: t, path: ['tree', 'caches'], message: 'MC² needs exactly one array (root) with its clients directly below it' });
  }
}

/** The leaves of a tree, in order: its clients. */
export function treeClients(t: TreeConfig): TreeCache[] {
  return t.caches.filter((c) => !t.caches.some((o) => o.parent === c.name));
}

/** The engine's trace readers (engine: trace::Format). */
export const TRACE_FORMATS = ['csv', 'lines', 'msr', 'spc', 'blkparse', 'vscsi', 'oracle-general', 'k5cloud', 'tencent', 'alibaba'] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/** A trace file the scenario replays instead of its workload generator (engine: TraceRef). */
export const traceRefSchema = z.strictObject({
  name: z.string({ error: 'must be text' }).refine((n) => n.trim().length > 0 && n.length <= 200, { error: 'must be 1 to 200 characters' }),
  format: z.enum(TRACE_FORMATS, { error: `must be one of ${TRACE_FORMATS.join(', ')}` }).optional(),
  objectMode: z.boolean({ error: 'must be true or false' }).optional(),
  skipBad: z.boolean({ error: 'must be true or false' }).optional(),
  warmupRequests: num(0, 2 ** 53 - 1, true).optional(),
});
export type TraceRef = z.infer<typeof traceRefSchema>;

export const TOPOLOGIES = ['two-level', 'single', 'tree'] as const;
export type Topology = (typeof TOPOLOGIES)[number];

export const scenarioSchema = z
  .strictObject({
    version: z.literal(SCENARIO_VERSION, { error: `must be ${SCENARIO_VERSION}` }),
    name: z.string({ error: 'must be text' }).max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` }).default(''),
    seed: num(0, MAX_SEED, true),
    blockSize: blockSize.default(4096),
    /** Two levels (the default, left out of the JSON) or one cache — the `client` — over the disk. */
    topology: z.enum(TOPOLOGIES, { error: `must be one of ${TOPOLOGIES.join(', ')}` }).optional(),
    client: cacheSchema,
    array: cacheSchema,
    protocol: protocolSchema,
    /** Paper 003's DU at the array: drop, or leave next in line, what it sends up (absent: keep it). */
    du: z.enum(['drop', 'lru-end'], { error: 'must be one of drop, lru-end' }).optional(),
    /** Paper 003's SE: requests of importance 0 enter the client (and, under DEMOTE or AC_CC, the array) at the eviction end. */
    se: z.boolean({ error: 'must be true or false' }).optional(),
    link: linkSchema,
    disk: diskSchema,
    /** Cost of a client-cache hit, T_c (paper 000 uses 0). */
    clientHitMs: num(0, 100_000).default(0),
    workload: workloadSchema,
    /** The forest of caches when `topology` is `tree` (kept, unused, otherwise). */
    tree: treeSchema.optional(),
    /** A trace file to replay instead of the workload generator (kept, unused, then). */
    trace: traceRefSchema.optional(),
  })
  .check((ctx) => {
    const s = ctx.value;
    if (s.topology === 'tree' && s.trace) {
      ctx.issues.push({ code: 'custom', input: s, path: ['trace'], message: 'a trace drives one client: use the single or two-level topology' });
    }
    if (s.topology === 'tree') {
      if (!s.tree) ctx.issues.push({ code: 'custom', input: s, path: ['tree'], message: 'topology "tree" needs a tree: its caches, clients at the leaves' });
      if (s.protocol.kind === 'ac-cc') {
        ctx.issues.push({
          code: 'custom',
          input: s,
          path: ['protocol'],
          message: "AC_CC places blocks by one client's reuse distance over one array: use the two-level topology",
        });
      }
      if (s.protocol.kind === 'mc2' && s.tree) checkMc2Shape(s.tree, ctx.issues as Issues);
      if (s.se) {
        ctx.issues.push({ code: 'custom', input: s, path: ['se'], message: "SE reads each request's importance in one client's hierarchy: use the single or two-level topology" });
      }
    } else if (s.protocol.kind === 'mc2') {
      ctx.issues.push({
        code: 'custom',
        input: s,
        path: ['protocol'],
        message: 'MC² shares an array among clients by their range hints: choose the tree topology (one client over an array works too)',
      });
    }
    // In a single cache the array is unused, so only the client's policy matters there.
    for (const level of s.topology === 'single' || s.topology === 'tree' ? [] : (['client', 'array'] as const)) {
      const kind = s[level].policy.kind;
      if (OFFLINE_POLICY_KINDS.includes(kind)) {
        ctx.issues.push({
          code: 'custom',
          input: s,
          path: [level, 'policy'],
          message: `${kind} is offline: it must know every reference in advance, which only a single cache (topology "single") does`,
        });
      }
    }
    if (s.topology === 'single' && OFFLINE_POLICY_KINDS.includes(s.client.policy.kind)) {
      const w = s.workload;
      const [warm, measured] = workloadRequests(w);
      const total = (warm + measured) * workloadRequestBlocks(w);
      if (total > MAX_OFFLINE_REQUESTS) {
        ctx.issues.push({
          code: 'custom',
          input: s,
          path: ['client', 'policy'],
          message: `${s.client.policy.kind} precomputes the whole run: at most ${MAX_OFFLINE_REQUESTS} block references (got ${total})`,
        });
      }
    }
  });

export type Scenario = z.infer<typeof scenarioSchema>;

/** One problem with a scenario: `path` is dotted ("client.capacity"), `message` says what is wanted. */
export interface ScenarioIssue {
  path: string;
  message: string;
}

export type ScenarioCheck = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

/** Validates anything claiming to be a scenario, collecting every problem with its field path. */
export function checkScenario(value: unknown): ScenarioCheck {
  const result = scenarioSchema.safeParse(value);
  if (result.success) return { ok: true, scenario: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}

/** "scenario.client.capacity: must be between 1 and 33554432" — the engine's wording for paths. */
export function describeIssue(issue: ScenarioIssue): string {
  // The engine writes list positions in brackets: scenario.tree.caches[4].parent.
  const path = issue.path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  return path ? `scenario.${path}: ${issue.message}` : `scenario: ${issue.message}`;
}
