//! A doubly linked list over dense ids, stored as indices into `Vec`s (after quick_cache's
//! `linked_slab`): no pointers, no `unsafe`, no hashing, and no allocation per operation once
//! the id universe and the node pool are reserved.
//!
//! Layout, chosen for memory: a 4-byte `slot_of` entry per id in the universe, and a 12-byte
//! node (id, prev, next) per id *in the list*, drawn from a pool with a free list. A cache of
//! C blocks over a universe of U ids costs 4·U + 12·C bytes — 52 bytes per cached block when
//! U = 10·C — rather than 8·U with links stored per id.
//!
//! The list has two ends named after what a cache does with them: the **front** is the
//! "eject me next" end (the next victim), the **back** is the "eject me last" end.

/// Sentinel for "no node" / "no neighbour".
pub const NIL: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node<W> {
    id: u32,
    prev: u32,
    next: u32,
    /// What the owner keeps with the id ([`IdList::push_back_weighted`]): nothing (`()`, no
    /// byte) for most lists; an object's size for a cache counted in bytes, read with the
    /// node its eviction reads anyway.
    weight: W,
}

/// A set of ids kept in a total order, with O(1) membership, removal and insertion at either end.
#[derive(Clone, Debug, Default)]
pub struct IdList<W: Copy + Default = ()> {
    /// Per id: index of its node, or `NIL`.
    slot_of: Vec<u32>,
    nodes: Vec<Node<W>>,
    /// Head of the free-node chain (linked through `next`).
    free: u32,
    front: u32,
    back: u32,
    len: usize,
}

impl<W: Copy + Default> IdList<W> {
    /// An empty list with room for ids `0..universe`; nodes are allocated as it grows.
    pub fn with_universe(universe: usize) -> Self {
        Self::with_capacity(universe, 0)
    }

