//! One client cache over one array cache over a disk (paper 000 §4.1), with the inclusive
//! baseline or DEMOTE.
//!
//! A read of block `b`:
//! 1. client hit → the client's policy reorders `b`; latency `Tc`.
//! 2. client miss → first the client makes room. Under DEMOTE each victim goes to the array:
//!    inserted at its "eject me last" end, or — if the array already holds it — just moved
//!    there, with no data sent. Room is made *before* the fetch: paper 000 §4.5's three-block
//!    example (array D B E → B E C → E C A) only comes out in that order.
//! 3. the array looks `b` up: a hit reorders it per the array's policy (an MRU array puts it at
//!    "eject me next", so the next demotion pushes it out and the pair stays exclusive); a miss
//!    reads it from disk and inserts it at the array policy's own miss end.
//! 4. the client inserts `b` at its policy's miss end.
//!
//! Latency: `Tc` + (beyond the client) one link transfer of the blocks fetched + one link
//! transfer of the blocks whose DEMOTE moved data + (disk) `Td` — paper 000 eq. 1 with the
//! demotion cost charged to the request that caused it.
//!
//! With paper 003's DU the array lets go of every block it sends up: `drop` forgets it (a
//! block read from disk is not kept at all), `lru-end` leaves it next in line for eviction.
//!
//! With paper 003's SE a read whose request carries importance 0 (the application says the
//! block will not be read again soon: a scan's, an append-only table's) enters the client at
//! its "eject me next" end, and — where the protocol passes hints down (AC_HB: DEMOTE; AC_CC,
//! the client running both caches) — the array too.
//!
//! Writes are write-through with write-allocate at both levels (blocks stay clean, so every
//! client victim may be demoted); they cost `Tc` + one link transfer and count separately
//! from the read hit fractions.

use serde::Serialize;

use super::{Disk, Du, LatencyHistogram, Level, Protocol, Timing};
use crate::model::{Block, Op, Request, WriteHint};
use crate::policy::{End, Policy};

/// Counts for one phase of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counters {
    pub requests: u64,
    pub reads: u64,
    pub writes: u64,
    /// Read requests served entirely by the client cache.
    pub client_hits: u64,
    /// Read requests whose blocks were all in the client or the array (and not all in the client).
    pub array_hits: u64,
    /// Read requests that needed the disk for at least one block.
    pub disk_reads: u64,
    /// Blocks referenced by read requests (a request of n blocks counts n).
    pub block_reads: u64,
    /// Of those, blocks found in the client cache.
    pub client_block_hits: u64,
    /// Blocks found in the array cache (not in the client).
    pub array_block_hits: u64,
    /// DEMOTE operations sent (one per demoted block).
    pub demotions: u64,
    /// DEMOTEs that moved data (the array did not already hold the block).
    pub demotions_moved: u64,
    /// HA_R: client evictions the array reloaded from disk (extra disk reads, off the request path).
    pub reloads: u64,
    /// Bytes moved over the client↔array link in either direction (fetches, demotions, writes).
    pub link_bytes: u64,
    /// Sum of request latencies, in nanoseconds.
    pub latency_sum_ns: u64,
    /// Write requests by paper 004 hint (unhinted writes are the rest of `writes`).
    pub synch_writes: u64,
    pub replace_writes: u64,
    pub recov_writes: u64,
    /// Paper 004 §5.1's read hit ratio "once the cache is warm": block reads reaching the
    /// deepest cache (the array, or a single cache) after it first filled, and those it hit.
    pub warm_block_reads: u64,
    pub warm_block_hits: u64,
}

/// What one request cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Served {
    /// For reads, the deepest level reached; writes report `Array` (write-through).
    pub level: Level,
    pub latency_ns: u64,
}

