//! CLOCK-Pro (Jiang, Chen & Zhang, "CLOCK-Pro: An Effective Improvement of the CLOCK
//! Replacement", USENIX ATC 2005): the algorithm as its section on CLOCK-Pro's hands and its
//! adaptation of the cold area describe it.
//!
//! LIRS's reuse-distance test on one clock. Every page the clock remembers sits on one circular
//! list: *hot* pages (resident, small reuse distance), *cold* resident pages, and cold
//! *non-resident* pages whose ids are kept until their test period ends. A cold page is "in its
//! test period" from when it is placed at the list head until a hand passes it; a reference
//! within that period means its reuse distance beats the oldest hot page's recency, so it turns
//! hot. A hit only sets the page's reference bit. Three hands sweep the clock in one direction:
//! - HAND_cold looks for a victim: a cold page with its bit clear is evicted (kept as a
//!   non-resident page if in its test period, else forgotten); one with its bit set turns hot if
//!   in its test period (an access during the test), else starts a new test period; either way
//!   its bit is cleared and it moves to the list head.
//! - HAND_hot turns the first hot page with its bit clear into a cold one, clearing the bits of
//!   those it passes, and ends the test period of every cold page it passes (a non-resident one
//!   leaves the clock); it then stops at the next hot page.
//! - HAND_test ends test periods when more than m non-resident pages are remembered: it stops at
//!   the next page in its test period, ends it (forgetting a non-resident page), and moves on.
//!
//! The hot area's size is m − m_c (m the cache size): m_c grows by one when a cold page is
//! accessed in its test period and shrinks by one when a test period ends without one; a
//! promotion runs HAND_hot until hot pages fit in m − m_c again.
//!
//! Open points and our choices:
//! - A real clock: pages stay where they are while hands pass them, and the "list head" is the
//!   spot just behind HAND_hot (the paper: moving HAND_hot forward leaves the pages it passes at
//!   the list head). So "moved to the list head" relinks a page there, and a page HAND_hot
//!   spares or demotes stays put. (Caffeine's port keeps a separate list head instead.)
//! - m_c starts at, and never falls below, round(minColdShare × m) clamped to 1 … m − 1
//!   ([`DEFAULT_MIN_COLD_SHARE`] = 1 %, LIRS's resident HIR share), and never rises above
//!   m − 1; with m = 1 the one page is always cold.
//! - Warm-up, which the paper leaves out: while the cache has a free frame and fewer than
//!   m − m_c hot pages, a page the clock does not know enters hot (as LIRS fills its LIR set).
//! - A fault on a non-resident page first frees a frame with HAND_cold; if the hands ended its
//!   test period meanwhile, it enters as a new cold page. Otherwise it turns hot at the list
//!   head and then HAND_hot runs, so the new hot page is the last one that hand reaches.
//! - The paper bounds non-resident pages by m where it describes HAND_test, and cold pages by
//!   m_c + m where it sums up a page fault; we keep the first: after an eviction HAND_test runs
//!   while more than m are remembered, so the clock holds at most 2m pages.
//! - A cold page in its test period whose bit is set when HAND_hot or HAND_test ends the period
//!   was accessed during it: m_c grows, as for a promotion. Every test period so counts once.
//! - A page HAND_cold spares without its test period (bit set, period over) starts a new one,
//!   as LIRS moves a resident HIR block back to its stack's top.
//! - A demoted hot page is cold and not in a test period, its bit clear.
//! - Should no resident page be cold when a victim is needed (after `remove` or repositioning
//!   took them), HAND_hot demotes one first.
//! - "Eject me next" insertion makes the block a cold page outside any test period under
//!   HAND_cold, bit clear (a non-resident entry of it is dropped, m_c unchanged); repositioning
//!   to "eject me next" does the same to a resident page. Repositioning to "eject me last" sets
//!   the bit and moves the page to the list head, status unchanged.
//! - `evict` runs HAND_cold as a fault would; `remove` forgets a resident page entirely and
//!   leaves non-resident ones alone.
//! - `contents` lists cold pages from HAND_cold, then hot pages from HAND_hot, each in sweep
//!   order — not a strict victim order (set bits are skipped).
//! - Memory: one index slot and one state byte per id, a 12-byte node per page on the clock
//!   (at most 2m).

use super::{End, Policy, Queue, TeachingViews};
use crate::model::Block;
use crate::util::slab::{IdList, NIL};

/// Least share of the cache kept for cold resident pages, and m_c's starting point.
pub const DEFAULT_MIN_COLD_SHARE: f64 = 0.01;

pub fn check_min_cold_share(share: f64) -> Result<(), String> {
    if share.is_finite() && share > 0.0 && share < 1.0 {
        Ok(())
    } else {
        Err(format!("minColdShare must be above 0 and below 1 (got {share})"))
    }
}

