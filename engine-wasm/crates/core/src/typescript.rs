//! TypeScript declarations of what the engine hands the UI — the run report, the upside
//! estimate, the teaching stepper's steps, the papers' checks — generated from these Rust types (ts-rs), so that a
//! field added or renamed here reaches `web/generated/engine.ts` (`tiersim typescript`) and the
//! type check, and never only one side of the wasm boundary. 64-bit counts are `number`: they
//! cross as JSON numbers (exact below 2^53).

use ts_rs::{Config, TS};

use crate::analysis::depth::{DepthCurve, Scope};
use crate::analysis::upside::{ClientUpside, Prediction, UpsidePoint, UpsideReport};
use crate::hierarchy::{CacheCounters, HistogramReport};
use crate::model::Op;
use crate::policy::Queue;
use crate::run::report::{CacheReport, ClientReport, Counters, HitFractions, PathCosts, Phase, Report};
use crate::run::reproduce::{Check, Expected, Verdict};
use crate::run::teach::{CacheView, Level, TeachStep};

/// Every declaration, in one module's text (dependencies before their users).
pub fn bindings() -> String {
    let cfg = Config::new().with_large_int("number");
    let decls = [
        // The run report.
        decl::<Phase>(&cfg),
        decl::<Counters>(&cfg),
        decl::<HitFractions>(&cfg),
        decl::<PathCosts>(&cfg),
        decl::<HistogramReport>(&cfg),
        decl::<Scope>(&cfg),
        decl::<DepthCurve>(&cfg),
        decl::<ClientReport>(&cfg),
        decl::<CacheCounters>(&cfg),
        decl::<CacheReport>(&cfg),
        decl::<Report>(&cfg),
        // Paper 000 §3's upside estimate.
        decl::<Prediction>(&cfg),
        decl::<UpsidePoint>(&cfg),
        decl::<ClientUpside>(&cfg),
        decl::<UpsideReport>(&cfg),
        // The teaching stepper.
        decl::<Op>(&cfg),
        decl::<Level>(&cfg),
        decl::<Queue>(&cfg),
        decl::<CacheView>(&cfg),
        decl::<TeachStep>(&cfg),
        // The papers' reproductions (`tiersim reproduce`, the gallery).
        decl::<Verdict>(&cfg),
        decl::<Expected>(&cfg),
        decl::<Check>(&cfg),
    ];
    let mut out = String::from(
        "// Generated from the engine's Rust types by `tiersim typescript` (engine-wasm/crates/core/src/typescript.rs).\n\
         // Do not edit: regenerate with scripts/generate-types.sh; npm test fails when this is stale.\n",
    );
    for d in decls {
        out.push('\n');
        out.push_str(&d);
        out.push('\n');
    }
    out.push_str(&oltp_pages());
    out
}

/// The OLTP client's database size for every warehouse count and generator model, as the
/// engine lays it out (`OltpModel::database_pages`): the form shows it and bounds the buffer
/// pool with it at once, without a formula of its own.
fn oltp_pages() -> String {
    use crate::workload::oltp::{OltpModel, MAX_WAREHOUSES};
    let list = |model: OltpModel, pick: fn((u64, u64)) -> u64| {
        (1..=MAX_WAREHOUSES).map(|w| pick(model.database_pages(w)).to_string()).collect::<Vec<_>>().join(",")
    };
    let mut out = format!(
        "\n/** The OLTP client's database in pages for 1 … {MAX_WAREHOUSES} warehouses (index: warehouses − 1), by generator model: its initial pages, and the block universe (with the appending tables' slack). */\n\
         export const OLTP_MAX_WAREHOUSES = {MAX_WAREHOUSES};\n\
         export const OLTP_PAGES: Record<1 | 2, {{ initial: readonly number[]; universe: readonly number[] }}> = {{\n"
    );
    for (n, model) in [(1, OltpModel::V1), (2, OltpModel::V2)] {
        out.push_str(&format!(
            "  {n}: {{\n    initial: [{}],\n    universe: [{}],\n  }},\n",
            list(model, |p| p.0),
            list(model, |p| p.1)
        ));
    }
    out.push_str("};\n");
    out
}

/// `export type X = …;` with its doc comment.
fn decl<T: TS>(cfg: &Config) -> String {
    let mut d = String::new();
    if let Some(docs) = T::docs() {
        d.push_str(&docs);
    }
    d.push_str("export ");
    d.push_str(&T::decl(cfg));
    d
}
