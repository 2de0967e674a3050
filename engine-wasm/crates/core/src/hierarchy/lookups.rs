//! The lookup recorder: when on, every lookup above a client in the last request, as (cache,
//! block) — the stream each shared cache really sees, for its stack-depth graph and for
//! offline policies (MIN, read-OPT) that must know it in advance.

use crate::model::Block;

/// The hierarchy's lookup-recording part.
#[derive(Clone, Debug, Default)]
pub(crate) struct LookupRecorder {
    on: bool,
    lookups: Vec<(u32, Block)>,
}

impl LookupRecorder {
    pub(crate) fn set(&mut self, on: bool) {
        self.on = on;
        self.lookups.clear();
    }

    /// A request starts: the last one's lookups are forgotten.
    #[inline(always)]
    pub(crate) fn begin(&mut self) {
        if self.on {
            self.lookups.clear();
        }
    }

    /// A lookup of `b` at cache `c` above the client.
    #[inline(always)]
    pub(crate) fn record(&mut self, c: usize, b: Block) {
        if self.on {
            self.lookups.push((c as u32, b));
        }
    }

    /// [`LookupRecorder::record`] of `b` at every cache of `caches`.
    #[inline(always)]
    pub(crate) fn record_all(&mut self, caches: &[usize], b: Block) {
        if self.on {
            self.lookups.extend(caches.iter().map(|&c| (c as u32, b)));
        }
    }

    /// The last request's lookups, in order.
    pub(crate) fn last(&self) -> &[(u32, Block)] {
        &self.lookups
    }
}
