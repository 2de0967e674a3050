//! TQ, the type-queue algorithm of paper 004 §4.4 and Algorithm 2 (Li et al., "Second-tier
//! cache management using write hints", FAST 2005): a second-tier cache ordered by what the
//! client's requests say about its own cache.
//!
//! - Qhigh holds the cached blocks whose latest non-RECOV request was a SYNCH or REPLACE write
//!   (the client is letting them go, so the next READ of them should come here). It is ordered
//!   by *latest predicted read* (LPR): entering Qhigh, a block gets
//!   `nextReadPosition = currentPosition + avgWriteReadDist` (∞ before any distance was
//!   observed), and the victim is the largest `nextReadPosition`.
//! - Qlow holds the cached blocks whose latest non-RECOV request was a READ (the client has just
//!   loaded them), in LRU order. Victims come from Qlow's LRU end; from Qhigh only when Qlow is
//!   empty.
//! - `avgWriteReadDist` is the running mean of a block's write-to-read distances — requests
//!   from a SYNCH or REPLACE write to the first READ after it. A READ closes a distance when
//!   `lastWritePosition > 0`, whether the block is cached or only remembered.
//! - Qout remembers the statistics (mean, samples, `lastWritePosition`) of up to
//!   `out_capacity` evicted blocks; when over size it forgets the largest mean. A block that is
//!   cached again resumes from its entry.
//! - RECOV writes are ignored, except during cold start, when a RECOV'd block not cached goes to
//!   Qlow.
//!
//! Through the [`Policy`] contract: `on_hit` is a READ lookup (one request), `insert` at
//! [`Policy::miss_end`] ([`End::EjectNext`]) the READ miss, `write` a write, and
//! `insert`/`reposition` at [`End::EjectLast`] a DEMOTE, which is a SYNCH write.
//!
//! Open points and our choices:
//! - `currentPosition` counts requests: every READ lookup (`on_hit`), every `write` and every
//!   DEMOTE is one; a READ miss is its lookup plus an `insert` that does not count again.
//!   Positions start at 1, so `lastWritePosition` 0 means "no write awaiting a read".
//! - Algorithm 2 assumes a full cache and has no branch for a READ miss: we cache the block at
//!   Qlow's MRU end during cold start (as the prose does for RECOV) and decline it once the
//!   cache is full — the READ-miss counterpart of "not at the expense of SYNCH or REPLACE
//!   blocks". A decline pushes the block itself into `evicted`, as read-OPT does.
//! - Line 14 caches a written Qout block only if `lastWritePosition = 0`, which would leave a
//!   block written twice without a read between uncached (line 20 excludes Qout blocks too).
//!   We take it for an omission: a SYNCH or REPLACE of a Qout block always caches it, resuming
//!   its statistics.
//! - Line 21 drops the Qout entry with the largest mean *before* the victim enters Qout; we
//!   let the victim enter first and then drop the largest, so the victim itself is forgotten
//!   when its mean is the largest (rather than an entry that predicts better). ∞ counts as
//!   largest; ties go to the oldest entry.
//! - LPR ties (e.g. every block still at ∞) go to the block that entered Qhigh earliest; a
//!   rewrite of a Qhigh block re-predicts its `nextReadPosition` but keeps its age.
//! - The mean is kept exactly (sum and count); predictions and comparisons use its integer
//!   part, distances being whole requests.
//! - A READ of a block in Qlow moves it to Qlow's MRU end (LRU); a READ of a remembered block
//!   updates its Qout entry, which keeps its age there.
//! - A RECOV still counts as a request (it is one), though it changes nothing else.
//! - `insert(b, EjectNext)` is the READ miss (above). `reposition(b, EjectNext)` makes b the
//!   next victim: the LRU end of Qlow, leaving Qhigh if it was there, statistics kept.
//! - `evict` takes the victim as a replacement would, into Qout; `remove` forgets a cached
//!   block and its statistics entirely and leaves Qout alone. Neither is a request.
//! - Memory: a 4-byte index slot per id; per cached or remembered block a 40-byte entry and a
//!   24-byte heap entry (Qhigh or Qout), plus Qlow's links in the entry; and 8 bytes of heap
//!   positions per slot of the entry pool (capacity + out capacity). All of it is reserved up
//!   front: requests allocate nothing (unless a block id outgrows the universe).

use super::{End, HintAware, Policy, Queue, TeachingViews};
use crate::model::{Block, WriteHint};
use crate::util::heap::IndexedHeap;
use crate::util::slab::NIL;

/// A mean distance never observed, a read never predicted.
const INFINITE: u64 = u64::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Free,
    Low,
    High,
    Out,
}

/// A cached or remembered block.
#[derive(Clone, Copy, Debug)]
struct Entry {
    block: Block,
    place: Place,
    samples: u32,
    /// Sum of the observed write-to-read distances.
    distance_sum: u64,
    /// Position of the latest SYNCH/REPLACE not yet followed by a READ; 0 = none.
    last_write: u64,
    /// Qlow links (entry indices); `next` also chains free entries.
    prev: u32,
    next: u32,
}

impl Entry {
    fn fresh(block: Block) -> Self {
        Self { block, place: Place::Free, samples: 0, distance_sum: 0, last_write: 0, prev: NIL, next: NIL }
    }

    /// `avgWriteReadDist`, integer part; [`INFINITE`] before the first sample.
    fn mean(&self) -> u64 {
        if self.samples == 0 {
            INFINITE
        } else {
            self.distance_sum / self.samples as u64
        }
    }
}

