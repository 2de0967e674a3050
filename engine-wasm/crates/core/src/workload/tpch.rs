//! A TPC-H-like decision-support client that tags every request with its range and hints its
//! ranges (paper 002 §3.1 and §4): one stream of TPC-H query 3 or query 7, run back to back,
//! as in paper 002's two-client experiment (after its reference [28]).
//!
//! **The database** is a small TPC-H-like one laid out as contiguous block ranges, in the order
//! of their fixed ids ([`NATION`] … [`LINEITEM_INDEX_LEAVES`]), the same in every client so that
//! a range id names the same blocks everywhere:
//!
//! | id | range | pages at scale 1 |
//! |---:|---|---:|
//! | 0 | NATION | 1 |
//! | 1 | SUPPLIER | 15 |
//! | 2 | CUSTOMER | 250 |
//! | 3 | ORDERS | 1,500 |
//! | 4 | LINEITEM | 6,000 |
//! | 5 | customer index: root, then leaves | 1 + 25 |
//! | 6 | orders index upper levels: root, then internal pages | 1 + 2 |
//! | 7 | orders index leaves | 150 |
//! | 8 | lineitem index upper levels: root, then internal pages | 1 + 5 |
//! | 9 | lineitem index leaves | 600 |
//!
//! 8,551 pages in all. `scale` multiplies the tables (but NATION, one page at any scale) and the
//! leaves, rounding, at least one page each; an upper-level range is a root and one internal
//! page per [`LEAVES_PER_INTERNAL`] leaves (rounded up). The customer index is two levels, a
//! root over its leaves. Data page `p` of a table with `n` pages is keyed by leaf
//! `p × leaves / n` of its index, and leaf `l` hangs under internal page `l / 120`.
//!
//! **Query 3** (shipping priority) scans CUSTOMER, ORDERS and LINEITEM in that order, one page
//! per request, read-only. Executions follow each other back to back, so from the second on
//! the stream is a loop over the three tables. Hints: the three ranges, `Loop`, each with
//! frequency (its pages) / (pages per execution).
//!
//! **Query 7** (volume shipping, index nested loops) scans NATION twice and SUPPLIER once, then
//! makes `lookups` index lookups of eleven reads each: the lineitem index root, an internal
//! page and a leaf, a LINEITEM page; the orders index root, an internal page and a leaf, an
//! ORDERS page; the customer index root and a leaf, a CUSTOMER page. Each data page is drawn
//! on its own, with a skew `(x, y)`: with probability x/100 from the table's *hot* pages (y %
//! of them, rounded, and at least one page hot and one cold when the table has two), else from
//! the others, uniformly within either set; the index pages are those covering the drawn data
//! page. The hot set is a fixed function of the scale and y, not of the seed, so two clients
//! running query 7 agree on it: the pages are ranked by a hash of their index leaf (SplitMix64
//! of the range id and leaf number), ties by page number, and the first y % are hot. Hot pages
//! thus come in whole leaves spread over the table, so about y % of the leaves get about x % of
//! the leaf reads as well. Hints: NATION and SUPPLIER `Loop`; the upper levels and the customer
//! index `Uniform` (the customer index's root is read at every lookup: the hint is as coarse as
//! a DBMS would give); the leaves and the three tables `Skewed { x, y }`. A range's frequency is
//! its expected reads per execution over the reads per execution — exact from the model, and
//! the same over any whole number of executions.

use super::Workload;
use crate::model::{Block, Pattern, RangeHint, Request};
use crate::util::hash::splitmix64;
use crate::util::rng::Rng;

use serde::{Deserialize, Serialize};

/// Range id of NATION (one page).
pub const NATION: u32 = 0;
/// Range id of SUPPLIER.
pub const SUPPLIER: u32 = 1;
/// Range id of CUSTOMER.
pub const CUSTOMER: u32 = 2;
/// Range id of ORDERS.
pub const ORDERS: u32 = 3;
/// Range id of LINEITEM.
pub const LINEITEM: u32 = 4;
/// Range id of the customer index: its root, then its leaves.
pub const CUSTOMER_INDEX: u32 = 5;
/// Range id of the orders index's upper levels: its root, then its internal pages.
pub const ORDERS_INDEX_UPPER: u32 = 6;
/// Range id of the orders index's leaves.
pub const ORDERS_INDEX_LEAVES: u32 = 7;
/// Range id of the lineitem index's upper levels: its root, then its internal pages.
pub const LINEITEM_INDEX_UPPER: u32 = 8;
/// Range id of the lineitem index's leaves.
pub const LINEITEM_INDEX_LEAVES: u32 = 9;
/// Number of ranges (ids `0..RANGES`).
pub const RANGES: usize = 10;
/// What each range holds, by id (teaching views and trace tables name a request's range hint).
pub const RANGE_NAMES: [&str; RANGES] = [
    "nation",
    "supplier",
    "customer",
    "orders",
    "lineitem",
    "customer index",
    "orders index (upper)",
    "orders index leaves",
    "lineitem index (upper)",
    "lineitem index leaves",
];

