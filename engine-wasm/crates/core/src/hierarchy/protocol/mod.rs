//! Cooperation protocols: how the caches of one client's path share the work. Each is one file
//! behind the small [`Cooperation`] trait — make room in the client's cache, place a fetched
//! block, take a write — and the engine ([`super::Hierarchy`]) drives them through one read and
//! one write algorithm. A protocol acts on the caches only through the narrow [`Caches`]
//! trait (evict, demote, place, let go, room checks), never on the hierarchy itself. The closed
//! set a scenario may name is [`Protocol`].
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

use crate::model::{Block, WriteHint};
use crate::policy::End;

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

/// What one cooperation protocol decides; the engine does the rest (lookups, counters,
/// latency). Paths list cache indices from the client's own cache (level 0) to its root; a
/// block found at level `path.len()` came from the disk. A protocol acts on the caches only
/// through [`Caches`]. Implementations are zero-sized or small, and generic calls are
/// monomorphised: the protocol costs no dispatch per block.
pub(crate) trait Cooperation {
    /// Paper 003's SE hints reach the caches above the client (the hint-based DEMOTE, and
    /// AC_CC whose client runs every level).
    const PASSES_HINTS: bool = false;
    /// The protocol chooses each block's level ([`Cooperation::reference`]).
    const PLACES: bool = false;
    /// The protocol runs the caches itself (MC²): the engine hands it each read's blocks
    /// ([`Cooperation::read_itself`]) and counts, times and records what it reports; writes
    /// pass through uncached. Otherwise the engine's one read and one write algorithm run,
    /// asking the protocol to make room and place blocks.
    const RUNS_CACHES: bool = false;

    /// Every block of a read, before the client looks it up: the level of `path` it belongs
    /// at. Only called when [`Cooperation::PLACES`].
    #[inline(always)]
    fn reference(&mut self, _client: usize, _path: &[usize], _b: Block) -> u8 {
        0
    }

    /// Makes room in the client's cache (`path[0]`) for `incoming` blocks before they are
    /// fetched (paper 000 §4.5: the demotions happen first). Returns HA_R's background reloads.
    fn make_room<C: Caches>(&mut self, caches: &mut C, path: &[usize], incoming: u32) -> u32;

    /// Block `b`, which the client lacked, was found at level `found` of `path` (the path's
    /// length: the disk) and belongs at level `target`: which caches keep it, and where.
    fn place<C: Caches>(&mut self, caches: &mut C, path: &[usize], found: usize, target: u8, b: Block);

    /// Written block `b` beyond the client's cache: write-through with write-allocate at every
    /// level (a hint-aware cache takes it as its policy says).
    #[inline]
    fn write_above<C: Caches>(&mut self, caches: &mut C, path: &[usize], b: Block, hint: Option<WriteHint>) {
        for &c in &path[1..] {
            caches.write_allocate(c, b, hint);
        }
    }

    /// A read of `blocks` by `client` in paper 002's `range`, served by a protocol that runs
    /// the caches itself ([`Cooperation::RUNS_CACHES`]): `each` is told what each block's read
    /// did, in order.
    fn read_itself<I: Iterator<Item = Block>>(
        &mut self,
        client: usize,
        range: Option<u32>,
        blocks: I,
        each: impl FnMut(Block, BlockRead),
    ) {
        let _ = (client, range, blocks, each);
        unreachable!("only a protocol that runs the caches reads by itself")
    }
}

/// What a protocol that runs the caches itself ([`Cooperation::read_itself`]) did to read one
/// block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockRead {
    /// 0: the client's cache; 1: the array; 2: the disk.
    pub level: u8,
    /// DEMOTEs sent, and those that moved data (the array did not hold the block already).
    pub demotions: u32,
    pub demotions_moved: u32,
    pub client_evictions: u32,
    pub array_evictions: u32,
}

/// The operations a protocol may apply to the caches of a path — the hierarchy's narrow face
/// towards its protocols. Each does its counting (evictions, DEMOTEs, reloads, the transfers
/// they cause) and applies the hierarchy's parts: paper 003's DU and SE, exclusivity (an
/// exclusive protocol's victims move up), prefetch marks. Caches are named by index.
pub(crate) trait Caches {
    /// The cache above cache `i`, if any.
    fn parent(&self, i: usize) -> Option<usize>;
    fn contains(&self, i: usize, b: Block) -> bool;
    /// The end at which cache `i`'s policy places a block it fetched.
    fn miss_end(&self, i: usize) -> End;
    /// Appends up to `k` of cache `i`'s next victims, next first.
    fn candidates(&self, i: usize, k: usize, out: &mut Vec<Block>);
    /// How many blocks cache `i` may hold with room for `incoming` more — a cache counted in
    /// bytes: how many bytes, with room for the object being served ([`Caches::room_short`]
    /// compares what it holds with this).
    fn room_for(&self, i: usize, incoming: u32) -> u64;
    /// Whether cache `i` holds more than `limit` blocks (bytes; see [`Caches::room_for`]).
    fn room_short(&self, i: usize, limit: u64) -> bool;

    /// Evicts cache `i`'s next victim and returns it (counted as an eviction).
    fn evict(&mut self, i: usize) -> Option<Block>;
    /// Evicts `b` from cache `i` (counted as an eviction): a victim the protocol chose.
    fn evict_block(&mut self, i: usize, b: Block);
    /// Takes `b` out of cache `i` without counting an eviction: a READ that moves it down, or
    /// a level giving up its copy.
    fn remove(&mut self, i: usize, b: Block);
    /// Demotes `v`, evicted from cache `from`, to its parent `to` (paper 000's DEMOTE), which
    /// keeps it at its "eject me last" end; the parent's own victims go further up.
    fn demote(&mut self, from: usize, to: usize, v: Block);
    /// HA_R: cache `i` keeps `v`, which a child evicted, at its "eject me last" end — moving it
    /// there if it holds it, else reading it from its disk in the background (its victims
    /// dropped). Returns whether it was read from the disk (a reload, counted).
    fn reload(&mut self, i: usize, v: Block) -> bool;

    /// The client `leaf` inserts a block it fetched: at its policy's miss end, or, for an
    /// unimportant request under SE, at its "eject me next" end.
    fn insert_client(&mut self, leaf: usize, b: Block);
    /// Inserts `b` into cache `i` at `end`; under an exclusive protocol its victims move up.
    fn insert(&mut self, i: usize, b: Block, end: End);
    /// Where a cache above the client keeps a block it takes in: its policy's miss end, or,
    /// for an unimportant request under SE when the protocol `passes_hints` up, "eject me next".
    fn upper_end(&self, i: usize, passes_hints: bool) -> End;
    /// A cache above the client keeps a block it passes on its way up at `end` — or, under DU,
    /// not at all or next in line.
    fn keep_passing(&mut self, i: usize, b: Block, end: End);
    /// Under DU, a cache above the client lets go of a block it has just served up.
    fn let_go(&mut self, i: usize, b: Block);
    /// Whether a cache below `i` but not on `path` holds `b` — and so, where every path holds a
    /// block at most once (AC_CC), `b` may not be placed at `i`.
    fn held_below_elsewhere(&self, i: usize, path: &[usize], b: Block) -> bool;
    /// A write of `b` reaching cache `i` above the client, write-allocate (a hint-aware cache
    /// takes it as its policy says).
    fn write_allocate(&mut self, i: usize, b: Block, hint: Option<WriteHint>);
}
