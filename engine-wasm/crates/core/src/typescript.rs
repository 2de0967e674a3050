//! TypeScript declarations of what crosses the wasm boundary — the scenario document the UI
//! writes, the run report, the upside estimate, the teaching stepper's steps, the papers'
//! checks — and the limits, policy catalogue and database layouts the UI draws and checks its
//! forms with, generated from these Rust types and constants (ts-rs), so that a
//! field added or renamed here reaches `web/generated/engine.ts` (`tiersim typescript`) and the
//! type check, and never only one side of the wasm boundary. 64-bit counts are `number`: they
//! cross as JSON numbers (exact below 2^53).

use ts_rs::{Config, TS};

use crate::analysis::depth::DepthMode;
use crate::analysis::depth::{DepthCurve, Scope};
use crate::analysis::minisim::bytes::{BytePoint, ByteReport};
use crate::analysis::minisim::{MiniPoint, MiniReport};
use crate::analysis::profile;
use crate::analysis::upside::SizePair;
use crate::analysis::upside::{ClientUpside, Prediction, UpsidePoint, UpsideReport};
use crate::hierarchy::{
    Arrivals, CoWrites, DemoteData, Demotions, DiskConfig, Du, LinkConfig, Mechanical, MultiBlock, Protocol, SeAt,
};
use crate::hierarchy::{CacheCounters, HistogramReport};
use crate::model::{Op, WriteHint};
use crate::policy::admission::{AdmissionConfig, AdmissionCounts};
use crate::policy::catalogue::{Param, PolicyInfo, Unit};
use crate::policy::PolicyConfig;
use crate::policy::{Queue, StackEntry, StackStatus};
use crate::rules::catalogue::{
    Catalogue, Choice, DesignSpaceFacts, Limits, LinkPreset, OltpBounds, ProtocolInfo, TeachLimits, TpchBounds,
};
use crate::rules::facts::{CapacityFacts, ClientFacts, Database, SourceFacts, TraceAssignment, WorkloadFacts};
use crate::rules::teach::{ItemList, ItemOp, ListItem, StartText, TeachInput, TeachItem};
use crate::run::report::{
    ByteTotals, CacheBytes, CacheReport, ClientBytes, ClientReport, Counters, HitFractions, PathCosts, Phase, Report,
    TimelineSample,
};
use crate::run::reproduce::{Check, Expected, Verdict};
use crate::run::teach::{
    CacheBytesView, CacheView, Level, MissKind, PartitionView, TeachEvent, TeachQueue, TeachStep, TeachTarget,
};
use crate::scenario::design::{Algorithm, Approach, Design, San, SpaceEntry, SpaceRun};
use crate::scenario::grid::{GridDesign, NamedScenario};
use crate::scenario::{
    CacheConfig, Checked, FieldPath, Issue, Node, Scenario, Seg, Shape, ShapeCheck, Source, Topology, TraceClients,
    TraceSource, TreeCache,
};
use crate::trace::columns::{Address, Columns, ColumnsPreview, Delimiter, KeyKind, TimeUnit};
use crate::trace::{TraceClient, TraceSummary};
use crate::workload::multi::Sharing;
use crate::workload::tpch::TpchQuery;
use crate::workload::{OltpStream, Phase as WorkloadPhase, WorkloadConfig};

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
        decl::<ClientBytes>(&cfg),
        decl::<ClientReport>(&cfg),
        decl::<CacheCounters>(&cfg),
        decl::<AdmissionCounts>(&cfg),
        decl::<crate::hierarchy::PrefetchCounts>(&cfg),
        decl::<CacheBytes>(&cfg),
        decl::<CacheReport>(&cfg),
        decl::<TimelineSample>(&cfg),
        decl::<ByteTotals>(&cfg),
        decl::<Report>(&cfg),
        // Paper 000 §3's upside estimate.
        decl::<Prediction>(&cfg),
        decl::<UpsidePoint>(&cfg),
        decl::<ClientUpside>(&cfg),
        decl::<UpsideReport>(&cfg),
        decl::<MiniPoint>(&cfg),
        decl::<MiniReport>(&cfg),
        decl::<BytePoint>(&cfg),
        decl::<ByteReport>(&cfg),
        // A trace's analysis (`tiersim analyze`, the Trace view).
        decl::<profile::Bin>(&cfg),
        decl::<profile::Popular>(&cfg),
        decl::<profile::ZipfFit>(&cfg),
        decl::<profile::ReuseReport>(&cfg),
        decl::<profile::SizeBin>(&cfg),
        decl::<profile::PopularityBin>(&cfg),
        decl::<profile::Window>(&cfg),
        decl::<profile::WindowsReport>(&cfg),
        decl::<profile::ClientReport>(&cfg),
        decl::<profile::ClientsReport>(&cfg),
        decl::<profile::Region>(&cfg),
        decl::<profile::BlocksReport>(&cfg),
        decl::<profile::ProfileReport>(&cfg),
        // The teaching stepper.
        decl::<Op>(&cfg),
        decl::<WriteHint>(&cfg),
        decl::<Level>(&cfg),
        decl::<MissKind>(&cfg),
        decl::<Queue>(&cfg),
        decl::<PartitionView>(&cfg),
        decl::<TeachQueue>(&cfg),
        decl::<StackStatus>(&cfg),
        decl::<StackEntry>(&cfg),
        decl::<CacheBytesView>(&cfg),
        decl::<TeachTarget>(&cfg),
        decl::<TeachEvent>(&cfg),
        decl::<CacheView>(&cfg),
        decl::<TeachStep>(&cfg),
        // The papers' reproductions (`tiersim reproduce`, the gallery).
        decl::<Verdict>(&cfg),
        decl::<Expected>(&cfg),
        decl::<Check>(&cfg),
        // The scenario document (`Scenario`), as serde reads it. A field with a serde default
        // is required here but optional in JSON: the UI's schema may leave it out
        // (web/scenario/engine-types.ts compares the two shapes, optionality aside).
        decl::<PolicyConfig>(&cfg),
        decl::<AdmissionConfig>(&cfg),
        decl::<crate::hierarchy::PrefetchConfig>(&cfg),
        decl::<CacheConfig>(&cfg),
        decl::<LinkConfig>(&cfg),
        decl::<Mechanical>(&cfg),
        decl::<DiskConfig>(&cfg),
        decl::<TreeCache>(&cfg),
        decl::<Topology>(&cfg),
        decl::<Protocol>(&cfg),
        decl::<Du>(&cfg),
        decl::<SeAt>(&cfg),
        decl::<Arrivals>(&cfg),
        decl::<MultiBlock>(&cfg),
        decl::<Demotions>(&cfg),
        decl::<DemoteData>(&cfg),
        decl::<CoWrites>(&cfg),
        decl::<OltpStream>(&cfg),
        decl::<TpchQuery>(&cfg),
        decl::<WorkloadPhase>(&cfg),
        decl::<WorkloadConfig>(&cfg),
        decl::<Sharing>(&cfg),
        decl::<TraceClients>(&cfg),
        decl::<Delimiter>(&cfg),
        decl::<KeyKind>(&cfg),
        decl::<Address>(&cfg),
        decl::<TimeUnit>(&cfg),
        decl::<Columns>(&cfg),
        decl::<TraceSource>(&cfg),
        decl::<Source>(&cfg),
        decl::<Scenario>(&cfg),
        // What a form asks of the engine (the scenario's checks, its shape, the catalogue, a
        // workload's size, the stepper's lists, the papers' designs).
        decl::<Seg>(&cfg),
        decl::<FieldPath>(&cfg),
        decl::<Issue>(&cfg),
        decl::<Checked>(&cfg),
        decl::<CapacityFacts>(&cfg),
        decl::<Node>(&cfg),
        decl::<Shape>(&cfg),
        decl::<ShapeCheck>(&cfg),
        decl::<Unit>(&cfg),
        decl::<Param>(&cfg),
        decl::<PolicyInfo>(&cfg),
        decl::<ProtocolInfo>(&cfg),
        decl::<Choice>(&cfg),
        decl::<LinkPreset>(&cfg),
        decl::<Limits>(&cfg),
        decl::<OltpBounds>(&cfg),
        decl::<TpchBounds>(&cfg),
        decl::<TeachLimits>(&cfg),
        decl::<DesignSpaceFacts>(&cfg),
        decl::<Catalogue>(&cfg),
        decl::<Database>(&cfg),
        decl::<WorkloadFacts>(&cfg),
        decl::<ClientFacts>(&cfg),
        decl::<SourceFacts>(&cfg),
        decl::<TraceAssignment>(&cfg),
        decl::<ItemOp>(&cfg),
        decl::<ListItem>(&cfg),
        decl::<ItemList>(&cfg),
        decl::<TeachItem>(&cfg),
        decl::<StartText>(&cfg),
        decl::<TeachInput>(&cfg),
        decl::<GridDesign>(&cfg),
        decl::<NamedScenario>(&cfg),
        decl::<Approach>(&cfg),
        decl::<Algorithm>(&cfg),
        decl::<Design>(&cfg),
        decl::<SpaceRun>(&cfg),
        decl::<SpaceEntry>(&cfg),
        decl::<San>(&cfg),
        // What crosses between the workers and the page.
        decl::<TraceClient>(&cfg),
        decl::<TraceSummary>(&cfg),
        decl::<ColumnsPreview>(&cfg),
        decl::<DepthMode>(&cfg),
        decl::<SizePair>(&cfg),
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
    out.push_str(OPAQUE);
    out.push_str(&limits());
    out.push_str(&policy_catalogue());
    out.push_str(&tpch_layout());
    out.push_str(&oltp_pages());
    out
}

