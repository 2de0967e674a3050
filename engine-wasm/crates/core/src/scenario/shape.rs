//! The hierarchy as the engine sees it, whatever the topology's kind: its caches (each with its
//! parent, link and disk), the clients (the leaves, in list order) and each client's path up to
//! its root. The page draws and names caches from this same [`Shape`].

use serde::Serialize;

use super::{CacheConfig, FieldPath, Issue, Issues, Scenario, ScenarioError, Topology, MAX_CACHES, MAX_CLIENTS};
use crate::hierarchy::{DiskConfig, LinkConfig};

/// Longest name of a tree's cache, in bytes.
pub const MAX_CACHE_NAME: usize = 40;

/// One cache as the engine builds it: its settings, its parent (by index) and its name.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Node {
    pub name: String,
    pub cache: CacheConfig,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub parent: Option<usize>,
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<LinkConfig>,
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disk: Option<DiskConfig>,
    /// Where its settings live in the document (`topology.client`, `topology.caches[2]`).
    pub path: String,
}

/// A checked topology: caches, parents, and the clients (leaves) in order, each with its path
/// of caches to its root.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Shape {
    pub nodes: Vec<Node>,
    #[cfg_attr(feature = "ts", ts(type = "number[]"))]
    pub leaves: Vec<usize>,
    /// Per client: the indices of its caches, its own first, its root last.
    #[cfg_attr(feature = "ts", ts(type = "number[][]"))]
    pub paths: Vec<Vec<usize>>,
}

impl Shape {
    pub fn clients(&self) -> usize {
        self.leaves.len()
    }

    /// The leaves below cache `i` (itself, if it is one).
    pub fn clients_below(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.leaves.len()).filter(move |&c| self.paths[c].contains(&i))
    }

    /// 0 for a root, growing downwards.
    pub fn depth(&self, mut i: usize) -> u32 {
        let mut d = 0;
        while let Some(p) = self.nodes[i].parent {
            i = p;
            d += 1;
        }
        d
    }

    pub fn leaf_named(&self, name: &str) -> Option<usize> {
        self.leaves.iter().position(|&l| self.nodes[l].name == name)
    }

    /// The client names, in order.
    pub fn client_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.leaves.iter().map(|&l| self.nodes[l].name.as_str())
    }
}

impl Topology {
    /// The caches as the engine sees them, or `None` after adding to `issues` every problem
    /// of a tree's list (names, parents, disks) — each cache's in list order.
    fn nodes(&self, issues: &mut Issues) -> Option<Vec<Node>> {
        Some(match self {
            Topology::Single { cache, link, disk } => vec![Node {
                name: "cache".into(),
                cache: cache.clone(),
                parent: None,
                link: Some(*link),
                disk: Some(*disk),
                path: "topology.cache".into(),
            }],
            Topology::TwoLevel { client, array, link, disk } => vec![
                Node {
                    name: "client".into(),
                    cache: client.clone(),
                    parent: Some(1),
                    link: Some(*link),
                    disk: None,
                    path: "topology.client".into(),
                },
                Node {
                    name: "array".into(),
                    cache: array.clone(),
                    parent: None,
                    link: None,
                    disk: Some(*disk),
                    path: "topology.array".into(),
                },
            ],
            Topology::Tree { caches } => {
                let n = caches.len();
                if !(1..=MAX_CACHES).contains(&n) {
                    issues.add("topology.caches", format!("must list 1 to {MAX_CACHES} caches (got {n})"));
                    return None;
                }
                let before = issues.len();
                let mut nodes = Vec::with_capacity(n);
                for (i, c) in caches.iter().enumerate() {
                    let at = |field: &str| FieldPath::parse("topology.caches").index(i).key(field);
                    if c.name.trim().is_empty() || c.name.len() > MAX_CACHE_NAME {
                        issues.add(at("name"), format!("must be 1 to {MAX_CACHE_NAME} characters"));
                    } else if caches[..i].iter().any(|o| o.name == c.name) {
                        issues.add(at("name"), format!("\"{}\" names two caches", c.name));
                    }
                    let parent = match &c.parent {
                        None => None,
                        Some(p) => match caches.iter().position(|o| &o.name == p) {
                            Some(j) if j == i => {
                                issues.add(at("parent"), "a cache cannot be its own parent");
                                None
                            }
                            Some(j) => Some(j),
                            None => {
                                issues.add(at("parent"), format!("no cache is named \"{p}\""));
                                None
                            }
                        },
                    };
                    match (&c.parent, &c.disk) {
                        (None, None) => {
                            issues.add(at("disk"), format!("\"{}\" has no parent, so it needs a disk", c.name))
                        }
                        (Some(_), Some(_)) => {
                            issues.add(at("disk"), format!("only a root has a disk; \"{}\" has a parent", c.name))
                        }
                        _ => {}
                    }
                    nodes.push(Node {
                        name: c.name.clone(),
                        cache: CacheConfig {
                            capacity: c.capacity.clone(),
                            policy: c.policy.clone(),
                            co: c.co,
                            admission: c.admission.clone(),
                            prefetch: c.prefetch.clone(),
                        },
                        parent,
                        link: c.link,
                        disk: c.disk,
                        path: format!("topology.caches[{i}]"),
                    });
                }
                if issues.len() > before {
                    return None;
                }
                nodes
            }
        })
    }
}

