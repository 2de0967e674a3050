//! A TPC-C-like OLTP client behind a DBMS buffer pool (paper 004 §2 and §5.1): the stream a
//! storage server sees from a database — the pool's read misses and its writes, each write
//! tagged SYNCH, REPLACE or RECOV by why it was written.
//!
//! **The database** is laid out per warehouse as TPC-C's tables are (rows per 4 KiB page from
//! the spec's row sizes): STOCK (100,000 rows, 13 a page), CUSTOMER (30,000, 6 a page), the
//! append-only ORDERS, ORDER-LINE, NEW-ORDER and HISTORY, one page per warehouse and per
//! district, the global ITEM table (100,000 rows, 50 a page), and a B-tree per keyed table (a
//! root, one internal level, leaves). Twenty-five warehouses make 482,493 pages (the paper's
//! DB2 database, with what our layout leaves out — free space, catalogs — had 606,317).
//! Appending tables are rings with 25 % slack: when the tail comes round, the oldest pages are
//! reused (as if archived), so the block universe is fixed.
//!
//! **Transactions** follow TPC-C's mix and page touches: New-Order 45 % (district update, a
//! customer, 5–15 items and their stock rows updated, order, new-order and order-line rows
//! appended), Payment 43 % (warehouse, district and customer updates — 60 % of customers found
//! through the name index, 15 % remote — and a history row), Order-Status 4 %, Delivery 4 %
//! (ten districts' oldest new orders: their order, order lines and customer updated) and
//! Stock-Level 4 % (the last twenty orders' lines and their items' stock). Customers and items
//! are drawn with TPC-C's NURand (A = 1023 and 8191).
//!
//! **The buffer pool** holds `buffer_pool` pages under a clock whose weight depends on the
//! page type (index pages 3, data 1: DB2 favours index pages). A miss is a READ. Updates dirty
//! a page and advance the log by one record; a page's first dirtying since it was last clean
//! sets its recovery LSN. Writes never remove a page from the pool. Three kinds of write:
//! - **SYNCH**: the clock's victim is dirty, so the agent writes it before replacing it.
//! - **REPLACE**: when more than `dirty_threshold` of the pool is dirty (DB2's
//!   `chngpgs_thresh`), page cleaners write dirty pages from the clock hand forward — the next
//!   candidates for replacement — until the dirty share is a batch below the threshold.
//! - **RECOV**: when the oldest unwritten change is more than the recovery bound behind the log
//!   head, cleaners write the oldest dirty pages until it is not. The bound is `softmax` % of a
//!   log file (DB2's `softmax`), a log file being [`LOG_FILE_RECORDS_PER_WAREHOUSE`] records
//!   per warehouse, so the mix does not change with the scale.
//!
//! **The buffer stream** (`stream: buffer`): instead of what the pool sends the server, every
//! page reference of the transactions, as a read — the database's buffer access trace that
//! paper 003 replays into a client cache standing for the buffer pool. Each carries a semantic
//! importance (paper 003's SE hints, what a DBMS knows from its plans): 0 for pages of the
//! append-only HISTORY table, which no transaction reads back; 2 for index pages; 1 for the rest.
//!
//! With half the database in the pool, `softmax` 400 and threshold 50 %, the mix is within
//! 5 points of paper 004 Table 2's baseline 300_400, and likewise for 300_4000 and 300_50; the
//! 60_400 and 540_400 pools move the mix the way §5.1 describes (see the tests).

use std::collections::VecDeque;

use super::Workload;
use crate::model::{Block, Request, WriteHint};
use crate::util::rng::Rng;

/// Log records per warehouse in one log file (a `softmax` of 100 %).
pub const LOG_FILE_RECORDS_PER_WAREHOUSE: u64 = 60_000;
/// Default `softmax` (paper 004's baseline).
pub const DEFAULT_SOFTMAX: u32 = 400;
/// Default dirty-page threshold (DB2's `chngpgs_thresh` 50 %).
pub const DEFAULT_DIRTY_THRESHOLD: f64 = 0.5;
/// Default number of warehouses.
pub const DEFAULT_WAREHOUSES: u32 = 2;
/// Most warehouses (the universe stays under the generators' block limit).
pub const MAX_WAREHOUSES: u32 = 1_000;
/// Replacement cleaning stops this share of the pool below the threshold.
const CLEAN_BATCH: f64 = 0.01;

