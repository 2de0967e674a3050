//! QD-LP-FIFO (Yang, Qiu, Zhang, Yue & Vinayak, "FIFO can be Better than LRU: the Power of Lazy
//! Promotion and Quick Demotion", HotOS 2023): FIFO queues only.
//!
//! - Lazy promotion (LP): the main queue M is FIFO-Reinsertion — a hit only sets the block's
//!   "visited" bit; when M's oldest block is up for eviction with the bit set, it is reinserted
//!   at M's tail with the bit cleared instead (a one-bit CLOCK).
//! - Quick demotion (QD): a new block enters a small probationary FIFO P (10 % of the cache).
//!   When P's oldest block leaves, it moves to M if it was requested while in P, else it is
//!   evicted and its id goes to a ghost FIFO G; a missing block that G remembers enters M
//!   directly.
//!
//! Open points and our choices:
//! - One request while in P is enough for promotion (the paper: "if it has been requested");
//!   S3-FIFO, its SOSP 2023 successor, asks for two and gives M a 2-bit counter.
//! - G remembers as many ids as M holds blocks (c minus P's share), as in S3-FIFO.
//! - When the cache is full, P gives up its oldest block while it holds at least its share (or
//!   M is empty), else M does. A promotion only moves a block, so one insertion evicts exactly
//!   one block and P may outgrow its share while the cache warms up.
//! - "Eject me next" insertion puts the block at P's (or, for a ghost hit, M's) eviction end,
//!   bit clear; repositioning to "eject me next" moves it to its queue's eviction end, bit
//!   clear; to "eject me last" moves it to M's tail, bit kept. `remove` leaves no ghost.
//! - `contents` lists P then M, oldest first (M's is a CLOCK order, not a strict victim order).

use super::s3fifo::{S3Fifo, Variant};

/// Share of the cache given to the probationary FIFO.
pub const DEFAULT_PROBATION_SHARE: f64 = 0.10;

/// S3-FIFO's queues with a one-bit counter, promotion after one hit in P and the HotOS names:
/// everything else (FIFO-Reinsertion in M, the ghost FIFO, the eviction order above) is the
/// same code.
const QD_LP_FIFO: Variant =
    Variant { name: "qd-lp-fifo", max_freq: 1, promote_at: 1, queue_names: ["probation", "main", "ghost"] };

/// QD-LP-FIFO is S3-FIFO's engine with [`QD_LP_FIFO`]'s settings ([`new`]).
pub type QdLpFifo = S3Fifo;

pub fn check_probation_share(share: f64) -> Result<(), String> {
    if share.is_finite() && share > 0.0 && share < 1.0 {
        Ok(())
    } else {
        Err(format!("probationShare must be above 0 and below 1 (got {share})"))
    }
}

/// A QD-LP-FIFO cache, P taking `probation_share` of it.
pub fn new(capacity: usize, universe: usize, probation_share: f64) -> Result<QdLpFifo, String> {
    check_probation_share(probation_share)?;
    S3Fifo::with_variant(capacity, universe, probation_share, &QD_LP_FIFO)
}

