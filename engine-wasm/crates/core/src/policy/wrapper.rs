//! The plumbing shared by the policies that wrap another (CO, admission filters): every
//! [`Policy`](super::Policy) method that only reads the cache, or evicts from it, goes straight to
//! the wrapped policy, and so does every optional ability ([`super::ability`]) — a wrapper has
//! the abilities of what it wraps. Each wrapper writes only what it changes: what a reference,
//! an insertion or a removal does, and what a hinted write does to its own state.
//!
//! The struct must have the fields `inner: Box<dyn Policy>` and `hinted: bool` (whether writes
//! reach it with their hints: the inner policy reads them), and implement
//! [`HintAware`](super::HintAware) — the compiler asks for it, so no wrapper can pass hinted
//! writes on without saying what they do to it (a wrapper that forgot once made CO turn a hinted
//! write into a plain read). `forward_to_inner!()` forwards the admission counts too;
//! `forward_to_inner!(own admission)` leaves them to the wrapper (the admission filters).

macro_rules! forward_to_inner {
    () => {
        $crate::policy::wrapper::forward_to_inner!(own admission);
        fn admission(&self) -> Option<$crate::policy::admission::AdmissionCounts> {
            self.inner.admission()
        }
    };
    (own admission) => {
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
        fn hints(&mut self) -> Option<&mut dyn $crate::policy::HintAware> {
            if self.hinted {
                Some(self)
            } else {
                None
            }
        }
        /// The wrapped policy's lists (a wrapper's own bookkeeping is not a list of the cache's).
        fn views(&self) -> Option<&dyn $crate::policy::TeachingViews> {
            self.inner.views()
        }
        fn victims(&self) -> Option<&dyn $crate::policy::VictimPreview> {
            self.inner.victims()
        }
        fn bytes(&self) -> Option<$crate::policy::sized::ByteBudget> {
            self.inner.bytes()
        }
    };
}
pub(crate) use forward_to_inner;
