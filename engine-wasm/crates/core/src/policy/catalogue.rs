//! What the engine tells a user interface about its policies: every kind [`PolicyConfig`]
//! accepts, in the order pickers list them, with a label, what kind of cache may run it, and
//! each parameter's JSON name, range, default and meaning. The UI draws its pickers and
//! parameter fields and builds its form checks from this list (`web/generated/engine.ts`), so
//! a policy or parameter added here reaches the page without a second list to keep in step;
//! the ranges are the ones [`PolicyConfig::validate`] enforces (a test holds them together).
//! Each entry also says, in one line, what the policy does and where it comes from (authors,
//! venue, year), so every picker, `tiersim policies` and Python print the same words.

use serde::Serialize;

use super::{clock_pro, hyperbolic, lirs, lru_k, qdlp, s3fifo, slru, wtinylfu, PolicyConfig};
use crate::workload::MAX_REQUESTS;

/// How a parameter is typed and shown.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// A share of the cache strictly between 0 and 1 (shown in %).
    Share,
    /// A whole number of references.
    Refs,
    /// A whole number of blocks.
    Blocks,
}

/// One parameter of a policy.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Param {
    /// Its key in the policy's JSON object.
    pub name: &'static str,
    pub label: &'static str,
    pub unit: Unit,
    /// Inclusive bounds of a count; a share's open bounds (0 and 1).
    pub min: f64,
    pub max: f64,
    /// The value an absent key means.
    pub default: f64,
    /// What it does, and the value the policy's paper uses.
    pub hint: &'static str,
}

/// One policy kind.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyInfo {
    /// Its `kind` in JSON.
    #[cfg_attr(feature = "ts", ts(type = "PolicyConfig[\"kind\"]"))]
    pub kind: &'static str,
    pub label: &'static str,
    /// What it does, in one plain line.
    pub description: &'static str,
    /// Where it comes from: the paper (authors, venue, year), or "classic" for a textbook policy.
    pub source: &'static str,
    /// Needs the whole reference string before the run (MIN, read-OPT).
    pub offline: bool,
    /// Reads paper 004's write hints.
    pub hints: bool,
    /// Keeps an out queue of evicted blocks whose space paper 004 charges to the cache.
    pub out_queue: bool,
    pub params: &'static [Param],
}

const fn share(name: &'static str, label: &'static str, default: f64, hint: &'static str) -> Param {
    Param { name, label, unit: Unit::Share, min: 0.0, max: 1.0, default, hint }
}

const fn refs(name: &'static str, label: &'static str, min: f64, max: f64, default: f64, hint: &'static str) -> Param {
    Param { name, label, unit: Unit::Refs, min, max, default, hint }
}

const fn plain(kind: &'static str, label: &'static str, description: &'static str, source: &'static str) -> PolicyInfo {
    PolicyInfo { kind, label, description, source, offline: false, hints: false, out_queue: false, params: &[] }
}

// The papers several entries share.
const PAPER_004: &str = "Li, Aboulnaga, Salem, Sachedina & Gao, FAST 2005 (paper 004)";
const LRU_K: &str = "O'Neil, O'Neil & Weikum, SIGMOD 1993";

const MAX_REFS: f64 = MAX_REQUESTS as f64;

const LIFE_TIME: Param = refs(
    "lifeTime",
    "Life time",
    0.0,
    MAX_REFS,
    0.0,
    "references a block may go unused before dropping a queue; 0 = the cache size",
);

