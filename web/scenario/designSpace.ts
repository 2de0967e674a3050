// Paper 003's design space (engine: tiersim_core::scenario::design, which tests/integration
// checks this against): five collaboration approaches × LRU or ARC at each level × DU, CO and
// SE — 136 designs over one base scenario (two levels, or a tree: its clients take the client's
// algorithm, every cache above the array's) — and what the paper reads off them: the best
// design of each approach, and the gap between the best hierarchy-aware and the best
// aggressively-collaborative one. Accounting is the paper's (§7.1): DEMOTEs go uncharged
// (`demotions: hidden`), as HA_R's reloads are; AC_CA runs once per candidate count in
// AC_CA_KS and keeps its best (§3.2: k "is manually tuned to achieve the best performance").
import { DEFAULT_AC_CA_K, treeLeaves, type CacheConfig, type Scenario } from './schema';

export const APPROACHES = ['HA_B', 'HA_R', 'AC_HB', 'AC_CA', 'AC_CC'] as const;
export type Approach = (typeof APPROACHES)[number];
export type Algorithm = 'LRU' | 'ARC';

export const APPROACH_LABELS: Record<Approach, string> = {
  HA_B: 'basic hierarchy-aware (inclusive)',
  HA_R: 'hierarchy-aware, reloads evictions',
  AC_HB: 'hint-based: DEMOTE',
  AC_CA: 'content-aware client',
  AC_CC: 'client-controlled (ULC)',
};

export function isHierarchyAware(a: Approach): boolean {
  return a === 'HA_B' || a === 'HA_R';
}

export interface Design {
  approach: Approach;
  client: Algorithm;
  array: Algorithm;
  du: boolean;
  co: boolean;
  se: boolean;
}

/** `AC_HB.LRU.ARC.DU.SE`, as the paper's Figure 5 names them (AC_CC has one algorithm). */
export function designName(d: Design): string {
  const parts: string[] = [d.approach, d.client];
  if (d.approach !== 'AC_CC') parts.push(d.array);
  if (d.du) parts.push('DU');
  if (d.co) parts.push('CO');
  if (d.se) parts.push('SE');
  return parts.join('.');
}

export function isPlain(d: Design): boolean {
  return d.client === 'LRU' && d.array === 'LRU' && !d.du && !d.co && !d.se;
}

/** Every design, approach by approach, in the engine's order. */
export function designSpace(): Design[] {
  const out: Design[] = [];
  const algs: Algorithm[] = ['LRU', 'ARC'];
  const flags = [false, true];
  for (const approach of APPROACHES) {
    for (const client of algs) {
      for (const array of algs) {
        if (approach === 'AC_CC' && array !== client) continue;
        for (const du of flags) {
          if (approach === 'AC_CC' && du) continue;
          for (const co of flags) for (const se of flags) out.push({ approach, client, array, du, co, se });
        }
      }
    }
  }
  return out;
}

/** AC_CA's candidate counts tried in each configuration (the engine's `AC_CA_KS`). */
export const AC_CA_KS = [1, 4, 16, 64, 256, 1024] as const;

const PROTOCOLS: Record<Approach, NonNullable<Scenario['protocol']>> = {
  HA_B: { kind: 'none' },
  HA_R: { kind: 'ha-r' },
  AC_HB: { kind: 'demote' },
  AC_CA: { kind: 'ac-ca', k: DEFAULT_AC_CA_K },
  AC_CC: { kind: 'ac-cc' },
};

const policy = (a: Algorithm) => ({ kind: a === 'LRU' ? ('lru' as const) : ('arc' as const) });

/**
 * `base`'s sizes, links, disks and source with the design's cooperation (the engine's
 * `Design::apply`): two levels get the client and array algorithms; a tree's clients the
 * client's and every other cache the array's; a single cache becomes the client of two levels
 * over an array of its size. DEMOTEs are hidden and carry what `base`'s say; AC_CA keeps the
 * default candidate count (`designRuns` tries each of AC_CA_KS).
 */
export function applyDesign(base: Scenario, d: Design): Scenario {
  const s = structuredClone(base);
  const cache = (a: Algorithm, capacity: number): CacheConfig => ({
    capacity,
    policy: policy(a),
    ...(d.co ? { co: true } : {}),
  });
  const t = s.topology;
  if (t.kind === 'tree') {
    const leaves = new Set(treeLeaves(t.caches).map((c) => c.name));
    for (const c of t.caches) {
      c.policy = policy(leaves.has(c.name) ? d.client : d.array);
      if (d.co) c.co = true;
      else delete c.co;
    }
  } else {
    const [client, array] = t.kind === 'single' ? [t.cache, t.cache] : [t.client, t.array];
    s.topology = {
      kind: 'two-level',
      client: cache(d.client, client.capacity),
      array: cache(d.array, array.capacity),
      link: t.link,
      disk: t.disk,
    };
  }
  s.protocol = structuredClone(PROTOCOLS[d.approach]);
  if (s.protocol.kind === 'none') delete s.protocol;
  if (d.approach === 'AC_HB' || d.approach === 'AC_CC') s.demotions = 'hidden';
  else {
    delete s.demotions;
    delete s.demoteData;
  }
  if (d.du) s.du = 'drop';
  else delete s.du;
  if (d.se) s.se = true;
  else delete s.se;
  s.name = designName(d);
  return s;
}

