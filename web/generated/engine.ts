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
counts: Array<number>, 
/**
 * The median, 95th and 99th percentiles of the same requests ([`LatencyHistogram::quantile_ms`]):
 * `None` with no requests, or past 10 s.
 */
p50Ms: number | null, p95Ms: number | null, p99Ms: number | null, };

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
 * One client's measured requests in bytes (a sized run).
 */
export type ClientBytes = { 
/**
 * Bytes its reads asked for, and bytes it wrote.
 */
read: number, written: number, 
/**
 * Read bytes served at each level of its path, then by the disk (origin); and as
 * fractions of `read` — the byte hit ratio of its own cache first.
 */
servedAt: Array<number>, hitFractions: Array<number>, };

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
aloneMeanLatencyMs?: number, speedup?: number, 
/**
 * In a sized run (a trace read as objects, with their sizes): the same in bytes.
 */
bytes?: ClientBytes, };

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
 * What a filter did, for the report.
 */
export type AdmissionCounts = { 
/**
 * Brought-in blocks the filter let in.
 */
admitted: number, 
/**
 * Brought-in blocks it turned away (each also counted as an eviction).
 */
declined: number, };

/**
 * What a cache's prefetching did, for the report (see the module docs).
 */
export type PrefetchCounts = { 
/**
 * Blocks fetched ahead of any read.
 */
prefetched: number, 
/**
 * Prefetched blocks read before they left the cache.
 */
hits: number, 
/**
 * Prefetched blocks that left the cache (or were overwritten) unread.
 */
wasted: number, 
/**
 * Prefetched blocks still held, not yet read.
 */
pending: number, };

/**
 * One cache's counts in bytes (a sized run).
 */
export type CacheBytes = { 
/**
 * A cache counted in bytes: its capacity and the bytes it holds now (its `capacity` in
 * blocks is then 0), and the objects it was asked to take that were larger than all of it.
 */
capacity?: number, held?: number, tooLarge?: number, 
/**
 * Bytes of the read lookups it hit and missed.
 */
hits: number, misses: number, 
/**
 * A root: the bytes it read from its disk (origin).
 */
fromDisk: number, };

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
 * What its admission filter let in and turned away, when it has one.
 */
admission?: AdmissionCounts, 
/**
 * What its prefetching fetched ahead, and how much of it was read, when it prefetches.
 */
prefetch?: PrefetchCounts, 
/**
 * In a sized run: its counts in bytes.
 */
bytes?: CacheBytes, 
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
 * The run's counters after its first `at` requests (warm-up included): totals since the last
 * reset — the counters restart when measuring starts, so a sample with fewer reads than the one
 * before it counts from there.
 */
export type TimelineSample = { 
/**
 * Requests processed (warm-up included).
 */
at: number, 
/**
 * Whether `at` is still in the warm-up.
 */
warmup: boolean, reads: number, clientHits: number, arrayHits: number, diskReads: number, 
/**
 * DEMOTEs sent (one per demoted block).
 */
demotions: number, };

/**
 * Totals in bytes over every client's measured requests (a sized run).
 */
export type ByteTotals = { 
/**
 * Bytes the reads asked for; served by the clients' own caches, by caches above them,
 * and by the disks (origins); bytes written.
 */
read: number, clientHits: number, arrayHits: number, disk: number, written: number, 
/**
 * The same as fractions of the read bytes: byte hit ratios.
 */
hitFractions: HitFractions, };

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
clientBlocks: number, arrayBlocks: number, 
/**
 * In a sized run (a trace read as objects, with their sizes): the totals in bytes.
 */
bytes?: ByteTotals, clients: Array<ClientReport>, caches: Array<CacheReport>, 
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
depthCurves?: Array<DepthCurve>, 
/**
 * The counters at fixed request counts, when the run samples them
 * ([`super::Run::track_timeline`]): the same scenario gives the same samples on any machine,
 * however its steps are cut.
 */
timeline?: Array<TimelineSample>, };

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

/**
 * One size of a curve.
 */
export type MiniPoint = { 
/**
 * The emulated cache size, in blocks.
 */
size: number, 
/**
 * Estimated (rate 1: measured) misses per block reference; `NaN` (`null` in JSON) before
 * the first reference, or while the sample holds no block.
 */
missRatio: number, 
/**
 * The rate this size was sampled at (1: every reference, the full simulation).
 */
rate: number, 
/**
 * Blocks of the cache actually simulated (`size` × `rate`).
 */
miniSize: number, 
/**
 * References the mini-cache saw, and its misses.
 */
sampledReferences: number, misses: number, };

/**
 * A curve and how it was made.
 */
export type MiniReport = { policy: string, 
/**
 * "exact" when every size ran at rate 1, else "mini".
 */
method: string, 
/**
 * Every block reference seen.
 */
references: number, distinctBlocks: number, 
/**
 * The curves' floor: distinct blocks over references, the misses of first references,
 * which no cache of any size avoids (once the whole trace is fed).
 */
compulsoryMissRatio: number, 
/**
 * The base rate of the curve (the ladder's rung kept; 1 when exact).
 */
rate: number, 
/**
 * Distinct blocks sampled at that rate.
 */
sampledBlocks: number, 
/**
 * One point per size, in the order the sizes were given.
 */
points: Array<MiniPoint>, };

/**
 * One capacity of a byte curve.
 */
export type BytePoint = { 
/**
 * The capacity emulated, in bytes.
 */
bytes: number, 
/**
 * The rate its mini-cache sampled at (1: the full cache).
 */
rate: number, 
/**
 * The mini-cache's capacity in bytes.
 */
miniBytes: number, 
/**
 * References (and their bytes) the mini-cache saw, and missed.
 */
sampledReferences: number, misses: number, sampledBytes: number, bytesMissed: number, missRatio: number, byteMissRatio: number, };

/**
 * A policy's curve in bytes.
 */
export type ByteReport = { policy: string, 
/**
 * "exact" when every capacity ran at rate 1, else "mini".
 */
method: string, references: number, bytesRequested: number, distinctObjects: number, distinctBytes: number, 
/**
 * The curves' floor, by requests and by bytes: distinct objects over references and
 * distinct bytes over bytes requested — first references miss in a cache of any size
 * (once the whole trace is fed).
 */
compulsoryMissRatio: number, compulsoryByteMissRatio: number, 
/**
 * The lowest rate of the curve's lanes.
 */
rate: number, 
/**
 * One point per capacity, in the order given.
 */
points: Array<BytePoint>, };

/**
 * One bin of a reported distribution: values from `from` (inclusive) to `to` (exclusive).
 */
export type ProfileBin = { from: number, to: number, 
/**
 * How many fell in it (an estimate, rounded, where the distribution is sampled).
 */
count: number, };

/**
 * One of the most referenced objects.
 */
export type Popular = { 
/**
 * Its id as the file gives it (the object id, or the block number). The page gets ids
 * above 2^53 (hashed keys) as decimal text, which a JavaScript number would round.
 */
id: number | string, references: number, 
/**
 * Of all references.
 */
share: number, };

/**
 * The least-squares line through (ln rank, ln references): references ∝ rank^−α.
 */
export type ZipfFit = { alpha: number, r2: number, };

/**
 * How far apart an object's references are: every reference but each object's first.
 */
export type ReuseReport = { 
/**
 * Requests since the object's previous reference.
 */
requests: Array<ProfileBin>, 
/**
 * Seconds since it (empty for a trace without times).
 */
seconds: Array<ProfileBin>, 
/**
 * LRU stack distance: distinct objects referenced since, plus one.
 */
distance: Array<ProfileBin>, 
/**
 * `None` where `distance` is exact; else the SHARDS sample's final rate (its counts are
 * estimates summing to the exact number of reuses).
 */
distanceSampleRate: number | null, };

/**
 * Requests, bytes and objects of sizes `from ≤ size < to` bytes.
 */
export type SizeBin = { from: number, to: number, 
/**
 * Requests of a size in the bin, and their bytes.
 */
requests: number, bytes: number, 
/**
 * Objects whose first size is in the bin, and their references.
 */
objects: number, references: number, };

/**
 * Objects referenced `from ≤ n < to` times, and their mean (first) size.
 */
export type PopularityBin = { from: number, to: number, objects: number, references: number, 
/**
 * `None` for a trace without sizes.
 */
meanSize: number | null, };

/**
 * One window's load.
 */
export type ProfileWindow = { 
/**
 * Where it starts: seconds after the first record's time, or a request number (from 0).
 */
start: number, requests: number, references: number, 
/**
 * Bytes requested (0 for a trace without sizes).
 */
bytes: number, 
/**
 * The working set: distinct objects (blocks) referenced in the window.
 */
distinct: number, 
/**
 * Objects referenced for the first time in the trace.
 */
new: number, };

/**
 * The windows of a pass, in order; empty ones are left out.
 */
export type WindowsReport = { 
/**
 * `"seconds"` or `"requests"`: what `width` and each window's `start` count.
 */
unit: string, width: number, 
/**
 * 1: every window with a request is listed; k: every k-th of them (a report thinned to a
 * few thousand points for drawing, [`WindowsReport::thin`]), each still whole and exact.
 */
every: number, windows: Array<ProfileWindow>, };

/**
 * One client's numbers.
 */
export type ProfileClient = { client: number, requests: number, references: number, reads: number, writes: number, 
/**
 * Bytes requested (0 for a trace without sizes).
 */
bytes: number, 
/**
 * Distinct objects (blocks) it referenced.
 */
distinct: number, 
/**
 * Its distinct over its references: what a cache of its own misses at least.
 */
compulsoryMissRatio: number, };

/**
 * Per client, for a trace with more than one.
 */
export type ProfileClients = { 
/**
 * Objects referenced by more than one client.
 */
shared: number, 
/**
 * Every client with a request, by number.
 */
clients: Array<ProfileClient>, };

/**
 * One region of the footprint: blocks `from .. to` as the file numbers them.
 */
export type Region = { from: number, to: number, 
/**
 * Distinct blocks referenced in it.
 */
blocks: number, references: number, };

export type BlocksReport = { 
/**
 * Blocks per request.
 */
requestBlocks: Array<ProfileBin>, 
/**
 * Requests that continued their client's sequential run (the first of a run does not).
 */
sequentialRequests: number, 
/**
 * Sequential runs by their length in blocks (a lone request is a run of its own blocks).
 */
runs: Array<ProfileBin>, regions: Array<Region>, };

/**
 * What a pass found.
 */
export type ProfileReport = { requests: number, references: number, reads: number, writes: number, distinct: number, 
/**
 * Bytes requested and the distinct objects' bytes (each at its first request's size): `None`
 * for a trace without sizes.
 */
bytesRequested: number | null, distinctBytes: number | null, 
/**
 * Requests whose size differed from their object's first.
 */
sizeChanges: number, 
/**
 * Distinct over references: no cache of any size misses less.
 */
compulsoryMissRatio: number, 
/**
 * Distinct bytes over bytes requested.
 */
compulsoryByteMissRatio: number | null, 
/**
 * Bytes requested over requests, and distinct bytes over objects.
 */
meanSizeByRequests: number | null, meanSizeByObjects: number | null, 
/**
 * References per distinct object.
 */
frequencyMean: number, 
/**
 * From the earliest time to the latest, in seconds; `None` without times.
 */
timeSpanSecs: number | null, 
/**
 * `referenced_times[k]`: objects referenced exactly k + 1 times, for k + 1 up to [`TIMES`].
 */
referencedTimes: Array<number>, 
/**
 * Objects referenced more than [`TIMES`] times.
 */
referencedMore: number, 
/**
 * Objects referenced once, of all objects.
 */
oneHitWonders: number, 
/**
 * The most referenced objects, most first (ties: the first seen first).
 */
top: Array<Popular>, 
/**
 * `None` with fewer than two distinct reference counts (no line to fit).
 */
zipf: ZipfFit | null, reuse: ReuseReport, 
/**
 * Empty for a trace without sizes.
 */
sizes: Array<SizeBin>, 
/**
 * Objects by their references (power-of-two bins), with their mean size.
 */
popularity: Array<PopularityBin>, windows: WindowsReport, 
/**
 * `None` for a trace whose records name one client.
 */
clients: ProfileClients | null, 
/**
 * `None` for an object trace, or where the batches did not carry block numbers.
 */
blocks: BlocksReport | null, };

export type Op = "read" | "write";

/**
 * Paper 004's write hints, carried by writes that a client's buffer pool issues.
 */
export type WriteHint = "synch" | "replace" | "recov";

/**
 * Where a request was served, as the stepper names levels: its client's own cache, a cache
 * above it, or the disk (writes, written through, report the cache above).
 */
export type Level = "client" | "array" | "disk";

