// The TPC-H-like client's database, as the engine lays it out (engine-wasm/crates/core/src/
// workload/tpch.rs, `TpchLayout::new`): the form needs its size at once, for any scale typed,
// to show the pages and size the caches. The layout's numbers come from the engine
// (web/generated/engine.ts); the six lines below that combine them are the engine's, and
// tests/integration checks them against it at many scales.
import { TPCH } from '../generated/engine';

/** Defaults of the engine's TPC-H generator. */
export const TPCH_DEFAULTS = {
  query: 'q3',
  scale: TPCH.defaultScale,
  lookups: TPCH.defaultLookups,
  skew: TPCH.defaultSkew,
} as const;
export const MIN_TPCH_SCALE = TPCH.minScale;
export const MAX_TPCH_SCALE = TPCH.maxScale;
export const MAX_TPCH_LOOKUPS = TPCH.maxLookups;

/** The ranges, by id: what each request's range hint names. */
export const TPCH_RANGES = TPCH.ranges;

/** Pages of each range at `scale`, in id order (the engine rounds half away from zero, as Math.round does for these). */
export function tpchRangePages(scale: number): number[] {
  const s = Number.isFinite(scale) ? Math.min(MAX_TPCH_SCALE, Math.max(MIN_TPCH_SCALE, scale)) : TPCH.defaultScale;
  const scaled = (base: number) => Math.max(1, Math.round(base * s));
  const upper = (leaves: number) => 1 + Math.ceil(leaves / TPCH.leavesPerInternal);
  const { pages, leaves } = TPCH;
  const [customerLeaves, ordersLeaves, lineitemLeaves] = [
    scaled(leaves.customer),
    scaled(leaves.orders),
    scaled(leaves.lineitem),
  ];
  return [
    1,
    scaled(pages.supplier),
    scaled(pages.customer),
    scaled(pages.orders),
    scaled(pages.lineitem),
    1 + customerLeaves,
    upper(ordersLeaves),
    ordersLeaves,
    upper(lineitemLeaves),
    lineitemLeaves,
  ];
}

/** The database's pages at `scale`: the block universe. */
export function tpchPages(scale: number): number {
  return tpchRangePages(scale).reduce((a, b) => a + b, 0);
}
