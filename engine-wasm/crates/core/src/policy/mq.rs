//! MQ, the Multi-Queue algorithm (Zhou, Philbin & Li, "The Multi-Queue Replacement Algorithm for
//! Second Level Buffer Caches", USENIX ATC 2001), sized as paper 004 §5.1 runs it: the out queue
//! remembers as many evicted blocks as the cache holds.
//!
//! `m` = [`QUEUES`] LRU queues; a block referenced `f` times lives in queue
//! `min(⌊log2 f⌋, m − 1)`. Each reference advances `currentTime` and gives the block
//! `expireTime = currentTime + lifeTime`; after each reference, the head (LRU end) of every queue
//! k ≥ 1 whose time has expired drops to the tail of queue k − 1 with a fresh expiry. The
//! victim is the head of the lowest non-empty queue; its frequency goes to the out queue Qout
//! (an LRU of ids), and a miss found there resumes from the remembered frequency plus one.
//!
//! Open points and our choices:
//! - `lifeTime`: the MQ paper tunes it to the workload's peak temporal distance; we default to
//!   the cache size in references ([`LIFE_TIME_IS_CAPACITY`], a scenario's `lifeTime` 0) and let
//!   scenarios set it.
//! - Time: every reference (`on_hit`, hit or miss) is one tick. `Adjust` runs once per
//!   reference: after the reorder of a hit, after the insertion that follows a miss.
//! - Frequencies saturate at `u16::MAX` (queues stop at 2^7 references anyway).
//! - "Eject me next" insertion puts the block at the head of Q0; repositioning to "eject me
//!   next" moves it there; to "eject me last", to the tail of its own queue with a fresh expiry.
//! - `remove` forgets a block without an out-queue entry.
//! - `contents` lists Q0 head to tail, then Q1, …: exactly the order `evict` would take them if
//!   nothing else happened.
//! - Memory: an index slot per id and a 24-byte node per resident or remembered block — about
//!   88 bytes per cached block with a full out queue and 10 ids per block.
//!
//! MQ+Hints (paper 004 §4.3, Li et al., FAST 2005) is the same structure in `hints` mode
//! ([`Mq::with_out_queue`]). A SYNCH or REPLACE write (and a write without a hint) is a plain MQ
//! reference: a hit is MQ's hit, a miss MQ's insertion with its out-queue lookup. A READ is
//! checked for a hit, but the queues are not updated at all unless the cache is not full, when
//! it is a plain MQ reference (hit: reorder; miss: insertion). A RECOV is ignored completely
//! unless the cache is not full, when it too is a plain MQ reference. Through the [`Policy`]
//! contract, `on_hit` is the READ lookup, `insert` at [`Policy::miss_end`] ([`End::EjectNext`]
//! in this mode) the READ miss, and `insert`/`reposition` at [`End::EjectLast`] a DEMOTE, which
//! is a SYNCH write.
//!
//! Open points and our choices (MQ+Hints):
//! - An ignored READ or RECOV does not tick the clock either: the paper says the queues are
//!   "not updated at all", and a tick would age every queue head (Adjust) on requests the
//!   policy otherwise ignores. A READ or RECOV handled during cold start ticks as any reference.
//! - "Cache not full" means fewer than `capacity` blocks resident when the request arrives (a
//!   READ miss is judged at its lookup; the insertion that follows sees the same count).
//! - The READ miss is the only insertion at [`End::EjectNext`] in this mode: cold start inserts
//!   as plain MQ does (queue by remembered frequency, tail); a full cache declines, pushing the
//!   block itself into `evicted`, as read-OPT does. `reposition` at "eject me next" still moves
//!   the block to the head of Q0.
//! - A DEMOTE is a full MQ reference (tick, frequency + 1, Adjust), unlike hint-oblivious MQ's
//!   "eject me last" repositioning, which only refreshes the expiry.
//! - The out queue's size is a parameter (paper 004 §5.1 sets it to the cache size, as
//!   [`Mq::new`] does).

use super::{End, HintAware, Policy, Queue, TeachingViews};
use crate::model::{Block, WriteHint};
use crate::util::slab::NIL;

/// Number of LRU queues (the MQ paper's m = 8).
pub const QUEUES: usize = 8;
/// The `life_time` that means "as many references as the cache holds blocks" (the default).
pub const LIFE_TIME_IS_CAPACITY: u64 = 0;
/// Index of the out queue among the lists.
const OUT: usize = QUEUES;