/**
 * Why a read went to the disk, judged against one LRU stack of every request so far (the start
 * lists count as earlier references: the root's first, the clients' last, each next victim
 * first). Let `d` be the read's stack distance — 1 + the distinct blocks referenced since its
 * block's previous reference — and `C` the sum of the capacities of the caches on its client's
 * path:
 *
 * - `Cold`: the block was never referenced before (nor in any start list): no cache could
 *   have held it.
 * - `Duplicate`: `d ≤ C`. Had the path's levels been exclusive — together one LRU cache of `C`
 *   blocks, none held twice — the block would still have been there: the miss is the price of
 *   the levels keeping copies of the same blocks. Paper 000's DEMOTE is the cure.
 * - `Capacity`: `d > C`: even the exclusive levels would have evicted it.
 *
 * In a tree the stack is over every client's requests (the shared caches see them all). Writes
 * and hits get no label.
 */
export type MissKind = "cold" | "capacity" | "duplicate";

/**
 * One of a cache's lists as a teaching view draws it ([`TeachingViews::queues`]): next victim
 * first, or for a ghost list, the next id to be forgotten first.
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
 * An MC² partition (paper 002): the range it holds blocks of, whose it is, and its size.
 */
export type PartitionView = { 
/**
 * The range id the requests carry; `None`: the client's rest (references no hint covers).
 */
range: number | null, 
/**
 * The client (by name) whose partition it is; `None`: shared by the clients hinting its range.
 */
owner: string | null, 
/**
 * The size Karma's allocation gave it, in blocks (revision 2's free space may hold more).
 */
size: number, 
/**
 * The scanning sharers' copies kept below a shared partition, in the array's free space
 * (paper 002 §3.3; revision 2): evicted before the partition's own blocks.
 */
copies: boolean, };

/**
 * One of a cache's lists as the stepper draws it: a policy's list ([`TeachingViews::queues`]), or
 * under MC² one of the cache's partitions.
 */
export type TeachQueue = { 
/**
 * The list's name as its paper gives it ("T1", "Q0"); a partition's: "range 2", "rest",
 * and in the array with its owner: "range 2 · c1", "range 3 · shared".
 */
name: string, 
/**
 * Remembered ids, not cached data.
 */
ghost: boolean, 
/**
 * Next victim first.
 */
blocks: Array<number>, 
/**
 * Under MC², the partition this list is; `None` otherwise.
 */
partition: PartitionView | null, 
/**
 * In a cache counted in bytes, each block's copy's bytes (as `blocks`); `None` otherwise.
 */
sizes?: Array<number>, 
/**
 * Under a policy that orders by a priority (GDSF's H), each block's (as `blocks`).
 */
priorities?: Array<number>, 
/**
 * Under a policy with per-block counts ([`CacheView::mark`]: CLOCK's reference bits), each
 * block's (as `blocks`); `None` otherwise and for a ghost list.
 */
marks?: Array<number>, };

/**
 * What a stack entry is (LIRS's terms): a LIR block, a resident HIR block (also in Q), or a
 * non-resident HIR block — remembered, not cached.
 */
export type StackStatus = "lir" | "hir-resident" | "hir-non-resident";

/**
 * One entry of a policy's recency stack ([`TeachingViews::stack`]).
 */
export type StackEntry = { block: number, status: StackStatus, };

/**
 * A cache counted in bytes, as a step leaves it.
 */
export type CacheBytesView = { capacity: number, used: number, 
/**
 * Objects so far larger than the whole cache, never admitted.
 */
tooLarge: number, };

/**
 * A number a policy steers by, and its name (ARC's "p").
 */
export type TeachTarget = { name: string, value: number, };

/**
 * One decision of one cache's policy at a step (`cache`: its index in the step's caches).
 */
export type TeachEvent = { "kind": "moved", cache: number, block: number, from: string | null, to: string | null, fromGhost: boolean, toGhost: boolean, nextUse: number | null, } | { "kind": "status", cache: number, block: number, from: StackStatus | null, to: StackStatus | null, } | { "kind": "target", cache: number, name: string, from: number, to: number, } | { "kind": "mark", cache: number, block: number, name: string, from: number, to: number, };

/**
 * One cache's lists, and its running tally.
 */
export type CacheView = { name: string, parent: number | null, 
/**
 * Its policy's short name, as in scenarios ("arc", "lirs"), or "mc2" under MC².
 */
policy: string, 
/**
 * Its lists ([`TeachingViews::queues`]: resident lists first, then ghosts), or under MC² its
 * partitions: a client's in its range order, the array's in the global stack's order.
 */
queues: Array<TeachQueue>, 
/**
 * The recency stack its policy orders blocks by beside those lists ([`TeachingViews::stack`]:
 * LIRS's S, bottom first); `None` for a policy without one.
 */
stack: Array<StackEntry> | null, 
/**
 * Read lookups so far that this cache answered, and that it passed on (the engine's counters).
 */
hits: number, misses: number, 
/**
 * A cache counted in bytes (a sized walk): its capacity and the bytes its copies take.
 */
bytes?: CacheBytesView, 
/**
 * What its priorities are measured against (GDSF's inflation value L), if it has them.
 */
inflation?: number, 
/**
 * In a sized walk, the bytes of the read lookups so far that this cache answered, and that
 * it passed on (its byte hit ratio is the first over both).
 */
byteHits?: number, byteMisses?: number, 
/**
 * The number its policy steers by (ARC's target size p for T1), if it has one.
 */
target?: TeachTarget, 
/**
 * The name of its policy's per-block counts ([`TeachQueue::marks`]: "ref" for CLOCK's
 * reference bits, "freq" for S3-FIFO's, "f" for MQ's), if it keeps some.
 */
mark?: string, };

/**
 * The hierarchy after one request (or at the start).
 */
export type TeachStep = { 
/**
 * The request just served (`None` for the starting state).
 */
block: number | null, op: Op | null, 
/**
 * A write's paper 004 hint, as the request carried it; `None` for a read or a plain write.
 */
hint: WriteHint | null, 
/**
 * Its client, by index.
 */
client: number | null, 
/**
 * In a sized walk, the request's object's size in bytes.
 */
bytes?: number, 
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
demotions: number, diskReads: number, 
/**
 * For a read served by the disk, why it missed; `None` otherwise.
 */
miss: MissKind | null, 
/**
 * Its LRU stack distance (see [`MissKind`]), and the path's capacity it is judged against;
 * `None` for the start, a write, or a block never referenced before.
 */
distance: number | null, pathCapacity: number | null, 
/**
 * Whether `distance` and `path_capacity` count bytes (a sized walk whose caches on the
 * request's path are all in bytes: the distance is then the bytes of the distinct objects
 * referenced since, its own included); else they count blocks (objects).
 */
inBytes: boolean, 
/**
 * What each cache's policy decided serving this request, cache by cache ([`TeachEvent`]);
 * empty at the start.
 */
events: Array<TeachEvent>, };

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

/**
 * The closed set of policies a scenario may name. Parameters are optional in JSON and
 * default to the named constants of each policy's module.
 */
export type PolicyConfig = { "kind": "lru" } | { "kind": "mru" } | { "kind": "fifo" } | { "kind": "random" } | { "kind": "clock" } | { "kind": "sieve" } | { "kind": "gds" } | { "kind": "gdsf" } | { "kind": "lfu", 
/**
 * Halve all frequencies every this many references; 0 = never.
 */
agingPeriod?: number, } | { "kind": "slru", 
/**
 * Share of the cache given to the protected segment, in (0, 1).
 */
protectedShare?: number, } | { "kind": "lru-2" } | { "kind": "lru-k", 
/**
 * References remembered per block, 2 to 8; the victim's K-th latest is the oldest.
 */
k?: number, 
/**
 * References to this cache within which a block's references count as one; 0 = none.
 */
correlatedPeriod?: number, } | { "kind": "arc" } | { "kind": "car" } | { "kind": "2q" } | { "kind": "lirs", 
/**
 * Share of the cache for resident HIR blocks, in (0, 1).
 */
hirShare?: number, } | { "kind": "clock-pro", 
/**
 * Least share of the cache for cold resident pages, and where the adaptive target
 * starts, in (0, 1).
 */
minColdShare?: number, } | { "kind": "mq", 
/**
 * References a block stays in its queue unreferenced before dropping one; 0 = capacity.
 */
lifeTime?: number, } | { "kind": "lru+hints" } | { "kind": "mq+hints", lifeTime?: number, } | { "kind": "tq" } | { "kind": "s3-fifo", 
/**
 * Share of the cache given to the small queue, in (0, 1).
 */
smallShare?: number, } | { "kind": "qd-lp-fifo", 
/**
 * Share of the cache given to the probationary FIFO, in (0, 1).
 */
probationShare?: number, } | { "kind": "w-tinylfu", 
/**
 * Share of the cache for the LRU window, in (0, 1).
 */
windowShare?: number, } | { "kind": "hyperbolic", 
/**
 * Resident blocks drawn per eviction, 1 to 1024.
 */
sampleSize?: number, } | { "kind": "lhd" } | { "kind": "lecar" } | { "kind": "cacheus" } | { "kind": "min" } | { "kind": "read-opt" } | { "kind": "belady-size", 
/**
 * Objects sampled per eviction, 1 to 1024.
 */
samples?: number, };

/**
 * Which filter a cache puts in front of its policy (a scenario's cache `admission`).
 */
export type AdmissionConfig = { "kind": "tinylfu" } | { "kind": "probabilistic", probability?: number, } | { "kind": "second-hit" } | { "kind": "size-below", bytes?: number, } | { "kind": "adaptsize" };

/**
 * A cache's prefetching (a scenario's cache `prefetch`); absent: none.
 */
export type PrefetchConfig = { "kind": "lookahead" } | { "kind": "readahead", trigger?: number, window?: number, };

/**
 * One cache: its size and replacement policy.
 */
export type CacheConfig = { 
/**
 * Capacity: blocks (a number), or bytes (a string with a unit: [`CacheSize`]).
 */
capacity: number | string, policy: PolicyConfig, 
/**
 * Paper 003's CO: cold blocks (not in a history of the last `capacity` accesses) enter
 * at the eviction end.
 */
co?: boolean, 
/**
 * An admission filter in front of the policy: TinyLFU, probabilistic or second hit
 * ([`AdmissionConfig`]); absent admits every block.
 */
admission?: AdmissionConfig, 
/**
 * Prefetching: one-block lookahead or sequential read-ahead ([`PrefetchConfig`]); absent
 * fetches only what is read.
 */
prefetch?: PrefetchConfig, };

/**
 * A link between two levels: a fixed per-request cost (propagation, protocol and controller
 * overhead) plus the data's transfer time at the link's bandwidth.
 */
export type LinkConfig = { "preset": "fc-1g" } | { "preset": "vi-fc" } | { "preset": "ip-storage" } | { "preset": "future-san" } | { "preset": "eth-100m" } | { "preset": "eth-10m" } | { "preset": "custom", 
/**
 * Fixed cost per transfer, in microseconds.
 */
latencyUs: number, 
/**
 * Bandwidth in Mbit/s (10^6 bit/s).
 */
bandwidthMbit: number, };

/**
 * A mechanical drive's parameters (all optional in JSON, so in TypeScript too; defaults are the
 * calibrated drive).
 */
export type Mechanical = { 
/**
 * Spindle speed; the mean rotational delay is half a revolution.
 */
rpm?: number, 
/**
 * Controller and command overhead per request.
 */
overheadMs?: number, 
/**
 * Seek time for the shortest non-zero distance and for a full stroke.
 */
minSeekMs?: number, maxSeekMs?: number, 
/**
 * Disk size (sets what a full stroke is).
 */
capacityGiB?: number, 
/**
 * Platter-to-buffer rate, MB/s (10^6 bytes).
 */
mediaMBps?: number, 
/**
 * Buffer-to-host rate (read-ahead hits), MB/s.
 */
busMBps?: number, 
/**
 * Read-ahead after each platter read; 0 turns the track buffer off.
 */
readAheadKiB?: number, };

/**
 * How long the disk takes to serve what missed every cache.
 */
export type DiskConfig = { "kind": "constant", serviceMs: number, } | { "kind": "mechanical" } & Mechanical;

/**
 * One cache of a tree. The leaves are the clients, in the order the caches are listed.
 */
export type TreeCache = { name: string, 
/**
 * Blocks (a number), or bytes (a string with a unit: [`CacheSize`]).
 */
capacity: number | string, policy: PolicyConfig, co?: boolean, 
/**
 * An admission filter in front of the policy: TinyLFU, probabilistic or second hit
 * ([`AdmissionConfig`]); absent admits every block.
 */
admission?: AdmissionConfig, 
/**
 * Prefetching: one-block lookahead or sequential read-ahead ([`PrefetchConfig`]); absent
 * fetches only what is read.
 */
prefetch?: PrefetchConfig, 
/**
 * The cache above (by name); absent for a root, which then needs a `disk`.
 */
parent?: string, 
/**
 * The link to the parent (a root: to its disk); absent costs nothing.
 */
link?: LinkConfig, disk?: DiskConfig, };

/**
 * The shape of the hierarchy, carrying its caches.
 */
export type Topology = { "kind": "single", cache: CacheConfig, link: LinkConfig, disk: DiskConfig, } | { "kind": "two-level", client: CacheConfig, array: CacheConfig, link: LinkConfig, disk: DiskConfig, } | { "kind": "tree", caches: Array<TreeCache>, };

/**
 * How the caches of a path cooperate.
 */
