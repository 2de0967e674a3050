//! The thin wasm-bindgen façade over `tiersim-core` (after biome's wasm crate). Every call
//! takes and returns the engine's own types: they cross as plain JavaScript values through
//! serde-wasm-bindgen, and the bindings' TypeScript declarations name them as
//! `web/generated/engine.ts` declares them (generated from the same Rust types by ts-rs), so the
//! page's calls are typed end to end without a JSON string or a cast. Every error becomes a
//! JavaScript `Error` here, in one place ([`Fail`]).
//!
//! Rooms: [`rules`] (what a form asks, synchronously, on the page's thread), [`simulation`]
//! (runs), [`reader`] (trace files, chunk by chunk), [`curves`] (live miss-ratio curves), [`profile`] (a trace's analysis),
//! [`analysis`] (upside, exports, teaching, reproductions), [`bench`] (benchmarks).
//!
//! Two builds: the whole engine (feature `engine`, the default), which the workers load, and the
//! rules alone (`--no-default-features`), a fraction of the size, which the page loads before it
//! draws the form — so the page's first load carries no simulator it does not run.

#[cfg(feature = "engine")]
mod analysis;
#[cfg(feature = "engine")]
mod bench;
#[cfg(feature = "engine")]
mod curves;
mod fail;
#[cfg(feature = "engine")]
mod profile;
#[cfg(feature = "engine")]
mod reader;
mod rules;
#[cfg(feature = "engine")]
mod simulation;
mod types;

#[cfg(feature = "engine")]
pub use curves::{ByteMiniCurves, MiniCurves};
pub use fail::Fail;
#[cfg(feature = "engine")]
pub use profile::TraceProfile;
#[cfg(feature = "engine")]
pub use reader::{Census, TraceReader};
#[cfg(feature = "engine")]
pub use simulation::Simulation;
