//! Up to four disjoint doubly linked lists over one id universe, sharing one per-id index and
//! one node pool — for policies that move ids between several queues (ARC's T1/T2/B1/B2, 2Q's
//! A1in/A1out/Am). An id is in at most one list at a time.
//!
//! Memory: a 4-byte index entry per id in the universe, holding the node index, which list the
//! id is in (two bits, so membership tests touch no node) and two spare bits a policy may use
//! for a listed id (S3-FIFO's access counter); and a 12-byte node
//! (id, prev, next) per listed id. A cache of C blocks with C ghost entries over U = 10·C ids
//! costs 40 + 24 = 64 bytes per cached block, where separate [`IdList`](super::slab::IdList)s
//! would cost 4·U per list.

use super::slab::NIL;

/// Index entry layout: node << 4 | aux << 2 | list.
const LIST_MASK: u32 = 0b11;
const AUX_SHIFT: u32 = 2;
const AUX_MASK: u32 = 0b11 << AUX_SHIFT;
const NODE_SHIFT: u32 = 4;
/// Most nodes the packed index can address (2^28 − 1).
const MAX_NODES: usize = (u32::MAX >> NODE_SHIFT) as usize;

#[derive(Clone, Copy, Debug)]
struct Node {
    id: u32,
    prev: u32,
    next: u32,
}

#[derive(Clone, Copy, Debug)]
struct Ends {
    front: u32,
    back: u32,
    len: usize,
}

const EMPTY: Ends = Ends { front: NIL, back: NIL, len: 0 };

/// `N` (≤ 4) lists; each has a front ("eject me next") and a back ("eject me last") end.
#[derive(Clone, Debug)]
pub struct ListSet<const N: usize> {
    /// Per id: `node << 2 | list`, or `NIL`.
    slot_of: Vec<u32>,
    nodes: Vec<Node>,
    free: u32,
    ends: [Ends; N],
}

impl<const N: usize> ListSet<N> {
    /// Empty lists for ids `0..universe`, with room for `capacity` listed ids in all.
    pub fn with_capacity(universe: usize, capacity: usize) -> Self {
        const { assert!(N >= 1 && N <= 4, "ListSet holds 1 to 4 lists") };
        let mut nodes = Vec::new();
        nodes.reserve_exact(capacity.min(MAX_NODES));
        Self { slot_of: vec![NIL; universe], nodes, free: NIL, ends: [EMPTY; N] }
    }

    #[inline]
    fn packed(&self, id: u32) -> u32 {
        self.slot_of.get(id as usize).copied().unwrap_or(NIL)
    }

    /// The list `id` is in, if any.
    #[inline]
    pub fn list_of(&self, id: u32) -> Option<usize> {
        let p = self.packed(id);
        (p != NIL).then_some((p & LIST_MASK) as usize)
    }

    /// The two spare bits of a listed id (0 when unlisted); reset to 0 whenever it is listed.
    #[inline]
    pub fn aux(&self, id: u32) -> u8 {
        let p = self.packed(id);
        if p == NIL {
            0
        } else {
            ((p & AUX_MASK) >> AUX_SHIFT) as u8
        }
    }

    /// Sets the spare bits (0..=3) of a listed id; no-op for an unlisted one.
    #[inline]
    pub fn set_aux(&mut self, id: u32, value: u8) {
        debug_assert!(value <= 3);
        if let Some(p) = self.slot_of.get_mut(id as usize).filter(|p| **p != NIL) {
            *p = (*p & !AUX_MASK) | (value as u32 & 3) << AUX_SHIFT;
        }
    }

    #[inline]
    pub fn contains(&self, list: usize, id: u32) -> bool {
        self.list_of(id) == Some(list)
    }

    #[inline]
    pub fn len(&self, list: usize) -> usize {
        self.ends[list].len
    }

    #[inline]
    pub fn is_empty(&self, list: usize) -> bool {
        self.ends[list].len == 0
    }

    #[inline]
    pub fn front(&self, list: usize) -> Option<u32> {
        let f = self.ends[list].front;
        (f != NIL).then(|| self.nodes[f as usize].id)
    }

    #[inline]
    pub fn back(&self, list: usize) -> Option<u32> {
        let b = self.ends[list].back;
        (b != NIL).then(|| self.nodes[b as usize].id)
    }