export type Protocol = { "kind": "none" } | { "kind": "demote" } | { "kind": "ha-r" } | { "kind": "ac-cc" } | { "kind": "mc2", revision?: 1 | 2, } | { "kind": "ac-ca", k?: number, };

/**
 * Paper 003's DU ("quick eviction of duplicated blocks"): what a cache above the client does
 * with a block it has just sent up, which the client will cache.
 */
export type Du = "drop" | "lru-end";

/**
 * Where SE applies when it is not everywhere the protocol allows.
 */
export type SeAt = "client" | "above";

/**
 * When clients issue requests.
 */
export type Arrivals = { "arrivals": "closed" } | { "arrivals": "open", meanInterarrivalMs: number, };

/**
 * How a request of several blocks is served. Either way it is served at the deepest level
 * any of its blocks reached (a multi-block read hits a level only if every block is there,
 * SPEC §1), its transfers over each link are one batch, and the disk is paid once.
 */
export type MultiBlock = "per-block" | "atomic";

/**
 * Whether a request pays for the DEMOTEs it causes.
 */
export type Demotions = "charged" | "hidden";

/**
 * What a DEMOTE of a block the cache above already holds sends.
 */
export type DemoteData = "when-absent" | "always";

/**
 * What a cache with CO (paper 003's cold-block rule) tells a hint-aware policy behind it
 * (paper 004: LRU+Hints, MQ+Hints, TQ) of a write.
 */
export type CoWrites = "hinted" | "plain";

/**
 * Which stream the OLTP client emits.
 */
export type OltpStream = "storage" | "buffer";

/**
 * The query a client runs, execution after execution.
 */
export type TpchQuery = "q3" | "q7";

/**
 * One phase of [`WorkloadConfig::Phases`].
 */
export type PhaseConfig = { 
/**
 * A generator (not phases again); its own warm-up and measured counts are not used.
 */
workload: Exclude<WorkloadConfig, { kind: 'oltp' | 'tpch' | 'phases' }>, requests: number, offset?: number, };

/**
 * The closed set of generators a scenario may name. A field with a serde default may be left
 * out of a document, so TypeScript declares it optional (`ts(as = "Option<…>", optional)`).
 */
export type WorkloadConfig = { "kind": "random", blocks: number, 
/**
 * Consecutive blocks per request (paper 001's multi-block requests); default 1.
 */
requestBlocks?: number, 
/**
 * Requests before measuring starts; default `blocks` (paper 000 §4.4).
 */
warmupRequests?: number, 
/**
 * Measured requests; default `10 × blocks`.
 */
measuredRequests?: number, } | { "kind": "zipf", blocks: number, requestBlocks?: number, alpha?: number, warmupRequests?: number, measuredRequests?: number, } | { "kind": "sequential", blocks: number, requestBlocks?: number, warmupRequests?: number, measuredRequests?: number, } | { "kind": "mix", blocks: number, requestBlocks?: number, scanShare?: number, loopShare?: number, hotShare?: number, segment?: number, warmupRequests?: number, measuredRequests?: number, } | { "kind": "oltp", warehouses?: number, 
/**
 * Buffer pool pages; default half the initial database.
 */
bufferPool?: number, 
/**
 * Recovery bound in % of a log file (DB2's `softmax`).
 */
softmax?: number, 
/**
 * Dirty share of the pool above which page cleaners write replacement candidates.
 */
dirtyThreshold?: number, 
/**
 * Log records per warehouse in one log file (DB2's `logfilsiz`, which `softmax` is a
 * share of); absent: the model's own ([`oltp::LOG_FILE_RECORDS_PER_WAREHOUSE`]).
 */
logFileRecords?: number, 
/**
 * `storage` (default): what the pool sends the server; `buffer`: every page
 * reference, importance-hinted (paper 003's database buffer trace).
 */
stream?: OltpStream, 
/**
 * Which generator (see [`oltp::OltpModel`]): 1, the one every document shared before
 * model 2 existed recorded — a document without `model` means it, always, so old links
 * keep their numbers; 2, DB2's page cleaning and page sizing.
 */
model?: 1 | 2, warmupRequests?: number, measuredRequests?: number, } | { "kind": "tpch", query: TpchQuery, 
/**
 * Multiplies the tables and index leaves (1 = 8,551 pages).
 */
scale?: number, 
/**
 * Query 7's index lookups per execution.
 */
lookups?: number, 
/**
 * Query 7's data-page skew `[x, y]`: x % of the reads go to y % of each table's pages.
 */
skew?: [number, number], warmupRequests?: number, measuredRequests?: number, } | { "kind": "phases", phases: Array<PhaseConfig>, warmupRequests?: number, };

export type Sharing = { "kind": "disjoint" } | { "kind": "conjoint" } | { "kind": "shared", fraction: number, };

/**
 * Which leaf each of a trace's clients (volume, host, disk, CSV client column) drives.
 */
export type TraceClients = { "kind": "order" } | { "kind": "merged" } | { "kind": "map", map: { [key in string]: string }, };

/**
 * How a line's fields are separated.
 */
export type Delimiter = "comma" | "tab" | "semicolon" | "pipe" | "space";

/**
 * What a key column holds.
 */
export type KeyKind = "number" | "text";

/**
 * What a request's key is.
 */
export type Address = "object" | "bytes" | "blocks";

/**
 * The unit of a time column.
 */
export type TimeUnit = "s" | "ms" | "us" | "ns";

/**
 * Which column (from 1) holds what, in a delimited text trace (see the module's docs).
 */
export type Columns = { delimiter?: Delimiter, 
/**
 * The first line names the columns: skipped.
 */
header?: boolean, 
/**
 * The key's column: an object id, or an address.
 */
key: number, ids?: KeyKind, address?: Address, 
/**
 * The size's column, in bytes.
 */
size?: number, time?: number, timeUnit?: TimeUnit, op?: number, 
/**
 * The client's column: an integer from 0 to 65535.
 */
client?: number, };

/**
 * A trace file a scenario replays. The data travels beside the scenario (a link cannot hold
 * a file): the run is given the parsed trace, and the name says which file it must be.
 */
export type TraceSource = { name: string, 
/**
 * The reader (`msr`, `vscsi`, …); absent: recognised from the file.
 */
format?: TraceFormat, 
/**
 * The column map of format `columns`: which column holds each request's key, size, time,
 * op and client (see [`crate::trace::columns`]); only with that format.
 */
columns?: Columns, 
/**
 * Key each request by its start address, unsplit.
 */
objectMode?: boolean, 
/**
 * Read as objects, drop the sizes the trace records: each object is one block, as
 * documents before version 5 ran (their migration sets it). Absent: each object moves,
 * and takes room in a cache counted in bytes, at its own size.
 */
ignoreSizes?: boolean, 
/**
 * Skip malformed records (counting them) instead of refusing the file.
 */
skipBad?: boolean, 
/**
 * Requests replayed before measuring starts; absent: the first tenth of the trace.
 */
warmupRequests?: number, clients?: TraceClients, };

/**
 * Where the requests come from.
 */
export type Source = { "kind": "workload", workload: WorkloadConfig, clients?: { [key in string]: WorkloadConfig }, sharing?: Sharing, } | { "kind": "trace" } & TraceSource;

export type Scenario = { version: typeof SCENARIO_VERSION, name?: string, seed: number, 
/**
 * Bytes per block: a power of two from 512 B to 1 MiB (absent: 4 KiB).
 */
blockSize?: number, topology: Topology, 
/**
 * How the caches cooperate (absent: the inclusive baseline).
 */
protocol?: Protocol, 
/**
 * Paper 003's DU at every cache above the clients: `drop` or `lru-end` what it sends up.
 */
du?: Du, 
/**
 * Paper 003's SE: a request of importance 0 enters the client (and, under DEMOTE or
 * AC_CC, which pass hints down, the cache that keeps it above) at the eviction end.
 */
se?: boolean, 
/**
 * SE at one level only (absent: wherever the protocol lets it apply): `client`, or
 * `above` — the hints DEMOTE or AC_CC pass up, the client keeping the blocks as any other.
 */
seAt?: SeAt, 
/**
 * Cost of a client-cache hit, T_c (paper 000 uses 0).
 */
clientHitMs?: number, 
/**
 * Links, controllers and disks as FIFO servers; absent: the additive model (paper 000 eq. 1).
 */
queueing?: Arrivals, 
/**
 * With two or more clients, time each client alone too, for speedups and fairness.
 */
fairness?: boolean, 
/**
 * How a request of several blocks is served: block by block (default) or all looked up
 * first (`atomic`, version 1's way; version-1 documents keep it).
 */
multiBlock?: MultiBlock, 
/**
 * Whether a request pays for its DEMOTEs (`charged`, paper 000) or not (`hidden`, paper 003
 * §5's accounting).
 */
demotions?: Demotions, 
/**
 * What a DEMOTE of a block the cache above holds sends: nothing (`when-absent`, paper 000
 * §2's protocol) or the block anyway (`always`, a variant the paper does not use).
 */
demoteData?: DemoteData, 
/**
 * The round trip of a DEMOTE that moves no data (the array held the block: it "returns
 * 'success' immediately", paper 000 §2), in ms; absent: free, as every earlier document ran.
 * Paper 000's Table 2 puts it at 0.02 ms ([`crate::hierarchy::PAPER000_DEMOTE_COMMAND_MS`]).
 */
demoteCommandMs?: number, 
/**
 * What a cache with CO tells a hint-aware policy of a write: the write and its hint
 * (default), or a plain reference (`plain`, how versions 1 to 3 ran; their documents keep it).
 */
coWrites?: CoWrites, source: Source, };

/**
 * One step of a field's place in the document: an object's key, or a list's position.
 */
export type Seg = string | number;

/**
 * A field's place: `topology.caches[2].parent` is `["topology", "caches", 2, "parent"]`. Kept
 * as steps, not text, because a step can be a cache's name, which may hold any character.
 */
export type FieldPath = Array<Seg>;

/**
 * One problem with a scenario document.
 */
export type Issue = { 
/**
 * The field, step by step (empty: the document as a whole).
 */
path: FieldPath, 
/**
 * The same place as one line of text, as errors print it (`topology.caches[2].parent`).
 */
at: string, 
/**
 * What is wanted there ("must be between 1 and 33554432 blocks (got 0)").
 */
message: string, };

/**
 * What the engine makes of a document: the scenario (this version, defaults filled in) when
 * nothing is wrong with it, else every issue found.
 */
export type Checked = { scenario?: Scenario, issues: Array<Issue>, 
/**
 * The version the document was written in, when older than this engine's: it was read
 * through that version's migration.
 */
migratedFrom?: number, };

/**
 * A cache's capacity as a form shows and sums it: its bytes when given in bytes, and the whole
 * blocks of the scenario's block size it holds (what it is where the requests carry no sizes).
 */
export type CapacityFacts = { blocks: number, bytes?: number, };

/**
 * One cache as the engine builds it: its settings, its parent (by index) and its name.
 */
export type Node = { name: string, cache: CacheConfig, parent: number | null, link?: LinkConfig, disk?: DiskConfig, 
/**
 * Where its settings live in the document (`topology.client`, `topology.caches[2]`).
 */
path: string, };

/**
 * A checked topology: caches, parents, and the clients (leaves) in order, each with its path
 * of caches to its root.
 */
export type Shape = { nodes: Array<Node>, leaves: number[], 
/**
 * Per client: the indices of its caches, its own first, its root last.
 */
paths: number[][], };

/**
 * A topology's shape as a form draws it while it is edited, and every problem that keeps it
 * from running. With no issue it is the engine's shape; with some, as far as the list goes: a
 * parent no cache is named is no parent, a path stops before it would repeat a cache.
 */
export type ShapeCheck = { shape: Shape, issues: Array<Issue>, };

/**
 * How a parameter is typed and shown.
 */
export type Unit = "share" | "refs" | "blocks";

/**
 * One parameter of a policy.
 */
export type Param = { 
/**
 * Its key in the policy's JSON object.
 */
name: string, label: string, unit: Unit, 
/**
 * Inclusive bounds of a count; a share's open bounds (0 and 1).
 */
min: number, max: number, 
/**
 * The value an absent key means.
 */
default: number, 
/**
 * What it does, and the value the policy's paper uses.
 */
hint: string, };

/**
 * One policy kind.
 */
export type PolicyInfo = { 
/**
 * Its `kind` in JSON.
 */
kind: PolicyConfig["kind"], label: string, 
/**
 * What it does, in one plain line.
 */
description: string, 
/**
 * Where it comes from: the paper (authors, venue, year), or "classic" for a textbook policy.
 */
source: string, 
/**
 * Needs the whole reference string before the run (MIN, read-OPT).
 */
offline: boolean, 
/**
 * Reads paper 004's write hints.
 */
hints: boolean, 
/**
 * Keeps an out queue of evicted blocks whose space paper 004 charges to the cache.
 */
outQueue: boolean, params: Array<Param>, };

/**
 * One cooperation protocol.
 */
