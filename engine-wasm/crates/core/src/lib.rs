//! tiersim's engine: replacement policies, the cache hierarchy with its cooperation protocols,
//! the latency model, workload generators, trace readers, scenario runs and their analyses.
//! Plain Rust with no browser dependency; `tiersim-wasm` wraps it for the web, `tiersim-cli`
//! for the command line.
//!
//! - [`model`]: the request model (SPEC §1), which everything else builds on;
//! - [`trace`]: one reader per trace format (depends only on the model);
//! - [`workload`]: seeded generators, and the export of what they generate;
//! - [`policy`]: one file per replacement policy;
//! - [`hierarchy`]: the one engine — caches, paths, protocols, links, disks, queueing;
//! - [`scenario`]: the versioned document, its validation and the migration of old versions;
//! - [`run`]: driving a scenario through the engine, its reports, the teaching stepper;
//! - [`analysis`]: stack distances, live stack-depth graphs, paper 000's upside estimate;
//! - [`rules`]: what a form asks of the engine — the catalogue, a workload's size, typed lists.

pub mod analysis;
pub mod bench;
pub mod hierarchy;
pub mod model;
pub mod policy;
pub mod rules;
pub mod run;
pub mod scenario;
pub mod trace;
#[cfg(feature = "ts")]
pub mod typescript;
pub mod util;
pub mod workload;

pub use model::{Block, Op, Request};
pub use run::{Phase, Report, Run};
pub use scenario::{Scenario, ScenarioError};

/// The engine's version, reported by the CLI and the wasm façade.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
