//! Everything a form offers and bounds, in one value the page asks for once: the policies with
//! their parameters, the protocols, the link presets, the trace readers, the disk's calibrated
//! defaults, every limit and default of a scenario, the database clients' layouts' bounds and the
//! teaching stepper's limits. Each entry is read from the constant the engine itself enforces.

use serde::Serialize;

use crate::analysis::profile;
use crate::hierarchy::prefetch::{DEFAULT_TRIGGER, DEFAULT_WINDOW, MAX_TRIGGER, MAX_WINDOW};
use crate::hierarchy::protocol::{DEFAULT_AC_CA_K, MAX_AC_CA_K};
use crate::hierarchy::{LinkConfig, Mechanical, Protocol, MAX_DEMOTE_COMMAND_MS, PAPER000_DEMOTE_COMMAND_MS};
use crate::policy::admission::DEFAULT_PROBABILITY;
use crate::policy::catalogue::{PolicyInfo, CATALOGUE};
use crate::run::teach::{MAX_TEACH_BLOCK, MAX_TEACH_CACHES, MAX_TEACH_CAPACITY, MAX_TEACH_RANGE, MAX_TEACH_REQUESTS};
use crate::scenario::{
    MAX_CACHES, MAX_CACHE_NAME, MAX_CAPACITY, MAX_CLIENTS, MAX_NAME_LENGTH, MAX_OFFLINE_REFS, MAX_SEED,
    SCENARIO_VERSION,
};
use crate::trace::Format;
use crate::workload::{
    oltp, tpch, DEFAULT_HOT_SHARE, DEFAULT_MIX_SHARE, DEFAULT_SEGMENT, DEFAULT_ZIPF_ALPHA, MAX_BLOCKS, MAX_PHASES,
    MAX_REQUESTS, MAX_REQUEST_BLOCKS, MAX_SEGMENT, MAX_ZIPF_ALPHA, MAX_ZIPF_BLOCKS,
};

/// What the engine offers a form: every choice, bound and default (see the module's doc).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// Every replacement policy, online ones first, in the order pickers list them.
    pub policies: &'static [PolicyInfo],
    /// The policies a miss-ratio curve in bytes can draw (online, taking a capacity in bytes:
    /// `analysis::minisim::bytes`), in the pickers' order.
    #[cfg_attr(feature = "ts", ts(type = "PolicyConfig[\"kind\"][]"))]
    pub byte_curves: Vec<&'static str>,
    pub protocols: Vec<ProtocolInfo>,
    /// The admission filters a cache may put in front of its policy, and its prefetchers.
    pub admissions: Vec<Choice>,
    pub prefetchers: Vec<Choice>,
    /// The named links, with what each costs.
    pub links: Vec<LinkPreset>,
    /// The trace readers' names (a trace source's `format`).
    #[cfg_attr(feature = "ts", ts(type = "TraceFormat[]"))]
    pub trace_formats: Vec<&'static str>,
    /// The mechanical disk's calibrated drive: what an absent parameter means.
    #[cfg_attr(feature = "ts", ts(type = "Required<Mechanical>"))]
    pub mechanical: Mechanical,
    pub limits: Limits,
    pub oltp: OltpBounds,
    pub tpch: TpchBounds,
    pub teach: TeachLimits,
    pub design_space: DesignSpaceFacts,
}

/// Paper 003's design space: its designs, AC_CA's candidate counts tried in each
/// configuration, and so the runs one configuration takes.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DesignSpaceFacts {
    pub designs: usize,
    pub ac_ca_ks: Vec<u32>,
    pub runs_per_config: usize,
}

