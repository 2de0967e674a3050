// The scenario document (version 4) as a zod schema, for the form: it says what is wrong, field
// by field, as the user types, before anything runs. The engine stays the authority: it
// re-validates every run, and it alone reads (and migrates) earlier versions.
// What lives once, in the engine (web/generated/engine.ts, generated from the Rust types): the
// document's TypeScript types (./engine-types.ts fails the type check when this schema and them
// differ in a policy, field or value), the limits, the policy catalogue this file builds the
// policy checks from, and the database layouts. The rules types alone cannot say are restated
// below in the engine's order (`Scenario::validate`) and held to it by tests/unit/schema.test.ts.
import { z } from 'zod';
import {
  DEFAULT_ADMISSION_PROBABILITY,
  DEFAULT_AC_CA_K,
  DEFAULT_PREFETCH_TRIGGER,
  DEFAULT_PREFETCH_WINDOW,
  MAX_PREFETCH_TRIGGER,
  MAX_PREFETCH_WINDOW,
  MAX_AC_CA_K,
  MAX_BLOCKS,
  MAX_CAPACITY,
  MAX_NAME_LENGTH,
  MAX_OFFLINE_REQUESTS,
  MAX_PHASES,
  MAX_REQUEST_BLOCKS,
  MAX_REQUESTS,
  MAX_SEED,
  MAX_TREE_CACHES,
  MAX_TREE_CLIENTS,
  MAX_ZIPF_BLOCKS,
  POLICY_CATALOGUE,
  SCENARIO_VERSION,
  TRACE_FORMATS,
  type PolicyConfig as EnginePolicyConfig,
  type TraceFormat,
} from '../generated/engine';
import { MAX_WAREHOUSES, OLTP_DEFAULTS, oltpPages } from './oltp';
import { MAX_TPCH_LOOKUPS, MAX_TPCH_SCALE, MIN_TPCH_SCALE, TPCH_DEFAULTS, tpchPages } from './tpch';

export {
  DEFAULT_AC_CA_K,
  MAX_AC_CA_K,
  MAX_BLOCKS,
  MAX_CAPACITY,
  MAX_NAME_LENGTH,
  MAX_OFFLINE_REQUESTS,
  MAX_PHASES,
  MAX_REQUEST_BLOCKS,
  MAX_REQUESTS,
  MAX_SEED,
  MAX_TREE_CACHES,
  MAX_TREE_CLIENTS,
  MAX_ZIPF_BLOCKS,
  POLICY_CATALOGUE,
  SCENARIO_VERSION,
  TRACE_FORMATS,
  type TraceFormat,
};

const between = (min: number, max: number) => `must be between ${min} and ${max}`;

/** A number in [min, max]; `integer` also demands a whole number. NaN (an empty input) is refused. */
function num(min: number, max: number, integer = false) {
  const n = z
    .number({ error: 'must be a number' })
    .min(min, { error: between(min, max) })
    .max(max, { error: between(min, max) });
  // Not zod's .int(): it also refuses unsafe integers, and the range message says more.
  return integer ? n.refine(Number.isInteger, { error: 'must be a whole number' }) : n;
}

/** A share strictly between 0 and 1. */
const share = () =>
  z
    .number({ error: 'must be a number' })
    .gt(0, { error: 'must be above 0 and below 1' })
    .lt(1, { error: 'must be above 0 and below 1' });

/** One policy's entry in the engine's catalogue: label, kind of cache, parameters with ranges and defaults. */
export type PolicyInfo = (typeof POLICY_CATALOGUE)[number];
export type PolicyParam = PolicyInfo['params'][number];
/** A policy as a document may write it: its parameters may be left out (the engine's defaults). */
export type PolicyConfig = EnginePolicyConfig extends infer P
  ? P extends { kind: infer K }
    ? { kind: K } & Partial<Omit<P, 'kind'>>
    : never
  : never;
export type PolicyKind = PolicyConfig['kind'];

/** Every replacement policy the engine has, online ones first (engine: policy::catalogue). */
export const POLICY_KINDS: readonly PolicyKind[] = POLICY_CATALOGUE.map((p) => p.kind);
/** Policies that must see the whole reference string first: a cache whose stream is known before the run (engine: validate_offline). */
export const OFFLINE_POLICY_KINDS: readonly PolicyKind[] = POLICY_CATALOGUE.filter((p) => p.offline).map((p) => p.kind);

