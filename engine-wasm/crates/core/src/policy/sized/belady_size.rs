//! BeladySize: Belady's MIN (L. A. Belady, "A study of replacement algorithms for a
//! virtual-storage computer", IBM Systems Journal 1966) weighted by object size, the offline
//! bound libCacheSim offers as `BeladySize` (its `BeladySize.c`, probed with libcachesim 0.3.5).
//! It counts exactly the peer's misses on the same trace.
//!
//! **The rule.** To make room, evict the object whose size × distance to its next use is the
//! largest: a big object needed late frees many bytes for a long time. The score is the peer's,
//! `ln(size) + ln(next − now)` in `f64` natural logs, both positions counted in the same base,
//! and the first sampled object of the largest score wins (strict `<`). The logarithm is
//! `libm`'s, the same in the browser as natively (the platform's may differ in the last bit,
//! which would split exact ties differently: same scenario, same numbers, everywhere).
//!
//! **Why it samples.** Distances shrink as time passes, so the products change order from one
//! request to the next and no priority queue keeps them sorted: the exact rule needs a scan of
//! every cached object per eviction. The peer draws a fixed number of objects (128 by default,
//! with replacement) and evicts the best of them.
//!
//! **The sampler is the peer's own**, so that the two draw the same objects and count the same
//! misses. Objects live in its chained hash table (`chainedHashTableV2`): 2^24 buckets at first,
//! an object in bucket `XXH3-64(its id as 8 little-endian bytes, seed 0) mod 2^hashpower`,
//! prepended to its chain. An insertion into a table holding more than twice as many objects as
//! buckets first doubles it. A draw picks a random bucket until it finds a non-empty one, then a
//! random position in its chain; from the 33rd empty bucket of one draw on, every further empty
//! one halves the table (a sparse table shrinks quickly). Doubling and halving rehash the old
//! buckets in order, each chain from head to tail, prepending each object to its new chain. The
//! random numbers come from the peer's lehmer64 generator, which starts at 0xdeadbeef in a fresh
//! process; each new `BeladySize` starts there too (the peer's process-wide generator would
//! continue from where an earlier cache left it).
//!
//! **Never again.** An object that will not be referenced again is not inserted on a miss, but
//! the victims that make room for it leave first, as in the peer. A hit whose next use is never
//! removes the object (the request is still a hit). An object larger than the cache is a miss
//! that moves nothing; so is one that the admission filter in front refuses, asked after the
//! lookup. A hit keeps the size the object was admitted with.

use super::super::future::{Future, NEVER};
use crate::model::Block;

/// Objects sampled per eviction unless told (the peer's `n_sample`).
pub const DEFAULT_SAMPLES: u32 = 128;
/// The most a configuration may ask.
pub const MAX_SAMPLES: u32 = 1024;

/// Checks a number of samples per eviction.
pub fn check_samples(samples: u32) -> Result<(), String> {
    if (1..=MAX_SAMPLES).contains(&samples) {
        Ok(())
    } else {
        Err(format!("samples: from 1 to {MAX_SAMPLES} objects per eviction (got {samples})"))
    }
}

/// The peer's initial hash power (Python `hashpower=24`): 2^24 buckets.
const HASHPOWER: u32 = 24;

/// Empty probes of one draw before the table starts to shrink (the peer's `> 32`).
const SHRINK_AFTER: u32 = 32;

/// The peer's random generator (`utils/include/mymath.h`, lehmer64): a 128-bit state multiplied
/// by a constant, its high 64 bits returned.
#[derive(Clone, Debug)]
struct Lehmer64(u128);

impl Lehmer64 {
    /// The peer's initial state.
    const SEED: u128 = 0xdead_beef;

    fn new() -> Self {
        Self(Self::SEED)
    }

    #[inline]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(0xda94_2042_e4dd_58b5);
        (self.0 >> 64) as u64
    }
}

