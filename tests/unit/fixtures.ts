// Hand-made reports for component and chart tests.
import type { CacheReport, ClientReport, Report } from '../../web/worker/protocol';

/** The engine's 701 histogram edges: 1 µs .. 10 s, 100 per decade. */
export const EDGES_US = Array.from({ length: 701 }, (_, i) => Number((10 ** (i / 100)).toPrecision(6)));

/** A histogram with `counts` at the given bins (bin → count), zero elsewhere. */
export function histogram(bins: Record<number, number>): number[] {
  const counts = new Array<number>(702).fill(0);
  for (const [bin, n] of Object.entries(bins)) counts[Number(bin)] = n;
  return counts;
}

/**
 * A latency histogram as the engine reports it: `counts`, and each percentile the upper edge of
 * the bin holding it (none past the last edge) — a model of `LatencyHistogram::quantile_ms`.
 */
export function latencyOf(counts: number[]) {
  const total = counts.reduce((a, b) => a + b, 0);
  const q = (p: number) => {
    if (!total) return null;
    const rank = Math.min(total, Math.max(1, Math.ceil(p * total)));
    let seen = 0;
    const bin = counts.findIndex((c) => (seen += c) >= rank);
    return bin < EDGES_US.length ? EDGES_US[bin] / 1000 : null;
  };
  return { edgesUs: EDGES_US, counts, p50Ms: q(0.5), p95Ms: q(0.95), p99Ms: q(0.99) };
}

/** One client's report: its path, reads served at each level and the disk, latencies `bins`. */
export function makeClient(
  name: string,
  path: number[],
  servedAt: number[],
  bins: Record<number, number>,
  over: Partial<ClientReport> = {},
): ClientReport {
  const reads = servedAt.reduce((a, b) => a + b, 0);
  return {
    name,
    path,
    requests: reads,
    reads,
    writes: 0,
    synchWrites: 0,
    replaceWrites: 0,
    recovWrites: 0,
    servedAt,
    hitFractions: servedAt.map((n) => n / reads),
    blockHitFractions: servedAt.map((n) => n / reads),
    meanLatencyMs: 1,
    latency: latencyOf(histogram(bins)),
    ...over,
  };
}

/** One cache's report. */
export function makeCache(
  name: string,
  parent: number | null,
  depth: number,
  hits: number,
  misses: number,
  over: Partial<CacheReport> = {},
): CacheReport {
  return {
    name,
    policy: 'lru',
    parent,
    depth,
    client: false,
    capacity: 100,
    blocks: 100,
    hits,
    misses,
    demotionsIn: 0,
    demotionsMovedIn: 0,
    evictions: 0,
    reloads: 0,
    linkBytes: 2 ** 20,
    writes: 0,
    synchWrites: 0,
    replaceWrites: 0,
    recovWrites: 0,
    warmBlockReads: 0,
    warmBlockHits: 0,
    ...over,
  };
}

/**
 * Paper 000 RANDOM, LRU-MRU-demote, in miniature: 50 client hits (< 1 µs), 10 array hits
 * (0.2 ms, bin 231), 30 array hits that caused a demotion (0.4 ms, bin 261), 10 disk reads
 * (10.2 ms, bin 401).
 */
export function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    phase: 'done',
    processed: 110,
    total: 110,
    warmupRequests: 10,
    counters: {
      requests: 100,
      reads: 100,
      writes: 0,
      clientHits: 50,
      arrayHits: 40,
      diskReads: 10,
      blockReads: 100,
      clientBlockHits: 50,
      arrayBlockHits: 40,
      demotions: 48,
      demotionsMoved: 36,
      reloads: 0,
      linkBytes: 4096 * 86,
      latencySumNs: 55_750_000,
      synchWrites: 0,
      replaceWrites: 0,
      recovWrites: 0,
      warmBlockReads: 40,
      warmBlockHits: 30,
    },
    hitFractions: { client: 0.5, array: 0.4, disk: 0.1 },
    blockHitFractions: { client: 0.5, array: 0.4, disk: 0.1 },
    meanLatencyMs: 0.5575482177734375,
    latency: latencyOf(histogram({ 0: 50, 231: 10, 261: 30, 401: 10 })),
    pathCosts: { clientHitMs: 0, arrayHitMs: 0.2, diskReadMs: 10.2, demotionMs: 0.2 },
    clientBlocks: 16,
    arrayBlocks: 16,
    clients: [
      makeClient(
        'client',
        [0, 1],
        [50, 40, 10],
        { 0: 50, 231: 10, 261: 30, 401: 10 },
        { meanLatencyMs: 0.5575482177734375 },
      ),
    ],
    caches: [
      makeCache('client', 1, 1, 50, 50, { client: true, policy: 'lru', blocks: 16, capacity: 16, evictions: 48 }),
      makeCache('array', null, 0, 40, 10, {
        policy: 'mru',
        blocks: 16,
        capacity: 16,
        demotionsIn: 48,
        demotionsMovedIn: 36,
      }),
    ],
    queueing: false,
    ...overrides,
  };
}

/** The text of the file a click downloads (the page's `download` makes a blob URL of it). */
export async function downloadedText(click: () => void): Promise<string> {
  const saved: Blob[] = [];
  const { createObjectURL } = URL;
  URL.createObjectURL = (b: Blob) => {
    saved.push(b);
    return 'blob:download';
  };
  try {
    click();
  } finally {
    URL.createObjectURL = createObjectURL;
  }
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(saved[0]);
  });
}
