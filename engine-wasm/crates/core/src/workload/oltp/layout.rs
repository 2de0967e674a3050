//! The OLTP client's database laid out page by page: TPC-C's tables per warehouse, their B-trees,
//! and the appending tables' rings (see the parent module's doc), for model 1's row sizes and
//! model 2's DB2 sizing.

use super::OltpModel;
use crate::model::Block;

pub(super) const STOCK_ROWS: u64 = 100_000;
pub(super) const CUSTOMERS_PER_DISTRICT: u64 = 3_000;
pub(super) const ITEMS: u64 = 100_000;
/// Initial rows per warehouse of the appending tables (TPC-C's initial population).
pub(super) const ORDERS_INITIAL: u64 = 30_000;
pub(super) const NEW_ORDERS_INITIAL: u64 = 9_000;
/// Ring size of an appending table: its initial pages plus this share.
pub(super) const RING_SLACK: f64 = 0.25;

/// A page type's clock weight (see [`clock_pool`]).
pub(super) const DATA: u8 = 1;
pub(super) const INDEX: u8 = 3;

/// Rows per data page and keys per index leaf, per model.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sizes {
    pub(super) stock: u64,
    pub(super) customer: u64,
    pub(super) item: u64,
    pub(super) orders: u64,
    pub(super) lines: u64,
    pub(super) new_orders: u64,
    pub(super) history: u64,
    /// Keys per leaf of each index, and entries per internal page.
    pub(super) item_keys: u64,
    pub(super) stock_keys: u64,
    pub(super) customer_keys: u64,
    pub(super) name_keys: u64,
    pub(super) orders_keys: u64,
    pub(super) by_customer_keys: u64,
    pub(super) lines_keys: u64,
    pub(super) new_orders_keys: u64,
    pub(super) fanout: u64,
}

/// Model 1: rows packed by the spec's row sizes, every index 250 keys a leaf.
pub(super) const SIZES_V1: Sizes = Sizes {
    stock: 13,
    customer: 6,
    item: 50,
    orders: 170,
    lines: 75,
    new_orders: 500,
    history: 89,
    item_keys: 250,
    stock_keys: 250,
    customer_keys: 250,
    name_keys: 250,
    orders_keys: 250,
    by_customer_keys: 250,
    lines_keys: 250,
    new_orders_keys: 250,
    fanout: 250,
};

/// DB2's sizing rules for 4 KiB pages (Administration Guide, "Space requirements for user
/// table data" and "… for indexes"): 4,028 usable bytes a page, 10 bytes of overhead a row, at
/// most 255 rows a page; an index takes (key + 7) × rows × 2 bytes (the 2 for non-leaf pages
/// and free space), so a leaf holds 4,028 / (2 (key + 7)) keys. Row sizes are TPC-C's (§1.3);
/// keys are 4-byte integers and variable-length names at their mean length plus 2.
pub(super) const fn rows_per_page(row_bytes: u64) -> u64 {
    let n = 4_028 / (row_bytes + 10);
    if n > 255 {
        255
    } else {
        n
    }
}

pub(super) const fn keys_per_leaf(key_bytes: u64) -> u64 {
    4_028 / (2 * (key_bytes + 7))
}

pub(super) const SIZES_V2: Sizes = Sizes {
    stock: rows_per_page(306),
    customer: rows_per_page(655),
    item: rows_per_page(82),
    orders: rows_per_page(24),
    lines: rows_per_page(54),
    new_orders: rows_per_page(8),
    history: rows_per_page(46),
    // (i_id)
    item_keys: keys_per_leaf(4),
    // (s_w_id, s_i_id)
    stock_keys: keys_per_leaf(8),
    // (c_w_id, c_d_id, c_id)
    customer_keys: keys_per_leaf(12),
    // (c_w_id, c_d_id, c_last, c_first): names of 6–16 and 8–16 characters
    name_keys: keys_per_leaf(8 + 13 + 14),
    // (o_w_id, o_d_id, o_id)
    orders_keys: keys_per_leaf(12),
    // (o_w_id, o_d_id, o_c_id, o_id): Order-Status's way to a customer's last order
    by_customer_keys: keys_per_leaf(16),
    // (ol_w_id, ol_d_id, ol_o_id, ol_number)
    lines_keys: keys_per_leaf(16),
    // (no_w_id, no_d_id, no_o_id)
    new_orders_keys: keys_per_leaf(12),
    // An internal page's entries are a leaf's without the free space.
    fanout: keys_per_leaf(12) * 2,
};

/// A B-tree: root, internal pages, leaves. Keys `0..keys` in one run, or — when `region` is
/// not 0 — a run per district of `region` leaves, each a ring its district's keys grow round
/// (an appending index keyed by district first: each district has its own tail).
#[derive(Clone, Copy, Debug)]
pub(super) struct Tree {
    pub(super) root: u32,
    pub(super) internal: u32,
    pub(super) leaves: u32,
    pub(super) nleaves: u64,
    pub(super) keys_per_leaf: u64,
    pub(super) fanout: u64,
    pub(super) region: u64,
}

impl Tree {
    /// The leaf holding `key` of district `district` (a tree without regions ignores it and
    /// caps the key at its last leaf).
    pub(super) fn leaf(&self, district: u64, key: u64) -> u64 {
        if self.region == 0 {
            (key / self.keys_per_leaf).min(self.nleaves - 1)
        } else {
            district * self.region + (key / self.keys_per_leaf) % self.region
        }
    }
}

/// An append-only table kept as a ring of pages.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ring {
    pub(super) start: u32,
    pub(super) pages: u64,
    pub(super) per_page: u64,
    /// Rows appended so far, counting the initial population.
    pub(super) rows: u64,
}

