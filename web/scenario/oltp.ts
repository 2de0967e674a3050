// The TPC-C-like OLTP client's database size, as the engine lays it out for each warehouse
// count and generator model (web/generated/engine.ts, from engine-wasm/crates/core/src/
// workload/oltp.rs): the form needs it at once to show the pages and to check the buffer pool.
import { OLTP_MAX_WAREHOUSES, OLTP_PAGES } from '../generated/engine';

/** Defaults of the engine's OLTP generator. */
export const OLTP_DEFAULTS = { warehouses: 2, softmax: 400, dirtyThreshold: 0.5 } as const;
export const MAX_WAREHOUSES = OLTP_MAX_WAREHOUSES;

/** The database of `warehouses` warehouses (clamped to 1 … MAX_WAREHOUSES) under generator `model`: its initial pages, and the block universe (with the appending tables' slack). */
export function oltpPages(warehouses: number, model: 1 | 2 = 1): { initial: number; universe: number } {
  const i = Math.max(1, Math.min(MAX_WAREHOUSES, Math.round(warehouses) || 1)) - 1;
  const pages = OLTP_PAGES[model];
  return { initial: pages.initial[i], universe: pages.universe[i] };
}