/// One cooperation protocol.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProtocolInfo {
    /// Its `kind` in JSON.
    #[cfg_attr(feature = "ts", ts(type = "Protocol[\"kind\"]"))]
    pub kind: &'static str,
    /// The name the papers use ("DEMOTE", "MC²").
    pub name: &'static str,
    /// Whether it sends DEMOTEs, so that how they are charged (`demotions`) and what they carry
    /// (`demoteData`) mean something.
    pub sends_demotes: bool,
    /// What it does, in one plain line.
    pub hint: &'static str,
    /// The paper it comes from (authors, venue, year).
    pub source: &'static str,
}

/// A choice a picker lists: its `kind` in JSON and its label.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Choice {
    pub kind: &'static str,
    pub label: &'static str,
}

/// A named link and what it costs.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LinkPreset {
    /// Its `preset` in JSON.
    #[cfg_attr(feature = "ts", ts(type = "Exclude<LinkConfig[\"preset\"], \"custom\">"))]
    pub preset: &'static str,
    pub name: &'static str,
    /// Fixed cost per transfer, µs, and bandwidth, Mbit/s.
    pub latency_us: f64,
    pub bandwidth_mbit: f64,
}

/// A scenario's limits and defaults, as [`crate::scenario::Scenario::issues`] enforces them.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// The version the engine writes (it reads every earlier one and migrates it).
    pub scenario_version: u32,
    /// Bytes per block when a document names none, and every size a block may have.
    pub default_block_size: u32,
    pub block_sizes: Vec<u32>,
    /// Largest cache, in blocks.
    pub max_capacity: u64,
    /// Largest block universe a generator may span (Zipf: `max_zipf_blocks`).
    pub max_blocks: u64,
    pub max_zipf_blocks: u64,
    /// Zipf's default and largest skew α.
    pub default_zipf_alpha: f64,
    pub max_zipf_alpha: f64,
    /// Mix's default scan and loop shares (each), random share's hot fraction, segment length,
    /// and its longest segment.
    pub default_mix_share: f64,
    pub default_hot_share: f64,
    pub default_segment: u64,
    pub max_segment: u64,
    pub max_seed: u64,
    /// Upper bound on warm-up plus measured requests.
    pub max_requests: u64,
    /// Most blocks one generated request may span.
    pub max_request_blocks: u32,
    pub max_phases: usize,
    /// Longest scenario name and trace file name; longest cache name of a tree.
    pub max_name_length: usize,
    pub max_cache_name: usize,
    /// Most block references an offline policy (MIN, read-OPT) may precompute.
    pub max_offline_requests: u64,
    pub max_tree_caches: usize,
    pub max_tree_clients: usize,
    pub default_ac_ca_k: u32,
    pub max_ac_ca_k: u32,
    pub default_admission_probability: f64,
    /// The size-below filter's threshold when none is given, in bytes.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub default_size_below: u64,
    pub default_prefetch_trigger: u32,
    pub max_prefetch_trigger: u32,
    pub default_prefetch_window: u32,
    pub max_prefetch_window: u32,
    /// The round trip of a DEMOTE that moves no data: paper 000 Table 2's, and the largest, ms.
    pub paper000_demote_command_ms: f64,
    pub max_demote_command_ms: f64,
    /// `tiersim analyze`'s defaults: the load's windows (seconds, or requests for a trace without
    /// times) and how many of the most referenced objects it names.
    pub analysis_window_secs: f64,
    pub analysis_window_requests: u64,
    pub analysis_top: usize,
}

/// The OLTP client's bounds and defaults (its database's size: `workloadFacts`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct OltpBounds {
    pub max_warehouses: u32,
    pub default_warehouses: u32,
    pub default_softmax: u32,
    pub default_dirty_threshold: f64,
    /// Log records per warehouse in one log file: each model's own (model 1's, model 2's) and the most.
    pub default_log_file_records: [u64; 2],
    pub max_log_file_records: u64,
}

/// The TPC-H-like client's bounds and defaults, and its ranges' names by id (its pages:
/// `workloadFacts`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TpchBounds {
    pub min_scale: f64,
    pub max_scale: f64,
    pub default_scale: f64,
    pub default_lookups: u32,
    pub max_lookups: u32,
    pub default_skew: [f64; 2],
    pub ranges: &'static [&'static str],
}

