//! Paper 003's design space (Chen et al., SIGMETRICS 2005, §3–§6): every client–array cache
//! hierarchy built from a collaboration approach, a replacement algorithm at each level and
//! the local optimizations.
//!
//! | approach | here | kind |
//! |---|---|---|
//! | HA_B, basic hierarchy-aware | protocol `none` (the array knows the client is there: DU) | hierarchy-aware |
//! | HA_R, eviction-based reloads | protocol `ha-r` | hierarchy-aware |
//! | AC_HB, hint-based | protocol `demote` (evicted blocks as hints; SE hints reach the array) | aggressively collaborative |
//! | AC_CA, content-aware | protocol `ac-ca` | aggressively collaborative |
//! | AC_CC, client-controlled (ULC) | protocol `ac-cc` (one replacement algorithm for both) | aggressively collaborative |
//!
//! Replacement: LRU or ARC at each level (§5: "we can have a total of four combinations"; AC_CC
//! has one algorithm for both). Optimizations, each where §5 says it applies:
//! - DU "can be applied to only storage caches" (it drops what it sends up); not for AC_CC,
//!   exclusive already.
//! - CO (a history as large as the cache, §5.2) "can be applied to both storage caches and
//!   storage client caches", each on its own; at the storage cache it is not combined with DU,
//!   which "already evicts any recently accessed blocks from storage caches". So the storage
//!   cache has nothing, DU or CO, and the client CO or not. AC_CC's one cache takes CO or not.
//! - SE (importance hints, §5.3) applies "at the storage client cache" under every approach,
//!   and "only the hint-based approach can explicitly pass semantic information as hints" that
//!   the storage cache uses: under AC_HB the client and the storage cache each take it or not.
//!   AC_CC uses the hints "to manage both caches globally": one choice.
//!
//! Per pair of algorithms, HA_B, HA_R and AC_CA have 3 (storage) × 2 (client CO) × 2 (SE) = 12
//! designs each and AC_HB 3 × 2 × 4 = 24; AC_CC has 2 algorithms × 2 × 2 = 8:
//! 4 × (3 × 12 + 24) + 8 = **248**, the paper's count (§4: "248 different designs"). The paper
//! gives no breakdown; this is the one reading of §5's text we found that reaches it.
//!
//! A design is named as the paper's Figure 5 names them: approach, client algorithm, array
//! algorithm, then the optimizations — `AC_HB.LRU.ARC.DU.SE`, "SE is applied to both caches";
//! AC_CC has one algorithm. An optimization at one cache only carries `_c` (the client cache)
//! or `_s` (the storage cache): `HA_B.LRU.ARC.DU.CO_c`, `AC_HB.ARC.ARC.CO_s.SE_c`. SE under an
//! approach that passes no hints is the client's alone, named `SE` as the paper does.
//!
//! Accounting is paper 003 §7.1's: no approach is charged for its extra traffic, so every one is
//! compared at its best — HA_R's reloads (which tiersim never charges) as much as the DEMOTEs of
//! AC_HB and AC_CC, which a design therefore sends with `demotions: hidden` (off the request
//! path, still on the links). Charged, a DEMOTE costs a request a link transfer that the paper's
//! formula T = (T_h·H₂ + T_m·M) / (H₁ + H₂ + M) never counts, and two designs with the same hits
//! (HA_R.ARC.ARC.DU.SE and AC_HB.ARC.LRU.DU.SE) would differ by that alone.
//!
//! AC_CA's number of victim candidates "is manually tuned to achieve the best performance"
//! (§3.2), per configuration (§8.1): [`Design::runs`] runs AC_CA once per count in
//! [`AC_CA_KS`], and [`best_runs`] keeps each design's best.

use serde::Serialize;

use crate::hierarchy::{Demotions, DiskConfig, Du, LinkConfig, Protocol, SeAt};
use crate::policy::PolicyConfig;
use crate::scenario::Scenario;
use crate::scenario::{CacheConfig, CacheSize, Topology};

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Approach {
    #[serde(rename = "HA_B")]
    HaB,
    #[serde(rename = "HA_R")]
    HaR,
    #[serde(rename = "AC_HB")]
    AcHb,
    #[serde(rename = "AC_CA")]
    AcCa,
    #[serde(rename = "AC_CC")]
    AcCc,
}