/// Default scale.
pub const DEFAULT_SCALE: f64 = 1.0;
/// Smallest and largest scale.
pub const MIN_SCALE: f64 = 0.01;
pub const MAX_SCALE: f64 = 64.0;
/// Default index lookups per execution of query 7.
pub const DEFAULT_LOOKUPS: u32 = 500;
/// Most index lookups per execution of query 7.
pub const MAX_LOOKUPS: u32 = 1_000_000;
/// Default skew `(x, y)` of query 7's data pages: paper 002 §3.1's Pareto (80, 20).
pub const DEFAULT_SKEW: [f64; 2] = [80.0, 20.0];
/// Index leaves under one internal page.
pub const LEAVES_PER_INTERNAL: u64 = 120;
/// Reads of one query 7 index lookup.
pub const LOOKUP_READS: usize = 11;

/// Table pages at scale 1: SUPPLIER, CUSTOMER, ORDERS, LINEITEM.
pub const SUPPLIER_PAGES: u64 = 15;
pub const CUSTOMER_PAGES: u64 = 250;
pub const ORDERS_PAGES: u64 = 1_500;
pub const LINEITEM_PAGES: u64 = 6_000;
/// Index leaves at scale 1.
pub const CUSTOMER_LEAVES: u64 = 25;
pub const ORDERS_LEAVES: u64 = 150;
pub const LINEITEM_LEAVES: u64 = 600;

/// The query a client runs, execution after execution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum TpchQuery {
    /// Shipping priority: scans of CUSTOMER, ORDERS and LINEITEM (a loop).
    Q3,
    /// Volume shipping: small scans, then index nested-loop lookups with skewed data pages.
    Q7,
}

/// One range of the layout: its first block and its pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    pub first: Block,
    pub blocks: u64,
}

impl Extent {
    pub fn contains(&self, b: Block) -> bool {
        (b as u64).wrapping_sub(self.first as u64) < self.blocks
    }

    fn end(&self) -> u64 {
        self.first as u64 + self.blocks
    }
}

/// The database's page layout at one scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TpchLayout {
    /// Indexed by range id.
    pub ranges: [Extent; RANGES],
    /// Pages in all: the block universe.
    pub pages: u64,
    /// Index leaves of CUSTOMER, ORDERS and LINEITEM (the index ranges also hold the roots and
    /// internal pages).
    pub customer_leaves: u64,
    pub orders_leaves: u64,
    pub lineitem_leaves: u64,
}

impl TpchLayout {
    /// The layout at `scale`, clamped to `MIN_SCALE..=MAX_SCALE` (1 if not finite).
    pub fn new(scale: f64) -> Self {
        let scale = if scale.is_finite() { scale.clamp(MIN_SCALE, MAX_SCALE) } else { DEFAULT_SCALE };
        let scaled = |base: u64| ((base as f64 * scale).round() as u64).max(1);
        let upper = |leaves: u64| 1 + leaves.div_ceil(LEAVES_PER_INTERNAL);
        let (customer_leaves, orders_leaves, lineitem_leaves) =
            (scaled(CUSTOMER_LEAVES), scaled(ORDERS_LEAVES), scaled(LINEITEM_LEAVES));
        let sizes = [
            1,
            scaled(SUPPLIER_PAGES),
            scaled(CUSTOMER_PAGES),
            scaled(ORDERS_PAGES),
            scaled(LINEITEM_PAGES),
            1 + customer_leaves,
            upper(orders_leaves),
            orders_leaves,
            upper(lineitem_leaves),
            lineitem_leaves,
        ];
        let mut next = 0u64;
        let ranges = sizes.map(|blocks| {
            let e = Extent { first: next as Block, blocks };
            next += blocks;
            e
        });
        Self { ranges, pages: next, customer_leaves, orders_leaves, lineitem_leaves }
    }

