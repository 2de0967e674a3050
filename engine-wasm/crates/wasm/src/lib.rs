//! The thin wasm-bindgen façade over `tiersim-core` (after biome's wasm crate). Every call
//! takes and returns the engine's own types: they cross as plain JavaScript values through
//! serde-wasm-bindgen, and the bindings' TypeScript declarations name them as
//! `web/generated/engine.ts` declares them (generated from the same Rust types by ts-rs), so the
//! page's calls are typed end to end without a JSON string or a cast. Every error becomes a
//! JavaScript `Error` here, in one place ([`Fail`]).
//!
//! Rooms: [`rules`] (what a form asks, synchronously, on the page's thread), [`simulation`]
//! (runs), [`reader`] (trace files, chunk by chunk), [`curves`] (live miss-ratio curves),
//! [`analysis`] (upside, exports, teaching, reproductions), [`bench`] (benchmarks).

mod analysis;
mod bench;
mod curves;
mod fail;
mod reader;
mod rules;
mod simulation;
mod types;

pub use curves::MiniCurves;
pub use fail::Fail;
pub use reader::{Census, TraceReader};
pub use simulation::Simulation;