/** One run of a design: AC_CA once per candidate count, any other design once. */
export interface DesignRun {
  design: Design;
  k?: number;
  scenario: Scenario;
}

/** What the space runs of `d` on `base` (the engine's `Design::runs`). */
export function designRuns(base: Scenario, d: Design): DesignRun[] {
  const scenario = applyDesign(base, d);
  if (d.approach !== 'AC_CA') return [{ design: d, scenario }];
  return AC_CA_KS.map((k) => ({
    design: d,
    k,
    scenario: { ...structuredClone(scenario), protocol: { kind: 'ac-ca', k } },
  }));
}

/** Runs per configuration: every design once, AC_CA once per candidate count. */
export const RUNS_PER_CONFIG = designSpace().reduce((n, d) => n + (d.approach === 'AC_CA' ? AC_CA_KS.length : 1), 0);

/** `AC_CA.LRU.ARC (k = 16)`; any other design by its name. */
export function runName(o: { design: Design; k?: number }): string {
  return o.k === undefined ? designName(o.design) : `${designName(o.design)} (k = ${o.k})`;
}

/** Paper 003 Table 3: storage-cache hit and disk access latencies (ms) by SAN and block size. */
export const SANS = {
  'vi-fc': { label: 'VI / Fibre Channel', 4096: [0.125, 6.352], 8192: [0.137, 6.94] },
  'ip-storage': { label: 'IP storage', 4096: [0.692, 6.983], 8192: [0.979, 8.101] },
  'future-san': { label: 'future SAN (10× faster)', 4096: [0.012, 6.238], 8192: [0.014, 6.817] },
} as const;
export type San = keyof typeof SANS;

/**
 * The base on `san`: its link preset between the clients and the storage caches, and disks
 * taking T_m − T_h (Table 3 at 4 KiB or 8 KiB; 4 KiB's for other sizes). In a tree every link
 * up to a parent is the SAN, every root's disk the rest (its own link to the disk unchanged).
 */
export function onSan(base: Scenario, san: San): Scenario {
  const s = structuredClone(base);
  const [th, tm] = SANS[san][s.blockSize === 8192 ? 8192 : 4096];
  const disk = { kind: 'constant' as const, serviceMs: Math.round((tm - th) * 1e6) / 1e6 };
  const t = s.topology;
  if (t.kind === 'tree') {
    for (const c of t.caches) {
      if (c.parent === undefined) c.disk = structuredClone(disk);
      else c.link = { preset: san };
    }
  } else {
    t.link = { preset: san };
    t.disk = disk;
  }
  return s;
}

/** The base (two levels) with the same total cache split `client : array` = ratio : 1. */
export function atRatio(base: Scenario, ratio: number): Scenario {
  const s = structuredClone(base);
  const t = s.topology;
  if (t.kind !== 'two-level') return s;
  const total = t.client.capacity + t.array.capacity;
  t.client.capacity = Math.max(1, Math.round((total * ratio) / (1 + ratio)));
  t.array.capacity = Math.max(1, total - t.client.capacity);
  return s;
}

export interface Outcome {
  design: Design;
  /** AC_CA's candidate count in this run. */
  k?: number;
  meanMs: number;
}

export interface Summary {
  /** Per approach: its best design, and its plain one (LRU, no optimization). */
  approaches: { approach: Approach; best: Outcome; plain?: Outcome }[];
  bestHa: Outcome;
  bestAc: Outcome;
  /** How much slower the best hierarchy-aware design is than the best aggressively-collaborative one (a fraction; negative: faster). */
  gap: number;
  plainGap?: number;
}

/**
 * What the paper reads off a finished configuration (AC_CA at its best k); `null` until an
 * outcome of each kind is in. A tie keeps the earlier run (the smaller k).
 */
export function summarize(outcomes: Outcome[]): Summary | null {
  const best = (pick: (o: Outcome) => boolean) =>
    outcomes.filter(pick).reduce<Outcome | undefined>((b, o) => (!b || o.meanMs < b.meanMs ? o : b), undefined);
  const bestHa = best((o) => isHierarchyAware(o.design.approach));
  const bestAc = best((o) => !isHierarchyAware(o.design.approach));
  if (!bestHa || !bestAc) return null;
  const approaches = APPROACHES.flatMap((approach) => {
    const b = best((o) => o.design.approach === approach);
    return b ? [{ approach, best: b, plain: best((o) => o.design.approach === approach && isPlain(o.design)) }] : [];
  });
  const plainHa = best((o) => isPlain(o.design) && isHierarchyAware(o.design.approach));
  const plainAc = best((o) => isPlain(o.design) && !isHierarchyAware(o.design.approach));
  return {
    approaches,
    bestHa,
    bestAc,
    gap: bestHa.meanMs / bestAc.meanMs - 1,
    plainGap: plainHa && plainAc ? plainHa.meanMs / plainAc.meanMs - 1 : undefined,
  };
}
