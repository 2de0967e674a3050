//! Prefetching at any cache: one-block lookahead and sequential read-ahead with a trigger.
//!
//! Paper 001 (Karedla, Love & Wherry, "Caching Strategies to Improve Disk System Performance",
//! IEEE Computer 1994, "Read-ahead strategies") describes prefetching as exploiting spatial
//! locality "by anticipating future requests for data and bringing it into the cache", warns
//! that "a large prefetch can have a negative impact on small caches, because it can displace
//! data that would have been useful", and notes that vendors "offer a tunable read-ahead
//! threshold to minimize both cache pollution and the latency" — the DEC drives it cites start
//! reading ahead only "upon detecting a sequential access". Two kinds follow from that:
//!
//! - **lookahead** (one-block lookahead): on a read miss for block b, the cache also fetches
//!   b + 1 if it does not hold it.
//! - **readahead** (sequential read-ahead): the cache follows each client's stream of reads; once
//!   `trigger` consecutive blocks have been read (b − trigger + 1, …, b — the threshold), every
//!   further read of the stream fetches whichever of the next `window` blocks it lacks. The
//!   window slides: a stream read to the end costs one prefetched block per block read.
//!
//! What the paper leaves open, and what tiersim chose:
//! - *When* the prefetch happens: after the request that triggered it has been served (the
//!   paper's drives prefetch "when no I/O request is pending"), so a request's own blocks are
//!   never counted as prefetched, and a request of several consecutive blocks reads as a
//!   sequential stream (every block of it continues the stream).
//! - *Where the block comes from*: the first cache above this one on the client's path that holds
//!   it (only looked at: neither reordered nor counted as a lookup there, and not copied into
//!   the caches in between), else the root's disk. The levels above are thus read, not changed.
//! - *What it costs*: a background read, off the request's path — the paper's drives abort a
//!   prefetch when a request arrives, so no request waits for one. The blocks a request's
//!   prefetches read from the disk form one disk request (its fixed cost once, then each
//!   block's, which on the mechanical disk moves the head and track buffer as any read does);
//!   in the additive model no request's latency includes it, in queueing mode it occupies the
//!   root's disk as HA_R's reloads do, so later requests queue behind it. Each block's bytes are
//!   counted on every link it crosses (`linkBytes`), as are the DEMOTEs its insertion causes.
//! - *Where it enters the cache*: at the end its policy inserts a missed block (its miss end, as
//!   any fetched block). The paper's concern is pollution; inserting prefetched blocks at the
//!   "eject me next" end would bound it but throws away one-block lookahead's gain, whose block is
//!   referenced one request later, after a demand block has been inserted behind it. An
//!   admission filter lets a prefetched block in unjudged (it judges what a reference brings in).
//! - *Counts*, per cache: `prefetched` (blocks fetched ahead), `hits` (a prefetched block read
//!   before it left the cache), `wasted` (a prefetched block that left the cache, or was
//!   overwritten, before any read) and `pending` (prefetched, still held, not yet read):
//!   `prefetched = hits + wasted + pending`. A block is marked when prefetched, and the mark is
//!   settled lazily: a read lookup of it settles it (hit: a prefetch hit; miss: it left unread),
//!   as does its next insertion by other means (it must have left) or a write of it; at a report,
//!   a marked block the cache no longer holds is wasted. Warm-up's prefetches are forgotten with
//!   its counters.
//!
//! "Next block" needs addresses: a generated workload's block ids are its addresses (b + 1 is
//! the next one, none past the workload's last block); a trace's dense ids are not, so its raw
//! block numbers are sorted once ([`BlockAddresses`]) and the successor of a block is the dense
//! id of its raw number + 1. A block the trace never references gets an id past the trace's
//! when first prefetched, in the order the simulation asks — the same in a whole-file and a
//! streamed run, which build the table from the same raw numbers (the streamed run's census
//! pass keeps them).

use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::model::Block;

