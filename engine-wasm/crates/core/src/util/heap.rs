//! An indexed binary min-heap over dense ids: O(log n) push, pop, remove and re-key of any id,
//! with positions kept in a per-id array so nothing is hashed and, once the id universe and
//! capacity are reserved, nothing is allocated. Keys live in the heap entries, beside their ids
//! (so only the 4-byte position is paid per id of the universe, and sifting reads one array). Used by policies that order blocks by a
//! computed priority (LFU, LRU-K, Belady MIN).

const ABSENT: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct IndexedHeap<K: Ord + Copy + Default> {
    /// (key, id) in heap order.
    heap: Vec<(K, u32)>,
    /// Per id: its slot in `heap`, or `ABSENT`.
    pos: Vec<u32>,
}

impl<K: Ord + Copy + Default> IndexedHeap<K> {
    /// Room for `capacity` ids of `universe` (an unbounded heap, `usize::MAX`: the universe).
    pub fn new(capacity: usize, universe: usize) -> Self {
        let room = super::reserve_for(capacity, universe).saturating_add(1);
        Self { heap: Vec::with_capacity(room), pos: vec![ABSENT; universe] }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    #[inline]
    pub fn contains(&self, id: u32) -> bool {
        self.pos.get(id as usize).is_some_and(|&p| p != ABSENT)
    }

    /// The key of a resident id.
    #[inline]
    pub fn key(&self, id: u32) -> Option<K> {
        self.contains(id).then(|| self.heap[self.pos[id as usize] as usize].0)
    }

    fn reserve_id(&mut self, id: u32) {
        let need = id as usize + 1;
        if self.pos.len() < need {
            let n = need.max(self.pos.len() * 2);
            self.pos.resize(n, ABSENT);
        }
    }

    /// Inserts an absent id, or re-keys a resident one.
    pub fn set(&mut self, id: u32, key: K) {
        self.reserve_id(id);
        if self.contains(id) {
            let p = self.pos[id as usize] as usize;
            let old = std::mem::replace(&mut self.heap[p].0, key);
            if key < old {
                self.sift_up(p);
            } else {
                self.sift_down(p);
            }
        } else {
            self.heap.push((key, id));
            let p = self.heap.len() - 1;
            self.pos[id as usize] = p as u32;
            self.sift_up(p);
        }
    }

    /// The id with the smallest key (ties: whichever the heap holds at the top — deterministic).
    #[inline]
    pub fn peek(&self) -> Option<u32> {
        self.heap.first().map(|e| e.1)
    }

    pub fn pop(&mut self) -> Option<u32> {
        let id = self.peek()?;
        self.remove(id);
        Some(id)
    }

    pub fn remove(&mut self, id: u32) -> bool {
        if !self.contains(id) {
            return false;
        }
        let p = self.pos[id as usize] as usize;
        let last = self.heap.len() - 1;
        self.heap.swap(p, last);
        self.pos[self.heap[p].1 as usize] = p as u32;
        self.heap.pop();
        self.pos[id as usize] = ABSENT;
        if p < self.heap.len() {
            self.sift_down(p);
            self.sift_up(p);
        }
        true
    }

    /// Applies `f` to every key, then restores heap order in O(n) (e.g. LFU aging).
    pub fn rekey_all(&mut self, mut f: impl FnMut(K) -> K) {
        for e in &mut self.heap {
            e.0 = f(e.0);
        }
        for p in (0..self.heap.len() / 2).rev() {
            self.sift_down(p);
        }
    }

    /// Resident ids in heap (not sorted) order.
    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.heap.iter().map(|e| e.1)
    }

    /// Heap order: by key, ties by id.
    #[inline]
    fn less(&self, a: usize, b: usize) -> bool {
        self.heap[a] < self.heap[b]
    }

    fn swap(&mut self, a: usize, b: usize) {
        self.heap.swap(a, b);
        self.pos[self.heap[a].1 as usize] = a as u32;
        self.pos[self.heap[b].1 as usize] = b as u32;
    }

    fn sift_up(&mut self, mut p: usize) {
        while p > 0 {
            let parent = (p - 1) / 2;
            if !self.less(p, parent) {
                break;
            }
            self.swap(p, parent);
            p = parent;
        }
    }

    fn sift_down(&mut self, mut p: usize) {
        loop {
            let (l, r) = (2 * p + 1, 2 * p + 2);
            let mut m = p;
            if l < self.heap.len() && self.less(l, m) {
                m = l;
            }
            if r < self.heap.len() && self.less(r, m) {
                m = r;
            }
            if m == p {
                break;
            }
            self.swap(p, m);
            p = m;
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        for (p, &(_, id)) in self.heap.iter().enumerate() {
            if self.pos[id as usize] as usize != p {
                return Err(format!("id {id} at heap slot {p} but pos says {}", self.pos[id as usize]));
            }
            if p > 0 && self.less(p, (p - 1) / 2) {
                return Err(format!("heap order broken at slot {p}"));
            }
        }
        let present = self.pos.iter().filter(|&&p| p != ABSENT).count();
        if present != self.heap.len() {
            return Err(format!("{present} ids marked present, heap holds {}", self.heap.len()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;
    use std::collections::BTreeSet;

    /// Ties are broken by id, so the heap's minimum is exactly the BTreeSet's first element.
    #[test]
    fn agrees_with_a_btreeset_model() {
        let mut rng = Rng::seeded(3);
        let mut h: IndexedHeap<u64> = IndexedHeap::new(8, 8);
        let mut model: BTreeSet<(u64, u32)> = BTreeSet::new();
        let mut keys = [0u64; 40];
        for _ in 0..20_000 {
            let id = rng.below(40) as u32;
            match rng.below(4) {
                0 | 1 => {
                    let k = rng.below(30);
                    if h.contains(id) {
                        model.remove(&(keys[id as usize], id));
                    }
                    h.set(id, k);
                    keys[id as usize] = k;
                    model.insert((k, id));
                }
                2 => {
                    if h.remove(id) {
                        assert!(model.remove(&(keys[id as usize], id)));
                    }
                }
                _ => assert_eq!(h.pop(), model.pop_first().map(|(_, id)| id)),
            }
            h.validate().unwrap();
            assert_eq!(h.peek(), model.first().map(|&(_, id)| id));
        }
        h.rekey_all(|k| k / 2);
        h.validate().unwrap();
    }
}