pub struct TwoLevel {
    client: Box<dyn Policy>,
    array: Box<dyn Policy>,
    protocol: Protocol,
    du: Option<Du>,
    timing: Timing,
    disk: Disk,
    pub counters: Counters,
    pub histogram: LatencyHistogram,
    // Caller-owned eviction buffers, reused so the hot path never allocates.
    client_victims: Vec<Block>,
    array_victims: Vec<Block>,
    /// The blocks of the current request the client did not hold at lookup.
    missing: Vec<Block>,
    /// AC_CA's victim candidates.
    candidates: Vec<Block>,
    /// AC_CC: per block, the time (in block references, from 1) of its latest reference, the
    /// clock, and for the blocks of the current request whether they belong in the client.
    last_ref: Vec<u64>,
    now: u64,
    in_client: Vec<bool>,
    /// Whether the deepest cache is the client (a single cache: the array is `NoCache`), and
    /// whether it has filled yet (warm: see `Counters::warm_block_reads`).
    deepest_is_client: bool,
    warm: bool,
    /// Paper 003's SE, and whether the current request's blocks are unimportant (importance 0).
    se: bool,
    cold: bool,
}

impl TwoLevel {
    pub fn new(client: Box<dyn Policy>, array: Box<dyn Policy>, protocol: Protocol, timing: Timing) -> Self {
        let deepest_is_client = array.capacity() == 0;
        Self {
            client,
            array,
            protocol,
            du: None,
            disk: Disk::new(timing.disk, timing.block_bytes as u32),
            timing,
            counters: Counters::default(),
            histogram: LatencyHistogram::default(),
            client_victims: Vec::with_capacity(64),
            array_victims: Vec::with_capacity(64),
            missing: Vec::with_capacity(64),
            candidates: Vec::with_capacity(16),
            last_ref: Vec::new(),
            now: 0,
            in_client: Vec::with_capacity(64),
            deepest_is_client,
            warm: false,
            se: false,
            cold: false,
        }
    }

    /// Applies paper 003's SE (see the module docs).
    pub fn with_se(mut self, se: bool) -> Self {
        self.se = se;
        self
    }

    /// Where a block of the current request enters the client, and (under SE with a protocol
    /// that passes hints) the array.
    fn client_end(&self) -> End {
        if self.cold {
            End::EjectNext
        } else {
            self.client.miss_end()
        }
    }

    fn array_end(&self) -> End {
        if self.cold && matches!(self.protocol, Protocol::Demote | Protocol::AcCc) {
            End::EjectNext
        } else {
            self.array.miss_end()
        }
    }

    /// Applies paper 003's DU at the array (see [`Du`]).
    pub fn with_du(mut self, du: Option<Du>) -> Self {
        self.du = du;
        self
    }

    /// Both caches, to set up a start state by hand (the teaching stepper, [`crate::teach`]).
    pub(crate) fn caches_mut(&mut self) -> (&mut dyn Policy, &mut dyn Policy) {
        (self.client.as_mut(), self.array.as_mut())
    }

    #[cfg(test)]
    fn array_mut_for_tests(&mut self) -> &mut dyn Policy {
        self.array.as_mut()
    }

    pub fn client(&self) -> &dyn Policy {
        self.client.as_ref()
    }

    pub fn array(&self) -> &dyn Policy {
        self.array.as_ref()
    }

    /// After a read: its blocks the client did not hold at lookup — the array's lookups, the
    /// stream the array really sees (for its stack-depth graph).
    pub fn last_missing(&self) -> &[Block] {
        &self.missing
    }

    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// Zeroes the counters and histogram (end of warm-up); cache contents are kept.
    pub fn reset_stats(&mut self) {
        self.counters = Counters::default();
        self.histogram.clear();
    }

    /// Serves one request, updates the counters and histogram, and says what it cost. Always
    /// inlined: it is the hot loop's body, called from more than one loop.
    #[inline(always)]
    pub fn serve(&mut self, req: &Request) -> Served {
        self.cold = self.se && req.importance == Some(0);
        let served = self.serve_blocks(req.op, req.write_hint, req.blocks(), req.nblocks);
        self.cold = false;
        served
    }

