//! tiersim's engine: replacement policies, cache hierarchies with cooperation protocols, the
//! latency model, workload generators and scenario runs. Plain Rust with no browser
//! dependency; `tiersim-wasm` wraps it for the web and `tiersim-cli` for the command line.

pub mod bench;
pub mod depth;
pub mod design;
pub mod forest;
pub mod hierarchy;
pub mod model;
pub mod policy;
pub mod run;
pub mod scenario;
pub mod stackdist;
pub mod teach;
pub mod trace;
pub mod upside;
pub mod util;
pub mod workload;

pub use model::{Block, Op, Request};
pub use run::{Phase, Report, Run};
pub use scenario::{Scenario, ScenarioError};

/// The engine's version, reported by the CLI and the wasm façade.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
