//! Analyses of a run's reference streams: exact and sampled LRU stack distances
//! ([`stackdist`]), the live stack-depth graphs a run keeps ([`depth`]), and paper 000 §3's
//! upside estimate of exclusive caching ([`upside`]).

pub mod depth;
pub mod stackdist;
pub mod upside;