// A page's state byte: its kind in the low two bits, then the test-period and reference bits.
const ABSENT: u8 = 0;
const HOT: u8 = 1;
const COLD: u8 = 2;
/// A cold page no longer resident; always in its test period.
const GHOST: u8 = 3;
const KIND: u8 = 0b11;
const TEST: u8 = 0b100;
const REF: u8 = 0b1000;

/// The kind of page a hand or a test sees (tests and teaching views).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Hot { referenced: bool },
    Cold { test: bool, referenced: bool },
    NonResident,
}

#[derive(Clone, Debug)]
pub struct ClockPro {
    m: usize,
    /// The clock, swept front to back and round again from the front.
    ring: IdList,
    /// Per id: kind | TEST | REF, `ABSENT` when off the clock.
    state: Vec<u8>,
    /// Each hand is a page on the clock, `NIL` exactly when the clock is empty.
    hand_hot: u32,
    hand_cold: u32,
    hand_test: u32,
    hot: usize,
    cold: usize,
    ghosts: usize,
    in_test: usize,
    m_c: usize,
    min_cold: usize,
    max_cold: usize,
}

impl ClockPro {
    pub fn new(capacity: usize, universe: usize, min_cold_share: f64) -> Result<Self, String> {
        check_min_cold_share(min_cold_share)?;
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        let max_cold = capacity.saturating_sub(1).max(1);
        let min_cold = ((capacity as f64 * min_cold_share).round() as usize).clamp(1, max_cold);
        Ok(Self {
            m: capacity,
            ring: IdList::with_capacity(universe, 2 * capacity + 1),
            state: vec![ABSENT; universe],
            hand_hot: NIL,
            hand_cold: NIL,
            hand_test: NIL,
            hot: 0,
            cold: 0,
            ghosts: 0,
            in_test: 0,
            m_c: min_cold,
            min_cold,
            max_cold,
        })
    }

    pub fn with_defaults(capacity: usize, universe: usize) -> Self {
        Self::new(capacity, universe, DEFAULT_MIN_COLD_SHARE).expect("the default share is valid")
    }

    /// The adaptive target m_c for cold resident pages.
    pub fn cold_target(&self) -> usize {
        self.m_c
    }

    /// What the clock knows of `block`, if anything.
    pub fn page(&self, block: Block) -> Option<Page> {
        let s = self.st(block);
        let referenced = s & REF != 0;
        match s & KIND {
            HOT => Some(Page::Hot { referenced }),
            COLD => Some(Page::Cold { test: s & TEST != 0, referenced }),
            GHOST => Some(Page::NonResident),
            _ => None,
        }
    }

    /// The clock in sweep order from HAND_hot, with the pages under (HAND_hot, HAND_cold,
    /// HAND_test), for tests and teaching views.
    pub fn clock(&self) -> (Vec<Block>, [Option<Block>; 3]) {
        let hand = |h: u32| (h != NIL).then_some(h);
        (self.sweep_from(self.hand_hot), [hand(self.hand_hot), hand(self.hand_cold), hand(self.hand_test)])
    }

    /// Every page on the clock, in sweep order starting at `start`.
    fn sweep_from(&self, start: u32) -> Vec<Block> {
        let all: Vec<Block> = self.ring.iter().collect();
        let at = all.iter().position(|&b| b == start).unwrap_or(0);
        all[at..].iter().chain(&all[..at]).copied().collect()
    }

    #[inline]
    fn st(&self, b: Block) -> u8 {
        self.state.get(b as usize).copied().unwrap_or(ABSENT)
    }

    /// The page after `b` in sweep order (round from the back to the front).
    #[inline]
    fn succ(&self, b: Block) -> u32 {
        match self.ring.next_of(b) {
            Some(n) => n,
            None => self.ring.front().unwrap_or(NIL),
        }
    }

    /// Gives `b` a new state, keeping the counts.
    fn retag(&mut self, b: Block, new: u8) {
        let i = b as usize;
        if i >= self.state.len() {
            self.state.resize((i + 1).max(self.state.len() * 2), ABSENT);
        }
        let old = self.state[i];
        for (s, sign) in [(old, false), (new, true)] {
            let count = match s & KIND {
                HOT => &mut self.hot,
                COLD => &mut self.cold,
                GHOST => &mut self.ghosts,
                _ => continue,
            };
            if sign {
                *count += 1;
            } else {
                *count -= 1;
            }
            if s & TEST != 0 {
                if sign {
                    self.in_test += 1;
                } else {
                    self.in_test -= 1;
                }
            }
        }
        self.state[i] = new;
    }

    /// Takes `b` off the clock; a hand on it moves on to the next page.
    fn unlink(&mut self, b: Block) {
        let next = if self.ring.len() == 1 { NIL } else { self.succ(b) };
        for hand in [&mut self.hand_hot, &mut self.hand_cold, &mut self.hand_test] {
            if *hand == b {
                *hand = next;
            }
        }
        self.ring.remove(b);
    }