/// What the teaching stepper can draw.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TeachLimits {
    pub max_requests: usize,
    pub max_capacity: u64,
    pub max_caches: usize,
    pub max_block: u32,
    pub max_range: u32,
}

/// The whole catalogue (cheap: a few hundred entries).
pub fn catalogue() -> Catalogue {
    Catalogue {
        policies: CATALOGUE,
        byte_curves: crate::policy::PolicyConfig::kinds()
            .zip(crate::policy::PolicyConfig::every_kind())
            .filter(|(_, c)| crate::analysis::minisim::bytes::takes_bytes(c).is_ok())
            .map(|(k, _)| k)
            .collect(),
        protocols: PROTOCOLS
            .iter()
            .map(|&(p, hint, source)| ProtocolInfo {
                kind: protocol_kind(p),
                name: p.name(),
                sends_demotes: sends_demotes(p),
                hint,
                source,
            })
            .collect(),
        admissions: vec![
            Choice { kind: "tinylfu", label: "TinyLFU (doorkeeper)" },
            Choice { kind: "probabilistic", label: "Probabilistic" },
            Choice { kind: "second-hit", label: "Second hit (Bloom)" },
            Choice { kind: "size-below", label: "Objects below a size (a cache in bytes)" },
            Choice { kind: "adaptsize", label: "AdaptSize (a cache in bytes)" },
        ],
        prefetchers: vec![
            Choice { kind: "lookahead", label: "One-block lookahead" },
            Choice { kind: "readahead", label: "Sequential read-ahead" },
        ],
        links: LINKS
            .iter()
            .map(|&(link, preset, name)| {
                let (latency_us, bandwidth_mbit) = link.parameters();
                LinkPreset { preset, name, latency_us, bandwidth_mbit }
            })
            .collect(),
        trace_formats: Format::ALL.iter().map(|f| f.name()).collect(),
        mechanical: Mechanical::CALIBRATED,
        limits: Limits {
            scenario_version: SCENARIO_VERSION,
            default_block_size: crate::scenario::Scenario::default().block_size,
            block_sizes: crate::trace::block_sizes(),
            max_capacity: MAX_CAPACITY,
            max_blocks: MAX_BLOCKS,
            max_zipf_blocks: MAX_ZIPF_BLOCKS,
            default_zipf_alpha: DEFAULT_ZIPF_ALPHA,
            max_zipf_alpha: MAX_ZIPF_ALPHA,
            default_mix_share: DEFAULT_MIX_SHARE,
            default_hot_share: DEFAULT_HOT_SHARE,
            default_segment: DEFAULT_SEGMENT,
            max_segment: MAX_SEGMENT,
            max_seed: MAX_SEED,
            max_requests: MAX_REQUESTS,
            max_request_blocks: MAX_REQUEST_BLOCKS,
            max_phases: MAX_PHASES,
            max_name_length: MAX_NAME_LENGTH,
            max_cache_name: MAX_CACHE_NAME,
            max_offline_requests: MAX_OFFLINE_REFS,
            max_tree_caches: MAX_CACHES,
            max_tree_clients: MAX_CLIENTS,
            default_ac_ca_k: DEFAULT_AC_CA_K,
            max_ac_ca_k: MAX_AC_CA_K,
            default_admission_probability: DEFAULT_PROBABILITY,
            default_size_below: crate::policy::admission::DEFAULT_SIZE_BELOW,
            default_prefetch_trigger: DEFAULT_TRIGGER,
            max_prefetch_trigger: MAX_TRIGGER,
            default_prefetch_window: DEFAULT_WINDOW,
            max_prefetch_window: MAX_WINDOW,
            paper000_demote_command_ms: PAPER000_DEMOTE_COMMAND_MS,
            max_demote_command_ms: MAX_DEMOTE_COMMAND_MS,
            analysis_window_secs: profile::DEFAULT_WINDOW_SECS,
            analysis_window_requests: profile::DEFAULT_WINDOW_REQUESTS,
            analysis_top: profile::DEFAULT_TOP,
        },
        oltp: OltpBounds {
            max_warehouses: oltp::MAX_WAREHOUSES,
            default_warehouses: oltp::DEFAULT_WAREHOUSES,
            default_softmax: oltp::DEFAULT_SOFTMAX,
            default_dirty_threshold: oltp::DEFAULT_DIRTY_THRESHOLD,
            default_log_file_records: [oltp::LOG_FILE_RECORDS_PER_WAREHOUSE, oltp::LOG_FILE_RECORDS_PER_WAREHOUSE_V2],
            max_log_file_records: oltp::MAX_LOG_FILE_RECORDS,
        },
        tpch: TpchBounds {
            min_scale: tpch::MIN_SCALE,
            max_scale: tpch::MAX_SCALE,
            default_scale: tpch::DEFAULT_SCALE,
            default_lookups: tpch::DEFAULT_LOOKUPS,
            max_lookups: tpch::MAX_LOOKUPS,
            default_skew: tpch::DEFAULT_SKEW,
            ranges: &tpch::RANGE_NAMES,
        },
        design_space: {
            let space = crate::scenario::design::space();
            let ac_ca = space.iter().filter(|d| d.approach == crate::scenario::design::Approach::AcCa).count();
            let ks = crate::scenario::design::AC_CA_KS;
            DesignSpaceFacts {
                designs: space.len(),
                ac_ca_ks: ks.to_vec(),
                runs_per_config: space.len() - ac_ca + ac_ca * ks.len(),
            }
        },
        teach: TeachLimits {
            max_requests: MAX_TEACH_REQUESTS,
            max_capacity: MAX_TEACH_CAPACITY,
            max_caches: MAX_TEACH_CACHES,
            max_block: MAX_TEACH_BLOCK,
            max_range: MAX_TEACH_RANGE,
        },
    }
}