impl Ring {
    pub(super) fn page_of(&self, row: u64) -> Block {
        self.start + ((row / self.per_page) % self.pages) as Block
    }
}

/// The page layout of the database.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    pub(super) sizes: Sizes,
    pub(super) warehouses: u64,
    pub(super) warehouse: u32,
    pub(super) district: u32,
    pub(super) item: u32,
    pub(super) stock: u32,
    pub(super) customer: u32,
    pub(super) item_index: Tree,
    pub(super) stock_index: Tree,
    pub(super) customer_index: Tree,
    pub(super) name_index: Tree,
    pub(super) orders_index: Tree,
    pub(super) lines_index: Tree,
    /// Model 2 only (`None` in model 1, which has neither).
    pub(super) by_customer_index: Option<Tree>,
    pub(super) new_orders_index: Option<Tree>,
    pub(super) orders: Ring,
    pub(super) lines: Ring,
    pub(super) new_orders: Ring,
    pub(super) history: Ring,
    /// Pages of the initial database (the rings at their initial fill).
    pub(super) initial_pages: u64,
    pub(super) pages: u64,
}

impl Layout {
    pub(super) fn new(warehouses: u32, model: OltpModel) -> Self {
        let w = warehouses as u64;
        let s = if model == OltpModel::V1 { SIZES_V1 } else { SIZES_V2 };
        let mut a = Alloc { next: 0, initial: 0, fanout: s.fanout };
        let warehouse = a.take(w);
        let district = a.take(10 * w);
        let item = a.take(ITEMS.div_ceil(s.item));
        let stock = a.take(w * STOCK_ROWS.div_ceil(s.stock));
        let customer = a.take(w * 10 * CUSTOMERS_PER_DISTRICT.div_ceil(s.customer));
        let item_index = a.tree(ITEMS, s.item_keys);
        let stock_index = a.tree(w * STOCK_ROWS, s.stock_keys);
        let customer_index = a.tree(w * 10 * CUSTOMERS_PER_DISTRICT, s.customer_keys);
        let name_index = a.tree(w * 10 * CUSTOMERS_PER_DISTRICT, s.name_keys);
        let (orders_index, lines_index, by_customer_index, new_orders_index) = match model {
            OltpModel::V1 => {
                let orders_index = a.tree(w * ORDERS_INITIAL, s.orders_keys);
                let lines_index = a.tree(w * ORDERS_INITIAL * 10, s.lines_keys);
                a.initial = a.next;
                (orders_index, lines_index, None, None)
            }
            OltpModel::V2 => {
                let by_customer = a.tree(w * ORDERS_INITIAL, s.by_customer_keys);
                a.initial = a.next;
                let districts = 10 * w;
                let orders_index = a.regions(districts, ORDERS_INITIAL / 10, s.orders_keys);
                let lines_index = a.regions(districts, ORDERS_INITIAL, s.lines_keys);
                let new_orders_index = a.regions(districts, NEW_ORDERS_INITIAL / 10, s.new_orders_keys);
                (orders_index, lines_index, Some(by_customer), Some(new_orders_index))
            }
        };
        let orders = a.ring(w * ORDERS_INITIAL, s.orders);
        let lines = a.ring(w * ORDERS_INITIAL * 10, s.lines);
        let new_orders = a.ring(w * NEW_ORDERS_INITIAL, s.new_orders);
        let history = a.ring(w * ORDERS_INITIAL, s.history);
        let (initial, next) = (a.initial, a.next);
        Self {
            sizes: s,
            warehouses: w,
            warehouse,
            district,
            item,
            stock,
            customer,
            item_index,
            stock_index,
            customer_index,
            name_index,
            orders_index,
            lines_index,
            by_customer_index,
            new_orders_index,
            orders,
            lines,
            new_orders,
            history,
            initial_pages: initial,
            pages: next,
        }
    }
}

/// Hands out consecutive page ranges.
pub(super) struct Alloc {
    pub(super) next: u64,
    /// Pages of the initial database so far.
    pub(super) initial: u64,
    pub(super) fanout: u64,
}

impl Alloc {
    pub(super) fn take(&mut self, n: u64) -> Block {
        let at = self.next as Block;
        self.next += n;
        at
    }

    pub(super) fn tree(&mut self, keys: u64, keys_per_leaf: u64) -> Tree {
        let nleaves = keys.div_ceil(keys_per_leaf).max(1);
        let (root, internal) = (self.take(1), self.take(nleaves.div_ceil(self.fanout)));
        Tree { root, internal, leaves: self.take(nleaves), nleaves, keys_per_leaf, fanout: self.fanout, region: 0 }
    }

    /// An appending index keyed by district first: per district, its initial keys' leaves and
    /// the rings' slack (only the initial leaves count in the initial database).
    pub(super) fn regions(&mut self, districts: u64, keys_per_district: u64, keys_per_leaf: u64) -> Tree {
        let used = keys_per_district.div_ceil(keys_per_leaf).max(1);
        let region = used + ((used as f64 * RING_SLACK).ceil() as u64).max(1);
        let nleaves = districts * region;
        let (root, internal) = (self.take(1), self.take(nleaves.div_ceil(self.fanout)));
        self.initial += 1 + nleaves.div_ceil(self.fanout) + districts * used;
        Tree { root, internal, leaves: self.take(nleaves), nleaves, keys_per_leaf, fanout: self.fanout, region }
    }

    pub(super) fn ring(&mut self, rows: u64, per_page: u64) -> Ring {
        let used = rows.div_ceil(per_page).max(1);
        let pages = used + ((used as f64 * RING_SLACK).ceil() as u64).max(1);
        self.initial += used;
        Ring { start: self.take(pages), pages, per_page, rows }
    }
}
