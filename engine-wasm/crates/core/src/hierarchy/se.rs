//! Paper 003's SE (semantic hints, §5.2): a request of importance 0 is unimportant, and the
//! blocks it brings in enter the client at its "eject me next" end — and, where the protocol
//! passes hints up (DEMOTE, AC_CC), the cache above that keeps them too. [`SeAt`] narrows it
//! to one level: §5.3 applies SE at the client cache, and at the storage cache only where the
//! hint-based approach passes the hints, so the two are separate choices.

use serde::{Deserialize, Serialize};

use crate::policy::{End, Policy};

/// Where SE applies when it is not everywhere the protocol allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum SeAt {
    /// The client alone: the caches above keep unimportant blocks as any other.
    Client,
    /// The caches above alone (the hints passed up): the client keeps them as any other.
    Above,
}

impl SeAt {
    pub fn name(&self) -> &'static str {
        match self {
            SeAt::Client => "client",
            SeAt::Above => "above",
        }
    }
}

/// The hierarchy's SE part: on at the client, above it, and whether the current request is
/// unimportant.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Se {
    client: bool,
    above: bool,
    /// The current request is unimportant (SE on, importance 0).
    unimportant: bool,
}

impl Se {
    /// SE `on`, at both levels or only `at` one.
    pub(crate) fn new(on: bool, at: Option<SeAt>) -> Self {
        Se { client: on && at != Some(SeAt::Above), above: on && at != Some(SeAt::Client), unimportant: false }
    }

    /// A request of `importance` starts.
    #[inline(always)]
    pub(crate) fn begin(&mut self, importance: Option<u8>) {
        if self.client || self.above {
            self.unimportant = importance == Some(0);
        }
    }

    /// Where the client (its `policy`) inserts a block it fetched.
    #[inline(always)]
    pub(crate) fn client_end(&self, policy: &dyn Policy) -> End {
        if self.client && self.unimportant {
            End::EjectNext
        } else {
            policy.miss_end()
        }
    }

    /// Where a cache above the client (its `policy`) keeps a block it takes in, under a
    /// protocol that `passes_hints` up or not.
    #[inline(always)]
    pub(crate) fn upper_end(&self, passes_hints: bool, policy: &dyn Policy) -> End {
        if passes_hints && self.above && self.unimportant {
            End::EjectNext
        } else {
            policy.miss_end()
        }
    }
}