/// Whether `p` sends DEMOTEs: DEMOTE itself, AC_CC (a block leaving the client's level moves
/// up) and MC² (its exclusive partitions).
pub fn sends_demotes(p: Protocol) -> bool {
    matches!(p, Protocol::Demote | Protocol::AcCc | Protocol::Mc2 { .. })
}

/// Every protocol, in the order pickers list them, with a line on what it does and its paper.
const PROTOCOLS: [(Protocol, &str, &str); 6] = [
    (
        Protocol::None,
        "inclusive: each level keeps what passes through; a client's victims are dropped",
        "classic; the baseline of Wong & Wilkes, USENIX ATC 2002 (paper 000)",
    ),
    (
        Protocol::Demote,
        "exclusive: a client's victims move up to the array's \"eject me last\" end",
        "Wong & Wilkes, USENIX ATC 2002 (paper 000)",
    ),
    (
        Protocol::HaR,
        "the array reloads each block the client evicts from disk, in the background",
        "Chen, Zhang, Zhou, Scott & Schiefer, SIGMETRICS 2005 (paper 003)",
    ),
    (
        Protocol::AcCc,
        "the client chooses the one level each block lives in (ULC)",
        "Jiang & Zhang, ICDCS 2004; as evaluated by Chen et al., SIGMETRICS 2005 (paper 003)",
    ),
    (
        Protocol::AcCa { k: DEFAULT_AC_CA_K },
        "the client evicts, among its next k victims, the first the array holds",
        "Chen, Zhang, Zhou, Scott & Schiefer, SIGMETRICS 2005 (paper 003)",
    ),
    (
        Protocol::Mc2 { revision: crate::hierarchy::protocol::mc2::Revision::LATEST },
        "partitions the caches by the clients' range hints, each range run by Karma",
        "Yadgar, Factor, Li & Schuster, ICDCS 2008 (paper 002)",
    ),
];