/// Every kind, online ones first, in the order pickers list them.
pub const CATALOGUE: &[PolicyInfo] = &[
    plain("lru", "LRU", "evicts the block used longest ago", "classic"),
    plain("mru", "MRU", "evicts the block used most recently: good for loops larger than the cache", "classic; the client policy of Wong & Wilkes, USENIX ATC 2002 (paper 000)"),
    plain("fifo", "FIFO", "evicts blocks in the order they arrived; a hit changes nothing", "classic"),
    plain("random", "Random (RR)", "evicts a block chosen at random", "classic; the baseline of Karedla, Love & Wherry, IEEE Computer 1994 (paper 001)"),
    plain("clock", "CLOCK", "FIFO with a second chance: a block used since the hand last passed is skipped once", "Corbató, 1968 (Multics)"),
    plain("sieve", "SIEVE", "FIFO with a visited bit; a hand sweeps old to new and evicts the first unvisited block", "Zhang, Yang, Yue, Vigfusson & Rashmi, NSDI 2024"),
    plain("gds", "GDS", "evicts the block with the lowest cost per byte, aged so long-idle blocks go", "Cao & Irani, USITS 1997"),
    plain("gdsf", "GDSF", "GDS that also counts how often each block was used: small, popular blocks stay", "Cherkasova, HP Labs TR 98-69, 1998 (after Cao & Irani's GDS, USITS 1997)"),
    PolicyInfo {
        params: &[refs("agingPeriod", "Aging period", 0.0, MAX_REFS, 0.0, "halve every frequency after this many references; 0 = never")],
        ..plain("lfu", "LFU", "evicts the block used least often since it came in", "classic")
    },
    PolicyInfo {
        params: &[share(
            "protectedShare",
            "Protected segment",
            slru::DEFAULT_PROTECTED_SHARE,
            "share of the cache for blocks hit at least twice; paper 001 found 60–80 % best",
        )],
        ..plain("slru", "SLRU", "two LRU segments: new blocks start on probation, a second hit moves them to a protected one", "Karedla, Love & Wherry, IEEE Computer 1994 (paper 001)")
    },
    plain("lru-2", "LRU-2", "evicts the block whose second-latest use is oldest; blocks used once go first", LRU_K),
    PolicyInfo {
        params: &[
            refs(
                "k",
                "K",
                lru_k::MIN_K as f64,
                lru_k::MAX_K as f64,
                lru_k::DEFAULT_K as f64,
                "the victim's K-th latest reference is the oldest; blocks seen fewer than K times go first",
            ),
            refs(
                "correlatedPeriod",
                "Correlated period",
                0.0,
                MAX_REFS,
                0.0,
                "references to a block this close together count as one; 0 = every reference counts",
            ),
        ],
        ..plain("lru-k", "LRU-K", "evicts the block whose K-th latest use is oldest; blocks used fewer than K times go first", LRU_K)
    },
    plain("arc", "ARC", "balances a list of blocks seen once and one of blocks seen twice, steered by ghosts of recent victims", "Megiddo & Modha, FAST 2003"),
    plain("car", "CAR", "ARC built from two CLOCKs, so a hit only sets a bit", "Bansal & Modha, FAST 2004"),
    plain("2q", "2Q", "new blocks wait in a small FIFO; only those asked for again after leaving it reach the main LRU", "Johnson & Shasha, VLDB 1994"),
    PolicyInfo {
        params: &[share("hirShare", "HIR share", lirs::DEFAULT_HIR_SHARE, "cache share for resident HIR blocks; the paper uses 1 %")],
        ..plain("lirs", "LIRS", "keeps blocks whose reuses come close together; blocks reused far apart get a small share", "Jiang & Zhang, SIGMETRICS 2002")
    },
    PolicyInfo {
        params: &[share(
            "minColdShare",
            "Least cold share",
            clock_pro::DEFAULT_MIN_COLD_SHARE,
            "least share of the cache for cold resident pages, where the adaptive target starts; the paper uses 1 %",
        )],
        ..plain("clock-pro", "CLOCK-Pro", "LIRS's idea on a CLOCK: hot and cold pages, with a cold share that adapts", "Jiang, Chen & Zhang, USENIX ATC 2005")
    },
    PolicyInfo { out_queue: true, params: &[LIFE_TIME], ..plain("mq", "MQ", "LRU queues by frequency; blocks unused for a while drop a queue, and evicted ones are remembered", "Zhou, Philbin & Li, USENIX ATC 2001") },
    PolicyInfo { hints: true, ..plain("lru+hints", "LRU+Hints", "a second-tier LRU that caches what the client's write hints say it is letting go", PAPER_004) },
    PolicyInfo { hints: true, out_queue: true, params: &[LIFE_TIME], ..plain("mq+hints", "MQ+Hints", "MQ driven by the client's write hints: blocks it writes back count, reads barely move the queues", PAPER_004) },
    PolicyInfo { hints: true, out_queue: true, ..plain("tq", "TQ", "a second-tier cache ordering blocks by what the client's requests say of its own cache", PAPER_004) },
    PolicyInfo {
        params: &[share(
            "smallShare",
            "Small queue",
            s3fifo::DEFAULT_SMALL_SHARE,
            "share of the cache that filters one-hit wonders; the paper uses 10 %",
        )],
        ..plain("s3-fifo", "S3-FIFO", "three FIFOs: a small one filters blocks used once, a main one keeps the rest, a ghost remembers", "Yang, Zhang, Qiu, Yue & Vinayak, SOSP 2023")
    },
    PolicyInfo {
        params: &[share(
            "probationShare",
            "Probationary FIFO",
            qdlp::DEFAULT_PROBATION_SHARE,
            "share of the cache where new blocks must be requested again to stay; the paper uses 10 %",
        )],
        ..plain("qd-lp-fifo", "QD-LP-FIFO", "FIFO only: new blocks must be asked for again to stay, and a hit just sets a bit", "Yang, Qiu, Zhang, Yue & Vinayak, HotOS 2023")
    },
    PolicyInfo {
        params: &[share(
            "windowShare",
            "Window",
            wtinylfu::DEFAULT_WINDOW_SHARE,
            "LRU window in front of the frequency-filtered main cache; Caffeine uses 1 %",
        )],
        ..plain("w-tinylfu", "W-TinyLFU", "a small LRU window, then a frequency sketch admits a block only if it is used more than the victim", "Einziger, Friedman & Manes, ACM TOS 2017")
    },
    PolicyInfo {
        params: &[Param {
            name: "sampleSize",
            label: "Sample",
            unit: Unit::Blocks,
            min: 1.0,
            max: hyperbolic::MAX_SAMPLE_SIZE as f64,
            default: hyperbolic::DEFAULT_SAMPLE_SIZE as f64,
            hint: "blocks drawn at random (from the run's seed) per eviction; the lowest hit rate since entry goes; the paper uses 64",
        }],
        ..plain("hyperbolic", "Hyperbolic", "evicts, from a random sample, the block with the fewest uses per unit of time since it came in", "Blankstein, Sen & Freedman, USENIX ATC 2017")
    },
    plain("lhd", "LHD", "evicts the block expected to earn the fewest hits per byte and time it will take up", "Beckmann, Chen & Cidon, NSDI 2018"),
    plain("lecar", "LeCaR", "learns online how far to trust LRU or LFU, from which one's past victims come back", "Vietri et al., HotStorage 2018"),
    plain("cacheus", "CACHEUS", "LeCaR with experts that resist scans and churn, and a learning rate that adapts", "Rodriguez et al., FAST 2021"),
    PolicyInfo { offline: true, ..plain("min", "MIN", "offline optimum: evicts the block whose next use is furthest in the future", "Belady, IBM Systems Journal 1966") },
    PolicyInfo { offline: true, ..plain("read-opt", "read-OPT", "offline bound on read hits: MIN that looks only at future reads", PAPER_004) },
];