    pub fn range(&self, id: u32) -> Extent {
        self.ranges[id as usize]
    }

    /// The range `b` lies in (`None` outside the database).
    pub fn range_of(&self, b: Block) -> Option<u32> {
        self.ranges.iter().position(|e| e.contains(b)).map(|i| i as u32)
    }
}

/// The database's pages at `scale` (the block universe).
pub fn database_pages(scale: f64) -> u64 {
    TpchLayout::new(scale).pages
}

/// The knobs of [`Tpch`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TpchShape {
    pub query: TpchQuery,
    pub scale: f64,
    /// Index lookups per execution of query 7.
    pub lookups: u32,
    /// `(x, y)`: x % of query 7's data-page reads go to y % of each table's pages.
    pub skew: [f64; 2],
}

impl TpchShape {
    /// Requests per execution of the query.
    pub fn requests_per_execution(&self) -> u64 {
        let l = TpchLayout::new(self.scale);
        match self.query {
            TpchQuery::Q3 => l.range(CUSTOMER).blocks + l.range(ORDERS).blocks + l.range(LINEITEM).blocks,
            TpchQuery::Q7 => 2 + l.range(SUPPLIER).blocks + LOOKUP_READS as u64 * self.lookups as u64,
        }
    }

    /// The client's hints (paper 002 §3.1): one per range the query reads, in id order.
    pub fn range_hints(&self) -> Vec<RangeHint> {
        let l = TpchLayout::new(self.scale);
        let per_execution = self.requests_per_execution() as f64;
        let hint = |id: u32, pattern: Pattern, reads: u64| RangeHint {
            id,
            blocks: l.range(id).blocks,
            pattern,
            frequency: reads as f64 / per_execution,
        };
        match self.query {
            TpchQuery::Q3 => {
                [CUSTOMER, ORDERS, LINEITEM].map(|id| hint(id, Pattern::Loop, l.range(id).blocks)).to_vec()
            }
            TpchQuery::Q7 => {
                let n = self.lookups as u64;
                let skewed = Pattern::Skewed { x: self.skew[0], y: self.skew[1] };
                vec![
                    hint(NATION, Pattern::Loop, 2),
                    hint(SUPPLIER, Pattern::Loop, l.range(SUPPLIER).blocks),
                    hint(CUSTOMER, skewed, n),
                    hint(ORDERS, skewed, n),
                    hint(LINEITEM, skewed, n),
                    hint(CUSTOMER_INDEX, Pattern::Uniform, 2 * n),
                    hint(ORDERS_INDEX_UPPER, Pattern::Uniform, 2 * n),
                    hint(ORDERS_INDEX_LEAVES, skewed, n),
                    hint(LINEITEM_INDEX_UPPER, Pattern::Uniform, 2 * n),
                    hint(LINEITEM_INDEX_LEAVES, skewed, n),
                ]
            }
        }
    }
}

/// A table whose pages query 7 draws with a skew: its hot and cold pages (relative to its
/// first block), fixed by the layout and y alone.
struct SkewedTable {
    hot: Vec<u32>,
    cold: Vec<u32>,
}

impl SkewedTable {
    /// The first `y` % of the table's `pages` (at least one, and at least one left cold when
    /// there are two), ranked by a hash of the covering leaf of `leaves`, then by page.
    fn new(id: u32, pages: u64, leaves: u64, y: f64) -> Self {
        let hot = if pages < 2 { pages } else { ((pages as f64 * y / 100.0).round() as u64).clamp(1, pages - 1) };
        let mut ranked: Vec<(u64, u32)> =
            (0..pages).map(|p| (splitmix64(((id as u64) << 32) | (p * leaves / pages)), p as u32)).collect();
        ranked.sort_unstable();
        let mut hot_pages: Vec<u32> = ranked[..hot as usize].iter().map(|&(_, p)| p).collect();
        let mut cold_pages: Vec<u32> = ranked[hot as usize..].iter().map(|&(_, p)| p).collect();
        hot_pages.sort_unstable();
        cold_pages.sort_unstable();
        Self { hot: hot_pages, cold: cold_pages }
    }

    /// A page: hot with probability `hot_share` (if the table has cold pages at all).
    #[inline]
    fn draw(&self, rng: &mut Rng, hot_share: f64) -> u64 {
        let hot = rng.unit_f64() < hot_share || self.cold.is_empty();
        let set = if hot { &self.hot } else { &self.cold };
        set[rng.below(set.len() as u64) as usize] as u64
    }
}

