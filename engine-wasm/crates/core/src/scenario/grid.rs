//! Paper 000's eight designs (Wong & Wilkes, §4): the client's policy (LRU or MRU insertion) ×
//! the array's × DEMOTE or none, in its table's order (the baseline LRU-LRU-none first), each
//! built over any scenario's workload, sizes, links and disks to compare side by side.

use serde::Serialize;

use super::{CacheConfig, Issue, Scenario, Source, Topology};
use crate::hierarchy::{DemoteData, Demotions, Protocol};
use crate::policy::PolicyConfig;

/// One of the eight designs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct GridDesign {
    /// MRU: a block fetched or hit goes to the "eject me next" end.
    pub client_mru: bool,
    pub array_mru: bool,
    pub demote: bool,
}

impl GridDesign {
    /// The eight, in the paper's table order.
    pub fn all() -> [GridDesign; 8] {
        let mut out = [GridDesign { client_mru: false, array_mru: false, demote: false }; 8];
        for (i, d) in out.iter_mut().enumerate() {
            *d = GridDesign { client_mru: i & 4 != 0, array_mru: i & 2 != 0, demote: i & 1 != 0 };
        }
        out
    }

    /// "LRU-MRU-demote", the paper's naming.
    pub fn name(&self) -> String {
        let p = |mru: bool| if mru { "MRU" } else { "LRU" };
        format!("{}-{}-{}", p(self.client_mru), p(self.array_mru), if self.demote { "demote" } else { "none" })
    }

    fn policy(mru: bool) -> PolicyConfig {
        if mru {
            PolicyConfig::Mru
        } else {
            PolicyConfig::Lru
        }
    }

    /// `base` with this design: two levels (a single cache becomes the client over an array of
    /// its size; each cache keeps only its size), or `base`'s tree, its clients with the client
    /// policy and every cache above them the array's (without CO); no DU; DEMOTE or none, with
    /// `base`'s DEMOTE settings where DEMOTE is on. Named "RANDOM LRU-MRU-demote" (the trace's
    /// name in place of the workload's kind).
    pub fn apply(&self, base: &Scenario) -> Scenario {
        let mut s = base.clone();
        s.du = None;
        let cache = |mru: bool, c: &CacheConfig| CacheConfig {
            capacity: c.capacity.clone(),
            ..CacheConfig::new(0, GridDesign::policy(mru))
        };
        s.topology = match &base.topology {
            Topology::Single { cache: c, link, disk } => Topology::TwoLevel {
                client: cache(self.client_mru, c),
                array: cache(self.array_mru, c),
                link: *link,
                disk: *disk,
            },
            Topology::TwoLevel { client, array, link, disk } => Topology::TwoLevel {
                client: cache(self.client_mru, client),
                array: cache(self.array_mru, array),
                link: *link,
                disk: *disk,
            },
            Topology::Tree { caches } => {
                let leaf = |name: &str| !caches.iter().any(|c| c.parent.as_deref() == Some(name));
                let mut caches = caches.clone();
                for c in &mut caches {
                    c.policy = GridDesign::policy(if leaf(&c.name) { self.client_mru } else { self.array_mru });
                    c.co = false;
                }
                Topology::Tree { caches }
            }
        };
        s.protocol = if self.demote { Protocol::Demote } else { Protocol::None };
        if !self.demote {
            s.demotions = Demotions::Charged;
            s.demote_data = DemoteData::WhenAbsent;
            s.demote_command_ms = 0.0;
        }
        let what = match &s.source {
            Source::Workload { workload, .. } => workload.kind_name().to_uppercase(),
            Source::Trace(t) => t.name.clone(),
        };
        s.name = format!("{what} {}", self.name());
        s
    }
}

/// A design's scenario, named.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NamedScenario {
    pub name: String,
    pub scenario: Scenario,
}

/// The eight designs over `base`, each checked: the first design the engine refuses is the
/// error, its issue prefixed with the design's name.
pub fn grid(base: &Scenario) -> Result<Vec<NamedScenario>, Issue> {
    GridDesign::all()
        .iter()
        .map(|d| {
            let scenario = d.apply(base);
            match scenario.issues().into_vec().into_iter().next() {
                Some(i) => Err(Issue::new(i.path, format!("{}: {}", d.name(), i.message))),
                None => Ok(NamedScenario { name: d.name(), scenario }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_in_table_order_over_any_topology() {
        let names: Vec<String> = GridDesign::all().iter().map(|d| d.name()).collect();
        assert_eq!(
            names,
            [
                "LRU-LRU-none",
                "LRU-LRU-demote",
                "LRU-MRU-none",
                "LRU-MRU-demote",
                "MRU-LRU-none",
                "MRU-LRU-demote",
                "MRU-MRU-none",
                "MRU-MRU-demote"
            ]
        );
        let base = Scenario::default();
        let all = grid(&base).unwrap();
        // The default scenario is paper 000's LRU-MRU-demote: the grid's fourth, as it is.
        assert_eq!(all[3].scenario, base);
        assert_eq!(all[0].name, "LRU-LRU-none");
        assert_eq!(all[0].scenario.name, "RANDOM LRU-LRU-none");
        assert_eq!(all[0].scenario.protocol, Protocol::None);
        // A single cache becomes the client over an array of its size.
        let single = Scenario::single(100, PolicyConfig::Arc, base.workload().unwrap().clone());
        let two = GridDesign::all()[7].apply(&single);
        let Topology::TwoLevel { client, array, .. } = &two.topology else { panic!() };
        assert_eq!((&client.capacity, &array.capacity, &client.policy), (&100.into(), &100.into(), &PolicyConfig::Mru));
        assert_eq!(two.protocol, Protocol::Demote);
    }
}