#[derive(Clone, Copy, Debug)]
struct Node {
    id: u32,
    prev: u32,
    next: u32,
    freq: u16,
    /// 0..QUEUES for a resident block, OUT for a remembered one.
    queue: u8,
    expire: u64,
}

#[derive(Clone, Copy, Debug)]
struct Ends {
    head: u32,
    tail: u32,
    len: usize,
}

const EMPTY: Ends = Ends { head: NIL, tail: NIL, len: 0 };

#[derive(Clone, Debug)]
pub struct Mq {
    c: usize,
    out_cap: usize,
    life_time: u64,
    now: u64,
    slot_of: Vec<u32>,
    nodes: Vec<Node>,
    free: u32,
    /// Q0 … Q7, then Qout; heads are the LRU ends.
    lists: [Ends; QUEUES + 1],
    resident: usize,
    /// MQ+Hints (paper 004 §4.3) rather than plain MQ.
    hints: bool,
}

/// The queue for a block referenced `f` times.
fn queue_of(f: u16) -> usize {
    ((15 - f.max(1).leading_zeros()) as usize).min(QUEUES - 1)
}

impl Mq {
    /// Plain MQ with an out queue the size of the cache. `life_time` [`LIFE_TIME_IS_CAPACITY`]
    /// (0) = the capacity.
    pub fn new(capacity: usize, universe: usize, life_time: u64) -> Result<Self, String> {
        Self::with_out_queue(capacity, capacity, universe, life_time, false)
    }