/// TQ's queues, each next-to-leave first (tests).
#[cfg(test)]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TqQueues {
    /// Qlow, LRU end first.
    pub low: Vec<Block>,
    /// Qhigh in eviction order, with each `nextReadPosition` (`None` = ∞).
    pub high: Vec<(Block, Option<u64>)>,
    /// Qout in the order it would forget its entries.
    pub out: Vec<Block>,
}

/// What TQ knows about a block (tests).
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TqStats {
    /// `avgWriteReadDist` (integer part); `None` = ∞, no distance observed yet.
    pub mean_distance: Option<u64>,
    /// Distances observed.
    pub samples: u32,
    /// `lastWritePosition`; `None` when no write awaits a read.
    pub last_write: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct Tq {
    capacity: usize,
    out_capacity: usize,
    /// `currentPosition`: requests so far.
    now: u64,
    /// Order of entry into Qhigh and Qout (ties go to the oldest).
    seq: u64,
    /// Per block id: its entry, or `NIL`.
    slot_of: Vec<u32>,
    entries: Vec<Entry>,
    free: u32,
    /// Qlow's LRU end (next victim), MRU end, length.
    low_head: u32,
    low_tail: u32,
    low_len: usize,
    /// Qhigh over entry indices, keyed `(INFINITE − nextReadPosition, seq)`: the minimum is the
    /// LPR victim.
    high: IndexedHeap<(u64, u64)>,
    /// Qout over entry indices, keyed `(INFINITE − mean, seq)`: the minimum is dropped first.
    out: IndexedHeap<(u64, u64)>,
}

impl Tq {
    /// A cache of `capacity` blocks remembering up to `out_capacity` evicted ones (paper 004
    /// §5.1 uses the cache size; 0 remembers none).
    pub fn new(capacity: usize, out_capacity: usize, universe: usize) -> Result<Self, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        let pool = capacity + out_capacity + 1;
        let mut entries = Vec::new();
        entries.reserve_exact(pool);
        Ok(Self {
            capacity,
            out_capacity,
            now: 0,
            seq: 0,
            slot_of: vec![NIL; universe],
            entries,
            free: NIL,
            low_head: NIL,
            low_tail: NIL,
            low_len: 0,
            high: IndexedHeap::new(capacity, pool),
            out: IndexedHeap::new(out_capacity + 1, pool),
        })
    }

    #[cfg(test)]
    /// The queues, each next-to-leave first.
    pub fn queues(&self) -> TqQueues {
        let low = self.low_iter().map(|e| self.entries[e as usize].block).collect();
        let high = self
            .sorted(&self.high)
            .into_iter()
            .map(|(k, e)| (self.entries[e as usize].block, (k.0 != 0).then_some(INFINITE - k.0)))
            .collect();
        let out = self.sorted(&self.out).into_iter().map(|(_, e)| self.entries[e as usize].block).collect();
        TqQueues { low, high, out }
    }

    #[cfg(test)]
    /// The statistics of a cached or remembered block.
    pub fn stats(&self, block: Block) -> Option<TqStats> {
        let e = &self.entries[self.entry_of(block)? as usize];
        let mean = e.mean();
        Some(TqStats {
            mean_distance: (mean != INFINITE).then_some(mean),
            samples: e.samples,
            last_write: (e.last_write > 0).then_some(e.last_write),
        })
    }

    #[cfg(test)]
    /// `currentPosition`: the requests seen so far.
    pub fn position(&self) -> u64 {
        self.now
    }

    /// A heap's entries, next to leave first (tests, teaching views).
    fn sorted(&self, heap: &IndexedHeap<(u64, u64)>) -> Vec<((u64, u64), u32)> {
        let mut v: Vec<_> = heap.ids().map(|e| (heap.key(e).expect("listed"), e)).collect();
        v.sort_unstable();
        v
    }

    #[inline]
    fn entry_of(&self, block: Block) -> Option<u32> {
        let s = self.slot_of.get(block as usize).copied().unwrap_or(NIL);
        (s != NIL).then_some(s)
    }

    #[inline]
    fn place(&self, block: Block) -> Option<(u32, Place)> {
        self.entry_of(block).map(|e| (e, self.entries[e as usize].place))
    }

    fn resident(&self) -> usize {
        self.low_len + self.high.len()
    }

    fn is_full(&self) -> bool {
        self.resident() >= self.capacity
    }

    fn alloc(&mut self, block: Block) -> u32 {
        if self.slot_of.len() <= block as usize {
            let n = (block as usize + 1).max(self.slot_of.len() * 2);
            self.slot_of.resize(n, NIL);
        }
        let e = if self.free != NIL {
            let e = self.free;
            self.free = self.entries[e as usize].next;
            self.entries[e as usize] = Entry::fresh(block);
            e
        } else {
            self.entries.push(Entry::fresh(block));
            (self.entries.len() - 1) as u32
        };
        self.slot_of[block as usize] = e;
        e
    }

    /// Forgets an entry no structure holds any more.
    fn release(&mut self, e: u32) {
        let block = self.entries[e as usize].block;
        self.slot_of[block as usize] = NIL;
        self.entries[e as usize] = Entry { next: self.free, ..Entry::fresh(NIL) };
        self.free = e;
    }

    fn low_iter(&self) -> impl Iterator<Item = u32> + '_ {
        let mut cur = self.low_head;
        std::iter::from_fn(move || {
            (cur != NIL).then(|| {
                let e = cur;
                cur = self.entries[e as usize].next;
                e
            })
        })
    }

    /// Links an entry into Qlow at the MRU end (`mru`) or the LRU end.
    fn low_link(&mut self, e: u32, mru: bool) {
        let (head, tail) = (self.low_head, self.low_tail);
        let entry = &mut self.entries[e as usize];
        entry.place = Place::Low;
        if mru {
            (entry.prev, entry.next) = (tail, NIL);
            match tail {
                NIL => self.low_head = e,
                t => self.entries[t as usize].next = e,
            }
            self.low_tail = e;
        } else {
            (entry.prev, entry.next) = (NIL, head);
            match head {
                NIL => self.low_tail = e,
                h => self.entries[h as usize].prev = e,
            }
            self.low_head = e;
        }
        self.low_len += 1;
    }

    fn low_unlink(&mut self, e: u32) {
        let Entry { prev, next, .. } = self.entries[e as usize];
        match prev {
            NIL => self.low_head = next,
            p => self.entries[p as usize].next = next,
        }
        match next {
            NIL => self.low_tail = prev,
            n => self.entries[n as usize].prev = prev,
        }
        let entry = &mut self.entries[e as usize];
        (entry.prev, entry.next) = (NIL, NIL);
        self.low_len -= 1;
    }

    /// Takes a cached entry out of its queue (it stays indexed).
    fn unqueue(&mut self, e: u32) {
        match self.entries[e as usize].place {
            Place::Low => self.low_unlink(e),
            Place::High => {
                self.high.remove(e);
            }
            Place::Out => {
                self.out.remove(e);
            }
            Place::Free => unreachable!("entry {e} is free"),
        }
    }

    fn next_seq(&mut self) -> u64 {
        self.seq += 1;
        self.seq
    }

    /// `(INFINITE − nextReadPosition, seq)` for a block just written at `now`.
    fn high_key(&self, e: u32, seq: u64) -> (u64, u64) {
        let mean = self.entries[e as usize].mean();
        let next_read = if mean == INFINITE { INFINITE } else { self.now.saturating_add(mean) };
        (INFINITE - next_read, seq)
    }

    /// A SYNCH or REPLACE of an unqueued entry: it enters Qhigh with a fresh prediction.
    fn enter_high(&mut self, e: u32) {
        self.entries[e as usize].last_write = self.now;
        self.entries[e as usize].place = Place::High;
        let seq = self.next_seq();
        self.high.set(e, self.high_key(e, seq));
    }

    /// Puts an unqueued entry in Qout, forgetting the largest means beyond its size.
    fn enter_out(&mut self, e: u32) {
        self.entries[e as usize].place = Place::Out;
        let seq = self.next_seq();
        self.out.set(e, (INFINITE - self.entries[e as usize].mean(), seq));
        while self.out.len() > self.out_capacity {
            let dropped = self.out.pop().expect("over size, so not empty");
            self.release(dropped);
        }
    }

    /// The next victim: Qlow's LRU end, else Qhigh's latest predicted read.
    fn victim(&self) -> Option<u32> {
        if self.low_head != NIL {
            Some(self.low_head)
        } else {
            self.high.peek()
        }
    }

    /// Evicts the victim into Qout.
    fn evict_victim(&mut self) -> Option<Block> {
        let e = self.victim()?;
        let block = self.entries[e as usize].block;
        self.unqueue(e);
        self.enter_out(e);
        Some(block)
    }

    fn make_room(&mut self, evicted: &mut Vec<Block>) {
        while self.is_full() {
            match self.evict_victim() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
    }

    /// Cold start: a block not cached enters Qlow's MRU end, resuming its Qout statistics.
    fn admit_low(&mut self, block: Block) {
        let e = match self.place(block) {
            Some((e, Place::Out)) => {
                self.out.remove(e);
                e
            }
            Some((_, place)) => unreachable!("block {block} is already cached ({place:?})"),
            None => self.alloc(block),
        };
        self.low_link(e, true);
    }

    /// Algorithm 2 lines 9–26, after the request's tick. Returns whether the block was cached.
    fn written(&mut self, block: Block, evicted: &mut Vec<Block>) -> bool {
        match self.place(block) {
            // Lines 10–13: from Qlow to Qhigh.
            Some((e, Place::Low)) => {
                self.low_unlink(e);
                self.enter_high(e);
                true
            }
            // Written again in Qhigh: a new prediction from now, same age.
            Some((e, Place::High)) => {
                self.entries[e as usize].last_write = self.now;
                let seq = self.high.key(e).expect("in Qhigh").1;
                self.high.set(e, self.high_key(e, seq));
                true
            }
            // Lines 14–19 (whatever lastWritePosition): back from Qout with its statistics.
            Some((e, Place::Out)) => {
                self.out.remove(e);
                self.make_room(evicted);
                self.enter_high(e);
                false
            }
            Some((e, Place::Free)) => unreachable!("block {block} indexed at free entry {e}"),
            // Lines 20–26: a block never seen, or forgotten.
            None => {
                self.make_room(evicted);
                let e = self.alloc(block);
                self.enter_high(e);
                false
            }
        }
    }
}

