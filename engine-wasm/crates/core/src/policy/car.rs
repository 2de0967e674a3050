//! CAR, Clock with Adaptive Replacement (Bansal & Modha, "CAR: Clock with Adaptive
//! Replacement", FAST 2004), following the paper's Fig. 2 pseudo-code.
//!
//! ARC's idea on CLOCKs: two resident clocks T1 (seen once recently) and T2 (seen at least twice,
//! or kept by its reference bit), two ghost LRU lists B1 and B2 of ids recently evicted from each,
//! and ARC's target size `p` for T1, moved by ghost hits. A hit only sets the block's reference
//! bit, so a hit costs no list move. Each clock is a list whose front is the block under its
//! hand: advancing the hand moves the front block to the back (the clock's tail).
//!
//! Open points and our choices:
//! - `p` is an `f64`: the paper's increment max(1, |B2|/|B1|) is fractional.
//! - REPLACE (lines 23-38) turns the hand of T1 while |T1| ≥ max(1, p), else T2's. When the
//!   cache is full one of them is non-empty as that test needs; when a `remove` or an external
//!   `evict` has left the cache short, an empty T2 sends the hand to T1.
//! - Directory replacement (lines 8-12) runs for a block in no list whether or not the cache is
//!   full: it cannot fire while the cache warms up (no ghosts yet, |T1| < c), and after a
//!   `remove` or `evict` it keeps |T1| + |B1| ≤ c and the directory ≤ 2c.
//! - The ghost-hit adaptation of `p` (lines 16-19) comes after REPLACE, as in Fig. 2, so it
//!   reads |B1| and |B2| with REPLACE's new ghost and the hit block still counted.
//! - "Eject me next" insertion puts the block under the hand of the clock the algorithm puts it
//!   in (T1, or T2 after a ghost hit), reference bit clear; whether that clock's hand turns next
//!   depends on `p`, as for ARC. Repositioning to "eject me next" does the same for a resident
//!   block; to "eject me last" moves it to its clock's tail with the bit set (as a hit would,
//!   and behind every other block of that clock).
//! - `evict` runs REPLACE with no incoming block, then trims the directory as above.
//! - `remove` drops a block without a ghost entry.
//! - `contents` lists T1 then T2, each from its hand: each clock's sweep order, not a strict
//!   victim order (set bits are skipped, and which clock goes next depends on `p`).

use super::{End, Policy, Queue, TeachingViews};
use crate::model::Block;
use crate::util::list_set::ListSet;

const T1: usize = 0;
const T2: usize = 1;
const B1: usize = 2;
const B2: usize = 3;

#[derive(Clone, Debug)]
pub struct Car {
    c: usize,
    p: f64,
    /// T1, T2 (clocks, hand at the front), B1, B2 (LRU at the front); a resident block's
    /// reference bit sits in the index's spare bits.
    lists: ListSet<4>,
}

impl Car {
    pub fn new(capacity: usize, universe: usize) -> Self {
        Self { c: capacity, p: 0.0, lists: ListSet::with_capacity(universe, 2 * capacity + 1) }
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

    /// The reference bit of a resident block (tests).
    pub fn referenced(&self, block: Block) -> bool {
        self.contains(block) && self.lists.aux(block) != 0
    }

    fn resident(&self) -> usize {
        self.lists.len(T1) + self.lists.len(T2)
    }

    /// The paper's REPLACE (lines 23-38): turns a hand until it finds a block with its
    /// reference bit clear, which leaves for the matching ghost list.
    fn replace(&mut self) -> Option<Block> {
        loop {
            let t1 = self.lists.len(T1);
            if t1 == 0 && self.lists.is_empty(T2) {
                return None;
            }
            if t1 > 0 && (t1 as f64 >= self.p.max(1.0) || self.lists.is_empty(T2)) {
                let head = self.lists.front(T1)?;
                if self.lists.aux(head) == 0 {
                    // Demote the head page of T1 to the MRU end of B1.
                    self.lists.pop_front(T1);
                    self.lists.push_back(B1, head);
                    return Some(head);
                }
                // Referenced: to the tail of T2 with its bit cleared (push_back lists it at 0).
                self.lists.pop_front(T1);
                self.lists.push_back(T2, head);
            } else {
                let head = self.lists.front(T2)?;
                if self.lists.aux(head) == 0 {
                    self.lists.pop_front(T2);
                    self.lists.push_back(B2, head);
                    return Some(head);
                }
                self.lists.pop_front(T2);
                self.lists.push_back(T2, head);
            }
        }
    }

    fn place(&mut self, list: usize, block: Block, end: End) {
        match end {
            End::EjectNext => self.lists.push_front(list, block),
            End::EjectLast => self.lists.push_back(list, block),
        }
    }
}

impl Policy for Car {
    fn name(&self) -> &'static str {
        "car"
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

