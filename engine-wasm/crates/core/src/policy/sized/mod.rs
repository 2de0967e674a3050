//! A cache counted in bytes: objects of any size in one policy's order. The capacity is a
//! number of bytes; a miss admits the object, first evicting the policy's victims until it
//! fits, and an object larger than the whole cache is not admitted (the request is a miss and
//! nothing moves). This is libCacheSim's rule (`cache_get_base`: evict while
//! `occupied + size > capacity`, and `can_insert` refuses an object above the capacity), so
//! the two count the same misses on the same trace.
//!
//! A policy that weighs objects by size may ask to take the newcomer in first and then evict
//! while the cache is over its capacity, the newcomer included (GDSF in libCacheSim: an object
//! whose priority is the lowest is evicted at once, and the inflation value rises to it).
//!
//! **A request whose size differs from the cached copy's** is a hit, and the cached copy keeps
//! the size it was admitted with: the peer does the same (probed with libcachesim 0.3.5: the
//! trace `1:100 1:300 2:100` in 350 bytes keeps both objects, 200 bytes in all). The request's
//! own size is what the byte counters count. An object evicted and fetched again is admitted
//! with its new size.
//!
//! Which policies: those whose choice of victim does not depend on the capacity — a queue, a
//! clock, a sieve, GDSF's priorities ([`PolicyConfig::orders_by_bytes`]). The policy is built
//! unbounded (it never evicts by itself) and this cache asks it for victims; one that weighs
//! objects by size ([`super::SizeAware`]) is told each newcomer's size. Policies whose lists are
//! sized have a byte version of their own, the peer's ([`ArcBytes`], [`S3FifoBytes`]), as has
//! the offline [`BeladySize`]; LRU and FIFO keep sizes in their list nodes ([`ListBytes`], the
//! same rules, faster). A [`ByteCache`] is any of them.
//!
//! **A size-threshold admission filter** can stand in front of any of them
//! ([`ByteCache::admit_below`]): an object of `threshold` bytes or more is never admitted (a
//! miss that moves nothing), libCacheSim's `SizeAdmissioner` (strictly below is admitted). It is
//! asked after the lookup, so a ghost hit still teaches ARC. **AdaptSize** ([`AdaptSize`],
//! [`ByteCache::adapt_size`]) can stand there instead: it admits an object of `size` bytes with
//! probability e^(−size / c), `c` tuned by its model of the cache.

/// The [`Policy`] methods of a byte version with lists of its own ([`ArcBytes`], [`S3FifoBytes`])
/// as a hierarchy's cache: a lookup is the type's `lookup`, an insertion its `admit` (an object
/// larger than the whole cache counted in `too_large`, moving nothing), the rest its inherent
/// accessors. The type writes `reposition`, `remove` and `evict` itself.
macro_rules! own_lists_policy_body {
    ($name:literal) => {
        fn name(&self) -> &'static str {
            $name
        }

        /// Counted in bytes ([`Policy::bytes`]).
        fn capacity(&self) -> usize {
            usize::MAX
        }

        fn len(&self) -> usize {
            Self::len(self)
        }

        fn contains(&self, block: Block) -> bool {
            Self::contains(self, block)
        }

        #[inline]
        fn on_hit(&mut self, block: Block) -> bool {
            self.lookup(block)
        }

        fn miss_end(&self) -> End {
            End::EjectLast
        }

        /// Without a size: the size its entry last had (1 byte if never listed).
        fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
            let size = self.size.get(block as usize).copied().unwrap_or(0).max(1);
            self.insert_sized(block, size, end, evicted);
        }

        #[inline]
        fn insert_sized(&mut self, block: Block, size: u64, end: End, evicted: &mut Vec<Block>) {
            if size > self.c {
                self.too_large += 1;
                self.pending = None;
                return;
            }
            self.admit(block, size, end, evicted);
        }

        fn contents(&self, out: &mut Vec<Block>) {
            Self::contents(self, out)
        }

        fn check_invariants(&self) -> Result<(), String> {
            Self::check_invariants(self)
        }

        fn views(&self) -> Option<&dyn TeachingViews> {
            Some(self)
        }

        fn victims(&self) -> Option<&dyn VictimPreview> {
            Some(self)
        }

        fn bytes(&self) -> Option<ByteBudget> {
            Some(ByteBudget { capacity: self.c, used: self.used(), full: self.full(), too_large: self.too_large })
        }
    };
}

