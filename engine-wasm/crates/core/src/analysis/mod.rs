//! Analyses of a run's reference streams: exact and sampled LRU stack distances
//! ([`stackdist`]) and in bytes ([`stackbytes`]), the live stack-depth graphs a run keeps ([`depth`]), paper 000 §3's
//! upside estimate of exclusive caching ([`upside`]), and miss-ratio curves of any online
//! policy by miniature simulation ([`minisim`]), and what is in a trace before it is cached
//! ([`profile`]).

pub mod depth;
pub mod minisim;
pub mod profile;
pub mod stackbytes;
pub mod stackdist;
pub mod upside;