/// The TPC-H generator: executions of one query, back to back, each request tagged with its
/// range.
pub struct Tpch {
    shape: TpchShape,
    layout: TpchLayout,
    rng: Rng,
    remaining: u64,
    per_execution: u64,
    /// The next request's position within the execution.
    step: u64,
    /// Query 7's CUSTOMER, ORDERS and LINEITEM hot/cold sets (empty for query 3).
    tables: [SkewedTable; 3],
    hot_share: f64,
    /// The current query 7 lookup's reads: (block, range).
    lookup: [(Block, u32); LOOKUP_READS],
}

impl Tpch {
    pub fn new(shape: TpchShape, requests: u64, seed: u64) -> Self {
        let layout = TpchLayout::new(shape.scale);
        let y = shape.skew[1];
        let table = |id: u32, leaves: u64| match shape.query {
            TpchQuery::Q3 => SkewedTable { hot: Vec::new(), cold: Vec::new() },
            TpchQuery::Q7 => SkewedTable::new(id, layout.range(id).blocks, leaves, y),
        };
        let tables = [
            table(CUSTOMER, layout.customer_leaves),
            table(ORDERS, layout.orders_leaves),
            table(LINEITEM, layout.lineitem_leaves),
        ];
        Self {
            per_execution: shape.requests_per_execution(),
            hot_share: shape.skew[0] / 100.0,
            shape,
            layout,
            rng: Rng::seeded(seed),
            remaining: requests,
            step: 0,
            tables,
            lookup: [(0, 0); LOOKUP_READS],
        }
    }

    #[cfg(test)]
    /// The hot pages of a query 7 table (`CUSTOMER`, `ORDERS` or `LINEITEM`), as blocks.
    pub fn hot_blocks(&self, table: u32) -> impl Iterator<Item = Block> + '_ {
        let first = self.layout.range(table).first;
        let t = match table {
            CUSTOMER => &self.tables[0],
            ORDERS => &self.tables[1],
            _ => &self.tables[2],
        };
        t.hot.iter().map(move |&p| first + p)
    }

    #[cfg(test)]
    pub fn layout(&self) -> &TpchLayout {
        &self.layout
    }

    /// Draws one lookup's data pages and the index pages above them into `self.lookup`.
    fn draw_lookup(&mut self) {
        let l = self.layout;
        let p = self.hot_share;
        // Root, internal page, leaf and data page of a three-level index (upper, leaves, table).
        let three = |upper: u32, leaves: u32, table: u32, page: u64| {
            let leaf = page * l.range(leaves).blocks / l.range(table).blocks;
            [
                (l.range(upper).first, upper),
                (l.range(upper).first + 1 + (leaf / LEAVES_PER_INTERNAL) as Block, upper),
                (l.range(leaves).first + leaf as Block, leaves),
                (l.range(table).first + page as Block, table),
            ]
        };
        let li = self.tables[2].draw(&mut self.rng, p);
        let o = self.tables[1].draw(&mut self.rng, p);
        let c = self.tables[0].draw(&mut self.rng, p);
        let cleaf = c * l.customer_leaves / l.range(CUSTOMER).blocks;
        self.lookup[..4].copy_from_slice(&three(LINEITEM_INDEX_UPPER, LINEITEM_INDEX_LEAVES, LINEITEM, li));
        self.lookup[4..8].copy_from_slice(&three(ORDERS_INDEX_UPPER, ORDERS_INDEX_LEAVES, ORDERS, o));
        let ci = l.range(CUSTOMER_INDEX).first;
        self.lookup[8] = (ci, CUSTOMER_INDEX);
        self.lookup[9] = (ci + 1 + cleaf as Block, CUSTOMER_INDEX);
        self.lookup[10] = (l.range(CUSTOMER).first + c as Block, CUSTOMER);
    }

    /// The request at `self.step` of an execution.
    #[inline]
    fn at_step(&mut self) -> (Block, u32) {
        let l = &self.layout;
        let s = self.step;
        match self.shape.query {
            TpchQuery::Q3 => {
                // CUSTOMER, ORDERS and LINEITEM lie back to back.
                let b = l.range(CUSTOMER).first + s as Block;
                let id = if s < l.range(CUSTOMER).blocks {
                    CUSTOMER
                } else if (b as u64) < l.range(ORDERS).end() {
                    ORDERS
                } else {
                    LINEITEM
                };
                (b, id)
            }
            TpchQuery::Q7 => {
                let scan = 2 + l.range(SUPPLIER).blocks;
                if s < 2 {
                    (l.range(NATION).first, NATION)
                } else if s < scan {
                    (l.range(SUPPLIER).first + (s - 2) as Block, SUPPLIER)
                } else {
                    let j = ((s - scan) % LOOKUP_READS as u64) as usize;
                    if j == 0 {
                        self.draw_lookup();
                    }
                    self.lookup[j]
                }
            }
        }
    }
}

