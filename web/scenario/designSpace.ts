// Paper 003's design space as the engine builds it (`scenario::design`): five collaboration
// approaches × LRU or ARC at each level × DU, CO and SE over one base scenario, each design's
// runs (AC_CA once per candidate count: §3.2's k "is manually tuned"), the SANs of its Table 3
// and the client : array split — and what the paper reads off the results: each approach's best
// design, and the gap between the best hierarchy-aware and the best aggressively-collaborative.
import { engine } from '../engine/engine';
import type { Approach, San as EngineSan, SpaceEntry } from '../generated/engine';
import type { Scenario } from './document';

export type { Approach, SpaceEntry };
export type San = EngineSan['preset'];

/** What each approach is, in the paper's words. */
export const APPROACH_LABELS: Record<Approach, string> = {
  HA_B: 'basic hierarchy-aware',
  HA_R: 'hierarchy-aware with eviction-based reloads',
  AC_HB: 'hint-based',
  AC_CA: 'content-aware',
  AC_CC: 'client-controlled (ULC)',
};

/** Paper 003 Table 3's SANs, in the engine's order. */
export function sans(): EngineSan[] {
  return engine().sans();
}

/** `base` on a SAN of Table 3: its link between clients and storage caches, disks taking T_m − T_h. */
export function onSan(base: Scenario, san: San): Scenario {
  return engine().onSan(base, san);
}

/** The base (two levels) with the same total cache split `client : array` = ratio : 1. */
export function atRatio(base: Scenario, ratio: number): Scenario {
  return engine().atRatio(base, ratio);
}

/** Every design of the space over `base`, with its runs, every scenario checked (throws the first refusal). */
export function designSpace(base: Scenario): SpaceEntry[] {
  return engine().designSpace(base);
}

/** One run's result, with what the summary reads of its design. */
export interface Outcome {
  /** The design's name (`AC_HB.LRU.ARC.DU.SE`) and the run's label (`… (k = 16)` for AC_CA). */
  name: string;
  label: string;
  approach: Approach;
  hierarchyAware: boolean;
  plain: boolean;
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
 * outcome of each kind is in. A tie keeps the earlier run (the smaller k); approaches in the
 * order their runs came.
 */
export function summarize(outcomes: Outcome[]): Summary | null {
  const best = (pick: (o: Outcome) => boolean) =>
    outcomes.filter(pick).reduce<Outcome | undefined>((b, o) => (!b || o.meanMs < b.meanMs ? o : b), undefined);
  const bestHa = best((o) => o.hierarchyAware);
  const bestAc = best((o) => !o.hierarchyAware);
  if (!bestHa || !bestAc) return null;
  const order = [...new Set(outcomes.map((o) => o.approach))];
  const approaches = order.flatMap((approach) => {
    const b = best((o) => o.approach === approach);
    return b ? [{ approach, best: b, plain: best((o) => o.approach === approach && o.plain) }] : [];
  });
  const plainHa = best((o) => o.plain && o.hierarchyAware);
  const plainAc = best((o) => o.plain && !o.hierarchyAware);
  return {
    approaches,
    bestHa,
    bestAc,
    gap: bestHa.meanMs / bestAc.meanMs - 1,
    plainGap: plainHa && plainAc ? plainHa.meanMs / plainAc.meanMs - 1 : undefined,
  };
}