/// Read-ahead's trigger (consecutive blocks read before prefetching starts) when none is given:
/// the DEC drives paper 001 cites start on "detecting a sequential access" — the second block.
pub const DEFAULT_TRIGGER: u32 = 2;
/// Read-ahead's window (blocks fetched ahead) when none is given: 32 KiB of 4 KiB blocks.
pub const DEFAULT_WINDOW: u32 = 8;
/// Most consecutive blocks a trigger may ask for.
pub const MAX_TRIGGER: u32 = 1024;
/// Most blocks a window may fetch ahead.
pub const MAX_WINDOW: u32 = 256;

/// A cache's prefetching (a scenario's cache `prefetch`); absent: none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PrefetchConfig {
    /// One-block lookahead: on a read miss for b, fetch b + 1 too.
    Lookahead,
    /// Sequential read-ahead: once a stream has read `trigger` consecutive blocks, keep the next
    /// `window` blocks in the cache.
    #[serde(rename_all = "camelCase")]
    Readahead {
        #[serde(default = "default_trigger")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        trigger: u32,
        #[serde(default = "default_window")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        window: u32,
    },
}

fn default_trigger() -> u32 {
    DEFAULT_TRIGGER
}

fn default_window() -> u32 {
    DEFAULT_WINDOW
}

impl PrefetchConfig {
    pub fn name(&self) -> &'static str {
        match self {
            PrefetchConfig::Lookahead => "lookahead",
            PrefetchConfig::Readahead { .. } => "readahead",
        }
    }

    /// The parameters' ranges; the message names the parameter.
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            PrefetchConfig::Readahead { trigger, .. } if !(1..=MAX_TRIGGER).contains(&trigger) => {
                Err(format!("trigger must be between 1 and {MAX_TRIGGER} blocks (got {trigger})"))
            }
            PrefetchConfig::Readahead { window, .. } if !(1..=MAX_WINDOW).contains(&window) => {
                Err(format!("window must be between 1 and {MAX_WINDOW} blocks (got {window})"))
            }
            _ => Ok(()),
        }
    }

    /// The command line's spelling: `lookahead`, `readahead`, `readahead:T` or `readahead:T:W`.
    pub fn parse(s: &str) -> Result<Self, String> {
        let mut parts = s.split(':');
        let config = match parts.next().unwrap_or("") {
            "lookahead" => PrefetchConfig::Lookahead,
            "readahead" => {
                let mut number = |name: &str, default: u32| -> Result<u32, String> {
                    match parts.next() {
                        None => Ok(default),
                        Some(v) => v.parse().map_err(|_| format!("{name} must be a whole number (got \"{v}\")")),
                    }
                };
                let trigger = number("trigger", DEFAULT_TRIGGER)?;
                let window = number("window", DEFAULT_WINDOW)?;
                PrefetchConfig::Readahead { trigger, window }
            }
            other => return Err(format!("unknown prefetch \"{other}\": lookahead or readahead[:trigger[:window]]")),
        };
        if parts.next().is_some() {
            return Err(format!("\"{s}\": lookahead takes no parameters, readahead at most trigger and window"));
        }
        config.validate()?;
        Ok(config)
    }

    /// The most blocks one reference may fetch ahead.
    pub fn reach(&self) -> u32 {
        match *self {
            PrefetchConfig::Lookahead => 1,
            PrefetchConfig::Readahead { window, .. } => window,
        }
    }
}

/// What a cache's prefetching did, for the report (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PrefetchCounts {
    /// Blocks fetched ahead of any read.
    pub prefetched: u64,
    /// Prefetched blocks read before they left the cache.
    pub hits: u64,
    /// Prefetched blocks that left the cache (or were overwritten) unread.
    pub wasted: u64,
    /// Prefetched blocks still held, not yet read.
    pub pending: u64,
}

/// One client's stream at a cache (read-ahead): the block that would continue it, and how many
/// consecutive blocks it has read.
#[derive(Clone, Copy)]
struct Stream {
    expect: Block,
    run: u32,
}

const NO_BLOCK: Block = Block::MAX;

