//! Small building blocks shared by policies, hierarchies and workloads.
pub mod hash;
pub mod heap;
pub mod list_set;
pub mod parts;
pub mod rng;
pub mod slab;
pub mod strict;
