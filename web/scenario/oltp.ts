// The TPC-C-like OLTP client's database size, as the engine lays it out
// (engine-wasm/crates/core/src/workload/oltp.rs, `Layout`): the form needs it at once to show
// the pages and to check the buffer pool. tests/integration checks it against the engine.

const STOCK_PAGES = Math.ceil(100_000 / 13);
const CUSTOMER_PAGES = 10 * Math.ceil(3_000 / 6);
const ITEM_PAGES = Math.ceil(100_000 / 50);
const KEYS_PER_LEAF = 250;
const FANOUT = 250;
const RING_SLACK = 0.25;

/** Defaults of the engine's OLTP generator. */
export const OLTP_DEFAULTS = { warehouses: 2, softmax: 400, dirtyThreshold: 0.5 } as const;
export const MAX_WAREHOUSES = 1000;

function treePages(keys: number): number {
  const leaves = Math.max(1, Math.ceil(keys / KEYS_PER_LEAF));
  return 1 + Math.ceil(leaves / FANOUT) + leaves;
}

/** `[pages used, pages with slack]` of an appending table of `rows` rows. */
function ringPages(rows: number, perPage: number): [number, number] {
  const used = Math.max(1, Math.ceil(rows / perPage));
  return [used, used + Math.max(1, Math.ceil(used * RING_SLACK))];
}

/** The database of `warehouses` warehouses: its initial pages, and the block universe (with the appending tables' slack). */
export function oltpPages(warehouses: number): { initial: number; universe: number } {
  const w = warehouses;
  const fixed =
    w + 10 * w + ITEM_PAGES + w * STOCK_PAGES + w * CUSTOMER_PAGES +
    treePages(100_000) + treePages(w * 100_000) + 2 * treePages(w * 30_000) + treePages(w * 30_000) + treePages(w * 300_000);
  const rings = [ringPages(w * 30_000, 170), ringPages(w * 300_000, 75), ringPages(w * 9_000, 500), ringPages(w * 30_000, 89)];
  return {
    initial: fixed + rings.reduce((a, [used]) => a + used, 0),
    universe: fixed + rings.reduce((a, [, all]) => a + all, 0),
  };
}