/// A cache's prefetching state: its configuration, the marks of the blocks it prefetched and
/// has not yet seen read, each client's stream, and its counts.
pub(crate) struct Prefetcher {
    /// Blocks fetched ahead per trigger (lookahead: 1), and read-ahead's trigger (0: lookahead,
    /// which fires on a miss instead).
    window: u32,
    pub(crate) trigger: u32,
    marks: Vec<u64>,
    marked: u64,
    streams: Vec<Stream>,
    pub(crate) prefetched: u64,
    pub(crate) hits: u64,
    pub(crate) wasted: u64,
}

impl Prefetcher {
    pub(crate) fn new(config: &PrefetchConfig, universe: usize, clients: usize) -> Self {
        let (window, trigger) = match *config {
            PrefetchConfig::Lookahead => (1, 0),
            PrefetchConfig::Readahead { trigger, window } => (window, trigger),
        };
        Self {
            window,
            trigger,
            marks: vec![0; universe.div_ceil(64)],
            marked: 0,
            streams: vec![Stream { expect: NO_BLOCK, run: 0 }; clients],
            prefetched: 0,
            hits: 0,
            wasted: 0,
        }
    }

    #[inline]
    pub(crate) fn is_marked(&self, b: Block) -> bool {
        self.marks.get(b as usize / 64).is_some_and(|w| w & (1 << (b % 64)) != 0)
    }

    pub(crate) fn mark(&mut self, b: Block) {
        let w = b as usize / 64;
        if w >= self.marks.len() {
            self.marks.resize((w + 1).next_power_of_two(), 0);
        }
        if self.marks[w] & (1 << (b % 64)) == 0 {
            self.marks[w] |= 1 << (b % 64);
            self.marked += 1;
        }
    }

    /// Clears `b`'s mark; whether it had one.
    #[inline]
    pub(crate) fn unmark(&mut self, b: Block) -> bool {
        if self.marked == 0 || !self.is_marked(b) {
            return false;
        }
        self.marks[b as usize / 64] &= !(1 << (b % 64));
        self.marked -= 1;
        true
    }

    /// A read of `b` by `client` at this cache (`hit`: it held it): settles `b`'s mark, and
    /// returns how many blocks past `b` to keep (0: none). `next` is the block that continues
    /// `b`'s stream, if the address space has one the source can reference.
    #[inline]
    pub(crate) fn on_read(&mut self, client: usize, b: Block, hit: bool, next: Option<Block>) -> u32 {
        if self.unmark(b) {
            if hit {
                self.hits += 1;
            } else {
                self.wasted += 1;
            }
        }
        if self.trigger == 0 {
            return if hit { 0 } else { self.window };
        }
        let s = &mut self.streams[client];
        s.run = if s.expect == b { s.run.saturating_add(1) } else { 1 };
        s.expect = next.unwrap_or(NO_BLOCK);
        if s.run >= self.trigger {
            self.window
        } else {
            0
        }
    }

    /// The warm-up's counts are forgotten, and its marks with them.
    pub(crate) fn reset(&mut self) {
        self.marks.fill(0);
        self.marked = 0;
        (self.prefetched, self.hits, self.wasted) = (0, 0, 0);
    }

    /// The counts, the marked blocks settled by whether the cache holds them (`holds`).
    pub(crate) fn counts(&self, holds: impl Fn(Block) -> bool) -> PrefetchCounts {
        let mut pending = 0;
        let mut gone = 0;
        if self.marked > 0 {
            for (w, &bits) in self.marks.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let b = (w * 64) as Block + bits.trailing_zeros();
                    bits &= bits - 1;
                    if holds(b) {
                        pending += 1;
                    } else {
                        gone += 1;
                    }
                }
            }
        }
        PrefetchCounts { prefetched: self.prefetched, hits: self.hits, wasted: self.wasted + gone, pending }
    }
}

