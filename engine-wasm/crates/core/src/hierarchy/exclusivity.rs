//! Exclusivity: what keeps a block from being cached twice along a path. Under an exclusive
//! protocol (DEMOTE, AC_CC) the victims of an insertion above the client move up rather than
//! leave, as the client's own do. Under AC_CC (ULC's rule, paper 003) every path holds a block
//! at most once, even where several clients share a cache: a block another client below a
//! shared cache holds is neither placed nor demoted into it.

use super::node::Node;
use super::protocol::Protocol;
use crate::model::Block;

/// The hierarchy's exclusivity part.
#[derive(Clone, Debug, Default)]
pub(crate) struct Exclusivity {
    /// Victims of insertions above the client move up (the protocol is exclusive).
    pub(crate) victims_move_up: bool,
    /// Every path holds a block at most once (AC_CC).
    one_level: Option<OneLevel>,
}

/// What AC_CC's checks across clients need to know of the tree.
#[derive(Clone, Debug)]
struct OneLevel {
    /// Per cache: the caches below it.
    below: Vec<Vec<usize>>,
    /// Per cache: two or more clients below it (its placements must check the others' caches).
    shared: Vec<bool>,
}

impl Exclusivity {
    /// For `protocol` over caches whose parents are `parents`, with `clients_below` clients
    /// under each.
    pub(crate) fn new(protocol: Protocol, parents: &[Option<usize>], clients_below: &[usize]) -> Self {
        let one_level = (protocol == Protocol::AcCc).then(|| {
            let n = parents.len();
            let below = (0..n)
                .map(|i| {
                    (0..n)
                        .filter(|&j| {
                            let mut at = j;
                            while let Some(p) = parents[at] {
                                if p == i {
                                    return true;
                                }
                                at = p;
                                if at == j {
                                    break;
                                }
                            }
                            false
                        })
                        .collect()
                })
                .collect();
            OneLevel { below, shared: clients_below.iter().map(|&c| c > 1).collect() }
        });
        Self { victims_move_up: matches!(protocol, Protocol::Demote | Protocol::AcCc), one_level }
    }

    /// Whether `b`, demoted from `child` into its parent `i`, is held by a cache below `i`
    /// outside `child`'s subtree — and so must not be cached at `i` too.
    #[inline(always)]
    pub(crate) fn held_below_except(&self, nodes: &[Node], i: usize, child: usize, b: Block) -> bool {
        self.one_level.as_ref().is_some_and(|o| o.held_below_except(nodes, i, child, b))
    }

    /// Whether a cache below `i` but not on `path` holds `b` (AC_CC, placing `b` at `i`).
    #[inline(always)]
    pub(crate) fn held_below_elsewhere(&self, nodes: &[Node], i: usize, path: &[usize], b: Block) -> bool {
        self.one_level.as_ref().is_some_and(|o| o.held_below_elsewhere(nodes, i, path, b))
    }
}

impl OneLevel {
    fn held_below_except(&self, nodes: &[Node], i: usize, child: usize, b: Block) -> bool {
        self.shared[i]
            && self.below[i]
                .iter()
                .any(|&j| j != child && !self.below[child].contains(&j) && nodes[j].policy.contains(b))
    }

    fn held_below_elsewhere(&self, nodes: &[Node], i: usize, path: &[usize], b: Block) -> bool {
        self.shared[i] && self.below[i].iter().any(|&j| !path.contains(&j) && nodes[j].policy.contains(b))
    }
}