    /// Lines 1-2: a hit sets the reference bit; nothing moves.
    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        if matches!(self.lists.list_of(block), Some(T1 | T2)) {
            self.lists.set_aux(block, 1);
            true
        } else {
            false
        }
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, x: Block, end: End, evicted: &mut Vec<Block>) {
        let ghost = self.lists.list_of(x); // Some(B1 | B2) or None: x is not resident
        if self.resident() >= self.c {
            // Lines 5-7: cache full, replace a page from the cache.
            if let Some(v) = self.replace() {
                evicted.push(v);
            }
        }
        let (b1, b2, c) = (self.lists.len(B1), self.lists.len(B2), self.c as f64);
        match ghost {
            Some(B1) => {
                // Lines 16-17: x in B1 — T1 was too small.
                self.p = c.min(self.p + 1f64.max(b2 as f64 / b1 as f64));
                self.lists.remove(x);
                self.place(T2, x, end);
            }
            Some(B2) => {
                // Lines 18-19: x in B2 — T2 was too small.
                self.p = 0f64.max(self.p - 1f64.max(b1 as f64 / b2 as f64));
                self.lists.remove(x);
                self.place(T2, x, end);
            }
            _ => {
                // Lines 8-12: directory replacement, then line 15: x to the tail of T1.
                if self.lists.len(T1) + b1 >= self.c {
                    self.lists.pop_front(B1);
                } else if self.resident() + b1 + b2 >= 2 * self.c {
                    self.lists.pop_front(B2);
                }
                self.place(T1, x, end);
            }
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        let Some(list @ (T1 | T2)) = self.lists.list_of(block) else {
            return false;
        };
        self.lists.remove(block);
        self.place(list, block, end);
        self.lists.set_aux(block, u8::from(end == End::EjectLast));
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        self.lists.remove_from(T1, block) || self.lists.remove_from(T2, block)
    }

    fn evict(&mut self) -> Option<Block> {
        let v = self.replace()?;
        while self.lists.len(T1) + self.lists.len(B1) > self.c {
            self.lists.pop_front(B1);
        }
        while self.resident() + self.lists.len(B1) + self.lists.len(B2) > 2 * self.c {
            self.lists.pop_front(B2);
        }
        Some(v)
    }

    /// T1 then T2, each from its hand.
    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(T1));
        out.extend(self.lists.iter(T2));
    }

    fn check_invariants(&self) -> Result<(), String> {
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
        if let Some(b) = self.lists.iter(B1).chain(self.lists.iter(B2)).find(|&b| self.lists.aux(b) != 0) {
            return Err(format!("ghost {b} has a reference bit"));
        }
        if !(0.0..=self.c as f64).contains(&self.p) {
            return Err(format!("p = {} outside [0, {}]", self.p, self.c));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

impl TeachingViews for Car {
    /// T1 and T2 from their hands, then the ghosts B1 and B2 from their LRU ends (the paper's
    /// names).
    fn queues(&self, out: &mut Vec<Queue>) {
        for (name, list, ghost) in [("T1", T1, false), ("T2", T2, false), ("B1", B1, true), ("B2", B2, true)] {
            out.push(Queue { name, ghost, blocks: self.lists.iter(list).collect() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, ghost, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::{Clock, Lru};

    /// Fig. 2 of the paper, literally, on `Vec`s: clocks as (block, bit) with the hand at index
    /// 0, ghosts with the LRU end at index 0.
    #[derive(Default)]
    struct NaiveCar {
        c: usize,
        p: f64,
        t1: Vec<(Block, bool)>,
        t2: Vec<(Block, bool)>,
        b1: Vec<Block>,
        b2: Vec<Block>,
    }

    fn take(v: &mut Vec<Block>, x: Block) -> bool {
        v.iter().position(|&y| y == x).map(|i| v.remove(i)).is_some()
    }

    fn find(v: &mut [(Block, bool)], x: Block) -> Option<&mut (Block, bool)> {
        v.iter_mut().find(|e| e.0 == x)
    }

    impl NaiveCar {
        fn new(c: usize) -> Self {
            Self { c, ..Self::default() }
        }

        fn replace(&mut self) -> Option<Block> {
            loop {
                if self.t1.is_empty() && self.t2.is_empty() {
                    return None;
                }
                if !self.t1.is_empty() && (self.t1.len() as f64 >= self.p.max(1.0) || self.t2.is_empty()) {
                    let (b, r) = self.t1.remove(0);
                    if !r {
                        self.b1.push(b);
                        return Some(b);
                    }
                    self.t2.push((b, false));
                } else {
                    let (b, r) = self.t2.remove(0);
                    if !r {
                        self.b2.push(b);
                        return Some(b);
                    }
                    self.t2.push((b, false));
                }
            }
        }
    }

    impl Reference for NaiveCar {
        fn access(&mut self, x: Block, ev: &mut Vec<Block>) -> bool {
            if let Some(e) = find(&mut self.t1, x).or(find(&mut self.t2, x)) {
                e.1 = true;
                return true;
            }
            if self.t1.len() + self.t2.len() == self.c {
                ev.extend(self.replace());
            }
            let in_b1 = self.b1.contains(&x);
            let in_b2 = self.b2.contains(&x);
            let (b1, b2, c) = (self.b1.len() as f64, self.b2.len() as f64, self.c as f64);
            if in_b1 {
                self.p = c.min(self.p + 1f64.max(b2 / b1));
                take(&mut self.b1, x);
                self.t2.push((x, false));
            } else if in_b2 {
                self.p = 0f64.max(self.p - 1f64.max(b1 / b2));
                take(&mut self.b2, x);
                self.t2.push((x, false));
            } else {
                if self.t1.len() + self.b1.len() >= self.c {
                    self.b1.remove(0);
                } else if self.t1.len() + self.t2.len() + self.b1.len() + self.b2.len() >= 2 * self.c {
                    self.b2.remove(0);
                }
                self.t1.push((x, false));
            }
            false
        }
        fn remove(&mut self, x: Block) -> bool {
            let n = self.t1.len() + self.t2.len();
            self.t1.retain(|e| e.0 != x);
            self.t2.retain(|e| e.0 != x);
            n != self.t1.len() + self.t2.len()
        }
        fn reposition(&mut self, x: Block, end: End) -> Option<bool> {
            let list = if self.t1.iter().any(|e| e.0 == x) {
                &mut self.t1
            } else if self.t2.iter().any(|e| e.0 == x) {
                &mut self.t2
            } else {
                return Some(false);
            };
            list.retain(|e| e.0 != x);
            match end {
                End::EjectNext => list.insert(0, (x, false)),
                End::EjectLast => list.push((x, true)),
            }
            Some(true)
        }
        fn evict(&mut self) -> Option<Option<Block>> {
            let v = self.replace();
            while self.t1.len() + self.b1.len() > self.c {
                self.b1.remove(0);
            }
            while self.t1.len() + self.t2.len() + self.b1.len() + self.b2.len() > 2 * self.c {
                self.b2.remove(0);
            }
            Some(v)
        }
        fn insert_next(&mut self, x: Block, ev: &mut Vec<Block>) -> Option<()> {
            // As `access`, with the block under the hand of its clock.
            self.access(x, ev);
            for list in [&mut self.t1, &mut self.t2] {
                if let Some(i) = list.iter().position(|e| e.0 == x) {
                    let e = list.remove(i);
                    list.insert(0, e);
                }
            }
            Some(())
        }
        fn contents(&self) -> Vec<Block> {
            self.t1.iter().chain(&self.t2).map(|e| e.0).collect()
        }
        fn capacity(&self) -> usize {
            self.c
        }
    }

    #[test]
    fn hand_worked_sequence_with_both_ghost_cases() {
        let mut a = Car::new(2, 8);
        let mut ev = Vec::new();
        a.access(1, &mut ev); // T1 [1]
        a.access(2, &mut ev); // T1 [1, 2]
        a.access(1, &mut ev); // hit: 1's bit set, nothing moves
        assert_eq!(a.lists(), (vec![1, 2], vec![], vec![], vec![], 0.0));
        assert!(a.referenced(1) && !a.referenced(2));
        // Full: REPLACE, |T1| = 2 ≥ max(1, p): 1 is referenced → tail of T2, bit cleared;
        // 2 is not → B1. Then 3 to T1's tail.
        a.access(3, &mut ev);
        assert_eq!(a.lists(), (vec![3], vec![1], vec![2], vec![], 0.0));
        assert_eq!(ev, [2]);
        // 2 in B1. REPLACE: |T1| = 1 ≥ max(1, 0): 3 (bit clear) → B1 [2, 3]; then
        // p = min(0 + max(1, 0/2), 2) = 1, and 2 to T2's tail.
        a.access(2, &mut ev);
        assert_eq!(a.lists(), (vec![], vec![1, 2], vec![3], vec![], 1.0));
        assert_eq!(ev, [2, 3]);
        a.access(2, &mut ev); // hit: 2's bit set
                              // 4 in no list. REPLACE: |T1| = 0 < max(1, p) → T2's hand: 1 (clear) → B2. Directory:
                              // |T1| + |B1| = 1 < 2, total 1 + 1 + 1 = 3 < 4: nothing dropped. 4 to T1.
        a.access(4, &mut ev);
        assert_eq!(a.lists(), (vec![4], vec![2], vec![3], vec![1], 1.0));
        assert_eq!(ev, [2, 3, 1]);
        // 1 in B2. REPLACE: |T1| = 1 ≥ max(1, 1): 4 → B1 [3, 4]; p = max(0, 1 − max(1, 2/1)) = 0.
        a.access(1, &mut ev);
        assert_eq!(a.lists(), (vec![], vec![2, 1], vec![3, 4], vec![], 0.0));
        assert_eq!(ev, [2, 3, 1, 4]);
        // 5 in no list. REPLACE: T1 empty → T2's hand: 2 is referenced → tail, bit cleared;
        // 1 (clear) → B2. Directory: |T1| + |B1| = 2 ≥ c: B1's LRU 3 is forgotten.
        a.access(5, &mut ev);
        assert_eq!(a.lists(), (vec![5], vec![2], vec![4], vec![1], 0.0));
        assert_eq!(ev, [2, 3, 1, 4, 1]);
        a.check_invariants().unwrap();
    }

    #[test]
    fn queues_show_the_clocks_and_the_ghosts() {
        let mut a = Car::new(2, 8);
        let mut ev = Vec::new();
        let q = |a: &Car| queues_checked(a);
        assert_eq!(q(&a), [resident("T1", &[]), resident("T2", &[]), ghost("B1", &[]), ghost("B2", &[])]);
        for b in [1, 2, 1, 3] {
            a.access(b, &mut ev);
        }
        // As in the hand-worked sequence: 1 kept by its bit into T2, 2 to B1.
        assert_eq!(q(&a), [resident("T1", &[3]), resident("T2", &[1]), ghost("B1", &[2]), ghost("B2", &[])]);
    }

    #[test]
    fn agrees_with_the_papers_pseudo_code() {
        for (c, seed) in [(1, 81), (2, 82), (5, 83), (17, 84), (64, 85)] {
            agrees_with(Box::new(Car::new(c, 4)), NaiveCar::new(c), seed);
        }
    }

    #[test]
    fn evictions_from_outside_keep_the_invariants() {
        let mut a = Car::new(5, 8);
        let mut ev = Vec::new();
        for (i, &b) in skewed_with_scans(20, 5_000, 86).iter().enumerate() {
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
    fn beats_lru_and_clock_on_a_skewed_trace_with_scans() {
        let refs = skewed_with_scans(500, 60_000, 87);
        let hits = |p: &mut dyn Policy| {
            let mut ev = Vec::new();
            refs.iter().filter(|&&b| p.access(b, &mut ev)).count()
        };
        let car = hits(&mut Car::new(100, 2000));
        let (lru, clock) = (hits(&mut Lru::new(100, 2000)), hits(&mut Clock::new(100, 2000)));
        assert!(car > lru && car > clock, "CAR {car} hits vs LRU {lru}, CLOCK {clock}");
    }
}