/// A trace's raw block numbers in order, to find each dense id's successor: the dense id of its
/// raw number + 1. 16 bytes per distinct block, built once per trace (only when a cache
/// prefetches).
#[derive(Debug, PartialEq, Eq)]
pub struct BlockAddresses {
    /// Raw numbers ascending, and the dense id of each.
    sorted_raw: Vec<u64>,
    sorted_id: Vec<Block>,
    /// Per dense id: its place in `sorted_raw`.
    rank: Vec<u32>,
}

impl BlockAddresses {
    /// From `raw[id]`, each dense id's raw number (distinct).
    pub fn new(raw: &[u64]) -> Self {
        let mut order: Vec<Block> = (0..raw.len() as Block).collect();
        order.sort_unstable_by_key(|&id| raw[id as usize]);
        let mut rank = vec![0u32; raw.len()];
        for (i, &id) in order.iter().enumerate() {
            rank[id as usize] = i as u32;
        }
        Self { sorted_raw: order.iter().map(|&id| raw[id as usize]).collect(), sorted_id: order, rank }
    }

    /// Distinct blocks the trace references (its dense ids are `0..len`).
    pub fn len(&self) -> usize {
        self.sorted_raw.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sorted_raw.is_empty()
    }
}

/// The successors of blocks in a run's address space (see the module docs).
pub(crate) enum Successors {
    /// Block ids are addresses `0..end`.
    Linear { end: u64 },
    /// A trace's dense ids; blocks it never references get ids from `next_id` on, by raw number.
    Trace { addresses: Arc<BlockAddresses>, fresh: HashMap<u64, Block, FreshHasher>, next_id: Block },
}

/// Raw block numbers hash with splitmix64 (the std hasher's DoS resistance is not needed here).
#[derive(Clone, Copy, Default)]
pub(crate) struct FreshHasher;

impl std::hash::BuildHasher for FreshHasher {
    type Hasher = FreshHash;
    fn build_hasher(&self) -> FreshHash {
        FreshHash(0)
    }
}

pub(crate) struct FreshHash(u64);