impl Approach {
    pub const ALL: [Approach; 5] = [Approach::HaB, Approach::HaR, Approach::AcHb, Approach::AcCa, Approach::AcCc];

    pub fn name(self) -> &'static str {
        match self {
            Approach::HaB => "HA_B",
            Approach::HaR => "HA_R",
            Approach::AcHb => "AC_HB",
            Approach::AcCa => "AC_CA",
            Approach::AcCc => "AC_CC",
        }
    }

    /// Hierarchy-aware (transparent to the client), or aggressively collaborative.
    pub fn is_hierarchy_aware(self) -> bool {
        matches!(self, Approach::HaB | Approach::HaR)
    }

    fn protocol(self) -> Protocol {
        match self {
            Approach::HaB => Protocol::None,
            Approach::HaR => Protocol::HaR,
            Approach::AcHb => Protocol::Demote,
            Approach::AcCa => Protocol::AcCa { k: crate::hierarchy::DEFAULT_AC_CA_K },
            Approach::AcCc => Protocol::AcCc,
        }
    }
}

/// AC_CA's candidate counts the design space tries in each configuration, keeping the best
/// (paper 003 tunes k by hand and gives no range): powers of 4 from 1 — the client's own
/// victim, as HA_B — to the engine's limit, 1024. The best is often far down the client's
/// queue: on tests/paper003.rs's OLTP client at 2000 + 2000 blocks, plain AC_CA gains 0.3 % over
/// HA_B at k = 4, 3.2 % at 32, 28 % at 1024 (the paper: up to 22 %, Figure 10); with DU
/// nothing the client evicts is in the array, and every k is the same.
pub const AC_CA_KS: [u32; 6] = [1, 4, 16, 64, 256, 1024];

/// Replacement algorithm of one cache.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Algorithm {
    Lru,
    Arc,
}

impl Algorithm {
    fn policy(self) -> PolicyConfig {
        match self {
            Algorithm::Lru => PolicyConfig::Lru,
            Algorithm::Arc => PolicyConfig::Arc,
        }
    }
}

/// One design of the space.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Design {
    pub approach: Approach,
    pub client: Algorithm,
    pub array: Algorithm,
    /// DU at the storage cache.
    pub du: bool,
    /// CO at the client cache (for AC_CC: its one cache).
    pub co_client: bool,
    /// CO at the storage cache (for AC_CC: its one cache).
    pub co_array: bool,
    /// SE at the client cache (for AC_CC: both, globally).
    pub se_client: bool,
    /// SE at the storage cache, from the hints AC_HB passes (for AC_CC: both, globally).
    pub se_array: bool,
}

impl Design {
    /// `AC_HB.LRU.ARC.DU.SE`, as the paper writes them.
    pub fn name(&self) -> String {
        let alg = |a: Algorithm| match a {
            Algorithm::Lru => "LRU",
            Algorithm::Arc => "ARC",
        };
        let mut n = format!("{}.{}", self.approach.name(), alg(self.client));
        if self.approach != Approach::AcCc {
            n = format!("{n}.{}", alg(self.array));
        }
        if self.du {
            n.push_str(".DU");
        }
        for (tag, at_client, at_array) in
            [("CO", self.co_client, self.co_array), ("SE", self.se_client, self.se_array || !self.passes_hints())]
        {
            match (at_client, at_array) {
                (true, true) => n = format!("{n}.{tag}"),
                (true, false) => n = format!("{n}.{tag}_c"),
                (false, true) if tag == "CO" || self.passes_hints() => n = format!("{n}.{tag}_s"),
                _ => {}
            }
        }
        n
    }

    /// The approach passes SE's hints to the storage cache (AC_HB; AC_CC, globally).
    fn passes_hints(&self) -> bool {
        matches!(self.approach, Approach::AcHb | Approach::AcCc)
    }

    /// Plain: LRU everywhere, no optimization (the paper's Figure 10).
    pub fn is_plain(&self) -> bool {
        self.client == Algorithm::Lru
            && self.array == Algorithm::Lru
            && !(self.du || self.co_client || self.co_array || self.se_client || self.se_array)
    }

