//! S3-FIFO (Yang, Zhang, Qiu, Yue & Vinayak, "FIFO queues are all you need for cache eviction",
//! SOSP 2023): three FIFO queues — a small queue S (10 % of the cache) that filters one-hit
//! wonders, a main queue M (the rest) run as a 2-bit CLOCK, and a ghost queue G of ids only,
//! as long as M's share, that remembers what S let go.
//!
//! - A hit only bumps the block's 2-bit counter (saturating at 3); no queue moves.
//! - A missing block goes into M if G remembers it, else into S, with counter 0.
//! - Eviction, when S holds at least its share (or M is empty): S's oldest block moves to M
//!   (counter cleared) if it was hit more than once while in S, else leaves for G. Otherwise
//!   from M: its oldest block is reinserted with its counter decremented while the counter is
//!   non-zero, else evicted.
//!
//! Open points and our choices:
//! - Promotion from S takes a counter above 1, i.e. at least [`MOVE_TO_MAIN_THRESHOLD`] = 2
//!   hits while in S: the paper's Algorithm 1 (`if t.freq > 1 then insert t to M`), and the
//!   default of the authors' simulator (libCacheSim's `move-to-main-threshold=2`, compared with
//!   `>=`, in the SOSP artifact and today). Several re-implementations promote after one hit;
//!   that is the constant set to 1.
//! - The paper's `evictS` calls `evictM` when promoting into a full M, so one insertion may
//!   evict twice. We never cascade: a promotion only moves a block, each eviction call frees
//!   exactly one slot, and an M over its share is trimmed by the next eviction (which then
//!   comes from M, as S is below its share). `evict()` (DEMOTE) can thus always name its victim.
//! - "Eject me next" insertion puts the block at S's (or, for a ghost hit, M's) eviction end
//!   with counter 0; repositioning to "eject me next" moves it to its queue's eviction end with
//!   counter 0; repositioning to "eject me last" moves it to M's insertion end, counter kept.
//! - `remove` forgets a block without a ghost entry.
//! - `contents` lists S oldest first, then M oldest first (CLOCK order, not a strict victim
//!   order: reinsertion depends on the counters).

use super::{End, Policy, Queue, TeachingViews};
use crate::model::Block;
use crate::util::list_set::ListSet;

/// Share of the cache given to the small queue S.
pub const DEFAULT_SMALL_SHARE: f64 = 0.10;
/// Hits needed in S to be promoted to M (the paper's `freq > 1`).
pub const MOVE_TO_MAIN_THRESHOLD: u8 = 2;
/// The access counter saturates here (two bits).
const MAX_FREQ: u8 = 3;

/// What tells S3-FIFO from its HotOS predecessor QD-LP-FIFO (see `qdlp.rs`): the counter's
/// ceiling, the hits in S that earn M, and the names the paper gives the policy and its queues.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Variant {
    pub name: &'static str,
    pub max_freq: u8,
    pub promote_at: u8,
    pub queue_names: [&'static str; 3],
}

const S3_FIFO: Variant =
    Variant { name: "s3-fifo", max_freq: MAX_FREQ, promote_at: MOVE_TO_MAIN_THRESHOLD, queue_names: ["S", "M", "G"] };

const S: usize = 0;
const M: usize = 1;
const G: usize = 2;

#[derive(Clone, Debug)]
pub struct S3Fifo {
    variant: &'static Variant,
    c: usize,
    small_cap: usize,
    ghost_cap: usize,
    /// S, M and G sharing one index; each resident block's counter sits in the index's spare bits.
    lists: ListSet<3>,
}

pub fn check_small_share(share: f64) -> Result<(), String> {
    if share.is_finite() && share > 0.0 && share < 1.0 {
        Ok(())
    } else {
        Err(format!("smallShare must be above 0 and below 1 (got {share})"))
    }
}

impl S3Fifo {
    pub fn new(capacity: usize, universe: usize, small_share: f64) -> Result<Self, String> {
        check_small_share(small_share)?;
        Self::with_variant(capacity, universe, small_share, &S3_FIFO)
    }