impl Workload for Tpch {
    fn next_request(&mut self) -> Option<Request> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let (block, id) = self.at_step();
        self.step += 1;
        if self.step == self.per_execution {
            self.step = 0;
        }
        Some(Request { range: Some(id), ..Request::read(block) })
    }

    fn universe(&self) -> usize {
        self.layout.pages as usize
    }
}

#[cfg(test)]
mod tests {
    use super::super::WorkloadConfig;
    use super::*;
    use crate::model::Op;

    fn shape(query: TpchQuery) -> TpchShape {
        TpchShape { query, scale: DEFAULT_SCALE, lookups: DEFAULT_LOOKUPS, skew: DEFAULT_SKEW }
    }

    fn draw(s: TpchShape, n: u64, seed: u64) -> Vec<Request> {
        let mut g = Tpch::new(s, n, seed);
        std::iter::from_fn(|| g.next_request()).collect()
    }

    fn config(query: TpchQuery) -> WorkloadConfig {
        WorkloadConfig::Tpch {
            query,
            scale: DEFAULT_SCALE,
            lookups: DEFAULT_LOOKUPS,
            skew: DEFAULT_SKEW,
            warmup_requests: None,
            measured_requests: None,
        }
    }

    #[test]
    fn the_layout_at_scale_1_and_elsewhere() {
        let l = TpchLayout::new(1.0);
        let got: Vec<(Block, u64)> = l.ranges.iter().map(|e| (e.first, e.blocks)).collect();
        assert_eq!(
            got,
            [
                (0, 1),
                (1, 15),
                (16, 250),
                (266, 1_500),
                (1_766, 6_000),
                (7_766, 26),
                (7_792, 3),
                (7_795, 150),
                (7_945, 6),
                (7_951, 600)
            ]
        );
        assert_eq!(l.pages, 8_551);
        assert_eq!(database_pages(1.0), 8_551);
        assert_eq!(config(TpchQuery::Q3).blocks(), 8_551);
        assert_eq!(config(TpchQuery::Q7).phases(), (8_551, 85_510));
        // Half scale: tables and leaves halve (rounded), upper levels follow the leaves.
        let h = TpchLayout::new(0.5);
        let sizes: Vec<u64> = h.ranges.iter().map(|e| e.blocks).collect();
        assert_eq!(sizes, [1, 8, 125, 750, 3_000, 14, 2, 75, 4, 300]);
        // The smallest scale keeps every range at least a page; the largest fits the universe.
        let s = TpchLayout::new(MIN_SCALE);
        assert!(s.ranges.iter().all(|e| e.blocks >= 1));
        assert_eq!(TpchLayout::new(MAX_SCALE).range(LINEITEM).blocks, 384_000);
        assert!(TpchLayout::new(MAX_SCALE).pages <= super::super::MAX_BLOCKS);
        for l in [l, h, s] {
            for (i, e) in l.ranges.iter().enumerate() {
                assert_eq!(l.range_of(e.first), Some(i as u32));
                assert_eq!(l.range_of((e.end() - 1) as Block), Some(i as u32));
            }
            assert_eq!(l.range_of(l.pages as Block), None);
        }
    }

    #[test]
    fn same_seed_same_stream_other_seed_other_stream() {
        let q7 = shape(TpchQuery::Q7);
        let a = draw(q7, 30_000, 5);
        assert_eq!(a.len(), 30_000);
        assert_eq!(a, draw(q7, 30_000, 5));
        assert_ne!(a, draw(q7, 30_000, 6));
        // Query 3 is a pure scan: the seed does not matter.
        let q3 = shape(TpchQuery::Q3);
        assert_eq!(draw(q3, 10_000, 1), draw(q3, 10_000, 2));
        // The hot set is the same for every seed.
        let (g1, g2) = (Tpch::new(q7, 1, 1), Tpch::new(q7, 1, 99));
        for t in [CUSTOMER, ORDERS, LINEITEM] {
            assert!(g1.hot_blocks(t).eq(g2.hot_blocks(t)));
        }
    }