impl std::hash::Hasher for FreshHash {
    fn finish(&self) -> u64 {
        crate::util::hash::splitmix64(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

impl Successors {
    pub(crate) fn linear(universe: usize) -> Self {
        Successors::Linear { end: universe as u64 }
    }

    pub(crate) fn trace(addresses: Arc<BlockAddresses>) -> Self {
        let next_id = addresses.len() as Block;
        Successors::Trace { addresses, fresh: HashMap::default(), next_id }
    }

    /// The block after `b` if the source may reference it (read-ahead's stream check), without
    /// numbering blocks the trace never references.
    #[inline]
    pub(crate) fn referenced_next(&self, b: Block) -> Option<Block> {
        match self {
            Successors::Linear { end } => (b as u64 + 1 < *end).then_some(b + 1),
            Successors::Trace { addresses: a, .. } => {
                let i = *a.rank.get(b as usize)? as usize;
                let next = a.sorted_raw[i].checked_add(1)?;
                (a.sorted_raw.get(i + 1) == Some(&next)).then(|| a.sorted_id[i + 1])
            }
        }
    }

    /// The (up to) `n` blocks after `b`, in order, into `out`: fewer at the end of the address
    /// space. `b` is a block the source referenced.
    pub(crate) fn walk(&mut self, b: Block, n: u32, out: &mut Vec<Block>) {
        out.clear();
        match self {
            Successors::Linear { end } => {
                let last = (b as u64 + n as u64).min(end.saturating_sub(1));
                out.extend((b as u64 + 1..=last).map(|x| x as Block));
            }
            Successors::Trace { addresses: a, fresh, next_id } => {
                let Some(&i) = a.rank.get(b as usize) else { return };
                let mut i = i as usize;
                let mut raw = a.sorted_raw[i];
                for _ in 0..n {
                    let Some(r) = raw.checked_add(1) else { return };
                    raw = r;
                    if a.sorted_raw.get(i + 1) == Some(&raw) {
                        i += 1;
                        out.push(a.sorted_id[i]);
                        continue;
                    }
                    let id = match fresh.get(&raw) {
                        Some(&id) => id,
                        None if *next_id < NO_BLOCK - 1 => {
                            let id = *next_id;
                            *next_id += 1;
                            fresh.insert(raw, id);
                            id
                        }
                        None => return, // the id space is full
                    };
                    out.push(id);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hierarchy::{CacheSpec, DiskConfig, Hierarchy, LinkConfig, Protocol};
    use crate::model::{Op, Request};
    use crate::policy::PolicyConfig;

    /// One LRU cache of `cap` blocks on a 10 ms disk, prefetching as `config`, over addresses
    /// `0..100`.
    fn single(cap: usize, config: PrefetchConfig) -> Hierarchy {
        let caches = vec![CacheSpec {
            policy: PolicyConfig::Lru.build(cap, 100, 1).unwrap(),
            parent: None,
            link: None,
            disk: Some(DiskConfig::default()),
        }];
        Hierarchy::new(caches, &[0], Protocol::None, 0.0, 4096).unwrap().with_prefetch(
            &[Some(config)],
            Successors::linear(100),
            100,
        )
    }

    /// Cache i's blocks, next to eject first.
    fn contents(h: &Hierarchy, i: usize) -> Vec<Block> {
        let mut out = Vec::new();
        h.cache(i).contents(&mut out);
        out
    }

    fn counts(h: &Hierarchy, i: usize) -> PrefetchCounts {
        let c = h.prefetch(i).unwrap();
        assert_eq!(c.prefetched, c.hits + c.wasted + c.pending, "{c:?}");
        c
    }

    #[test]
    fn lookahead_on_a_sequential_scan_makes_every_other_block_a_prefetch_hit() {
        let mut h = single(4, PrefetchConfig::Lookahead);
        h.serve(0, &Request::read(0)); // miss 0, then 1 ahead
        assert_eq!(contents(&h, 0), [0, 1]);
        h.serve(0, &Request::read(1)); // a prefetch hit: no lookahead on a hit
        assert_eq!(contents(&h, 0), [0, 1]);
        h.serve(0, &Request::read(2)); // miss 2, then 3
        assert_eq!(contents(&h, 0), [0, 1, 2, 3]);
        for b in 3..10 {
            h.serve(0, &Request::read(b));
        }
        // 8 missed, then 9 came ahead and was read.
        assert_eq!(contents(&h, 0), [6, 7, 8, 9]);
        let c = h.cache_counters(0);
        assert_eq!((c.hits, c.misses), (5, 5));
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 5, hits: 5, wasted: 0, pending: 0 });
        // The last block has no successor: a miss on 99 fetches nothing.
        h.serve(0, &Request::read(99));
        assert_eq!(counts(&h, 0).prefetched, 5);
    }

    #[test]
    fn readahead_starts_at_its_trigger_and_slides_its_window() {
        let mut h = single(8, PrefetchConfig::Readahead { trigger: 2, window: 3 });
        h.serve(0, &Request::read(0)); // a stream of 1
        assert_eq!(contents(&h, 0), [0]);
        h.serve(0, &Request::read(1)); // 2 consecutive: 2, 3, 4 ahead
        assert_eq!(contents(&h, 0), [0, 1, 2, 3, 4]);
        h.serve(0, &Request::read(2)); // a prefetch hit; the window 3–5 lacks 5
        assert_eq!(contents(&h, 0), [0, 1, 3, 4, 2, 5]);
        for b in 3..10 {
            h.serve(0, &Request::read(b));
        }
        // Each read past the trigger fetched one block (6 … 12), in behind the block read.
        assert_eq!(contents(&h, 0), [5, 6, 7, 10, 8, 11, 9, 12]);
        let c = h.cache_counters(0);
        assert_eq!((c.hits, c.misses), (8, 2));
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 11, hits: 8, wasted: 0, pending: 3 });
        // A jump starts a new stream: no prefetch until its second block.
        h.serve(0, &Request::read(50));
        assert_eq!(counts(&h, 0).prefetched, 11);
        h.serve(0, &Request::read(51));
        assert_eq!(counts(&h, 0).prefetched, 14);
        // 50 and 51 pushed 5 and 6 out; 52–54 pushed 7, 10 (prefetched, never read: wasted) and
        // 8 out; 11, 12 and 52–54 wait unread.
        assert_eq!(contents(&h, 0), [11, 9, 12, 50, 51, 52, 53, 54]);
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 14, hits: 8, wasted: 1, pending: 5 });
    }

    #[test]
    fn a_multi_block_request_is_a_stream_and_only_the_block_past_it_is_fetched() {
        let mut h = single(8, PrefetchConfig::Lookahead);
        h.serve(0, &Request { nblocks: 4, ..Request::read(10) });
        assert_eq!(contents(&h, 0), [10, 11, 12, 13, 14]);
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 1, hits: 0, wasted: 0, pending: 1 });
        let mut h = single(8, PrefetchConfig::Readahead { trigger: 3, window: 2 });
        h.serve(0, &Request { nblocks: 4, ..Request::read(10) }); // 3 consecutive at 12: 13, 14 (13 read next)
        assert_eq!(contents(&h, 0), [10, 11, 12, 13, 14, 15]);
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 2, hits: 0, wasted: 0, pending: 2 });
    }

    #[test]
    fn random_reads_waste_their_prefetches() {
        let mut h = single(2, PrefetchConfig::Lookahead);
        h.serve(0, &Request::read(10)); // [10, 11]
        h.serve(0, &Request::read(50)); // 50 pushes 10 out, 51 pushes 11 out unread
        assert_eq!(contents(&h, 0), [50, 51]);
        h.serve(0, &Request::read(30)); // 30, 31 push 50 and 51 (unread) out
        assert_eq!(contents(&h, 0), [30, 31]);
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 3, hits: 0, wasted: 2, pending: 1 });
        // 11 read again: a miss (its prefetched copy left), settled as wasted already.
        h.serve(0, &Request::read(11));
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 4, hits: 0, wasted: 3, pending: 1 });
        // A write of a prefetched block (12 came ahead of 11) makes that prefetch useless.
        h.serve(0, &Request { op: Op::Write, ..Request::read(12) });
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 4, hits: 0, wasted: 4, pending: 0 });
    }

    #[test]
    fn a_prefetch_is_a_background_read_off_the_request_path() {
        // Client of 4 over an array of 8 on FC, 10 ms disk; the client looks ahead.
        let caches = vec![
            CacheSpec {
                policy: PolicyConfig::Lru.build(4, 100, 1).unwrap(),
                parent: Some(1),
                link: Some(LinkConfig::Fc1g),
                disk: None,
            },
            CacheSpec {
                policy: PolicyConfig::Lru.build(8, 100, 1).unwrap(),
                parent: None,
                link: None,
                disk: Some(DiskConfig::default()),
            },
        ];
        let build = |caches: Vec<CacheSpec>| Hierarchy::new(caches, &[0], Protocol::None, 0.0, 4096).unwrap();
        let mut h = build(caches).with_prefetch(&[Some(PrefetchConfig::Lookahead), None], Successors::linear(100), 100);
        let (_, miss) = h.serve(0, &Request::read(0));
        // The request pays what it would without the prefetch: its link and the disk.
        let link = h.one_block_link_ns(0);
        assert_eq!(miss, link + 10_000_000);
        // Block 1 came from the disk in the background (10 ms there, none on the request) and
        // crossed the client's link; the array did not keep it and saw no lookup for it.
        assert_eq!(h.last_prefetch_ns(), 10_000_000);
        assert_eq!(h.cache_counters(0).link_bytes, 2 * 4096);
        assert_eq!(contents(&h, 1), [0]);
        assert_eq!((h.cache_counters(1).hits, h.cache_counters(1).misses), (0, 1));
        let (_, hit) = h.serve(0, &Request::read(1));
        assert_eq!(hit, 0);
        assert_eq!(h.last_prefetch_ns(), 0);
        for b in [20, 30, 40] {
            h.serve(0, &Request::read(b)); // each with b + 1 ahead, into the client only
            assert_eq!(h.last_prefetch_ns(), 10_000_000);
        }
        assert_eq!(contents(&h, 0), [30, 31, 40, 41]);
        assert_eq!(contents(&h, 1), [0, 20, 30, 40]);
        // 19 misses; 20 ahead comes from the array, which is only looked at: no disk read, its
        // order unchanged.
        h.serve(0, &Request::read(19));
        assert_eq!(h.last_prefetch_ns(), 0);
        assert_eq!(contents(&h, 0), [40, 41, 19, 20]);
        assert_eq!(contents(&h, 1), [0, 20, 30, 40, 19]);
        // 1 was read; 21 and 31 left unread; 41 and 20 wait.
        assert_eq!(counts(&h, 0), PrefetchCounts { prefetched: 5, hits: 1, wasted: 2, pending: 2 });
    }

    #[test]
    fn a_trace_successor_is_the_next_raw_number_and_unreferenced_ones_are_numbered_once() {
        // Dense ids 0..4 for raw 10, 12, 11, 20.
        let a = Arc::new(BlockAddresses::new(&[10, 12, 11, 20]));
        let mut s = Successors::trace(a);
        assert_eq!(s.referenced_next(0), Some(2)); // 10 → 11
        assert_eq!(s.referenced_next(2), Some(1)); // 11 → 12
        assert_eq!(s.referenced_next(1), None); // 13 is never referenced
        assert_eq!(s.referenced_next(3), None);
        let mut out = Vec::new();
        s.walk(0, 4, &mut out); // 11, 12, then 13 and 14 get ids 4 and 5
        assert_eq!(out, [2, 1, 4, 5]);
        s.walk(3, 2, &mut out); // 21, 22
        assert_eq!(out, [6, 7]);
        s.walk(1, 3, &mut out); // 13, 14 again, then 15
        assert_eq!(out, [4, 5, 8]);
    }

    #[test]
    fn generated_addresses_end_at_the_last_block() {
        let mut s = Successors::linear(10);
        let mut out = Vec::new();
        s.walk(5, 3, &mut out);
        assert_eq!(out, [6, 7, 8]);
        s.walk(8, 3, &mut out);
        assert_eq!(out, [9]);
        s.walk(9, 3, &mut out);
        assert!(out.is_empty());
        assert_eq!(s.referenced_next(8), Some(9));
        assert_eq!(s.referenced_next(9), None);
    }

    #[test]
    fn the_command_line_spelling_and_its_errors() {
        assert_eq!(PrefetchConfig::parse("lookahead"), Ok(PrefetchConfig::Lookahead));
        assert_eq!(
            PrefetchConfig::parse("readahead"),
            Ok(PrefetchConfig::Readahead { trigger: DEFAULT_TRIGGER, window: DEFAULT_WINDOW })
        );
        assert_eq!(PrefetchConfig::parse("readahead:3:16"), Ok(PrefetchConfig::Readahead { trigger: 3, window: 16 }));
        assert!(PrefetchConfig::parse("readahead:0").unwrap_err().contains("trigger must be between 1"));
        assert!(PrefetchConfig::parse("readahead:2:9999").unwrap_err().contains("window must be between 1 and 256"));
        assert!(PrefetchConfig::parse("readahead:x").unwrap_err().contains("trigger must be a whole number"));
        assert!(PrefetchConfig::parse("lookahead:2").is_err());
        assert!(PrefetchConfig::parse("ahead").unwrap_err().contains("unknown prefetch"));
    }

    #[test]
    fn json_defaults_and_refusals() {
        let c: PrefetchConfig = serde_json::from_str(r#"{"kind":"readahead"}"#).unwrap();
        assert_eq!(c, PrefetchConfig::Readahead { trigger: DEFAULT_TRIGGER, window: DEFAULT_WINDOW });
        assert!(serde_json::from_str::<PrefetchConfig>(r#"{"kind":"readahead","windows":2}"#).is_err());
        assert!(serde_json::from_str::<PrefetchConfig>(r#"{"kind":"stride"}"#).is_err());
    }
}