export type ProtocolInfo = { 
/**
 * Its `kind` in JSON.
 */
kind: Protocol["kind"], 
/**
 * The name the papers use ("DEMOTE", "MC²").
 */
name: string, 
/**
 * Whether it sends DEMOTEs, so that how they are charged (`demotions`) and what they carry
 * (`demoteData`) mean something.
 */
sendsDemotes: boolean, 
/**
 * What it does, in one plain line.
 */
hint: string, 
/**
 * The paper it comes from (authors, venue, year).
 */
source: string, };

/**
 * A choice a picker lists: its `kind` in JSON and its label.
 */
export type Choice = { kind: string, label: string, };

/**
 * A named link and what it costs.
 */
export type LinkPreset = { 
/**
 * Its `preset` in JSON.
 */
preset: Exclude<LinkConfig["preset"], "custom">, name: string, 
/**
 * Fixed cost per transfer, µs, and bandwidth, Mbit/s.
 */
latencyUs: number, bandwidthMbit: number, };

/**
 * A scenario's limits and defaults, as [`crate::scenario::Scenario::issues`] enforces them.
 */
export type Limits = { 
/**
 * The version the engine writes (it reads every earlier one and migrates it).
 */
scenarioVersion: number, 
/**
 * Bytes per block when a document names none, and every size a block may have.
 */
defaultBlockSize: number, blockSizes: Array<number>, 
/**
 * Largest cache, in blocks.
 */
maxCapacity: number, 
/**
 * Largest block universe a generator may span (Zipf: `max_zipf_blocks`).
 */
maxBlocks: number, maxZipfBlocks: number, 
/**
 * Zipf's default and largest skew α.
 */
defaultZipfAlpha: number, maxZipfAlpha: number, 
/**
 * Mix's default scan and loop shares (each), random share's hot fraction, segment length,
 * and its longest segment.
 */
defaultMixShare: number, defaultHotShare: number, defaultSegment: number, maxSegment: number, maxSeed: number, 
/**
 * Upper bound on warm-up plus measured requests.
 */
maxRequests: number, 
/**
 * Most blocks one generated request may span.
 */
maxRequestBlocks: number, maxPhases: number, 
/**
 * Longest scenario name and trace file name; longest cache name of a tree.
 */
maxNameLength: number, maxCacheName: number, 
/**
 * Most block references an offline policy (MIN, read-OPT) may precompute.
 */
maxOfflineRequests: number, maxTreeCaches: number, maxTreeClients: number, defaultAcCaK: number, maxAcCaK: number, defaultAdmissionProbability: number, 
/**
 * The size-below filter's threshold when none is given, in bytes.
 */
defaultSizeBelow: number, defaultPrefetchTrigger: number, maxPrefetchTrigger: number, defaultPrefetchWindow: number, maxPrefetchWindow: number, 
/**
 * The round trip of a DEMOTE that moves no data: paper 000 Table 2's, and the largest, ms.
 */
paper000DemoteCommandMs: number, maxDemoteCommandMs: number, 
/**
 * `tiersim analyze`'s defaults: the load's windows (seconds, or requests for a trace without
 * times) and how many of the most referenced objects it names.
 */
analysisWindowSecs: number, analysisWindowRequests: number, analysisTop: number, };

/**
 * The OLTP client's bounds and defaults (its database's size: `workloadFacts`).
 */
export type OltpBounds = { maxWarehouses: number, defaultWarehouses: number, defaultSoftmax: number, defaultDirtyThreshold: number, 
/**
 * Log records per warehouse in one log file: each model's own (model 1's, model 2's) and the most.
 */
defaultLogFileRecords: [number, number], maxLogFileRecords: number, };

/**
 * The TPC-H-like client's bounds and defaults, and its ranges' names by id (its pages:
 * `workloadFacts`).
 */
export type TpchBounds = { minScale: number, maxScale: number, defaultScale: number, defaultLookups: number, maxLookups: number, defaultSkew: [number, number], ranges: Array<string>, };

/**
 * What the teaching stepper can draw.
 */
export type TeachLimits = { maxRequests: number, maxCapacity: number, maxCaches: number, maxBlock: number, maxRange: number, };

/**
 * Paper 003's design space: its designs, AC_CA's candidate counts tried in each
 * configuration, and so the runs one configuration takes.
 */
export type DesignSpaceFacts = { designs: number, acCaKs: Array<number>, runsPerConfig: number, };

/**
 * What the engine offers a form: every choice, bound and default (see the module's doc).
 */
export type Catalogue = { 
/**
 * Every replacement policy, online ones first, in the order pickers list them.
 */
policies: Array<PolicyInfo>, 
/**
 * The policies a miss-ratio curve in bytes can draw (online, taking a capacity in bytes:
 * `analysis::minisim::bytes`), in the pickers' order.
 */
byteCurves: PolicyConfig["kind"][], protocols: Array<ProtocolInfo>, 
/**
 * The admission filters a cache may put in front of its policy, and its prefetchers.
 */
admissions: Array<Choice>, prefetchers: Array<Choice>, 
/**
 * The named links, with what each costs.
 */
links: Array<LinkPreset>, 
/**
 * The trace readers' names (a trace source's `format`).
 */
traceFormats: TraceFormat[], 
/**
 * The mechanical disk's calibrated drive: what an absent parameter means.
 */
mechanical: Required<Mechanical>, limits: Limits, oltp: OltpBounds, tpch: TpchBounds, teach: TeachLimits, designSpace: DesignSpaceFacts, };

/**
 * A database client's pages.
 */
export type Database = { "kind": "oltp", initialPages: number, universe: number, bufferPool: number, } | { "kind": "tpch", rangePages: Array<number>, };

/**
 * One workload's size, with the engine's defaults.
 */
export type WorkloadFacts = { 
/**
 * Blocks the workload spans (phases: the highest phase's end; a database: its universe).
 */
blocks: number, warmupRequests: number, measuredRequests: number, 
/**
 * Blocks per request (the most, over phases).
 */
requestBlocks: number, 
/**
 * A database client's layout.
 */
database?: Database, };

export type ClientFacts = { name: string, workload: WorkloadConfig, facts: WorkloadFacts, };

/**
 * A generated source's clients and what they issue together.
 */
export type SourceFacts = { 
/**
 * Each client's workload, in client order.
 */
clients: Array<ClientFacts>, 
/**
 * Blocks the clients span together (a tree's side by side; one range when conjoint; plus
 * the shared range).
 */
universe: number, 
/**
 * Requests of every client together.
 */
warmupRequests: number, measuredRequests: number, };

/**
 * Which client of the topology each of a trace's clients drives, once the trace is read.
 */
export type TraceAssignment = { 
/**
 * Per trace client (in the order given): the leaf it drives, or none.
 */
drives: Array<string | null>, 
/**
 * Why the run would be refused: more trace clients than leaves in order of appearance, or
 * one the map leaves out (what the run itself says, at its field).
 */
issue?: Issue, };

/**
 * What a list item asks.
 */
export type ItemOp = "read" | "write" | "synch" | "replace" | "recov";

/**
 * One request (or starting block) as typed.
 */
export type ListItem = { block: number, op: ItemOp, 
/**
 * The client as typed (a name, or a number from 1); absent: the first.
 */
client?: string, 
/**
 * MC²'s range id; absent: the client's rest.
 */
range?: number, 
/**
 * The object's size in bytes, as typed; absent: none typed.
 */
bytes?: number, };

/**
 * A list read: its items, and whether any block was named by letters (then every block is
 * shown by letters).
 */
export type ItemList = { items: Array<ListItem>, letters: boolean, };

/**
 * A request as the stepper serves it: its client resolved to a leaf, by index.
 */
export type TeachItem = { block: number, op: ItemOp, client: number, range?: number, 
/**
 * The object's size in bytes as typed (see [`TeachRequest::bytes`]).
 */
bytes?: number, };

/**
 * A cache's starting contents as typed, next victim first.
 */
export type StartText = { 
/**
 * The cache's name.
 */
cache: string, text: string, 
/**
 * Names the list in messages ("client start block").
 */
what: string, 
/**
 * Leave an empty list out (a tree's caches start empty unless given blocks).
 */
skipEmpty: boolean, };

/**
 * What the stepper serves: the requests with their clients resolved, each cache's starting
 * blocks, whether blocks are shown by letters, and the clients' names.
 */
export type TeachInput = { requests: Array<TeachItem>, start: { [key in string]: Array<number> }, letters: boolean, clients: Array<string>, };

/**
 * One of the eight designs.
 */
export type GridDesign = { 
/**
 * MRU: a block fetched or hit goes to the "eject me next" end.
 */
clientMru: boolean, arrayMru: boolean, demote: boolean, };

/**
 * A design's scenario, named.
 */
export type NamedScenario = { name: string, scenario: Scenario, };

export type Approach = "HA_B" | "HA_R" | "AC_HB" | "AC_CA" | "AC_CC";

/**
 * Replacement algorithm of one cache.
 */
export type Algorithm = "LRU" | "ARC";

/**
 * One design of the space.
 */
export type Design = { approach: Approach, client: Algorithm, array: Algorithm, 
/**
 * DU at the storage cache.
 */
du: boolean, 
/**
 * CO at the client cache (for AC_CC: its one cache).
 */
coClient: boolean, 
/**
 * CO at the storage cache (for AC_CC: its one cache).
 */
coArray: boolean, 
/**
 * SE at the client cache (for AC_CC: both, globally).
 */
seClient: boolean, 
/**
 * SE at the storage cache, from the hints AC_HB passes (for AC_CC: both, globally).
 */
seArray: boolean, };

/**
 * One run of a design, labelled (`AC_CA.LRU.ARC (k = 16)`).
 */
export type SpaceRun = { label: string, k?: number, scenario: Scenario, };

/**
 * One design of the space as the page lists it: its name, its scenario, and what it runs.
 */
export type SpaceEntry = { name: string, design: Design, 
/**
 * HA_B and HA_R, transparent to the client; the rest are aggressively collaborative.
 */
hierarchyAware: boolean, 
/**
 * LRU at each level, no optimization (the paper's Figure 10).
 */
plain: boolean, scenario: Scenario, runs: Array<SpaceRun>, };

/**
 * A SAN of paper 003's Table 3: the link between the clients and the storage caches, and the
 * storage-cache hit and miss latencies T_h and T_m (ms) at 4 KiB and 8 KiB blocks.
 */
export type San = { 
/**
 * The link preset's name in JSON.
 */
preset: "vi-fc" | "ip-storage" | "future-san", label: string, 
/**
 * (T_h, T_m) at 4 KiB, and at 8 KiB.
 */
at4k: [number, number], at8k: [number, number], };

/**
 * One of a trace's clients and its requests.
 */
export type TraceClient = { id: number, requests: number, };

/**
 * A trace read to its end.
 */
export type TraceSummary = { format: TraceFormat, requests: number, blockRefs: number, distinct: number, 
/**
 * Decompressed bytes read.
 */
bytes: number, skipped: number, 
/**
 * The first malformed record skipped, where and why.
 */
firstSkipped: string | null, 
/**
 * The trace's clients in the order they first appear, with each one's requests.
 */
clients: Array<TraceClient>, 
/**
 * Distinct text ids hashed to 64 bits (a column map's `ids: "text"`; 0 otherwise), and
 * how many met an earlier text's hash (each then replays as that text's object).
 */
hashedIds: number, collisions: number, 
/**
 * Whether the records give their requests' sizes in bytes, however the trace was read:
 * read as objects, capacities and curves in bytes can then count each object its size.
 */
sized: boolean, };

/**
 * What a column map makes of a file's first bytes, for a form that sets the map up against a
 * preview: the map (the one given, else [`Columns::guess`]'s), the first lines cut into its
 * fields, and what reading those lines through it gives.
 */
export type ColumnsPreview = { 
/**
 * `None`: no map given, and none could be guessed.
 */
columns?: Columns, 
/**
 * The first non-blank lines (at most [`PREVIEW_LINES`]), each cut into fields.
 */
rows: Array<Array<string>>, 
/**
 * Requests the head's whole lines read as through the map.
 */
requests: number, 
/**
 * The first problem reading them, with its line.
 */
error?: string, };

/**
 * How to compute the curves.
 */
export type DepthMode = { "mode": "auto" } | { "mode": "exact" } | { "mode": "rate", rate: number, } | { "mode": "size", blocks: number, };

/**
 * A client size and an array size, in blocks.
 */
export type SizePair = { client: number, array: number, };

/** How a reader samples for live miss-ratio curves: made by `MiniCurves.samplePlan`, read by `TraceReader.sampleFor` (its hash key is a 64-bit `bigint`). Opaque to the page. */
export type SamplePlan = { readonly key: bigint; readonly threshold: bigint; readonly blocks: bigint };

/** What a sampling reader counted of every reference: made by `TraceReader.tally`, read by `MiniCurves.reportTallied`. Opaque to the page. */
export type Tally = { readonly references: number; readonly population: readonly number[] };