/** `kind`'s catalogue entry. */
export function policyInfo(kind: PolicyKind): PolicyInfo {
  return POLICY_CATALOGUE.find((p) => p.kind === kind)!;
}

/** A parameter's value in `policy`, or the engine's default when it is left out. */
export function paramValue(policy: PolicyConfig, param: PolicyParam): number {
  const v = (policy as Record<string, unknown>)[param.name];
  return typeof v === 'number' ? v : param.default;
}

function paramSchema(p: PolicyParam) {
  return (p.unit === 'share' ? share() : num(p.min, p.max, true)).optional();
}

/** Each policy's object: its `kind` and its optional parameters, each within the engine's range. */
export const policySchema = z.discriminatedUnion(
  'kind',
  POLICY_CATALOGUE.map((p) =>
    z.strictObject({
      kind: z.literal(p.kind),
      ...Object.fromEntries(p.params.map((q: PolicyParam) => [q.name, paramSchema(q)])),
    }),
  ) as unknown as [z.ZodObject<{ kind: z.ZodLiteral<PolicyKind> }>],
  { error: `must be one of ${POLICY_KINDS.join(', ')}` },
) as unknown as z.ZodType<PolicyConfig, PolicyConfig>;

/** An admission filter in front of a cache's policy (engine: policy::admission::AdmissionConfig). */
export const admissionSchema = z.discriminatedUnion(
  'kind',
  [
    /** TinyLFU with its doorkeeper: a block gets in only if more frequent than the victim. */
    z.strictObject({ kind: z.literal('tinylfu') }),
    /** Each brought-in block gets in with this probability (seeded). */
    z.strictObject({
      kind: z.literal('probabilistic'),
      probability: z
        .number({ error: 'must be a number' })
        .refine((p) => p > 0 && p <= 1, { error: 'must be above 0 and at most 1' })
        .optional(),
    }),
    /** A block gets in on its second miss within the window (Bloom filters). */
    z.strictObject({ kind: z.literal('second-hit') }),
  ],
  { error: 'must be one of tinylfu, probabilistic, second-hit' },
);
export type AdmissionConfig = z.infer<typeof admissionSchema>;
export const ADMISSION_KINDS = [
  { value: 'tinylfu', label: 'TinyLFU (doorkeeper)' },
  { value: 'probabilistic', label: 'Probabilistic' },
  { value: 'second-hit', label: 'Second hit (Bloom)' },
] as const satisfies readonly { value: AdmissionConfig['kind']; label: string }[];
export { DEFAULT_ADMISSION_PROBABILITY };

/** A cache's prefetching (engine: hierarchy::prefetch::PrefetchConfig); the ranges are the engine's. */
export const prefetchSchema = z.discriminatedUnion(
  'kind',
  [
    /** One-block lookahead: on a read miss for b, b + 1 comes too. */
    z.strictObject({ kind: z.literal('lookahead') }),
    /** Sequential read-ahead: after `trigger` consecutive blocks, the next `window` are kept ahead. */
    z.strictObject({
      kind: z.literal('readahead'),
      trigger: num(1, MAX_PREFETCH_TRIGGER, true).optional(),
      window: num(1, MAX_PREFETCH_WINDOW, true).optional(),
    }),
  ],
  { error: 'must be one of lookahead, readahead' },
);
export type PrefetchConfig = z.infer<typeof prefetchSchema>;
export const PREFETCH_KINDS = [
  { value: 'lookahead', label: 'One-block lookahead' },
  { value: 'readahead', label: 'Sequential read-ahead' },
] as const satisfies readonly { value: PrefetchConfig['kind']; label: string }[];
export { DEFAULT_PREFETCH_TRIGGER, DEFAULT_PREFETCH_WINDOW, MAX_PREFETCH_TRIGGER, MAX_PREFETCH_WINDOW };