    /// MQ remembering up to `out_capacity` evicted blocks (0: none), as MQ+Hints (paper 004
    /// §4.3) when `hints` is set. `life_time` [`LIFE_TIME_IS_CAPACITY`] (0) = the capacity.
    pub fn with_out_queue(
        capacity: usize,
        out_capacity: usize,
        universe: usize,
        life_time: u64,
        hints: bool,
    ) -> Result<Self, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        let life_time = if life_time == LIFE_TIME_IS_CAPACITY { capacity as u64 } else { life_time };
        let mut nodes = Vec::new();
        nodes.reserve_exact(capacity + out_capacity + 1);
        Ok(Self {
            c: capacity,
            out_cap: out_capacity,
            life_time,
            now: 0,
            slot_of: vec![NIL; universe],
            nodes,
            free: NIL,
            lists: [EMPTY; QUEUES + 1],
            resident: 0,
            hints,
        })
    }

    pub fn with_defaults(capacity: usize, universe: usize) -> Self {
        Self::new(capacity, universe, LIFE_TIME_IS_CAPACITY).expect("capacity checked by the caller")
    }

    /// Queues Q0 … Q7 then Qout, head (LRU) first, as (block, frequency) — tests, teaching views.
    pub fn queues(&self) -> Vec<Vec<(Block, u16)>> {
        (0..=QUEUES).map(|q| self.iter(q).map(|n| (n.id, n.freq)).collect()).collect()
    }

    fn iter(&self, q: usize) -> impl Iterator<Item = Node> + '_ {
        let mut cur = self.lists[q].head;
        std::iter::from_fn(move || {
            (cur != NIL).then(|| {
                let n = self.nodes[cur as usize];
                cur = n.next;
                n
            })
        })
    }

    #[inline]
    fn slot(&self, id: u32) -> u32 {
        self.slot_of.get(id as usize).copied().unwrap_or(NIL)
    }

    #[inline]
    fn queue_of_id(&self, id: u32) -> Option<usize> {
        let s = self.slot(id);
        (s != NIL).then(|| self.nodes[s as usize].queue as usize)
    }

    fn unlink(&mut self, n: u32) {
        let Node { prev, next, queue, .. } = self.nodes[n as usize];
        let l = &mut self.lists[queue as usize];
        if prev == NIL {
            l.head = next;
        } else {
            self.nodes[prev as usize].next = next;
        }
        let l = &mut self.lists[queue as usize];
        if next == NIL {
            l.tail = prev;
        } else {
            self.nodes[next as usize].prev = prev;
        }
        self.lists[queue as usize].len -= 1;
        if (queue as usize) < QUEUES {
            self.resident -= 1;
        }
    }

    /// Links node `n` into `queue` at the tail (MRU) or the head.
    fn link(&mut self, n: u32, queue: usize, at_tail: bool) {
        let l = self.lists[queue];
        {
            let node = &mut self.nodes[n as usize];
            node.queue = queue as u8;
            if at_tail {
                node.prev = l.tail;
                node.next = NIL;
            } else {
                node.prev = NIL;
                node.next = l.head;
            }
        }
        let l = &mut self.lists[queue];
        if at_tail {
            if l.tail == NIL {
                l.head = n;
            } else {
                self.nodes[l.tail as usize].next = n;
            }
            self.lists[queue].tail = n;
        } else {
            if l.head == NIL {
                l.tail = n;
            } else {
                self.nodes[l.head as usize].prev = n;
            }
            self.lists[queue].head = n;
        }
        self.lists[queue].len += 1;
        if queue < QUEUES {
            self.resident += 1;
        }
    }

    fn alloc(&mut self, id: u32, freq: u16) -> u32 {
        if self.slot_of.len() <= id as usize {
            let n = (id as usize + 1).max(self.slot_of.len() * 2);
            self.slot_of.resize(n, NIL);
        }
        let node = Node { id, prev: NIL, next: NIL, freq, queue: 0, expire: 0 };
        let n = if self.free != NIL {
            let n = self.free;
            self.free = self.nodes[n as usize].next;
            self.nodes[n as usize] = node;
            n
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        self.slot_of[id as usize] = n;
        n
    }

    fn release(&mut self, n: u32) {
        let id = self.nodes[n as usize].id;
        self.slot_of[id as usize] = NIL;
        self.nodes[n as usize] = Node { id: NIL, prev: NIL, next: self.free, freq: 0, queue: 0, expire: 0 };
        self.free = n;
    }

    /// The MQ paper's Adjust: expired queue heads drop one queue.
    fn adjust(&mut self) {
        for k in 1..QUEUES {
            let h = self.lists[k].head;
            if h != NIL && self.nodes[h as usize].expire < self.now {
                self.unlink(h);
                self.nodes[h as usize].expire = self.now + self.life_time;
                self.link(h, k - 1, true);
            }
        }
    }

    /// Evicts the head of the lowest non-empty queue into Qout.
    fn evict_block(&mut self) -> Option<Block> {
        let q = (0..QUEUES).find(|&q| self.lists[q].len > 0)?;
        let n = self.lists[q].head;
        let id = self.nodes[n as usize].id;
        self.unlink(n);
        self.link(n, OUT, true);
        if self.lists[OUT].len > self.out_cap {
            let old = self.lists[OUT].head;
            self.unlink(old);
            self.release(old);
        }
        Some(id)
    }

    fn is_full(&self) -> bool {
        self.resident >= self.c
    }

    /// MQ's hit, after the reference's tick: frequency + 1, tail of its queue, Adjust. Returns
    /// `false`, changing nothing, when the block is not resident.
    fn reference_hit(&mut self, block: Block) -> bool {
        let s = self.slot(block);
        if s == NIL || self.nodes[s as usize].queue as usize == OUT {
            return false;
        }
        self.unlink(s);
        let node = &mut self.nodes[s as usize];
        node.freq = node.freq.saturating_add(1);
        node.expire = self.now + self.life_time;
        let q = queue_of(node.freq);
        self.link(s, q, true);
        self.adjust();
        true
    }

    /// MQ's miss, after the reference's tick: make room, resume from a Qout entry, place the
    /// block at `end` (the tail of its frequency's queue, or the head of Q0), Adjust.
    fn reference_miss(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        while self.resident >= self.c {
            match self.evict_block() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        let s = self.slot(block);
        let n = if s != NIL {
            // Remembered in Qout: resume from its frequency.
            self.unlink(s);
            let node = &mut self.nodes[s as usize];
            node.freq = node.freq.saturating_add(1);
            s
        } else {
            self.alloc(block, 1)
        };
        self.nodes[n as usize].expire = self.now + self.life_time;
        match end {
            End::EjectLast => {
                let q = queue_of(self.nodes[n as usize].freq);
                self.link(n, q, true);
            }
            End::EjectNext => self.link(n, 0, false),
        }
        self.adjust();
    }

    /// One whole plain-MQ reference: a tick, then MQ's hit or its insertion. Returns whether
    /// the block was resident.
    fn reference(&mut self, block: Block, evicted: &mut Vec<Block>) -> bool {
        self.now += 1;
        if self.reference_hit(block) {
            return true;
        }
        self.reference_miss(block, End::EjectLast, evicted);
        false
    }

    /// The remembered or current frequency of a block (tests).
    pub fn frequency(&self, block: Block) -> Option<u16> {
        let s = self.slot(block);
        (s != NIL).then(|| self.nodes[s as usize].freq)
    }
}

impl Policy for Mq {
    fn name(&self) -> &'static str {
        if self.hints {
            "mq+hints"
        } else {
            "mq"
        }
    }

    fn capacity(&self) -> usize {
        self.c
    }

    fn len(&self) -> usize {
        self.resident
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.queue_of_id(block).is_some_and(|q| q < QUEUES)
    }

    /// A READ lookup under MQ+Hints; a reference under plain MQ (a tick even on a miss).
    fn on_hit(&mut self, block: Block) -> bool {
        if self.hints && self.is_full() {
            // §4.3: a READ is checked for a hit, the queues are not updated (nor the clock).
            return self.contains(block);
        }
        self.now += 1;
        self.reference_hit(block)
    }

    fn miss_end(&self) -> End {
        if self.hints {
            End::EjectNext
        } else {
            End::EjectLast
        }
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        debug_assert!(!self.contains(block), "insert of resident block {block}");
        match (self.hints, end) {
            (false, _) => self.reference_miss(block, end, evicted),
            // READ miss: inserted as plain MQ would during cold start, declined once full.
            (true, End::EjectNext) if self.is_full() => evicted.push(block),
            (true, End::EjectNext) => self.reference_miss(block, End::EjectLast, evicted),
            // DEMOTE: a SYNCH write, one whole reference.
            (true, End::EjectLast) => {
                self.reference(block, evicted);
            }
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        if !self.contains(block) {
            return false;
        }
        if self.hints && end == End::EjectLast {
            // DEMOTE of a cached block: a SYNCH write hit, one whole reference.
            self.now += 1;
            return self.reference_hit(block);
        }
        let s = self.slot(block);
        let q = self.nodes[s as usize].queue as usize;
        self.unlink(s);
        match end {
            End::EjectNext => self.link(s, 0, false),
            End::EjectLast => {
                self.nodes[s as usize].expire = self.now + self.life_time;
                self.link(s, q, true);
            }
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        if !self.contains(block) {
            return false;
        }
        let s = self.slot(block);
        self.unlink(s);
        self.release(s);
        true
    }

    fn evict(&mut self) -> Option<Block> {
        self.evict_block()
    }

    fn contents(&self, out: &mut Vec<Block>) {
        for q in 0..QUEUES {
            out.extend(self.iter(q).map(|n| n.id));
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let mut total = 0;
        for q in 0..=QUEUES {
            let (mut prev, mut cur, mut count) = (NIL, self.lists[q].head, 0);
            while cur != NIL {
                let n = self.nodes.get(cur as usize).ok_or(format!("Q{q}: node {cur} outside the pool"))?;
                if n.prev != prev || n.queue as usize != q || self.slot(n.id) != cur {
                    return Err(format!("Q{q}: block {} badly linked or indexed", n.id));
                }
                if q < QUEUES && queue_of(n.freq) < q {
                    return Err(format!("block {} with frequency {} sits above its queue in Q{q}", n.id, n.freq));
                }
                count += 1;
                if count > self.lists[q].len {
                    return Err(format!("Q{q}: walk exceeds len (cycle?)"));
                }
                prev = cur;
                cur = n.next;
            }
            if prev != self.lists[q].tail || count != self.lists[q].len {
                return Err(format!("Q{q}: walked {count} blocks, len {}", self.lists[q].len));
            }
            total += count;
        }
        if self.resident > self.c {
            return Err(format!("{} blocks in a cache of {}", self.resident, self.c));
        }
        if self.lists[OUT].len > self.out_cap {
            return Err(format!("Qout holds {} > {}", self.lists[OUT].len, self.out_cap));
        }
        if total != self.slot_of.iter().filter(|&&s| s != NIL).count() {
            return Err("index and queues disagree".into());
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }

    /// MQ+Hints reads them; plain MQ takes a write as a reference.
    fn hints(&mut self) -> Option<&mut dyn HintAware> {
        if self.hints {
            Some(self)
        } else {
            None
        }
    }
}

impl TeachingViews for Mq {
    /// Q0 up to the highest non-empty queue, each head (LRU end) first — the empty queues above
    /// it are left out, as most of the eight are in a small cache — then the ghost Qout, head
    /// (the next forgotten) first. The paper's names.
    fn queues(&self, out: &mut Vec<Queue>) {
        const NAMES: [&str; QUEUES] = ["Q0", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7"];
        let top = (0..QUEUES).rev().find(|&q| self.lists[q].len > 0).unwrap_or(0);
        for (q, name) in NAMES.iter().enumerate().take(top + 1) {
            out.push(Queue { name, ghost: false, blocks: self.iter(q).map(|n| n.id).collect() });
        }
        out.push(Queue { name: "Qout", ghost: true, blocks: self.iter(OUT).map(|n| n.id).collect() });
    }

    /// Each block's reference count f (a block lives in Q⌊log2 f⌋; an expired head drops one).
    fn marks(&self, blocks: &[Block], out: &mut Vec<u32>) -> Option<&'static str> {
        out.extend(blocks.iter().map(|&b| self.frequency(b).map_or(0, u32::from)));
        Some("f")
    }
}

impl HintAware for Mq {
    /// Plain MQ: a write is a reference ([`Policy::access`]). MQ+Hints: SYNCH, REPLACE and
    /// unhinted writes are plain MQ references; a RECOV is ignored once the cache is full.
    fn write(&mut self, block: Block, hint: Option<WriteHint>, evicted: &mut Vec<Block>) -> bool {
        if !self.hints {
            return self.access(block, evicted);
        }
        if hint == Some(WriteHint::Recov) && self.is_full() {
            return self.contains(block);
        }
        self.reference(block, evicted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::WriteHint::{Recov, Replace, Synch};
    use crate::policy::lru_hints::testing::{demote, hints_agree, read, HintReference};
    use crate::policy::testing::{agrees_with, ghost, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::Lru;

    /// MQ on `Vec`s, from the paper's pseudo-code; index 0 = head (LRU end). As a
    /// [`HintReference`] it is MQ+Hints, from paper 004 §4.3's prose.
    struct NaiveMq {
        c: usize,
        out_cap: usize,
        life: u64,
        now: u64,
        q: Vec<Vec<(Block, u16, u64)>>,
        out: Vec<(Block, u16)>,
    }

    impl NaiveMq {
        fn new(c: usize) -> Self {
            Self::with(c, c, c as u64)
        }

        fn with(c: usize, out_cap: usize, life: u64) -> Self {
            Self { c, out_cap, life, now: 0, q: vec![Vec::new(); QUEUES], out: Vec::new() }
        }

        fn len(&self) -> usize {
            self.q.iter().map(Vec::len).sum()
        }

        /// The head of the lowest non-empty queue goes to Qout, which forgets its oldest entry
        /// when over size.
        fn evict_one(&mut self) -> Option<Block> {
            let k = (0..QUEUES).find(|&k| !self.q[k].is_empty())?;
            let (v, f, _) = self.q[k].remove(0);
            self.out.push((v, f));
            if self.out.len() > self.out_cap {
                self.out.remove(0);
            }
            Some(v)
        }

        fn adjust(&mut self) {
            for k in 1..QUEUES {
                if self.q[k].first().is_some_and(|e| e.2 < self.now) {
                    let (b, f, _) = self.q[k].remove(0);
                    self.q[k - 1].push((b, f, self.now + self.life));
                }
            }
        }

        fn find(&self, b: Block) -> Option<(usize, usize)> {
            (0..QUEUES).find_map(|k| self.q[k].iter().position(|e| e.0 == b).map(|i| (k, i)))
        }
    }

    impl Reference for NaiveMq {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            self.now += 1;
            if let Some((k, i)) = self.find(b) {
                let (_, f, _) = self.q[k].remove(i);
                let f = f.saturating_add(1);
                self.q[queue_of(f)].push((b, f, self.now + self.life));
                self.adjust();
                return true;
            }
            if self.len() >= self.c {
                ev.push(self.evict_one().unwrap());
            }
            let f = match self.out.iter().position(|e| e.0 == b) {
                Some(i) => self.out.remove(i).1 + 1,
                None => 1,
            };
            self.q[queue_of(f)].push((b, f, self.now + self.life));
            self.adjust();
            false
        }

        fn remove(&mut self, b: Block) -> bool {
            self.find(b).map(|(k, i)| self.q[k].remove(i)).is_some()
        }

        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            let Some((k, i)) = self.find(b) else { return Some(false) };
            let (_, f, e) = self.q[k].remove(i);
            match end {
                End::EjectNext => self.q[0].insert(0, (b, f, e)),
                End::EjectLast => self.q[k].push((b, f, self.now + self.life)),
            }
            Some(true)
        }

        fn contents(&self) -> Vec<Block> {
            self.q.iter().flatten().map(|e| e.0).collect()
        }

        fn capacity(&self) -> usize {
            self.c
        }
    }

    impl HintReference for NaiveMq {
        fn read(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if self.len() < self.c {
                return Reference::access(self, b, ev);
            }
            let hit = self.find(b).is_some();
            if !hit {
                ev.push(b);
            }
            hit
        }

        fn write(&mut self, b: Block, hint: Option<WriteHint>, ev: &mut Vec<Block>) -> bool {
            if hint == Some(Recov) && self.len() >= self.c {
                return self.find(b).is_some();
            }
            Reference::access(self, b, ev)
        }

        fn to_next(&mut self, b: Block) -> bool {
            Reference::reposition(self, b, End::EjectNext).unwrap()
        }

        fn remove(&mut self, b: Block) -> bool {
            Reference::remove(self, b)
        }

        fn evict(&mut self) -> Option<Block> {
            self.evict_one()
        }

        fn contents(&self) -> Vec<Block> {
            Reference::contents(self)
        }
    }

    /// Q0, Q1 and Qout as (block, frequency), head first; the other queues must be empty.
    fn low_queues(p: &Mq) -> [Vec<(Block, u16)>; 3] {
        p.check_invariants().unwrap();
        let q = p.queues();
        assert!(q[2..QUEUES].iter().all(Vec::is_empty), "{q:?}");
        [q[0].clone(), q[1].clone(), q[OUT].clone()]
    }

    #[test]
    fn queue_numbers_follow_log2_of_the_frequency() {
        let got: Vec<usize> = [1, 2, 3, 4, 7, 8, 127, 128, 1000, u16::MAX].iter().map(|&f| queue_of(f)).collect();
        assert_eq!(got, [0, 1, 1, 2, 2, 3, 6, 7, 7, 7]);
    }

    #[test]
    fn hand_worked_promotion_expiry_and_out_queue() {
        // c = 2, lifeTime = 2.
        let mut p = Mq::new(2, 8, 2).unwrap();
        let mut ev = Vec::new();
        p.access(0, &mut ev); // t1: 0 (f1, Q0, exp 3)
        p.access(0, &mut ev); // t2: 0 f2 → Q1 (exp 4)
        p.access(1, &mut ev); // t3: 1 f1 → Q0 (exp 5)
        assert_eq!(p.queues()[..2], [vec![(1, 1)], vec![(0, 2)]]);
        // t4 and t5: misses on 2 and 3. At t5, 0's expiry (4) has passed: it drops to Q0.
        p.access(2, &mut ev); // evicts 1 (Q0 head) → Qout
        assert_eq!(ev, [1]);
        p.access(3, &mut ev); // evicts 2 (Q0 head; 0 stays in Q1 until this reference's Adjust)
        assert_eq!(ev, [1, 2]);
        assert_eq!(p.queues()[0], vec![(3, 1), (0, 2)], "0 expired (4 < 5) and dropped to Q0's tail");
        assert_eq!(p.queues()[OUT], vec![(1, 1), (2, 1)]);
        // t6: 2 comes back. First the victim: 3 (Q0 head) enters Qout, which, over the cache size,
        // forgets its head 1. Then 2 is found in Qout: frequency 1 + 1 = 2 → Q1.
        p.access(2, &mut ev);
        assert_eq!(ev, [1, 2, 3]);
        assert_eq!(p.frequency(2), Some(2));
        assert_eq!(p.frequency(1), None);
        assert_eq!(p.queues()[..2], [vec![(0, 2)], vec![(2, 2)]]);
        assert_eq!(p.queues()[OUT], vec![(3, 1)]);
        p.check_invariants().unwrap();
    }

    #[test]
    fn queues_show_q0_up_to_the_highest_in_use_and_the_qout_ghosts() {
        // c = 2, lifeTime = 2: `hand_worked_promotion_expiry_and_out_queue` as a teaching view.
        let mut p = Mq::new(2, 8, 2).unwrap();
        let mut ev = Vec::new();
        let qout = |b: &[Block]| ghost("Qout", b);
        assert_eq!(queues_checked(&p), [resident("Q0", &[]), qout(&[])]);
        for b in [0, 0, 1] {
            p.access(b, &mut ev); // 0 referenced twice: Q1
        }
        assert_eq!(queues_checked(&p), [resident("Q0", &[1]), resident("Q1", &[0]), qout(&[])]);
        p.access(2, &mut ev); // Q0's head 1 is the victim: to Qout
        assert_eq!(queues_checked(&p), [resident("Q0", &[2]), resident("Q1", &[0]), qout(&[1])]);
        p.access(3, &mut ev); // 2 goes; 0's expiry passes and it drops to Q0: Q1, empty, is left out
        assert_eq!(queues_checked(&p), [resident("Q0", &[3, 0]), qout(&[1, 2])]);
        p.access(2, &mut ev); // 3 to Qout, which forgets 1; 2 resumes from Qout: frequency 2, Q1
        assert_eq!(queues_checked(&p), [resident("Q0", &[0]), resident("Q1", &[2]), qout(&[3])]);
        // 7 more references to 0 (frequency 9) lift it to Q3; meanwhile 2's expiry passes and
        // it drops to Q0. Q1 and Q2 are empty but below a queue in use, so they are shown.
        for _ in 0..7 {
            p.access(0, &mut ev);
        }
        let empty = |name| resident(name, &[]);
        assert_eq!(
            queues_checked(&p),
            [resident("Q0", &[2]), empty("Q1"), empty("Q2"), resident("Q3", &[0]), qout(&[3])]
        );
    }

    #[test]
    fn agrees_with_the_naive_model() {
        for (c, seed) in [(1, 41), (2, 42), (3, 43), (10, 44), (40, 45)] {
            agrees_with(Box::new(Mq::with_defaults(c, 64)), NaiveMq::new(c), seed);
        }
    }

    #[test]
    fn hand_worked_mq_with_hints() {
        // c = 2, Qout of 2, lifeTime = 2. `tN` is MQ's clock after the request.
        let mut p = Mq::with_out_queue(2, 2, 16, 2, true).unwrap();
        assert_eq!((p.name(), p.hints().is_some(), p.miss_end()), ("mq+hints", true, End::EjectNext));
        let mut ev = Vec::new();
        // Cold start: a READ and a SYNCH are plain MQ references.
        assert!(!read(&mut p, 0, &mut ev)); // t1: 0 f1 → Q0 (exp 3)
        assert!(!p.write(1, Some(Synch), &mut ev)); // t2: 1 f1 → Q0 (exp 4)
        assert_eq!(low_queues(&p), [vec![(0, 1), (1, 1)], vec![], vec![]]);
        // Full. READ hit: served, nothing updated (0 stays f1 at the head). READ miss: declined.
        // RECOV: ignored, hit or miss. None of these ticks the clock (still t2).
        assert!(read(&mut p, 0, &mut ev));
        assert!(!read(&mut p, 2, &mut ev));
        assert_eq!(ev, [2], "a declined READ miss reports the block itself");
        ev.clear();
        assert!(!p.write(3, Some(Recov), &mut ev));
        assert!(p.write(1, Some(Recov), &mut ev));
        assert_eq!(low_queues(&p), [vec![(0, 1), (1, 1)], vec![], vec![]]);
        assert!(ev.is_empty());
        // REPLACE hit: MQ's hit. t3: 1 f2 → Q1 (exp 5).
        assert!(p.write(1, Some(Replace), &mut ev));
        assert_eq!(low_queues(&p), [vec![(0, 1)], vec![(1, 2)], vec![]]);
        // Unhinted write = REPLACE, a miss: t4, victim 0 (Q0 head) → Qout; 4 f1 → Q0 (exp 6).
        assert!(!p.write(4, None, &mut ev));
        assert_eq!(ev, [0]);
        assert_eq!(low_queues(&p), [vec![(4, 1)], vec![(1, 2)], vec![(0, 1)]]);
        // DEMOTE of 0 = SYNCH miss: t5, victim 4 → Qout; 0 resumes from Qout: f2 → Q1 (exp 7).
        // Adjust: 1's expiry 5 is not < 5, it stays in Q1.
        ev.clear();
        assert!(!demote(&mut p, 0, &mut ev));
        assert_eq!(ev, [4]);
        assert_eq!(low_queues(&p), [vec![], vec![(1, 2), (0, 2)], vec![(4, 1)]]);
        // Removal leaves room: cold start again, so a READ miss is a reference. t6: 1 f1 → Q0
        // (remove kept no Qout entry), exp 8.
        assert!(p.remove(1));
        assert!(!read(&mut p, 1, &mut ev));
        assert_eq!(low_queues(&p), [vec![(1, 1)], vec![(0, 2)], vec![(4, 1)]]);
        // t7: SYNCH miss on 5, victim 1 → Qout [4, 1]. 0 (exp 7) not yet expired.
        ev.clear();
        assert!(!p.write(5, Some(Synch), &mut ev));
        assert_eq!(low_queues(&p), [vec![(5, 1)], vec![(0, 2)], vec![(4, 1), (1, 1)]]);
        // t8: SYNCH miss on 6, victim 5 → Qout, over its 2 entries: 4 (oldest) forgotten.
        // Adjust: 0's expiry 7 < 8, it drops to Q0's tail — on the 8th *counted* request; had
        // the ignored READs and RECOVs ticked, it would have dropped long before.
        assert!(!p.write(6, Some(Synch), &mut ev));
        assert_eq!(ev, [1, 5]);
        assert_eq!(low_queues(&p), [vec![(6, 1), (0, 2)], vec![], vec![(1, 1), (5, 1)]]);
        // "Eject me next" still means Q0's head; a DEMOTE of a cached block is a SYNCH hit: t9,
        // 6 f2 → Q1.
        assert!(p.reposition(0, End::EjectNext));
        assert!(demote(&mut p, 6, &mut ev));
        assert_eq!(low_queues(&p), [vec![(0, 2)], vec![(6, 2)], vec![(1, 1), (5, 1)]]);
        assert_eq!(p.evict(), Some(0));
        assert_eq!(low_queues(&p), [vec![], vec![(6, 2)], vec![(5, 1), (0, 2)]]);
    }

    #[test]
    fn plain_mq_is_unchanged_by_the_new_constructor() {
        let mut p = Mq::with_out_queue(4, 0, 16, 0, false).unwrap();
        assert_eq!((p.name(), p.hints().is_some(), p.miss_end()), ("mq", false, End::EjectLast));
        assert!(Mq::with_out_queue(0, 4, 16, 0, true).is_err());
        // A plain MQ write is a reference, whatever its hint.
        let mut p = Mq::with_defaults(1, 4);
        let mut ev = Vec::new();
        assert!(!p.write(0, Some(Recov), &mut ev));
        assert!(p.write(0, Some(Recov), &mut ev));
        assert_eq!(p.frequency(0), Some(2));
        // Out queues of other sizes against the naive model.
        for (c, out, seed) in [(1, 0, 51), (3, 1, 52), (4, 9, 53)] {
            let p = Mq::with_out_queue(c, out, 64, 0, false).unwrap();
            agrees_with(Box::new(p), NaiveMq::with(c, out, c as u64), seed);
        }
    }

    #[test]
    fn mq_with_hints_agrees_with_the_naive_model() {
        for c in 1..=8 {
            for (out, life) in [(c, 0), (0, 1), (2 * c + 1, 3)] {
                let mut p = Mq::with_out_queue(c, out, 4, life, true).unwrap();
                let life = if life == 0 { c as u64 } else { life };
                let mut m = NaiveMq::with(c, out, life);
                let seed = 200 + 10 * c as u64 + out as u64;
                hints_agree(&mut p, &mut m, 2 * c as u64 + out as u64 + 3, 8_000, seed, |p, m, step| {
                    let q = p.queues();
                    for (k, (got, want)) in q.iter().zip(&m.q).enumerate() {
                        let want: Vec<_> = want.iter().map(|e| (e.0, e.1)).collect();
                        assert_eq!(*got, want, "step {step}: Q{k}");
                    }
                    assert_eq!(q[OUT], m.out, "step {step}: Qout");
                });
            }
        }
    }

    #[test]
    fn frequency_beats_recency_on_a_skewed_stream_with_scans() {
        let refs = skewed_with_scans(500, 60_000, 46);
        let mut ev = Vec::new();
        let mut mq = Mq::with_defaults(100, 2000);
        let mut lru = Lru::new(100, 2000);
        let mq_hits = refs.iter().filter(|&&b| mq.access(b, &mut ev)).count();
        let lru_hits = refs.iter().filter(|&&b| lru.access(b, &mut ev)).count();
        assert!(mq_hits as f64 > 1.1 * lru_hits as f64, "MQ {mq_hits} vs LRU {lru_hits}");
        assert!(Mq::new(0, 10, 0).is_err());
    }
}
