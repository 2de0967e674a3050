//! The plumbing shared by the policies that wrap another (CO, admission filters): every
//! [`Policy`](super::Policy) method that only reads the cache, or evicts from it, goes straight to
//! the wrapped policy. Each wrapper writes only what it changes — what a reference, an insertion
//! or a removal does.
//!
//! The struct must have a field `inner: Box<dyn Policy>`.

macro_rules! forward_to_inner {
    () => {
        fn name(&self) -> &'static str {
            self.inner.name()
        }
        fn capacity(&self) -> usize {
            self.inner.capacity()
        }
        fn len(&self) -> usize {
            self.inner.len()
        }
        fn contains(&self, block: Block) -> bool {
            self.inner.contains(block)
        }
        fn miss_end(&self) -> End {
            self.inner.miss_end()
        }
        fn evict(&mut self) -> Option<Block> {
            self.inner.evict()
        }
        fn contents(&self, out: &mut Vec<Block>) {
            self.inner.contents(out)
        }
        /// The wrapped policy's lists (a wrapper's own bookkeeping is not a list of the cache's).
        fn queues(&self, out: &mut Vec<Queue>) {
            self.inner.queues(out)
        }
        fn stack(&self, out: &mut Vec<crate::policy::StackEntry>) -> bool {
            self.inner.stack(out)
        }
        fn candidates(&self, k: usize, out: &mut Vec<Block>) {
            self.inner.candidates(k, out)
        }
        fn next_victim(&self) -> Option<Option<Block>> {
            self.inner.next_victim()
        }
    };
}
pub(crate) use forward_to_inner;