    /// `base`'s sizes, links, disks and source with this design's cooperation: two levels get
    /// the client and array algorithms; a tree's clients the client's and every other cache the
    /// array's; a single cache becomes the client of two levels over an array of its size.
    /// DEMOTEs are hidden (paper 003 §7.1, see the module's doc) and carry what `base`'s say;
    /// AC_CA keeps [`crate::hierarchy::DEFAULT_AC_CA_K`] candidates ([`Design::runs`] tries each
    /// of [`AC_CA_KS`]).
    pub fn apply(&self, base: &Scenario) -> Scenario {
        let mut s = base.clone();
        let cache = |alg: Algorithm, co: bool, capacity: &CacheSize| CacheConfig {
            capacity: capacity.clone(),
            policy: alg.policy(),
            co,
            admission: None,
            prefetch: None,
        };
        s.topology = match &base.topology {
            Topology::Single { cache: c, link, disk } => Topology::TwoLevel {
                client: cache(self.client, self.co_client, &c.capacity),
                array: cache(self.array, self.co_array, &c.capacity),
                link: *link,
                disk: *disk,
            },
            Topology::TwoLevel { client, array, link, disk } => Topology::TwoLevel {
                client: cache(self.client, self.co_client, &client.capacity),
                array: cache(self.array, self.co_array, &array.capacity),
                link: *link,
                disk: *disk,
            },
            Topology::Tree { caches } => {
                let leaf = |name: &str| !caches.iter().any(|c| c.parent.as_deref() == Some(name));
                Topology::Tree {
                    caches: caches
                        .iter()
                        .map(|c| {
                            let mut c = c.clone();
                            let at_client = leaf(&c.name);
                            c.policy = if at_client { self.client.policy() } else { self.array.policy() };
                            c.co = if at_client { self.co_client } else { self.co_array };
                            c
                        })
                        .collect(),
                }
            }
        };
        s.protocol = self.approach.protocol();
        if matches!(s.protocol, Protocol::Demote | Protocol::AcCc) {
            s.demotions = Demotions::Hidden;
        } else {
            s.demotions = Demotions::Charged;
            s.demote_data = Default::default();
            s.demote_command_ms = 0.0;
        }
        s.du = self.du.then_some(Du::Drop);
        s.se = self.se_client || self.se_array;
        s.se_at = match (self.se_client, self.se_array) {
            (true, false) if self.passes_hints() => Some(SeAt::Client),
            (false, true) => Some(SeAt::Above),
            _ => None,
        };
        s.name = self.name();
        s
    }

    /// What the design space runs of this design on `base`: AC_CA once per candidate count of
    /// [`AC_CA_KS`], any other design once, as [`Design::apply`] builds it.
    pub fn runs(&self, base: &Scenario) -> Vec<DesignRun> {
        let scenario = self.apply(base);
        if self.approach != Approach::AcCa {
            return vec![DesignRun { design: *self, k: None, scenario }];
        }
        AC_CA_KS
            .iter()
            .map(|&k| {
                let mut s = scenario.clone();
                s.protocol = Protocol::AcCa { k };
                DesignRun { design: *self, k: Some(k), scenario: s }
            })
            .collect()
    }
}

/// One run of a design: its scenario and, for AC_CA, the candidate count it tries.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DesignRun {
    pub design: Design,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub k: Option<u32>,
    pub scenario: Scenario,
}

impl DesignRun {
    /// `AC_CA.LRU.ARC (k = 8)`; any other design by its name.
    pub fn label(&self) -> String {
        match self.k {
            Some(k) => format!("{} (k = {k})", self.design.name()),
            None => self.design.name(),
        }
    }
}

/// Every run of the space on `base`, design by design in [`space`]'s order.
pub fn space_runs(base: &Scenario) -> Vec<DesignRun> {
    space().iter().flat_map(|d| d.runs(base)).collect()
}

/// One design of the space as the page lists it: its name, its scenario, and what it runs.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SpaceEntry {
    pub name: String,
    pub design: Design,
    /// HA_B and HA_R, transparent to the client; the rest are aggressively collaborative.
    pub hierarchy_aware: bool,
    /// LRU at each level, no optimization (the paper's Figure 10).
    pub plain: bool,
    pub scenario: Scenario,
    pub runs: Vec<SpaceRun>,
}