    /// `variant`'s queues, S taking `small_share` of the cache (already checked by the caller).
    pub(crate) fn with_variant(
        capacity: usize,
        universe: usize,
        small_share: f64,
        variant: &'static Variant,
    ) -> Result<Self, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        let small_cap = ((capacity as f64 * small_share).round() as usize).max(1);
        let ghost_cap = capacity.saturating_sub(small_cap).max(1);
        Ok(Self {
            variant,
            c: capacity,
            small_cap,
            ghost_cap,
            lists: ListSet::with_capacity(universe, capacity + ghost_cap + 1),
        })
    }

    pub fn with_defaults(capacity: usize, universe: usize) -> Self {
        Self::new(capacity, universe, DEFAULT_SMALL_SHARE).expect("default share is valid")
    }

    /// (S, M, G) oldest first, for tests and teaching views.
    pub fn queues(&self) -> (Vec<Block>, Vec<Block>, Vec<Block>) {
        (self.lists.iter(S).collect(), self.lists.iter(M).collect(), self.lists.iter(G).collect())
    }

    /// The access counter of a resident block.
    pub fn frequency(&self, block: Block) -> Option<u8> {
        self.contains(block).then(|| self.lists.aux(block))
    }

    fn remember(&mut self, block: Block) {
        self.lists.push_back(G, block);
        if self.lists.len(G) > self.ghost_cap {
            self.lists.pop_front(G);
        }
    }

    fn evict_main(&mut self) -> Option<Block> {
        while let Some(t) = self.lists.front(M) {
            let f = self.lists.aux(t);
            if f > 0 {
                self.lists.move_to_back(M, t);
                self.lists.set_aux(t, f - 1);
            } else {
                self.lists.remove(t);
                return Some(t);
            }
        }
        None
    }

    fn evict_small(&mut self) -> Option<Block> {
        while let Some(t) = self.lists.front(S) {
            if self.lists.aux(t) >= self.variant.promote_at {
                self.lists.move_to_back(M, t);
                self.lists.set_aux(t, 0);
            } else {
                self.lists.remove(t);
                self.remember(t);
                return Some(t);
            }
        }
        // Everything in S was promoted.
        self.evict_main()
    }

    /// Frees exactly one slot (if anything is resident) and returns the victim.
    fn evict_one(&mut self) -> Option<Block> {
        if self.lists.len(S) >= self.small_cap || self.lists.is_empty(M) {
            self.evict_small()
        } else {
            self.evict_main()
        }
    }
}