/// A protocol's `kind` in JSON (the test below reads each back through serde).
fn protocol_kind(p: Protocol) -> &'static str {
    match p {
        Protocol::None => "none",
        Protocol::Demote => "demote",
        Protocol::HaR => "ha-r",
        Protocol::AcCc => "ac-cc",
        Protocol::AcCa { .. } => "ac-ca",
        Protocol::Mc2 { .. } => "mc2",
    }
}

/// The named links, in the order pickers list them.
const LINKS: [(LinkConfig, &str, &str); 6] = [
    (LinkConfig::Fc1g, "fc-1g", "1 Gbit/s Fibre Channel"),
    (LinkConfig::ViFc, "vi-fc", "VI / Fibre Channel SAN"),
    (LinkConfig::IpStorage, "ip-storage", "IP storage"),
    (LinkConfig::FutureSan, "future-san", "Future SAN"),
    (LinkConfig::Eth100m, "eth-100m", "100 Mbit/s link"),
    (LinkConfig::Eth10m, "eth-10m", "10 Mbit/s link"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_names_what_the_engine_reads() {
        let c = catalogue();
        // Each link preset's JSON name reads back as that preset.
        for l in &c.links {
            let read: LinkConfig = serde_json::from_value(serde_json::json!({ "preset": l.preset })).unwrap();
            assert_eq!(read.parameters(), (l.latency_us, l.bandwidth_mbit), "{}", l.preset);
        }
        // Each protocol's kind reads back as a protocol with that name.
        let kinds: Vec<_> = c.protocols.iter().map(|p| p.kind).collect();
        assert_eq!(kinds, ["none", "demote", "ha-r", "ac-cc", "ac-ca", "mc2"]);
        for p in &c.protocols {
            for (field, text) in [("hint", p.hint), ("source", p.source)] {
                assert!(!text.trim().is_empty() && !text.contains('\n'), "{}: {field} must be one line", p.kind);
            }
            assert!(p.source.split(|c: char| !c.is_ascii_digit()).any(|w| w.len() == 4), "{}: no year", p.kind);
            let read: Protocol = serde_json::from_value(serde_json::json!({ "kind": p.kind })).unwrap();
            assert_eq!(read.name(), p.name);
            assert_eq!(sends_demotes(read), p.sends_demotes);
        }
        for a in &c.admissions {
            let read: crate::policy::admission::AdmissionConfig =
                serde_json::from_value(serde_json::json!({ "kind": a.kind })).unwrap();
            assert_eq!(serde_json::to_value(read).unwrap()["kind"], a.kind);
        }
        for p in &c.prefetchers {
            let read: crate::hierarchy::PrefetchConfig =
                serde_json::from_value(serde_json::json!({ "kind": p.kind })).unwrap();
            assert_eq!(serde_json::to_value(read).unwrap()["kind"], p.kind);
        }
        for f in &c.trace_formats {
            assert_eq!(Format::parse_name(f).unwrap().name(), *f);
        }
        assert_eq!(c.limits.scenario_version, SCENARIO_VERSION);
        assert_eq!(c.limits.block_sizes.len(), 12, "512 B to 1 MiB");
        // The byte curves' policies: online ones a ByteCache takes, as its refusal lists them.
        assert_eq!(c.byte_curves, ["lru", "mru", "fifo", "clock", "sieve", "gds", "gdsf", "arc", "s3-fifo", "lhd"]);
        assert_eq!((c.limits.block_sizes[0], c.limits.block_sizes[11]), (512, 1 << 20));
        assert!(c.limits.block_sizes.iter().all(|&b| crate::trace::is_block_size(b)));
        assert!(c.limits.block_sizes.contains(&c.limits.default_block_size));
        assert!(!crate::trace::is_block_size(3000) && !crate::trace::is_block_size(256));
        assert_eq!(c.policies.len(), CATALOGUE.len());
    }
}