/// One run of a design, labelled (`AC_CA.LRU.ARC (k = 16)`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SpaceRun {
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub k: Option<u32>,
    pub scenario: Scenario,
}

/// The whole space over `base`, every scenario checked: the first the engine refuses is the
/// error, its issue prefixed with the design's (or run's) label.
pub fn space_entries(base: &Scenario) -> Result<Vec<SpaceEntry>, super::Issue> {
    let refused = |label: String, s: &Scenario| {
        s.issues().into_vec().into_iter().next().map(|i| super::Issue::new(i.path, format!("{label}: {}", i.message)))
    };
    let mut out = Vec::new();
    for d in space() {
        let scenario = d.apply(base);
        if let Some(i) = refused(d.name(), &scenario) {
            return Err(i);
        }
        let mut runs = Vec::new();
        for r in d.runs(base) {
            if let Some(i) = refused(r.label(), &r.scenario) {
                return Err(i);
            }
            runs.push(SpaceRun { label: r.label(), k: r.k, scenario: r.scenario });
        }
        out.push(SpaceEntry {
            name: d.name(),
            design: d,
            hierarchy_aware: d.approach.is_hierarchy_aware(),
            plain: d.is_plain(),
            scenario,
            runs,
        });
    }
    Ok(out)
}

/// Each design's best run of `runs` by `score` (lower is better; AC_CA: its best k), in the
/// order the designs first appear. A tie keeps the earlier run (the smaller k).
pub fn best_runs<'a, T>(runs: &'a [DesignRun], scores: &[T], score: impl Fn(&T) -> f64) -> Vec<(&'a DesignRun, f64)> {
    let mut out: Vec<(&DesignRun, f64)> = Vec::new();
    for (r, t) in runs.iter().zip(scores) {
        let v = score(t);
        match out.iter_mut().find(|(b, _)| b.design == r.design) {
            Some(best) if v < best.1 => *best = (r, v),
            Some(_) => {}
            None => out.push((r, v)),
        }
    }
    out
}

