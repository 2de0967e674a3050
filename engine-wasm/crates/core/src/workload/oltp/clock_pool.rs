//! The DBMS buffer pool (paper 004 §2): DB2's clock, weighted by page type, with its three
//! page-cleaner triggers. Both models share it; they differ in how a reference sets a page's
//! clock count ([`Counting`]) and in whether a page an append starts is read first.
//!
//! - **Replacement**: the hand sweeps the frames; a frame whose count is above zero loses one,
//!   a frame at zero is the victim. A reference raises the count by the page type's weight
//!   (index pages 3, data pages 1: DB2 favours index pages). A miss is a READ.
//! - **Dirty page steal** (SYNCH): the victim is dirty, so the agent writes it before reusing
//!   the frame; the steal wakes the cleaners, which write a batch ahead of the hand.
//! - **Changed-pages threshold** (`chngpgs_thresh`, REPLACE): when more than the threshold of
//!   the pool is dirty, the cleaners write dirty pages ahead of the hand — the hand's next
//!   victims, at count zero, resuming where they last stopped; when a whole lap ahead holds no
//!   more of those, the dirty pages nearest the hand — until the dirty share is a batch
//!   ([`CLEAN_BATCH`] of the pool) below the threshold.
//! - **LSN gap** (`softmax`, RECOV): when the oldest unwritten change is more than the recovery
//!   bound behind the head of the log (one record per change), the cleaners write the oldest
//!   changed pages until it is not.
//!
//! A write cleans a page where it lies: it keeps its frame and its count (§2: "flushing a
//! dirty block does not by itself remove that block from the buffer pool").

use std::collections::VecDeque;

use crate::model::{Block, Request, WriteHint};

/// A cleaner burst writes this share of the pool.
const CLEAN_BATCH: f64 = 0.01;

/// How a reference sets the count of the page's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Counting {
    /// Model 1: at least the page type's weight — recency only: every page, however often
    /// used, survives the same number of sweeps after its last reference.
    Set,
    /// Model 2: the page type's weight added, up to `cap` times it — DB2 weighs "the
    /// probability that the page will be referenced again": a page referenced again while
    /// resident survives more sweeps than one used once (generalised clock, GCLOCK).
    Accumulate { cap: u8 },
}

const NO_FRAME: u32 = u32::MAX;

/// A buffer pool frame: its page, clock count and recovery LSN (0 = clean). One cache line
/// holds four, so a touch costs one miss for the frame.
#[derive(Clone, Copy, Default)]
struct Frame {
    rec_lsn: u64,
    page: Block,
    weight: u8,
}

/// The DBMS buffer pool: a weighted clock with dirty pages and recovery LSNs.
pub(super) struct ClockPool {
    frames: Vec<Frame>,
    frame_of: Vec<u32>,
    used: usize,
    counting: Counting,
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

impl ClockPool {
    pub(super) fn new(
        frames: usize,
        universe: usize,
        dirty_threshold: f64,
        recovery_bound: u64,
        counting: Counting,
    ) -> Self {
        let high_water = ((frames as f64 * dirty_threshold) as usize).min(frames);
        let batch = ((frames as f64 * CLEAN_BATCH).ceil() as usize).max(1);
        let low_water = high_water.saturating_sub(batch);
        Self {
            frames: vec![Frame::default(); frames],
            frame_of: vec![NO_FRAME; universe],
            used: 0,
            counting,
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

    /// A touch of `page` (an update when `update`) with clock weight `weight`. A `fresh`
    /// page is one an append starts: the DBMS formats it in the pool, it reads nothing.
    pub(super) fn touch(&mut self, page: Block, weight: u8, update: bool, fresh: bool, out: &mut VecDeque<Request>) {
        let mut f = self.frame_of[page as usize];
        if f == NO_FRAME {
            if !fresh {
                out.push_back(Request::read(page));
            }
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
        let count = &mut self.frames[f].weight;
        *count = match self.counting {
            Counting::Set => (*count).max(weight),
            Counting::Accumulate { cap } => count.saturating_add(weight).min(cap.saturating_mul(weight)),
        };
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