const STOCK_ROWS: u64 = 100_000;
const STOCK_PER_PAGE: u64 = 13;
const CUSTOMERS_PER_DISTRICT: u64 = 3_000;
const CUSTOMER_PER_PAGE: u64 = 6;
const ITEMS: u64 = 100_000;
const ITEM_PER_PAGE: u64 = 50;
const ORDERS_PER_PAGE: u64 = 170;
const LINES_PER_PAGE: u64 = 75;
const NEW_ORDERS_PER_PAGE: u64 = 500;
const HISTORY_PER_PAGE: u64 = 89;
/// Index entries per leaf page and leaves per internal page.
const KEYS_PER_LEAF: u64 = 250;
const FANOUT: u64 = 250;
/// Initial rows per warehouse of the appending tables (TPC-C's initial population).
const ORDERS_INITIAL: u64 = 30_000;
const NEW_ORDERS_INITIAL: u64 = 9_000;
/// Ring size of an appending table: its initial pages plus this share.
const RING_SLACK: f64 = 0.25;

/// A page type's clock weight.
const DATA: u8 = 1;
const INDEX: u8 = 3;

/// The knobs of [`Oltp`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OltpShape {
    pub warehouses: u32,
    /// Buffer pool pages; `None` = half the database.
    pub buffer_pool: Option<u64>,
    pub softmax: u32,
    pub dirty_threshold: f64,
    /// Emit every page reference (the buffer stream) instead of the pool's reads and writes.
    pub buffer_stream: bool,
}

/// A B-tree: root, internal pages, leaves; keys `0..keys`.
#[derive(Clone, Copy, Debug)]
struct Tree {
    root: u32,
    internal: u32,
    leaves: u32,
    nleaves: u64,
}

/// An append-only table kept as a ring of pages.
#[derive(Clone, Copy, Debug)]
struct Ring {
    start: u32,
    pages: u64,
    per_page: u64,
    /// Rows appended so far, counting the initial population.
    rows: u64,
}

impl Ring {
    fn page_of(&self, row: u64) -> Block {
        self.start + ((row / self.per_page) % self.pages) as Block
    }
}

/// The page layout of the database.
#[derive(Clone, Debug)]
struct Layout {
    warehouses: u64,
    warehouse: u32,
    district: u32,
    item: u32,
    stock: u32,
    customer: u32,
    item_index: Tree,
    stock_index: Tree,
    customer_index: Tree,
    name_index: Tree,
    orders_index: Tree,
    lines_index: Tree,
    orders: Ring,
    lines: Ring,
    new_orders: Ring,
    history: Ring,
    /// Pages of the initial database (the rings at their initial fill).
    initial_pages: u64,
    pages: u64,
}