    /// Serves one request for `n` blocks given by `blocks` (not necessarily consecutive, as
    /// trace readers produce them), as [`TwoLevel::serve`] does.
    #[inline(always)]
    pub fn serve_blocks<I: Iterator<Item = Block> + Clone>(
        &mut self,
        op: Op,
        hint: Option<WriteHint>,
        blocks: I,
        n: u32,
    ) -> Served {
        if !self.warm {
            let deepest = if self.deepest_is_client { self.client.as_ref() } else { self.array.as_ref() };
            self.warm = deepest.len() >= deepest.capacity();
        }
        let served = match op {
            Op::Read if self.protocol == Protocol::AcCc => self.read_ac_cc(blocks, n),
            Op::Read => self.read(blocks, n),
            Op::Write => self.write(blocks, n, hint),
        };
        self.counters.requests += 1;
        self.counters.latency_sum_ns += served.latency_ns;
        self.histogram.record(served.latency_ns);
        served
    }

    fn read<I: Iterator<Item = Block> + Clone>(&mut self, blocks: I, nblocks: u32) -> Served {
        self.counters.reads += 1;
        let mut missing_blocks = std::mem::take(&mut self.missing);
        missing_blocks.clear();
        missing_blocks.extend(blocks.filter(|&b| !self.client.on_hit(b)));
        let missing = missing_blocks.len() as u32;
        self.counters.block_reads += nblocks as u64;
        self.counters.client_block_hits += (nblocks - missing) as u64;
        if self.warm {
            let c = &mut self.counters;
            if self.deepest_is_client {
                c.warm_block_reads += nblocks as u64;
                c.warm_block_hits += (nblocks - missing) as u64;
            } else {
                c.warm_block_reads += missing as u64;
            }
        }
        let t = &self.timing;
        if missing == 0 {
            self.counters.client_hits += 1;
            self.missing = missing_blocks;
            return Served { level: Level::Client, latency_ns: t.client_hit_ns };
        }

        // Make room in the client before fetching (see the module docs for why the order matters).
        let moved = self.make_client_room(missing);

        let mut from_disk = false;
        let mut disk_ns = 0;
        // Only what was missing at lookup is fetched: a block the client held served the read
        // even if making room has pushed it out since.
        for &b in &missing_blocks {
            // DU: the array lets go of what it sends up — drops it, or keeps it next in line.
            if self.array.on_hit(b) {
                self.counters.array_block_hits += 1;
                self.counters.warm_block_hits += (self.warm && !self.deepest_is_client) as u64;
                match self.du {
                    Some(Du::Drop) => {
                        self.array.remove(b);
                    }
                    Some(Du::LruEnd) => {
                        self.array.reposition(b, End::EjectNext);
                    }
                    None => {}
                }
            } else {
                from_disk = true;
                disk_ns += self.disk.block_ns(b);
                let end = match self.du {
                    Some(Du::Drop) => None,
                    Some(Du::LruEnd) => Some(End::EjectNext),
                    None => Some(self.array_end()),
                };
                if let Some(end) = end {
                    self.array_victims.clear();
                    self.array.insert(b, end, &mut self.array_victims);
                }
            }
            let end = self.client_end();
            self.client_victims.clear();
            self.client.insert(b, end, &mut self.client_victims);
            // Under DEMOTE room was made already; under the inclusive baseline the client's
            // victims are simply dropped.
            debug_assert!(self.protocol == Protocol::None || self.client_victims.is_empty());
        }

        let t = &self.timing;
        let mut latency = t.client_hit_ns + t.link_ns(missing) + t.link_ns(moved);
        self.counters.link_bytes += (missing as u64 + moved as u64) * t.block_bytes;
        let level = if from_disk {
            latency += self.disk.request_ns() + disk_ns;
            self.counters.disk_reads += 1;
            Level::Disk
        } else {
            self.counters.array_hits += 1;
            Level::Array
        };
        self.missing = missing_blocks;
        Served { level, latency_ns: latency }
    }

