//! Model 2's buffer pool: DB2's default page cleaning (paper 004 §2; DB2 8.2's three cleaner
//! triggers) over a recency-ordered pool.
//!
//! - **Replacement** is LRU with page-type weights: a page reaching the cold end with lives
//!   left loses one and goes back to the hot end (index pages get [`INDEX_LIVES`], data pages
//!   none) — DB2's clock, which "considers the type of data in the block" (§2), in the order
//!   the cleaners need to find "good candidates for replacement". A miss is a READ.
//! - **Dirty page steal** (SYNCH): the victim is dirty, so the agent writes it before reusing
//!   its frame; the steal wakes the cleaners, which write a batch of the coldest dirty pages
//!   (REPLACE).
//! - **Changed-pages threshold** (`chngpgs_thresh`, REPLACE): when more than the threshold of
//!   the pool is dirty, the cleaners write the coldest dirty pages — those next in line for
//!   replacement — until the dirty share is a batch below the threshold.
//! - **LSN gap** (`softmax`, RECOV): when the oldest unwritten change is more than the recovery
//!   bound behind the head of the log, the cleaners write every page whose oldest change is
//!   that old.
//!
//! A write cleans a page where it lies: it does not move it in the recency order nor remove
//! it from the pool (§2: "flushing a dirty block does not by itself remove that block").
//!
//! Layout (quick_cache's linked slab): frames in a `Vec`, two intrusive lists by index — every
//! frame in recency order, and the dirty ones in the same order — so the coldest dirty page is
//! the dirty list's tail. Changes enter a FIFO by log position (stale entries skipped when
//! reached), so the oldest unwritten change is its head. Every operation is O(1) amortised.

use std::collections::VecDeque;

use crate::model::{Block, Request, WriteHint};

/// Lives of an index page: one more trip through the pool than a data page (model 1's clock
/// weights, 3 for index pages and 1 for data, likewise give index pages twice the laps).
pub(super) const INDEX_LIVES: u8 = 1;
pub(super) const DATA_LIVES: u8 = 0;
/// A cleaner burst (threshold or steal) writes this share of the pool.
const CLEAN_BATCH: f64 = 0.01;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Frame {
    /// Log position of the page's oldest unwritten change; 0 = clean.
    rec_lsn: u64,
    page: Block,
    /// Recency list (towards `hot` = prev).
    prev: u32,
    next: u32,
    /// Dirty list, same order.
    dprev: u32,
    dnext: u32,
    lives: u8,
}

impl Default for Frame {
    fn default() -> Self {
        Self { rec_lsn: 0, page: 0, prev: NONE, next: NONE, dprev: NONE, dnext: NONE, lives: 0 }
    }
}

/// Head (hottest) and tail (coldest) of an intrusive list.
#[derive(Clone, Copy)]
struct Ends {
    hot: u32,
    cold: u32,
}

impl Ends {
    const EMPTY: Ends = Ends { hot: NONE, cold: NONE };
}

/// Counts of what the pool did (tests and the model's calibration notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PoolStats {
    pub misses: u64,
    pub synch: u64,
    pub replace: u64,
    pub recov: u64,
}

pub(super) struct LruPool {
    frames: Vec<Frame>,
    frame_of: Vec<u32>,
    used: usize,
    all: Ends,
    dirty_list: Ends,
    dirty: usize,
    /// (page, its change's log position) in log order; stale once the page was written since.
    changes: VecDeque<(Block, u64)>,
    /// The head of the log: one record per page change.
    lsn: u64,
    high_water: usize,
    low_water: usize,
    recovery_bound: u64,
    batch: usize,
    pub(super) stats: PoolStats,
}

impl LruPool {
    pub(super) fn new(frames: usize, universe: usize, dirty_threshold: f64, recovery_bound: u64) -> Self {
        let high_water = ((frames as f64 * dirty_threshold) as usize).min(frames);
        let batch = ((frames as f64 * CLEAN_BATCH).ceil() as usize).max(1);
        Self {
            frames: vec![Frame::default(); frames],
            frame_of: vec![NONE; universe],
            used: 0,
            all: Ends::EMPTY,
            dirty_list: Ends::EMPTY,
            dirty: 0,
            changes: VecDeque::new(),
            lsn: 1,
            high_water,
            low_water: high_water.saturating_sub(batch),
            recovery_bound,
            batch,
            stats: PoolStats::default(),
        }
    }

    // --- the two intrusive lists -------------------------------------------------------------

    fn unlink(&mut self, f: u32) {
        let Frame { prev, next, .. } = self.frames[f as usize];
        match prev {
            NONE => self.all.hot = next,
            p => self.frames[p as usize].next = next,
        }
        match next {
            NONE => self.all.cold = prev,
            n => self.frames[n as usize].prev = prev,
        }
    }

    fn push_hot(&mut self, f: u32) {
        let old = self.all.hot;
        self.frames[f as usize].prev = NONE;
        self.frames[f as usize].next = old;
        match old {
            NONE => self.all.cold = f,
            o => self.frames[o as usize].prev = f,
        }
        self.all.hot = f;
    }

    fn dirty_unlink(&mut self, f: u32) {
        let Frame { dprev, dnext, .. } = self.frames[f as usize];
        match dprev {
            NONE => self.dirty_list.hot = dnext,
            p => self.frames[p as usize].dnext = dnext,
        }
        match dnext {
            NONE => self.dirty_list.cold = dprev,
            n => self.frames[n as usize].dprev = dprev,
        }
    }

    fn dirty_push_hot(&mut self, f: u32) {
        let old = self.dirty_list.hot;
        self.frames[f as usize].dprev = NONE;
        self.frames[f as usize].dnext = old;
        match old {
            NONE => self.dirty_list.cold = f,
            o => self.frames[o as usize].dprev = f,
        }
        self.dirty_list.hot = f;
    }

