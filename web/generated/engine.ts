// Generated from the engine's Rust types by `tiersim typescript` (engine-wasm/crates/core/src/typescript.rs).
// Do not edit: regenerate with scripts/generate-types.sh; npm test fails when this is stale.

export type Phase = "warmup" | "measured" | "done";

/**
 * Totals over every client's measured requests, and over every cache.
 */
export type Counters = { requests: number, reads: number, writes: number, 
/**
 * Read requests served entirely by the client's own cache.
 */
clientHits: number, 
/**
 * Read requests whose blocks were all in caches of the client's path (not all in its own).
 */
arrayHits: number, 
/**
 * Read requests that needed the disk for at least one block.
 */
diskReads: number, 
/**
 * Blocks referenced by read requests (a request of n blocks counts n).
 */
blockReads: number, 
/**
 * Of those, blocks found in the client's own cache…
 */
clientBlockHits: number, 
/**
 * …and in a cache above it.
 */
arrayBlockHits: number, 
/**
 * DEMOTE operations sent (one per demoted block).
 */
demotions: number, 
/**
 * DEMOTEs that moved data (the cache above did not already hold the block).
 */
demotionsMoved: number, 
/**
 * HA_R: client evictions reloaded from disk (extra disk reads, off the request path).
 */
reloads: number, 
/**
 * Bytes moved over the links (fetches, demotions, writes).
 */
linkBytes: number, 
/**
 * Sum of request latencies, in nanoseconds.
 */
latencySumNs: number, 
/**
 * Write requests by paper 004 hint (unhinted writes are the rest of `writes`).
 */
synchWrites: number, replaceWrites: number, recovWrites: number, 
/**
 * Paper 004 §5.1's read hit ratio "once the cache is warm", at the deepest caches (the
 * roots): block reads reaching them after they first filled, and those they hit.
 */
warmBlockReads: number, warmBlockHits: number, };

/**
 * Hit fractions of the measured read requests at each level; they sum to 1.
 */
export type HitFractions = { client: number, 
/**
 * Any cache above the client.
 */
array: number, disk: number, };

/**
 * The costs of the three basic paths (of the first client), for labelling charts (e.g. the
 * CDF's array-hit step).
 */
export type PathCosts = { clientHitMs: number, arrayHitMs: number, diskReadMs: number, demotionMs: number, };

export type HistogramReport = { 
/**
 * `EDGES` bin edges in microseconds, 1 µs … 10 s.
 */
edgesUs: Array<number>, 
/**
 * `EDGES + 1` counts; see [`LatencyHistogram`].
 */
counts: Array<number>, };

/**
 * Whose stream a curve describes.
 */
export type Scope = "workload" | "client" | "cache";

/**
 * One stack-depth graph: the LRU hit fraction at each cache size.
 */
export type DepthCurve = { name: string, scope: Scope, 
/**
 * Absent when exact; else SHARDS' rate at the end.
 */
sampledRate?: number, 
/**
 * Block references counted (the measured phase, once it has begun).
 */
references: number, 
/**
 * Distinct blocks seen (estimated when sampled), warm-up included.
 */
distinct: number, 
/**
 * Cache sizes in blocks, increasing, up to the deepest reuse (or the distinct blocks).
 */
sizes: Array<number>, 
/**
 * The fraction of references an LRU cache of each size hits.
 */
hits: Array<number>, };

/**
 * One client's measured requests.
 */
export type ClientReport = { name: string, 
/**
 * Its path of caches, its own first, by index into `caches`.
 */
path: Array<number>, requests: number, reads: number, writes: number, 
/**
 * Its write mix by paper 004 hint.
 */
synchWrites: number, replaceWrites: number, recovWrites: number, 
/**
 * Read requests served at each level of the path, then by the disk; fractions of reads.
 */
servedAt: Array<number>, hitFractions: Array<number>, 
/**
 * The same per block referenced.
 */
blockHitFractions: Array<number>, meanLatencyMs: number, latency: HistogramReport, 
/**
 * Alone on the same hierarchy (with fairness on and two or more clients).
 */
aloneMeanLatencyMs?: number, speedup?: number, };

/**
 * Counts of one cache.
 */
export type CacheCounters = { 
/**
 * Block lookups of reads answered here / not.
 */
hits: number, misses: number, 
/**
 * DEMOTEs received, and those that moved data.
 */
demotionsIn: number, demotionsMovedIn: number, evictions: number, 
/**
 * HA_R: evictions of the caches below that this cache reloaded from its root's disk.
 */
reloads: number, 
/**
 * Bytes over the link above this cache (fetches, writes and DEMOTEs that moved data).
 */
linkBytes: number, 
/**
 * Write requests that reached this cache, and those by paper 004 hint (the write mix).
 */
writes: number, synchWrites: number, replaceWrites: number, recovWrites: number, 
/**
 * Paper 004 §5.1's read hit ratio "once the cache is warm": read lookups here after the
 * cache first filled, and those it hit.
 */
warmBlockReads: number, warmBlockHits: number, };

/**
 * One cache.
 */