    /// AC_CC's read: like `read`, but each missing block goes where its reuse distance says.
    fn read_ac_cc<I: Iterator<Item = Block>>(&mut self, blocks: I, nblocks: u32) -> Served {
        self.counters.reads += 1;
        let mut missing = std::mem::take(&mut self.missing);
        let mut in_client = std::mem::take(&mut self.in_client);
        missing.clear();
        in_client.clear();
        let near = self.client.capacity() as u64;
        for b in blocks {
            self.now += 1;
            if self.last_ref.len() <= b as usize {
                self.last_ref.resize((b as usize + 1).max(self.last_ref.len() * 2), 0);
            }
            let last = std::mem::replace(&mut self.last_ref[b as usize], self.now);
            if !self.client.on_hit(b) {
                missing.push(b);
                in_client.push(last != 0 && self.now - last <= near);
            }
        }
        let n_missing = missing.len() as u32;
        self.counters.block_reads += nblocks as u64;
        self.counters.client_block_hits += (nblocks - n_missing) as u64;
        if self.warm {
            self.counters.warm_block_reads += n_missing as u64;
        }
        if n_missing == 0 {
            self.counters.client_hits += 1;
            self.missing = missing;
            self.in_client = in_client;
            return Served { level: Level::Client, latency_ns: self.timing.client_hit_ns };
        }
        let moved = self.make_client_room(in_client.iter().filter(|&&c| c).count() as u32);
        let (mut from_disk, mut disk_ns) = (false, 0);
        for (&b, &keep) in missing.iter().zip(&in_client) {
            if self.array.on_hit(b) {
                self.counters.array_block_hits += 1;
                self.counters.warm_block_hits += self.warm as u64;
                if keep {
                    self.array.remove(b); // it moves up: one level only
                }
            } else {
                from_disk = true;
                disk_ns += self.disk.block_ns(b);
                if !keep {
                    let end = self.array_end();
                    self.array_victims.clear();
                    self.array.insert(b, end, &mut self.array_victims);
                }
            }
            if keep {
                let end = self.client_end();
                self.client_victims.clear();
                self.client.insert(b, end, &mut self.client_victims);
            }
        }
        let t = &self.timing;
        let mut latency = t.client_hit_ns + t.link_ns(n_missing) + t.link_ns(moved);
        self.counters.link_bytes += (n_missing as u64 + moved as u64) * t.block_bytes;
        let level = if from_disk {
            latency += self.disk.request_ns() + disk_ns;
            self.counters.disk_reads += 1;
            Level::Disk
        } else {
            self.counters.array_hits += 1;
            Level::Array
        };
        self.missing = missing;
        self.in_client = in_client;
        Served { level, latency_ns: latency }
    }

    /// Makes room in the client for `incoming` blocks before they are fetched: under DEMOTE
    /// each victim is demoted (returns how many demotions moved data); under AC_CA the victim
    /// is the first of the next `k` the array holds. The inclusive baseline lets the client's
    /// own insertions evict.
    fn make_client_room(&mut self, incoming: u32) -> u32 {
        let cap = self.client.capacity();
        match self.protocol {
            Protocol::None | Protocol::Mc2 => 0,
            Protocol::AcCa { k } => {
                while self.client.len() + incoming as usize > cap {
                    self.candidates.clear();
                    self.client.candidates(k as usize, &mut self.candidates);
                    let Some(&first) = self.candidates.first() else { break };
                    let victim = self.candidates.iter().copied().find(|&b| self.array.contains(b)).unwrap_or(first);
                    self.client.remove(victim);
                }
                0
            }
            Protocol::HaR => {
                while self.client.len() + incoming as usize > cap {
                    let Some(victim) = self.client.evict() else { break };
                    if !self.array.reposition(victim, End::EjectLast) {
                        self.array_victims.clear();
                        self.array.insert(victim, End::EjectLast, &mut self.array_victims);
                        self.counters.reloads += 1;
                    }
                }
                0
            }
            // AC_CC demotes like DEMOTE; being exclusive, the array never holds the victim.
            Protocol::Demote | Protocol::AcCc => {
                let mut moved = 0;
                while self.client.len() + incoming as usize > cap {
                    let Some(victim) = self.client.evict() else { break };
                    self.counters.demotions += 1;
                    if !self.array.reposition(victim, End::EjectLast) {
                        self.array_victims.clear();
                        self.array.insert(victim, End::EjectLast, &mut self.array_victims);
                        moved += 1;
                    }
                }
                self.counters.demotions_moved += moved as u64;
                moved
            }
        }
    }