impl Policy for S3Fifo {
    fn name(&self) -> &'static str {
        self.variant.name
    }

    fn capacity(&self) -> usize {
        self.c
    }

    fn len(&self) -> usize {
        self.lists.len(S) + self.lists.len(M)
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        matches!(self.lists.list_of(block), Some(S | M))
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        if self.contains(block) {
            let f = self.lists.aux(block);
            if f < self.variant.max_freq {
                self.lists.set_aux(block, f + 1);
            }
            true
        } else {
            false
        }
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        while self.len() >= self.c {
            match self.evict_one() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        let queue = if self.lists.remove_from(G, block) { M } else { S };
        match end {
            End::EjectNext => self.lists.push_front(queue, block),
            End::EjectLast => self.lists.push_back(queue, block),
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        let Some(queue) = self.lists.list_of(block).filter(|&q| q != G) else { return false };
        match end {
            End::EjectNext => {
                self.lists.move_to_front(queue, block);
                self.lists.set_aux(block, 0);
            }
            End::EjectLast => self.lists.move_to_back(M, block),
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        self.lists.remove_from(S, block) || self.lists.remove_from(M, block)
    }

    fn evict(&mut self) -> Option<Block> {
        self.evict_one()
    }

    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(S));
        out.extend(self.lists.iter(M));
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.lists.validate().map_err(|e| format!("S/M/G (lists 0-2): {e}"))?;
        if self.len() > self.c {
            return Err(format!("{} blocks in a cache of {}", self.len(), self.c));
        }
        if self.lists.len(G) > self.ghost_cap {
            return Err(format!("G holds {} > {}", self.lists.len(G), self.ghost_cap));
        }
        if let Some(b) = self.lists.iter(G).find(|&b| self.lists.aux(b) != 0) {
            return Err(format!("ghost {b} carries a counter"));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

impl TeachingViews for S3Fifo {
    /// S and M, then the ghost G (the paper's names), each oldest first: the next to leave (in
    /// M, unless its counter earns it another round).
    fn queues(&self, out: &mut Vec<Queue>) {
        let [s, m, g] = self.variant.queue_names;
        for (name, list, ghost) in [(s, S, false), (m, M, false), (g, G, true)] {
            out.push(Queue { name, ghost, blocks: self.lists.iter(list).collect() });
        }
    }

    /// Each resident block's access counter (0 to 3): at S's head a block with a count above 0
    /// moves to M; at M's head one with a count above 0 goes round again, one lower.
    fn marks(&self, blocks: &[Block], out: &mut Vec<u32>) -> Option<&'static str> {
        out.extend(blocks.iter().map(|&b| self.frequency(b).map_or(0, u32::from)));
        Some("freq")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, ghost, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::Lru;

    /// S3-FIFO on `Vec`s, written from the description above: index 0 = oldest.
    struct NaiveS3 {
        c: usize,
        small: usize,
        ghost: usize,
        s: Vec<(Block, u8)>,
        m: Vec<(Block, u8)>,
        g: Vec<Block>,
    }

    impl NaiveS3 {
        fn new(c: usize) -> Self {
            let small = ((c as f64 * 0.1).round() as usize).max(1);
            Self { c, small, ghost: c.saturating_sub(small).max(1), s: vec![], m: vec![], g: vec![] }
        }

        fn evict_m(&mut self) -> Option<Block> {
            while !self.m.is_empty() {
                let (t, f) = self.m.remove(0);
                if f > 0 {
                    self.m.push((t, f - 1));
                } else {
                    return Some(t);
                }
            }
            None
        }

        fn evict_one(&mut self) -> Option<Block> {
            if self.s.len() >= self.small || self.m.is_empty() {
                while !self.s.is_empty() {
                    let (t, f) = self.s.remove(0);
                    if f > 1 {
                        self.m.push((t, 0));
                    } else {
                        self.g.push(t);
                        if self.g.len() > self.ghost {
                            self.g.remove(0);
                        }
                        return Some(t);
                    }
                }
            }
            self.evict_m()
        }
    }

    impl Reference for NaiveS3 {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if let Some(e) = self.s.iter_mut().chain(self.m.iter_mut()).find(|e| e.0 == b) {
                e.1 = (e.1 + 1).min(3);
                return true;
            }
            while self.s.len() + self.m.len() >= self.c {
                match self.evict_one() {
                    Some(v) => ev.push(v),
                    None => break,
                }
            }
            if let Some(i) = self.g.iter().position(|&x| x == b) {
                self.g.remove(i);
                self.m.push((b, 0));
            } else {
                self.s.push((b, 0));
            }
            false
        }

        fn remove(&mut self, b: Block) -> bool {
            let before = self.s.len() + self.m.len();
            self.s.retain(|e| e.0 != b);
            self.m.retain(|e| e.0 != b);
            before != self.s.len() + self.m.len()
        }

        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            let in_s = self.s.iter().position(|e| e.0 == b);
            let in_m = self.m.iter().position(|e| e.0 == b);
            Some(match (in_s, in_m, end) {
                (Some(i), _, End::EjectNext) => {
                    self.s.remove(i);
                    self.s.insert(0, (b, 0));
                    true
                }
                (_, Some(i), End::EjectNext) => {
                    self.m.remove(i);
                    self.m.insert(0, (b, 0));
                    true
                }
                (Some(i), _, End::EjectLast) => {
                    let e = self.s.remove(i);
                    self.m.push(e);
                    true
                }
                (_, Some(i), End::EjectLast) => {
                    let e = self.m.remove(i);
                    self.m.push(e);
                    true
                }
                _ => false,
            })
        }

        fn contents(&self) -> Vec<Block> {
            self.s.iter().chain(&self.m).map(|e| e.0).collect()
        }

        fn capacity(&self) -> usize {
            self.c
        }
    }

    #[test]
    fn hand_worked_filter_promotion_and_ghost() {
        // c = 10: S holds 1 block, M 9, G remembers up to 9 ids.
        let mut p = S3Fifo::with_defaults(10, 32);
        let mut ev = Vec::new();
        for b in 0..10 {
            assert!(!p.access(b, &mut ev)); // first fill: S over its share evicts nothing yet
        }
        assert!(ev.is_empty());
        assert_eq!(p.queues(), ((0..10).collect(), vec![], vec![]));
        assert!(p.access(3, &mut ev) && p.access(3, &mut ev)); // 3's counter → 2
        assert!(p.access(4, &mut ev)); // 4's counter → 1
        assert_eq!((p.frequency(3), p.frequency(4)), (Some(2), Some(1)));
        // 10 misses: S holds 10 ≥ 1, so S's oldest leaves: 0 (never hit) → G.
        p.access(10, &mut ev);
        assert_eq!(ev, [0]);
        assert_eq!(p.queues(), ((1..11).collect(), vec![], vec![0]));
        // 11: 1 → G; 12: 2 → G; 13: 3 was hit twice (freq 2 > 1), so it moves to M (counter
        // cleared), then 4 → G: one hit is not enough (freq 1, not > 1).
        for b in 11..14 {
            p.access(b, &mut ev);
        }
        assert_eq!(ev, [0, 1, 2, 4]);
        assert_eq!(p.queues(), ((5..14).collect(), vec![3], vec![0, 1, 2, 4]));
        assert_eq!(p.frequency(3), Some(0));
        // 0 again: G remembers it, so it goes straight to M (after 5 leaves S for G).
        assert!(!p.access(0, &mut ev));
        assert_eq!(ev, [0, 1, 2, 4, 5]);
        assert_eq!(p.queues(), ((6..14).collect(), vec![3, 0], vec![1, 2, 4, 5]));
        p.check_invariants().unwrap();
    }

    #[test]
    fn main_queue_reinserts_while_the_counter_lasts() {
        // c = 3 (S 1 block, M 2): fill M with two hit blocks, then let S drain into M.
        let mut p = S3Fifo::with_defaults(3, 16);
        let mut ev = Vec::new();
        for b in [0, 0, 0, 1, 1, 1, 2] {
            p.access(b, &mut ev);
        }
        // 3: S = [0, 1, 2] ≥ 1 → 0 and 1 (hit twice) move to M; 2 → G.
        p.access(3, &mut ev);
        assert_eq!(ev, [2]);
        assert_eq!(p.queues(), (vec![3], vec![0, 1], vec![2]));
        p.access(0, &mut ev); // 0's counter 1
                              // 4: S holds 1 ≥ 1 → 3 → G. 5: S = [4] → 4 → G.
        p.access(4, &mut ev);
        p.access(5, &mut ev);
        assert_eq!(ev, [2, 3, 4]);
        // M is full-ish; force M evictions through `evict`, with S below its share: S = [5].
        p.remove(5);
        assert_eq!(p.evict(), Some(1), "0 is reinserted with its counter decremented; 1 goes");
        assert_eq!(p.queues().1, vec![0]);
        assert_eq!(p.frequency(0), Some(0));
        p.check_invariants().unwrap();
    }

    #[test]
    fn queues_show_s_m_and_the_ghosts() {
        // c = 3: S holds 1 block, M 2, G remembers 2 ids.
        let mut p = S3Fifo::with_defaults(3, 16);
        let mut ev = Vec::new();
        let (s, m, g) = (|b: &[Block]| resident("S", b), |b: &[Block]| resident("M", b), |b: &[Block]| ghost("G", b));
        for b in [0, 1, 2, 1, 1] {
            p.access(b, &mut ev); // the hits on 1 only count: its counter is 2
        }
        assert_eq!(queues_checked(&p), [s(&[0, 1, 2]), m(&[]), g(&[])]);
        p.access(3, &mut ev); // S's oldest, 0, was never hit: out, to G
        assert_eq!(queues_checked(&p), [s(&[1, 2, 3]), m(&[]), g(&[0])]);
        p.access(4, &mut ev); // 1 (hit twice) moves to M; then 2 leaves for G
        assert_eq!(queues_checked(&p), [s(&[3, 4]), m(&[1]), g(&[0, 2])]);
        // 2: first room is made (3 leaves for G, which forgets 0), then G's 2 goes to M.
        p.access(2, &mut ev);
        assert_eq!(queues_checked(&p), [s(&[4]), m(&[1, 2]), g(&[3])]);
        assert_eq!(ev, [0, 2, 3]);
    }

    #[test]
    fn agrees_with_the_naive_model() {
        for (c, seed) in [(1, 31), (2, 32), (3, 33), (10, 34), (40, 35)] {
            agrees_with(Box::new(S3Fifo::with_defaults(c, 64)), NaiveS3::new(c), seed);
        }
    }

    #[test]
    fn beats_lru_on_scans_and_rejects_bad_shares() {
        let refs = skewed_with_scans(500, 60_000, 36);
        let mut ev = Vec::new();
        let mut s3 = S3Fifo::with_defaults(100, 2000);
        let mut lru = Lru::new(100, 2000);
        let s3_hits = refs.iter().filter(|&&b| s3.access(b, &mut ev)).count();
        let lru_hits = refs.iter().filter(|&&b| lru.access(b, &mut ev)).count();
        assert!(s3_hits as f64 > 1.1 * lru_hits as f64, "S3-FIFO {s3_hits} vs LRU {lru_hits}");
        for bad in [0.0, 1.0, -0.5, f64::NAN] {
            assert!(S3Fifo::new(10, 10, bad).err().unwrap().contains("smallShare"));
        }
    }
}