    #[test]
    fn every_request_is_a_tagged_one_block_read_inside_its_hinted_range() {
        for scale in [MIN_SCALE, 0.37, 1.0, 2.5] {
            for query in [TpchQuery::Q3, TpchQuery::Q7] {
                let s = TpchShape { scale, lookups: 40, ..shape(query) };
                let hints = s.range_hints();
                let mut g = Tpch::new(s, 3 * s.requests_per_execution() + 7, 11);
                let universe = g.universe() as Block;
                let layout = *g.layout();
                while let Some(r) = g.next_request() {
                    let id = r.range.expect("every request names its range");
                    assert!(hints.iter().any(|h| h.id == id), "range {id} not hinted for {query:?}");
                    assert!(layout.range(id).contains(r.block), "block {} outside range {id}", r.block);
                    assert!(r.block < universe);
                    assert_eq!((r.nblocks, r.op, r.time_us, r.client), (1, Op::Read, None, 0));
                }
            }
        }
    }

    #[test]
    fn query_3_is_the_three_table_scan_repeating() {
        let s = shape(TpchQuery::Q3);
        assert_eq!(s.requests_per_execution(), 7_750);
        let l = TpchLayout::new(1.0);
        let one: Vec<(Block, u32)> = [CUSTOMER, ORDERS, LINEITEM]
            .iter()
            .flat_map(|&id| {
                let e = l.range(id);
                (e.first..e.end() as Block).map(move |b| (b, id))
            })
            .collect();
        assert_eq!(one.len(), 7_750);
        let got: Vec<(Block, u32)> = draw(s, 7_750 * 3 + 100, 0).iter().map(|r| (r.block, r.range.unwrap())).collect();
        let want: Vec<(Block, u32)> = one.iter().cycle().take(got.len()).copied().collect();
        assert_eq!(got, want);
    }

    #[test]
    fn query_7_reads_its_scans_then_eleven_read_lookups() {
        let s = TpchShape { lookups: 3, ..shape(TpchQuery::Q7) };
        assert_eq!(s.requests_per_execution(), 2 + 15 + 33);
        assert_eq!(shape(TpchQuery::Q7).requests_per_execution(), 5_517);
        let l = TpchLayout::new(1.0);
        let r = draw(s, 100, 3);
        let ids: Vec<u32> = r.iter().map(|r| r.range.unwrap()).collect();
        assert_eq!(&ids[..17], &[[NATION; 2].as_slice(), &[SUPPLIER; 15]].concat()[..]);
        let supplier: Vec<Block> = r[2..17].iter().map(|r| r.block).collect();
        assert_eq!(supplier, (1..16).collect::<Vec<Block>>());
        for k in r[17..50].chunks(LOOKUP_READS) {
            let ids: Vec<u32> = k.iter().map(|r| r.range.unwrap()).collect();
            assert_eq!(ids, [8, 8, 9, 4, 6, 6, 7, 3, 5, 5, 2]);
            // Roots first; then each leaf covers its data page and each internal page its leaf.
            for (upper, leaf, data, table, leaves) in [(0, 2, 3, LINEITEM, 600), (4, 6, 7, ORDERS, 150)] {
                assert_eq!(k[upper].block, l.range(k[upper].range.unwrap()).first);
                let page = (k[data].block - l.range(table).first) as u64;
                let leaf_no = (k[leaf].block - l.range(k[leaf].range.unwrap()).first) as u64;
                assert_eq!(leaf_no, page * leaves / l.range(table).blocks);
                assert_eq!((k[upper + 1].block - k[upper].block - 1) as u64, leaf_no / LEAVES_PER_INTERNAL);
            }
            assert_eq!(k[8].block, l.range(CUSTOMER_INDEX).first);
            let page = (k[10].block - l.range(CUSTOMER).first) as u64;
            assert_eq!((k[9].block - k[8].block - 1) as u64, page * 25 / 250);
        }
        // The next execution starts over with NATION.
        assert_eq!(&ids[50..52], &[NATION, NATION]);
    }