// ---- limits (engine: Scenario::validate) ----
/** The scenario version the engine writes (it reads every earlier one and migrates it). */
export const SCENARIO_VERSION = 5;
/** Largest cache, in blocks. */
export const MAX_CAPACITY = 33554432;
/** Largest block universe a generator may span. */
export const MAX_BLOCKS = 33554432;
/** Zipf keeps an alias-table entry per block. */
export const MAX_ZIPF_BLOCKS = 16777216;
/** Seeds must survive a trip through a JavaScript number. */
export const MAX_SEED = 9007199254740991;
/** Upper bound on warm-up plus measured requests. */
export const MAX_REQUESTS = 100000000000;
/** Most blocks one generated request may span. */
export const MAX_REQUEST_BLOCKS = 1024;
/** Most phases in one workload. */
export const MAX_PHASES = 16;
/** Longest scenario name and trace file name. */
export const MAX_NAME_LENGTH = 200;
/** Most block references an offline policy (MIN, read-OPT) may precompute. */
export const MAX_OFFLINE_REQUESTS = 16777216;
/** Most caches in one tree. */
export const MAX_TREE_CACHES = 64;
/** Most clients (leaves) in one tree. */
export const MAX_TREE_CLIENTS = 32;
/** AC_CA's victim candidates when the document names none. */
export const DEFAULT_AC_CA_K = 4;
/** Most victim candidates AC_CA may weigh. */
export const MAX_AC_CA_K = 1024;
/** The probabilistic admission filter's probability when the document names none. */
export const DEFAULT_ADMISSION_PROBABILITY = 0.5;
/** Read-ahead's trigger (consecutive blocks read before it fetches ahead) when the document names none. */
export const DEFAULT_PREFETCH_TRIGGER = 2;
/** Most consecutive blocks a read-ahead trigger may ask for. */
export const MAX_PREFETCH_TRIGGER = 1024;
/** Read-ahead's window (blocks kept ahead of a stream) when the document names none. */
export const DEFAULT_PREFETCH_WINDOW = 8;
/** Most blocks a read-ahead window may keep ahead. */
export const MAX_PREFETCH_WINDOW = 256;
/** The engine's trace readers (engine: trace::Format). */
export const TRACE_FORMATS = ['lines', 'csv', 'msr', 'spc', 'blkparse', 'vscsi', 'oracle-general', 'k5cloud', 'tencent', 'alibaba', 'columns', 'webcachesim', 'wikimedia-upload', 'wikimedia-text'] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/** Every replacement policy, online ones first, in the order pickers list them: label, whether it is offline, reads write hints or keeps an out queue, and each parameter's JSON name, range (a share's bounds are open), default and meaning (engine: policy::catalogue). */
export const POLICY_CATALOGUE = [
  {
    "kind": "lru",
    "label": "LRU",
    "description": "evicts the block used longest ago",
    "source": "classic",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "mru",
    "label": "MRU",
    "description": "evicts the block used most recently: good for loops larger than the cache",
    "source": "classic; the client policy of Wong & Wilkes, USENIX ATC 2002 (paper 000)",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "fifo",
    "label": "FIFO",
    "description": "evicts blocks in the order they arrived; a hit changes nothing",
    "source": "classic",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "random",
    "label": "Random (RR)",
    "description": "evicts a block chosen at random",
    "source": "classic; the baseline of Karedla, Love & Wherry, IEEE Computer 1994 (paper 001)",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "clock",
    "label": "CLOCK",
    "description": "FIFO with a second chance: a block used since the hand last passed is skipped once",
    "source": "Corbató, 1968 (Multics)",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "sieve",
    "label": "SIEVE",
    "description": "FIFO with a visited bit; a hand sweeps old to new and evicts the first unvisited block",
    "source": "Zhang, Yang, Yue, Vigfusson & Rashmi, NSDI 2024",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "gds",
    "label": "GDS",
    "description": "evicts the block with the lowest cost per byte, aged so long-idle blocks go",
    "source": "Cao & Irani, USITS 1997",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "gdsf",
    "label": "GDSF",
    "description": "GDS that also counts how often each block was used: small, popular blocks stay",
    "source": "Cherkasova, HP Labs TR 98-69, 1998 (after Cao & Irani's GDS, USITS 1997)",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "lfu",
    "label": "LFU",
    "description": "evicts the block used least often since it came in",
    "source": "classic",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "agingPeriod",
        "label": "Aging period",
        "unit": "refs",
        "min": 0.0,
        "max": 100000000000.0,
        "default": 0.0,
        "hint": "halve every frequency after this many references; 0 = never"
      }
    ]
  },
  {
    "kind": "slru",
    "label": "SLRU",
    "description": "two LRU segments: new blocks start on probation, a second hit moves them to a protected one",
    "source": "Karedla, Love & Wherry, IEEE Computer 1994 (paper 001)",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "protectedShare",
        "label": "Protected segment",
        "unit": "share",
        "min": 0.0,
        "max": 1.0,
        "default": 0.8,
        "hint": "share of the cache for blocks hit at least twice; paper 001 found 60–80 % best"
      }
    ]
  },
  {
    "kind": "lru-2",
    "label": "LRU-2",
    "description": "evicts the block whose second-latest use is oldest; blocks used once go first",
    "source": "O'Neil, O'Neil & Weikum, SIGMOD 1993",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "lru-k",
    "label": "LRU-K",
    "description": "evicts the block whose K-th latest use is oldest; blocks used fewer than K times go first",
    "source": "O'Neil, O'Neil & Weikum, SIGMOD 1993",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "k",
        "label": "K",
        "unit": "refs",
        "min": 2.0,
        "max": 8.0,
        "default": 2.0,
        "hint": "the victim's K-th latest reference is the oldest; blocks seen fewer than K times go first"
      },
      {
        "name": "correlatedPeriod",
        "label": "Correlated period",
        "unit": "refs",
        "min": 0.0,
        "max": 100000000000.0,
        "default": 0.0,
        "hint": "references to a block this close together count as one; 0 = every reference counts"
      }
    ]
  },
  {
    "kind": "arc",
    "label": "ARC",
    "description": "balances a list of blocks seen once and one of blocks seen twice, steered by ghosts of recent victims",
    "source": "Megiddo & Modha, FAST 2003",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "car",
    "label": "CAR",
    "description": "ARC built from two CLOCKs, so a hit only sets a bit",
    "source": "Bansal & Modha, FAST 2004",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "2q",
    "label": "2Q",
    "description": "new blocks wait in a small FIFO; only those asked for again after leaving it reach the main LRU",
    "source": "Johnson & Shasha, VLDB 1994",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "lirs",
    "label": "LIRS",
    "description": "keeps blocks whose reuses come close together; blocks reused far apart get a small share",
    "source": "Jiang & Zhang, SIGMETRICS 2002",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "hirShare",
        "label": "HIR share",
        "unit": "share",
        "min": 0.0,
        "max": 1.0,
        "default": 0.01,
        "hint": "cache share for resident HIR blocks; the paper uses 1 %"
      }
    ]
  },
  {
    "kind": "clock-pro",
    "label": "CLOCK-Pro",
    "description": "LIRS's idea on a CLOCK: hot and cold pages, with a cold share that adapts",
    "source": "Jiang, Chen & Zhang, USENIX ATC 2005",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "minColdShare",
        "label": "Least cold share",
        "unit": "share",
        "min": 0.0,
        "max": 1.0,
        "default": 0.01,
        "hint": "least share of the cache for cold resident pages, where the adaptive target starts; the paper uses 1 %"
      }
    ]
  },
  {
    "kind": "mq",
    "label": "MQ",
    "description": "LRU queues by frequency; blocks unused for a while drop a queue, and evicted ones are remembered",
    "source": "Zhou, Philbin & Li, USENIX ATC 2001",
    "offline": false,
    "hints": false,
    "outQueue": true,
    "params": [
      {
        "name": "lifeTime",
        "label": "Life time",
        "unit": "refs",
        "min": 0.0,
        "max": 100000000000.0,
        "default": 0.0,
        "hint": "references a block may go unused before dropping a queue; 0 = the cache size"
      }
    ]
  },
  {
    "kind": "lru+hints",
    "label": "LRU+Hints",
    "description": "a second-tier LRU that caches what the client's write hints say it is letting go",
    "source": "Li, Aboulnaga, Salem, Sachedina & Gao, FAST 2005 (paper 004)",
    "offline": false,
    "hints": true,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "mq+hints",
    "label": "MQ+Hints",
    "description": "MQ driven by the client's write hints: blocks it writes back count, reads barely move the queues",
    "source": "Li, Aboulnaga, Salem, Sachedina & Gao, FAST 2005 (paper 004)",
    "offline": false,
    "hints": true,
    "outQueue": true,
    "params": [
      {
        "name": "lifeTime",
        "label": "Life time",
        "unit": "refs",
        "min": 0.0,
        "max": 100000000000.0,
        "default": 0.0,
        "hint": "references a block may go unused before dropping a queue; 0 = the cache size"
      }
    ]
  },
  {
    "kind": "tq",
    "label": "TQ",
    "description": "a second-tier cache ordering blocks by what the client's requests say of its own cache",
    "source": "Li, Aboulnaga, Salem, Sachedina & Gao, FAST 2005 (paper 004)",
    "offline": false,
    "hints": true,
    "outQueue": true,
    "params": []
  },
  {
    "kind": "s3-fifo",
    "label": "S3-FIFO",
    "description": "three FIFOs: a small one filters blocks used once, a main one keeps the rest, a ghost remembers",
    "source": "Yang, Zhang, Qiu, Yue & Vinayak, SOSP 2023",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "smallShare",
        "label": "Small queue",
        "unit": "share",
        "min": 0.0,
        "max": 1.0,
        "default": 0.1,
        "hint": "share of the cache that filters one-hit wonders; the paper uses 10 %"
      }
    ]
  },
  {
    "kind": "qd-lp-fifo",
    "label": "QD-LP-FIFO",
    "description": "FIFO only: new blocks must be asked for again to stay, and a hit just sets a bit",
    "source": "Yang, Qiu, Zhang, Yue & Vinayak, HotOS 2023",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "probationShare",
        "label": "Probationary FIFO",
        "unit": "share",
        "min": 0.0,
        "max": 1.0,
        "default": 0.1,
        "hint": "share of the cache where new blocks must be requested again to stay; the paper uses 10 %"
      }
    ]
  },
  {
    "kind": "w-tinylfu",
    "label": "W-TinyLFU",
    "description": "a small LRU window, then a frequency sketch admits a block only if it is used more than the victim",
    "source": "Einziger, Friedman & Manes, ACM TOS 2017",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "windowShare",
        "label": "Window",
        "unit": "share",
        "min": 0.0,
        "max": 1.0,
        "default": 0.01,
        "hint": "LRU window in front of the frequency-filtered main cache; Caffeine uses 1 %"
      }
    ]
  },
  {
    "kind": "hyperbolic",
    "label": "Hyperbolic",
    "description": "evicts, from a random sample, the block with the fewest uses per unit of time since it came in",
    "source": "Blankstein, Sen & Freedman, USENIX ATC 2017",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": [
      {
        "name": "sampleSize",
        "label": "Sample",
        "unit": "blocks",
        "min": 1.0,
        "max": 1024.0,
        "default": 64.0,
        "hint": "blocks drawn at random (from the run's seed) per eviction; the lowest hit rate since entry goes; the paper uses 64"
      }
    ]
  },
  {
    "kind": "lhd",
    "label": "LHD",
    "description": "evicts the block expected to earn the fewest hits per byte and time it will take up",
    "source": "Beckmann, Chen & Cidon, NSDI 2018",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "lecar",
    "label": "LeCaR",
    "description": "learns online how far to trust LRU or LFU, from which one's past victims come back",
    "source": "Vietri et al., HotStorage 2018",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "cacheus",
    "label": "CACHEUS",
    "description": "LeCaR with experts that resist scans and churn, and a learning rate that adapts",
    "source": "Rodriguez et al., FAST 2021",
    "offline": false,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "min",
    "label": "MIN",
    "description": "offline optimum: evicts the block whose next use is furthest in the future",
    "source": "Belady, IBM Systems Journal 1966",
    "offline": true,
    "hints": false,
    "outQueue": false,
    "params": []
  },
  {
    "kind": "read-opt",
    "label": "read-OPT",
    "description": "offline bound on read hits: MIN that looks only at future reads",
    "source": "Li, Aboulnaga, Salem, Sachedina & Gao, FAST 2005 (paper 004)",
    "offline": true,
    "hints": false,
    "outQueue": false,
    "params": []
  }
] as const;

/** The TPC-H-like client's layout: pages at scale 1 (each scaled and rounded, at least 1), index leaves per internal page, range names by id, and the generator's bounds and defaults (engine: workload::tpch). */
export const TPCH = {
  minScale: 0.01,
  maxScale: 64,
  defaultScale: 1,
  defaultLookups: 500,
  maxLookups: 1000000,
  defaultSkew: [80, 20],
  leavesPerInternal: 120,
  pages: { supplier: 15, customer: 250, orders: 1500, lineitem: 6000 },
  leaves: { customer: 25, orders: 150, lineitem: 600 },
  ranges: ['nation', 'supplier', 'customer', 'orders', 'lineitem', 'customer index', 'orders index (upper)', 'orders index leaves', 'lineitem index (upper)', 'lineitem index leaves'],
} as const;