/// The entry for `kind`, if the engine has it.
pub fn info(kind: &str) -> Option<&'static PolicyInfo> {
    CATALOGUE.iter().find(|p| p.kind == kind)
}

/// Every parameter of `config` against its catalogue range: "{name} must be …" or `Ok`.
pub(super) fn check_ranges(config: &PolicyConfig) -> Result<(), String> {
    let Some(info) = info(config.name()) else {
        return Err(format!("{} is missing from the policy catalogue", config.name()));
    };
    if info.params.is_empty() {
        return Ok(());
    }
    let value = serde_json::to_value(config).map_err(|e| e.to_string())?;
    for p in info.params {
        let Some(x) = value.get(p.name).and_then(|v| v.as_f64()) else { continue };
        let ok = match p.unit {
            Unit::Share => x > p.min && x < p.max,
            Unit::Refs | Unit::Blocks => x >= p.min && x <= p.max,
        };
        if !ok {
            return Err(match p.unit {
                Unit::Share => format!("{} must be above 0 and below 1 (got {x})", p.name),
                _ => format!("{} must be a whole number from {} to {} (got {x})", p.name, p.min, p.max),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(kind: &str, param: &str, x: f64) -> PolicyConfig {
        let json = if x.fract() == 0.0 {
            format!(r#"{{"kind":"{kind}","{param}":{}}}"#, x as u64)
        } else {
            format!(r#"{{"kind":"{kind}","{param}":{x}}}"#)
        };
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"))
    }

    #[test]
    fn every_kind_says_what_it_does_and_where_it_comes_from() {
        for p in CATALOGUE {
            for (field, text) in [("description", p.description), ("source", p.source)] {
                assert!(!text.trim().is_empty(), "{}: empty {field}", p.kind);
                assert!(!text.contains('\n'), "{}: {field} is more than one line", p.kind);
            }
            // A cited paper names its year; a textbook policy says it is one.
            assert!(
                p.source.starts_with("classic") || p.source.split(|c: char| !c.is_ascii_digit()).any(|w| w.len() == 4),
                "{}: {} names no year",
                p.kind,
                p.source
            );
        }
    }

    #[test]
    fn every_kind_parses_and_names_itself() {
        for p in CATALOGUE {
            let config: PolicyConfig = serde_json::from_str(&format!(r#"{{"kind":"{}"}}"#, p.kind)).unwrap();
            assert_eq!(config.name(), p.kind);
            assert_eq!(config.is_offline(), p.offline, "{}", p.kind);
            assert_eq!(config.has_out_queue(), p.out_queue, "{}", p.kind);
        }
        let mut kinds: Vec<_> = CATALOGUE.iter().map(|p| p.kind).collect();
        kinds.dedup();
        assert_eq!(kinds.len(), CATALOGUE.len());
        // Online first.
        let first_offline = CATALOGUE.iter().position(|p| p.offline).unwrap();
        assert!(CATALOGUE[first_offline..].iter().all(|p| p.offline));
    }

    #[test]
    fn defaults_are_what_an_absent_key_means() {
        for p in CATALOGUE {
            let bare: PolicyConfig = serde_json::from_str(&format!(r#"{{"kind":"{}"}}"#, p.kind)).unwrap();
            let value = serde_json::to_value(&bare).unwrap();
            for param in p.params {
                assert_eq!(
                    value.get(param.name).and_then(|v| v.as_f64()),
                    Some(param.default),
                    "{}.{}",
                    p.kind,
                    param.name
                );
                assert_eq!(with(p.kind, param.name, param.default), bare);
            }
        }
    }

    #[test]
    fn ranges_are_the_ones_validate_enforces() {
        // A cache large enough that LFU's "0 or at least the capacity" rule allows the bounds.
        let capacity = 1;
        for p in CATALOGUE {
            for param in p.params {
                let (inside, outside): (Vec<f64>, Vec<f64>) = match param.unit {
                    Unit::Share => (vec![1e-9, 0.5, 1.0 - 1e-9], vec![0.0, 1.0, 1.5]),
                    _ => (
                        vec![param.min, param.max],
                        vec![param.max + 1.0].into_iter().chain((param.min > 0.0).then_some(param.min - 1.0)).collect(),
                    ),
                };
                for x in inside {
                    assert_eq!(
                        with(p.kind, param.name, x).validate(capacity),
                        Ok(()),
                        "{}.{} = {x}",
                        p.kind,
                        param.name
                    );
                }
                for x in outside {
                    let err = with(p.kind, param.name, x)
                        .validate(capacity)
                        .expect_err(&format!("{}.{} = {x}", p.kind, param.name));
                    assert!(err.starts_with(param.name), "{}.{} = {x}: {err}", p.kind, param.name);
                }
            }
        }
    }
}