    /// Moves `f` to the hot end of the recency order (and of the dirty list, if dirty).
    fn make_hottest(&mut self, f: u32) {
        if self.all.hot != f {
            self.unlink(f);
            self.push_hot(f);
        }
        if self.frames[f as usize].rec_lsn != 0 && self.dirty_list.hot != f {
            self.dirty_unlink(f);
            self.dirty_push_hot(f);
        }
    }

    // --- writes ------------------------------------------------------------------------------

    fn write(&mut self, out: &mut VecDeque<Request>, f: u32, hint: WriteHint) {
        let page = self.frames[f as usize].page;
        out.push_back(Request { write_hint: Some(hint), ..Request::write(page) });
        match hint {
            WriteHint::Synch => self.stats.synch += 1,
            WriteHint::Replace => self.stats.replace += 1,
            WriteHint::Recov => self.stats.recov += 1,
        }
        self.frames[f as usize].rec_lsn = 0;
        self.dirty_unlink(f);
        self.dirty -= 1;
    }

    /// The cleaners write the coldest dirty pages until at most `target` are dirty.
    fn clean_coldest(&mut self, target: usize, out: &mut VecDeque<Request>) {
        while self.dirty > target {
            let f = self.dirty_list.cold;
            self.write(out, f, WriteHint::Replace);
        }
    }

    /// The LSN-gap and threshold triggers, checked after each change.
    fn cleaners(&mut self, out: &mut VecDeque<Request>) {
        while let Some(&(page, lsn)) = self.changes.front() {
            let f = self.frame_of[page as usize];
            if f == NONE || self.frames[f as usize].rec_lsn != lsn {
                self.changes.pop_front();
                continue;
            }
            if self.lsn - lsn <= self.recovery_bound {
                break;
            }
            self.changes.pop_front();
            self.write(out, f, WriteHint::Recov);
        }
        if self.dirty > self.high_water {
            self.clean_coldest(self.low_water, out);
        }
    }

    // --- references --------------------------------------------------------------------------

    /// The frame the coldest page leaves (pages with lives left go round again).
    fn victim(&mut self, out: &mut VecDeque<Request>) -> u32 {
        loop {
            let f = self.all.cold;
            let frame = &mut self.frames[f as usize];
            if frame.lives > 0 {
                frame.lives -= 1;
                self.make_hottest(f);
                continue;
            }
            if frame.rec_lsn != 0 {
                // Dirty page steal: the agent writes it, and the cleaners wake.
                self.write(out, f, WriteHint::Synch);
                let target = self.dirty.saturating_sub(self.batch);
                self.clean_coldest(target, out);
            }
            self.unlink(f);
            self.frame_of[self.frames[f as usize].page as usize] = NONE;
            return f;
        }
    }

    /// A reference to `page` (a change when `update`), leaving it with `lives`.
    pub(super) fn touch(&mut self, page: Block, lives: u8, update: bool, out: &mut VecDeque<Request>) {
        let mut f = self.frame_of[page as usize];
        if f == NONE {
            out.push_back(Request::read(page));
            self.stats.misses += 1;
            f = if self.used < self.frames.len() {
                self.used += 1;
                (self.used - 1) as u32
            } else {
                self.victim(out)
            };
            self.frames[f as usize] = Frame { page, ..Frame::default() };
            self.frame_of[page as usize] = f;
            self.push_hot(f);
        } else {
            self.make_hottest(f);
        }
        self.frames[f as usize].lives = lives;
        if update {
            if self.frames[f as usize].rec_lsn == 0 {
                self.frames[f as usize].rec_lsn = self.lsn;
                self.dirty += 1;
                self.dirty_push_hot(f);
                self.changes.push_back((page, self.lsn));
            }
            self.lsn += 1;
            self.cleaners(out);
        }
    }

    /// Checks both lists against the frames (tests).
    #[cfg(test)]
    pub(super) fn validate(&self) -> Result<(), String> {
        let mut n = 0;
        let (mut f, mut prev) = (self.all.hot, NONE);
        while f != NONE {
            let fr = &self.frames[f as usize];
            if fr.prev != prev || self.frame_of[fr.page as usize] != f {
                return Err(format!("recency list broken at frame {f}"));
            }
            n += 1;
            (prev, f) = (f, fr.next);
        }
        if prev != self.all.cold || n != self.used {
            return Err(format!("recency list holds {n} of {} frames", self.used));
        }
        let (mut d, mut f, mut prev) = (0, self.dirty_list.hot, NONE);
        while f != NONE {
            let fr = &self.frames[f as usize];
            if fr.dprev != prev || fr.rec_lsn == 0 {
                return Err(format!("dirty list broken at frame {f}"));
            }
            d += 1;
            (prev, f) = (f, fr.dnext);
        }
        let dirty_frames = self.frames[..self.used].iter().filter(|fr| fr.rec_lsn != 0).count();
        if prev != self.dirty_list.cold || d != self.dirty || d != dirty_frames {
            return Err(format!("dirty list holds {d}, count {}, frames {dirty_frames}", self.dirty));
        }
        // The dirty list is the recency order restricted to dirty frames.
        let mut order = Vec::new();
        let mut f = self.all.hot;
        while f != NONE {
            if self.frames[f as usize].rec_lsn != 0 {
                order.push(f);
            }
            f = self.frames[f as usize].next;
        }
        let mut dirty_order = Vec::new();
        let mut f = self.dirty_list.hot;
        while f != NONE {
            dirty_order.push(f);
            f = self.frames[f as usize].dnext;
        }
        if order != dirty_order {
            return Err("the dirty list is not in recency order".into());
        }
        Ok(())
    }
}