export type CacheReport = { name: string, 
/**
 * Its policy's name ("lru", "mc2" under MC²).
 */
policy: string, parent: number | null, 
/**
 * 0 for a root, growing downwards.
 */
depth: number, 
/**
 * Whether it is a client's own cache.
 */
client: boolean, capacity: number, blocks: number, 
/**
 * Block lookups of reads answered here / not.
 */
hits: number, misses: number, 
/**
 * DEMOTEs received, and those that moved data.
 */
demotionsIn: number, demotionsMovedIn: number, evictions: number, 
/**
 * HA_R: evictions of the caches below that this cache reloaded from its root's disk.
 */
reloads: number, 
/**
 * Bytes over the link above this cache (fetches, writes and DEMOTEs that moved data).
 */
linkBytes: number, 
/**
 * Write requests that reached this cache, and those by paper 004 hint (the write mix).
 */
writes: number, synchWrites: number, replaceWrites: number, recovWrites: number, 
/**
 * Paper 004 §5.1's read hit ratio "once the cache is warm": read lookups here after the
 * cache first filled, and those it hit.
 */
warmBlockReads: number, warmBlockHits: number, };

export type Report = { phase: Phase, 
/**
 * Requests served so far, warm-up included.
 */
processed: number, total: number, warmupRequests: number, 
/**
 * Totals of the measured phase (of the warm-up while it lasts).
 */
counters: Counters, hitFractions: HitFractions, 
/**
 * The same per block referenced (they differ only for multi-block requests, paper 001).
 */
blockHitFractions: HitFractions, 
/**
 * Mean latency per request of the measured phase, in milliseconds.
 */
meanLatencyMs: number, latency: HistogramReport, pathCosts: PathCosts, 
/**
 * Blocks held at the end of the last batch by the clients' own caches, and by the others.
 */
clientBlocks: number, arrayBlocks: number, clients: Array<ClientReport>, caches: Array<CacheReport>, 
/**
 * Smallest speedup over largest (with fairness on and two or more clients).
 */
fairness?: number, 
/**
 * Whether latencies come from the queueing model.
 */
queueing: boolean, 
/**
 * LRU stack-depth graphs, when the run tracks them ([`super::Run::track_depths`]).
 */
depthCurves?: Array<DepthCurve>, };

/**
 * Predicted fractions of block reads served at each level, and the mean latency.
 */
export type Prediction = { client: number, array: number, disk: number, meanLatencyMs: number, };

export type UpsidePoint = { client: number, array: number, inclusive: Prediction, exclusive: Prediction, 
/**
 * Paper 000 Figure 4's label: how much of the inclusive pair's miss rate (reads going to
 * disk) exclusivity removes, in percent.
 */
missReductionPercent: number, 
/**
 * Inclusive mean latency over exclusive.
 */
speedup: number, };

/**
 * One client of several, on its own requests: its cache as the client, the caches above it
 * (summed) as the array.
 */
export type ClientUpside = { name: string, references: number, distinct: number, point: UpsidePoint, };

export type UpsideReport = { 
/**
 * Block references counted (the measured phase).
 */
references: number, distinct: number, 
/**
 * Absent when exact; else the SHARDS rate every stream was sampled at.
 */
sampledRate?: number, points: Array<UpsidePoint>, 
/**
 * With several clients: each client on its own stream, at its own path's sizes.
 */
clients?: Array<ClientUpside>, };

export type Op = "read" | "write";

/**
 * Where a request was served, as the stepper names levels: its client's own cache, a cache
 * above it, or the disk (writes, written through, report the cache above).
 */
export type Level = "client" | "array" | "disk";

/**
 * One of a cache's lists as a teaching view draws it ([`Policy::queues`]): next victim first,
 * or for a ghost list, the next id to be forgotten first.
 */
export type Queue = { 
/**
 * The list's name as the policy's paper gives it ("T1", "A1out", "Q0", …).
 */
name: string, 
/**
 * Remembered ids, not cached data.
 */
ghost: boolean, blocks: Array<number>, };

/**
 * One cache's lists.
 */
export type CacheView = { name: string, parent: number | null, queues: Array<Queue>, };

/**
 * The hierarchy after one request (or at the start).
 */
export type TeachStep = { 
/**
 * The request just served (`None` for the starting state).
 */
block: number | null, op: Op | null, 
/**
 * Its client, by index.
 */
client: number | null, 
/**
 * Where it was served; `None` for the start.
 */
level: Level | null, 
/**
 * The cache that served it (its name), or "disk".
 */
servedBy: string | null, 
/**
 * What the request cost (0 for the start).
 */
latencyMs: number, 
/**
 * Every cache's lists, in the topology's order.
 */
caches: Array<CacheView>, 
/**
 * Running totals so far: DEMOTEs sent, and read requests that needed the disk.
 */
demotions: number, diskReads: number, };

export type Verdict = "pass" | "close" | "fail";

/**
 * What the paper reports.
 */
export type Expected = { "kind": "value", value: number, unit: string, tolerance: number, } | { "kind": "claim", text: string, };

/**
 * One cell of a reproduction.
 */
export type Check = { 
/**
 * "000" … "004".
 */
paper: string, 
/**
 * The table or figure ("Table 2", "Fig. 19").
 */
exhibit: string, label: string, expected: Expected, 
/**
 * Ours: the number for a value, 1 or 0 for a claim that holds or not.
 */
ours: number, 
/**
 * Ours as the paper would write it.
 */
oursText: string, 
/**
 * Ours over the paper's value, less 1 (values only).
 */
difference?: number, verdict: Verdict, 
/**
 * Why ours differs, where we know; or how it was measured.
 */
note?: string, };