    #[test]
    fn query_7_sends_x_percent_of_data_reads_to_its_hot_y_percent() {
        for skew in [[80.0, 20.0], [95.0, 4.0], [60.0, 40.0]] {
            let s = TpchShape { skew, ..shape(TpchQuery::Q7) };
            let mut g = Tpch::new(s, 40 * s.requests_per_execution(), 8);
            let l = *g.layout();
            let mut hot = vec![false; l.pages as usize];
            let mut hot_leaf = vec![false; l.pages as usize];
            for (t, leaves) in
                [(CUSTOMER, CUSTOMER_INDEX), (ORDERS, ORDERS_INDEX_LEAVES), (LINEITEM, LINEITEM_INDEX_LEAVES)]
            {
                let pages = l.range(t).blocks;
                let n_hot = g.hot_blocks(t).count() as u64;
                assert_eq!(n_hot, (pages as f64 * skew[1] / 100.0).round() as u64, "{t}");
                for b in g.hot_blocks(t) {
                    hot[b as usize] = true;
                }
                // Whole leaves are hot (the customer index's leaves sit after its root).
                let nleaves = if t == CUSTOMER { l.customer_leaves } else { l.range(leaves).blocks };
                let skip = if t == CUSTOMER { 1 } else { 0 };
                for b in g.hot_blocks(t) {
                    let leaf = (b - l.range(t).first) as u64 * nleaves / pages;
                    hot_leaf[(l.range(leaves).first as u64 + skip + leaf) as usize] = true;
                }
                let hot_leaves = hot_leaf[l.range(leaves).first as usize..l.range(leaves).end() as usize]
                    .iter()
                    .filter(|&&h| h)
                    .count() as u64;
                assert_eq!(hot_leaves, (nleaves as f64 * skew[1] / 100.0).round() as u64, "{t}");
            }
            let mut reads = [[0u64; 2]; RANGES];
            while let Some(r) = g.next_request() {
                let id = r.range.unwrap() as usize;
                let h = hot[r.block as usize] || hot_leaf[r.block as usize];
                reads[id][h as usize] += 1;
            }
            for id in [CUSTOMER, ORDERS, LINEITEM, ORDERS_INDEX_LEAVES, LINEITEM_INDEX_LEAVES] {
                let [cold, hot] = reads[id as usize];
                let share = 100.0 * hot as f64 / (hot + cold) as f64;
                assert!((share - skew[0]).abs() <= 1.5, "{skew:?}: range {id}: {share} % hot");
            }
        }
    }

    #[test]
    fn hint_frequencies_sum_to_one_and_match_the_stream() {
        for (query, lookups, scale) in
            [(TpchQuery::Q3, 500, 1.0), (TpchQuery::Q7, 500, 1.0), (TpchQuery::Q7, 37, 0.3), (TpchQuery::Q7, 5, 2.0)]
        {
            let s = TpchShape { lookups, scale, ..shape(query) };
            let hints = s.range_hints();
            let sum: f64 = hints.iter().map(|h| h.frequency).sum();
            assert!((sum - 1.0).abs() < 1e-12, "{sum}");
            // Sizes are the layout's.
            let l = TpchLayout::new(scale);
            assert!(hints.iter().all(|h| h.blocks == l.range(h.id).blocks));
            // A long run, not a whole number of executions.
            let n = 40 * s.requests_per_execution() + s.requests_per_execution() / 3 + 1;
            let mut counts = [0u64; RANGES];
            for r in draw(s, n, 21) {
                counts[r.range.unwrap() as usize] += 1;
            }
            for h in &hints {
                let measured = counts[h.id as usize] as f64 / n as f64;
                assert!(
                    (measured - h.frequency).abs() < 0.01,
                    "{query:?} range {}: {measured} vs {}",
                    h.id,
                    h.frequency
                );
            }
            let hinted: u64 = hints.iter().map(|h| counts[h.id as usize]).sum();
            assert_eq!(hinted, n, "every reference falls in a hinted range");
        }
        // Query 3 hints only its three tables, as loops; query 7 every range.
        let q3 = shape(TpchQuery::Q3).range_hints();
        assert_eq!(q3.iter().map(|h| (h.id, h.pattern)).collect::<Vec<_>>(), [2, 3, 4].map(|id| (id, Pattern::Loop)));
        assert_eq!(q3[2].frequency, 6_000.0 / 7_750.0);
        let q7 = shape(TpchQuery::Q7).range_hints();
        let skewed = Pattern::Skewed { x: 80.0, y: 20.0 };
        let want = [
            (NATION, Pattern::Loop, 2.0),
            (SUPPLIER, Pattern::Loop, 15.0),
            (CUSTOMER, skewed, 500.0),
            (ORDERS, skewed, 500.0),
            (LINEITEM, skewed, 500.0),
            (CUSTOMER_INDEX, Pattern::Uniform, 1_000.0),
            (ORDERS_INDEX_UPPER, Pattern::Uniform, 1_000.0),
            (ORDERS_INDEX_LEAVES, skewed, 500.0),
            (LINEITEM_INDEX_UPPER, Pattern::Uniform, 1_000.0),
            (LINEITEM_INDEX_LEAVES, skewed, 500.0),
        ];
        assert_eq!(q7.len(), want.len());
        for (h, (id, pattern, reads)) in q7.iter().zip(want) {
            assert_eq!((h.id, h.pattern, h.frequency), (id, pattern, reads / 5_517.0));
        }
    }

