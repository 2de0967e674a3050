//! Paper 000's DEMOTE as the hierarchy carries it out — a cache sends a block it evicts one
//! level up, which keeps it at its "eject me last" end and demotes its own victims further up —
//! and how DEMOTEs are accounted for: whether a request pays for their transfers
//! ([`Demotions`]) and whether a DEMOTE of a block the cache above already holds sends the data
//! anyway ([`DemoteData`]).

use serde::Serialize;

use super::Core;
use crate::model::Block;
use crate::policy::End;

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
    /// Nothing: the client learns the block is there and sends only the command.
    #[default]
    WhenAbsent,
    /// The block anyway — paper 000 §2's protocol: the client cannot know what the array
    /// holds, so it sends the data and "the array simply discards the data if it has already
    /// cached the demoted block".
    Always,
}

/// The hierarchy's demotion-accounting part (see [`Demotions`], [`DemoteData`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DemotionAccounting {
    /// DEMOTE transfers are off the request's path ([`Demotions::Hidden`]).
    hidden: bool,
    /// Every DEMOTE sends its block ([`DemoteData::Always`]).
    always_sends: bool,
}

impl DemotionAccounting {
    pub(crate) fn new(cost: Demotions, data: DemoteData) -> Self {
        Self { hidden: cost == Demotions::Hidden, always_sends: data == DemoteData::Always }
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
                self.nodes[from].demoted += 1; // the data was sent, and discarded
            }
            return;
        }
        node.counters.demotions_moved_in += 1;
        self.settle_before_insert(p, v);
        let node = &mut self.nodes[p];
        node.insert(v, End::EjectLast);
        let cascades = node.parent.is_some() && !node.victims.is_empty();
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
