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
//! Replacement: LRU or ARC at each level. Optimizations: DU at the array (it drops what it
//! sends up; not for AC_CC, exclusive already), CO at both caches (a history as large as the
//! cache), SE (importance hints: at the client, and at the array where the protocol carries
//! them). 4 × 2 × 2 × 2 × 2 × 2 + 2 × 2 × 2 = 136 designs (the paper counts 248 with its
//! finer choices of where CO and DU apply).
//!
//! A design is named as the paper's Figure 5 names them: approach, client algorithm, array
//! algorithm, then the optimizations — `AC_HB.LRU.ARC.DU.SE`; AC_CC has one algorithm.

use serde::Serialize;

use crate::hierarchy::{Du, Protocol};
use crate::policy::PolicyConfig;
use crate::scenario::Scenario;
use crate::scenario::{CacheConfig, Topology};

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

/// Replacement algorithm of one cache.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Design {
    pub approach: Approach,
    pub client: Algorithm,
    pub array: Algorithm,
    pub du: bool,
    pub co: bool,
    pub se: bool,
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
        for (on, tag) in [(self.du, "DU"), (self.co, "CO"), (self.se, "SE")] {
            if on {
                n = format!("{n}.{tag}");
            }
        }
        n
    }

    /// Plain: LRU everywhere, no optimization (the paper's Figure 10).
    pub fn is_plain(&self) -> bool {
        self.client == Algorithm::Lru && self.array == Algorithm::Lru && !self.du && !self.co && !self.se
    }

    /// `base`'s sizes, links, disks and source with this design's cooperation: two levels get
    /// the client and array algorithms; a tree's clients the client's and every other cache the
    /// array's; a single cache becomes the client of two levels over an array of its size.
    pub fn apply(&self, base: &Scenario) -> Scenario {
        let mut s = base.clone();
        let cache = |alg: Algorithm, capacity: u64| CacheConfig { capacity, policy: alg.policy(), co: self.co };
        s.topology = match &base.topology {
            Topology::Single { cache: c, link, disk } => Topology::TwoLevel {
                client: cache(self.client, c.capacity),
                array: cache(self.array, c.capacity),
                link: *link,
                disk: *disk,
            },
            Topology::TwoLevel { client, array, link, disk } => Topology::TwoLevel {
                client: cache(self.client, client.capacity),
                array: cache(self.array, array.capacity),
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
                            c.policy = if leaf(&c.name) { self.client.policy() } else { self.array.policy() };
                            c.co = self.co;
                            c
                        })
                        .collect(),
                }
            }
        };
        s.protocol = self.approach.protocol();
        s.du = self.du.then_some(Du::Drop);
        s.se = self.se;
        s.name = self.name();
        s
    }
}

/// Every design, approach by approach.
pub fn space() -> Vec<Design> {
    let mut out = Vec::with_capacity(136);
    let algs = [Algorithm::Lru, Algorithm::Arc];
    let flags = [false, true];
    for approach in Approach::ALL {
        for client in algs {
            for array in algs {
                if approach == Approach::AcCc && array != client {
                    continue;
                }
                for du in flags {
                    if approach == Approach::AcCc && du {
                        continue;
                    }
                    for co in flags {
                        for se in flags {
                            out.push(Design { approach, client, array, du, co, se });
                        }
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_space_has_every_design_once_named_as_the_paper_does() {
        let all = space();
        assert_eq!(all.len(), 136);
        let mut names: Vec<String> = all.iter().map(Design::name).collect();
        assert!(names.contains(&"AC_HB.LRU.ARC.DU.SE".to_string()));
        assert!(names.contains(&"AC_CC.ARC.CO".to_string()));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 136);
        assert_eq!(all.iter().filter(|d| d.is_plain()).count(), 5);
        // Each design's scenario is valid and says what it is.
        let base = Scenario::default();
        for d in &all {
            let s = d.apply(&base);
            s.validate().unwrap_or_else(|e| panic!("{}: {e}", d.name()));
            let mut s = s;
            let co = s.topology.client_mut().unwrap().co;
            assert_eq!((s.se, s.du.is_some(), co), (d.se, d.du, d.co));
        }
    }
}