impl Layout {
    fn new(warehouses: u32) -> Self {
        let w = warehouses as u64;
        let mut a = Alloc { next: 0, initial: 0 };
        let warehouse = a.take(w);
        let district = a.take(10 * w);
        let item = a.take(ITEMS.div_ceil(ITEM_PER_PAGE));
        let stock = a.take(w * STOCK_ROWS.div_ceil(STOCK_PER_PAGE));
        let customer = a.take(w * 10 * CUSTOMERS_PER_DISTRICT.div_ceil(CUSTOMER_PER_PAGE));
        let item_index = a.tree(ITEMS);
        let stock_index = a.tree(w * STOCK_ROWS);
        let customer_index = a.tree(w * 10 * CUSTOMERS_PER_DISTRICT);
        let name_index = a.tree(w * 10 * CUSTOMERS_PER_DISTRICT);
        let orders_index = a.tree(w * ORDERS_INITIAL);
        let lines_index = a.tree(w * ORDERS_INITIAL * 10);
        a.initial = a.next;
        let orders = a.ring(w * ORDERS_INITIAL, ORDERS_PER_PAGE);
        let lines = a.ring(w * ORDERS_INITIAL * 10, LINES_PER_PAGE);
        let new_orders = a.ring(w * NEW_ORDERS_INITIAL, NEW_ORDERS_PER_PAGE);
        let history = a.ring(w * ORDERS_INITIAL, HISTORY_PER_PAGE);
        let (initial, next) = (a.initial, a.next);
        Self {
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
struct Alloc {
    next: u64,
    /// Pages of the initial database so far.
    initial: u64,
}

impl Alloc {
    fn take(&mut self, n: u64) -> Block {
        let at = self.next as Block;
        self.next += n;
        at
    }

    fn tree(&mut self, keys: u64) -> Tree {
        let nleaves = keys.div_ceil(KEYS_PER_LEAF).max(1);
        Tree { root: self.take(1), internal: self.take(nleaves.div_ceil(FANOUT)), leaves: self.take(nleaves), nleaves }
    }

    fn ring(&mut self, rows: u64, per_page: u64) -> Ring {
        let used = rows.div_ceil(per_page).max(1);
        let pages = used + ((used as f64 * RING_SLACK).ceil() as u64).max(1);
        self.initial += used;
        Ring { start: self.take(pages), pages, per_page, rows }
    }
}

/// The database's size in pages for `warehouses`: (initial, with the rings' slack). The
/// second is the block universe.
pub fn database_pages(warehouses: u32) -> (u64, u64) {
    let l = Layout::new(warehouses);
    (l.initial_pages, l.pages)
}

const NO_FRAME: u32 = u32::MAX;

/// A buffer pool frame: its page, clock weight and recovery LSN (0 = clean). One cache line
/// holds four, so a touch costs one miss for the frame.
#[derive(Clone, Copy, Default)]
struct Frame {
    rec_lsn: u64,
    page: Block,
    weight: u8,
}

/// The DBMS buffer pool: a weighted clock with dirty pages and recovery LSNs.
struct Pool {
    frames: Vec<Frame>,
    frame_of: Vec<u32>,
    used: usize,
    /// The clock hand, as a count of frames passed (the frame is `hand % frames`).
    hand: u64,
    /// The page cleaners' own position, never behind the hand: each cleaning resumes there.
    sweep: u64,
    dirty: usize,
    /// (page, recovery LSN) in dirtying order; stale when the page has since been cleaned.
    dirty_order: VecDeque<(Block, u64)>,
    lsn: u64,
    /// Dirty pages above which replacement cleaning starts, and where it stops.
    high_water: usize,
    low_water: usize,
    recovery_bound: u64,
    /// Pages a dirty steal has the cleaners write.
    batch: usize,
}

impl Pool {
    fn new(frames: usize, universe: usize, dirty_threshold: f64, recovery_bound: u64) -> Self {
        let high_water = ((frames as f64 * dirty_threshold) as usize).min(frames);
        let batch = ((frames as f64 * CLEAN_BATCH).ceil() as usize).max(1);
        let low_water = high_water.saturating_sub(batch);
        Self {
            frames: vec![Frame::default(); frames],
            frame_of: vec![NO_FRAME; universe],
            used: 0,
            hand: 0,
            sweep: 0,
            dirty: 0,
            dirty_order: VecDeque::new(),
            lsn: 1,
            high_water,
            low_water,
            recovery_bound,
            batch,
        }
    }

    fn write(out: &mut VecDeque<Request>, page: Block, hint: WriteHint) {
        out.push_back(Request { write_hint: Some(hint), ..Request::write(page) });
    }

    fn clean(&mut self, f: usize) {
        if self.frames[f].rec_lsn != 0 {
            self.frames[f].rec_lsn = 0;
            self.dirty -= 1;
        }
    }

    /// A touch of `page` (an update when `update`) with clock weight `weight`.
    fn touch(&mut self, page: Block, weight: u8, update: bool, out: &mut VecDeque<Request>) {
        let mut f = self.frame_of[page as usize];
        if f == NO_FRAME {
            out.push_back(Request::read(page));
            f = if self.used < self.frames.len() {
                self.used += 1;
                (self.used - 1) as u32
            } else {
                let v = self.victim();
                if self.frames[v].rec_lsn != 0 {
                    Self::write(out, self.frames[v].page, WriteHint::Synch);
                    self.clean(v);
                    // A dirty steal wakes the cleaners (DB2's dirty-page-steal trigger): they
                    // clean a batch ahead of the hand so the next victims are clean.
                    self.clean_ahead(self.dirty.saturating_sub(self.batch), out);
                }
                self.frame_of[self.frames[v].page as usize] = NO_FRAME;
                v as u32
            };
            self.frames[f as usize].page = page;
            self.frame_of[page as usize] = f;
        }
        let f = f as usize;
        self.frames[f].weight = self.frames[f].weight.max(weight);
        if update {
            if self.frames[f].rec_lsn == 0 {
                self.frames[f].rec_lsn = self.lsn;
                self.dirty += 1;
                self.dirty_order.push_back((page, self.lsn));
            }
            self.lsn += 1;
            self.cleaners(out);
        }
    }

    /// The clock's next victim: the hand clears weights until it finds a frame at zero.
    fn victim(&mut self) -> usize {
        loop {
            let f = (self.hand % self.frames.len() as u64) as usize;
            self.hand += 1;
            if self.frames[f].weight == 0 {
                return f;
            }
            self.frames[f].weight -= 1;
        }
    }

    fn cleaners(&mut self, out: &mut VecDeque<Request>) {
        // Recoverability: write the oldest changes until the oldest is within the bound.
        while let Some(&(page, lsn)) = self.dirty_order.front() {
            let f = self.frame_of[page as usize];
            if f == NO_FRAME || self.frames[f as usize].rec_lsn != lsn {
                self.dirty_order.pop_front();
                continue;
            }
            if self.lsn - lsn <= self.recovery_bound {
                break;
            }
            self.dirty_order.pop_front();
            Self::write(out, page, WriteHint::Recov);
            self.clean(f as usize);
        }
        // Replacement: clean the next candidates for replacement.
        if self.dirty > self.high_water {
            self.clean_ahead(self.low_water, out);
        }
    }

    /// Page cleaners write dirty pages ahead of the clock hand until at most `target` are
    /// dirty: those the hand would take on its coming lap (weight 0), resuming where they last
    /// stopped; if a whole lap ahead is clean of those, any dirty page from the hand forward.
    fn clean_ahead(&mut self, target: usize, out: &mut VecDeque<Request>) {
        let n = self.used as u64;
        self.sweep = self.sweep.max(self.hand);
        while self.dirty > target && self.sweep < self.hand + n {
            let at = (self.sweep % n) as usize;
            if self.frames[at].rec_lsn != 0 && self.frames[at].weight == 0 {
                Self::write(out, self.frames[at].page, WriteHint::Replace);
                self.clean(at);
            }
            self.sweep += 1;
        }
        let mut at = self.hand;
        while self.dirty > target && at < self.hand + n {
            let f = (at % n) as usize;
            if self.frames[f].rec_lsn != 0 {
                Self::write(out, self.frames[f].page, WriteHint::Replace);
                self.clean(f);
            }
            at += 1;
        }
    }
}

/// TPC-C's NURand(A, x, y) with its run-time constant C.
fn nurand(rng: &mut Rng, a: u64, x: u64, y: u64, c: u64) -> u64 {
    (((rng.below(a + 1) | (x + rng.below(y - x + 1))) + c) % (y - x + 1)) + x
}

/// The OLTP generator: transactions run until their pool has emitted a request to hand out.
pub struct Oltp {
    layout: Layout,
    pool: Pool,
    rng: Rng,
    out: VecDeque<Request>,
    remaining: u64,
    c_customer: u64,
    c_item: u64,
    /// Per district (warehouse × 10 + district): orders placed, and the oldest undelivered.
    next_order: Vec<u64>,
    undelivered: Vec<u64>,
    /// Orders placed and not yet delivered, over every district: Σ (next − undelivered).
    pending: u64,
    /// Item ids of the current transaction (Stock-Level's and New-Order's scratch).
    items: Vec<u64>,
    /// Per district, the items of its last [`RECENT_ORDERS`] orders (a ring of order slots of
    /// up to 15 items, `u32::MAX` for none): what Stock-Level examines.
    recent_items: Vec<u32>,
    buffer_stream: bool,
}

/// Orders Stock-Level looks back over.
const RECENT_ORDERS: usize = 20;
/// Most lines in one order.
const MAX_LINES: usize = 15;

impl Oltp {
    pub fn new(shape: OltpShape, requests: u64, seed: u64) -> Self {
        assert!(shape.warehouses >= 1, "validated by WorkloadConfig");
        let layout = Layout::new(shape.warehouses);
        let frames = shape.buffer_pool.unwrap_or(layout.initial_pages / 2).clamp(1, layout.pages) as usize;
        let bound = (shape.softmax as u64 * LOG_FILE_RECORDS_PER_WAREHOUSE * layout.warehouses / 100).max(1);
        let pool = Pool::new(frames, layout.pages as usize, shape.dirty_threshold, bound);
        let mut rng = Rng::seeded(seed);
        let c_customer = rng.below(1024);
        let c_item = rng.below(8192);
        let districts = (layout.warehouses * 10) as usize;
        // Each district starts with 3,000 orders, the last 900 of them undelivered.
        Self {
            pool,
            rng,
            out: VecDeque::with_capacity(1024),
            remaining: requests,
            c_customer,
            c_item,
            next_order: vec![ORDERS_INITIAL / 10; districts],
            undelivered: vec![(ORDERS_INITIAL - NEW_ORDERS_INITIAL) / 10; districts],
            pending: districts as u64 * NEW_ORDERS_INITIAL / 10,
            items: Vec::with_capacity(RECENT_ORDERS * MAX_LINES),
            recent_items: vec![u32::MAX; districts * RECENT_ORDERS * MAX_LINES],
            buffer_stream: shape.buffer_stream,
            layout,
        }
    }

    fn touch(&mut self, page: Block, weight: u8, update: bool) {
        if self.buffer_stream {
            let h = self.layout.history;
            let importance = if (h.start..h.start + h.pages as Block).contains(&page) {
                0
            } else if weight == INDEX {
                2
            } else {
                1
            };
            self.out.push_back(Request { importance: Some(importance), ..Request::read(page) });
        } else {
            self.pool.touch(page, weight, update, &mut self.out);
        }
    }

    /// Root, internal and leaf pages of `tree` down to `key`.
    fn lookup(&mut self, tree: Tree, key: u64) {
        let leaf = (key / KEYS_PER_LEAF).min(tree.nleaves - 1);
        self.touch(tree.root, INDEX, false);
        self.touch(tree.internal + (leaf / FANOUT) as Block, INDEX, false);
        self.touch(tree.leaves + leaf as Block, INDEX, false);
    }

    /// The rightmost leaf of `tree` takes a new key (appends go there; it wraps like its table).
    fn append_key(&mut self, tree: Tree, row: u64) {
        let leaf = (row / KEYS_PER_LEAF) % tree.nleaves;
        self.touch(tree.root, INDEX, false);
        self.touch(tree.internal + (leaf / FANOUT) as Block, INDEX, false);
        self.touch(tree.leaves + leaf as Block, INDEX, true);
    }

    fn customer(&mut self, w: u64, d: u64, update: bool) {
        let c = nurand(&mut self.rng, 1023, 1, CUSTOMERS_PER_DISTRICT, self.c_customer) - 1;
        let row = (w * 10 + d) * CUSTOMERS_PER_DISTRICT + c;
        if self.rng.below(100) < 60 {
            // By last name: the name index, then the middle of the matching customers.
            self.lookup(self.layout.name_index, row);
        } else {
            self.lookup(self.layout.customer_index, row);
        }
        let l = &self.layout;
        let page = l.customer
            + (w * 10 * CUSTOMERS_PER_DISTRICT.div_ceil(CUSTOMER_PER_PAGE)) as Block
            + ((d * CUSTOMERS_PER_DISTRICT + c) / CUSTOMER_PER_PAGE) as Block;
        self.touch(page, DATA, update);
    }

    fn item(&mut self) -> u64 {
        nurand(&mut self.rng, 8191, 1, ITEMS, self.c_item) - 1
    }

    fn stock(&mut self, w: u64, item: u64, update: bool) {
        self.lookup(self.layout.stock_index, w * STOCK_ROWS + item);
        let page =
            self.layout.stock + (w * STOCK_ROWS.div_ceil(STOCK_PER_PAGE)) as Block + (item / STOCK_PER_PAGE) as Block;
        self.touch(page, DATA, update);
    }

    fn district_page(&self, w: u64, d: u64) -> Block {
        self.layout.district + (w * 10 + d) as Block
    }

    /// Appends a row to `ring` (updating its tail page) and returns the row's number.
    fn append(&mut self, which: fn(&mut Layout) -> &mut Ring) -> u64 {
        let ring = which(&mut self.layout);
        let row = ring.rows;
        ring.rows += 1;
        let page = ring.page_of(row);
        self.touch(page, DATA, true);
        row
    }

    fn new_order(&mut self, w: u64, d: u64) {
        self.touch(self.layout.warehouse + w as Block, DATA, false);
        self.touch(self.district_page(w, d), DATA, true);
        self.customer(w, d, false);
        let lines = 5 + self.rng.below(11);
        self.items.clear();
        for _ in 0..lines {
            let item = self.item();
            self.items.push(item);
        }
        for i in 0..self.items.len() {
            let item = self.items[i];
            self.lookup(self.layout.item_index, item);
            self.touch(self.layout.item + (item / ITEM_PER_PAGE) as Block, DATA, false);
            let supply = if self.layout.warehouses > 1 && self.rng.below(100) == 0 {
                self.rng.below(self.layout.warehouses)
            } else {
                w
            };
            self.stock(supply, item, true);
        }
        let k = (w * 10 + d) as usize;
        let slot = (k * RECENT_ORDERS + self.next_order[k] as usize % RECENT_ORDERS) * MAX_LINES;
        let recent = &mut self.recent_items[slot..slot + MAX_LINES];
        recent.fill(u32::MAX);
        for (r, &item) in recent.iter_mut().zip(&self.items) {
            *r = item as u32;
        }
        self.next_order[k] += 1;
        self.pending += 1;
        let order = self.append(|l| &mut l.orders);
        self.append_key(self.layout.orders_index, order);
        self.append(|l| &mut l.new_orders);
        for _ in 0..lines {
            let line = self.append(|l| &mut l.lines);
            self.append_key(self.layout.lines_index, line);
        }
    }

    fn payment(&mut self, w: u64, d: u64) {
        self.touch(self.layout.warehouse + w as Block, DATA, true);
        self.touch(self.district_page(w, d), DATA, true);
        let (cw, cd) = if self.layout.warehouses > 1 && self.rng.below(100) < 15 {
            (self.rng.below(self.layout.warehouses), self.rng.below(10))
        } else {
            (w, d)
        };
        self.customer(cw, cd, true);
        self.append(|l| &mut l.history);
    }

    /// A recent order row (`back` orders before the newest) of the orders ring and its lines.
    fn recent_order(&mut self, back: u64, update: bool) {
        let l = &self.layout;
        let order = l.orders.rows.saturating_sub(1 + back);
        let line = l.lines.rows.saturating_sub(1 + back * 10);
        let (op, lp) = (l.orders.page_of(order), l.lines.page_of(line));
        self.lookup(self.layout.orders_index, order % (self.layout.orders_index.nleaves * KEYS_PER_LEAF));
        self.touch(op, DATA, update);
        self.touch(lp, DATA, update);
        // An order's ten lines may straddle two pages.
        if line % LINES_PER_PAGE >= LINES_PER_PAGE - 10 {
            self.touch(self.layout.lines.page_of(line + 10), DATA, update);
        }
    }

    fn order_status(&mut self, w: u64, d: u64) {
        self.customer(w, d, false);
        // The customer's last order: anywhere in the district's recent history.
        let back = self.rng.below(self.layout.warehouses * ORDERS_INITIAL / 10);
        self.recent_order(back, false);
    }

    fn delivery(&mut self, w: u64) {
        for d in 0..10 {
            let k = (w * 10 + d) as usize;
            if self.undelivered[k] >= self.next_order[k] {
                continue;
            }
            self.undelivered[k] += 1;
            self.pending -= 1;
            let pending = self.pending;
            // The oldest new order: the head of the new-order ring.
            let placed = self.layout.new_orders.rows;
            let head = placed.saturating_sub(pending + 1);
            let page = self.layout.new_orders.page_of(head);
            self.touch(page, DATA, true);
            // Its order and lines: about `pending` orders behind the newest.
            let back = pending.min(self.layout.orders.rows.saturating_sub(1));
            self.recent_order(back, true);
            self.customer(w, d, true);
        }
    }

    fn stock_level(&mut self, w: u64, d: u64) {
        self.touch(self.district_page(w, d), DATA, false);
        // The district's last 20 orders are the last 20 × districts of the shared ring.
        let districts = self.layout.warehouses * 10;
        for k in 0..RECENT_ORDERS as u64 {
            self.recent_order(k * districts, false);
        }
        // The items of those orders (the district's last twenty), each once.
        let k = (w * 10 + d) as usize;
        let slots = &self.recent_items[k * RECENT_ORDERS * MAX_LINES..(k + 1) * RECENT_ORDERS * MAX_LINES];
        self.items.clear();
        self.items.extend(slots.iter().filter(|&&i| i != u32::MAX).map(|&i| i as u64));
        self.items.sort_unstable();
        self.items.dedup();
        for i in 0..self.items.len() {
            let item = self.items[i];
            self.stock(w, item, false);
        }
    }

    fn transaction(&mut self) {
        let w = self.rng.below(self.layout.warehouses);
        let d = self.rng.below(10);
        match self.rng.below(100) {
            0..45 => self.new_order(w, d),
            45..88 => self.payment(w, d),
            88..92 => self.order_status(w, d),
            92..96 => self.delivery(w),
            _ => self.stock_level(w, d),
        }
    }
}

impl Workload for Oltp {
    fn next_request(&mut self) -> Option<Request> {
        if self.remaining == 0 {
            return None;
        }
        while self.out.is_empty() {
            self.transaction();
        }
        self.remaining -= 1;
        self.out.pop_front()
    }

    fn universe(&self) -> usize {
        self.layout.pages as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Op;

    fn shape(warehouses: u32, pool_share: f64, softmax: u32) -> OltpShape {
        let (initial, _) = database_pages(warehouses);
        OltpShape {
            warehouses,
            buffer_pool: Some((initial as f64 * pool_share) as u64),
            softmax,
            dirty_threshold: DEFAULT_DIRTY_THRESHOLD,
            buffer_stream: false,
        }
    }

    /// The share of each kind after a warm-up of `warm` requests, over `n` more.
    fn shares(s: OltpShape, warm: u64, n: u64) -> [f64; 4] {
        let mut g = Oltp::new(s, warm + n, 7);
        for _ in 0..warm {
            g.next_request().unwrap();
        }
        let mut counted = [0u64; 4];
        for _ in 0..n {
            let r = g.next_request().unwrap();
            let kind = match (r.op, r.write_hint) {
                (Op::Write, Some(WriteHint::Synch)) => 0,
                (Op::Write, Some(WriteHint::Replace)) => 1,
                (Op::Write, Some(WriteHint::Recov)) => 2,
                (Op::Read, None) => 3,
                other => panic!("unexpected request {other:?}"),
            };
            counted[kind] += 1;
        }
        counted.map(|c| c as f64 / n as f64)
    }

    #[test]
    fn the_buffer_stream_is_every_page_reference_with_its_importance() {
        let s = OltpShape { buffer_stream: true, ..shape(1, 0.5, 400) };
        let mut g = Oltp::new(s, 200_000, 3);
        let h = g.layout.history;
        let mut seen = [0u64; 3];
        while let Some(r) = g.next_request() {
            assert_eq!((r.op, r.nblocks, r.write_hint), (Op::Read, 1, None));
            let imp = r.importance.expect("every reference is hinted");
            let in_history = (h.start..h.start + h.pages as Block).contains(&r.block);
            assert_eq!(imp == 0, in_history, "block {}", r.block);
            seen[imp as usize] += 1;
        }
        // Payments (43 % of transactions) append one history row each; index pages are most
        // of every transaction's references (root, internal, leaf per lookup).
        assert!(seen[0] > 500 && seen[1] > 40_000 && seen[2] > 100_000, "{seen:?}");
        // No pool: the same references, whatever its size.
        let mut a = Oltp::new(OltpShape { buffer_pool: Some(10), ..s }, 5_000, 3);
        let mut b = Oltp::new(s, 5_000, 3);
        assert!((0..5_000).all(|_| a.next_request() == b.next_request()));
    }

    #[test]
    fn the_layout_is_tpc_c_sized() {
        // web/scenario/oltp.ts mirrors the layout: both pin these numbers.
        assert_eq!(database_pages(1), (21_615, 22_750));
        assert_eq!(database_pages(2), (40_817, 43_084));
        assert_eq!(database_pages(25), (482_493, 510_816));
    }

    #[test]
    fn same_seed_same_stream_and_every_block_in_the_universe() {
        let s = shape(1, 0.5, 400);
        let a: Vec<_> = std::iter::from_fn({
            let mut g = Oltp::new(s, 20_000, 3);
            move || g.next_request()
        })
        .collect();
        let mut g = Oltp::new(s, 20_000, 3);
        let universe = g.universe() as Block;
        let b: Vec<_> = std::iter::from_fn(|| g.next_request()).collect();
        assert_eq!(a.len(), 20_000);
        assert_eq!(a, b);
        assert!(a.iter().all(|r| r.block < universe && r.nblocks == 1));
        let c: Vec<_> = std::iter::from_fn({
            let mut g = Oltp::new(s, 20_000, 4);
            move || g.next_request()
        })
        .collect();
        assert_ne!(a, c);
    }

    #[test]
    fn a_pool_that_holds_everything_reads_each_page_once_and_writes_only_what_it_read() {
        let s = OltpShape { buffer_pool: Some(1 << 30), ..shape(1, 0.0, 400) };
        let mut g = Oltp::new(s, 200_000, 1);
        let mut read = vec![false; g.universe()];
        while let Some(r) = g.next_request() {
            let seen = std::mem::replace(&mut read[r.block as usize], true);
            match r.op {
                Op::Read => assert!(!seen, "page {} read twice", r.block),
                Op::Write => {
                    assert!(seen, "write of page {} never read", r.block);
                    assert_ne!(r.write_hint, Some(WriteHint::Synch), "nothing is ever evicted");
                }
            }
        }
    }

    #[test]
    fn the_write_mix_follows_paper_004_table_2() {
        // Shares as (synch, replace, recov, read), at one warehouse; the paper's traces are
        // 25 warehouses' (Table 2, in the comments).
        let (initial, _) = database_pages(1);
        let mix = |pool: f64, softmax: u32| shares(shape(1, pool, softmax), initial * 4, initial * 6);
        let close = |got: [f64; 4], want: [f64; 4], name: &str| {
            for (g, w) in got.iter().zip(want) {
                assert!((g - w).abs() <= 0.05, "{name}: {got:?} against Table 2's {want:?}");
            }
        };
        let base = mix(0.5, 400);
        close(base, [0.0, 0.6257, 0.0360, 0.3383], "300_400");
        close(mix(0.5, 4000), [0.0001, 0.6537, 0.0011, 0.3451], "300_4000");
        close(mix(0.5, 50), [0.0, 0.0003, 0.7433, 0.2564], "300_50");
        // The other pool sizes, as §5.1 describes them: a small pool reads more and writes
        // almost nothing for recoverability (60_400: 50.85 % reads, 0.18 % RECOV); a large
        // one reads least and writes most for recoverability (540_400: 14.33 %, 49.89 %).
        let small = mix(0.1, 400);
        assert!(small[3] > base[3] + 0.1 && small[2] < 0.01 && small[0] < 0.05, "60_400: {small:?}");
        let large = mix(0.9, 400);
        assert!(large[3] < base[3] && large[2] > 0.4, "540_400: {large:?}");
    }
}
