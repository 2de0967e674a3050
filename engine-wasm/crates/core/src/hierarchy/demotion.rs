//! Paper 000's DEMOTE as the hierarchy carries it out — a cache sends a block it evicts one
//! level up, which keeps it at its "eject me last" end and demotes its own victims further up —
//! and how DEMOTEs are accounted for: whether a request pays for their transfers
//! ([`Demotions`]), whether a DEMOTE of a block the cache above already holds sends the data
//! anyway ([`DemoteData`]), and what such a DEMOTE's command costs when it sends none.

use serde::Serialize;

use super::Core;
use crate::model::Block;
use crate::policy::End;

/// The round trip of a DEMOTE that moves no data, from paper 000's Table 2: its SEQUENTIAL rows
/// pin the per-block link cost T_a (MRU-LRU-none, half the requests array hits: 0.12 ms = ½ T_a;
/// LRU-MRU-demote, an array hit and a DEMOTE with data each: 0.48 ms = 2 T_a; so T_a = 0.24 ms),
/// and MRU-MRU-demote adds one data-less DEMOTE per array hit: 0.13 ms = ½ (T_a + c), so
/// c = 2 × 0.13 − 0.24 = 0.02 ms.
pub const PAPER000_DEMOTE_COMMAND_MS: f64 = 0.02;
/// The largest command round trip a scenario may give, ms.
pub const MAX_DEMOTE_COMMAND_MS: f64 = 1000.0;

/// Whether a request pays for the DEMOTEs it causes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Demotions {
    /// On the request's path: paper 000 eq. 1 charges each transfer to the request that caused it.
    #[default]
    Charged,
    /// Off it, overlapped with the reads: paper 003 §5 charges neither the demotions of the
    /// aggressively-collaborative schemes nor the reloads of HA_R (which tiersim never charges),
    /// so that every approach is compared at its best. They still occupy the links (bytes).
    Hidden,
}

/// What a DEMOTE of a block the cache above already holds sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum DemoteData {
    /// Nothing: paper 000 §2's protocol — the array "returns 'success' immediately without
    /// transferring data if it has already cached the demoted block" (§4.5: it "only reorders
    /// its replacement queue"). The command's round trip still costs
    /// [`crate::scenario::Scenario::demote_command_ms`].
    #[default]
    WhenAbsent,
    /// The block anyway, and the array drops the copy: not paper 000's protocol — a variant for
    /// a link whose DEMOTE cannot ask first, at the cost of a whole transfer per DEMOTE.
    Always,
}

/// The hierarchy's demotion-accounting part (see [`Demotions`], [`DemoteData`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DemotionAccounting {
    /// DEMOTE transfers are off the request's path ([`Demotions::Hidden`]).
    hidden: bool,
    /// Every DEMOTE sends its block ([`DemoteData::Always`]).
    always_sends: bool,
    /// The round trip of a DEMOTE that moves no data, in nanoseconds.
    command_ns: u64,
}

impl DemotionAccounting {
    pub(crate) fn new(cost: Demotions, data: DemoteData, command_ms: f64) -> Self {
        Self {
            hidden: cost == Demotions::Hidden,
            always_sends: data == DemoteData::Always,
            command_ns: (command_ms * 1e6).round() as u64,
        }
    }

    /// What `commands` DEMOTEs that moved no data add to a request's latency (nothing when
    /// DEMOTEs are hidden).
    #[inline(always)]
    pub(crate) fn commands_ns(self, commands: u32) -> u64 {
        if self.hidden {
            0
        } else {
            commands as u64 * self.command_ns
        }
    }

    /// The request pays for its DEMOTEs' transfers (paper 000 eq. 1).
    #[inline(always)]
    pub(crate) fn charged(self) -> bool {
        !self.hidden
    }

    /// A DEMOTE of a block the cache above already holds sends it anyway (and it is discarded).
    #[inline(always)]
    pub(crate) fn sends_when_held(self) -> bool {
        self.always_sends
    }

    /// Of `sent` DEMOTEs, `moved` of which found the block absent above: those whose data
    /// crossed the link.
    #[inline(always)]
    pub(crate) fn transfers(self, sent: u32, moved: u32) -> u32 {
        if self.always_sends {
            sent
        } else {
            moved
        }
    }

    /// Of `sent` DEMOTEs, `moved` of which found the block absent above: those that crossed
    /// the link as a command alone.
    #[inline(always)]
    pub(crate) fn commands(self, sent: u32, moved: u32) -> u32 {
        if self.always_sends {
            0
        } else {
            sent - moved
        }
    }
}

impl Core {
    /// Demotes `v` (evicted from `from`) to `from`'s parent, cascading: the parent's own
    /// victims go further up (depth-first; the recursion is as deep as the path is long); a
    /// root's are dropped. Where every path holds a block at most once (AC_CC), a block another
    /// client below the parent holds is dropped instead.
    pub(crate) fn demote(&mut self, from: usize, v: Block) {
        let Some(p) = self.nodes[from].parent else { return };
        self.demote_to(from, p, v);
    }

    /// [`Core::demote`] to `from`'s parent `p`, inlined where the caller knows it (a client
    /// making room: its path's next cache).
    #[inline(always)]
    pub(crate) fn demote_to(&mut self, from: usize, p: usize, v: Block) {
        if self.exclusivity.held_below_except(&self.nodes, p, from, v) {
            return;
        }
        let node = &mut self.nodes[p];
        node.counters.demotions_in += 1;
        if node.policy.reposition(v, End::EjectLast) {
            if self.demotions.sends_when_held() {
                // The data was sent, and discarded.
                if self.sized {
                    self.nodes[from].demoted_bytes += self.bytes_of(v);
                }
                self.nodes[from].demoted += 1;
            } else {
                self.nodes[from].commands += 1; // the command alone: "success" without data
            }
            return;
        }
        node.counters.demotions_moved_in += 1;
        self.settle_before_insert(p, v);
        self.insert_into(p, v, End::EjectLast);
        let node = &self.nodes[p];
        let cascades = node.parent.is_some() && !node.victims.is_empty();
        if self.sized {
            self.nodes[from].demoted_bytes += self.bytes_of(v);
        }
        self.nodes[from].demoted += 1;
        if cascades {
            self.cascade(p);
        }
    }

    /// Demotes the victims cache `p` has just evicted, last victim first (as a stack of
    /// pending demotions would take them).
    #[inline(never)]
    pub(crate) fn cascade(&mut self, p: usize) {
        let victims = std::mem::take(&mut self.nodes[p].victims);
        for &w in victims.iter().rev() {
            self.demote(p, w);
        }
        self.nodes[p].victims = victims;
    }
}
