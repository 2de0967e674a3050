//! ARC, Adaptive Replacement Cache (Megiddo & Modha, "ARC: A Self-Tuning, Low Overhead
//! Replacement Cache", FAST 2003), following the paper's Fig. 4 pseudo-code.
//!
//! Resident lists T1 (seen once recently) and T2 (seen at least twice), ghost lists B1 and B2
//! (ids only) of blocks recently evicted from each, and a target size `p` for T1 that ghost
//! hits move: a B1 hit says T1 was too small, a B2 hit that T2 was. Each list is LRU → MRU,
//! front to back.
//!
//! Open points and our choices:
//! - `p` is kept as an `f64`, since the paper's δ = |B2|/|B1| is fractional.
//! - REPLACE runs only when the cache is full. The paper assumes it always is at those points;
//!   `remove` and external `evict` calls (DEMOTE) can leave room.
//! - Ghost hits (cases II and III) are handled in `insert`, because in the `Policy` trait a
//!   miss is `on_hit` returning false followed by `insert`.
//! - "Eject me next" insertion places the block at the LRU end of the list the algorithm puts
//!   it in (T1, or T2 after a ghost hit).
//! - `evict` takes REPLACE's victim with no incoming block and remembers it in B1 or B2.
//! - `remove` drops a block without a ghost entry.
//! - `contents` lists T1 then T2, each LRU first. That is each list's eviction order; which
//!   list goes next depends on `p`.

use super::{End, Policy, Queue, TeachingViews, VictimPreview};
use crate::model::Block;
use crate::util::list_set::ListSet;

const T1: usize = 0;
const T2: usize = 1;
const B1: usize = 2;
const B2: usize = 3;

#[derive(Clone, Debug)]
pub struct Arc {
    c: usize,
    p: f64,
    /// T1, T2, B1, B2 sharing one per-id index: 64 bytes per cached block at 10 ids per block.
    lists: ListSet<4>,
}

impl Arc {
    pub fn new(capacity: usize, universe: usize) -> Self {
        Self { c: capacity, p: 0.0, lists: ListSet::with_capacity(universe, 2 * capacity) }
    }

    /// (T1, T2, B1, B2, p), for tests and teaching views.
    pub fn lists(&self) -> (Vec<Block>, Vec<Block>, Vec<Block>, Vec<Block>, f64) {
        (
            self.lists.iter(T1).collect(),
            self.lists.iter(T2).collect(),
            self.lists.iter(B1).collect(),
            self.lists.iter(B2).collect(),
            self.p,
        )
    }

    fn resident(&self) -> usize {
        self.lists.len(T1) + self.lists.len(T2)
    }

    /// The paper's REPLACE(x, p), only when the cache is full.
    fn replace(&mut self, in_b2: bool, evicted: &mut Vec<Block>) {
        if self.resident() < self.c {
            return;
        }
        let t1 = self.lists.len(T1) as f64;
        if !self.lists.is_empty(T1) && (t1 > self.p || (in_b2 && t1 == self.p)) || self.lists.is_empty(T2) {
            let v = self.lists.pop_front(T1).expect("T1 is not empty");
            self.lists.push_back(B1, v);
            evicted.push(v);
        } else {
            let v = self.lists.pop_front(T2).expect("T2 is not empty");
            self.lists.push_back(B2, v);
            evicted.push(v);
        }
    }

    fn place(&mut self, list: usize, block: Block, end: End) {
        match end {
            End::EjectNext => self.lists.push_front(list, block),
            End::EjectLast => self.lists.push_back(list, block),
        }
    }
}