    #[inline]
    fn alloc(&mut self, list: usize, id: u32, prev: u32, next: u32) -> u32 {
        debug_assert!(id != NIL && self.list_of(id).is_none(), "id {id} is listed already");
        if self.slot_of.len() <= id as usize {
            let n = (id as usize + 1).max(self.slot_of.len() * 2);
            self.slot_of.resize(n, NIL);
        }
        let node = Node { id, prev, next };
        let n = if self.free != NIL {
            let n = self.free;
            self.free = self.nodes[n as usize].next;
            self.nodes[n as usize] = node;
            n
        } else {
            assert!(self.nodes.len() < MAX_NODES, "ListSet: more than {MAX_NODES} listed ids");
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        self.slot_of[id as usize] = n << NODE_SHIFT | list as u32;
        self.ends[list].len += 1;
        n
    }

    /// Puts an unlisted id at the front of `list`.
    pub fn push_front(&mut self, list: usize, id: u32) {
        let old = self.ends[list].front;
        let n = self.alloc(list, id, NIL, old);
        if old == NIL {
            self.ends[list].back = n;
        } else {
            self.nodes[old as usize].prev = n;
        }
        self.ends[list].front = n;
    }

    /// Puts an unlisted id at the back of `list`.
    pub fn push_back(&mut self, list: usize, id: u32) {
        let old = self.ends[list].back;
        let n = self.alloc(list, id, old, NIL);
        if old == NIL {
            self.ends[list].front = n;
        } else {
            self.nodes[old as usize].next = n;
        }
        self.ends[list].back = n;
    }

    /// Unlists `id`; returns the list it was in.
    pub fn remove(&mut self, id: u32) -> Option<usize> {
        let p = self.packed(id);
        if p == NIL {
            return None;
        }
        let (n, list) = (p >> NODE_SHIFT, (p & LIST_MASK) as usize);
        let Node { prev, next, .. } = self.nodes[n as usize];
        if prev == NIL {
            self.ends[list].front = next;
        } else {
            self.nodes[prev as usize].next = next;
        }
        if next == NIL {
            self.ends[list].back = prev;
        } else {
            self.nodes[next as usize].prev = prev;
        }
        self.nodes[n as usize] = Node { id: NIL, prev: NIL, next: self.free };
        self.free = n;
        self.slot_of[id as usize] = NIL;
        self.ends[list].len -= 1;
        Some(list)
    }

    /// Unlists `id` if it is in `list`; returns whether it was.
    pub fn remove_from(&mut self, list: usize, id: u32) -> bool {
        self.contains(list, id) && self.remove(id).is_some()
    }

    pub fn pop_front(&mut self, list: usize) -> Option<u32> {
        let id = self.front(list)?;
        self.remove(id);
        Some(id)
    }

    /// Moves a listed id (from any list) to the back of `list`, keeping its spare bits.
    pub fn move_to_back(&mut self, list: usize, id: u32) {
        let aux = self.aux(id);
        self.remove(id);
        self.push_back(list, id);
        self.set_aux(id, aux);
    }

    /// Moves a listed id (from any list) to the front of `list`, keeping its spare bits.
    pub fn move_to_front(&mut self, list: usize, id: u32) {
        let aux = self.aux(id);
        self.remove(id);
        self.push_front(list, id);
        self.set_aux(id, aux);
    }

    /// The ids of `list`, front to back.
    pub fn iter(&self, list: usize) -> impl Iterator<Item = u32> + '_ {
        let mut cur = self.ends[list].front;
        std::iter::from_fn(move || {
            if cur == NIL {
                return None;
            }
            let node = self.nodes[cur as usize];
            cur = node.next;
            Some(node.id)
        })
    }

