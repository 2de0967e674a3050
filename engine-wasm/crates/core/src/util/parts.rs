//! Any number of disjoint doubly linked lists over one id universe — a cache cut into
//! partitions (paper 002's per-range partitions), each kept in its own order. One 4-byte index
//! entry per id in the universe and one 16-byte node (id, prev, next, list) per listed id,
//! drawn from a pool with a free chain: no hashing and no allocation once the pool is reserved.
//! [`IdList`](super::slab::IdList) is the one-list case; [`ListSet`](super::list_set::ListSet)
//! packs up to four lists' membership into the index.
//!
//! Each list has a **front** (its oldest entry) and a **back** (its newest).

use super::slab::NIL;

#[derive(Clone, Copy, Debug)]
struct Node {
    id: u32,
    prev: u32,
    next: u32,
    list: u32,
}

#[derive(Clone, Copy, Debug)]
struct Ends {
    front: u32,
    back: u32,
    len: u32,
}

const EMPTY: Ends = Ends { front: NIL, back: NIL, len: 0 };

#[derive(Clone, Debug)]
pub struct Parts {
    slot_of: Vec<u32>,
    nodes: Vec<Node>,
    free: u32,
    lists: Vec<Ends>,
    len: usize,
}

impl Parts {
    /// `lists` empty lists over ids `0..universe`, room for `capacity` ids in all.
    pub fn new(universe: usize, lists: usize, capacity: usize) -> Self {
        let mut nodes = Vec::new();
        nodes.reserve_exact(capacity);
        Self { slot_of: vec![NIL; universe], nodes, free: NIL, lists: vec![EMPTY; lists], len: 0 }
    }