    /// An empty list for ids `0..universe` that holds up to `capacity` ids without reallocating;
    /// an unbounded list (`usize::MAX`, a cache counted in bytes) reserves the universe.
    pub fn with_capacity(universe: usize, capacity: usize) -> Self {
        let mut nodes = Vec::new();
        nodes.reserve_exact(super::reserve_for(capacity, universe));
        Self { slot_of: vec![NIL; universe], nodes, free: NIL, front: NIL, back: NIL, len: 0 }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn slot(&self, id: u32) -> u32 {
        self.slot_of.get(id as usize).copied().unwrap_or(NIL)
    }

    #[inline]
    pub fn contains(&self, id: u32) -> bool {
        self.slot(id) != NIL
    }

    /// The id at the "eject me next" end.
    #[inline]
    pub fn front(&self) -> Option<u32> {
        (self.front != NIL).then(|| self.nodes[self.front as usize].id)
    }

    /// The id at the "eject me last" end.
    #[inline]
    pub fn back(&self) -> Option<u32> {
        (self.back != NIL).then(|| self.nodes[self.back as usize].id)
    }

    /// Takes a node for `id` (from the free chain, else a new one) and indexes it.
    #[inline]
    fn alloc(&mut self, id: u32, prev: u32, next: u32) -> u32 {
        debug_assert!(id != NIL, "id {id} collides with the sentinel");
        debug_assert!(!self.contains(id), "insert of resident id {id}");
        let need = id as usize + 1;
        if self.slot_of.len() < need {
            let n = need.max(self.slot_of.len() * 2);
            self.slot_of.resize(n, NIL);
        }
        let node = Node { id, prev, next, weight: W::default() };
        let n = if self.free != NIL {
            let n = self.free;
            self.free = self.nodes[n as usize].next;
            self.nodes[n as usize] = node;
            n
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        self.slot_of[id as usize] = n;
        self.len += 1;
        n
    }

    /// Inserts an absent id at the "eject me next" end.
    pub fn push_front(&mut self, id: u32) {
        let old = self.front;
        let n = self.alloc(id, NIL, old);
        if old == NIL {
            self.back = n;
        } else {
            self.nodes[old as usize].prev = n;
        }
        self.front = n;
    }

    /// Inserts an absent id at the "eject me last" end.
    pub fn push_back(&mut self, id: u32) {
        let old = self.back;
        let n = self.alloc(id, old, NIL);
        if old == NIL {
            self.front = n;
        } else {
            self.nodes[old as usize].next = n;
        }
        self.back = n;
    }

    /// Inserts an absent id at the "eject me last" end with its `weight`.
    #[inline]
    pub fn push_back_weighted(&mut self, id: u32, weight: W) {
        self.push_back(id);
        let n = self.back as usize;
        self.nodes[n].weight = weight;
    }

    /// Removes and returns the id at the "eject me next" end, with its weight.
    #[inline]
    pub fn pop_front_weighted(&mut self) -> Option<(u32, W)> {
        let weight = self.nodes.get(self.front as usize)?.weight;
        self.pop_front().map(|id| (id, weight))
    }

    /// A resident id's weight.
    #[inline]
    pub fn weight(&self, id: u32) -> Option<W> {
        let n = self.slot(id);
        (n != NIL).then(|| self.nodes[n as usize].weight)
    }

    /// Inserts an absent id just before the resident id `before` (closer to the front).
    pub fn insert_before(&mut self, id: u32, before: u32) {
        let b = self.slot(before);
        debug_assert!(b != NIL, "insert_before a non-resident id {before}");
        let prev = self.nodes[b as usize].prev;
        if prev == NIL {
            self.push_front(id);
            return;
        }
        let n = self.alloc(id, prev, b);
        self.nodes[prev as usize].next = n;
        self.nodes[b as usize].prev = n;
    }

    /// Removes `id` if present; returns whether it was.
    pub fn remove(&mut self, id: u32) -> bool {
        let n = self.slot(id);
        if n == NIL {
            return false;
        }
        let Node { prev, next, .. } = self.nodes[n as usize];
        if prev == NIL {
            self.front = next;
        } else {
            self.nodes[prev as usize].next = next;
        }
        if next == NIL {
            self.back = prev;
        } else {
            self.nodes[next as usize].prev = prev;
        }
        self.nodes[n as usize] = Node { id: NIL, prev: NIL, next: self.free, weight: W::default() };
        self.free = n;
        self.slot_of[id as usize] = NIL;
        self.len -= 1;
        true
    }

    /// Removes and returns the id at the "eject me next" end. Its node is known, so its index
    /// entry is only written, never read first (a cache's victim is seldom in the processor's
    /// caches).
    pub fn pop_front(&mut self) -> Option<u32> {
        let n = self.front;
        if n == NIL {
            return None;
        }
        let Node { id, next, .. } = self.nodes[n as usize];
        self.front = next;
        if next == NIL {
            self.back = NIL;
        } else {
            self.nodes[next as usize].prev = NIL;
        }
        self.nodes[n as usize] = Node { id: NIL, prev: NIL, next: self.free, weight: W::default() };
        self.free = n;
        self.slot_of[id as usize] = NIL;
        self.len -= 1;
        Some(id)
    }

    /// Moves a resident id to the "eject me next" end.
    pub fn move_to_front(&mut self, id: u32) {
        let moved = self.try_move_to_front(id);
        debug_assert!(moved, "move of a non-resident id {id}");
    }

    /// Moves a resident id to the "eject me last" end.
    pub fn move_to_back(&mut self, id: u32) {
        let moved = self.try_move_to_back(id);
        debug_assert!(moved, "move of a non-resident id {id}");
    }

    /// Moves `id` to the "eject me next" end if it is resident; returns whether it was. Its node
    /// is relinked in place (one index lookup, no trip through the free chain): the hot path
    /// of every list policy's hit.
    #[inline]
    pub fn try_move_to_front(&mut self, id: u32) -> bool {
        let n = self.slot(id);
        if n == NIL {
            return false;
        }
        if n != self.front {
            self.unlink(n);
            let old = self.front;
            self.nodes[n as usize].prev = NIL;
            self.nodes[n as usize].next = old;
            // `old` exists: the list held `n` and another node before the unlink.
            self.nodes[old as usize].prev = n;
            self.front = n;
        }
        true
    }

    /// Moves `id` to the "eject me last" end if it is resident; returns whether it was (see
    /// [`IdList::try_move_to_front`]).
    #[inline]
    pub fn try_move_to_back(&mut self, id: u32) -> bool {
        let n = self.slot(id);
        if n == NIL {
            return false;
        }
        if n != self.back {
            self.unlink(n);
            let old = self.back;
            self.nodes[n as usize].prev = old;
            self.nodes[n as usize].next = NIL;
            self.nodes[old as usize].next = n;
            self.back = n;
        }
        true
    }

    /// Takes node `n` out of the order (it stays allocated and indexed); the list must hold
    /// another node, which keeps `front` and `back` set.
    #[inline]
    fn unlink(&mut self, n: u32) {
        let Node { prev, next, .. } = self.nodes[n as usize];
        if prev == NIL {
            self.front = next;
        } else {
            self.nodes[prev as usize].next = next;
        }
        if next == NIL {
            self.back = prev;
        } else {
            self.nodes[next as usize].prev = prev;
        }
    }

    /// The id after `id` (towards the "eject me last" end), if `id` is resident and not last.
    #[inline]
    pub fn next_of(&self, id: u32) -> Option<u32> {
        let n = self.slot(id);
        if n == NIL {
            return None;
        }
        let next = self.nodes[n as usize].next;
        (next != NIL).then(|| self.nodes[next as usize].id)
    }

    /// Ids from the "eject me next" end to the "eject me last" end.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let mut cur = self.front;
        std::iter::from_fn(move || {
            if cur == NIL {
                return None;
            }
            let node = self.nodes[cur as usize];
            cur = node.next;
            Some(node.id)
        })
    }

    /// Bytes held by this list's own structures (index and node pool), for memory reports.
    pub fn memory_bytes(&self) -> usize {
        self.slot_of.capacity() * 4 + self.nodes.capacity() * std::mem::size_of::<Node<W>>()
    }

    /// Walks the whole structure and checks every link, the index and the free chain.
    pub fn validate(&self) -> Result<(), String> {
        let mut count = 0usize;
        let mut prev = NIL;
        let mut cur = self.front;
        while cur != NIL {
            let node = self.nodes.get(cur as usize).ok_or(format!("node {cur} outside the pool"))?;
            if node.prev != prev {
                return Err(format!("id {}: prev is node {} but walked from {prev}", node.id, node.prev));
            }
            if self.slot(node.id) != cur {
                return Err(format!("id {} sits in node {cur} but is indexed at {}", node.id, self.slot(node.id)));
            }
            count += 1;
            if count > self.len {
                return Err(format!("walk exceeds len {} (cycle?)", self.len));
            }
            prev = cur;
            cur = node.next;
        }
        if prev != self.back {
            return Err(format!("walk ended at node {prev} but back is {}", self.back));
        }
        if count != self.len {
            return Err(format!("walked {count} ids but len is {}", self.len));
        }
        let indexed = self.slot_of.iter().filter(|&&n| n != NIL).count();
        if indexed != self.len {
            return Err(format!("{indexed} ids indexed but len is {}", self.len));
        }
        let mut free = 0usize;
        let mut f = self.free;
        while f != NIL {
            free += 1;
            if free > self.nodes.len() {
                return Err("free chain loops".into());
            }
            f = self.nodes[f as usize].next;
        }
        if free + self.len != self.nodes.len() {
            return Err(format!("{free} free + {} used nodes but the pool has {}", self.len, self.nodes.len()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(l: &IdList) -> Vec<u32> {
        l.validate().unwrap();
        l.iter().collect()
    }

    #[test]
    fn pushes_at_both_ends_keep_order() {
        let mut l = IdList::with_universe(4);
        l.push_back(1); // [1]
        l.push_back(2); // [1, 2]
        l.push_front(0); // [0, 1, 2]
        assert_eq!(snapshot(&l), [0, 1, 2]);
        assert_eq!((l.front(), l.back(), l.len()), (Some(0), Some(2), 3));
        l.push_back(9); // grows past the reserved universe: [0, 1, 2, 9]
        assert_eq!(snapshot(&l), [0, 1, 2, 9]);
    }

    #[test]
    fn removal_from_middle_and_ends() {
        let mut l = IdList::with_universe(8);
        for id in [3, 5, 7, 1] {
            l.push_back(id);
        }
        assert!(l.remove(5)); // [3, 7, 1]
        assert_eq!(snapshot(&l), [3, 7, 1]);
        assert!(!l.remove(5), "second removal is a no-op");
        assert_eq!(l.pop_front(), Some(3)); // [7, 1]
        assert!(l.remove(1)); // [7]
        assert_eq!(snapshot(&l), [7]);
        assert_eq!(l.pop_front(), Some(7)); // []
        assert_eq!(snapshot(&l), Vec::<u32>::new());
        assert_eq!((l.front(), l.back(), l.pop_front()), (None, None, None));
        assert!(!l.contains(7) && !l.contains(100));
    }

    #[test]
    fn moves_to_either_end() {
        let mut l = IdList::with_universe(4);
        for id in 0..4 {
            l.push_back(id);
        }
        l.move_to_back(1); // [0, 2, 3, 1]
        assert_eq!(snapshot(&l), [0, 2, 3, 1]);
        l.move_to_front(3); // [3, 0, 2, 1]
        assert_eq!(snapshot(&l), [3, 0, 2, 1]);
        l.move_to_front(3); // already there
        l.move_to_back(1); // already there
        assert_eq!(snapshot(&l), [3, 0, 2, 1]);
    }

    #[test]
    fn neighbours_and_insert_before() {
        let mut l = IdList::with_universe(8);
        for id in [1, 2, 3] {
            l.push_back(id);
        }
        assert_eq!((l.next_of(1), l.next_of(3), l.next_of(7)), (Some(2), None, None));
        l.insert_before(5, 3); // [1, 2, 5, 3]
        l.insert_before(6, 1); // [6, 1, 2, 5, 3]
        assert_eq!(snapshot(&l), [6, 1, 2, 5, 3]);
    }

    /// Random operations against a `VecDeque` model, validating after every step.
    #[test]
    fn random_operations_match_a_naive_model() {
        use crate::util::rng::Rng;
        use std::collections::VecDeque;
        let mut rng = Rng::seeded(7);
        let mut l: IdList = IdList::with_universe(16);
        let mut model: VecDeque<u32> = VecDeque::new();
        for _ in 0..20_000 {
            let id = rng.below(24) as u32;
            match rng.below(5) {
                0 if !model.contains(&id) => {
                    l.push_front(id);
                    model.push_front(id);
                }
                1 if !model.contains(&id) => {
                    l.push_back(id);
                    model.push_back(id);
                }
                2 => {
                    let was = model.iter().position(|&x| x == id).map(|p| model.remove(p));
                    assert_eq!(l.remove(id), was.is_some());
                }
                3 => assert_eq!(l.pop_front(), model.pop_front()),
                _ if model.contains(&id) => {
                    l.move_to_back(id);
                    let p = model.iter().position(|&x| x == id).unwrap();
                    model.remove(p);
                    model.push_back(id);
                }
                _ => {}
            }
            l.validate().unwrap();
            assert!(l.iter().eq(model.iter().copied()));
        }
    }

    #[test]
    fn weights_travel_with_their_ids() {
        let mut l: IdList<u64> = IdList::with_universe(4);
        l.push_back_weighted(3, 300);
        l.push_back_weighted(1, 100);
        l.push_back(2);
        assert!(l.try_move_to_back(3));
        assert_eq!((l.weight(1), l.weight(2), l.weight(3), l.weight(0)), (Some(100), Some(0), Some(300), None));
        assert_eq!(l.pop_front_weighted(), Some((1, 100)));
        // The freed node is reused with the newcomer's weight, not the old one's.
        l.push_back_weighted(0, 7);
        assert_eq!(
            (l.pop_front_weighted(), l.pop_front_weighted(), l.pop_front_weighted()),
            (Some((2, 0)), Some((3, 300)), Some((0, 7)))
        );
        assert_eq!(l.pop_front_weighted(), None);
        l.validate().unwrap();
    }
}
