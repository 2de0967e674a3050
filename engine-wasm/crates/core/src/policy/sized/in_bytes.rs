//! A cache of a hierarchy counted in bytes: a [`Policy`] like any other cache's, so the
//! protocols (DEMOTE, HA_R, AC_CA, DU, SE) move its objects as they move blocks, with a byte
//! budget around the policy's order. It is [`super::BySize`]'s rule — the policy built unbounded
//! and asked for victims until a newcomer fits, an object larger than the whole cache never
//! admitted, a hit keeping the size its copy was admitted with — opened up to every operation a
//! hierarchy makes: insertion at either end ([`Policy::insert_sized`], the newcomer's size told by
//! the hierarchy), repositioning, removal, eviction one victim at a time (a DEMOTE client making
//! room), each keeping the bytes in use.
//!
//! Over one cache and the same requests it admits, evicts and hits exactly as `BySize` does (a
//! test holds them together), so a single cache of a scenario gives `tiersim sim`'s — and the
//! peer's — counts.
//!
//! Which policies: those whose victims follow an order that does not depend on the capacity
//! ([`PolicyConfig::orders_by_bytes`]: LRU, MRU, FIFO, CLOCK, SIEVE, GDS, GDSF, LHD), and offline MIN
//! built from its reference string ([`InBytes::over`]).

use super::super::{End, Policy, PolicyConfig, TeachingViews, VictimPreview};
use crate::model::Block;

/// What a cache in bytes holds against what it may ([`Policy::bytes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteBudget {
    pub capacity: u64,
    pub used: u64,
    /// It has evicted to make room at least once: full, as a cache in blocks is full when it
    /// holds its capacity (paper 004's warm counters start there).
    pub full: bool,
    /// Objects it was asked to take that were larger than the whole cache (never admitted).
    pub too_large: u64,
}

pub struct InBytes {
    inner: Box<dyn Policy>,
    /// Whether `inner` weighs objects by size (GDSF, GDS) and lets a newcomer in before its
    /// victims leave: asked once.
    weighs: bool,
    enters_first: bool,
    budget: ByteBudget,
    /// Per object id: the bytes its cached copy takes (meaningful while it is cached).
    size_of: Vec<u64>,
}

impl InBytes {
    /// `policy` over `capacity` bytes (at least 1); `universe`: the ids expected (a hint).
    pub fn new(policy: &PolicyConfig, capacity: u64, universe: usize, seed: u64) -> Result<Self, String> {
        if !policy.orders_by_bytes() {
            return Err(PolicyConfig::bytes_refusal_in_hierarchy(policy));
        }
        Self::over(policy.build(usize::MAX, universe, seed)?, capacity, universe)
    }

    /// `capacity` bytes of an unbounded `inner` cache built elsewhere (MIN, from its string).
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
        let budget = ByteBudget { capacity, used: 0, full: false, too_large: 0 };
        Ok(Self { inner, weighs, enters_first, budget, size_of: vec![0; universe] })
    }

    /// Evicts the policy's victims until at most `bytes` are in use.
    fn make_room(&mut self, bytes: u64, evicted: &mut Vec<Block>) {
        while self.budget.used > bytes {
            let Some(victim) = self.evict() else { break };
            evicted.push(victim);
        }
    }

    /// The bytes `block`'s copy took when it was last admitted (0 if it never was).
    pub fn copy_size(&self, block: Block) -> u64 {
        self.size_of.get(block as usize).copied().unwrap_or(0)
    }
}

impl Policy for InBytes {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// Counted in bytes, not blocks: no number of blocks fills it ([`Policy::bytes`] says
    /// what does).
    fn capacity(&self) -> usize {
        usize::MAX
    }

    fn len(&self) -> usize {
        self.inner.len()
    }

    fn contains(&self, block: Block) -> bool {
        self.inner.contains(block)
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        self.inner.on_hit(block)
    }

    fn miss_end(&self) -> End {
        self.inner.miss_end()
    }

