//! LRU and FIFO counted in bytes, each object's size kept in its list node
//! ([`IdList::push_back_weighted`]): an eviction reads the victim's size from the node it
//! unlinks anyway, and the newcomer's node reuses the victim's — one cache line where
//! [`super::BySize`] over the same policy touches a per-id size array besides. The rules are
//! `BySize`'s exactly (a test holds the two together): evict from the front until the newcomer
//! fits, never admit an object larger than the cache, a hit keeps the admitted size (and, under
//! LRU, moves to the back).
//!
//! A node keeps its object's bytes in 4 bytes — a 16-byte node, where 8 would make it 24 and the
//! walk through the list a third heavier in memory — so an object of 4 GiB or more keeps
//! [`BIG`] there and its bytes in a table of its own (such objects are few; none in most traces).

use std::collections::HashMap;

use crate::model::Block;
use crate::util::slab::IdList;

/// A node's weight for an object of at least `BIG` bytes, whose bytes the `big` table holds.
const BIG: u32 = u32::MAX;

pub struct ListBytes {
    /// Front: the next victim; each node's weight is its object's bytes (or [`BIG`]).
    queue: IdList<u32>,
    /// The bytes of the cached objects of 4 GiB or more.
    big: HashMap<Block, u64>,
    /// LRU: a hit moves to the back; FIFO: it stays.
    lru: bool,
    capacity: u64,
    used: u64,
}

impl ListBytes {
    pub fn new(lru: bool, capacity: u64, universe: usize) -> Self {
        Self { queue: IdList::with_capacity(universe, usize::MAX), big: HashMap::new(), lru, capacity, used: 0 }
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    pub fn contains(&self, block: Block) -> bool {
        self.queue.contains(block)
    }

    /// A reference to `block` of `size` bytes; `admit`: whether a miss may enter. Victims are
    /// pushed into `evicted`; returns whether it hit.
    #[inline]
    pub fn access(&mut self, block: Block, size: u64, admit: bool, evicted: &mut Vec<Block>) -> bool {
        let hit = if self.lru { self.queue.try_move_to_back(block) } else { self.queue.contains(block) };
        if hit {
            return true;
        }
        if !admit || size > self.capacity {
            return false;
        }
        while self.used + size > self.capacity {
            let (victim, weight) = self.queue.pop_front_weighted().expect("bytes in use, so an object is cached");
            self.used -= self.leaving_bytes(victim, weight);
            evicted.push(victim);
        }
        let weight = match u32::try_from(size) {
            Ok(w) if w < BIG => w,
            _ => {
                self.big.insert(block, size);
                BIG
            }
        };
        self.queue.push_back_weighted(block, weight);
        self.used += size;
        false
    }

    /// The bytes of `block`'s copy, evicted, whose node's weight was `weight`.
    #[inline]
    fn leaving_bytes(&mut self, block: Block, weight: u32) -> u64 {
        if weight != BIG {
            return u64::from(weight);
        }
        self.big.remove(&block).expect("an object of 4 GiB or more has its bytes in the table")
    }

    /// The cached objects, next victim first.
    pub fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.queue.iter());
    }

    pub fn check_invariants(&self) -> Result<(), String> {
        self.queue.validate()?;
        let weight = |b| self.queue.weight(b).expect("listed");
        let sum: u64 = self
            .queue
            .iter()
            .map(|b| match weight(b) {
                BIG => self.big.get(&b).copied().unwrap_or(0),
                w => u64::from(w),
            })
            .sum();
        if self.big.len() != self.queue.iter().filter(|&b| weight(b) == BIG).count() {
            return Err(format!("{} objects of 4 GiB or more in the table, others listed", self.big.len()));
        }
        if sum != self.used || self.used > self.capacity {
            return Err(format!("{} bytes counted, {sum} cached, in a cache of {}", self.used, self.capacity));
        }
        Ok(())
    }
}