    /// Puts `b`, off the clock, at the list head: just behind HAND_hot, the last page it reaches.
    fn link_at_head(&mut self, b: Block) {
        if self.hand_hot == NIL {
            self.ring.push_back(b);
            (self.hand_hot, self.hand_cold, self.hand_test) = (b, b, b);
        } else {
            self.ring.insert_before(b, self.hand_hot);
        }
    }

    /// Puts `b`, off the clock, under HAND_cold: the first page that hand looks at.
    fn link_under_cold_hand(&mut self, b: Block) {
        if self.hand_cold == NIL {
            self.link_at_head(b);
        } else {
            self.ring.insert_before(b, self.hand_cold);
            self.hand_cold = b;
        }
    }

    /// Relinks a page at the list head with a new state.
    fn relink_at_head(&mut self, b: Block, new: u8) {
        self.unlink(b);
        self.retag(b, new);
        self.link_at_head(b);
    }

    fn cold_grows(&mut self) {
        self.m_c = (self.m_c + 1).min(self.max_cold);
    }

    fn cold_shrinks(&mut self) {
        self.m_c = self.m_c.saturating_sub(1).max(self.min_cold);
    }

    /// Ends the test period of `b` (m_c grows if it was accessed during it, else shrinks);
    /// a non-resident page leaves the clock.
    fn end_test(&mut self, b: Block) {
        let s = self.st(b);
        debug_assert!(s & TEST != 0);
        if s & REF != 0 {
            self.cold_grows();
        } else {
            self.cold_shrinks();
        }
        if s & KIND == GHOST {
            self.unlink(b);
            self.retag(b, ABSENT);
        } else {
            self.retag(b, s & !TEST);
        }
    }

    /// HAND_hot: turns one hot page cold, then stops at the next hot page. There must be
    /// a hot page.
    fn run_hand_hot(&mut self) {
        debug_assert!(self.hot > 0);
        loop {
            let x = self.hand_hot;
            let s = self.st(x);
            if s & KIND == HOT {
                self.hand_hot = self.succ(x);
                if s & REF != 0 {
                    // Re-accessed: spared, bit reset, still hot.
                    self.retag(x, HOT);
                    continue;
                }
                self.retag(x, COLD);
                break;
            }
            self.pass_cold_page_with_hand_hot(x);
        }
        while self.hot > 0 && self.st(self.hand_hot) & KIND != HOT {
            self.pass_cold_page_with_hand_hot(self.hand_hot);
        }
    }

    /// HAND_hot moves past a cold page, ending its test period on behalf of HAND_test.
    fn pass_cold_page_with_hand_hot(&mut self, x: Block) {
        self.hand_hot = self.succ(x);
        if self.st(x) & TEST != 0 {
            self.end_test(x);
        }
    }

    /// HAND_hot runs until the hot pages fit in m − m_c.
    fn fit_hot_area(&mut self) {
        while self.hot > self.m - self.m_c {
            self.run_hand_hot();
        }
    }

    /// HAND_cold: evicts one cold resident page and returns it, then stops at the next
    /// cold resident page. The cache must hold a page.
    fn run_hand_cold(&mut self) -> Block {
        debug_assert!(self.hot + self.cold > 0);
        loop {
            if self.cold == 0 {
                self.run_hand_hot();
            }
            let x = self.hand_cold;
            let s = self.st(x);
            if s & KIND != COLD {
                self.hand_cold = self.succ(x);
                continue;
            }
            if s & REF != 0 {
                if s & TEST != 0 {
                    // Accessed during its test period: a competitively small reuse distance.
                    self.cold_grows();
                    self.relink_at_head(x, HOT);
                    self.fit_hot_area();
                } else {
                    self.relink_at_head(x, COLD | TEST);
                }
                continue;
            }
            if s & TEST != 0 {
                // Stays on the clock as a non-resident page until its test period ends.
                self.hand_cold = self.succ(x);
                self.retag(x, GHOST | TEST);
            } else {
                self.unlink(x);
                self.retag(x, ABSENT);
            }
            while self.cold > 0 && self.st(self.hand_cold) & KIND != COLD {
                self.hand_cold = self.succ(self.hand_cold);
            }
            while self.ghosts > self.m {
                self.run_hand_test();
            }
            return x;
        }
    }

    /// HAND_test: ends the next test period, then stops at the next page in its test
    /// period. Some page must be in its test period.
    fn run_hand_test(&mut self) {
        debug_assert!(self.in_test > 0);
        while self.st(self.hand_test) & TEST == 0 {
            self.hand_test = self.succ(self.hand_test);
        }
        let x = self.hand_test;
        self.hand_test = self.succ(x);
        self.end_test(x);
        while self.in_test > 0 && self.st(self.hand_test) & TEST == 0 {
            self.hand_test = self.succ(self.hand_test);
        }
    }
}

