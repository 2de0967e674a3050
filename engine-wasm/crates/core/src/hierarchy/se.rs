//! Paper 003's SE (semantic hints, §5.2): a request of importance 0 is unimportant, and the
//! blocks it brings in enter the client at its "eject me next" end — and, where the protocol
//! passes hints up (DEMOTE, AC_CC), the cache above that keeps them too.

use crate::policy::{End, Policy};

/// The hierarchy's SE part: on or off, and whether the current request is unimportant.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Se {
    pub(crate) on: bool,
    /// The current request is unimportant (SE on, importance 0).
    unimportant: bool,
}

impl Se {
    /// A request of `importance` starts.
    #[inline(always)]
    pub(crate) fn begin(&mut self, importance: Option<u8>) {
        if self.on {
            self.unimportant = importance == Some(0);
        }
    }

    /// Where the client (its `policy`) inserts a block it fetched.
    #[inline(always)]
    pub(crate) fn client_end(&self, policy: &dyn Policy) -> End {
        if self.unimportant {
            End::EjectNext
        } else {
            policy.miss_end()
        }
    }

    /// Where a cache above the client (its `policy`) keeps a block it takes in, under a
    /// protocol that `passes_hints` up or not.
    #[inline(always)]
    pub(crate) fn upper_end(&self, passes_hints: bool, policy: &dyn Policy) -> End {
        if passes_hints && self.unimportant {
            End::EjectNext
        } else {
            policy.miss_end()
        }
    }
}