impl Policy for Arc {
    fn name(&self) -> &'static str {
        "arc"
    }

    fn capacity(&self) -> usize {
        self.c
    }

    fn len(&self) -> usize {
        self.resident()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        matches!(self.lists.list_of(block), Some(T1 | T2))
    }

    /// Case I: a hit in T1 or T2 moves the block to T2's MRU end.
    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        if matches!(self.lists.list_of(block), Some(T1 | T2)) {
            self.lists.move_to_back(T2, block);
            true
        } else {
            false
        }
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, x: Block, end: End, evicted: &mut Vec<Block>) {
        let (b1, b2, c) = (self.lists.len(B1) as f64, self.lists.len(B2) as f64, self.c as f64);
        if self.lists.remove_from(B1, x) {
            // Case II: x in B1 — T1 was too small.
            self.p = c.min(self.p + if b1 >= b2 { 1.0 } else { b2 / b1 });
            self.replace(false, evicted);
            self.place(T2, x, end);
        } else if self.lists.remove_from(B2, x) {
            // Case III: x in B2 — T2 was too small.
            self.p = 0f64.max(self.p - if b2 >= b1 { 1.0 } else { b1 / b2 });
            self.replace(true, evicted);
            self.place(T2, x, end);
        } else {
            // Case IV: x in no list.
            let l1 = self.lists.len(T1) + self.lists.len(B1);
            if l1 >= self.c {
                // Case A: L1 holds c blocks.
                if self.lists.len(T1) < self.c {
                    self.lists.pop_front(B1);
                    self.replace(false, evicted);
                } else {
                    let v = self.lists.pop_front(T1).expect("T1 holds c blocks");
                    evicted.push(v);
                }
            } else {
                // Case B: L1 has fewer than c blocks.
                let total = l1 + self.lists.len(T2) + self.lists.len(B2);
                if total >= self.c {
                    if total >= 2 * self.c {
                        self.lists.pop_front(B2);
                    }
                    self.replace(false, evicted);
                }
            }
            self.place(T1, x, end);
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        match end {
            End::EjectLast => self.on_hit(block),
            End::EjectNext if self.lists.contains(T1, block) => {
                self.lists.move_to_front(T1, block);
                true
            }
            End::EjectNext if self.lists.contains(T2, block) => {
                self.lists.move_to_front(T2, block);
                true
            }
            End::EjectNext => false,
        }
    }

    fn remove(&mut self, block: Block) -> bool {
        self.lists.remove_from(T1, block) || self.lists.remove_from(T2, block)
    }

    fn evict(&mut self) -> Option<Block> {
        if self.resident() == 0 {
            return None;
        }
        // REPLACE's choice with no incoming block, whether or not the cache is full.
        let t1 = self.lists.len(T1) as f64;
        let (from, ghost) =
            if !self.lists.is_empty(T1) && (t1 > self.p || self.lists.is_empty(T2)) { (T1, B1) } else { (T2, B2) };
        let v = self.lists.pop_front(from)?;
        self.lists.push_back(ghost, v);
        // A DEMOTE-driven eviction must not let the directory outgrow 2c.
        while self.lists.len(T1) + self.lists.len(B1) > self.c {
            self.lists.pop_front(B1);
        }
        while self.resident() + self.lists.len(B1) + self.lists.len(B2) > 2 * self.c {
            self.lists.pop_front(B2);
        }
        Some(v)
    }

    /// T1 then T2, each from its LRU end.
    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(T1));
        out.extend(self.lists.iter(T2));
    }

    fn check_invariants(&self) -> Result<(), String> {
        // One index for the four lists: a block is in at most one by construction.
        self.lists.validate().map_err(|e| format!("T1/T2/B1/B2 (lists 0-3): {e}"))?;
        if self.resident() > self.c {
            return Err(format!("|T1| + |T2| = {} > c = {}", self.resident(), self.c));
        }
        if self.lists.len(T1) + self.lists.len(B1) > self.c {
            return Err(format!("|T1| + |B1| = {} > c = {}", self.lists.len(T1) + self.lists.len(B1), self.c));
        }
        if self.resident() + self.lists.len(B1) + self.lists.len(B2) > 2 * self.c {
            return Err("directory larger than 2c".into());
        }
        if !(0.0..=self.c as f64).contains(&self.p) {
            return Err(format!("p = {} outside [0, {}]", self.p, self.c));
        }
        Ok(())
    }

    fn victims(&self) -> Option<&dyn VictimPreview> {
        Some(self)
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

impl VictimPreview for Arc {
    /// T1 then T2, each from its LRU end ([`Policy::contents`]'s order).
    fn candidates(&self, k: usize, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(T1).chain(self.lists.iter(T2)).take(k));
    }

    /// REPLACE's choice for a block in neither ghost list.
    fn next_victim(&self) -> Option<Option<Block>> {
        if self.resident() < self.c {
            return Some(None);
        }
        let t1 = self.lists.len(T1) as f64;
        let from = if !self.lists.is_empty(T1) && t1 > self.p || self.lists.is_empty(T2) { T1 } else { T2 };
        Some(self.lists.iter(from).next())
    }
}

