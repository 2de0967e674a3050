// The TPC-H-like client's database, as the engine lays it out
// (engine-wasm/crates/core/src/workload/tpch.rs, `TpchLayout`): the form needs its size at once
// to show the pages and size the caches. tests/integration checks it against the engine.

/** Defaults of the engine's TPC-H generator. */
export const TPCH_DEFAULTS = { query: 'q3', scale: 1, lookups: 500, skew: [80, 20] } as const;
export const MIN_TPCH_SCALE = 0.01;
export const MAX_TPCH_SCALE = 64;
export const MAX_TPCH_LOOKUPS = 1_000_000;
const LEAVES_PER_INTERNAL = 120;

/** The ranges, by id: what each request's range hint names. */
export const TPCH_RANGES = [
  'nation',
  'supplier',
  'customer',
  'orders',
  'lineitem',
  'customer index',
  'orders index (upper)',
  'orders index leaves',
  'lineitem index (upper)',
  'lineitem index leaves',
] as const;

/** Pages of each range at `scale`, in id order (the engine rounds half away from zero, as Math.round does for these). */
export function tpchRangePages(scale: number): number[] {
  const s = Number.isFinite(scale) ? Math.min(MAX_TPCH_SCALE, Math.max(MIN_TPCH_SCALE, scale)) : 1;
  const scaled = (base: number) => Math.max(1, Math.round(base * s));
  const upper = (leaves: number) => 1 + Math.ceil(leaves / LEAVES_PER_INTERNAL);
  const [customerLeaves, ordersLeaves, lineitemLeaves] = [scaled(25), scaled(150), scaled(600)];
  return [1, scaled(15), scaled(250), scaled(1500), scaled(6000), 1 + customerLeaves, upper(ordersLeaves), ordersLeaves, upper(lineitemLeaves), lineitemLeaves];
}

/** The database's pages at `scale`: the block universe. */
export function tpchPages(scale: number): number {
  return tpchRangePages(scale).reduce((a, b) => a + b, 0);
}