pub mod adaptsize;
mod arc;
pub mod belady_size;
mod in_bytes;
mod lists;
mod s3fifo;

pub use adaptsize::AdaptSize;
pub use arc::ArcBytes;
pub use belady_size::BeladySize;
pub use in_bytes::{ByteBudget, InBytes};
pub use lists::ListBytes;
pub use s3fifo::S3FifoBytes;

use super::{Policy, PolicyConfig};
use crate::model::Block;

/// A cache counted in bytes, under any policy that takes bytes (the others are refused with
/// [`PolicyConfig::bytes_refusal`]), with an optional size threshold in front.
pub struct ByteCache {
    inner: Inner,
    /// Objects of this many bytes or more are not admitted (`u64::MAX`: all are).
    threshold: u64,
    /// AdaptSize's admission, if it stands in front.
    adapt: Option<Box<AdaptSize>>,
}

enum Inner {
    List(ListBytes),
    Order(BySize),
    Arc(Box<ArcBytes>),
    S3Fifo(Box<S3FifoBytes>),
    BeladySize(Box<BeladySize>),
}

/// One body for every [`Inner`]: `$c` bound to the cache, whichever it is.
macro_rules! each {
    ($self:expr, $c:ident => $body:expr) => {
        match $self {
            Inner::List($c) => $body,
            Inner::Order($c) => $body,
            Inner::Arc($c) => $body,
            Inner::S3Fifo($c) => $body,
            Inner::BeladySize($c) => $body,
        }
    };
}

