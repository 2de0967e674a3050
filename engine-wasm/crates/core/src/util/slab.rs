//! A doubly linked list over dense ids, stored as indices into a `Vec` (after quick_cache's
//! `linked_slab`): no pointers, no `unsafe`, no per-operation allocation once the id universe
//! is reserved, and no hashing — a block id *is* its node index.
//!
//! The list has two ends named after what a cache does with them: the **front** is the
//! "eject me next" end (the next victim), the **back** is the "eject me last" end.

/// Sentinel for "no neighbour".
pub const NIL: u32 = u32::MAX;
/// Sentinel stored in `prev` for an id that is not in the list.
const ABSENT: u32 = u32::MAX - 1;

#[derive(Clone, Copy, Debug)]
struct Links {
    prev: u32,
    next: u32,
}

const UNLINKED: Links = Links { prev: ABSENT, next: NIL };

/// A set of ids kept in a total order, with O(1) membership, removal and insertion at either end.
#[derive(Clone, Debug, Default)]
pub struct IdList {
    links: Vec<Links>,
    front: u32,
    back: u32,
    len: usize,
}

impl IdList {
    /// An empty list with room for ids `0..universe` without reallocating.
    pub fn with_universe(universe: usize) -> Self {
        Self { links: vec![UNLINKED; universe], front: NIL, back: NIL, len: 0 }
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
    pub fn contains(&self, id: u32) -> bool {
        self.links.get(id as usize).is_some_and(|l| l.prev != ABSENT)
    }

    /// The id at the "eject me next" end.
    #[inline]
    pub fn front(&self) -> Option<u32> {
        (self.front != NIL).then_some(self.front)
    }

    /// The id at the "eject me last" end.
    #[inline]
    pub fn back(&self) -> Option<u32> {
        (self.back != NIL).then_some(self.back)
    }

    /// Grows the id universe so `id` fits. Amortised; never happens on the hot path once
    /// the universe is reserved with [`IdList::with_universe`].
    #[inline]
    fn reserve_id(&mut self, id: u32) {
        debug_assert!(id < ABSENT, "id {id} collides with a sentinel");
        let need = id as usize + 1;
        if self.links.len() < need {
            let new_len = need.max(self.links.len() * 2);
            self.links.resize(new_len, UNLINKED);
        }
    }

    /// Inserts an absent id at the "eject me next" end.
    pub fn push_front(&mut self, id: u32) {
        self.reserve_id(id);
        debug_assert!(!self.contains(id), "push_front of resident id {id}");
        let old = self.front;
        self.links[id as usize] = Links { prev: NIL, next: old };
        if old == NIL {
            self.back = id;
        } else {
            self.links[old as usize].prev = id;
        }
        self.front = id;
        self.len += 1;
    }

    /// Inserts an absent id at the "eject me last" end.
    pub fn push_back(&mut self, id: u32) {
        self.reserve_id(id);
        debug_assert!(!self.contains(id), "push_back of resident id {id}");
        let old = self.back;
        self.links[id as usize] = Links { prev: old, next: NIL };
        if old == NIL {
            self.front = id;
        } else {
            self.links[old as usize].next = id;
        }
        self.back = id;
        self.len += 1;
    }

    /// Removes `id` if present; returns whether it was.
    pub fn remove(&mut self, id: u32) -> bool {
        if !self.contains(id) {
            return false;
        }
        let Links { prev, next } = self.links[id as usize];
        if prev == NIL {
            self.front = next;
        } else {
            self.links[prev as usize].next = next;
        }
        if next == NIL {
            self.back = prev;
        } else {
            self.links[next as usize].prev = prev;
        }
        self.links[id as usize] = UNLINKED;
        self.len -= 1;
        true
    }

    /// Removes and returns the id at the "eject me next" end.
    pub fn pop_front(&mut self) -> Option<u32> {
        let id = self.front()?;
        self.remove(id);
        Some(id)
    }

    /// Moves a resident id to the "eject me next" end.
    pub fn move_to_front(&mut self, id: u32) {
        if self.front != id {
            self.remove(id);
            self.push_front(id);
        }
    }

    /// Moves a resident id to the "eject me last" end.
    pub fn move_to_back(&mut self, id: u32) {
        if self.back != id {
            self.remove(id);
            self.push_back(id);
        }
    }

    /// The id after `id` (towards the "eject me last" end), if `id` is resident and not last.
    #[inline]
    pub fn next_of(&self, id: u32) -> Option<u32> {
        if !self.contains(id) {
            return None;
        }
        let n = self.links[id as usize].next;
        (n != NIL).then_some(n)
    }

    /// Inserts an absent id just before the resident id `before` (closer to the front).
    pub fn insert_before(&mut self, id: u32, before: u32) {
        debug_assert!(self.contains(before), "insert_before a non-resident id {before}");
        let prev = self.links[before as usize].prev;
        if prev == NIL {
            self.push_front(id);
            return;
        }
        self.reserve_id(id);
        debug_assert!(!self.contains(id), "insert_before of resident id {id}");
        self.links[id as usize] = Links { prev, next: before };
        self.links[prev as usize].next = id;
        self.links[before as usize].prev = id;
        self.len += 1;
    }

    /// Ids from the "eject me next" end to the "eject me last" end.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let mut cur = self.front;
        std::iter::from_fn(move || {
            if cur == NIL {
                return None;
            }
            let id = cur;
            cur = self.links[id as usize].next;
            Some(id)
        })
    }

    /// Walks the whole structure and checks every link and the length (tests and fuzzing).
    pub fn validate(&self) -> Result<(), String> {
        let mut count = 0usize;
        let mut prev = NIL;
        let mut cur = self.front;
        while cur != NIL {
            let l = self.links.get(cur as usize).ok_or(format!("id {cur} outside the slab"))?;
            if l.prev != prev {
                return Err(format!("id {cur}: prev is {} but walked from {prev}", l.prev));
            }
            count += 1;
            if count > self.len {
                return Err(format!("walk exceeds len {} (cycle?)", self.len));
            }
            prev = cur;
            cur = l.next;
        }
        if prev != self.back {
            return Err(format!("walk ended at {prev} but back is {}", self.back));
        }
        if count != self.len {
            return Err(format!("walked {count} ids but len is {}", self.len));
        }
        let members = self.links.iter().filter(|l| l.prev != ABSENT).count();
        if members != self.len {
            return Err(format!("{members} ids marked present but len is {}", self.len));
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
        let mut l = IdList::with_universe(16);
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
}
