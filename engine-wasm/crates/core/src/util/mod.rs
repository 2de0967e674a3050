//! Small building blocks shared by policies, hierarchies and workloads.
pub mod hash;
pub mod heap;
pub mod list_set;
pub mod parts;
pub mod rng;
pub mod slab;
pub mod strict;

/// Room to reserve for a structure that holds up to `capacity` ids of `universe`: `capacity`,
/// or, for an unbounded one (`usize::MAX`: the policy of a cache counted in bytes, which never
/// evicts by itself), the universe.
pub(crate) fn reserve_for(capacity: usize, universe: usize) -> usize {
    if capacity == usize::MAX {
        universe
    } else {
        capacity
    }
}
