//! The plumbing shared by the policies that order resident blocks by a computed priority in an
//! [`IndexedHeap`](crate::util::heap::IndexedHeap) (LFU, LRU-2, MIN): membership, removal,
//! eviction of the minimum, contents in eviction order and the invariant walk. Each policy
//! writes only what differs — how a reference changes a block's key.
//!
//! The struct must have fields `capacity: usize` and `heap: IndexedHeap<K>`.

macro_rules! heap_policy_body {
    () => {
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

        fn evict(&mut self) -> Option<Block> {
            self.heap.pop()
        }

        /// Resident blocks in eviction order (smallest key first, ties by block id).
        fn contents(&self, out: &mut Vec<Block>) {
            let start = out.len();
            out.extend(self.heap.ids());
            out[start..].sort_by_key(|&b| (self.heap.key(b), b));
        }

        fn check_invariants(&self) -> Result<(), String> {
            self.heap.validate()?;
            if self.heap.len() > self.capacity {
                return Err(format!("{} blocks in a cache of {}", self.heap.len(), self.capacity));
            }
            Ok(())
        }
    };
}
pub(crate) use heap_policy_body;

/// Pops minimum-key blocks into `evicted` until there is room for one more.
macro_rules! make_room {
    ($self:ident, $evicted:ident) => {
        while $self.heap.len() >= $self.capacity {
            match $self.heap.pop() {
                Some(v) => $evicted.push(v),
                None => break,
            }
        }
    };
}
pub(crate) use make_room;
