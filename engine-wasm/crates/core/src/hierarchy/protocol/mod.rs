//! Cooperation protocols: how the caches of one client's path share the work. Each is one file
//! behind the small [`Cooperation`] trait — make room in the client's cache, place a fetched
//! block, take a write — and the engine ([`super::Hierarchy`]) drives them through one read and
//! one write algorithm. The closed set a scenario may name is [`Protocol`].
//!
//! | protocol | file | the levels above the client |
//! |---|---|---|
//! | none | [`inclusive`] | keep what passes through (paper 002's READ-SAVE) |
//! | demote | [`demote`] | exclusive: the client's victims move up (paper 000) |
//! | ha-r | [`ha_r`] | inclusive; the parent reloads the client's victims from disk (paper 003) |
//! | ac-ca | [`ac_ca`] | inclusive; the client evicts what its parent holds (paper 003) |
//! | ac-cc | [`ac_cc`] | one level per block, chosen by reuse distance (ULC, paper 003) |
//! | mc2 | [`mc2`] | per-range partitions with Karma (paper 002) |

pub mod ac_ca;
pub mod ac_cc;
pub mod demote;
pub mod ha_r;
pub mod inclusive;
pub mod mc2;

use serde::{Deserialize, Serialize};

use super::Core;
use crate::model::{Block, WriteHint};

/// How the caches of a path cooperate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Protocol {
    /// Inclusive baseline: each level caches what passes through; client victims are dropped.
    #[default]
    None,
    /// Paper 000: each cache sends the clean blocks it evicts one level up, which places them
    /// at the "eject me last" end; a DEMOTE of a block the parent already holds moves no data.
    Demote,
    /// Paper 003's eviction-based placement (HA_R, after Chen et al.): the parent infers each
    /// block the client evicts and, like a DEMOTE, keeps it at its "eject me last" end — but
    /// fetches it from the disk, in the background: no link transfer, no latency, and every
    /// such reload is extra disk traffic.
    #[serde(rename = "ha-r")]
    HaR,
    /// Paper 003's client-controlled caching (AC_CC, after ULC): the client decides where each
    /// block lives by the distance between its last two references, and a block lives in one
    /// level of each path.
    #[serde(rename = "ac-cc")]
    AcCc,
    /// Paper 002's MC² with Karma: per-range partitions chosen from the clients' range hints,
    /// exclusive READ / READ-SAVE / DEMOTE for a client's own ranges, inclusive LRU for shared
    /// ones, and a global LRU stack of (partition, client) pairs sharing the array (see
    /// [`mc2`]). It replaces the caches' own policies; clients directly over one array only.
    /// `revision` 1 is scenario version 1's (the array's unclaimed space stays idle); 2, the
    /// default, lends it to whoever misses.
    Mc2 {
        #[serde(default = "default_mc2_revision", skip_serializing_if = "is_latest_mc2_revision")]
        #[cfg_attr(feature = "ts", ts(type = "1 | 2"))]
        revision: mc2::Revision,
    },
    /// Paper 003's content-aware caching (AC_CA): to make room the client evicts, among its
    /// next `k` victims, the first one its parent also holds (so a later miss on it is a hit
    /// there); if none is, its policy's own victim.
    #[serde(rename = "ac-ca")]
    AcCa {
        #[serde(default = "default_ac_ca_k")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        k: u32,
    },
}

/// Paper 003 leaves k open; four candidates is enough for the effect on LRU.
pub const DEFAULT_AC_CA_K: u32 = 4;
/// Most victim candidates AC_CA may weigh.
pub const MAX_AC_CA_K: u32 = 1024;

fn default_ac_ca_k() -> u32 {
    DEFAULT_AC_CA_K
}

fn default_mc2_revision() -> mc2::Revision {
    mc2::Revision::LATEST
}

fn is_latest_mc2_revision(r: &mc2::Revision) -> bool {
    *r == mc2::Revision::LATEST
}

impl Protocol {
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            Protocol::AcCa { k } if !(1..=MAX_AC_CA_K).contains(&k) => {
                Err(format!("k must be between 1 and {MAX_AC_CA_K} (got {k})"))
            }
            _ => Ok(()),
        }
    }

    /// The name paper 003 and the scenarios use.
    pub fn name(&self) -> &'static str {
        match self {
            Protocol::None => "none",
            Protocol::Demote => "DEMOTE",
            Protocol::HaR => "HA_R",
            Protocol::AcCc => "AC_CC",
            Protocol::Mc2 { .. } => "MC²",
            Protocol::AcCa { .. } => "AC_CA",
        }
    }
}

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

/// What one cooperation protocol decides; the engine does the rest (lookups, counters,
/// latency). Paths list cache indices from the client's own cache (level 0) to its root; a
/// block found at level `path.len()` came from the disk. Implementations are zero-sized or
/// small, and generic calls are monomorphised: the protocol costs no dispatch per block.
pub(crate) trait Cooperation {
    /// Paper 003's SE hints reach the caches above the client (the hint-based DEMOTE, and
    /// AC_CC whose client runs every level).
    const PASSES_HINTS: bool = false;
    /// The protocol chooses each block's level ([`Cooperation::reference`]).
    const PLACES: bool = false;
    /// The engine's read serves a one-block read, so [`super::Core::serve`] counts its block
    /// where the request was served (a protocol with its own read counts its blocks itself).
    const COUNTS_ONE_BLOCK: bool = true;

    /// Every block of a read, before the client looks it up: the level of `path` it belongs
    /// at. Only called when [`Cooperation::PLACES`].
    #[inline(always)]
    fn reference(&mut self, _core: &Core, _client: usize, _path: &[usize], _b: Block) -> u8 {
        0
    }

    /// Makes room in the client's cache (`path[0]`) for `incoming` blocks before they are
    /// fetched (paper 000 §4.5: the demotions happen first). Returns HA_R's background reloads.
    fn make_room(&mut self, core: &mut Core, path: &[usize], incoming: u32) -> u32;

    /// Block `b`, which the client lacked, was found at level `found` of `path` (the path's
    /// length: the disk) and belongs at level `target`: which caches keep it, and where.
    fn place(&mut self, core: &mut Core, path: &[usize], found: usize, target: u8, b: Block);

    /// Written block `b` beyond the client's cache: write-through with write-allocate at every
    /// level (a hint-aware cache takes it as its policy says).
    #[inline]
    fn write_above(&mut self, core: &mut Core, path: &[usize], b: Block, hint: Option<WriteHint>) {
        core.write_through(path, b, hint);
    }

    /// A read request of `client`: returns the deepest level reached, the disk time and the
    /// HA_R reloads. The engine's one algorithm unless the protocol runs the caches itself.
    #[inline(always)]
    fn read<I: Iterator<Item = Block>>(
        &mut self,
        core: &mut Core,
        client: usize,
        path: &[usize],
        _range: Option<u32>,
        blocks: I,
    ) -> (usize, u64, u32)
    where
        Self: Sized,
    {
        core.read(self, client, path, blocks)
    }

    /// A write request: returns the deepest level it reached and the HA_R reloads.
    #[inline(always)]
    fn write<I: Iterator<Item = Block> + Clone>(
        &mut self,
        core: &mut Core,
        path: &[usize],
        hint: Option<WriteHint>,
        blocks: I,
    ) -> (usize, u32)
    where
        Self: Sized,
    {
        core.write(self, path, hint, blocks)
    }
}