impl TeachingViews for Arc {
    /// T1, T2, then the ghosts B1, B2 (the paper's names), each from its LRU end: the next
    /// victim of its list, or the next id forgotten.
    fn queues(&self, out: &mut Vec<Queue>) {
        for (name, list, ghost) in [("T1", T1, false), ("T2", T2, false), ("B1", B1, true), ("B2", B2, true)] {
            out.push(Queue { name, ghost, blocks: self.lists.iter(list).collect() });
        }
    }

    /// p, the target size of T1 (Fig. 4): a ghost hit in B1 raises it, one in B2 lowers it.
    fn target(&self) -> Option<(&'static str, f64)> {
        Some(("p", self.p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, ghost, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::Lru;

    /// Fig. 4 of the paper, literally, on `Vec`s (index 0 = LRU end).
    struct NaiveArc {
        c: usize,
        p: f64,
        t1: Vec<Block>,
        t2: Vec<Block>,
        b1: Vec<Block>,
        b2: Vec<Block>,
    }

    fn take(v: &mut Vec<Block>, x: Block) -> bool {
        v.iter().position(|&y| y == x).map(|i| v.remove(i)).is_some()
    }

    impl NaiveArc {
        fn replace(&mut self, in_b2: bool, ev: &mut Vec<Block>) {
            if self.t1.len() + self.t2.len() < self.c {
                return;
            }
            let t1 = self.t1.len() as f64;
            if !self.t1.is_empty() && (t1 > self.p || (in_b2 && t1 == self.p)) || self.t2.is_empty() {
                let v = self.t1.remove(0);
                self.b1.push(v);
                ev.push(v);
            } else {
                let v = self.t2.remove(0);
                self.b2.push(v);
                ev.push(v);
            }
        }
    }

    impl Reference for NaiveArc {
        fn access(&mut self, x: Block, ev: &mut Vec<Block>) -> bool {
            if take(&mut self.t1, x) || take(&mut self.t2, x) {
                self.t2.push(x); // case I
                return true;
            }
            let (b1, b2, c) = (self.b1.len() as f64, self.b2.len() as f64, self.c as f64);
            if take(&mut self.b1, x) {
                self.p = c.min(self.p + if b1 >= b2 { 1.0 } else { b2 / b1 });
                self.replace(false, ev);
                self.t2.push(x);
            } else if take(&mut self.b2, x) {
                self.p = 0f64.max(self.p - if b2 >= b1 { 1.0 } else { b1 / b2 });
                self.replace(true, ev);
                self.t2.push(x);
            } else {
                if self.t1.len() + self.b1.len() >= self.c {
                    if self.t1.len() < self.c {
                        self.b1.remove(0);
                        self.replace(false, ev);
                    } else {
                        ev.push(self.t1.remove(0));
                    }
                } else {
                    let total = self.t1.len() + self.b1.len() + self.t2.len() + self.b2.len();
                    if total >= self.c {
                        if total >= 2 * self.c {
                            self.b2.remove(0);
                        }
                        self.replace(false, ev);
                    }
                }
                self.t1.push(x);
            }
            false
        }
        fn remove(&mut self, x: Block) -> bool {
            take(&mut self.t1, x) || take(&mut self.t2, x)
        }
        fn contents(&self) -> Vec<Block> {
            self.t1.iter().chain(&self.t2).copied().collect()
        }
        fn capacity(&self) -> usize {
            self.c
        }
    }

    #[test]
    fn hand_worked_sequence_with_both_ghost_cases() {
        let mut a = Arc::new(2, 8);
        let mut ev = Vec::new();
        a.access(1, &mut ev); // IV-B: T1 [1]
        a.access(2, &mut ev); // IV-B: T1 [1, 2]
        a.access(1, &mut ev); // I: T1 [2], T2 [1]
        a.access(3, &mut ev); // IV-B, REPLACE: |T1| = 1 > p = 0, so 2 → B1; T1 [3]
        assert_eq!(a.lists(), (vec![3], vec![1], vec![2], vec![], 0.0));
        assert_eq!(ev, [2]);
        a.access(2, &mut ev); // II: p = 0 + max(0/1, 1) = 1; REPLACE takes T2's 1 → B2; T2 [2]
        assert_eq!(a.lists(), (vec![3], vec![2], vec![], vec![1], 1.0));
        assert_eq!(ev, [2, 1]);
        a.access(1, &mut ev); // III: p = 1 − max(0/1, 1) = 0; REPLACE takes T1's 3 → B1; T2 [2, 1]
        assert_eq!(a.lists(), (vec![], vec![2, 1], vec![3], vec![], 0.0));
        assert_eq!(ev, [2, 1, 3]);
        a.check_invariants().unwrap();
    }

    #[test]
    fn queues_show_t1_t2_and_the_ghosts() {
        // c = 2, as above.
        let mut a = Arc::new(2, 8);
        let mut ev = Vec::new();
        let q = |a: &Arc| queues_checked(a); // also: T1 ∪ T2 = contents, ghosts not resident
        assert_eq!(q(&a), [resident("T1", &[]), resident("T2", &[]), ghost("B1", &[]), ghost("B2", &[])]);
        a.access(1, &mut ev); // IV-B: T1 [1]
        a.access(2, &mut ev); // IV-B: T1 [1, 2]
        assert_eq!(q(&a), [resident("T1", &[1, 2]), resident("T2", &[]), ghost("B1", &[]), ghost("B2", &[])]);
        a.access(1, &mut ev); // I: 1 to T2's MRU end
        assert_eq!(q(&a), [resident("T1", &[2]), resident("T2", &[1]), ghost("B1", &[]), ghost("B2", &[])]);
        a.access(3, &mut ev); // IV-B, REPLACE: |T1| = 1 > p = 0, so T1's LRU 2 goes to B1
        assert_eq!(q(&a), [resident("T1", &[3]), resident("T2", &[1]), ghost("B1", &[2]), ghost("B2", &[])]);
        a.access(2, &mut ev); // II: p = 1; REPLACE: |T1| = 1 = p, so T2's 1 goes to B2; 2 to T2
        assert_eq!(q(&a), [resident("T1", &[3]), resident("T2", &[2]), ghost("B1", &[]), ghost("B2", &[1])]);
        // IV-B (|T1| + |B1| = 1 < c): the directory holds 3 ≥ c, so REPLACE: |T1| = 1 = p, so
        // T2's 2 goes to B2; 4 to T1.
        a.access(4, &mut ev);
        assert_eq!(q(&a), [resident("T1", &[3, 4]), resident("T2", &[]), ghost("B1", &[]), ghost("B2", &[1, 2])]);
    }

    #[test]
    fn agrees_with_the_papers_pseudo_code() {
        for (c, seed) in [(1, 91), (2, 92), (5, 93), (17, 94)] {
            let naive = NaiveArc { c, p: 0.0, t1: vec![], t2: vec![], b1: vec![], b2: vec![] };
            agrees_with(Box::new(Arc::new(c, 4)), naive, seed);
        }
    }

    #[test]
    fn evictions_from_outside_keep_the_invariants() {
        let mut a = Arc::new(5, 8);
        let mut ev = Vec::new();
        let refs = skewed_with_scans(20, 5_000, 95);
        for (i, &b) in refs.iter().enumerate() {
            a.access(b, &mut ev);
            if i % 7 == 0 {
                a.evict();
            }
            if i % 11 == 0 {
                a.reposition(b, End::EjectNext);
            }
            a.check_invariants().unwrap_or_else(|e| panic!("step {i}: {e}"));
        }
    }

    #[test]
    fn beats_lru_on_a_skewed_trace_with_scans() {
        let refs = skewed_with_scans(500, 60_000, 96);
        let hits = |p: &mut dyn Policy| {
            let mut ev = Vec::new();
            refs.iter().filter(|&&b| p.access(b, &mut ev)).count()
        };
        let (arc, lru) = (hits(&mut Arc::new(100, 2000)), hits(&mut Lru::new(100, 2000)));
        assert!(arc > lru, "ARC {arc} hits vs LRU {lru}");
    }
}
