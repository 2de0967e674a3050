//! What the engine tells a form, so that the page keeps no copy of a rule: the catalogue of
//! choices, bounds and defaults ([`catalogue`]), what a workload or a generated source amounts
//! to ([`facts`]), and the teaching stepper's typed request lists ([`teach`]). The scenario's
//! own checks, shape, migration and designs are [`crate::scenario`]'s; the wasm façade hands
//! all of them to the page as typed calls.

pub mod catalogue;
pub mod facts;
pub mod teach;

pub use crate::trace::columns::{preview as columns_preview, ColumnsPreview};
pub use catalogue::{catalogue, sends_demotes, Catalogue};
pub use facts::{
    capacity_facts, source_facts, trace_assignment, trace_warmup, workload_facts, CapacityFacts, SourceFacts,
    TraceAssignment, WorkloadFacts,
};
