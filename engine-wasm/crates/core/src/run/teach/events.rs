//! What each cache's policy decided at a step, as plain data the page puts into words: a block
//! changing list (entering, promoted, demoted, evicted to a ghost list or forgotten, with its
//! next use for an eviction), a change of status in a recency stack (LIRS's HIR → LIR, a
//! non-resident entry pruned), the number a policy steers by moving (ARC's p), and a per-block
//! count changing (CLOCK's reference bits, S3-FIFO's and MQ's frequencies).
//!
//! The events are read off the policy's own teaching views ([`TeachingViews`]) before and after
//! the request — its lists, its stack, its target and its marks, which the policy reports as it
//! keeps them — so the simulation's hot path neither records nor pays for anything: only the
//! stepper, which draws those views anyway, compares them.

use std::collections::BTreeMap;

use serde::Serialize;

use super::CacheView;
use crate::model::Block;
use crate::policy::StackStatus;
#[cfg(doc)]
use crate::policy::TeachingViews;

/// One decision of one cache's policy at a step (`cache`: its index in the step's caches).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TeachEvent {
    /// `block` changed list: it entered (`from` none), left every list (`to` none), or moved
    /// from one list to another — resident or ghost (`fromGhost`, `toGhost`). A block that was
    /// resident and no longer is was evicted: `nextUse` is then the step of its next request
    /// (`None`: never again), as MIN reasons.
    #[serde(rename_all = "camelCase")]
    Moved {
        cache: usize,
        block: Block,
        from: Option<String>,
        to: Option<String>,
        from_ghost: bool,
        to_ghost: bool,
        next_use: Option<usize>,
    },
    /// `block`'s status in the policy's recency stack changed (LIRS): `from` none, it entered
    /// the stack; `to` none, it left it (a non-resident entry pruned from the bottom).
    #[serde(rename_all = "camelCase")]
    Status { cache: usize, block: Block, from: Option<StackStatus>, to: Option<StackStatus> },
    /// The number the policy steers by changed (ARC's target size p for T1).
    #[serde(rename_all = "camelCase")]
    Target { cache: usize, name: String, from: f64, to: f64 },
    /// A resident block's count changed (CLOCK's reference bit "ref", S3-FIFO's "freq", MQ's
    /// "f"); blocks entering or leaving have no such event.
    #[serde(rename_all = "camelCase")]
    Mark { cache: usize, block: Block, name: String, from: u32, to: u32 },
}

/// Where each block is in a cache's lists: (list name, ghost, mark).
fn places(c: &CacheView) -> BTreeMap<Block, (&str, bool, Option<u32>)> {
    let mut at = BTreeMap::new();
    for q in &c.queues {
        for (k, &b) in q.blocks.iter().enumerate() {
            at.insert(b, (q.name.as_str(), q.ghost, q.marks.as_ref().and_then(|m| m.get(k).copied())));
        }
    }
    at
}

/// Appends what cache `i`'s policy decided between `before` and `after`: its target, then the
/// blocks that changed list (in the order the lists held them before, then the newcomers in the
/// order they hold them now), then stack statuses (bottom first), then marks. `next_use` gives
/// an evicted block's next request's step.
pub(super) fn diff(
    i: usize,
    before: &CacheView,
    after: &CacheView,
    next_use: impl Fn(Block) -> Option<usize>,
    out: &mut Vec<TeachEvent>,
) {
    if let (Some(b), Some(a)) = (&before.target, &after.target) {
        if b.value != a.value {
            out.push(TeachEvent::Target { cache: i, name: a.name.clone(), from: b.value, to: a.value });
        }
    }
    let (was, is) = (places(before), places(after));
    let order = |c: &CacheView| c.queues.iter().flat_map(|q| q.blocks.clone()).collect::<Vec<_>>();
    let (old, new) = (order(before), order(after));
    let mut seen = std::collections::BTreeSet::new();
    for &b in old.iter().chain(new.iter()) {
        if !seen.insert(b) {
            continue;
        }
        let (from, to) = (was.get(&b), is.get(&b));
        let same = matches!((from, to), (Some(f), Some(t)) if f.0 == t.0 && f.1 == t.1);
        if same {
            continue;
        }
        let evicted = from.is_some_and(|f| !f.1) && to.is_none_or(|t| t.1);
        out.push(TeachEvent::Moved {
            cache: i,
            block: b,
            from: from.map(|f| f.0.to_string()),
            to: to.map(|t| t.0.to_string()),
            from_ghost: from.is_some_and(|f| f.1),
            to_ghost: to.is_some_and(|t| t.1),
            next_use: if evicted { next_use(b) } else { None },
        });
    }
    if let (Some(sb), Some(sa)) = (&before.stack, &after.stack) {
        let status =
            |s: &[crate::policy::StackEntry]| s.iter().map(|e| (e.block, e.status)).collect::<BTreeMap<_, _>>();
        let (was, is) = (status(sb), status(sa));
        let mut seen = std::collections::BTreeSet::new();
        for b in sb.iter().chain(sa.iter()).map(|e| e.block) {
            if !seen.insert(b) {
                continue;
            }
            let (from, to) = (was.get(&b).copied(), is.get(&b).copied());
            if from != to {
                out.push(TeachEvent::Status { cache: i, block: b, from, to });
            }
        }
    }
    if let Some(name) = &after.mark {
        for &b in &new {
            if let (Some((_, _, Some(f))), Some((_, _, Some(t)))) = (was.get(&b), is.get(&b)) {
                if f != t {
                    out.push(TeachEvent::Mark { cache: i, block: b, name: name.clone(), from: *f, to: *t });
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "events_tests.rs"]
mod tests;