    #[test]
    fn the_config_builds_hints_and_round_trips() {
        let c: WorkloadConfig = serde_json::from_str(r#"{"kind":"tpch","query":"q7"}"#).unwrap();
        assert_eq!(c, config(TpchQuery::Q7));
        assert_eq!(c.request_blocks(), 1);
        assert_eq!(c.range_hints(), shape(TpchQuery::Q7).range_hints());
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, r#"{"kind":"tpch","query":"q7","scale":1.0,"lookups":500,"skew":[80.0,20.0]}"#);
        let full = r#"{"kind":"tpch","query":"q3","scale":0.5,"lookups":9,"skew":[90,10],"warmupRequests":5,"measuredRequests":7}"#;
        let c: WorkloadConfig = serde_json::from_str(full).unwrap();
        assert_eq!(c.phases(), (5, 7));
        assert_eq!(serde_json::from_str::<WorkloadConfig>(&serde_json::to_string(&c).unwrap()).unwrap(), c);
        assert!(serde_json::from_str::<WorkloadConfig>(r#"{"kind":"tpch","query":"q5"}"#).is_err());
        assert!(serde_json::from_str::<WorkloadConfig>(r#"{"kind":"tpch","query":"q3","extra":1}"#).is_err());
        // Built through the config: seeded, the whole run, tagged.
        let mut w = c.build(4);
        assert_eq!(w.universe() as u64, database_pages(0.5));
        let all: Vec<Request> = std::iter::from_fn(|| w.next_request()).collect();
        assert_eq!(all.len(), 12);
        assert!(all.iter().all(|r| r.range == Some(CUSTOMER)));
        // Other generators hint nothing.
        let zipf = WorkloadConfig::Zipf {
            blocks: 100,
            request_blocks: 1,
            alpha: 1.0,
            warmup_requests: None,
            measured_requests: None,
        };
        assert!(zipf.range_hints().is_empty());
        assert!(config(TpchQuery::Q3).validate().is_ok() && config(TpchQuery::Q7).validate().is_ok());
    }

    #[test]
    fn bad_parameters_are_refused_by_field() {
        let with = |scale: f64, lookups: u32, skew: [f64; 2]| WorkloadConfig::Tpch {
            query: TpchQuery::Q7,
            scale,
            lookups,
            skew,
            warmup_requests: None,
            measured_requests: None,
        };
        let field = |c: WorkloadConfig| c.validate().unwrap_err().0;
        for scale in [0.0, 0.009, 64.5, f64::NAN, f64::INFINITY, -1.0] {
            assert_eq!(field(with(scale, 500, DEFAULT_SKEW)), "scale", "{scale}");
        }
        for lookups in [0, MAX_LOOKUPS + 1] {
            assert_eq!(field(with(1.0, lookups, DEFAULT_SKEW)), "lookups", "{lookups}");
        }
        for skew in [[0.0, 20.0], [100.5, 20.0], [f64::NAN, 20.0], [80.0, 0.0], [80.0, 100.0], [80.0, f64::INFINITY]] {
            assert_eq!(field(with(1.0, 500, skew)), "skew", "{skew:?}");
        }
        for (scale, lookups, skew) in
            [(MIN_SCALE, 1, [100.0, 0.1]), (MAX_SCALE, MAX_LOOKUPS, [0.1, 99.9]), (1.0, 500, [50.0, 50.0])]
        {
            assert!(with(scale, lookups, skew).validate().is_ok());
        }
        // A phase names the nested field.
        let phases = WorkloadConfig::Phases {
            phases: vec![super::super::Phase { workload: with(1.0, 0, DEFAULT_SKEW), requests: 10, offset: 0 }],
            warmup_requests: None,
        };
        assert_eq!(phases.validate().unwrap_err().0, "phases[0].workload.lookups");
    }
}