impl ByteCache {
    /// `policy` over `capacity` bytes (at least 1); `universe`: the ids expected (a hint).
    pub fn new(policy: &PolicyConfig, capacity: u64, universe: usize, seed: u64) -> Result<Self, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one byte".into());
        }
        let inner = match *policy {
            PolicyConfig::Lru => Inner::List(ListBytes::new(true, capacity, universe)),
            PolicyConfig::Fifo => Inner::List(ListBytes::new(false, capacity, universe)),
            PolicyConfig::Arc => Inner::Arc(Box::new(ArcBytes::new(capacity, universe))),
            PolicyConfig::S3Fifo { small_share } => {
                Inner::S3Fifo(Box::new(S3FifoBytes::new(capacity, universe, small_share)?))
            }
            _ => Inner::Order(BySize::new(policy, capacity, universe, seed)?),
        };
        Ok(Self { inner, threshold: u64::MAX, adapt: None })
    }

    /// A policy built elsewhere, asked for victims ([`BySize::over`]: MIN from its string).
    pub fn over(inner: Box<dyn Policy>, capacity: u64, universe: usize) -> Result<Self, String> {
        Ok(Self { inner: Inner::Order(BySize::over(inner, capacity, universe)?), threshold: u64::MAX, adapt: None })
    }

    /// BeladySize over `capacity` bytes, from the reference string `refs` it will see and the
    /// file's id of each dense id (`raw`: its sampler hashes them, as the peer's).
    pub fn belady_size(capacity: u64, samples: u32, refs: Vec<Block>, raw: Vec<u64>) -> Result<Self, String> {
        let inner = Inner::BeladySize(Box::new(BeladySize::new(capacity, refs, raw, samples)?));
        Ok(Self { inner, threshold: u64::MAX, adapt: None })
    }

    /// Admits only objects below `threshold` bytes (at least 1).
    pub fn admit_below(&mut self, threshold: u64) -> Result<(), String> {
        if self.adapt.is_some() {
            return Err("one admission filter at a time (AdaptSize is already in front)".into());
        }
        if threshold == 0 {
            return Err("the size threshold must be at least 1 byte (objects below it are admitted)".into());
        }
        self.threshold = threshold;
        Ok(())
    }

    /// Puts AdaptSize in front ([`AdaptSize`]): every request teaches it, and a missed object is
    /// admitted with its probability. Not with a size threshold.
    pub fn adapt_size(&mut self, interval: u64, max_iterations: u32, universe: usize, seed: u64) -> Result<(), String> {
        if self.threshold != u64::MAX {
            return Err("adaptsize: one admission filter at a time (a size threshold is already in front)".into());
        }
        self.adapt = Some(Box::new(AdaptSize::new(self.capacity(), universe, seed, interval, max_iterations)?));
        Ok(())
    }

    /// AdaptSize's state, if it stands in front.
    pub fn adaptsize(&self) -> Option<&AdaptSize> {
        self.adapt.as_deref()
    }

    /// A reference to `block`, `size` bytes (see [`BySize::access`]); returns whether it hit.
    #[inline]
    pub fn access(&mut self, block: Block, size: u64, evicted: &mut Vec<Block>) -> bool {
        // LRU and FIFO without AdaptSize, inline; the rest apart, for their arithmetic on the
        // size (GDSF's priority, LHD's, AdaptSize's) would otherwise be hoisted into every
        // request of a caller's loop, these included.
        match (&mut self.inner, &self.adapt) {
            (Inner::List(c), None) => c.access(block, size, size < self.threshold, evicted),
            _ => self.access_apart(block, size, evicted),
        }
    }

    #[inline(never)]
    fn access_apart(&mut self, block: Block, size: u64, evicted: &mut Vec<Block>) -> bool {
        let admit = match &mut self.adapt {
            None => size < self.threshold,
            Some(a) => {
                // As the peer: the lookup, then the statistics, then (on a miss of an object that
                // fits) the roll.
                a.update(block, size);
                let contained = each!(&self.inner, c => c.contains(block));
                contained || size > each!(&self.inner, c => c.capacity()) || a.admit(size)
            }
        };
        each!(&mut self.inner, c => c.access(block, size, admit, evicted))
    }

    /// A reference to an object of `size` bytes that takes `charge` bytes of the capacity: a
    /// miniature cache's object sampled with certainty stands for `charge / size` of itself
    /// ([`crate::analysis::minisim::bytes`]). A policy that weighs sizes (GDS, GDSF, LHD) ranks
    /// it by `size`; every policy counts `charge` against the capacity, and refuses it as too
    /// large when `charge` exceeds the capacity. No admission filter may stand in front.
    pub fn access_charged(&mut self, block: Block, size: u64, charge: u64, evicted: &mut Vec<Block>) -> bool {
        debug_assert!(self.adapt.is_none() && self.threshold == u64::MAX, "no admission filter");
        match &mut self.inner {
            Inner::Order(c) => c.access_charged(block, size, charge, true, evicted),
            // The others rank without sizes: the charge is all they count.
            inner => each!(inner, c => c.access(block, charge, true, evicted)),
        }
    }

    /// Tells the policy that this cache is a miniature at sampling rate `rate`
    /// ([`super::SizeAware::miniature`]).
    pub fn miniature(&mut self, rate: f64) {
        if let Inner::Order(c) = &mut self.inner {
            if let Some(w) = c.inner.sizes() {
                w.miniature(rate);
            }
        }
    }

    /// Whether the policy ranks objects by their sizes (GDS, GDSF, LHD), not only counts them.
    pub fn weighs_sizes(&self) -> bool {
        matches!(&self.inner, Inner::Order(c) if c.weighs)
    }

    pub fn used(&self) -> u64 {
        each!(&self.inner, c => c.used())
    }

    pub fn capacity(&self) -> u64 {
        each!(&self.inner, c => c.capacity())
    }

    pub fn len(&self) -> usize {
        each!(&self.inner, c => c.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, block: Block) -> bool {
        each!(&self.inner, c => c.contains(block))
    }

    /// The cached objects (next victim first where the policy has one order).
    pub fn contents(&self, out: &mut Vec<Block>) {
        each!(&self.inner, c => c.contents(out))
    }

    pub fn check_invariants(&self) -> Result<(), String> {
        each!(&self.inner, c => c.check_invariants())
    }
}

/// A cache of a scenario's hierarchy counted in bytes, `capacity` bytes of `policy`: ARC and
/// S3-FIFO in their byte versions (the peer's, as in [`ByteCache`]), any other policy that
/// orders by bytes asked for victims ([`InBytes`]).
pub fn in_hierarchy(
    policy: &PolicyConfig,
    capacity: u64,
    universe: usize,
    seed: u64,
) -> Result<Box<dyn Policy>, String> {
    if capacity == 0 {
        return Err("a cache must hold at least one byte".into());
    }
    Ok(match *policy {
        PolicyConfig::Arc => Box::new(ArcBytes::new(capacity, universe)),
        PolicyConfig::S3Fifo { small_share } => Box::new(S3FifoBytes::new(capacity, universe, small_share)?),
        _ => Box::new(InBytes::new(policy, capacity, universe, seed)?),
    })
}

