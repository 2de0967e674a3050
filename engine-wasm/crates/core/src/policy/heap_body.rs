//! The plumbing shared by the policies that order resident blocks by a computed priority in an
//! [`IndexedHeap`](crate::util::heap::IndexedHeap) (LFU, MIN, read-OPT, GDSF): membership,
//! removal, eviction of the minimum, contents in eviction order and the invariant walk. Each
//! policy writes only what differs — how a reference changes a block's key. A policy whose
//! eviction does more than pop the minimum (GDSF's inflation value) takes
//! `heap_policy_body!(own evict)` and writes `evict` and `check_invariants` itself, calling
//! [`check_heap`] from the latter.
//!
//! The struct must have fields `capacity: usize` and `heap: IndexedHeap<K>`.

macro_rules! heap_policy_body {
    () => {
        heap_policy_body!(own evict);

        fn evict(&mut self) -> Option<Block> {
            self.heap.pop()
        }

        fn check_invariants(&self) -> Result<(), String> {
            crate::policy::heap_body::check_heap(&self.heap, self.capacity)
        }
    };
    (own evict) => {
        fn capacity(&self) -> usize {
            self.capacity
        }

        fn len(&self) -> usize {
            self.heap.len()
        }

        #[inline]
        fn contains(&self, block: Block) -> bool {
            self.heap.contains(block)
        }

        fn remove(&mut self, block: Block) -> bool {
            self.heap.remove(block)
        }

        /// Resident blocks in eviction order (smallest key first, ties by block id).
        fn contents(&self, out: &mut Vec<Block>) {
            let start = out.len();
            out.extend(self.heap.ids());
            out[start..].sort_by_key(|&b| (self.heap.key(b), b));
        }
    };
}
pub(crate) use heap_policy_body;

/// The heap's own order, and no more blocks than the capacity.
pub(crate) fn check_heap<K: Ord + Copy + Default>(
    heap: &crate::util::heap::IndexedHeap<K>,
    capacity: usize,
) -> Result<(), String> {
    heap.validate()?;
    if heap.len() > capacity {
        return Err(format!("{} blocks in a cache of {capacity}", heap.len()));
    }
    Ok(())
}

/// Evicts (the policy's own [`Policy::evict`](super::Policy::evict)) into `evicted` until
/// there is room for one more.
macro_rules! make_room {
    ($self:ident, $evicted:ident) => {
        while $self.heap.len() >= $self.capacity {
            match Policy::evict($self) {
                Some(v) => $evicted.push(v),
                None => break,
            }
        }
    };
}
pub(crate) use make_room;