export const cacheSchema = z.strictObject({
  capacity: num(1, MAX_CAPACITY, true),
  policy: policySchema,
  /** Paper 003's CO: cold blocks (not among the last `capacity` accesses) enter at the eviction end. */
  co: z.boolean({ error: 'must be true or false' }).optional(),
  admission: admissionSchema.optional(),
  prefetch: prefetchSchema.optional(),
});

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
    z.strictObject({ kind: z.literal('ac-ca'), k: num(1, MAX_AC_CA_K, true).optional() }),
    /** Paper 002's MC² with Karma: partitions by the clients' range hints (clients directly over one array). */
    z.strictObject({
      kind: z.literal('mc2'),
      /** 1: scenario version 1's MC² (the array's unclaimed space idle); 2 (absent): lent to whoever misses. */
      revision: z.union([z.literal(1), z.literal(2)], { error: 'MC² has revisions 1 and 2' }).optional(),
    }),
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
        if (max < min)
          ctx.issues.push({
            code: 'custom',
            input: d,
            path: ['maxSeekMs'],
            message: `must be between ${min} and 1000`,
          });
      }),
  ],
  { error: 'must be one of constant, mechanical' },
);
export type DiskConfig = z.infer<typeof diskSchema>;

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
  /** The generator: 1 (absent = 1, every document shared before model 2) or 2 (DB2's page cleaning and page sizing). */
  model: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }).optional(),
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
    .tuple([z.number({ error: 'must be a number' }), z.number({ error: 'must be a number' })], {
      error: 'must be [x, y]',
    })
    .refine(([x, y]) => x > 0 && x <= 100 && y > 0 && y < 100, { error: 'needs 0 < x ≤ 100 and 0 < y < 100' })
    .optional(),
  warmupRequests: num(0, MAX_REQUESTS, true).optional(),
  measuredRequests: num(1, MAX_REQUESTS, true).optional(),
});
export type TpchWorkload = z.infer<typeof tpchVariant>;

/** Checks a generator's fields beyond their types; `path` leads to it. */
function checkGenerator(w: z.infer<typeof generatorUnion>, issues: Issues, path: (string | number)[]) {
  const issue = (at: string, message: string) =>
    issues.push({ code: 'custom', input: w, path: [...path, at], message });
  if (w.kind === 'zipf' && w.blocks > MAX_ZIPF_BLOCKS)
    issue('blocks', `a Zipf workload may span at most ${MAX_ZIPF_BLOCKS} blocks`);
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
    const { initial } = oltpPages(w.warehouses ?? OLTP_DEFAULTS.warehouses, w.model ?? 1);
    if (w.bufferPool !== undefined && w.bufferPool > initial) {
      issues.push({
        code: 'custom',
        input: w,
        path: ['bufferPool'],
        message: `must be between 1 and the database's ${initial} pages (got ${w.bufferPool})`,
      });
    }
  }
}

export const workloadSchema = z
  .discriminatedUnion(
    'kind',
    [randomVariant, sequentialVariant, zipfVariant, mixVariant, oltpVariant, tpchVariant, phasesVariant],
    {
      error: 'must be one of random, sequential, zipf, mix, oltp, tpch, phases',
    },
  )
  .check((ctx) => {
    const w = ctx.value;
    const issues = ctx.issues as Issues;
    if (w.kind === 'oltp' || w.kind === 'tpch') return checkDatabase(w, issues);
    if (w.kind !== 'phases') return checkGenerator(w, issues, []);
    w.phases.forEach((p, i) => {
      if ((p.offset ?? 0) + p.workload.blocks > MAX_BLOCKS) {
        issues.push({
          code: 'custom',
          input: w,
          path: ['phases', i, 'offset'],
          message: `the phase's blocks must stay below ${MAX_BLOCKS}`,
        });
      }
    });
    const [, measured] = workloadRequests(w);
    if (measured === 0)
      issues.push({ code: 'custom', input: w, path: ['warmupRequests'], message: 'leaves nothing to measure' });
  });
export type Workload = z.infer<typeof workloadSchema>;