    /// Ids in all lists.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn list_len(&self, list: usize) -> usize {
        self.lists[list].len as usize
    }

    /// The list holding `id`, if any.
    #[inline]
    pub fn list_of(&self, id: u32) -> Option<usize> {
        match self.slot_of.get(id as usize) {
            Some(&s) if s != NIL => Some(self.nodes[s as usize].list as usize),
            _ => None,
        }
    }

    #[inline]
    pub fn front(&self, list: usize) -> Option<u32> {
        let f = self.lists[list].front;
        (f != NIL).then(|| self.nodes[f as usize].id)
    }

    #[inline]
    pub fn back(&self, list: usize) -> Option<u32> {
        let b = self.lists[list].back;
        (b != NIL).then(|| self.nodes[b as usize].id)
    }

    /// Appends `id` (not in any list) at the back of `list`.
    pub fn push_back(&mut self, list: usize, id: u32) {
        debug_assert!(self.list_of(id).is_none(), "id {id} is already listed");
        let slot = if self.free != NIL {
            let s = self.free;
            self.free = self.nodes[s as usize].next;
            s
        } else {
            self.nodes.push(Node { id, prev: NIL, next: NIL, list: 0 });
            (self.nodes.len() - 1) as u32
        };
        let back = self.lists[list].back;
        self.nodes[slot as usize] = Node { id, prev: back, next: NIL, list: list as u32 };
        if back != NIL {
            self.nodes[back as usize].next = slot;
        } else {
            self.lists[list].front = slot;
        }
        let ends = &mut self.lists[list];
        ends.back = slot;
        ends.len += 1;
        self.slot_of[id as usize] = slot;
        self.len += 1;
    }

    fn unlink(&mut self, slot: u32) -> usize {
        let Node { prev, next, list, .. } = self.nodes[slot as usize];
        if prev != NIL {
            self.nodes[prev as usize].next = next;
        } else {
            self.lists[list as usize].front = next;
        }
        if next != NIL {
            self.nodes[next as usize].prev = prev;
        } else {
            self.lists[list as usize].back = prev;
        }
        self.lists[list as usize].len -= 1;
        list as usize
    }

    /// Removes `id`; returns the list it was in.
    pub fn remove(&mut self, id: u32) -> Option<usize> {
        let slot = *self.slot_of.get(id as usize)?;
        if slot == NIL {
            return None;
        }
        let list = self.unlink(slot);
        self.slot_of[id as usize] = NIL;
        self.nodes[slot as usize].next = self.free;
        self.free = slot;
        self.len -= 1;
        Some(list)
    }

    /// Moves a listed `id` to the back of its list.
    pub fn move_to_back(&mut self, id: u32) {
        let slot = self.slot_of[id as usize];
        debug_assert!(slot != NIL, "id {id} is not listed");
        if self.lists[self.nodes[slot as usize].list as usize].back == slot {
            return;
        }
        let list = self.unlink(slot);
        let back = self.lists[list].back;
        let node = &mut self.nodes[slot as usize];
        node.prev = back;
        node.next = NIL;
        self.nodes[back as usize].next = slot;
        let ends = &mut self.lists[list];
        ends.back = slot;
        ends.len += 1;
    }

    /// `list`'s ids, front to back.
    pub fn iter(&self, list: usize) -> impl Iterator<Item = u32> + '_ {
        let mut at = self.lists[list].front;
        std::iter::from_fn(move || {
            (at != NIL).then(|| {
                let n = self.nodes[at as usize];
                at = n.next;
                n.id
            })
        })
    }

    /// Links, lengths and the index agree.
    pub fn validate(&self) -> Result<(), String> {
        let mut total = 0;
        for (l, ends) in self.lists.iter().enumerate() {
            let (mut at, mut prev, mut n) = (ends.front, NIL, 0u32);
            while at != NIL {
                let node = self.nodes[at as usize];
                if node.prev != prev || node.list as usize != l || self.slot_of[node.id as usize] != at {
                    return Err(format!("list {l}: node {at} (id {}) is mislinked", node.id));
                }
                n += 1;
                if n > ends.len {
                    return Err(format!("list {l}: more nodes than its length {}", ends.len));
                }
                prev = at;
                at = node.next;
            }
            if n != ends.len || prev != ends.back {
                return Err(format!("list {l}: {n} nodes linked, length {}", ends.len));
            }
            total += n as usize;
        }
        let indexed = self.slot_of.iter().filter(|&&s| s != NIL).count();
        if total != self.len || indexed != self.len {
            return Err(format!("{total} linked, {indexed} indexed, length {}", self.len));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_their_own_order_and_share_the_index() {
        let mut p = Parts::new(20, 3, 4);
        for (l, id) in [(0, 5), (1, 6), (0, 7), (2, 8), (1, 9), (0, 10)] {
            p.push_back(l, id);
        }
        assert_eq!(p.iter(0).collect::<Vec<_>>(), [5, 7, 10]);
        assert_eq!(p.iter(1).collect::<Vec<_>>(), [6, 9]);
        assert_eq!((p.len(), p.list_len(2), p.list_of(9), p.list_of(11)), (6, 1, Some(1), None));
        p.move_to_back(5);
        assert_eq!((p.front(0), p.back(0)), (Some(7), Some(5)));
        assert_eq!(p.remove(7), Some(0));
        assert_eq!(p.remove(7), None);
        assert_eq!(p.remove(99), None);
        p.push_back(2, 7);
        assert_eq!(p.iter(2).collect::<Vec<_>>(), [8, 7]);
        assert_eq!(p.iter(0).collect::<Vec<_>>(), [10, 5]);
        p.validate().unwrap();
        for id in [10, 5] {
            p.remove(id);
        }
        assert_eq!((p.front(0), p.back(0), p.list_len(0)), (None, None, 0));
        p.validate().unwrap();
    }

    #[test]
    fn agrees_with_vectors_under_random_operations() {
        let mut rng = crate::util::rng::Rng::seeded(3);
        let mut p = Parts::new(64, 4, 0);
        let mut model: Vec<Vec<u32>> = vec![Vec::new(); 4];
        for _ in 0..20_000 {
            let id = rng.below(64) as u32;
            let at = model.iter().position(|l| l.contains(&id));
            match (rng.below(3), at) {
                (0, None) => {
                    let l = rng.below(4) as usize;
                    p.push_back(l, id);
                    model[l].push(id);
                }
                (1, Some(l)) => {
                    assert_eq!(p.remove(id), Some(l));
                    model[l].retain(|&x| x != id);
                }
                (2, Some(l)) => {
                    p.move_to_back(id);
                    model[l].retain(|&x| x != id);
                    model[l].push(id);
                }
                _ => {}
            }
            assert_eq!(p.list_of(id), model.iter().position(|l| l.contains(&id)));
        }
        for (l, m) in model.iter().enumerate() {
            assert_eq!(&p.iter(l).collect::<Vec<_>>(), m);
        }
        p.validate().unwrap();
    }
}