    fn write<I: Iterator<Item = Block> + Clone>(&mut self, blocks: I, nblocks: u32, hint: Option<WriteHint>) -> Served {
        let c = &mut self.counters;
        c.writes += 1;
        match hint {
            Some(WriteHint::Synch) => c.synch_writes += 1,
            Some(WriteHint::Replace) => c.replace_writes += 1,
            Some(WriteHint::Recov) => c.recov_writes += 1,
            None => {}
        }
        let moved = if self.client.uses_hints() {
            // A hint-aware cache takes the write as its policy says (it may not keep it).
            for b in blocks.clone() {
                self.client_victims.clear();
                self.client.write(b, hint, &mut self.client_victims);
            }
            0
        } else {
            let mut missing = std::mem::take(&mut self.missing);
            missing.clear();
            missing.extend(blocks.clone().filter(|&b| !self.client.on_hit(b)));
            let moved = self.make_client_room(missing.len() as u32);
            for &b in &missing {
                let end = self.client.miss_end();
                self.client_victims.clear();
                self.client.insert(b, end, &mut self.client_victims);
            }
            self.missing = missing;
            moved
        };
        for b in blocks {
            if self.protocol == Protocol::AcCc {
                // Written through without caching (ULC's cache bypass): one level only.
                self.array.remove(b);
                continue;
            }
            self.array_victims.clear();
            self.array.write(b, hint, &mut self.array_victims);
        }
        let t = &self.timing;
        self.counters.link_bytes += (nblocks as u64 + moved as u64) * t.block_bytes;
        let latency = t.client_hit_ns + t.link_ns(nblocks) + t.link_ns(moved);
        Served { level: Level::Array, latency_ns: latency }
    }

    /// Both caches' contents, next victim first (teaching views and tests).
    pub fn contents(&self) -> (Vec<Block>, Vec<Block>) {
        let (mut c, mut a) = (Vec::new(), Vec::new());
        self.client.contents(&mut c);
        self.array.contents(&mut a);
        (c, a)
    }