impl Policy for Tq {
    fn name(&self) -> &'static str {
        "tq"
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.resident()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        matches!(self.place(block), Some((_, Place::Low | Place::High)))
    }

    /// A READ (lines 2–8): one request.
    fn on_hit(&mut self, block: Block) -> bool {
        self.now += 1;
        let Some((e, place)) = self.place(block) else { return false };
        // Lines 5–8: this READ follows a SYNCH or REPLACE, cached or remembered.
        let entry = &mut self.entries[e as usize];
        if entry.last_write > 0 {
            entry.distance_sum += self.now - entry.last_write;
            entry.samples = entry.samples.saturating_add(1);
            entry.last_write = 0;
            if place == Place::Out {
                let seq = self.out.key(e).expect("in Qout").1;
                self.out.set(e, (INFINITE - self.entries[e as usize].mean(), seq));
            }
        }
        match place {
            // Lines 3–4, and LRU within Qlow.
            Place::High | Place::Low => {
                self.unqueue(e);
                self.low_link(e, true);
                true
            }
            _ => false,
        }
    }

    fn miss_end(&self) -> End {
        End::EjectNext
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        debug_assert!(!self.contains(block), "insert of resident block {block}");
        match end {
            // DEMOTE: a SYNCH write of a block not cached.
            End::EjectLast => {
                self.write(block, Some(WriteHint::Synch), evicted);
            }
            // READ miss: cached in Qlow during cold start only.
            End::EjectNext if self.is_full() => evicted.push(block),
            End::EjectNext => self.admit_low(block),
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        let Some((e, Place::Low | Place::High)) = self.place(block) else { return false };
        match end {
            // DEMOTE of a cached block: a SYNCH write hit, which never evicts.
            End::EjectLast => {
                self.now += 1;
                let mut none = Vec::new();
                self.written(block, &mut none);
                debug_assert!(none.is_empty());
            }
            End::EjectNext => {
                self.unqueue(e);
                self.low_link(e, false);
            }
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        let Some((e, Place::Low | Place::High)) = self.place(block) else { return false };
        self.unqueue(e);
        self.release(e);
        true
    }

    fn evict(&mut self) -> Option<Block> {
        self.evict_victim()
    }

    /// Qlow from its LRU end, then Qhigh from the latest predicted read: the order `evict`
    /// would take them.
    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.low_iter().map(|e| self.entries[e as usize].block));
        let start = out.len();
        out.extend(self.high.ids().map(|e| self.entries[e as usize].block));
        out[start..].sort_unstable_by_key(|&b| self.high.key(self.slot_of[b as usize]));
    }

    fn check_invariants(&self) -> Result<(), String> {
        let index_ok = |e: u32, place: Place| {
            let entry = self.entries[e as usize];
            if entry.place != place || self.entry_of(entry.block) != Some(e) {
                return Err(format!("block {} in {place:?} is {:?}, indexed at {:?}", entry.block, entry.place, e));
            }
            if entry.last_write > self.now {
                return Err(format!("block {} written at {} after now {}", entry.block, entry.last_write, self.now));
            }
            Ok(entry)
        };
        let (mut prev, mut count) = (NIL, 0);
        for e in self.low_iter() {
            let entry = index_ok(e, Place::Low)?;
            if entry.prev != prev {
                return Err(format!("Qlow: block {} has prev {} but follows {prev}", entry.block, entry.prev));
            }
            count += 1;
            if count > self.low_len {
                return Err(format!("Qlow: walk exceeds len {} (cycle?)", self.low_len));
            }
            prev = e;
        }
        if prev != self.low_tail || count != self.low_len {
            return Err(format!("Qlow: walked {count} ending at {prev}; len {}, tail {}", self.low_len, self.low_tail));
        }
        self.high.validate().map_err(|e| format!("Qhigh: {e}"))?;
        for e in self.high.ids() {
            let entry = index_ok(e, Place::High)?;
            // A Qhigh block has been written and not read since; its prediction dates from then.
            if entry.last_write == 0 {
                return Err(format!("Qhigh: block {} has no pending write", entry.block));
            }
            let mean = entry.mean();
            let next_read = if mean == INFINITE { INFINITE } else { entry.last_write.saturating_add(mean) };
            let key = self.high.key(e).expect("listed");
            if key.0 != INFINITE - next_read || key.1 > self.seq {
                return Err(format!("Qhigh: block {} keyed {key:?}, predicted read {next_read}", entry.block));
            }
        }
        self.out.validate().map_err(|e| format!("Qout: {e}"))?;
        for e in self.out.ids() {
            let entry = index_ok(e, Place::Out)?;
            let key = self.out.key(e).expect("listed");
            if key.0 != INFINITE - entry.mean() || key.1 > self.seq {
                return Err(format!("Qout: block {} keyed {key:?} with mean {}", entry.block, entry.mean()));
            }
        }
        if self.resident() > self.capacity {
            return Err(format!("{} blocks in a cache of {}", self.resident(), self.capacity));
        }
        if self.out.len() > self.out_capacity {
            return Err(format!("Qout holds {} > {}", self.out.len(), self.out_capacity));
        }
        let live = self.resident() + self.out.len();
        let indexed = self.slot_of.iter().filter(|&&s| s != NIL).count();
        if indexed != live {
            return Err(format!("{indexed} blocks indexed, {live} queued"));
        }
        let (mut free, mut f) = (0, self.free);
        while f != NIL {
            if self.entries[f as usize].place != Place::Free || free > self.entries.len() {
                return Err("free chain holds a live entry or loops".into());
            }
            free += 1;
            f = self.entries[f as usize].next;
        }
        if self.entries.len() > self.capacity + self.out_capacity {
            return Err(format!("{} entries for {} + {} blocks", self.entries.len(), self.capacity, self.out_capacity));
        }
        if free + live != self.entries.len() {
            return Err(format!("{free} free + {live} live entries but the pool has {}", self.entries.len()));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }

    fn hints(&mut self) -> Option<&mut dyn HintAware> {
        Some(self)
    }
}