/** The OLTP client's database in pages for 1 … 1000 warehouses (index: warehouses − 1), by generator model: its initial pages, and the block universe (with the appending tables' slack). */
export const OLTP_MAX_WAREHOUSES = 1000;
export const OLTP_PAGES: Record<1 | 2, { initial: readonly number[]; universe: readonly number[] }> = {
  1: {
    initial: [21615,40817,60022,79224,98428,117630,136836,156037,175243,194443,213649,232851,252057,271259,290463,309665,328870,348072,367277,386478,405683,424886,444090,463293,482493,501700,520902,540107,559309,578513,597715,616921,636122,655327,674528,693733,712936,732140,751344,770547,789750,808955,828157,847362,866563,885768,904971,924175,943378,962578,981784,1000987,1020191,1039394,1058597,1077800,1097005,1116207,1135412,1154613,1173818,1193021,1212225,1231429,1250632,1269835,1289040,1308241,1327447,1346647,1365853,1385055,1404260,1423462,1442663,1461868,1481072,1500276,1519479,1538682,1557885,1577090,1596292,1615497,1634697,1653903,1673105,1692310,1711512,1730717,1749919,1769125,1788326,1807532,1826732,1845938,1865140,1884345,1903547,1922748,1941953,1961156,1980361,1999563,2018767,2037969,2057175,2076376,2095582,2114782,2133988,2153190,2172395,2191597,2210802,2230004,2249210,2268411,2287616,2306817,2326022,2345225,2364429,2383632,2402832,2422038,2441240,2460446,2479648,2498852,2518054,2537260,2556461,2575667,2594867,2614072,2633275,2652479,2671682,2690886,2710089,2729294,2748496,2767701,2786902,2806107,2825310,2844514,2863717,2882917,2902123,2921325,2940530,2959733,2978936,2998139,3017344,3036546,3055751,3074952,3094157,3113360,3132564,3151767,3170970,3190174,3209379,3228581,3247786,3266986,3286192,3305394,3324599,3343801,3363002,3382207,3401410,3420614,3439818,3459021,3478224,3497429,3516631,3535836,3555037,3574242,3593444,3612649,3631851,3651055,3670258,3689464,3708665,3727871,3747071,3766277,3785479,3804684,3823886,3843087,3862292,3881495,3900699,3919902,3939106,3958308,3977514,3996715,4015921,4035121,4054327,4073529,4092734,4111936,4131140,4150342,4169549,4188750,4207956,4227156,4246361,4265564,4284768,4303971,4323171,4342377,4361579,4380784,4399987,4419191,4438393,4457599,4476800,4496006,4515206,4534412,4553614,4572818,4592021,4611224,4630427,4649633,4668835,4688040,4707241,4726446,4745649,4764853,4784056,4803256,4822462,4841664,4860869,4880071,4899275,4918478,4937683,4956885,4976090,4995291,5014496,5033699,5052903,5072106,5091309,5110512,5129717,5148920,5168125,5187326,5206531,5225733,5244938,5264140,5283341,5302546,5321749,5340953,5360156,5379360,5398563,5417768,5436970,5456175,5475376,5494581,5513784,5532988,5552190,5571394,5590596,5609802,5629004,5648210,5667410,5686616,5705818,5725023,5744225,5763426,5782631,5801834,5821038,5840241,5859444,5878647,5897853,5917054,5936260,5955460,5974666,5993868,6013073,6032275,6051479,6070681,6089887,6109089,6128295,6147495,6166701,6185903,6205107,6224310,6243510,6262716,6281918,6301123,6320325,6339529,6358732,6377938,6397139,6416345,6435545,6454751,6473953,6493158,6512360,6531563,6550766,6569971,6589173,6608379,6627580,6646785,6665988,6685192,6704395,6723595,6742801,6762003,6781208,6800410,6819614,6838816,6858022,6877224,6896429,6915630,6934835,6954038,6973242,6992445,7011648,7030851,7050056,7069258,7088464,7107665,7126870,7146073,7165277,7184479,7203680,7222885,7242088,7261292,7280495,7299698,7318901,7338107,7357309,7376514,7395715,7414920,7434123,7453327,7472530,7491733,7510935,7530141,7549342,7568548,7587749,7606955,7626157,7645362,7664564,7683765,7702970,7722173,7741377,7760580,7779783,7798986,7818192,7837393,7856599,7875799,7895005,7914207,7933412,7952614,7971818,7991020,8010226,8029427,8048633,8067834,8087040,8106242,8125447,8144649,8163849,8183055,8202257,8221462,8240664,8259868,8279070,8298276,8317478,8336684,8355884,8375090,8394292,8413497,8432699,8451903,8471105,8490310,8509512,8528717,8547918,8567124,8586327,8605531,8624734,8643934,8663140,8682342,8701547,8720749,8739953,8759155,8778361,8797563,8816768,8835969,8855174,8874377,8893581,8912784,8931987,8951190,8970395,8989597,9008802,9028003,9047209,9066412,9085616,9104819,9124019,9143224,9162427,9181631,9200834,9220037,9239240,9258445,9277647,9296853,9316054,9335259,9354462,9373666,9392869,9412072,9431275,9450480,9469681,9488887,9508087,9527294,9546496,9565701,9584903,9604104,9623309,9642512,9661716,9680919,9700122,9719325,9738530,9757732,9776938,9796138,9815344,9834546,9853751,9872953,9892157,9911359,9930565,9949766,9968972,9988172,10007378,10026581,10045786,10064988,10084189,10103394,10122596,10141801,10161003,10180207,10199409,10218615,10237816,10257022,10276223,10295429,10314631,10333836,10353038,10372242,10391444,10410650,10429851,10449056,10468257,10487462,10506666,10525870,10545073,10564273,10583479,10602681,10621886,10641088,10660292,10679494,10698700,10717901,10737107,10756308,10775513,10794716,10813920,10833123,10852326,10871529,10890734,10909936,10929141,10948342,10967547,10986750,11005955,11025158,11044358,11063564,11082766,11101970,11121173,11140376,11159579,11178784,11197986,11217191,11236393,11255598,11274801,11294005,11313208,11332411,11351614,11370819,11390021,11409226,11428426,11447632,11466834,11486040,11505242,11524443,11543648,11562851,11582055,11601258,11620461,11639664,11658869,11678071,11697276,11716477,11735683,11754885,11774090,11793292,11812496,11831698,11850904,11870105,11889311,11908511,11927717,11946919,11966124,11985327,12004528,12023733,12042936,12062140,12081342,12100546,12119748,12138954,12158155,12177361,12196561,12215768,12234970,12254175,12273377,12292581,12311783,12330989,12350190,12369396,12388596,12407801,12427004,12446208,12465412,12484612,12503818,12523020,12542225,12561427,12580631,12599833,12619039,12638240,12657446,12676646,12695852,12715055,12734259,12753462,12772665,12791868,12811073,12830275,12849480,12868681,12887886,12907089,12926293,12945497,12964697,12983903,13003105,13022310,13041512,13060715,13079918,13099123,13118325,13137530,13156731,13175936,13195140,13214344,13233547,13252750,13271953,13291158,13310360,13329565,13348766,13367971,13387173,13406378,13425580,13444782,13463987,13483190,13502394,13521597,13540800,13560003,13579208,13598410,13617615,13636816,13656021,13675224,13694429,13713631,13732835,13752037,13771243,13790444,13809650,13828850,13848056,13867258,13886463,13905665,13924867,13944072,13963275,13982479,14001682,14020885,14040087,14059293,14078494,14097700,14116900,14136106,14155308,14174514,14193716,14212920,14232122,14251328,14270529,14289735,14308935,14328141,14347343,14366547,14385750,14404950,14424157,14443359,14462564,14481766,14500970,14520172,14539378,14558579,14577785,14596985,14616191,14635393,14654599,14673801,14693004,14712207,14731412,14750614,14769819,14789020,14808225,14827428,14846632,14865835,14885035,14904242,14923444,14942649,14961851,14981055,15000257,15019462,15038664,15057869,15077070,15096275,15115478,15134682,15153886,15173089,15192292,15211497,15230699,15249904,15269105,15288310,15307513,15326717,15345919,15365120,15384325,15403529,15422733,15441936,15461139,15480342,15499547,15518749,15537954,15557155,15576360,15595563,15614767,15633971,15653174,15672376,15691582,15710783,15729989,15749189,15768395,15787597,15806802,15826004,15845205,15864410,15883614,15902818,15922021,15941224,15960427,15979632,15998833,16018039,16037239,16056445,16075647,16094852,16114054,16133259,16152461,16171667,16190868,16210074,16229274,16248480,16267682,16286887,16306089,16325289,16344495,16363698,16382903,16402105,16421309,16440511,16459717,16478918,16498124,16517324,16536530,16555732,16574937,16594139,16613344,16632546,16651751,16670953,16690158,16709359,16728564,16747767,16766971,16786174,16805374,16824580,16843782,16862988,16882190,16901394,16920596,16939802,16959003,16978208,16997409,17016614,17035817,17055021,17074224,17093427,17112631,17131836,17151038,17170243,17189444,17208649,17227852,17247056,17266259,17285459,17304664,17323867,17343072,17362275,17381478,17400681,17419886,17439088,17458293,17477494,17496699,17515902,17535106,17554309,17573512,17592716,17611921,17631122,17650328,17669528,17688734,17707936,17727141,17746343,17765544,17784749,17803952,17823156,17842360,17861563,17880766,17899971,17919173,17938378,17957578,17976784,17995986,18015191,18034393,18053597,18072800,18092006,18111207,18130413,18149613,18168819,18188021,18207226,18226428,18245629,18264834,18284036,18303241,18322444,18341648,18360850,18380056,18399257,18418463,18437663,18456869,18476071,18495276,18514478,18533682,18552884,18572091,18591292,18610497,18629698,18648903,18668106,18687310,18706513,18725713,18744919,18764121,18783326,18802528,18821733,18840935,18860141,18879342,18898548,18917748,18936953,18956156,18975360,18994563,19013766,19032969,19052175,19071377,19090582,19109783,19128988,19148191,19167395,19186598,19205798],
    universe: [22750,43084,63422,83757,104094,124428,144767,165101,185441,205773,226112,246447,266786,287120,307458,327792,348130,368465,388804,409137,429475,449810,470148,490483,510816,531157,551492,571829,592164,612501,632836,653174,673508,693846,714181,734518,754854,775191,795528,815863,836200,856537,876873,897210,917545,937882,958218,978554,998891,1019223,1039562,1059899,1080236,1100571,1120907,1141243,1161581,1181915,1202253,1222588,1242926,1263261,1283598,1303935,1324271,1344606,1364945,1385278,1405618,1425950,1446290,1466624,1486962,1507296,1527631,1547968,1568306,1588643,1608979,1629314,1649650,1669988,1690323,1710660,1730993,1751333,1771668,1792005,1812340,1832678,1853013,1873351,1893686,1914025,1934358,1954696,1975032,1995369,2015704,2036037,2056376,2076711,2097050,2117385,2137722,2158056,2178395,2198729,2219068,2239400,2259740,2280075,2300413,2320747,2341086,2361420,2381759,2402092,2422431,2442765,2463103,2483438,2503776,2524111,2544444,2564782,2585118,2605457,2625792,2646129,2666464,2686802,2707136,2727475,2747808,2768145,2788482,2808819,2829155,2849491,2869828,2890165,2910500,2930837,2951173,2971510,2991846,3012182,3032519,3052851,3073190,3093524,3113863,3134199,3154535,3174871,3195209,3215543,3235881,3256215,3276553,3296889,3317226,3337562,3357898,3378234,3398573,3418907,3439245,3459577,3479918,3500252,3520590,3540924,3561259,3581596,3601932,3622268,3642607,3662942,3683278,3703616,3723951,3744288,3764622,3784960,3805295,3825633,3845968,3866305,3886641,3906979,3927314,3947652,3967985,3988324,4008660,4028997,4049332,4069665,4090004,4110339,4130676,4151012,4171350,4191684,4212023,4232357,4252696,4273028,4293367,4313702,4334041,4354375,4374712,4395047,4415387,4435720,4456060,4476392,4496730,4517066,4537404,4557739,4578072,4598410,4618746,4639083,4659419,4679757,4700092,4720430,4740764,4761103,4781436,4801774,4822109,4842446,4862783,4883118,4903454,4923793,4944128,4964465,4984800,5005137,5025474,5045810,5066147,5086479,5106818,5127152,5147491,5167825,5188162,5208499,5228837,5249171,5269509,5289843,5310181,5330516,5350853,5371190,5391526,5411861,5432199,5452535,5472873,5493206,5513545,5533879,5554218,5574552,5594887,5615224,5635560,5655896,5676233,5696569,5716906,5737244,5757579,5777916,5798250,5818588,5838924,5859260,5879595,5899933,5920268,5940606,5960942,5981280,6001613,6021951,6042287,6062625,6082960,6103293,6123632,6143967,6164304,6184639,6204976,6225311,6245651,6265985,6286324,6306656,6326995,6347330,6367668,6388002,6408340,6428675,6449014,6469348,6489688,6510020,6530359,6550693,6571031,6591367,6611700,6632038,6652374,6672711,6693046,6713382,6733719,6754058,6774392,6794731,6815064,6835402,6855737,6876075,6896410,6916745,6937082,6957420,6977755,6998093,7018428,7038765,7059101,7079437,7099775,7120107,7140446,7160780,7181119,7201453,7221790,7242124,7262464,7282799,7303137,7323471,7343809,7364144,7384481,7404817,7425153,7445489,7465827,7486162,7506501,7526834,7547173,7567508,7587845,7608179,7628515,7648852,7669188,7689524,7709861,7730196,7750532,7770871,7791207,7811544,7831878,7852216,7872552,7892888,7913224,7933560,7953895,7974234,7994568,8014907,8035241,8055579,8075915,8096252,8116587,8136921,8157260,8177595,8197932,8218267,8238604,8258939,8279278,8299612,8319952,8340284,8360623,8380958,8401296,8421630,8441967,8462302,8482642,8502975,8523314,8543648,8563987,8584321,8604660,8624994,8645327,8665666,8686002,8706339,8726674,8747010,8767346,8787684,8808019,8828359,8848692,8869030,8889365,8909703,8930038,8950374,8970709,8991047,9011383,9031720,9052054,9072393,9092729,9113065,9133402,9153734,9174074,9194408,9214747,9235081,9255418,9275752,9296092,9316426,9336764,9357099,9377437,9397772,9418109,9438445,9458781,9479116,9499454,9519790,9540128,9560461,9580801,9601136,9621473,9641808,9662142,9682479,9702816,9723152,9743489,9763824,9784160,9804497,9824833,9845171,9865506,9885844,9906180,9926516,9946852,9967188,9987524,10007861,10028195,10048535,10068868,10089207,10109543,10129880,10150215,10170548,10190887,10211223,10231560,10251895,10272232,10292567,10312905,10333239,10353579,10373911,10394251,10414586,10434924,10455258,10475595,10495930,10516269,10536602,10556942,10577275,10597614,10617949,10638288,10658622,10678956,10699293,10719629,10739967,10760302,10780638,10800974,10821312,10841646,10861984,10882319,10902658,10922993,10943331,10963666,10984002,11004337,11024676,11045010,11065347,11085682,11106020,11126357,11146693,11167030,11187362,11207701,11228035,11248375,11268709,11289046,11309380,11329720,11350053,11370392,11390726,11411064,11431400,11451737,11472073,11492409,11512744,11533082,11553417,11573755,11594089,11614427,11634763,11655101,11675436,11695770,11716108,11736443,11756779,11777117,11797452,11817788,11838125,11858461,11878798,11899133,11919471,11939808,11960144,11980480,12000816,12021152,12041489,12061824,12082162,12102495,12122834,12143169,12163508,12183843,12204176,12224515,12244850,12265187,12285523,12305860,12326195,12346533,12366867,12387206,12407539,12427878,12448213,12468552,12488886,12509223,12529558,12549897,12570230,12590569,12610902,12631242,12651576,12671914,12692250,12712584,12732921,12753258,12773594,12793929,12814266,12834602,12854940,12875274,12895612,12915946,12936285,12956620,12976959,12997294,13017630,13037965,13058304,13078638,13098976,13119309,13139647,13159984,13180320,13200658,13220990,13241329,13261663,13282002,13302336,13322674,13343008,13363348,13383681,13404020,13424352,13444692,13465027,13485364,13505701,13526037,13546372,13566710,13587045,13607383,13627716,13648054,13668391,13688728,13709064,13729398,13749736,13770071,13790408,13810744,13831079,13851416,13871753,13892089,13912426,13932760,13953097,13973435,13993771,14014108,14034444,14054780,14075117,14095452,14115790,14136124,14156461,14176796,14197135,14217470,14237804,14258143,14278478,14298815,14319150,14339487,14359823,14380161,14400495,14420834,14441167,14461505,14481840,14502179,14522513,14542851,14563186,14583525,14603858,14624197,14644530,14664869,14685203,14705542,14725877,14746212,14766549,14786886,14807222,14827558,14847893,14868229,14888568,14908902,14929240,14949574,14969912,14990247,15010586,15030921,15051258,15071593,15091932,15112266,15132604,15152937,15173276,15193611,15213947,15234284,15254617,15274957,15295291,15315630,15335964,15356301,15376635,15396976,15417309,15437648,15457980,15478320,15498654,15518993,15539328,15559664,15580000,15600338,15620673,15641011,15661344,15681682,15702018,15722355,15742691,15763024,15783364,15803699,15824036,15844372,15864708,15885043,15905380,15925717,15946054,15966388,15986725,16007062,16027398,16047735,16068071,16088408,16108745,16129080,16149418,16169752,16190089,16210425,16230762,16251097,16271431,16291769,16312106,16332443,16352778,16373115,16393450,16413788,16434123,16454462,16474795,16495133,16515468,16535806,16556142,16576478,16596813,16617153,16637486,16657825,16678158,16698497,16718831,16739169,16759504,16779839,16800176,16820514,16840850,16861186,16881521,16901858,16922195,16942529,16962868,16983202,17003540,17023875,17044212,17064548,17084885,17105220,17125560,17145894,17166232,17186565,17206904,17227239,17247576,17267911,17288244,17308584,17328919,17349258,17369592,17389929,17410263,17430603,17450936,17471276,17491608,17511948,17532282,17552620,17572954,17593293,17613627,17633965,17654301,17674639,17694972,17715310,17735646,17755983,17776318,17796651,17816991,17837326,17857664,17878000,17898336,17918671,17939009,17959344,17979681,18000016,18020353,18040690,18061026,18081362,18101697,18122035,18142372,18162708,18183046,18203380,18223717,18244053,18264390,18284726,18305058,18325396,18345733,18366071,18386406,18406743,18427078,18447416,18467750,18488089,18508423,18528761,18549096,18569434,18589769,18610105,18630442,18650780,18671113,18691453,18711786,18732125,18752459,18772797,18793132,18813466,18833803,18854140,18874477,18894814,18915149,18935486,18955823,18976158,18996495,19016829,19037168,19057503,19077840,19098176,19118512,19138848,19159187,19179521,19199860,19220193,19240532,19260867,19281204,19301539,19321873,19342211,19362545,19382884,19403220,19423557,19443891,19464231,19484564,19504903,19525235,19545576,19565910,19586248,19606582,19626920,19647254,19667594,19687928,19708266,19728600,19748938,19769274,19789611,19809946,19830279,19850618,19870953,19891291,19911626,19931964,19952299,19972637,19992972,20013310,20033643,20053980,20074318,20094654,20114990,20135325,20155662,20176000,20196335,20216673,20237008,20257345,20277681,20298018,20318354,20338686],
  },
  2: {
    initial: [27668,52444,77219,101995,126769,151546,176319,201096,225872,250647,275421,300197,324972,349748,374525,399300,424076,448850,473625,498400,523175,547951,572728,597503,622277,647052,671831,696603,721378,746155,770931,795706,820480,845259,870031,894806,919582,944358,969134,993909,1018684,1043459,1068236,1093009,1117787,1142561,1167336,1192113,1216887,1241662,1266440,1291213,1315988,1340766,1365541,1390317,1415092,1439867,1464640,1489418,1514194,1538969,1563742,1588521,1613294,1638070,1662843,1687622,1712397,1737171,1761946,1786724,1811498,1836273,1861050,1885824,1910600,1935375,1960151,1984925,2009703,2034477,2059251,2084027,2108805,2133579,2158353,2183129,2207904,2232680,2257456,2282231,2307007,2331782,2356557,2381334,2406108,2430885,2455660,2480433,2505212,2529987,2554761,2579536,2604312,2629087,2653863,2678640,2703416,2728190,2752964,2777742,2802515,2827292,2852068,2876842,2901618,2926392,2951167,2975946,3000719,3025494,3050271,3075045,3099821,3124596,3149372,3174147,3198924,3223697,3248475,3273249,3298026,3322797,3347576,3372350,3397126,3421902,3446677,3471451,3496228,3521001,3545777,3570555,3595329,3620104,3644880,3669656,3694432,3719206,3743980,3768758,3793532,3818309,3843082,3867859,3892635,3917409,3942184,3966961,3991736,4016513,4041287,4066061,4090840,4115613,4140388,4165167,4189938,4214714,4239490,4264267,4289041,4313817,4338594,4363368,4388142,4412919,4437696,4462468,4487243,4512021,4536796,4561572,4586347,4611122,4635899,4660672,4685449,4710225,4735001,4759775,4784549,4809325,4834103,4858876,4883651,4908427,4933204,4957979,4982752,5007531,5032305,5057080,5081856,5106632,5131407,5156182,5180956,5205733,5230507,5255283,5280060,5304835,5329612,5354387,5379159,5403937,5428712,5453488,5478263,5503038,5527813,5552589,5577365,5602140,5626916,5651691,5676467,5701243,5726017,5750793,5775567,5800343,5825119,5849894,5874671,5899443,5924221,5948995,5973770,5998547,6023324,6048096,6072872,6097649,6122424,6147197,6171975,6196750,6221527,6246300,6271076,6295853,6320627,6345401,6370178,6394955,6419728,6444505,6469278,6494055,6518830,6543605,6568380,6593159,6617931,6642707,6667483,6692259,6717034,6741811,6766585,6791361,6816136,6840912,6865688,6890463,6915238,6940013,6964791,6989564,7014341,7039115,7063891,7088665,7113442,7138218,7162994,7187768,7212543,7237318,7262094,7286869,7311643,7336421,7361196,7385971,7410748,7435522,7460297,7485073,7509848,7534624,7559400,7584176,7608949,7633725,7658501,7683276,7708051,7732826,7757605,7782378,7807152,7831928,7856704,7881479,7906254,7931031,7955807,7980581,8005357,8030134,8054907,8079684,8104460,8129233,8154013,8178785,8203559,8228336,8253113,8277887,8302662,8327438,8352213,8376987,8401763,8426539,8451315,8476090,8500866,8525641,8550416,8575191,8599968,8624742,8649516,8674296,8699068,8723844,8748620,8773394,8798168,8822947,8847722,8872497,8897272,8922047,8946823,8971596,8996374,9021150,9045925,9070700,9095474,9120251,9145026,9169802,9194578,9219354,9244129,9268906,9293680,9318455,9343232,9368005,9392780,9417560,9442332,9467109,9491882,9516659,9541435,9566208,9590986,9615762,9640536,9665310,9690087,9714862,9739638,9764412,9789189,9813964,9838738,9863516,9888290,9913066,9937840,9962616,9987393,10012168,10036942,10061719,10086494,10111268,10136044,10160821,10185595,10210371,10235145,10259922,10284697,10309472,10334248,10359022,10383799,10408574,10433349,10458125,10482901,10507673,10532452,10557226,10582005,10606778,10631552,10656331,10681104,10705879,10730656,10755429,10780206,10804981,10829756,10854531,10879308,10904084,10928858,10953632,10978410,11003185,11027959,11052734,11077513,11102286,11127062,11151836,11176615,11201388,11226161,11250938,11275714,11300490,11325265,11350042,11374814,11399593,11424365,11449143,11473919,11498694,11523467,11548244,11573020,11597795,11622570,11647346,11672121,11696896,11721673,11746448,11771225,11795996,11820774,11845551,11870325,11895099,11919879,11944650,11969426,11994203,12018979,12043754,12068529,12093305,12118080,12142855,12167630,12192406,12217180,12241957,12266731,12291506,12316283,12341059,12365835,12390609,12415384,12440162,12464935,12489711,12514486,12539262,12564036,12588813,12613588,12638363,12663139,12687914,12712689,12737466,12762240,12787017,12811789,12836567,12861341,12886118,12910891,12935668,12960444,12985218,13009995,13034770,13059546,13084319,13109097,13133870,13158647,13183423,13208200,13232972,13257748,13282524,13307300,13332076,13356851,13381626,13406403,13431176,13455951,13480730,13505504,13530278,13555053,13579831,13604604,13629381,13654155,13678931,13703707,13728484,13753259,13778034,13802809,13827583,13852360,13877134,13901912,13926687,13951460,13976236,14001012,14025788,14050562,14075339,14100114,14124890,14149665,14174440,14199216,14223991,14248767,14273541,14298317,14323095,14347867,14372643,14397420,14422194,14446970,14471745,14496522,14521297,14546072,14570846,14595624,14620396,14645176,14669950,14694723,14719499,14744276,14769051,14793826,14818602,14843378,14868153,14892928,14917704,14942479,14967254,14992030,15016806,15041581,15066358,15091130,15115906,15140681,15165459,15190233,15215007,15239785,15264559,15289333,15314111,15338886,15363660,15388436,15413212,15437988,15462762,15487538,15512315,15537087,15561865,15586640,15611416,15636191,15660965,15685742,15710516,15735291,15760066,15784845,15809618,15834395,15859168,15883944,15908722,15933496,15958271,15983049,16007823,16032600,16057375,16082149,16106925,16131699,16156476,16181251,16206028,16230802,16255578,16280351,16305129,16329904,16354680,16379455,16404229,16429006,16453781,16478554,16503332,16528106,16552882,16577657,16602432,16627210,16651985,16676758,16701534,16726313,16751085,16775861,16800636,16825413,16850185,16874962,16899739,16924514,16949290,16974065,16998839,17023616,17048390,17073165,17097943,17122715,17147493,17172269,17197042,17221819,17246594,17271371,17296146,17320920,17345698,17370472,17395247,17420021,17444798,17469574,17494350,17519122,17543898,17568676,17593448,17618226,17643003,17667776,17692553,17717325,17742103,17766878,17791653,17816428,17841204,17865980,17890756,17915531,17940305,17965082,17989857,18014632,18039407,18064184,18088960,18113733,18138509,18163284,18188059,18212836,18237611,18262386,18287161,18311939,18336713,18361489,18386264,18411040,18435815,18460591,18485368,18510142,18534918,18559692,18584469,18609243,18634019,18658797,18683569,18708344,18733122,18757897,18782670,18807448,18832223,18856998,18881772,18906548,18931325,18956100,18980873,19005650,19030427,19055201,19079976,19104753,19129526,19154303,19179078,19203853,19228630,19253405,19278180,19302954,19327731,19352507,19377280,19402057,19426832,19451608,19476382,19501159,19525933,19550710,19575484,19600259,19625035,19649812,19674585,19699361,19724138,19748913,19773690,19798464,19823239,19848015,19872790,19897567,19922342,19947116,19971894,19996666,20021443,20046217,20070994,20095770,20120545,20145319,20170096,20194871,20219647,20244421,20269197,20293973,20318748,20343523,20368299,20393076,20417850,20442623,20467400,20492178,20516952,20541726,20566502,20591279,20616053,20640829,20665605,20690381,20715156,20739929,20764706,20789482,20814258,20839031,20863807,20888586,20913357,20938135,20962910,20987684,21012459,21037236,21062012,21086788,21111562,21136338,21161116,21185887,21210665,21235441,21260215,21284990,21309767,21334541,21359317,21384092,21408870,21433641,21458418,21483195,21507968,21532744,21557521,21582296,21607070,21631848,21656621,21681399,21706170,21730948,21755723,21780499,21805274,21830051,21854824,21879601,21904376,21929150,21953927,21978704,22003477,22028250,22053029,22077805,22102577,22127353,22152132,22176906,22201681,22226456,22251233,22276007,22300781,22325557,22350336,22375108,22399885,22424661,22449434,22474211,22498985,22523763,22548539,22573311,22598090,22622862,22647639,22672414,22697190,22721965,22746741,22771515,22796293,22821068,22845841,22870619,22895394,22920170,22944946,22969720,22994495,23019272,23044045,23068821,23093597,23118374,23143147,23167923,23192698,23217475,23242249,23267025,23291800,23316576,23341352,23366125,23390903,23415678,23440453,23465229,23490003,23514779,23539556,23564329,23589104,23613882,23638656,23663432,23688207,23712985,23737758,23762533,23787309,23812085,23836861,23861635,23886409,23911187,23935962,23960736,23985514,24010288,24035063,24059840,24084615,24109390,24134167,24158938,24183716,24208493,24233267,24258043,24282818,24307594,24332367,24357144,24381920,24406696,24431468,24456246,24481021,24505796,24530570,24555347,24580121,24604898,24629673,24654450,24679225,24703999,24728776,24753549,24778326],
    universe: [30039,57185,84328,111473,138616,165762,192903,220050,247195,274338,301481,328627,355771,382915,410062,437205,464350,491494,518637,545781,572925,600069,627216,654361,681502,708647,735796,762935,790080,817226,844370,871514,898657,925807,952947,980091,1007236,1034381,1061525,1088670,1115812,1142957,1170104,1197244,1224393,1251536,1278679,1305825,1332969,1360111,1387259,1414401,1441544,1468692,1495835,1522981,1550125,1577269,1604410,1631558,1658703,1685846,1712988,1740136,1767279,1794422,1821566,1848715,1875857,1903001,1930144,1957291,1984434,2011578,2038723,2065867,2093012,2120155,2147302,2174444,2201591,2228733,2255877,2283021,2310168,2337312,2364454,2391599,2418743,2445889,2473033,2500178,2527322,2554466,2581611,2608756,2635899,2663045,2690189,2717330,2744480,2771624,2798766,2825910,2853055,2880199,2907343,2934490,2961634,2988777,3015921,3043067,3070210,3097356,3124500,3151643,3178789,3205930,3233075,3260224,3287364,3314509,3341655,3368798,3395943,3423087,3450233,3477376,3504522,3531664,3558811,3585953,3613100,3640239,3667388,3694532,3721675,3748821,3775965,3803107,3830253,3857395,3884539,3911687,3938831,3965974,3993120,4020264,4047409,4074552,4101695,4128842,4155984,4183131,4210272,4237418,4264564,4291708,4318850,4345997,4373142,4400286,4427430,4454572,4481720,4508862,4536006,4563154,4590295,4617440,4644584,4671731,4698873,4726018,4753163,4780307,4807449,4834595,4861743,4888883,4916027,4943174,4970317,4997462,5024607,5051750,5078896,5106039,5133184,5160330,5187475,5214618,5241760,5268905,5296053,5323194,5350338,5377483,5404629,5431772,5458916,5486063,5513206,5540351,5567494,5594640,5621784,5648927,5676070,5703217,5730359,5757505,5784651,5811794,5838941,5866084,5893225,5920372,5947516,5974662,6001805,6028949,6056093,6083238,6110383,6137528,6164671,6191816,6218962,6246105,6273249,6300394,6327536,6354681,6381827,6408970,6436117,6463258,6490404,6517548,6544691,6571837,6598983,6626124,6653269,6680415,6707560,6734701,6761848,6788992,6816139,6843279,6870425,6897571,6924713,6951857,6979003,7006149,7033291,7060437,7087578,7114725,7141869,7169012,7196156,7223304,7250445,7277590,7304736,7331881,7359024,7386171,7413313,7440458,7467602,7494746,7521891,7549036,7576180,7603324,7630472,7657613,7684759,7711901,7739047,7766189,7793335,7820481,7847625,7874769,7901913,7929057,7956201,7983346,8010487,8037635,8064780,8091922,8119069,8146212,8173355,8200501,8227646,8254790,8281935,8309080,8336221,8363367,8390511,8417655,8444799,8471943,8499093,8526234,8553377,8580522,8607666,8634810,8661955,8689099,8716245,8743389,8770532,8797680,8824821,8851967,8879112,8906254,8933403,8960544,8987687,9014832,9041979,9069121,9096266,9123410,9150555,9177698,9204842,9231988,9259132,9286276,9313421,9340566,9367708,9394854,9422000,9449142,9476286,9503434,9530575,9557720,9584865,9612007,9639150,9666299,9693443,9720587,9747731,9774875,9802019,9829162,9856309,9883453,9910598,9937740,9964884,9992031,10019174,10046319,10073465,10100609,10127753,10154900,10182042,10209186,10236331,10263474,10290617,10317767,10344909,10372054,10399196,10426342,10453487,10480628,10507776,10534920,10562063,10589207,10616352,10643497,10670642,10697784,10724930,10752074,10779217,10806364,10833507,10860651,10887795,10914940,10942086,10969230,10996373,11023520,11050662,11077806,11104951,11132096,11159239,11186385,11213527,11240674,11267819,11294961,11322107,11349249,11376395,11403539,11430683,11457828,11484973,11512115,11539262,11566405,11593553,11620695,11647837,11674986,11702128,11729271,11756418,11783559,11810706,11837850,11864994,11892137,11919284,11946429,11973571,12000715,12027861,12055005,12082148,12109292,12136441,12163582,12190728,12217870,12245018,12272160,12299302,12326447,12353593,12380738,12407881,12435029,12462168,12489317,12516458,12543604,12570749,12597894,12625035,12652181,12679326,12706470,12733615,12760759,12787904,12815047,12842193,12869338,12896483,12923623,12950770,12977915,13005058,13032203,13059351,13086491,13113637,13140781,13167927,13195071,13222214,13249359,13276503,13303647,13330792,13357937,13385079,13412226,13439368,13466512,13493657,13520803,13547949,13575090,13602235,13629383,13656524,13683669,13710814,13737958,13765101,13792247,13819390,13846535,13873679,13900823,13927968,13955114,13982257,14009403,14036544,14063690,14090833,14117979,14145121,14172266,14199412,14226555,14253701,14280846,14307990,14335132,14362279,14389421,14416566,14443712,14470858,14497998,14525144,14552289,14579434,14606578,14633723,14660867,14688012,14715155,14742298,14769446,14796589,14823732,14850876,14878024,14905165,14932311,14959455,14986598,15013744,15040890,15068033,15095177,15122322,15149465,15176611,15203754,15230901,15258045,15285186,15312332,15339477,15366621,15393765,15420909,15448055,15475200,15502343,15529487,15556633,15583776,15610921,15638065,15665208,15692356,15719496,15746642,15773788,15800931,15828076,15855220,15882366,15909509,15936654,15963796,15990943,16018083,16045234,16072378,16099518,16126664,16153810,16180953,16208097,16235243,16262387,16289531,16316675,16343819,16370965,16398108,16425253,16452398,16479542,16506688,16533828,16560974,16588117,16615264,16642407,16669551,16696697,16723841,16750984,16778130,16805275,16832416,16859562,16886707,16913852,16940995,16968141,16995287,17022427,17049575,17076718,17103863,17131006,17158150,17185296,17212438,17239583,17266727,17293875,17321017,17348162,17375304,17402450,17429596,17456739,17483884,17511029,17538173,17565320,17592463,17619606,17646751,17673894,17701040,17728184,17755330,17782473,17809617,17836760,17863908,17891051,17918197,17945339,17972483,17999629,18026772,18053914,18081062,18108204,18135349,18162494,18189637,18216785,18243928,18271070,18298215,18325363,18352504,18379649,18406793,18433938,18461079,18488226,18515372,18542516,18569661,18596806,18623947,18651094,18678237,18705380,18732527,18759668,18786816,18813961,18841103,18868248,18895393,18922538,18949682,18976825,19003972,19031115,19058258,19085403,19112548,19139693,19166838,19193979,19221123,19248271,19275411,19302558,19329705,19356845,19383993,19411134,19438281,19465425,19492569,19519713,19546857,19574002,19601147,19628291,19655433,19682581,19709725,19736868,19764013,19791158,19818303,19845445,19872589,19899733,19926878,19954023,19981168,20008313,20035455,20062603,20089746,20116890,20144035,20171179,20198323,20225468,20252614,20279757,20306903,20334045,20361192,20388334,20415479,20442627,20469766,20496911,20524058,20551201,20578343,20605492,20632635,20659779,20686922,20714066,20741213,20768356,20795498,20822644,20849790,20876933,20904078,20931224,20958365,20985511,21012655,21039799,21066945,21094089,21121234,21148375,21175522,21202667,21229809,21256955,21284099,21311244,21338387,21365533,21392675,21419822,21446964,21474108,21501253,21528400,21555542,21582686,21609833,21636976,21664122,21691265,21718409,21745554,21772698,21799844,21826988,21854132,21881277,21908419,21935565,21962708,21989854,22016999,22044143,22071285,22098432,22125576,22152721,22179863,22207009,22234154,22261297,22288442,22315585,22342732,22369875,22397016,22424163,22451311,22478453,22505596,22532742,22559886,22587030,22614174,22641319,22668465,22695608,22722751,22749897,22777042,22804187,22831329,22858473,22885622,22912761,22939908,22967053,22994194,23021340,23048486,23075630,23102775,23129918,23157063,23184210,23211350,23238496,23265642,23292784,23319929,23347076,23374218,23401363,23428506,23455654,23482793,23509939,23537085,23564227,23591372,23618519,23645664,23672805,23699953,23727094,23754241,23781381,23808528,23835672,23862817,23889961,23917107,23944250,23971395,23998539,24025681,24052828,24079974,24107115,24134258,24161405,24188550,24215691,24242836,24269985,24297128,24324271,24351415,24378562,24405703,24432847,24459992,24487140,24514281,24541427,24568573,24595714,24622860,24650003,24677150,24704294,24731436,24758584,24785724,24812871,24840014,24867160,24894304,24921448,24948592,24975739,25002882,25030024,25057171,25084314,25111460,25138605,25165748,25192893,25220038,25247180,25274325,25301470,25328616,25355757,25382902,25410047,25437193,25464336,25491482,25518624,25545770,25572915,25600056,25627203,25654347,25681491,25708636,25735780,25762924,25790071,25817212,25844356,25871504,25898646,25925791,25952934,25980082,26007223,26034368,26061513,26088658,26115803,26142946,26170089,26197235,26224380,26251522,26278669,26305812,26332956,26360103,26387247,26414391,26441536,26468676,26495823,26522969,26550112,26577257,26604401,26631545,26658689,26685834,26712979,26740124,26767264,26794412,26821556,26848699,26875842,26902989,26930130,26957278,26984421,27011568,27038712,27065854,27093001,27120142,27147288],
  },
};