/** The blocks a workload spans (phases: the highest phase's end). */
export function workloadBlocks(w: Workload): number {
  if (w.kind === 'oltp') return oltpPages(w.warehouses ?? OLTP_DEFAULTS.warehouses, w.model ?? 1).universe;
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
export type CacheConfig = z.infer<typeof cacheSchema>;

const cacheName = z
  .string({ error: 'must be text' })
  .refine((n) => n.trim().length > 0 && n.length <= 40, { error: 'must be 1 to 40 characters' });

/** One cache of a tree (engine: scenario::TreeCache). The leaves are the clients, in list order. */
export const treeCacheSchema = z.strictObject({
  name: cacheName,
  capacity: num(1, MAX_CAPACITY, true),
  policy: policySchema,
  co: z.boolean({ error: 'must be true or false' }).optional(),
  admission: admissionSchema.optional(),
  prefetch: prefetchSchema.optional(),
  /** The cache above, by name; absent for a root, which then has a disk. */
  parent: z.string({ error: 'must be text' }).optional(),
  /** The link up to the parent (a root: to its disk); absent costs nothing. */
  link: linkSchema.optional(),
  disk: diskSchema.optional(),
});
export type TreeCache = z.infer<typeof treeCacheSchema>;

/** The shape of the hierarchy, carrying its caches (engine: scenario::Topology). */
export const topologySchema = z.discriminatedUnion(
  'kind',
  [
    /** One cache over a link to its disk. */
    z.strictObject({ kind: z.literal('single'), cache: cacheSchema, link: linkSchema, disk: diskSchema }),
    /** A client cache over an array cache over a disk (paper 000). */
    z.strictObject({
      kind: z.literal('two-level'),
      client: cacheSchema,
      array: cacheSchema,
      link: linkSchema,
      disk: diskSchema,
    }),
    /** Any forest: clients at the leaves, optional middle tiers, roots on their own disks. */
    z.strictObject({
      kind: z.literal('tree'),
      caches: z
        .array(treeCacheSchema, { error: 'must be a list of caches' })
        .min(1, { error: `must list 1 to ${MAX_TREE_CACHES} caches` })
        .max(MAX_TREE_CACHES, { error: `must list 1 to ${MAX_TREE_CACHES} caches` }),
    }),
  ],
  { error: 'must be one of single, two-level, tree' },
);
export type Topology = z.infer<typeof topologySchema>;
export type TopologyKind = Topology['kind'];
export const TOPOLOGY_KINDS = ['two-level', 'single', 'tree'] as const satisfies readonly TopologyKind[];
export type TreeTopology = Extract<Topology, { kind: 'tree' }>;

/** Which leaf each of a trace's clients (volume, host, CSV client column) drives (engine: TraceClients). */
export const traceClientsSchema = z.discriminatedUnion(
  'kind',
  [
    /** The trace's clients, in the order they first appear, drive the leaves in order (the default). */
    z.strictObject({ kind: z.literal('order') }),
    /** Every request goes to the first client: one stream. */
    z.strictObject({ kind: z.literal('merged') }),
    /** Trace client id (decimal) → leaf name; every client the trace has must be listed. */
    z.strictObject({
      kind: z.literal('map'),
      map: z.record(z.string(), z.string({ error: 'must be a cache name' }), {
        error: 'must map trace client ids to leaf names',
      }),
    }),
  ],
  { error: 'must be one of order, merged, map' },
);
export type TraceClients = z.infer<typeof traceClientsSchema>;

const workloadSource = z.strictObject({
  kind: z.literal('workload'),
  /** Every client's generator, unless `clients` names its own. */
  workload: workloadSchema,
  /** A tree's clients' own generators, by leaf name. */
  clients: z.record(z.string(), workloadSchema, { error: 'must map leaf names to workloads' }).optional(),
  /** How the clients' block ranges relate (absent: disjoint). */
  sharing: sharingSchema.optional(),
});

const traceSource = z.strictObject({
  kind: z.literal('trace'),
  name: z.string({ error: 'must be text' }).refine((n) => n.trim().length > 0 && n.length <= MAX_NAME_LENGTH, {
    error: `must be 1 to ${MAX_NAME_LENGTH} characters`,
  }),
  format: z.enum(TRACE_FORMATS, { error: `must be one of ${TRACE_FORMATS.join(', ')}` }).optional(),
  objectMode: z.boolean({ error: 'must be true or false' }).optional(),
  skipBad: z.boolean({ error: 'must be true or false' }).optional(),
  /** Requests replayed before measuring; absent: the first tenth of the trace. */
  warmupRequests: num(0, 2 ** 53 - 1, true).optional(),
  /** Absent: the trace's clients drive the leaves in order of appearance. */
  clients: traceClientsSchema.optional(),
});

/** Where the requests come from (engine: scenario::Source). */
export const sourceSchema = z.discriminatedUnion('kind', [workloadSource, traceSource], {
  error: 'must be one of workload, trace',
});
export type Source = z.infer<typeof sourceSchema>;
export type WorkloadSource = z.infer<typeof workloadSource>;
export type TraceSource = z.infer<typeof traceSource>;

// ---- the hierarchy as the engine sees it: caches, parents, each client's path --------------

/** One cache as the engine builds it (engine: scenario::Node). */
export interface ShapeNode {
  name: string;
  cache: CacheConfig;
  /** Index of the cache above; null for a root. */
  parent: number | null;
  link?: LinkConfig;
  disk?: DiskConfig;
  /** Where its settings live in the document ("topology.client", "topology.caches.2"). */
  path: (string | number)[];
}

/** Caches, leaves (the clients, in order) and each client's path to its root, its own cache first. */
export interface Shape {
  nodes: ShapeNode[];
  leaves: number[];
  paths: number[][];
}

/** The caches of a topology, named as the engine names them ("cache"; "client", "array"; a tree's own). */
export function shapeNodes(t: Topology): ShapeNode[] {
  if (t.kind === 'single')
    return [{ name: 'cache', cache: t.cache, parent: null, link: t.link, disk: t.disk, path: ['topology', 'cache'] }];
  if (t.kind === 'two-level') {
    return [
      { name: 'client', cache: t.client, parent: 1, link: t.link, path: ['topology', 'client'] },
      { name: 'array', cache: t.array, parent: null, disk: t.disk, path: ['topology', 'array'] },
    ];
  }
  const index = new Map<string, number>();
  for (const [i, c] of t.caches.entries()) if (!index.has(c.name)) index.set(c.name, i);
  return t.caches.map((c, i) => ({
    name: c.name,
    cache: {
      capacity: c.capacity,
      policy: c.policy,
      ...(c.co ? { co: true } : {}),
      ...(c.admission ? { admission: c.admission } : {}),
      ...(c.prefetch ? { prefetch: c.prefetch } : {}),
    },
    parent: c.parent === undefined ? null : (index.get(c.parent) ?? null),
    link: c.link,
    disk: c.disk,
    path: ['topology', 'caches', i],
  }));
}

/**
 * The shape of a topology: leaves in list order and each one's path up to its root. A cache
 * in a cycle (which the schema refuses) gets the path as far as it goes without repeating.
 */
export function shapeOf(t: Topology): Shape {
  const nodes = shapeNodes(t);
  const leaves = nodes.map((_, i) => i).filter((i) => !nodes.some((o) => o.parent === i));
  const paths = leaves.map((leaf) => {
    const path = [leaf];
    for (let p = nodes[leaf].parent; p !== null && !path.includes(p); p = nodes[p].parent) path.push(p);
    return path;
  });
  return { nodes, leaves, paths };
}

/** The leaves of a tree's caches, in order: its clients. */
export function treeLeaves(caches: readonly TreeCache[]): TreeCache[] {
  return caches.filter((c) => !caches.some((o) => o.parent === c.name));
}

/** The clients' names, in order ("cache" for a single cache, "client" for two levels). */
export function clientNames(t: Topology): string[] {
  const s = shapeOf(t);
  return s.leaves.map((i) => s.nodes[i].name);
}

// ---- the scenario ----------------------------------------------------------------------------

export const protocolNames: Record<Protocol['kind'], string> = {
  none: 'none',
  demote: 'DEMOTE',
  'ha-r': 'HA_R',
  'ac-cc': 'AC_CC',
  'ac-ca': 'AC_CA',
  mc2: 'MC²',
};
export type Protocol = z.infer<typeof protocolSchema>;
export type ProtocolKind = Protocol['kind'];

const scenarioObject = z.strictObject({
  version: z.literal(SCENARIO_VERSION, { error: `must be ${SCENARIO_VERSION}` }),
  name: z
    .string({ error: 'must be text' })
    .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` })
    .default(''),
  seed: num(0, MAX_SEED, true),
  blockSize: blockSize.default(4096),
  topology: topologySchema,
  /** How the caches cooperate; absent: the inclusive baseline (none). */
  protocol: protocolSchema.optional(),
  /** Paper 003's DU at every cache above the clients: drop, or leave next in line, what it sends up (absent: keep it). */
  du: z.enum(['drop', 'lru-end'], { error: 'must be one of drop, lru-end' }).optional(),
  /** Paper 003's SE: requests of importance 0 enter the client (and, under DEMOTE or AC_CC, the cache that keeps them above) at the eviction end. */
  se: z.boolean({ error: 'must be true or false' }).optional(),
  /** Cost of a client-cache hit, T_c; absent: 0 (paper 000). */
  clientHitMs: num(0, 100_000).optional(),
  /** Links, controllers and disks as FIFO servers; absent: the additive model (paper 000 eq. 1). */
  queueing: arrivalsSchema.optional(),
  /** With two or more clients, also time each client alone, for speedups and fairness (absent: true). */
  fairness: z.boolean({ error: 'must be true or false' }).optional(),
  /** How a request of several blocks is served: block by block (absent) or all looked up first (`atomic`, version 1's way). */
  multiBlock: z.enum(['per-block', 'atomic'], { error: 'must be one of per-block, atomic' }).optional(),
  /** Whether a request pays for its DEMOTEs (absent: `charged`, paper 000) or not (`hidden`, paper 003 §5). */
  demotions: z.enum(['charged', 'hidden'], { error: 'must be one of charged, hidden' }).optional(),
  /** What a DEMOTE of a block the cache above holds sends: nothing (absent: `when-absent`) or the block (`always`, paper 000 §2). */
  demoteData: z.enum(['when-absent', 'always'], { error: 'must be one of when-absent, always' }).optional(),
  /** What a cache with CO tells a hint-aware policy of a write: the write and its hint (absent: `hinted`) or a plain reference (`plain`, versions 1 to 3). */
  coWrites: z.enum(['hinted', 'plain'], { error: 'must be one of hinted, plain' }).optional(),
  source: sourceSchema,
});

export type Scenario = z.infer<typeof scenarioObject>;
export const scenarioSchema = scenarioObject.check((ctx) => checkScenarioRules(ctx.value, ctx.issues as Issues));

/** Whether a protocol sends DEMOTEs, so that how they are charged and what they carry matter. */
export function sendsDemotes(p: ProtocolKind): boolean {
  return p === 'demote' || p === 'ac-cc' || p === 'mc2';
}

/** The protocol's kind; absent is `none`. */
export function protocolKind(s: Pick<Scenario, 'protocol'>): ProtocolKind {
  return s.protocol?.kind ?? 'none';
}

/**
 * What types alone cannot say, in the engine's order (`Scenario::validate_shape`): the tree's
 * structure, what each topology refuses (and why), the source against the clients, MC²'s shape
 * and where an offline policy may run.
 */
function checkScenarioRules(s: Scenario, issues: Issues) {
  const issue = (path: (string | number)[], message: string) =>
    void issues.push({ code: 'custom', input: s, path, message });
  const t = s.topology;
  const before = issues.length;
  if (t.kind === 'tree') checkTree(t.caches, issue);
  if (issues.length > before) return;
  const shape = shapeOf(t);
  if (shape.leaves.length > MAX_TREE_CLIENTS)
    return issue(['topology', 'caches'], `at most ${MAX_TREE_CLIENTS} clients (leaves), got ${shape.leaves.length}`);
  const protocol = protocolKind(s);
  if (t.kind === 'single' && protocol !== 'none') {
    issue(
      ['protocol'],
      `a single cache has no cache above it to cooperate with: ${protocolNames[protocol]} needs two levels`,
    );
  }
  if (s.du) {
    const why =
      t.kind === 'single'
        ? 'a single cache sends nothing up to a client'
        : protocol === 'ac-cc'
          ? 'AC_CC keeps each block in one level already'
          : protocol === 'mc2'
            ? "MC²'s partitions decide what the array keeps"
            : null;
    if (why) issue(['du'], `DU (${s.du}) has nothing to do here: ${why}`);
  }
  if (!sendsDemotes(protocol)) {
    const why = `${protocolNames[protocol]} sends no DEMOTEs`;
    if ((s.demotions ?? 'charged') !== 'charged') issue(['demotions'], why);
    if ((s.demoteData ?? 'when-absent') !== 'when-absent') issue(['demoteData'], why);
  }
  if (s.se && protocol === 'mc2')
    issue(['se'], "MC²'s partitions replace the caches' policies, so there is no insertion end to choose");
  checkSource(s, shape, issue);
  if (protocol === 'mc2') checkMc2(shape, issue);
  checkOffline(s, shape, issue);
}

type Issue = (path: (string | number)[], message: string) => void;

/** A tree's own rules (engine: Topology::nodes and Scenario::shape): names, parents, disks, no cycle. */
function checkTree(caches: TreeCache[], issue: Issue) {
  const names = caches.map((c) => c.name);
  caches.forEach((c, i) => {
    const at = (field: string) => ['topology', 'caches', i, field];
    if (names.indexOf(c.name) !== i) issue(at('name'), `"${c.name}" names two caches`);
    if (c.parent === undefined) {
      if (!c.disk) issue(at('disk'), `"${c.name}" has no parent, so it needs a disk`);
    } else {
      if (c.parent === c.name) issue(at('parent'), 'a cache cannot be its own parent');
      else if (!names.includes(c.parent)) issue(at('parent'), `no cache is named "${c.parent}"`);
      if (c.disk) issue(at('disk'), `only a root has a disk; "${c.name}" has a parent`);
    }
  });
  // Every walk upwards must reach a root within n steps.
  caches.forEach((c, i) => {
    let at: TreeCache | undefined = c;
    for (let step = 0; step <= caches.length && at?.parent !== undefined; step++) {
      at = caches.find((o) => o.name === at!.parent);
    }
    if (at && at.parent !== undefined && names.includes(at.parent)) {
      issue(['topology', 'caches', i, 'parent'], `the caches above "${c.name}" form a cycle: it has no path to a disk`);
    }
  });
}

/** The source against the topology (engine: validate_source). */
function checkSource(s: Scenario, shape: Shape, issue: Issue) {
  const src = s.source;
  const leafNames = shape.leaves.map((i) => shape.nodes[i].name);
  if (src.kind === 'workload') {
    const sharing = src.sharing?.kind ?? 'disjoint';
    const clients = Object.entries(src.clients ?? {});
    if (s.topology.kind !== 'tree') {
      if (sharing !== 'disjoint')
        issue(['source', 'sharing'], "sharing relates several clients' blocks: this topology has one client");
      if (clients.length)
        issue(
          ['source', 'clients', clients[0][0]],
          'this topology has one client: give its generator as source.workload',
        );
      return;
    }
    for (const [name] of clients) {
      const i = shape.nodes.findIndex((n) => n.name === name);
      if (i < 0) issue(['source', 'clients', name], `no cache is named "${name}"`);
      else if (!shape.leaves.includes(i))
        issue(['source', 'clients', name], `"${name}" is not a client (a leaf): only clients issue requests`);
      else if (sharing === 'conjoint')
        issue(['source', 'clients', name], 'conjoint clients issue one stream: give every client source.workload');
    }
    const blocks = leafNames.map((n) => workloadBlocks(src.clients?.[n] ?? src.workload));
    const largest = Math.max(0, ...blocks);
    const universe =
      sharing === 'conjoint'
        ? largest
        : (src.sharing?.kind === 'shared' && src.sharing.fraction > 0 ? largest : 0) +
          blocks.reduce((a, b) => a + b, 0);
    if (universe > MAX_BLOCKS)
      issue(['source'], `the clients' workloads span ${universe} blocks together; at most ${MAX_BLOCKS}`);
    return;
  }
  if (src.clients?.kind === 'map') {
    const entries = Object.entries(src.clients.map);
    if (!entries.length) issue(['source', 'clients', 'map'], 'maps no trace client to a leaf');
    for (const [id, leaf] of entries) {
      if (!/^\d+$/.test(id) || Number(id) > 65535)
        issue(['source', 'clients', 'map', id], 'a trace client id is a whole number from 0 to 65535');
      else if (!leafNames.includes(leaf))
        issue(['source', 'clients', 'map', id], `"${leaf}" is not a client (a leaf) of the topology`);
    }
  }
}

/** MC² manages clients directly over one array (engine: validate_mc2). */
function checkMc2(shape: Shape, issue: Issue) {
  const deep = shape.paths.find((p) => p.length > 2);
  if (deep) {
    const [c, above] = deep;
    return issue(
      [...shape.nodes[c].path, 'parent'],
      `MC² manages clients directly over one array (paper 002 §4's testbed): "${shape.nodes[c].name}" sits below "${shape.nodes[above].name}", which is not a root`,
    );
  }
  const roots = shape.nodes.filter((n) => n.parent === null).length;
  if (roots !== 1 || shape.paths.some((p) => p.length !== 2))
    issue(['protocol'], 'MC² needs exactly one array (root) with its clients directly below it');
}

/**
 * Offline policies (MIN, read-OPT) must know every reference their cache will see before the
 * run: a client's are its own; a cache above learns its stream in a first pass, exact only
 * when that stream cannot depend on what the cache does (engine: validate_offline).
 */
function checkOffline(s: Scenario, shape: Shape, issue: Issue) {
  const protocol = protocolKind(s);
  const offline = shape.nodes
    .map((_, i) => i)
    .filter((i) => OFFLINE_POLICY_KINDS.includes(shape.nodes[i].cache.policy.kind));
  const below = (i: number) => shape.paths.map((p, c) => (p.includes(i) ? c : -1)).filter((c) => c >= 0);
  for (const i of offline) {
    const node = shape.nodes[i];
    const at = [...node.path, 'policy'];
    const name = node.cache.policy.kind;
    if (protocol === 'mc2') {
      issue(at, `${name} is offline, and MC²'s partitions replace the caches' policies`);
      continue;
    }
    if (!shape.leaves.includes(i)) {
      if (protocol === 'ac-ca') {
        issue(
          at,
          `${name} is offline, but under AC_CA the clients pick their victims by what "${node.name}" holds, so the stream reaching it depends on its own choices`,
        );
        continue;
      }
      const n = below(i).length;
      if (s.queueing && n > 1) {
        issue(
          at,
          `${name} is offline, but with queueing the order in which ${n} clients reach "${node.name}" depends on the latencies its own hits give them`,
        );
        continue;
      }
      const j = offline.find(
        (j) => j !== i && shape.paths.some((p) => p.includes(i) && p.includes(j) && p.indexOf(j) < p.indexOf(i)),
      );
      if (j !== undefined) {
        issue(
          at,
          `${name} is offline, but the stream reaching "${node.name}" depends on the offline "${shape.nodes[j].name}" below it`,
        );
        continue;
      }
    }
    if (s.source.kind === 'workload') {
      const src = s.source;
      const refs = below(i).reduce((sum, c) => {
        const w = src.clients?.[shape.nodes[shape.leaves[c]].name] ?? src.workload;
        const [warm, measured] = workloadRequests(w);
        return sum + (warm + measured) * workloadRequestBlocks(w);
      }, 0);
      if (refs > MAX_OFFLINE_REQUESTS)
        issue(at, `${name} precomputes the whole run: at most ${MAX_OFFLINE_REQUESTS} block references (got ${refs})`);
    }
  }
}

/** One problem with a scenario: `path` is dotted ("topology.client.capacity"), `message` says what is wanted. */
export interface ScenarioIssue {
  path: string;
  message: string;
}

export type ScenarioCheck = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

/** Validates anything claiming to be a version-2 scenario, collecting every problem with its field path. */
export function checkScenario(value: unknown): ScenarioCheck {
  const result = scenarioSchema.safeParse(value);
  if (result.success) return { ok: true, scenario: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}

/** "scenario.topology.client.capacity: must be between 1 and 33554432" — the engine's wording for paths. */
export function describeIssue(issue: ScenarioIssue): string {
  // The engine writes list positions in brackets (scenario.topology.caches[4].parent), but a
  // map's keys as they are (scenario.source.clients.map.7: a trace client id; a leaf's name).
  const parts = issue.path === '' ? [] : issue.path.split('.');
  const keyed = (i: number) =>
    parts[0] === 'source' && parts[1] === 'clients' && (i === 2 || (i === 3 && parts[2] === 'map'));
  const path = parts
    .map((p, i) => (/^\d+$/.test(p) && i > 0 && !keyed(i) ? `[${p}]` : `.${p}`))
    .join('')
    .slice(1);
  return path ? `scenario.${path}: ${issue.message}` : `scenario: ${issue.message}`;
}
