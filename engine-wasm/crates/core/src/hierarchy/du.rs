//! Paper 003's DU ("quick eviction of duplicated blocks", §5.2) at every cache above the
//! clients: a block such a cache has just sent up will be cached by the client, so the copy
//! left behind is a duplicate; DU forgets it or makes it the next victim. Without DU the
//! caches above keep what they serve and what passes through them, as their protocol says.

use serde::{Deserialize, Serialize};

use crate::model::Block;
use crate::policy::{End, Policy};

/// Paper 003's DU ("quick eviction of duplicated blocks"): what a cache above the client does
/// with a block it has just sent up, which the client will cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Du {
    /// Forget it at once.
    Drop,
    /// Move it to the "eject me next" end (an LRU array then behaves as paper 000's MRU array).
    LruEnd,
}

impl Du {
    pub fn name(&self) -> &'static str {
        match self {
            Du::Drop => "drop",
            Du::LruEnd => "lru-end",
        }
    }
}

/// The hierarchy's DU part: paper 003's rule at the caches above the clients, or none.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Duplicates(pub(crate) Option<Du>);

impl Duplicates {
    /// Where a cache above the client keeps a block it passes on its way up, its protocol
    /// asking for `end`: there, or under DU nowhere (`drop`) or next in line (`lru-end`).
    #[inline(always)]
    pub(crate) fn keeps_at(self, end: End) -> Option<End> {
        match self.0 {
            None => Some(end),
            Some(Du::Drop) => None,
            Some(Du::LruEnd) => Some(End::EjectNext),
        }
    }

    /// A cache above the client (its `policy`) has just served `b` up: under DU it lets go.
    #[inline(always)]
    pub(crate) fn let_go(self, policy: &mut dyn Policy, b: Block) {
        match self.0 {
            None => {}
            Some(Du::Drop) => {
                policy.remove(b);
            }
            Some(Du::LruEnd) => {
                policy.reposition(b, End::EjectNext);
            }
        }
    }
}