impl Policy for ClockPro {
    fn name(&self) -> &'static str {
        "clock-pro"
    }

    fn capacity(&self) -> usize {
        self.m
    }

    fn len(&self) -> usize {
        self.hot + self.cold
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        matches!(self.st(block) & KIND, HOT | COLD)
    }

    /// A hit sets the reference bit; nothing moves.
    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        match self.state.get_mut(block as usize) {
            Some(s) if matches!(*s & KIND, HOT | COLD) => {
                *s |= REF;
                true
            }
            _ => false,
        }
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, x: Block, end: End, evicted: &mut Vec<Block>) {
        debug_assert!(!self.contains(x), "insert of resident block {x}");
        let full = self.len() >= self.m;
        if full {
            // "We first run HAND_cold for a free space."
            let v = self.run_hand_cold();
            evicted.push(v);
        }
        let s = self.st(x);
        if end == End::EjectNext {
            if s & KIND == GHOST {
                self.unlink(x);
                self.retag(x, ABSENT);
            }
            self.retag(x, COLD);
            self.link_under_cold_hand(x);
        } else if s & KIND == GHOST {
            // A fault on a page in its test period: it turns hot at the list head, and HAND_hot
            // turns a hot page with a large recency cold.
            self.cold_grows();
            self.relink_at_head(x, HOT);
            self.fit_hot_area();
        } else if !full && self.hot < self.m - self.m_c {
            self.retag(x, HOT);
            self.link_at_head(x);
        } else {
            // Not on the clock: its reuse distance is likely above the hot pages' recency. It
            // stays cold, at the list head, and starts its test period.
            self.retag(x, COLD | TEST);
            self.link_at_head(x);
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        let s = self.st(block);
        if !matches!(s & KIND, HOT | COLD) {
            return false;
        }
        match end {
            End::EjectNext => {
                self.unlink(block);
                self.retag(block, COLD);
                self.link_under_cold_hand(block);
            }
            End::EjectLast => self.relink_at_head(block, s | REF),
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        if !self.contains(block) {
            return false;
        }
        self.unlink(block);
        self.retag(block, ABSENT);
        true
    }

    fn evict(&mut self) -> Option<Block> {
        (self.len() > 0).then(|| self.run_hand_cold())
    }

    /// Cold pages from HAND_cold, then hot pages from HAND_hot, in sweep order.
    fn contents(&self, out: &mut Vec<Block>) {
        for (hand, kind) in [(self.hand_cold, COLD), (self.hand_hot, HOT)] {
            out.extend(self.sweep_from(hand).into_iter().filter(|&b| self.st(b) & KIND == kind));
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.ring.validate().map_err(|e| format!("clock: {e}"))?;
        let (mut hot, mut cold, mut ghosts, mut in_test) = (0, 0, 0, 0);
        for b in self.ring.iter() {
            let s = self.st(b);
            match s & KIND {
                HOT if s & TEST != 0 => return Err(format!("hot page {b} in a test period")),
                HOT => hot += 1,
                COLD => cold += 1,
                GHOST if s & TEST == 0 || s & REF != 0 => {
                    return Err(format!("non-resident page {b} out of its test period or referenced ({s:#b})"))
                }
                GHOST => ghosts += 1,
                _ => return Err(format!("page {b} on the clock without a state")),
            }
            in_test += usize::from(s & TEST != 0);
        }
        if (hot, cold, ghosts, in_test) != (self.hot, self.cold, self.ghosts, self.in_test) {
            return Err(format!(
                "counted hot/cold/non-resident/in test {:?}, kept {:?}",
                (hot, cold, ghosts, in_test),
                (self.hot, self.cold, self.ghosts, self.in_test)
            ));
        }
        let stated = self.state.iter().filter(|&&s| s != ABSENT).count();
        if stated != self.ring.len() {
            return Err(format!("{stated} ids have a state but {} are on the clock", self.ring.len()));
        }
        if hot + cold > self.m {
            return Err(format!("{} resident pages in a cache of {}", hot + cold, self.m));
        }
        if ghosts > self.m {
            return Err(format!("{ghosts} non-resident pages remembered, more than m = {}", self.m));
        }
        if !(self.min_cold..=self.max_cold).contains(&self.m_c) {
            return Err(format!("m_c = {} outside {} … {}", self.m_c, self.min_cold, self.max_cold));
        }
        if hot > self.m - self.min_cold {
            return Err(format!("{hot} hot pages, more than m − {} = {}", self.min_cold, self.m - self.min_cold));
        }
        for (name, hand) in [("HAND_hot", self.hand_hot), ("HAND_cold", self.hand_cold), ("HAND_test", self.hand_test)]
        {
            if (hand == NIL) != self.ring.is_empty() || (hand != NIL && !self.ring.contains(hand)) {
                return Err(format!("{name} at {hand} with {} pages on the clock", self.ring.len()));
            }
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

impl TeachingViews for ClockPro {
    /// The cold and hot pages as [`Policy::contents`] lists them, then the non-resident pages
    /// from HAND_test.
    fn queues(&self, out: &mut Vec<Queue>) {
        let pages = |hand: u32, kind: u8| -> Vec<Block> {
            self.sweep_from(hand).into_iter().filter(|&b| self.st(b) & KIND == kind).collect()
        };
        out.push(Queue { name: "cold", ghost: false, blocks: pages(self.hand_cold, COLD) });
        out.push(Queue { name: "hot", ghost: false, blocks: pages(self.hand_hot, HOT) });
        out.push(Queue { name: "non-resident", ghost: true, blocks: pages(self.hand_test, GHOST) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, ghost, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::{Clock, Lirs, Lru};
    use crate::util::rng::Rng;

    /// The clock from HAND_hot: `H` hot, `C` cold, `g` non-resident, `*` in its test period,
    /// `+` reference bit set.
    fn show(p: &ClockPro) -> String {
        let (pages, _) = p.clock();
        let tag = |b: Block| match p.page(b).unwrap() {
            Page::Hot { referenced } => format!("{b}H{}", if referenced { "+" } else { "" }),
            Page::Cold { test, referenced } => {
                format!("{b}C{}{}", if test { "*" } else { "" }, if referenced { "+" } else { "" })
            }
            Page::NonResident => format!("{b}g"),
        };
        pages.into_iter().map(tag).collect::<Vec<_>>().join(" ")
    }

    /// Blocks under (HAND_hot, HAND_cold, HAND_test).
    fn hands(p: &ClockPro) -> [Option<Block>; 3] {
        p.clock().1
    }

    #[test]
    fn hand_worked_sequence() {
        // m = 4, m_c = 1 (1 % of 4, at least one): three hot pages, one cold.
        let mut p = ClockPro::with_defaults(4, 16);
        let mut ev = Vec::new();
        for b in [1, 2, 3] {
            p.access(b, &mut ev); // warm-up: hot while fewer than m − m_c = 3 are
        }
        p.access(4, &mut ev); // the hot area is full: cold, in its test period
        assert_eq!(show(&p), "1H 2H 3H 4C*");
        p.access(1, &mut ev); // hit: the bit only
        assert_eq!((show(&p).as_str(), ev.len()), ("1H+ 2H 3H 4C*", 0));
        // 5: HAND_cold passes the hot pages to 4 (bit clear, in test): evicted, kept as
        // non-resident. 5 enters cold at the list head, just behind HAND_hot.
        p.access(5, &mut ev);
        assert_eq!((show(&p).as_str(), ev.as_slice()), ("1H+ 2H 3H 4g 5C*", &[4][..]));
        // 4 again, in its test period. HAND_cold evicts 5 (non-resident too); 4 turns hot at
        // the head and m_c = 2, so hot pages must fit in 2: HAND_hot spares 1 (bit reset),
        // demotes 2, stops at 3; demotes 3, then passes 5, whose test period ends unused
        // (m_c back to 1, 5 forgotten), and stops at 4.
        p.access(4, &mut ev);
        assert_eq!((show(&p).as_str(), ev.as_slice()), ("4H 1H 2C 3C", &[4, 5][..]));
        assert_eq!((p.cold_target(), hands(&p)), (1, [Some(4), Some(1), Some(1)]));
        // 6: HAND_cold passes 1 (hot) to 2: cold, not in test, bit clear: evicted and forgotten.
        // The hand stops at the next cold page, 3.
        p.access(6, &mut ev);
        assert_eq!((show(&p).as_str(), ev.as_slice()), ("4H 1H 3C 6C*", &[4, 5, 2][..]));
        assert_eq!(hands(&p)[1], Some(3));
        p.access(6, &mut ev); // hit during its test period
        p.access(7, &mut ev); // 3 evicted; HAND_cold stops at 6
        assert_eq!((show(&p).as_str(), ev.as_slice()), ("4H 1H 6C*+ 7C*", &[4, 5, 2, 3][..]));
        assert_eq!(hands(&p)[1], Some(6));
        // 8: HAND_cold finds 6 accessed in its test period: hot at the head, m_c = 2; HAND_hot
        // demotes 4 and stops at 1. HAND_cold goes on to 7: evicted, non-resident, and stops at
        // the next cold page, 4. 8 enters at the head.
        p.access(8, &mut ev);
        assert_eq!((show(&p).as_str(), ev.as_slice()), ("1H 7g 6H 4C 8C*", &[4, 5, 2, 3, 7][..]));
        assert_eq!((p.cold_target(), hands(&p)), (2, [Some(1), Some(4), Some(1)]));
        p.check_invariants().unwrap();
        assert_eq!(
            queues_checked(&p),
            [resident("cold", &[4, 8]), resident("hot", &[1, 6]), ghost("non-resident", &[7])]
        );
    }

    /// CLOCK-Pro as the paper tells it, on a `Vec` clock: pages in sweep order, hands as indices,
    /// every count by scanning.
    struct NaiveClockPro {
        m: usize,
        m_c: usize,
        min_c: usize,
        max_c: usize,
        clock: Vec<Entry>,
        /// HAND_hot, HAND_cold, HAND_test (meaningless while the clock is empty).
        hands: [usize; 3],
    }

    #[derive(Clone, Copy, PartialEq, Debug)]
    enum K {
        Hot,
        Cold,
        Gone,
    }

    #[derive(Clone, Copy, Debug)]
    struct Entry {
        b: Block,
        k: K,
        test: bool,
        r: bool,
    }

    const HH: usize = 0;
    const HC: usize = 1;
    const HT: usize = 2;

    impl NaiveClockPro {
        fn new(m: usize, share: f64) -> Self {
            let max_c = (m - 1).max(1);
            let min_c = ((m as f64 * share).round() as usize).clamp(1, max_c);
            Self { m, m_c: min_c, min_c, max_c, clock: vec![], hands: [0; 3] }
        }
        fn count(&self, f: impl Fn(&Entry) -> bool) -> usize {
            self.clock.iter().filter(|e| f(e)).count()
        }
        fn hot(&self) -> usize {
            self.count(|e| e.k == K::Hot)
        }
        fn cold(&self) -> usize {
            self.count(|e| e.k == K::Cold)
        }
        fn resident(&self) -> usize {
            self.hot() + self.cold()
        }
        fn at(&self, b: Block) -> Option<usize> {
            self.clock.iter().position(|e| e.b == b)
        }
        fn next(&self, i: usize) -> usize {
            (i + 1) % self.clock.len()
        }
        fn take(&mut self, i: usize) -> Entry {
            let e = self.clock.remove(i);
            let n = self.clock.len();
            for h in &mut self.hands {
                if *h > i {
                    *h -= 1;
                }
                if *h >= n {
                    *h = 0;
                }
            }
            e
        }
        /// Inserts before index `i`; hands keep their pages.
        fn put(&mut self, i: usize, e: Entry) {
            if self.clock.is_empty() {
                self.clock.push(e);
                self.hands = [0; 3];
                return;
            }
            self.clock.insert(i, e);
            for h in &mut self.hands {
                if *h >= i {
                    *h += 1;
                }
            }
        }
        fn at_head(&mut self, e: Entry) {
            self.put(self.hands[HH], e);
        }
        fn under_cold_hand(&mut self, e: Entry) {
            let i = self.hands[HC];
            self.put(i, e);
            self.hands[HC] = i;
        }
        fn end_test(&mut self, i: usize) {
            let e = self.clock[i];
            self.m_c = if e.r { (self.m_c + 1).min(self.max_c) } else { (self.m_c - 1).max(self.min_c) };
            if e.k == K::Gone {
                self.take(i);
            } else {
                self.clock[i].test = false;
            }
        }
        fn hand_hot(&mut self) {
            loop {
                let i = self.hands[HH];
                let e = self.clock[i];
                self.hands[HH] = self.next(i);
                if e.k == K::Hot && e.r {
                    self.clock[i].r = false;
                } else if e.k == K::Hot {
                    self.clock[i].k = K::Cold;
                    break;
                } else if e.test {
                    self.end_test(i);
                }
            }
            while self.hot() > 0 && self.clock[self.hands[HH]].k != K::Hot {
                let i = self.hands[HH];
                self.hands[HH] = self.next(i);
                if self.clock[i].test {
                    self.end_test(i);
                }
            }
        }
        fn fit_hot(&mut self) {
            while self.hot() > self.m - self.m_c {
                self.hand_hot();
            }
        }
        fn hand_test(&mut self) {
            while !self.clock[self.hands[HT]].test {
                self.hands[HT] = self.next(self.hands[HT]);
            }
            let i = self.hands[HT];
            self.hands[HT] = self.next(i);
            self.end_test(i);
            while self.count(|e| e.test) > 0 && !self.clock[self.hands[HT]].test {
                self.hands[HT] = self.next(self.hands[HT]);
            }
        }
        fn hand_cold(&mut self) -> Block {
            loop {
                if self.cold() == 0 {
                    self.hand_hot();
                }
                let i = self.hands[HC];
                let e = self.clock[i];
                if e.k != K::Cold {
                    self.hands[HC] = self.next(i);
                    continue;
                }
                if e.r {
                    self.take(i);
                    if e.test {
                        self.m_c = (self.m_c + 1).min(self.max_c);
                        self.at_head(Entry { b: e.b, k: K::Hot, test: false, r: false });
                        self.fit_hot();
                    } else {
                        self.at_head(Entry { b: e.b, k: K::Cold, test: true, r: false });
                    }
                    continue;
                }
                if e.test {
                    self.clock[i].k = K::Gone;
                    self.hands[HC] = self.next(i);
                } else {
                    self.take(i);
                }
                while self.cold() > 0 && self.clock[self.hands[HC]].k != K::Cold {
                    self.hands[HC] = self.next(self.hands[HC]);
                }
                while self.count(|e| e.k == K::Gone) > self.m {
                    self.hand_test();
                }
                return e.b;
            }
        }
        fn fault(&mut self, b: Block, next: bool, ev: &mut Vec<Block>) {
            let full = self.resident() >= self.m;
            if full {
                let v = self.hand_cold();
                ev.push(v);
            }
            let gone = self.at(b);
            if next {
                if let Some(i) = gone {
                    self.take(i);
                }
                self.under_cold_hand(Entry { b, k: K::Cold, test: false, r: false });
            } else if let Some(i) = gone {
                self.m_c = (self.m_c + 1).min(self.max_c);
                self.take(i);
                self.at_head(Entry { b, k: K::Hot, test: false, r: false });
                self.fit_hot();
            } else if !full && self.hot() < self.m - self.m_c {
                self.at_head(Entry { b, k: K::Hot, test: false, r: false });
            } else {
                self.at_head(Entry { b, k: K::Cold, test: true, r: false });
            }
        }
        fn resident_at(&self, b: Block) -> Option<usize> {
            self.at(b).filter(|&i| self.clock[i].k != K::Gone)
        }
        fn sweep(&self, from: usize, k: K) -> Vec<Block> {
            let n = self.clock.len();
            (0..n).map(|j| self.clock[(from + j) % n]).filter(|e| e.k == k).map(|e| e.b).collect()
        }
    }

    impl Reference for NaiveClockPro {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if let Some(i) = self.resident_at(b) {
                self.clock[i].r = true;
                return true;
            }
            self.fault(b, false, ev);
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            self.resident_at(b).map(|i| self.take(i)).is_some()
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            let Some(i) = self.resident_at(b) else { return Some(false) };
            let e = self.take(i);
            match end {
                End::EjectNext => self.under_cold_hand(Entry { b, k: K::Cold, test: false, r: false }),
                End::EjectLast => self.at_head(Entry { r: true, ..e }),
            }
            Some(true)
        }
        fn evict(&mut self) -> Option<Option<Block>> {
            Some((self.resident() > 0).then(|| self.hand_cold()))
        }
        fn insert_next(&mut self, b: Block, ev: &mut Vec<Block>) -> Option<()> {
            self.fault(b, true, ev);
            Some(())
        }
        fn contents(&self) -> Vec<Block> {
            if self.clock.is_empty() {
                return vec![];
            }
            let mut out = self.sweep(self.hands[HC], K::Cold);
            out.extend(self.sweep(self.hands[HH], K::Hot));
            out
        }
        fn capacity(&self) -> usize {
            self.m
        }
    }

    #[test]
    fn agrees_with_a_naive_clock() {
        for (c, share, seed) in
            [(1, 0.01, 31), (2, 0.01, 32), (5, 0.01, 33), (17, 0.01, 34), (64, 0.01, 35), (17, 0.3, 36), (64, 0.5, 37)]
        {
            agrees_with(Box::new(ClockPro::new(c, 4, share).unwrap()), NaiveClockPro::new(c, share), seed);
        }
    }

    /// Random operations of every kind, at several sizes and cold shares, with the invariants
    /// walked after each step — and the hands and m_c compared with the naive clock's.
    #[test]
    fn random_operations_keep_the_invariants_and_the_hands() {
        let mut rng = Rng::seeded(38);
        for (m, share) in [(1, 0.01), (3, 0.5), (8, 0.01), (8, 0.9), (40, 0.1)] {
            let mut p = ClockPro::new(m, 8, share).unwrap();
            let mut naive = NaiveClockPro::new(m, share);
            let (mut ev, mut ev_n) = (Vec::new(), Vec::new());
            for step in 0..20_000 {
                let b = rng.below(3 * m as u64 + 4) as Block;
                ev.clear();
                ev_n.clear();
                match rng.below(12) {
                    0 => assert_eq!(p.evict(), naive.evict().unwrap(), "step {step}"),
                    1 => assert_eq!(p.remove(b), naive.remove(b), "step {step}"),
                    2 => assert_eq!(Some(p.reposition(b, End::EjectNext)), naive.reposition(b, End::EjectNext)),
                    3 => assert_eq!(Some(p.reposition(b, End::EjectLast)), naive.reposition(b, End::EjectLast)),
                    4 if !p.contains(b) => {
                        p.insert(b, End::EjectNext, &mut ev);
                        naive.insert_next(b, &mut ev_n);
                    }
                    _ => assert_eq!(p.access(b, &mut ev), naive.access(b, &mut ev_n), "step {step}"),
                }
                assert_eq!(ev, ev_n, "m = {m}, step {step}");
                p.check_invariants().unwrap_or_else(|e| panic!("m = {m}, step {step}: {e}"));
                let (pages, hands) = p.clock();
                let n = &naive.clock;
                let want: Vec<Block> = (0..n.len()).map(|j| n[(naive.hands[HH] + j) % n.len()].b).collect();
                assert_eq!(pages, want, "m = {m}, step {step}: clock from HAND_hot");
                let want_hands = if n.is_empty() { [None; 3] } else { naive.hands.map(|h| Some(n[h].b)) };
                assert_eq!((hands, p.cold_target()), (want_hands, naive.m_c), "m = {m}, step {step}");
            }
        }
    }

    fn misses(p: &mut dyn Policy, refs: &[Block]) -> usize {
        let mut ev = Vec::new();
        refs.iter().filter(|&&b| !p.access(b, &mut ev)).count()
    }

    fn zipf(n: u64, alpha: f64, len: usize, seed: u64) -> Vec<Block> {
        let table = crate::workload::zipf::ZipfTable::new(n, alpha);
        let mut rng = Rng::seeded(seed);
        (0..len).map(|_| table.sample(&mut rng)).collect()
    }

    /// Exact misses on a fixed trace, pinned: any change to the algorithm shows here. The naive
    /// clock above agrees with every step that produces them.
    #[test]
    fn golden_miss_counts() {
        let refs = skewed_with_scans(1000, 50_000, 43);
        let got: Vec<(usize, usize)> = [1, 10, 50, 100, 250, 500]
            .into_iter()
            .map(|c| (c, misses(&mut ClockPro::with_defaults(c, 2000), &refs)))
            .collect();
        assert_eq!(got, [(1, 49958), (10, 49496), (50, 47383), (100, 44848), (250, 39616), (500, 39518)]);
    }

    /// A loop 20 % larger than the cache: LRU and CLOCK miss every time; CLOCK-Pro, like LIRS,
    /// keeps m − m_c blocks hot and misses exactly as often as LIRS.
    #[test]
    fn beats_lru_and_clock_on_a_loop_larger_than_the_cache() {
        for c in [50, 200, 1000] {
            let n = c * 6 / 5;
            let refs: Vec<Block> = (0..100 * n).map(|i| (i % n) as Block).collect();
            let u = 2 * n;
            let (cp, lirs) =
                (misses(&mut ClockPro::with_defaults(c, u), &refs), misses(&mut Lirs::with_defaults(c, u), &refs));
            assert_eq!(
                (misses(&mut Lru::new(c, u), &refs), misses(&mut Clock::new(c, u), &refs)),
                (refs.len(), refs.len())
            );
            assert_eq!(cp, lirs, "c = {c}");
            assert!((cp as f64) < 0.25 * refs.len() as f64, "c = {c}: {cp} misses of {}", refs.len());
        }
    }

    /// CLOCK-Pro approximates LIRS, its paper's aim: within 8 % of its misses on skewed, Zipf and mixed
    /// streams, and below LRU and CLOCK on each.
    #[test]
    fn tracks_lirs_and_beats_lru_and_clock() {
        let traces = [
            ("skewed with scans", skewed_with_scans(2000, 100_000, 40)),
            ("Zipf 0.9", zipf(5000, 0.9, 100_000, 41)),
            ("scan/loop/random mix", crate::bench::mix_trace(100_000, 5000, 42)),
        ];
        for (name, refs) in &traces {
            for c in [50, 200, 1000] {
                let u = 20_000;
                let cp = misses(&mut ClockPro::with_defaults(c, u), refs);
                let lirs = misses(&mut Lirs::with_defaults(c, u), refs);
                let (lru, clock) = (misses(&mut Lru::new(c, u), refs), misses(&mut Clock::new(c, u), refs));
                assert!((cp as f64 - lirs as f64).abs() <= 0.08 * lirs as f64, "{name}, c = {c}: {cp} vs LIRS {lirs}");
                assert!(cp < lru.min(clock), "{name}, c = {c}: {cp} vs LRU {lru}, CLOCK {clock}");
            }
        }
    }

    #[test]
    fn a_bad_share_is_an_error_naming_it() {
        for share in [0.0, 1.0, -0.5, f64::NAN] {
            let e = ClockPro::new(10, 10, share).err().unwrap();
            assert!(e.starts_with("minColdShare must be above 0 and below 1"), "{e}");
        }
        let e = crate::policy::PolicyConfig::ClockPro { min_cold_share: 1.5 }.validate(10).unwrap_err();
        assert_eq!(e, "minColdShare must be above 0 and below 1 (got 1.5)");
        // m_c's floor: 1 % of the cache rounded, at least one block, below the whole cache.
        assert_eq!(ClockPro::with_defaults(1000, 10).cold_target(), 10);
        assert_eq!(ClockPro::with_defaults(20, 10).cold_target(), 1);
        assert_eq!(ClockPro::new(20, 10, 0.99).unwrap().cold_target(), 19);
    }
}