/// XXH3-64 of `id` as 8 little-endian bytes, seed 0 (xxHash's 4-to-8-byte path, specialised).
fn xxh3_u64(id: u64) -> u64 {
    let (lo, hi) = (id & 0xffff_ffff, id >> 32);
    let bitflip = 0x1cad_21f7_2c81_017c_u64 ^ 0xdb97_9083_e96d_d4de;
    let mut h = hi.wrapping_add(lo << 32) ^ bitflip;
    h ^= h.rotate_left(49) ^ h.rotate_left(24);
    h = h.wrapping_mul(0x9fb2_1c65_1e98_df25);
    h ^= (h >> 35).wrapping_add(8);
    h = h.wrapping_mul(0x9fb2_1c65_1e98_df25);
    h ^ (h >> 28)
}

/// The peer's chained hash table, over dense ids. Links hold `id + 1`, 0 for none, so that a
/// fresh bucket array is zeroed memory.
#[derive(Clone, Debug)]
struct Table {
    hashpower: u32,
    /// Per bucket: its chain's head.
    heads: Vec<u32>,
    /// Per id: the next object of its chain (towards the tail).
    next: Vec<u32>,
    /// Per id: the previous object of its chain (0: it is the head).
    prev: Vec<u32>,
    /// Per id: whether it is in the table.
    member: Vec<bool>,
    /// Per id: the hash of its raw id.
    hash: Vec<u64>,
    len: usize,
}

impl Table {
    fn new(raw: &[u64], hashpower: u32) -> Self {
        let n = raw.len();
        Self {
            hashpower,
            heads: vec![0; 1 << hashpower],
            next: vec![0; n],
            prev: vec![0; n],
            member: vec![false; n],
            hash: raw.iter().map(|&r| xxh3_u64(r)).collect(),
            len: 0,
        }
    }

    #[inline]
    fn contains(&self, id: Block) -> bool {
        self.member.get(id as usize).copied().unwrap_or(false)
    }

    #[inline]
    fn bucket(&self, id: usize) -> usize {
        (self.hash[id] & ((1u64 << self.hashpower) - 1)) as usize
    }

    /// Puts `id` at the head of its bucket's chain.
    #[inline]
    fn prepend(&mut self, id: usize) {
        let b = self.bucket(id);
        let head = self.heads[b];
        self.next[id] = head;
        self.prev[id] = 0;
        if head != 0 {
            self.prev[head as usize - 1] = id as u32 + 1;
        }
        self.heads[b] = id as u32 + 1;
    }

    /// The peer's insertion: doubles the table first when it holds more than twice as many
    /// objects as buckets.
    fn insert(&mut self, id: usize) {
        if self.len as u64 > (1u64 << self.hashpower) * 2 {
            self.rehash(self.hashpower + 1);
        }
        self.prepend(id);
        self.member[id] = true;
        self.len += 1;
    }

    /// Unlinks `id`; the rest of its chain keeps its order.
    fn remove(&mut self, id: usize) {
        let (p, n) = (self.prev[id], self.next[id]);
        if p == 0 {
            let b = self.bucket(id);
            self.heads[b] = n;
        } else {
            self.next[p as usize - 1] = n;
        }
        if n != 0 {
            self.prev[n as usize - 1] = p;
        }
        self.member[id] = false;
        self.len -= 1;
    }

    /// To `2^hashpower` buckets: the old buckets in order, each chain from head to tail, each
    /// object prepended to its new chain (the peer's `_chained_hashtable_copy_entries`).
    fn rehash(&mut self, hashpower: u32) {
        let old = std::mem::replace(&mut self.heads, vec![0; 1 << hashpower]);
        self.hashpower = hashpower;
        for head in old {
            let mut c = head;
            while c != 0 {
                let id = c as usize - 1;
                c = self.next[id];
                self.prepend(id);
            }
        }
    }