/// A topology's shape as a form draws it while it is edited, and every problem that keeps it
/// from running. With no issue it is the engine's shape; with some, as far as the list goes: a
/// parent no cache is named is no parent, a path stops before it would repeat a cache.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShapeCheck {
    pub shape: Shape,
    pub issues: Vec<Issue>,
}

impl Topology {
    /// [`ShapeCheck`] of this topology.
    pub fn shape_check(&self) -> ShapeCheck {
        let mut issues = Issues::default();
        match shape_of(self, &mut issues) {
            Some(shape) => ShapeCheck { shape, issues: issues.into_vec() },
            None => ShapeCheck { shape: self.draft_shape(), issues: issues.into_vec() },
        }
    }

    /// The shape of a list that may be wrong, as far as it goes (see [`ShapeCheck`]).
    fn draft_shape(&self) -> Shape {
        let nodes: Vec<Node> = match self {
            Topology::Tree { caches } => caches
                .iter()
                .enumerate()
                .map(|(i, c)| Node {
                    name: c.name.clone(),
                    cache: CacheConfig {
                        capacity: c.capacity.clone(),
                        policy: c.policy.clone(),
                        co: c.co,
                        admission: c.admission.clone(),
                        prefetch: c.prefetch.clone(),
                    },
                    parent: c.parent.as_ref().and_then(|p| caches.iter().position(|o| &o.name == p)),
                    link: c.link,
                    disk: c.disk,
                    path: format!("topology.caches[{i}]"),
                })
                .collect(),
            _ => self.nodes(&mut Issues::default()).expect("a single cache or two levels always have a shape"),
        };
        let n = nodes.len();
        let leaves: Vec<usize> = (0..n).filter(|&i| !nodes.iter().any(|o| o.parent == Some(i))).collect();
        let paths = leaves
            .iter()
            .map(|&leaf| {
                let mut path = vec![leaf];
                while let Some(p) = nodes[*path.last().expect("non-empty")].parent {
                    if path.contains(&p) {
                        break;
                    }
                    path.push(p);
                }
                path
            })
            .collect();
        Shape { nodes, leaves, paths }
    }
}

impl Scenario {
    /// The caches, each client's path and the leaves, checked; the error names the field.
    pub fn shape(&self) -> Result<Shape, ScenarioError> {
        let mut issues = Issues::default();
        self.shape_into(&mut issues).ok_or_else(|| issues.first().expect("a shape refused says why"))
    }

    /// [`Scenario::shape`], adding every problem of the topology to `issues` (then `None`).
    pub(crate) fn shape_into(&self, issues: &mut Issues) -> Option<Shape> {
        shape_of(&self.topology, issues)
    }
}

/// The shape of `topology`, adding every problem it has to `issues` (then `None`).
fn shape_of(topology: &Topology, issues: &mut Issues) -> Option<Shape> {
    let nodes = topology.nodes(issues)?;
    let n = nodes.len();
    // Every walk upwards must reach a root (and so a disk) within n steps.
    let before = issues.len();
    for node in &nodes {
        let mut at = node;
        for _ in 0..=n {
            match at.parent {
                Some(p) => at = &nodes[p],
                None => break,
            }
        }
        if at.parent.is_some() {
            issues.add(
                format!("{}.parent", node.path),
                format!("the caches above \"{}\" form a cycle: it has no path to a disk", node.name),
            );
        }
    }
    if issues.len() > before {
        return None;
    }
    let leaves: Vec<usize> = (0..n).filter(|&i| !nodes.iter().any(|o| o.parent == Some(i))).collect();
    if leaves.len() > MAX_CLIENTS {
        issues.add("topology.caches", format!("at most {MAX_CLIENTS} clients (leaves), got {}", leaves.len()));
        return None;
    }
    let paths = leaves
        .iter()
        .map(|&leaf| {
            let mut path = vec![leaf];
            while let Some(p) = nodes[*path.last().expect("non-empty")].parent {
                path.push(p);
            }
            path
        })
        .collect();
    Some(Shape { nodes, leaves, paths })
}