pub fn with_defaults(capacity: usize, universe: usize) -> QdLpFifo {
    new(capacity, universe, DEFAULT_PROBATION_SHARE).expect("default share is valid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Block;
    use crate::policy::testing::{agrees_with, ghost, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::{End, Policy};
    use crate::policy::{Fifo, Lru};

    /// QD-LP-FIFO on `Vec`s of (block, visited), written from the description above: index 0 =
    /// oldest.
    struct NaiveQdlp {
        c: usize,
        probation: usize,
        ghost: usize,
        p: Vec<(Block, bool)>,
        m: Vec<(Block, bool)>,
        g: Vec<Block>,
    }

    impl NaiveQdlp {
        fn new(c: usize) -> Self {
            let probation = ((c as f64 * 0.1).round() as usize).max(1);
            Self { c, probation, ghost: c.saturating_sub(probation).max(1), p: vec![], m: vec![], g: vec![] }
        }

        fn evict_one(&mut self) -> Option<Block> {
            if self.p.len() >= self.probation || self.m.is_empty() {
                while !self.p.is_empty() {
                    let (t, visited) = self.p.remove(0);
                    if visited {
                        self.m.push((t, false));
                    } else {
                        self.g.push(t);
                        if self.g.len() > self.ghost {
                            self.g.remove(0);
                        }
                        return Some(t);
                    }
                }
            }
            while !self.m.is_empty() {
                let (t, visited) = self.m.remove(0);
                if !visited {
                    return Some(t);
                }
                self.m.push((t, false));
            }
            None
        }
    }

    impl Reference for NaiveQdlp {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if let Some(e) = self.p.iter_mut().chain(self.m.iter_mut()).find(|e| e.0 == b) {
                e.1 = true;
                return true;
            }
            while self.p.len() + self.m.len() >= self.c {
                match self.evict_one() {
                    Some(v) => ev.push(v),
                    None => break,
                }
            }
            if let Some(i) = self.g.iter().position(|&x| x == b) {
                self.g.remove(i);
                self.m.push((b, false));
            } else {
                self.p.push((b, false));
            }
            false
        }

        fn remove(&mut self, b: Block) -> bool {
            let before = self.p.len() + self.m.len();
            self.p.retain(|e| e.0 != b);
            self.m.retain(|e| e.0 != b);
            before != self.p.len() + self.m.len()
        }

        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            let in_p = self.p.iter().position(|e| e.0 == b);
            let in_m = self.m.iter().position(|e| e.0 == b);
            let (queue, i) = match (in_p, in_m) {
                (Some(i), _) => (&mut self.p, i),
                (_, Some(i)) => (&mut self.m, i),
                _ => return Some(false),
            };
            let e = queue.remove(i);
            match end {
                End::EjectNext => queue.insert(0, (b, false)),
                End::EjectLast => self.m.push(e),
            }
            Some(true)
        }

        fn evict(&mut self) -> Option<Option<Block>> {
            Some(self.evict_one())
        }

        fn contents(&self) -> Vec<Block> {
            self.p.iter().chain(&self.m).map(|e| e.0).collect()
        }

        fn capacity(&self) -> usize {
            self.c
        }
    }

    #[test]
    fn hand_worked_quick_demotion_and_lazy_promotion() {
        // c = 10: P's share is 1 block, M holds the rest, G remembers up to 9 ids.
        let mut q = with_defaults(10, 32);
        let mut ev = Vec::new();
        for b in 0..10 {
            assert!(!q.access(b, &mut ev)); // warming up: P outgrows its share, nothing leaves
        }
        assert!(q.access(3, &mut ev)); // 3 visited once: enough to be promoted
                                       // 10: P holds 10 ≥ 1 → its oldest, 0 (never requested), is demoted to G.
        q.access(10, &mut ev);
        assert_eq!(ev, [0]);
        // 11: 1 → G; 12: 2 → G; 13: 3 was requested in P → moves to M (bit cleared); 4 → G.
        for b in 11..14 {
            q.access(b, &mut ev);
        }
        assert_eq!(ev, [0, 1, 2, 4]);
        assert_eq!(q.queues(), ((5..14).collect(), vec![3], vec![0, 1, 2, 4]));
        // 0 again: after 5 leaves P for G, G's 0 goes straight to M.
        assert!(!q.access(0, &mut ev));
        assert_eq!(ev, [0, 1, 2, 4, 5]);
        assert_eq!(q.queues(), ((6..14).collect(), vec![3, 0], vec![1, 2, 4, 5]));
        // Lazy promotion in M: drain P so M's turn comes, with 3 visited.
        assert!(q.access(3, &mut ev));
        for b in 6..13 {
            q.remove(b);
        }
        // P = [13] holds its share (1 block), so P gives up its oldest: 13 → G.
        assert_eq!(q.evict(), Some(13));
        // P empty, M = [3 (visited), 0]: 3 goes round, bit cleared; 0 is evicted.
        assert_eq!(q.evict(), Some(0));
        assert_eq!(q.queues().1, vec![3]);
        q.check_invariants().unwrap();
    }

    #[test]
    fn queues_show_probation_main_and_ghost() {
        // c = 3: P's share 1, M 2, G 2 ids.
        let mut q = with_defaults(3, 16);
        let mut ev = Vec::new();
        let (p, m, g) = (
            |b: &[Block]| resident("probation", b),
            |b: &[Block]| resident("main", b),
            |b: &[Block]| ghost("ghost", b),
        );
        for b in [0, 1, 2, 1] {
            q.access(b, &mut ev);
        }
        assert_eq!(queues_checked(&q), [p(&[0, 1, 2]), m(&[]), g(&[])]);
        q.access(3, &mut ev); // 0 never requested: to G
        assert_eq!(queues_checked(&q), [p(&[1, 2, 3]), m(&[]), g(&[0])]);
        q.access(4, &mut ev); // 1 requested once: to M; then 2 to G
        assert_eq!(queues_checked(&q), [p(&[3, 4]), m(&[1]), g(&[0, 2])]);
        assert_eq!(ev, [0, 2]);
    }

    #[test]
    fn agrees_with_the_naive_model() {
        for (c, seed) in [(1, 41), (2, 42), (3, 43), (10, 44), (40, 45), (97, 46)] {
            agrees_with(Box::new(with_defaults(c, 64)), NaiveQdlp::new(c), seed);
        }
    }

    #[test]
    fn beats_lru_and_fifo_on_scans_and_rejects_bad_shares() {
        let refs = skewed_with_scans(500, 60_000, 47);
        let hits = |p: &mut dyn Policy| {
            let mut ev = Vec::new();
            refs.iter().filter(|&&b| p.access(b, &mut ev)).count()
        };
        let q = hits(&mut with_defaults(100, 2000));
        let (lru, fifo) = (hits(&mut Lru::new(100, 2000)), hits(&mut Fifo::new(100, 2000)));
        assert!(q > lru && q > fifo, "QD-LP-FIFO {q} vs LRU {lru}, FIFO {fifo}");
        for bad in [0.0, 1.0, -0.5, f64::NAN] {
            assert!(new(10, 10, bad).err().unwrap().contains("probationShare"));
        }
    }
}