    /// The peer's `hashtable_rand_obj`: a random non-empty bucket, halving the table at every
    /// empty probe after the 32nd of this draw, then a random position in its chain. The table
    /// must not be empty.
    fn sample(&mut self, rng: &mut Lehmer64) -> usize {
        let mask = |hp: u32| (1u64 << hp) - 1;
        let mut pos = (rng.next() & mask(self.hashpower)) as usize;
        let mut tries = 0u32;
        while self.heads[pos] == 0 {
            tries += 1;
            // The peer has no floor; a table of one bucket holding an object never gets here.
            if tries > SHRINK_AFTER && self.hashpower > 0 {
                self.rehash(self.hashpower - 1);
            }
            pos = (rng.next() & mask(self.hashpower)) as usize;
        }
        let head = self.heads[pos];
        let mut n = 1u64;
        let mut c = self.next[head as usize - 1];
        while c != 0 {
            n += 1;
            c = self.next[c as usize - 1];
        }
        let k = rng.next() % n;
        let mut c = head;
        for _ in 0..k {
            c = self.next[c as usize - 1];
        }
        c as usize - 1
    }

    fn check(&self) -> Result<(), String> {
        let mut members = 0;
        for id in 0..self.member.len() {
            if !self.member[id] {
                continue;
            }
            members += 1;
            let me = id as u32 + 1;
            let (p, n) = (self.prev[id], self.next[id]);
            if p == 0 {
                if self.heads[self.bucket(id)] != me {
                    return Err(format!("object {id} has no predecessor but does not head bucket {}", self.bucket(id)));
                }
            } else {
                let p = p as usize - 1;
                if !self.member[p] || self.next[p] != me || self.bucket(p) != self.bucket(id) {
                    return Err(format!("object {id}'s predecessor {p} does not link back in its bucket"));
                }
            }
            if n != 0 {
                let n = n as usize - 1;
                if !self.member[n] || self.prev[n] != me || self.bucket(n) != self.bucket(id) {
                    return Err(format!("object {id}'s successor {n} does not link back in its bucket"));
                }
            }
        }
        if members != self.len {
            return Err(format!("the table counts {} objects, {members} are members", self.len));
        }
        // Every bucket, when that is cheap: heads are members, chains hold every member.
        if self.heads.len() <= 1 << 16 {
            let mut chained = 0;
            for (b, &head) in self.heads.iter().enumerate() {
                let mut c = head;
                while c != 0 {
                    let id = c as usize - 1;
                    if !self.member[id] || self.bucket(id) != b {
                        return Err(format!("bucket {b} chains object {id}, not a member of it"));
                    }
                    chained += 1;
                    if chained > self.len {
                        return Err(format!("bucket {b}'s chain loops or holds strays"));
                    }
                    c = self.next[id];
                }
            }
            if chained != self.len {
                return Err(format!("the chains hold {chained} objects of {}", self.len));
            }
        }
        Ok(())
    }
}

/// The size-weighted Belady bound, sampled as libCacheSim samples it.
pub struct BeladySize {
    capacity: u64,
    used: u64,
    samples: u32,
    /// Next uses, from the reference string.
    future: Future,
    /// References seen, the current one included (the peer's `n_req`, 1 for the first).
    n_req: u64,
    table: Table,
    /// Per id: the bytes of its cached copy, and their natural log (meaningful while cached).
    size: Vec<u64>,
    ln_size: Vec<f64>,
    rng: Lehmer64,
}

impl BeladySize {
    /// `capacity` bytes; `refs`: the dense ids of every reference the cache will see, in order
    /// (the reference string); `raw[id]`: the object id as the trace file names it (the peer
    /// hashes that u64 to place objects in its table); `samples`: objects sampled per eviction
    /// (the peer's default 128; at least 1).
    pub fn new(capacity: u64, refs: Vec<Block>, raw: Vec<u64>, samples: u32) -> Result<Self, String> {
        Self::with_hashpower(capacity, refs, raw, samples, HASHPOWER)
    }