    /// Checks every link, the packed index and the free chain.
    pub fn validate(&self) -> Result<(), String> {
        let mut total = 0;
        for list in 0..N {
            let Ends { front, back, len } = self.ends[list];
            let (mut prev, mut cur, mut count) = (NIL, front, 0usize);
            while cur != NIL {
                let node = self.nodes.get(cur as usize).ok_or(format!("list {list}: node {cur} outside the pool"))?;
                if node.prev != prev {
                    return Err(format!("list {list}: id {} has prev {} but follows {prev}", node.id, node.prev));
                }
                if self.packed(node.id) & !AUX_MASK != cur << NODE_SHIFT | list as u32 {
                    return Err(format!(
                        "list {list}: id {} in node {cur} but indexed {:#x}",
                        node.id,
                        self.packed(node.id)
                    ));
                }
                count += 1;
                if count > len {
                    return Err(format!("list {list}: walk exceeds len {len} (cycle?)"));
                }
                prev = cur;
                cur = node.next;
            }
            if prev != back || count != len {
                return Err(format!("list {list}: walked {count} ids ending at {prev}; len {len}, back {back}"));
            }
            total += len;
        }
        let indexed = self.slot_of.iter().filter(|&&p| p != NIL).count();
        if indexed != total {
            return Err(format!("{indexed} ids indexed but {total} listed"));
        }
        let (mut free, mut f) = (0usize, self.free);
        while f != NIL {
            free += 1;
            if free > self.nodes.len() {
                return Err("free chain loops".into());
            }
            f = self.nodes[f as usize].next;
        }
        if free + total != self.nodes.len() {
            return Err(format!("{free} free + {total} used nodes but the pool has {}", self.nodes.len()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot<const N: usize>(s: &ListSet<N>) -> Vec<Vec<u32>> {
        s.validate().unwrap();
        (0..N).map(|l| s.iter(l).collect()).collect()
    }

    #[test]
    fn ids_move_between_lists_and_the_index_follows() {
        let mut s = ListSet::<3>::with_capacity(8, 4);
        s.push_back(0, 1);
        s.push_back(0, 2);
        s.push_front(1, 3);
        s.push_back(2, 4);
        assert_eq!(snapshot(&s), [vec![1, 2], vec![3], vec![4]]);
        assert_eq!((s.list_of(2), s.list_of(3), s.list_of(7)), (Some(0), Some(1), None));
        s.move_to_back(1, 1); // 1: list 0 → back of list 1
        assert_eq!(snapshot(&s), [vec![2], vec![3, 1], vec![4]]);
        s.move_to_front(2, 3);
        assert_eq!(snapshot(&s), [vec![2], vec![1], vec![3, 4]]);
        assert!(!s.remove_from(0, 3), "3 is not in list 0");
        assert!(s.remove_from(2, 3));
        assert_eq!(s.pop_front(2), Some(4));
        assert_eq!(s.pop_front(2), None);
        s.push_back(2, 20); // beyond the universe: the index grows
        assert_eq!(snapshot(&s), [vec![2], vec![1], vec![20]]);
        assert_eq!((s.len(0), s.len(1), s.len(2)), (1, 1, 1));
        assert_eq!((s.front(1), s.back(2)), (Some(1), Some(20)));
        // Spare bits ride along with moves and clear on re-listing.
        s.set_aux(1, 3);
        s.move_to_front(0, 1);
        assert_eq!((s.aux(1), s.list_of(1)), (3, Some(0)));
        s.validate().unwrap();
        s.remove(1);
        assert_eq!(s.aux(1), 0);
        s.set_aux(1, 2); // unlisted: ignored
        s.push_back(1, 1);
        assert_eq!(s.aux(1), 0);
    }

    #[test]
    fn agrees_with_separate_vecs_under_random_operations() {
        let mut rng = crate::util::rng::Rng::seeded(5);
        let mut s = ListSet::<4>::with_capacity(32, 8);
        let mut model: [Vec<u32>; 4] = Default::default();
        for step in 0..20_000 {
            let id = rng.below(40) as u32;
            let list = rng.below(4) as usize;
            let at = model.iter().position(|l| l.contains(&id));
            match rng.below(5) {
                0 | 1 => {
                    if let Some(l) = at {
                        model[l].retain(|&x| x != id);
                    }
                    model[list].push(id);
                    if at.is_some() {
                        s.move_to_back(list, id);
                    } else {
                        s.push_back(list, id);
                    }
                }
                2 => {
                    if let Some(l) = at {
                        model[l].retain(|&x| x != id);
                    }
                    model[list].insert(0, id);
                    if at.is_some() {
                        s.move_to_front(list, id);
                    } else {
                        s.push_front(list, id);
                    }
                }
                3 => assert_eq!(s.remove(id), at.inspect(|&l| model[l].retain(|&x| x != id)), "step {step}"),
                _ => {
                    let expect = (!model[list].is_empty()).then(|| model[list].remove(0));
                    assert_eq!(s.pop_front(list), expect, "step {step}");
                }
            }
            assert_eq!(snapshot(&s), model.to_vec(), "step {step}");
        }
    }
}