/// A policy's cache, `capacity` bytes.
pub struct BySize {
    inner: Box<dyn Policy>,
    /// Whether `inner` weighs objects by size ([`super::SizeAware`]), and lets a newcomer in
    /// before its victims leave: asked once, not at every miss.
    weighs: bool,
    enters_first: bool,
    capacity: u64,
    used: u64,
    /// Per block id: the bytes its cached copy takes (meaningful while it is cached).
    size_of: Vec<u64>,
}

impl BySize {
    /// `policy` over `capacity` bytes (at least 1); `universe`: the block ids expected (a hint).
    pub fn new(policy: &PolicyConfig, capacity: u64, universe: usize, seed: u64) -> Result<Self, String> {
        if !policy.orders_by_bytes() {
            return Err(PolicyConfig::bytes_refusal(policy));
        }
        Self::over(policy.build(usize::MAX, universe, seed)?, capacity, universe)
    }

    /// `capacity` bytes of an unbounded `inner` cache built elsewhere (an offline policy's,
    /// from its reference string: MIN).
    pub fn over(mut inner: Box<dyn Policy>, capacity: u64, universe: usize) -> Result<Self, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one byte".into());
        }
        let (weighs, enters_first) = match inner.sizes() {
            Some(w) => {
                w.capacity_in_bytes(capacity);
                (true, w.enters_before_evicting())
            }
            None => (false, false),
        };
        Ok(Self { inner, weighs, enters_first, capacity, used: 0, size_of: vec![0; universe] })
    }

    /// Bytes cached now.
    pub fn used(&self) -> u64 {
        self.used
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    pub fn len(&self) -> usize {
        self.inner.len()
    }

    pub fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }

    pub fn contains(&self, block: Block) -> bool {
        self.inner.contains(block)
    }

    /// A reference to `block`, `size` bytes: a hit reorders it as the policy says; a miss
    /// admits it if `admit` and it fits in the whole cache, evicting victims (pushed into
    /// `evicted`) until it fits. Returns whether it was a hit.
    #[inline]
    pub fn access(&mut self, block: Block, size: u64, admit: bool, evicted: &mut Vec<Block>) -> bool {
        self.access_charged(block, size, size, admit, evicted)
    }

    /// As [`BySize::access`], for an object of `size` bytes (what the policy weighs) that
    /// takes `charge` bytes of the capacity (see [`ByteCache::access_charged`]).
    #[inline]
    pub fn access_charged(
        &mut self,
        block: Block,
        size: u64,
        charge: u64,
        admit: bool,
        evicted: &mut Vec<Block>,
    ) -> bool {
        if self.inner.on_hit(block) {
            return true;
        }
        if !admit || charge > self.capacity {
            return false;
        }
        if self.weighs {
            self.inner.sizes().expect("weighs sizes").admit_size(size, charge);
        }
        let enters_first = self.enters_first;
        if !enters_first {
            self.make_room(self.capacity - charge, evicted);
        }
        let end = self.inner.miss_end();
        self.inner.insert(block, end, evicted);
        let i = block as usize;
        if i >= self.size_of.len() {
            self.size_of.resize((i + 1).max(self.size_of.len() * 2), 0);
        }
        self.size_of[i] = charge;
        self.used += charge;
        if enters_first {
            self.make_room(self.capacity, evicted);
            // The newcomer may have been the first to go: it was never really cached.
            if evicted.last() == Some(&block) {
                evicted.pop();
            }
        }
        false
    }

    /// Evicts the policy's victims until at most `bytes` are in use.
    fn make_room(&mut self, bytes: u64, evicted: &mut Vec<Block>) {
        while self.used > bytes {
            let victim = self.inner.evict().expect("bytes in use, so a block is cached");
            self.used -= self.size_of[victim as usize];
            evicted.push(victim);
        }
    }

    /// The cached blocks, next victim first.
    pub fn contents(&self, out: &mut Vec<Block>) {
        self.inner.contents(out);
    }

    /// The policy's own invariants, and the bytes in use are the cached copies' sizes, within
    /// the capacity.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.inner.check_invariants()?;
        let mut cached = Vec::new();
        self.inner.contents(&mut cached);
        let sum: u64 = cached.iter().map(|&b| self.size_of[b as usize]).sum();
        if sum != self.used {
            return Err(format!("{} bytes in use, but the cached copies take {sum}", self.used));
        }
        if self.used > self.capacity {
            return Err(format!("{} bytes in use in a cache of {}", self.used, self.capacity));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;

    /// The naive model: the cached objects in the policy's order as a vector, the front the
    /// next victim. LRU moves a hit to the back; FIFO does not.
    fn naive(lru: bool, capacity: u64, refs: &[(Block, u64)]) -> Vec<bool> {
        let mut cached: Vec<(Block, u64)> = Vec::new();
        let mut out = Vec::new();
        for &(b, size) in refs {
            if let Some(i) = cached.iter().position(|&(c, _)| c == b) {
                if lru {
                    let e = cached.remove(i);
                    cached.push(e);
                }
                out.push(true);
                continue;
            }
            out.push(false);
            if size > capacity {
                continue;
            }
            while cached.iter().map(|e| e.1).sum::<u64>() + size > capacity {
                cached.remove(0);
            }
            cached.push((b, size));
        }
        out
    }

    #[test]
    fn lru_and_fifo_by_bytes_match_the_naive_model() {
        let mut rng = Rng::seeded(35);
        for (policy, lru) in [(PolicyConfig::Lru, true), (PolicyConfig::Fifo, false)] {
            for capacity in [1, 100, 700, 5_000] {
                let refs: Vec<(Block, u64)> = (0..3000)
                    .map(|_| {
                        let b = rng.below(60).min(rng.below(60)) as Block;
                        // Sizes fixed per object, but some objects larger than small caches.
                        (b, 1 + (b as u64 * 7919) % 900)
                    })
                    .collect();
                let want = naive(lru, capacity, &refs);
                // The list of sized nodes a cache in bytes uses, and the same policy asked for
                // victims by `BySize`: the same hits, the same contents.
                let (mut fast, mut slow) =
                    (ByteCache::new(&policy, capacity, 4, 1).unwrap(), BySize::new(&policy, capacity, 4, 1).unwrap());
                let mut evicted = Vec::new();
                let got: Vec<bool> = refs.iter().map(|&(b, s)| fast.access(b, s, &mut evicted)).collect();
                fast.check_invariants().unwrap();
                assert_eq!(got, want, "{policy:?} at {capacity} bytes");
                let got: Vec<bool> = refs.iter().map(|&(b, s)| slow.access(b, s, true, &mut evicted)).collect();
                slow.check_invariants().unwrap();
                assert_eq!(got, want, "{policy:?} at {capacity} bytes, asked for victims");
                let (mut a, mut b) = (Vec::new(), Vec::new());
                fast.contents(&mut a);
                slow.contents(&mut b);
                assert_eq!(a, b);
            }
        }
    }

    /// Objects of 4 GiB and more: their bytes live beside the list's 4-byte weights, and the
    /// cache counts them as the naive model does.
    #[test]
    fn lru_and_fifo_by_bytes_count_objects_of_four_gib_and_more() {
        let mut rng = Rng::seeded(36);
        const G: u64 = 1 << 30;
        for (policy, lru) in [(PolicyConfig::Lru, true), (PolicyConfig::Fifo, false)] {
            let capacity = 40 * G;
            let refs: Vec<(Block, u64)> = (0..4000)
                .map(|_| {
                    let b = rng.below(80).min(rng.below(80)) as Block;
                    // Every third object 4 GiB to 12 GiB (past a 4-byte weight), the others small.
                    (
                        b,
                        if b.is_multiple_of(3) {
                            4 * G + (b as u64 * 7919) % (8 * G)
                        } else {
                            1 + (b as u64 * 7919) % 900
                        },
                    )
                })
                .collect();
            let want = naive(lru, capacity, &refs);
            let mut fast = ByteCache::new(&policy, capacity, 4, 1).unwrap();
            let mut evicted = Vec::new();
            let got: Vec<bool> = refs
                .iter()
                .map(|&(b, s)| {
                    let hit = fast.access(b, s, &mut evicted);
                    fast.check_invariants().unwrap();
                    hit
                })
                .collect();
            assert_eq!(got, want, "{policy:?}");
            assert!(fast.used() > 4 * G && fast.used() <= capacity, "{policy:?}: {} bytes held", fast.used());
        }
    }

    #[test]
    fn worked_example_a_hit_keeps_the_size_it_was_admitted_with() {
        // libcachesim 0.3.5 on the same requests: miss, hit, miss, hit, 200 bytes cached; and
        // an object above the capacity is a miss that moves nothing.
        let mut c = BySize::new(&PolicyConfig::Lru, 350, 0, 1).unwrap();
        let mut ev = Vec::new();
        let got: Vec<bool> =
            [(1, 100), (1, 300), (2, 100), (1, 300)].iter().map(|&(b, s)| c.access(b, s, true, &mut ev)).collect();
        assert_eq!((got, c.used(), ev.len()), (vec![false, true, false, true], 200, 0));
        assert!(!c.access(3, 351, true, &mut ev));
        assert_eq!((c.len(), c.used()), (2, 200));
        // 300 bytes for 3: LRU evicts 2 then 1 (2 was referenced before 1's last hit).
        assert!(!c.access(3, 300, true, &mut ev));
        assert_eq!((ev, c.used()), (vec![2, 1], 300));
        c.check_invariants().unwrap();
    }

    /// Worked by hand (GDS: priority L + 1 / size, the least goes first): an object charged
    /// less than its size takes its charge of the capacity but ranks by its size.
    #[test]
    fn worked_example_a_charged_object_ranks_by_its_size_and_takes_its_charge() {
        let mut c = ByteCache::new(&PolicyConfig::Gds, 100, 8, 1).unwrap();
        assert!(c.weighs_sizes());
        let mut evicted = Vec::new();
        // A: 80 bytes charged 8 (priority 1/80); B: 10 bytes charged 10 (1/10); C: 500 bytes,
        // larger than the cache, charged 50 (1/500): all admitted, 68 bytes in use.
        for (b, size, charge) in [(0, 80, 8), (1, 10, 10), (2, 500, 50)] {
            assert!(!c.access_charged(b, size, charge, &mut evicted));
        }
        assert_eq!((c.used(), c.len(), evicted.len()), (68, 3, 0));
        // D, 40 bytes: 108 in use, so the least priority goes, C (1/500).
        assert!(!c.access_charged(3, 40, 40, &mut evicted));
        assert_eq!((c.used(), evicted.as_slice()), (58, &[2][..]));
        // E, charged more than the whole cache: a miss that moves nothing.
        evicted.clear();
        assert!(!c.access_charged(4, 10, 101, &mut evicted));
        assert_eq!((c.used(), c.len(), evicted.len()), (58, 3, 0));
        // F, 10 bytes charged 50: 108 in use again. A goes (1/80), though its charge of 8 would
        // have ranked it above B (1/8 against 1/10).
        assert!(!c.access_charged(5, 10, 50, &mut evicted));
        assert_eq!((c.used(), evicted.as_slice()), (100, &[0][..]));
        assert!(c.access_charged(1, 10, 10, &mut evicted), "B is still cached");
        c.check_invariants().unwrap();
        // A policy that does not weigh sizes counts the charge alone.
        let mut lru = ByteCache::new(&PolicyConfig::Lru, 100, 8, 1).unwrap();
        assert!(!lru.weighs_sizes());
        assert!(!lru.access_charged(0, 80, 8, &mut evicted));
        assert_eq!(lru.used(), 8);
    }

    #[test]
    fn policies_that_size_their_lists_are_refused_in_bytes_with_the_reason() {
        let e = ByteCache::new(&PolicyConfig::Lirs { hir_share: 0.01 }, 1 << 20, 0, 1).err().unwrap();
        assert!(e.contains("lirs does not take a capacity in bytes"), "{e}");
        assert!(ByteCache::new(&PolicyConfig::Arc, 1 << 20, 0, 1).is_ok());
        assert!(BySize::new(&PolicyConfig::Lru, 0, 0, 1).is_err());
    }
}