/// Values the page hands from one engine call to another without reading them.
const OPAQUE: &str = "
/** How a reader samples for live miss-ratio curves: made by `MiniCurves.samplePlan`, read by `TraceReader.sampleFor` (its hash key is a 64-bit `bigint`). Opaque to the page. */
export type SamplePlan = { readonly key: bigint; readonly threshold: bigint; readonly blocks: bigint };

/** What a sampling reader counted of every reference: made by `TraceReader.tally`, read by `MiniCurves.reportTallied`. Opaque to the page. */
export type Tally = { readonly references: number; readonly population: readonly number[] };
";

/// The scenario's limits, as `Scenario::validate` enforces them.
fn limits() -> String {
    use crate::scenario::{
        MAX_CACHES, MAX_CAPACITY, MAX_CLIENTS, MAX_NAME_LENGTH, MAX_OFFLINE_REFS, MAX_SEED, SCENARIO_VERSION,
    };
    use crate::workload::{MAX_BLOCKS, MAX_PHASES, MAX_REQUESTS, MAX_REQUEST_BLOCKS, MAX_ZIPF_BLOCKS};
    let formats = crate::trace::Format::ALL.iter().map(|f| format!("'{}'", f.name())).collect::<Vec<_>>();
    use crate::hierarchy::prefetch::{DEFAULT_TRIGGER, DEFAULT_WINDOW, MAX_TRIGGER, MAX_WINDOW};
    use crate::hierarchy::protocol::{DEFAULT_AC_CA_K, MAX_AC_CA_K};
    use crate::policy::admission::DEFAULT_PROBABILITY;
    let consts: [(&str, &str, String); 19] = [
        (
            "SCENARIO_VERSION",
            "The scenario version the engine writes (it reads every earlier one and migrates it).",
            SCENARIO_VERSION.to_string(),
        ),
        ("MAX_CAPACITY", "Largest cache, in blocks.", MAX_CAPACITY.to_string()),
        ("MAX_BLOCKS", "Largest block universe a generator may span.", MAX_BLOCKS.to_string()),
        ("MAX_ZIPF_BLOCKS", "Zipf keeps an alias-table entry per block.", MAX_ZIPF_BLOCKS.to_string()),
        ("MAX_SEED", "Seeds must survive a trip through a JavaScript number.", MAX_SEED.to_string()),
        ("MAX_REQUESTS", "Upper bound on warm-up plus measured requests.", MAX_REQUESTS.to_string()),
        ("MAX_REQUEST_BLOCKS", "Most blocks one generated request may span.", MAX_REQUEST_BLOCKS.to_string()),
        ("MAX_PHASES", "Most phases in one workload.", MAX_PHASES.to_string()),
        ("MAX_NAME_LENGTH", "Longest scenario name and trace file name.", MAX_NAME_LENGTH.to_string()),
        (
            "MAX_OFFLINE_REQUESTS",
            "Most block references an offline policy (MIN, read-OPT) may precompute.",
            MAX_OFFLINE_REFS.to_string(),
        ),
        ("MAX_TREE_CACHES", "Most caches in one tree.", MAX_CACHES.to_string()),
        ("MAX_TREE_CLIENTS", "Most clients (leaves) in one tree.", MAX_CLIENTS.to_string()),
        ("DEFAULT_AC_CA_K", "AC_CA's victim candidates when the document names none.", DEFAULT_AC_CA_K.to_string()),
        ("MAX_AC_CA_K", "Most victim candidates AC_CA may weigh.", MAX_AC_CA_K.to_string()),
        (
            "DEFAULT_ADMISSION_PROBABILITY",
            "The probabilistic admission filter's probability when the document names none.",
            DEFAULT_PROBABILITY.to_string(),
        ),
        (
            "DEFAULT_PREFETCH_TRIGGER",
            "Read-ahead's trigger (consecutive blocks read before it fetches ahead) when the document names none.",
            DEFAULT_TRIGGER.to_string(),
        ),
        ("MAX_PREFETCH_TRIGGER", "Most consecutive blocks a read-ahead trigger may ask for.", MAX_TRIGGER.to_string()),
        (
            "DEFAULT_PREFETCH_WINDOW",
            "Read-ahead's window (blocks kept ahead of a stream) when the document names none.",
            DEFAULT_WINDOW.to_string(),
        ),
        ("MAX_PREFETCH_WINDOW", "Most blocks a read-ahead window may keep ahead.", MAX_WINDOW.to_string()),
    ];
    let mut out = String::from("\n// ---- limits (engine: Scenario::validate) ----\n");
    for (name, doc, value) in consts {
        out.push_str(&format!("/** {doc} */\nexport const {name} = {value};\n"));
    }
    out.push_str(&format!(
        "/** The engine's trace readers (engine: trace::Format). */\nexport const TRACE_FORMATS = [{}] as const;\nexport type TraceFormat = (typeof TRACE_FORMATS)[number];\n",
        formats.join(", ")
    ));
    out
}

