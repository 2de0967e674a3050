//! Model 1's buffer pool (the generator of scenario version 1, kept so old links give the same
//! numbers): a clock weighted by page type whose page cleaners write from the clock hand
//! forward. See the module doc of [`super`] for what model 2 changed and why.

use std::collections::VecDeque;

use crate::model::{Block, Request, WriteHint};

/// Replacement cleaning stops this share of the pool below the threshold.
const CLEAN_BATCH: f64 = 0.01;

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
pub(super) struct ClockPool {
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

impl ClockPool {
    pub(super) fn new(frames: usize, universe: usize, dirty_threshold: f64, recovery_bound: u64) -> Self {
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
    pub(super) fn touch(&mut self, page: Block, weight: u8, update: bool, out: &mut VecDeque<Request>) {
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