/// Every design, approach by approach (see the module's doc for the count).
pub fn space() -> Vec<Design> {
    let mut out = Vec::with_capacity(248);
    let algs = [Algorithm::Lru, Algorithm::Arc];
    let flags = [false, true];
    for approach in Approach::ALL {
        for client in algs {
            for array in algs {
                let d = Design {
                    approach,
                    client,
                    array,
                    du: false,
                    co_client: false,
                    co_array: false,
                    se_client: false,
                    se_array: false,
                };
                if approach == Approach::AcCc {
                    // One algorithm, one cache: CO and SE for both or neither.
                    if array == client {
                        for co in flags {
                            for se in flags {
                                out.push(Design { co_client: co, co_array: co, se_client: se, se_array: se, ..d });
                            }
                        }
                    }
                    continue;
                }
                // The storage cache: nothing, DU or CO.
                for (du, co_array) in [(false, false), (true, false), (false, true)] {
                    for co_client in flags {
                        for se_client in flags {
                            let se_arrays: &[bool] = if approach == Approach::AcHb { &flags } else { &[false] };
                            for &se_array in se_arrays {
                                out.push(Design { du, co_client, co_array, se_client, se_array, ..d });
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// A SAN of paper 003's Table 3: the link between the clients and the storage caches, and the
/// storage-cache hit and miss latencies T_h and T_m (ms) at 4 KiB and 8 KiB blocks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct San {
    /// The link preset's name in JSON.
    #[cfg_attr(feature = "ts", ts(type = "\"vi-fc\" | \"ip-storage\" | \"future-san\""))]
    pub preset: &'static str,
    pub label: &'static str,
    #[serde(skip)]
    pub link: LinkConfig,
    /// (T_h, T_m) at 4 KiB, and at 8 KiB.
    pub at_4k: [f64; 2],
    pub at_8k: [f64; 2],
}

/// Paper 003 Table 3.
pub const SANS: [San; 3] = [
    San {
        preset: "vi-fc",
        label: "VI / Fibre Channel",
        link: LinkConfig::ViFc,
        at_4k: [0.125, 6.352],
        at_8k: [0.137, 6.94],
    },
    San {
        preset: "ip-storage",
        label: "IP storage",
        link: LinkConfig::IpStorage,
        at_4k: [0.692, 6.983],
        at_8k: [0.979, 8.101],
    },
    San {
        preset: "future-san",
        label: "future SAN (10× faster)",
        link: LinkConfig::FutureSan,
        at_4k: [0.012, 6.238],
        at_8k: [0.014, 6.817],
    },
];

impl San {
    /// The SAN named by its link preset.
    pub fn named(preset: &str) -> Option<San> {
        SANS.into_iter().find(|s| s.preset == preset)
    }

    /// `base` on this SAN: its link between the clients and the storage caches, and disks
    /// taking T_m − T_h (Table 3 at 4 KiB or 8 KiB; 4 KiB's for any other block size). In a tree
    /// every link up to a parent is the SAN, every root's disk the rest (its own link to the
    /// disk unchanged).
    pub fn apply(&self, base: &Scenario) -> Scenario {
        let mut s = base.clone();
        let [th, tm] = if s.block_size == 8192 { self.at_8k } else { self.at_4k };
        let disk = DiskConfig::Constant { service_ms: ((tm - th) * 1e6).round() / 1e6 };
        match &mut s.topology {
            Topology::Tree { caches } => {
                for c in caches {
                    if c.parent.is_none() {
                        c.disk = Some(disk);
                    } else {
                        c.link = Some(self.link);
                    }
                }
            }
            Topology::Single { link, disk: d, .. } | Topology::TwoLevel { link, disk: d, .. } => {
                *link = self.link;
                *d = disk;
            }
        }
        s
    }
}

/// `base` (two levels) with the same total cache split `client : array` = `ratio` : 1 (each at
/// least one block — one byte, where either is given in bytes: both are then in bytes); any
/// other topology as it is.
pub fn at_ratio(base: &Scenario, ratio: f64) -> Scenario {
    let mut s = base.clone();
    if let Topology::TwoLevel { client, array, .. } = &mut s.topology {
        let split = |total: u64| {
            let first = ((total as f64 * ratio / (1.0 + ratio)).round() as u64).max(1);
            (first, total.saturating_sub(first).max(1))
        };
        match (&client.capacity, &array.capacity) {
            (CacheSize::Blocks(c), CacheSize::Blocks(a)) => {
                let (c, a) = split(c + a);
                (client.capacity, array.capacity) = (c.into(), a.into());
            }
            (c, a) => {
                let (c, a) = split(c.as_bytes(s.block_size) + a.as_bytes(s.block_size));
                (client.capacity, array.capacity) = (CacheSize::from_bytes(c), CacheSize::from_bytes(a));
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_space_has_every_design_once_named_as_the_paper_does() {
        let all = space();
        assert_eq!(all.len(), 248);
        let count = |a: Approach| all.iter().filter(|d| d.approach == a).count();
        assert_eq!(Approach::ALL.map(count), [48, 48, 96, 48, 8]);
        let mut names: Vec<String> = all.iter().map(Design::name).collect();
        for n in [
            "AC_HB.LRU.ARC.DU.SE",
            "AC_HB.LRU.ARC.DU.SE_c",
            "AC_HB.ARC.ARC.CO_s.SE_s",
            "HA_B.LRU.ARC.DU.CO_c.SE",
            "HA_R.ARC.LRU.CO",
            "AC_CA.LRU.LRU.CO_s",
            "AC_CC.ARC.CO",
        ] {
            assert!(names.contains(&n.to_string()), "{n}");
        }
        // DU and CO never both at the storage cache; SE at the storage cache only under AC_HB
        // (AC_CC: its one cache).
        assert!(!names.iter().any(|n| n.contains("DU.CO.") || n.ends_with("DU.CO") || n.contains("DU.CO_s")));
        assert!(!names.iter().any(|n| !n.starts_with("AC_HB") && n.contains("SE_")));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 248);
        assert_eq!(all.iter().filter(|d| d.is_plain()).count(), 5);
        // Each design's scenario is valid and says what it is, level by level.
        let base = Scenario::default();
        for d in &all {
            let s = d.apply(&base);
            s.validate().unwrap_or_else(|e| panic!("{}: {e}", d.name()));
            let Topology::TwoLevel { client, array, .. } = &s.topology else { panic!("two levels") };
            assert_eq!((client.co, array.co, s.du.is_some()), (d.co_client, d.co_array, d.du), "{}", d.name());
            let se = match (s.se, s.se_at) {
                (false, _) => (false, false),
                (true, Some(SeAt::Client)) => (true, false),
                (true, Some(SeAt::Above)) => (false, true),
                // Everywhere the protocol lets it: the storage cache too under AC_HB and AC_CC.
                (true, None) => (true, d.passes_hints()),
            };
            assert_eq!(se, (d.se_client, d.se_array), "{}", d.name());
        }
    }

    #[test]
    fn demotes_are_hidden_and_nothing_else_says_how_they_are_charged() {
        // A base that charges and carries DEMOTEs its own way: the designs that send them hide
        // them and keep what they carry; the others drop both (the scenario would be refused).
        let base = Scenario {
            protocol: Protocol::Demote,
            demote_data: crate::hierarchy::DemoteData::Always,
            ..Default::default()
        };
        for d in space() {
            let s = d.apply(&base);
            s.validate().unwrap_or_else(|e| panic!("{}: {e}", d.name()));
            let sends = matches!(d.approach, Approach::AcHb | Approach::AcCc);
            let hidden = s.demotions == Demotions::Hidden;
            let always = s.demote_data == crate::hierarchy::DemoteData::Always;
            assert_eq!((hidden, always), (sends, sends), "{}", d.name());
        }
    }

    #[test]
    fn ac_ca_runs_once_per_candidate_count_every_other_design_once() {
        let base = Scenario::default();
        let runs = space_runs(&base);
        // 48 AC_CA designs × 6 counts, the 200 others once.
        assert_eq!(runs.len(), 200 + 48 * AC_CA_KS.len());
        let d = Design {
            approach: Approach::AcCa,
            client: Algorithm::Lru,
            array: Algorithm::Arc,
            du: false,
            co_client: false,
            co_array: false,
            se_client: false,
            se_array: false,
        };
        let ks: Vec<_> = d.runs(&base).iter().map(|r| (r.k, r.scenario.protocol)).collect();
        assert_eq!(ks, AC_CA_KS.map(|k| (Some(k), Protocol::AcCa { k })).to_vec());
        assert_eq!(d.runs(&base)[3].label(), "AC_CA.LRU.ARC (k = 64)");
        let hb = Design { approach: Approach::AcHb, ..d };
        let r = hb.runs(&base);
        assert_eq!((r.len(), r[0].k, r[0].label()), (1, None, "AC_HB.LRU.ARC".to_string()));
        assert_eq!(serde_json::to_value(&r[0].scenario).unwrap(), serde_json::to_value(hb.apply(&base)).unwrap());
    }

    #[test]
    fn each_design_keeps_its_best_run_the_smaller_k_on_a_tie() {
        let base = Scenario::default();
        let d = Design {
            approach: Approach::AcCa,
            client: Algorithm::Lru,
            array: Algorithm::Lru,
            du: false,
            co_client: false,
            co_array: false,
            se_client: false,
            se_array: false,
        };
        let hb = Design { approach: Approach::AcHb, ..d };
        let runs: Vec<DesignRun> = hb.runs(&base).into_iter().chain(d.runs(&base)).collect();
        // AC_HB 0.5; AC_CA by k: 1 → 0.9, 4 → 0.7, 16 → 0.4, 64 → 0.4, 256 → 0.6, 1024 → 0.8.
        let ms = [0.5, 0.9, 0.7, 0.4, 0.4, 0.6, 0.8];
        let best: Vec<(String, f64)> = best_runs(&runs, &ms, |&m| m).into_iter().map(|(r, m)| (r.label(), m)).collect();
        assert_eq!(best, [("AC_HB.LRU.LRU".to_string(), 0.5), ("AC_CA.LRU.LRU (k = 16)".to_string(), 0.4)]);
    }
}