    pub fn check_invariants(&self) -> Result<(), String> {
        self.client.check_invariants().map_err(|e| format!("client: {e}"))?;
        self.array.check_invariants().map_err(|e| format!("array: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hierarchy::{DiskConfig, LinkConfig};
    use crate::policy::PolicyConfig;

    const A: Block = 0;
    const B: Block = 1;
    const C: Block = 2;
    const D: Block = 3;
    const E: Block = 4;

    fn hierarchy(client: PolicyConfig, array: PolicyConfig, protocol: Protocol, cap: usize) -> TwoLevel {
        let timing = Timing::new(0.0, LinkConfig::Fc1g, DiskConfig::default(), 4096);
        TwoLevel::new(client.build(cap, 8, 1).unwrap(), array.build(cap, 8, 2).unwrap(), protocol, timing)
    }

    fn state(h: &TwoLevel) -> (Vec<Block>, Vec<Block>) {
        h.check_invariants().unwrap();
        h.contents()
    }

    /// Paper 003's SE: an unimportant block (importance 0) is the client's next victim, and,
    /// where the protocol passes hints down (AC_HB's DEMOTE, AC_CC), the array's too; without
    /// SE, or at an inclusive array, it is an ordinary block.
    #[test]
    fn se_puts_unimportant_blocks_next_in_line() {
        let read = |b: Block, imp: u8| Request { importance: Some(imp), ..Request::read(b) };
        for (se, client) in [(true, [A, C]), (false, [B, C])] {
            let mut h = hierarchy(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 3).with_se(se);
            h.client = PolicyConfig::Lru.build(2, 8, 1).unwrap();
            for r in [read(A, 1), read(B, 0), read(C, 1)] {
                h.serve(&r);
            }
            let (mut c, _) = state(&h);
            c.sort_unstable();
            assert_eq!(c, client, "SE {se}: the client keeps");
        }
        // First references under AC_CC go to the array only: E, then the unimportant D.
        for (protocol, se, first) in [
            (Protocol::AcCc, true, D),
            (Protocol::AcCc, false, E),
            (Protocol::Demote, true, D),
            (Protocol::None, true, E),
        ] {
            let mut h = hierarchy(PolicyConfig::Lru, PolicyConfig::Lru, protocol, 3).with_se(se);
            h.client = PolicyConfig::Lru.build(1, 8, 1).unwrap();
            h.serve(&read(E, 1));
            h.serve(&read(D, 0));
            let mut next = Vec::new();
            h.array.candidates(1, &mut next);
            assert_eq!(next, [first], "{protocol:?}, SE {se}: the array's next victim");
        }
    }

    /// Paper 000 §4.5: LRU-LRU-demote does not behave as one unified LRU cache. Client and
    /// array hold three blocks each; the workload cycles A–E; the left of each queue is the
    /// next to eject. Start: client C D E, array D B E; reading A gives Next (client D E -,
    /// array B E C) and then Final (client D E A, array E C A).
    #[test]
    fn paper_000_three_block_sequential_example() {
        let mut h = hierarchy(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 3);
        // Build the Start state by hand: array D B E (LRU order), client C D E.
        let mut ev = Vec::new();
        for b in [D, B, E] {
            h.array.insert(b, End::EjectLast, &mut ev);
        }
        for b in [C, D, E] {
            h.client.insert(b, End::EjectLast, &mut ev);
        }
        assert_eq!(state(&h), (vec![C, D, E], vec![D, B, E]), "Start");

        // Next: the client demotes its LRU block C; the array puts it at the eject-me-last
        // end, ejecting D.
        let moved = h.make_client_room(1);
        assert_eq!(moved, 1, "C was not in the array, so its data moves");
        assert_eq!(state(&h), (vec![D, E], vec![B, E, C]), "Next");

        // Final: A misses in the array too; the array ejects B to make way for it.
        let mut h2 = hierarchy(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 3);
        for b in [D, B, E] {
            h2.array.insert(b, End::EjectLast, &mut ev);
        }
        for b in [C, D, E] {
            h2.client.insert(b, End::EjectLast, &mut ev);
        }
        let s = h2.serve(&Request::read(A));
        assert_eq!(state(&h2), (vec![D, E, A], vec![E, C, A]), "Final");
        assert_eq!(s.level, Level::Disk);
        // 0.2 ms fetch + 0.2 ms demotion transfer + 10 ms disk.
        assert_eq!(s.latency_ns, 200_000 + 200_000 + 10_000_000);
        assert_eq!((h2.counters.demotions, h2.counters.demotions_moved), (1, 1));

        // ... "but must then retrieve B from disk on the next request".
        let s = h2.serve(&Request::read(B));
        assert_eq!(s.level, Level::Disk);
        assert_eq!(state(&h2), (vec![E, A, B], vec![A, D, B]));
    }

    /// LRU-MRU-demote: the array keeps only what the client lacks (paper 000 Fig. 6, middle).
    #[test]
    fn lru_mru_demote_stays_exclusive_step_by_step() {
        let mut h = hierarchy(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote, 2);
        let lvl = |h: &mut TwoLevel, b| h.serve(&Request::read(b)).level;
        assert_eq!(lvl(&mut h, A), Level::Disk); // client [A], array [A]
        assert_eq!(state(&h), (vec![A], vec![A]));
        assert_eq!(lvl(&mut h, B), Level::Disk); // client [A, B], array [B, A]
        assert_eq!(state(&h), (vec![A, B], vec![B, A]));
        // C: the client demotes A (already in the array: moved to eject-last, no data),
        // then C comes from disk to the array's eject-next end, ejecting B.
        let s = h.serve(&Request::read(C));
        assert_eq!(s.level, Level::Disk);
        assert_eq!(s.latency_ns, 200_000 + 10_000_000, "a DEMOTE of a held block moves no data");
        assert_eq!(state(&h), (vec![B, C], vec![C, A]));
        // A: array hit. The client demotes B (data moves, ejecting C from the array's
        // eject-next end), then A moves to the array's eject-next end.
        let s = h.serve(&Request::read(A));
        assert_eq!((s.level, s.latency_ns), (Level::Array, 400_000));
        assert_eq!(state(&h), (vec![C, A], vec![A, B]));
        // D: the client demotes C, which pushes out A — the copy the client holds.
        assert_eq!(lvl(&mut h, D), Level::Disk);
        assert_eq!(state(&h), (vec![A, D], vec![D, C]));
        assert_eq!(h.counters.demotions, 3);
        assert_eq!(h.counters.demotions_moved, 2);
    }

    #[test]
    fn inclusive_baseline_drops_client_victims() {
        let mut h = hierarchy(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, 2);
        for b in [A, B, C] {
            h.serve(&Request::read(b));
        }
        // Both levels saw the same misses in the same order: fully inclusive.
        assert_eq!(state(&h), (vec![B, C], vec![B, C]));
        assert_eq!(h.serve(&Request::read(A)).level, Level::Disk);
        assert_eq!(h.counters.demotions, 0);
        assert_eq!((h.counters.client_hits, h.counters.array_hits, h.counters.disk_reads), (0, 0, 4));
    }

    #[test]
    fn multi_block_reads_hit_only_when_every_block_is_there() {
        let mut h = hierarchy(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, 4);
        h.serve(&Request::read(A));
        let two = Request { nblocks: 2, ..Request::read(A) }; // A and B
        let s = h.serve(&two);
        assert_eq!(s.level, Level::Disk, "B is on disk, so the request is a disk read");
        assert_eq!(s.latency_ns, 10_000_000 + LinkConfig::Fc1g.transfer_ns(4096), "one block fetched");
        assert_eq!(h.serve(&two).level, Level::Client);
        // Requests: A (disk), AB (disk), AB (client) → 1 of 3 hits. Blocks: A miss; A hit, B
        // miss; A hit, B hit → 3 of 5 block hits.
        let c = &h.counters;
        assert_eq!((c.reads, c.client_hits, c.disk_reads), (3, 1, 2));
        assert_eq!((c.block_reads, c.client_block_hits, c.array_block_hits), (5, 3, 0));
    }

    #[test]
    fn ac_ca_evicts_the_first_candidate_the_array_holds() {
        let mut h = hierarchy(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::AcCa { k: 2 }, 3);
        // Both caches hold A B C (fetched through the array).
        for b in [A, B, C] {
            h.serve(&Request::read(b));
        }
        // D: the client's candidates are A and B; A is in the array, so A goes. The array, full,
        // evicts A too to take D.
        h.serve(&Request::read(D));
        assert_eq!(h.contents(), (vec![B, C, D], vec![B, C, D]));
        // Now make the array lose B: the client's first candidate is no longer the one to evict.
        h.array_mut_for_tests().remove(B);
        h.serve(&Request::read(A)); // candidates B (not in the array) and C (in it): C goes
        assert_eq!(h.contents().0, vec![B, D, A]);
        h.check_invariants().unwrap();
    }

    #[test]
    fn writes_go_through_to_the_array() {
        let mut h = hierarchy(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, 2);
        let s = h.serve(&Request::write(A));
        assert_eq!((s.level, s.latency_ns), (Level::Array, 200_000));
        assert_eq!(state(&h), (vec![A], vec![A]));
        assert_eq!(h.serve(&Request::read(A)).level, Level::Client);
        assert_eq!((h.counters.writes, h.counters.reads), (1, 1));
    }
}