    /// An insertion without a size takes the size the object's copy last had here (1 byte if
    /// it never had one): the hierarchy always says it ([`Policy::insert_sized`]); this is for
    /// callers that move an object back in (tests).
    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        let size = self.copy_size(block).max(1);
        self.insert_sized(block, size, end, evicted);
    }

    #[inline]
    fn insert_sized(&mut self, block: Block, size: u64, end: End, evicted: &mut Vec<Block>) {
        if size > self.budget.capacity {
            self.budget.too_large += 1;
            return;
        }
        if self.weighs {
            self.inner.sizes().expect("weighs sizes").admit_size(size, size);
        }
        let enters_first = self.enters_first;
        if !enters_first {
            self.make_room(self.budget.capacity - size, evicted);
        }
        self.inner.insert(block, end, evicted);
        let i = block as usize;
        if i >= self.size_of.len() {
            self.size_of.resize((i + 1).max(self.size_of.len() * 2), 0);
        }
        self.size_of[i] = size;
        self.budget.used += size;
        if enters_first {
            // The newcomer may be the first to go (its priority the lowest): then it is this
            // insertion's victim, as a declined block is an admission filter's.
            self.make_room(self.budget.capacity, evicted);
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        self.inner.reposition(block, end)
    }

    fn remove(&mut self, block: Block) -> bool {
        let removed = self.inner.remove(block);
        if removed {
            self.budget.used -= self.size_of[block as usize];
        }
        removed
    }

    fn evict(&mut self) -> Option<Block> {
        let victim = self.inner.evict()?;
        self.budget.used -= self.size_of[victim as usize];
        self.budget.full = true;
        Some(victim)
    }

    fn contents(&self, out: &mut Vec<Block>) {
        self.inner.contents(out)
    }

    /// The policy's own invariants, and the bytes in use are the cached copies' sizes, within
    /// the capacity.
    fn check_invariants(&self) -> Result<(), String> {
        self.inner.check_invariants()?;
        let mut cached = Vec::new();
        self.inner.contents(&mut cached);
        let sum: u64 = cached.iter().map(|&b| self.size_of[b as usize]).sum();
        if sum != self.budget.used {
            return Err(format!("{} bytes in use, but the cached copies take {sum}", self.budget.used));
        }
        if self.budget.used > self.budget.capacity {
            return Err(format!("{} bytes in use in a cache of {}", self.budget.used, self.budget.capacity));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }

    fn victims(&self) -> Option<&dyn VictimPreview> {
        Some(self)
    }

    fn bytes(&self) -> Option<ByteBudget> {
        Some(self.budget)
    }
}

/// The policy's own lists, and each copy's bytes.
impl TeachingViews for InBytes {
    fn queues(&self, out: &mut Vec<super::super::Queue>) {
        (*self.inner).queues(out)
    }

    fn stack(&self, out: &mut Vec<super::super::StackEntry>) -> bool {
        (*self.inner).stack(out)
    }

    fn priorities(&self, blocks: &[Block], out: &mut Vec<f64>) -> Option<f64> {
        (*self.inner).priorities(blocks, out)
    }

    fn copy_bytes(&self, block: Block) -> Option<u64> {
        Some(self.copy_size(block))
    }
}

/// The policy's next victims, in its order. Which of them a newcomer would push out depends on
/// its size, so the O(1) answer ([`VictimPreview::next_victim`]) is never given.
impl VictimPreview for InBytes {
    fn candidates(&self, k: usize, out: &mut Vec<Block>) {
        self.inner.candidates(k, out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::BySize;
    use super::*;
    use crate::util::rng::Rng;

    fn refs(rng: &mut Rng, n: usize, objects: u64, changes: bool) -> Vec<(Block, u64)> {
        (0..n)
            .map(|_| {
                let b = rng.below(objects).min(rng.below(objects)) as Block;
                let size = 1 + (b as u64 * 7919) % 900;
                // Now and then the object is asked for at another size (it changed).
                (b, if changes && rng.below(20) == 0 { size * 2 } else { size })
            })
            .collect()
    }

    /// The hierarchy's way of serving one cache: look up, and on a miss insert at the miss end.
    fn serve(c: &mut dyn Policy, b: Block, size: u64, evicted: &mut Vec<Block>) -> bool {
        if c.on_hit(b) {
            return true;
        }
        let end = c.miss_end();
        c.insert_sized(b, size, end, evicted);
        false
    }

    #[test]
    fn one_cache_hits_and_evicts_as_by_size_does() {
        let mut rng = Rng::seeded(51);
        let policies = [
            PolicyConfig::Lru,
            PolicyConfig::Fifo,
            PolicyConfig::Mru,
            PolicyConfig::Clock,
            PolicyConfig::Sieve,
            PolicyConfig::Gds,
            PolicyConfig::Gdsf,
        ];
        for policy in policies {
            for capacity in [1, 300, 2_000, 20_000] {
                let trace = refs(&mut rng, 4_000, 80, true);
                let mut ours = InBytes::new(&policy, capacity, 8, 3).unwrap();
                let mut theirs = BySize::new(&policy, capacity, 8, 3).unwrap();
                let (mut a, mut b) = (Vec::new(), Vec::new());
                for (k, &(block, size)) in trace.iter().enumerate() {
                    a.clear();
                    b.clear();
                    let hit = serve(&mut ours, block, size, &mut a);
                    assert_eq!(hit, theirs.access(block, size, true, &mut b), "{policy:?} {capacity} B, request {k}");
                    // BySize takes back a newcomer that was its own victim; here it is one.
                    if a.last() == Some(&block) && b.last() != Some(&block) {
                        a.pop();
                    }
                    assert_eq!(a, b, "{policy:?} {capacity} B, request {k}: victims");
                    assert_eq!(ours.bytes().unwrap().used, theirs.used());
                }
                ours.check_invariants().unwrap();
            }
        }
    }

    #[test]
    fn worked_example_demote_style_room_then_insert_at_either_end() {
        // LRU over 1000 bytes: A 400, B 300, C 200 fill 900 bytes.
        let (a, b, c, d) = (0, 1, 2, 3);
        let mut lru = InBytes::new(&PolicyConfig::Lru, 1000, 4, 1).unwrap();
        let mut ev = Vec::new();
        for (block, size) in [(a, 400), (b, 300), (c, 200)] {
            assert!(!serve(&mut lru, block, size, &mut ev));
        }
        assert_eq!((ev.len(), lru.bytes().unwrap().used, lru.bytes().unwrap().full), (0, 900, false));
        // A client making room for D (500 bytes) evicts one victim at a time, oldest first:
        // A (400) leaves 500 in use, which with D's 500 fits.
        assert_eq!(lru.evict(), Some(a));
        assert_eq!(lru.bytes().unwrap().used, 500);
        assert!(lru.bytes().unwrap().full);
        lru.insert_sized(d, 500, End::EjectLast, &mut ev);
        assert!(ev.is_empty());
        // A DEMOTEd object enters at the "eject last" end; one sent to the eject-next end is
        // the next victim: B, C, D; then E (100 B) at the front goes first.
        lru.insert_sized(4, 100, End::EjectNext, &mut ev);
        assert_eq!(ev, vec![b], "B (300) leaves to make room for E's 100");
        let mut order = Vec::new();
        lru.contents(&mut order);
        assert_eq!(order, vec![4, c, d]);
        assert!(lru.remove(c));
        assert_eq!(lru.bytes().unwrap().used, 600);
        // An object larger than the whole cache moves nothing, and is counted.
        lru.insert_sized(5, 1001, End::EjectLast, &mut ev);
        assert_eq!((lru.len(), lru.bytes().unwrap().used, lru.bytes().unwrap().too_large), (2, 600, 1));
        lru.check_invariants().unwrap();
    }

    #[test]
    fn a_hit_keeps_the_size_its_copy_was_admitted_with() {
        let mut lru = InBytes::new(&PolicyConfig::Lru, 350, 0, 1).unwrap();
        let mut ev = Vec::new();
        let got: Vec<bool> =
            [(1, 100), (1, 300), (2, 100), (1, 300)].iter().map(|&(b, s)| serve(&mut lru, b, s, &mut ev)).collect();
        assert_eq!((got, lru.bytes().unwrap().used, lru.copy_size(1)), (vec![false, true, false, true], 200, 100));
    }

    #[test]
    fn only_policies_ordered_apart_from_the_capacity_take_bytes_here() {
        let e = InBytes::new(&PolicyConfig::Arc, 1 << 20, 0, 1).err().unwrap();
        assert!(e.contains("arc"), "{e}");
        assert!(InBytes::new(&PolicyConfig::Lru, 0, 0, 1).is_err());
    }
}