    /// As [`BeladySize::new`], the table starting at `2^hashpower` buckets (the peer's
    /// `hashpower` argument, 24 by default).
    pub(crate) fn with_hashpower(
        capacity: u64,
        refs: Vec<Block>,
        raw: Vec<u64>,
        samples: u32,
        hashpower: u32,
    ) -> Result<Self, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one byte".into());
        }
        check_samples(samples)?;
        if hashpower > 31 {
            return Err(format!("a hash power of {hashpower} is beyond the table's reach (at most 31)"));
        }
        let universe = raw.len();
        if universe >= u32::MAX as usize {
            return Err(format!("BeladySize handles fewer than {} objects (got {universe})", u32::MAX));
        }
        if let Some(&b) = refs.iter().find(|&&b| b as usize >= universe) {
            return Err(format!("reference to object {b}, but only {universe} objects have raw ids"));
        }
        let future = Future::new(universe, refs.iter().map(|&b| (b, true)))?;
        Ok(Self {
            capacity,
            used: 0,
            samples,
            future,
            n_req: 0,
            table: Table::new(&raw, hashpower),
            size: vec![0; universe],
            ln_size: vec![0.0; universe],
            rng: Lehmer64::new(),
        })
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    pub fn len(&self) -> usize {
        self.table.len
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, block: Block) -> bool {
        self.table.contains(block)
    }

    /// The cached objects, by id.
    pub fn contents(&self, out: &mut Vec<Block>) {
        out.extend((0..self.table.member.len()).filter(|&id| self.table.member[id]).map(|id| id as Block));
    }

    /// One reference, in the string's order: `block` of `size` bytes; `admit`: whether a miss
    /// may enter (a size-threshold filter in front has its say after the lookup). Victims are
    /// pushed into `evicted`. Returns whether it was a hit.
    pub fn access(&mut self, block: Block, size: u64, admit: bool, evicted: &mut Vec<Block>) -> bool {
        self.n_req += 1;
        let next = self.future.advance(block);
        if self.table.contains(block) {
            if next == NEVER {
                let id = block as usize;
                self.used -= self.size[id];
                self.table.remove(id);
            }
            return true;
        }
        if !admit || size > self.capacity {
            return false;
        }
        while self.used + size > self.capacity {
            let victim = self.victim();
            self.used -= self.size[victim];
            self.table.remove(victim);
            evicted.push(victim as Block);
        }
        // A block off the string has next use NEVER (`Future::advance`), so it is in range here.
        if next != NEVER {
            let id = block as usize;
            self.size[id] = size;
            self.ln_size[id] = libm::log(size as f64);
            self.used += size;
            self.table.insert(id);
        }
        false
    }

    /// The best of `samples` draws: the largest `ln(size) + ln(distance)`, the first on ties.
    fn victim(&mut self) -> usize {
        let mut best = None;
        let mut best_score = -1.0_f64;
        let mut first = usize::MAX;
        for _ in 0..self.samples {
            let id = self.table.sample(&mut self.rng);
            if first == usize::MAX {
                first = id;
            }
            // Both in the peer's base: its `next` is 1-based, as `n_req` is. A cached object's
            // next use lies ahead when the accesses follow the string, so the distance is at
            // least 1; otherwise its score is −∞ or NaN, and it is never preferred. The log is
            // libm's everywhere: glibc's (the peer's) differs from it in the last bit of a few
            // values, which could only split an exact tie of products differently; the counts on
            // the CloudPhysics trace are the peer's either way.
            let next = self.future.next_use(id as Block) as f64 + 1.0;
            let score = self.ln_size[id] + libm::log(next - self.n_req as f64);
            if best_score < score {
                best = Some(id);
                best_score = score;
            }
        }
        // Only objects of 0 bytes (or accesses off the string) leave every score below −1; the
        // peer would have no victim, here the first drawn leaves.
        best.unwrap_or(first)
    }

    /// Bytes used = the cached objects' sizes, within the capacity; the table consistent.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.table.check()?;
        let sum: u64 = (0..self.size.len()).filter(|&id| self.table.member[id]).map(|id| self.size[id]).sum();
        if sum != self.used {
            return Err(format!("{} bytes counted, the cached objects take {sum}", self.used));
        }
        if self.used > self.capacity {
            return Err(format!("{} bytes cached of {}", self.used, self.capacity));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;

    /// Checked against libxxhash 0.8.1's `XXH3_64bits` on the 8 little-endian bytes.
    #[test]
    fn xxh3_of_eight_byte_ids() {
        let known: [(u64, u64); 7] = [
            (0, 0xc77b_3abb_6f87_acd9),
            (1, 0x2fbc_5935_64db_792e),
            (2, 0x2086_c65c_91ee_e243),
            (42, 0xd5a6_f8c8_38df_27c8),
            (0xdead_beef, 0x4e95_c26e_2ea6_7401),
            (123_456_789_012_345, 0x4430_a23e_db71_0eb6),
            (u64::MAX, 0x5111_c7e4_7d78_4413),
        ];
        for (id, h) in known {
            assert_eq!(xxh3_u64(id), h, "XXH3-64 of {id}");
        }
    }

    /// Computed with Python's integers: state = state * 0xda942042e4dd58b5 mod 2^128, high half.
    #[test]
    fn lehmer64_from_deadbeef() {
        let mut r = Lehmer64::new();
        let want =
            [0xbe20_cd19, 0x5609_ca4d_13cd_b7ce, 0x9549_cbc4_21d9_89d5, 0x10a5_be8c_4e7e_3a68, 0x1406_d1bf_487d_d3d8];
        for w in want {
            assert_eq!(r.next(), w);
        }
    }

    /// Runs `(block, size, admit)` references; returns the hits and each reference's victims.
    fn run(capacity: u64, reqs: &[(Block, u64, bool)]) -> (BeladySize, Vec<bool>, Vec<Vec<Block>>) {
        let refs: Vec<Block> = reqs.iter().map(|r| r.0).collect();
        let universe = refs.iter().map(|&b| b as usize + 1).max().unwrap_or(0);
        let raw = (0..universe as u64).map(|i| 1000 + i).collect();
        let mut c = BeladySize::with_hashpower(capacity, refs, raw, 128, 4).unwrap();
        let (mut hits, mut victims) = (vec![], vec![]);
        for &(b, s, admit) in reqs {
            let mut ev = vec![];
            hits.push(c.access(b, s, admit, &mut ev));
            c.check_invariants().unwrap();
            victims.push(ev);
        }
        (c, hits, victims)
    }

    const A: Block = 0;
    const B: Block = 1;
    const C: Block = 2;

    #[test]
    fn never_again_is_not_inserted_but_makes_room() {
        // B is never referenced again: A leaves to make room for it, and B is not kept.
        let (c, hits, victims) = run(100, &[(A, 60, true), (B, 60, true), (A, 60, true)]);
        assert_eq!(hits, [false, false, false]);
        assert_eq!(victims, [vec![], vec![A], vec![]]);
        assert!(c.is_empty() && c.used() == 0);
        // Room enough: B is still not inserted, A stays.
        let (c, hits, _) = run(100, &[(A, 50, true), (B, 50, true), (A, 50, true), (A, 50, true)]);
        assert_eq!(hits, [false, false, true, true]);
        assert!(c.is_empty(), "A's last reference is a hit that removes it");
    }

    #[test]
    fn a_hit_with_no_next_use_removes_the_object() {
        let (c, hits, _) = run(100, &[(A, 10, true), (B, 20, true), (A, 10, true), (B, 20, true), (B, 20, true)]);
        assert_eq!(hits, [false, false, true, true, true]);
        assert!(c.is_empty());
        let (c, hits, _) = run(100, &[(A, 10, true), (B, 20, true), (A, 10, true), (B, 20, true)]);
        assert_eq!(hits, [false, false, true, true]);
        assert_eq!(c.used(), 0);
    }

    #[test]
    fn a_hit_keeps_its_admitted_size() {
        // B needs 95 bytes: A's 10 admitted bytes fit beside it, its 90 requested would not.
        let reqs = [(A, 10, true), (A, 90, true), (B, 90, true), (A, 30, true), (B, 90, true)];
        let (c, hits, victims) = run(100, &reqs);
        assert_eq!(hits, [false, true, false, true, true]);
        assert!(victims.iter().all(Vec::is_empty));
        assert!(c.is_empty());
    }

    #[test]
    fn too_large_or_refused_moves_nothing() {
        let (c, hits, victims) = run(100, &[(A, 60, true), (B, 200, true), (A, 60, true), (A, 60, true)]);
        assert_eq!(hits, [false, false, true, true]);
        assert!(victims.iter().all(Vec::is_empty));
        assert!(c.is_empty());
        let reqs = [(A, 60, true), (B, 60, false), (A, 60, true), (B, 60, true), (B, 60, true)];
        let (_, hits, victims) = run(100, &reqs);
        // The refused B moves nothing; A's last reference removes it, and B then enters.
        assert_eq!(hits, [false, false, true, false, true]);
        assert!(victims.iter().all(Vec::is_empty));
        // An object of exactly the capacity is admitted.
        let (_, hits, _) = run(100, &[(A, 100, true), (A, 100, true)]);
        assert_eq!(hits, [false, true]);
    }

    #[test]
    fn the_largest_size_times_distance_leaves() {
        // At C's miss (n_req 3): A, 10 bytes, next at 5 (distance 2, product 20); B, 80 bytes,
        // next at 4 (distance 1, product 80). B leaves although needed sooner. Every sample is
        // A or B, and B is drawn among 128.
        let reqs = [(A, 10, true), (B, 80, true), (C, 20, true), (B, 80, true), (A, 10, true), (C, 20, true)];
        let (_, hits, victims) = run(100, &reqs);
        assert_eq!(victims[2], [B]);
        assert_eq!(hits, [false, false, false, false, true, false]);
        // Equal sizes: the farther next use leaves.
        let reqs = [(A, 40, true), (B, 40, true), (C, 40, true), (B, 40, true), (A, 40, true), (C, 40, true)];
        let (_, hits, victims) = run(100, &reqs);
        assert_eq!(victims[2], [A]);
        assert_eq!(hits, [false, false, false, true, false, true]);
    }

    /// The peer's table and sampler as plainly as possible: a vector of chains, each head first.
    struct Naive {
        hp: u32,
        chains: Vec<Vec<usize>>,
        rng: Lehmer64,
    }

    impl Naive {
        fn bucket(&self, raw: u64) -> usize {
            (xxh3_u64(raw) & ((1 << self.hp) - 1)) as usize
        }

        fn rehash(&mut self, hp: u32, raw: &[u64]) {
            let old = std::mem::replace(&mut self.chains, vec![vec![]; 1 << hp]);
            self.hp = hp;
            for chain in old {
                for id in chain {
                    let b = self.bucket(raw[id]);
                    self.chains[b].insert(0, id);
                }
            }
        }

        fn len(&self) -> usize {
            self.chains.iter().map(Vec::len).sum()
        }
    }

    /// Random variable-size traces against the naive peer model, request by request.
    #[test]
    fn matches_a_naive_model() {
        let mut rng = Rng::seeded(7);
        for round in 0..300 {
            let objects = 1 + rng.below(40) as usize;
            let n = 1 + rng.below(400) as usize;
            let capacity = 1 + rng.below(2000);
            let hp = rng.below(5) as u32;
            let samples = 1 + rng.below(6) as u32;
            let raw: Vec<u64> = (0..objects).map(|_| rng.next_u64()).collect();
            let obj_size: Vec<u64> = (0..objects).map(|_| 1 + rng.below(400)).collect();
            let reqs: Vec<(Block, u64, bool)> = (0..n)
                .map(|_| {
                    let b = rng.below(objects as u64) as usize;
                    // Sizes mostly stable per object, sometimes not; some refused.
                    let s = if rng.below(8) == 0 { 1 + rng.below(400) } else { obj_size[b] };
                    (b as Block, s, rng.below(10) != 0)
                })
                .collect();
            let refs: Vec<Block> = reqs.iter().map(|r| r.0).collect();
            let mut c = BeladySize::with_hashpower(capacity, refs.clone(), raw.clone(), samples, hp).unwrap();
            let mut m = Naive { hp, chains: vec![vec![]; 1 << hp], rng: Lehmer64::new() };
            let mut size = vec![0u64; objects];
            let mut used = 0u64;
            let next_of = |i: usize| (i + 1..n).find(|&j| refs[j] == refs[i]).map_or(u64::MAX, |j| j as u64 + 1);
            let mut nexts = vec![0u64; objects];
            for (i, &(b, s, admit)) in reqs.iter().enumerate() {
                let n_req = i as u64 + 1;
                let next = next_of(i);
                let id = b as usize;
                let cached = m.chains.iter().any(|ch| ch.contains(&id));
                let mut want_ev = vec![];
                let want_hit = if cached {
                    if next == u64::MAX {
                        let bk = m.bucket(raw[id]);
                        m.chains[bk].retain(|&x| x != id);
                        used -= size[id];
                    } else {
                        nexts[id] = next;
                    }
                    true
                } else {
                    if admit && s <= capacity {
                        while used + s > capacity {
                            let mut best = None;
                            let mut best_score = -1.0;
                            for _ in 0..samples {
                                let mut pos = (m.rng.next() & ((1 << m.hp) - 1)) as usize;
                                let mut tries = 0;
                                while m.chains[pos].is_empty() {
                                    tries += 1;
                                    if tries > 32 {
                                        m.rehash(m.hp - 1, &raw);
                                    }
                                    pos = (m.rng.next() & ((1 << m.hp) - 1)) as usize;
                                }
                                let k = (m.rng.next() % m.chains[pos].len() as u64) as usize;
                                let o = m.chains[pos][k];
                                let score = libm::log(size[o] as f64) + libm::log((nexts[o] - n_req) as f64);
                                if best_score < score {
                                    best = Some(o);
                                    best_score = score;
                                }
                            }
                            let v = best.unwrap();
                            let bk = m.bucket(raw[v]);
                            m.chains[bk].retain(|&x| x != v);
                            used -= size[v];
                            want_ev.push(v as Block);
                        }
                        if next != u64::MAX {
                            if m.len() > (1 << m.hp) * 2 {
                                m.rehash(m.hp + 1, &raw);
                            }
                            let bk = m.bucket(raw[id]);
                            m.chains[bk].insert(0, id);
                            size[id] = s;
                            nexts[id] = next;
                            used += s;
                        }
                    }
                    false
                };
                let mut ev = vec![];
                let hit = c.access(b, s, admit, &mut ev);
                assert_eq!((hit, &ev), (want_hit, &want_ev), "round {round}, request {i}");
                assert_eq!(c.used(), used, "round {round}, request {i}");
                assert_eq!(c.table.hashpower, m.hp, "round {round}, request {i}");
                c.check_invariants().unwrap();
            }
        }
    }

    /// The peer's numbers on the shared CloudPhysics trace (libcachesim 0.3.5, each run in a
    /// fresh process): (capacity, samples, initial hash power, misses, bytes missed).
    #[test]
    fn peer_numbers_on_cloudphysics() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
        let path = root.join("../shared/traces/cloudPhysicsIO.oracleGeneral.bin");
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("skipping the peer comparison: {} is absent", path.display());
            return;
        };
        let opts = crate::trace::Options { object_mode: true, ..Default::default() };
        let trace = crate::trace::parse(&bytes, crate::trace::Format::OracleGeneral, &opts).unwrap();
        let cases: [(u64, u32, u32, u64, u64); 7] = [
            (134_217_728, 128, 24, 74_334, 3_510_640_128),
            (268_435_456, 128, 24, 64_560, 3_046_984_704),
            (536_870_912, 128, 24, 56_524, 2_537_697_280),
            (134_217_728, 1, 24, 87_603, 3_932_080_128),
            (134_217_728, 4, 24, 79_721, 3_699_510_272),
            (134_217_728, 16, 24, 75_505, 3_590_066_688),
            (134_217_728, 128, 4, 74_332, 3_509_287_424),
        ];
        let mut ev = vec![];
        for (capacity, samples, hp, misses, bytes_missed) in cases {
            let mut c =
                BeladySize::with_hashpower(capacity, trace.refs.clone(), trace.raw.clone(), samples, hp).unwrap();
            let (mut m, mut mb) = (0u64, 0u64);
            for (&b, &s) in trace.refs.iter().zip(&trace.sizes) {
                ev.clear();
                if !c.access(b, s, true, &mut ev) {
                    m += 1;
                    mb += s;
                }
            }
            c.check_invariants().unwrap();
            assert_eq!((m, mb), (misses, bytes_missed), "{capacity} bytes, {samples} samples, hash power {hp}");
        }
    }
}