impl TeachingViews for Tq {
    /// Qlow from its LRU end, Qhigh from the latest predicted read, then the ghost Qout from
    /// the entry it forgets first (the largest mean): paper 004's names, each next to leave first.
    fn queues(&self, out: &mut Vec<Queue>) {
        let block = |(_, e): ((u64, u64), u32)| self.entries[e as usize].block;
        out.push(Queue {
            name: "Qlow",
            ghost: false,
            blocks: self.low_iter().map(|e| self.entries[e as usize].block).collect(),
        });
        out.push(Queue {
            name: "Qhigh",
            ghost: false,
            blocks: self.sorted(&self.high).into_iter().map(block).collect(),
        });
        out.push(Queue { name: "Qout", ghost: true, blocks: self.sorted(&self.out).into_iter().map(block).collect() });
    }
}

impl HintAware for Tq {
    fn write(&mut self, block: Block, hint: Option<WriteHint>, evicted: &mut Vec<Block>) -> bool {
        self.now += 1;
        if hint != Some(WriteHint::Recov) {
            return self.written(block, evicted);
        }
        // RECOV: ignored, except that cold start caches a block in Qlow.
        let cached = self.contains(block);
        if !cached && !self.is_full() {
            self.admit_low(block);
        }
        cached
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::WriteHint::{Recov, Replace, Synch};
    use crate::policy::lru_hints::testing::{demote, hints_agree, read, HintReference};
    use crate::policy::testing::{ghost, queues_checked, resident};
    use std::cmp::Reverse;

    type Queues = (Vec<Block>, Vec<(Block, Option<u64>)>, Vec<Block>);

    fn queues(p: &Tq) -> Queues {
        p.check_invariants().unwrap();
        let TqQueues { low, high, out } = p.queues();
        (low, high, out)
    }

    fn stats(mean: Option<u64>, samples: u32, last_write: Option<u64>) -> Option<TqStats> {
        Some(TqStats { mean_distance: mean, samples, last_write })
    }

    #[test]
    fn queues_show_qlow_qhigh_and_the_qout_ghosts() {
        // c = 2, Qout of 2; `tN` = currentPosition after the request.
        let mut p = Tq::new(2, 2, 16).unwrap();
        let mut ev = Vec::new();
        let view = |low: &[Block], high: &[Block], out: &[Block]| {
            [resident("Qlow", low), resident("Qhigh", high), ghost("Qout", out)]
        };
        assert!(!read(&mut p, 0, &mut ev)); // t1, cold start: a READ miss goes to Qlow
        assert!(!p.write(1, Some(Synch), &mut ev)); // t2: a SYNCH to Qhigh, nextRead ∞
        assert_eq!(queues_checked(&p), view(&[0], &[1], &[]));
        assert!(!read(&mut p, 2, &mut ev)); // t3: full, so the READ miss is declined
        assert!(!p.write(2, Some(Replace), &mut ev)); // t4: Qlow's 0 makes room, to Qout; 2: ∞
        assert_eq!(queues_checked(&p), view(&[], &[1, 2], &[0]), "LPR ties (∞) go to the oldest");
        assert!(read(&mut p, 1, &mut ev)); // t5: distance 5 − 2 = 3; 1 to Qlow
                                           // t6: Qlow's 1 makes room. Qout forgets the largest mean first: 0's ∞ before 1's 3.
        assert!(!p.write(3, Some(Synch), &mut ev));
        assert_eq!(queues_checked(&p), view(&[], &[2, 3], &[0, 1]));
        assert_eq!(ev, [2, 0, 1]);
    }

    #[test]
    fn hand_worked_cold_start_declines_and_qout_reuse() {
        // c = 3, Qout of 3. `tN` = currentPosition after the request; queues written
        // Qlow [LRU … MRU] · Qhigh [victim first, block:nextRead] · Qout [first forgotten first].
        let mut p = Tq::new(3, 3, 16).unwrap();
        assert_eq!((p.name(), p.hints().is_some(), p.miss_end()), ("tq", true, End::EjectNext));
        let mut ev = Vec::new();
        // Cold start: READ and RECOV misses go to Qlow, a SYNCH to Qhigh with nextRead ∞.
        assert!(!read(&mut p, 0, &mut ev)); // t1
        assert!(!p.write(1, Some(Recov), &mut ev)); // t2
        assert!(!p.write(2, Some(Synch), &mut ev)); // t3: lastWrite(2) = 3
        assert_eq!(queues(&p), (vec![0, 1], vec![(2, None)], vec![])); // [0 1] · [2:∞] · []
                                                                       // Full: a READ miss is declined, a RECOV miss ignored; both count as requests.
        assert!(!read(&mut p, 3, &mut ev)); // t4
        assert!(!p.write(4, Some(Recov), &mut ev)); // t5
        assert_eq!((ev.as_slice(), p.position()), (&[3][..], 5));
        assert!(read(&mut p, 0, &mut ev)); // t6: LRU within Qlow: [1 0]
        assert!(p.write(0, Some(Replace), &mut ev)); // t7: Qlow → Qhigh, no distance yet: ∞
        assert_eq!(queues(&p), (vec![1], vec![(2, None), (0, None)], vec![])); // [1] · [2:∞ 0:∞] · []
                                                                               // t8: READ of 2 in Qhigh: distance 8 − 3 = 5; 2 goes to Qlow's MRU end.
        assert!(read(&mut p, 2, &mut ev));
        assert_eq!(p.stats(2), stats(Some(5), 1, None));
        assert_eq!(queues(&p), (vec![1, 2], vec![(0, None)], vec![])); // [1 2] · [0:∞] · []
                                                                       // t9: unhinted write = REPLACE of a new block: the victim is Qlow's LRU block 1.
        ev.clear();
        assert!(!p.write(5, None, &mut ev));
        assert_eq!(ev, [1]);
        // t10: SYNCH of 2 in Qlow: nextRead = 10 + 5 = 15. LPR order: ∞ first, ties by age.
        assert!(p.write(2, Some(Synch), &mut ev));
        assert_eq!(queues(&p), (vec![], vec![(0, None), (5, None), (2, Some(15))], vec![1]));
        // t11: Qlow is empty: the victim is Qhigh's latest predicted read, 0 (∞, oldest).
        assert!(!p.write(6, Some(Synch), &mut ev));
        assert_eq!(ev, [1, 0]);
        assert_eq!(queues(&p), (vec![], vec![(5, None), (6, None), (2, Some(15))], vec![1, 0]));
        // t12: READ of 0, remembered with lastWrite 7: distance 5 learned in Qout; declined.
        assert!(!read(&mut p, 0, &mut ev));
        assert_eq!((ev.as_slice(), p.stats(0)), (&[1, 0, 0][..], stats(Some(5), 1, None)));
        // t13: SYNCH of 0 in Qout: victim 5 (∞, oldest) makes room; 0 resumes its distance:
        // nextRead = 13 + 5 = 18.
        assert!(!p.write(0, Some(Synch), &mut ev));
        assert_eq!(ev, [1, 0, 0, 5]);
        assert_eq!(queues(&p), (vec![], vec![(6, None), (0, Some(18)), (2, Some(15))], vec![1, 5]));
        // t14: READ of 2: distance 14 − 10 = 4, mean (5 + 4) / 2 = 4 (integer part).
        assert!(read(&mut p, 2, &mut ev));
        assert_eq!(p.stats(2), stats(Some(4), 2, None));
        // t15: RECOV of cached 0: nothing changes, but it is a request: t16's READ is 3 after t13.
        assert!(p.write(0, Some(Recov), &mut ev));
        assert_eq!(queues(&p), (vec![2], vec![(6, None), (0, Some(18))], vec![1, 5]));
        assert!(read(&mut p, 0, &mut ev)); // t16
        assert_eq!(p.stats(0), stats(Some(4), 2, None));
        assert_eq!(queues(&p), (vec![2, 0], vec![(6, None)], vec![1, 5]));
        // t17, t18: Qlow's blocks are the victims; at t18 Qout (1:∞ 5:∞ 2:4 0:4) is over size
        // and forgets the largest mean, ∞, of the oldest entry: 1.
        ev.clear();
        assert!(!p.write(7, Some(Synch), &mut ev));
        assert!(!p.write(8, Some(Synch), &mut ev));
        assert_eq!(ev, [2, 0]);
        assert_eq!(p.stats(1), None);
        assert_eq!(queues(&p), (vec![], vec![(6, None), (7, None), (8, None)], vec![5, 2, 0]));
        // t19, t20: victims 6 and 7; Qout forgets 5, then 6 — never 2, though now the oldest.
        assert!(!p.write(9, Some(Synch), &mut ev));
        assert!(!p.write(10, Some(Synch), &mut ev));
        assert_eq!(ev, [2, 0, 6, 7]);
        assert_eq!(queues(&p), (vec![], vec![(8, None), (9, None), (10, None)], vec![7, 2, 0]));
        // t21: 2 comes back with its mean 4: nextRead 25; victim 8.
        assert!(!p.write(2, Some(Replace), &mut ev));
        assert_eq!(queues(&p), (vec![], vec![(9, None), (10, None), (2, Some(25))], vec![7, 8, 0]));
        // `remove` forgets a cached block entirely and leaves Qout alone.
        assert!(p.remove(2) && !p.remove(7));
        assert_eq!((p.stats(2), p.stats(7)), (None, stats(None, 0, Some(17))));
        assert_eq!(p.position(), 21);
    }

    #[test]
    fn lpr_evicts_the_latest_predicted_read_not_the_oldest_write() {
        // c = 2, Qout of 2.
        let mut p = Tq::new(2, 2, 16).unwrap();
        let mut ev = Vec::new();
        p.write(0, Some(Synch), &mut ev); // t1
        p.write(1, Some(Synch), &mut ev); // t2
        read(&mut p, 0, &mut ev); // t3: mean(0) = 2
        for _ in 0..4 {
            p.write(9, Some(Recov), &mut ev); // t4..t7: ignored
        }
        read(&mut p, 1, &mut ev); // t8: mean(1) = 6
        assert_eq!(queues(&p), (vec![0, 1], vec![], vec![]));
        p.write(0, Some(Synch), &mut ev); // t9: nextRead 11
        p.write(1, Some(Synch), &mut ev); // t10: nextRead 16
        assert_eq!(queues(&p), (vec![], vec![(1, Some(16)), (0, Some(11))], vec![]));
        // LRU would evict 0, written first; LPR evicts 1, predicted to be read later.
        assert!(!p.write(2, Some(Synch), &mut ev)); // t11
        assert_eq!(ev, [1]);
        assert_eq!(queues(&p), (vec![], vec![(2, None), (0, Some(11))], vec![1]));
        assert_eq!(p.stats(1), stats(Some(6), 1, Some(10)));
        read(&mut p, 0, &mut ev); // t12: distance 3, mean (2 + 3) / 2 = 2
        p.write(0, Some(Replace), &mut ev); // t13: nextRead 15
        assert_eq!(queues(&p), (vec![], vec![(2, None), (0, Some(15))], vec![1]));
        assert_eq!(p.stats(0), stats(Some(2), 2, Some(13)));
    }

    #[test]
    fn qout_forgets_the_largest_distance_first() {
        // c = 1, Qout of 2.
        let mut p = Tq::new(1, 2, 16).unwrap();
        let mut ev = Vec::new();
        p.write(0, Some(Synch), &mut ev); // t1
        read(&mut p, 0, &mut ev); // t2: mean(0) = 1, Qlow
        p.write(1, Some(Synch), &mut ev); // t3: 0 → Qout
        p.write(2, Some(Synch), &mut ev); // t4: 1 (∞) → Qout [1 0]
        assert_eq!(queues(&p), (vec![], vec![(2, None)], vec![1, 0]));
        p.write(3, Some(Synch), &mut ev); // t5: 2 → Qout, over: 1 forgotten (∞, oldest)
        assert_eq!(queues(&p), (vec![], vec![(3, None)], vec![2, 0]));
        p.write(4, Some(Synch), &mut ev); // t6: 3 → Qout, over: 2 forgotten; 0 stays
        assert_eq!(queues(&p), (vec![], vec![(4, None)], vec![3, 0]));
        // t7: a READ of remembered 3 (written at t5) teaches it a distance of 2 > 0's 1.
        assert!(!read(&mut p, 3, &mut ev));
        assert_eq!(queues(&p), (vec![], vec![(4, None)], vec![3, 0]));
        assert_eq!(p.stats(3), stats(Some(2), 1, None));
        // t8: 0 comes back (nextRead 8 + 1); the victim 4 fits in Qout without forgetting.
        assert!(!p.write(0, Some(Synch), &mut ev));
        assert_eq!(queues(&p), (vec![], vec![(0, Some(9))], vec![4, 3]));
        assert_eq!(ev, [0, 1, 2, 3, 3, 4]);
        // With no Qout, what an evicted block taught is lost.
        let mut p = Tq::new(1, 0, 4).unwrap();
        p.write(0, Some(Synch), &mut ev);
        read(&mut p, 0, &mut ev);
        p.write(1, Some(Synch), &mut ev);
        p.write(0, Some(Synch), &mut ev);
        assert_eq!(p.stats(0), stats(None, 0, Some(4)));
        assert!(Tq::new(0, 1, 4).is_err());
    }

    #[test]
    fn demote_is_a_synch_write_and_eject_next_goes_to_qlow_lru() {
        let mut p = Tq::new(2, 2, 16).unwrap();
        let mut ev = Vec::new();
        assert!(!demote(&mut p, 0, &mut ev)); // t1: Qhigh, lastWrite 1
        assert!(!read(&mut p, 1, &mut ev)); // t2: Qlow
        assert!(p.reposition(0, End::EjectNext)); // not a request: 0 to Qlow's LRU end
        assert_eq!(queues(&p), (vec![0, 1], vec![], vec![]));
        assert_eq!((p.position(), p.stats(0)), (2, stats(None, 0, Some(1))));
        assert!(read(&mut p, 0, &mut ev)); // t3: distance 2
        assert!(demote(&mut p, 1, &mut ev)); // t4: 1 to Qhigh
        assert_eq!(queues(&p), (vec![0], vec![(1, None)], vec![]));
        assert_eq!(p.evict(), Some(0));
        assert_eq!(queues(&p), (vec![], vec![(1, None)], vec![0]));
        assert_eq!((p.position(), p.stats(0)), (4, stats(Some(2), 1, None)));
        assert!(ev.is_empty());
    }

    /// A block's statistics in the naive model.
    #[derive(Clone, Copy, Debug)]
    struct N {
        b: Block,
        sum: u64,
        samples: u32,
        last_write: u64,
        next_read: u64,
        seq: u64,
    }

    impl N {
        fn mean(&self) -> u64 {
            if self.samples == 0 {
                INFINITE
            } else {
                self.sum / self.samples as u64
            }
        }
    }

    /// TQ on `Vec`s, written from §4.4, Algorithm 2 and the module's choices.
    struct NaiveTq {
        c: usize,
        out_cap: usize,
        now: u64,
        seq: u64,
        /// LRU end first.
        low: Vec<N>,
        high: Vec<N>,
        out: Vec<N>,
    }

    fn find(v: &[N], b: Block) -> Option<usize> {
        v.iter().position(|n| n.b == b)
    }

    impl NaiveTq {
        fn new(c: usize, out_cap: usize) -> Self {
            Self { c, out_cap, now: 0, seq: 0, low: Vec::new(), high: Vec::new(), out: Vec::new() }
        }

        fn len(&self) -> usize {
            self.low.len() + self.high.len()
        }

        fn cached(&self, b: Block) -> bool {
            find(&self.low, b).or(find(&self.high, b)).is_some()
        }

        fn high_order(&self) -> Vec<N> {
            let mut h = self.high.clone();
            h.sort_by_key(|n| (Reverse(n.next_read), n.seq));
            h
        }

        fn out_order(&self) -> Vec<N> {
            let mut o = self.out.clone();
            o.sort_by_key(|n| (Reverse(n.mean()), n.seq));
            o
        }

        fn evict_one(&mut self) -> Option<Block> {
            let mut v = if !self.low.is_empty() {
                self.low.remove(0)
            } else {
                let first = *self.high_order().first()?;
                self.high.remove(find(&self.high, first.b).unwrap())
            };
            self.seq += 1;
            v.seq = self.seq;
            self.out.push(v);
            if self.out.len() > self.out_cap {
                let worst = self.out_order()[0];
                self.out.remove(find(&self.out, worst.b).unwrap());
            }
            Some(v.b)
        }

        /// A cold-start admission to Qlow's MRU end.
        fn admit_low(&mut self, b: Block) {
            let n = match find(&self.out, b) {
                Some(i) => self.out.remove(i),
                None => N { b, sum: 0, samples: 0, last_write: 0, next_read: 0, seq: 0 },
            };
            self.low.push(n);
        }

        fn push_high(&mut self, mut n: N) {
            n.last_write = self.now;
            n.next_read = if n.samples == 0 { INFINITE } else { self.now + n.mean() };
            self.seq += 1;
            n.seq = self.seq;
            self.high.push(n);
        }
    }

    impl HintReference for NaiveTq {
        fn read(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            self.now += 1;
            let now = self.now;
            for n in self.low.iter_mut().chain(&mut self.high).chain(&mut self.out) {
                if n.b == b && n.last_write > 0 {
                    n.sum += now - n.last_write;
                    n.samples += 1;
                    n.last_write = 0;
                }
            }
            if let Some(i) = find(&self.high, b) {
                let n = self.high.remove(i);
                self.low.push(n);
                true
            } else if let Some(i) = find(&self.low, b) {
                let n = self.low.remove(i);
                self.low.push(n);
                true
            } else {
                if self.len() < self.c {
                    self.admit_low(b);
                } else {
                    ev.push(b);
                }
                false
            }
        }

        fn write(&mut self, b: Block, hint: Option<WriteHint>, ev: &mut Vec<Block>) -> bool {
            self.now += 1;
            if hint == Some(Recov) {
                let cached = self.cached(b);
                if !cached && self.len() < self.c {
                    self.admit_low(b);
                }
                return cached;
            }
            if let Some(i) = find(&self.low, b) {
                let n = self.low.remove(i);
                self.push_high(n);
                return true;
            }
            if let Some(i) = find(&self.high, b) {
                let mut n = self.high.remove(i);
                let seq = n.seq;
                n.last_write = self.now;
                n.next_read = if n.samples == 0 { INFINITE } else { self.now + n.mean() };
                self.high.push(N { seq, ..n });
                return true;
            }
            let n = match find(&self.out, b) {
                Some(i) => self.out.remove(i),
                None => N { b, sum: 0, samples: 0, last_write: 0, next_read: 0, seq: 0 },
            };
            while self.len() >= self.c {
                ev.push(self.evict_one().unwrap());
            }
            self.push_high(n);
            false
        }

        fn to_next(&mut self, b: Block) -> bool {
            let n = match (find(&self.low, b), find(&self.high, b)) {
                (Some(i), _) => self.low.remove(i),
                (_, Some(i)) => self.high.remove(i),
                _ => return false,
            };
            self.low.insert(0, n);
            true
        }

        fn remove(&mut self, b: Block) -> bool {
            match (find(&self.low, b), find(&self.high, b)) {
                (Some(i), _) => self.low.remove(i),
                (_, Some(i)) => self.high.remove(i),
                _ => return false,
            };
            true
        }

        fn evict(&mut self) -> Option<Block> {
            self.evict_one()
        }

        fn contents(&self) -> Vec<Block> {
            self.low.iter().chain(&self.high_order()).map(|n| n.b).collect()
        }
    }

    #[test]
    fn agrees_with_the_naive_model() {
        for c in 1..=8 {
            for out in [0, 1, c, 2 * c + 1] {
                let mut p = Tq::new(c, out, 4).unwrap();
                let mut m = NaiveTq::new(c, out);
                let n = 2 * (c + out) as u64 + 3;
                hints_agree(&mut p, &mut m, n, 8_000, 300 + 20 * c as u64 + out as u64, |p, m, step| {
                    let TqQueues { low, high, out } = p.queues();
                    let want_high: Vec<_> = m
                        .high_order()
                        .iter()
                        .map(|n| (n.b, (n.next_read != INFINITE).then_some(n.next_read)))
                        .collect();
                    assert_eq!(low, m.low.iter().map(|n| n.b).collect::<Vec<_>>(), "step {step}: Qlow");
                    assert_eq!(high, want_high, "step {step}: Qhigh");
                    assert_eq!(out, m.out_order().iter().map(|n| n.b).collect::<Vec<_>>(), "step {step}: Qout");
                    for n in m.low.iter().chain(&m.high).chain(&m.out) {
                        let want = stats(
                            (n.samples > 0).then(|| n.mean()),
                            n.samples,
                            (n.last_write > 0).then_some(n.last_write),
                        );
                        assert_eq!(p.stats(n.b), want, "step {step}: stats of {}", n.b);
                    }
                    assert_eq!(p.position(), m.now);
                });
            }
        }
    }
}