/// Every policy the engine has, with its parameters (engine: policy::catalogue).
fn policy_catalogue() -> String {
    let json = serde_json::to_string_pretty(crate::policy::catalogue::CATALOGUE).expect("the catalogue serialises");
    format!(
        "\n/** Every replacement policy, online ones first, in the order pickers list them: label, whether it is offline, reads write hints or keeps an out queue, and each parameter's JSON name, range (a share's bounds are open), default and meaning (engine: policy::catalogue). */\n\
         export const POLICY_CATALOGUE = {json} as const;\n"
    )
}

/// The TPC-H-like client's database layout constants (engine: workload::tpch::TpchLayout).
fn tpch_layout() -> String {
    use crate::workload::tpch::*;
    let names = RANGE_NAMES.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ");
    format!(
        "\n/** The TPC-H-like client's layout: pages at scale 1 (each scaled and rounded, at least 1), index leaves per internal page, range names by id, and the generator's bounds and defaults (engine: workload::tpch). */\n\
         export const TPCH = {{\n  minScale: {MIN_SCALE},\n  maxScale: {MAX_SCALE},\n  defaultScale: {DEFAULT_SCALE},\n  defaultLookups: {DEFAULT_LOOKUPS},\n  maxLookups: {MAX_LOOKUPS},\n  defaultSkew: [{}, {}],\n  leavesPerInternal: {LEAVES_PER_INTERNAL},\n  \
         pages: {{ supplier: {SUPPLIER_PAGES}, customer: {CUSTOMER_PAGES}, orders: {ORDERS_PAGES}, lineitem: {LINEITEM_PAGES} }},\n  \
         leaves: {{ customer: {CUSTOMER_LEAVES}, orders: {ORDERS_LEAVES}, lineitem: {LINEITEM_LEAVES} }},\n  ranges: [{names}],\n}} as const;\n",
        DEFAULT_SKEW[0], DEFAULT_SKEW[1]
    )
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
