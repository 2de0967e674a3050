//! LHD, Least Hit Density (Beckmann, Chen & Cidon, "LHD: Improving Cache Hit Rate by Maximizing
//! Hit Density", NSDI 2018). An object's *hit density* is the hits it can be expected to get per
//! unit of cache space and time it will occupy: its probability of a hit, over the bytes it takes
//! times the time it stays. LHD learns that density per age (time since the object's last
//! reference, coarsened) and per class (how long its last two reuses took) from the hits and
//! evictions it observes, and evicts the object of least density among a random sample, so a
//! large object is a costly one to keep and a small popular one stays.
//!
//! As the paper's simulator, which libCacheSim carries (`LHD/lhd.cpp`; the peer users compare
//! with), so the two rank alike:
//! - Time counts references to this cache (hits and admissions); ages are shifted down by an
//!   age-coarsening shift (10 at first, tuned at the 6th and 26th reconfiguration from the number
//!   of cached objects so ages stay below [`MAX_AGE`] = 20,000). An object at the last age has
//!   the lowest density possible.
//! - Classes: 16 by the log of the sum of the last two hit ages (an object never hit is in class
//!   0). The peer multiplies them by 16 application classes, of which one (id 1) is ever used;
//!   that one is kept here, and its initial densities are the peer's, `(17 + class) / (age + 1)`
//!   (a GDSF-like start: later ages and less reused classes first).
//! - Every 2²⁰ references, hits and evictions decay by 0.9 and the densities are recomputed from
//!   them, from the oldest age down: `density[a] = Σ_{x≥a} hits[x] / Σ_{x≥a} Σ_{y≥x} events[y]`.
//!   In `f32`, as the peer. (On a trace shorter than 2²⁰ references no reconfiguration happens
//!   and the initial densities rank alone.)
//! - The victim: the least `density / size` of 8 objects drawn (32 after 50 reconfigurations),
//!   with replacement, and of the last 8 admitted objects that looked like victims when they came
//!   in (their density below the running average of the victims'). Ties go to the first seen.
//! - Explorers: an admitted or hit object becomes, with probability 1/32 while fewer than 50
//!   reconfigurations have passed, an explorer whose density is raised by 1 (it is all but never
//!   evicted), as long as explorers take at most 1 % of the cache.
//!
//! Our choices where the peer has nothing to say:
//! - A cache holding no more objects than the draw size is searched whole, without drawing (so
//!   small caches, and the hand-worked tests, are exact).
//! - The hierarchy's calls: inserting at "eject me next" marks the object as the next victim (one
//!   mark at a time, as Hyperbolic does); repositioning to "eject me last" is a reference.
//! - A removal (not an eviction) teaches nothing but returns an explorer's share of the budget.
//! - The peer lets a hit resize a cached copy; here a copy keeps the size it was admitted with, as
//!   in every cache in bytes ([`super::sized`]).
//! - In a miniature cache (a byte curve's, [`SizeAware::miniature`]) each reference of a sampled
//!   object stands for 1 / R of the trace's (of an object taken with certainty, for about one):
//!   the clock counts ticks of 2⁻¹⁰ references, and hits, evictions and the objects the age
//!   coarsening counts are weighted alike, so the mini-cache ages, tallies and reconfigures as the
//!   full cache ([`crate::analysis::minisim::bytes`] says what that changed). In a full cache every
//!   weight is 1.
//! - Drawn with the run's seeded generator: the same scenario gives the same victims everywhere,
//!   but not the peer's (its draws come from its own generator), so the two agree within the
//!   noise of sampling, not to the request.
//!
//! In blocks every object is one unit; in bytes ([`super::sized`]) the cache tells the policy each
//! newcomer's size and the capacity the explorer budget is a share of ([`SizeAware`]).

use super::{End, Policy, SizeAware};
use crate::model::Block;
use crate::util::rng::Rng;
use crate::util::slab::NIL;

/// Ages are coarsened below this; the last one means "too old to say".
pub const MAX_AGE: u64 = 20_000;
/// References between two reconfigurations of the densities.
pub const ACCESSES_PER_RECONFIGURATION: u64 = 1 << 20;
/// Objects drawn per eviction once the model has settled, and before it has.
const ASSOCIATIVITY: usize = 32;
const EARLY_CANDIDATES: usize = 8;
/// Reconfigurations after which the draw grows and explorers stop.
const SETTLED: u32 = 50;
/// Recently admitted likely victims considered at every eviction.
const ADMISSIONS: usize = 8;
const EXPLORER_BUDGET_FRACTION: f32 = 0.01;
const EXPLORE_INVERSE_PROBABILITY: u64 = 32;
const HIT_AGE_CLASSES: usize = 16;
/// The peer's one application class in use (`DEFAULT_APP_ID % APP_CLASSES`): its classes are
/// numbered `APP * 16 + hit-age class`, which its initial densities read.
const APP: usize = 1;
const AGE_COARSENING_ERROR_TOLERANCE: f32 = 0.01;
const EWMA_DECAY: f32 = 0.9;
const INITIAL_SHIFT: u32 = 10;
const AGES: usize = MAX_AGE as usize;
/// The clock counts a reference of the trace as 2^`TICK_BITS` ticks, so that a miniature cache's
/// reference may stand for a fraction more or less than one ([`SizeAware::miniature`]).
const TICK_BITS: u32 = 10;

#[derive(Clone, Copy, Debug)]
struct Tag {
    block: Block,
    /// References of the trace each of its references stands for: 1 but in a miniature cache.
    weight: f32,
    /// When it was last referenced, in ticks.
    timestamp: u64,
    last_hit_age: u32,
    last_last_hit_age: u32,
    /// Units (blocks: 1; bytes) its copy takes.
    size: u64,
    explorer: bool,
}

#[derive(Clone, Debug)]
pub struct Lhd {
    capacity: usize,
    /// The cached objects, in no order (swap-removed), and each id's index among them.
    tags: Vec<Tag>,
    pos: Vec<u32>,
    /// Per class × age: hits and evictions observed (decayed at every reconfiguration), and the
    /// hit density they give.
    hits: Vec<f32>,
    evictions: Vec<f32>,
    density: Vec<f32>,
    /// Now, and the reconfiguration period and what is left of it, in ticks (`TICK_BITS`).
    timestamp: u64,
    period: u64,
    until_reconfiguration: u64,
    reconfigurations: u32,
    shift: u32,
    ewma_objects: f32,
    ewma_objects_mass: f32,
    /// The cached objects' weights summed: the objects a full cache would hold.
    held_weight: f64,
    /// Recently admitted objects that looked like victims (`NIL`: none), a ring.
    recent: [Block; ADMISSIONS],
    recent_head: usize,
    ewma_victim_density: f32,
    /// Units explorers may still take, and all they may take.
    explorer_budget: i64,
    budget: i64,
    /// The size and charge [`SizeAware::admit_size`] announced for the next insertion.
    next_size: u64,
    next_charge: u64,
    /// The sampling rate of a miniature cache ([`SizeAware::miniature`]); 1 for a full one.
    rate: f64,
    /// The object an insertion at "eject me next" marked (`NIL`: none).
    mark: Block,
    rng: Rng,
}

/// Something like log₂(`MAX_AGE` / age): 15 for age 0, 0 for the oldest.
fn hit_age_class(age: u64) -> usize {
    if age == 0 {
        return HIT_AGE_CLASSES - 1;
    }
    let (mut age, mut log) = (age, 0);
    while age < MAX_AGE && log < HIT_AGE_CLASSES - 1 {
        age <<= 1;
        log += 1;
    }
    log
}

fn budget_of(capacity: u64) -> i64 {
    (capacity as f32 * EXPLORER_BUDGET_FRACTION) as i64
}

impl Lhd {
    /// At most `capacity` blocks (each object one unit until [`SizeAware::admit_size`] says).
    pub fn new(capacity: usize, universe: usize, seed: u64) -> Self {
        Self::with_period(capacity, universe, seed, ACCESSES_PER_RECONFIGURATION)
    }

    /// As [`Lhd::new`], reconfiguring every `period` references (tests: the paper's is 2²⁰).
    pub fn with_period(capacity: usize, universe: usize, seed: u64, period: u64) -> Self {
        let mut density = vec![0.0f32; HIT_AGE_CLASSES * AGES];
        for (k, row) in density.chunks_exact_mut(AGES).enumerate() {
            let class = (APP * HIT_AGE_CLASSES + k) as f64;
            for (a, d) in row.iter_mut().enumerate() {
                *d = (1.0 * (class + 1.0) / (a as f64 + 1.0)) as f32;
            }
        }
        let budget = budget_of(capacity as u64);
        Self {
            capacity,
            tags: Vec::new(),
            pos: vec![NIL; universe],
            hits: vec![0.0; HIT_AGE_CLASSES * AGES],
            evictions: vec![0.0; HIT_AGE_CLASSES * AGES],
            density,
            timestamp: 0,
            period: period.max(1) << TICK_BITS,
            until_reconfiguration: period.max(1) << TICK_BITS,
            reconfigurations: 0,
            shift: INITIAL_SHIFT,
            ewma_objects: 0.0,
            ewma_objects_mass: 0.0,
            held_weight: 0.0,
            recent: [NIL; ADMISSIONS],
            recent_head: 0,
            ewma_victim_density: 0.0,
            explorer_budget: budget,
            budget,
            next_size: 1,
            next_charge: 1,
            rate: 1.0,
            mark: NIL,
            rng: Rng::seeded(seed),
        }
    }

    fn slot(&self, block: Block) -> Option<usize> {
        self.pos.get(block as usize).filter(|&&p| p != NIL).map(|&p| p as usize)
    }

    fn age(&self, tag: &Tag) -> u64 {
        ((self.timestamp - tag.timestamp) >> (self.shift + TICK_BITS)).min(MAX_AGE - 1)
    }

    fn class(tag: &Tag) -> usize {
        hit_age_class(u64::from(tag.last_hit_age) + u64::from(tag.last_last_hit_age))
    }

    /// The units of the explorers' budget an object takes: its charge (its size but in a
    /// miniature cache, where its weight says what share of itself it is charged).
    /// (In a full cache weight and rate are 1, and this is exactly the size: sizes are below 2⁵³.)
    fn cost(&self, tag: &Tag) -> i64 {
        ((tag.size as f64 * f64::from(tag.weight) * self.rate).round() as i64).max(1)
    }

    /// Its hit density per unit of size now, an explorer's raised by 1.
    fn rank(&self, tag: &Tag) -> f32 {
        let age = self.age(tag);
        if age == MAX_AGE - 1 {
            return f32::MIN;
        }
        let mut d = self.density[Self::class(tag) * AGES + age as usize] / tag.size as f32;
        if tag.explorer {
            d += 1.0;
        }
        d
    }

    /// The index of the next victim: the mark, else the least rank of the draw and of the
    /// recently admitted likely victims.
    fn victim(&mut self) -> Option<usize> {
        if self.tags.is_empty() {
            return None;
        }
        if let Some(m) = self.slot(self.mark) {
            return Some(m);
        }
        let n = self.tags.len();
        let candidates = if self.reconfigurations > SETTLED { ASSOCIATIVITY } else { EARLY_CANDIDATES };
        let (mut best, mut best_rank) = (usize::MAX, f32::MAX);
        let mut consider = |i: usize, this: &Self| {
            let r = this.rank(&this.tags[i]);
            if r < best_rank {
                (best, best_rank) = (i, r);
            }
        };
        if n <= candidates {
            for i in 0..n {
                consider(i, self);
            }
        } else {
            for _ in 0..candidates {
                let i = self.rng.below(n as u64) as usize;
                consider(i, self);
            }
        }
        for k in 0..ADMISSIONS {
            if let Some(i) = self.slot(self.recent[k]) {
                consider(i, self);
            }
        }
        // Every rank is below f32::MAX, so some object was chosen.
        let best = if best == usize::MAX { 0 } else { best };
        self.ewma_victim_density = EWMA_DECAY * self.ewma_victim_density + (1.0 - EWMA_DECAY) * best_rank;
        Some(best)
    }

    /// Drops the object at `i` (no statistics), returning it.
    fn take(&mut self, i: usize) -> Tag {
        let tag = self.tags.swap_remove(i);
        if let Some(moved) = self.tags.get(i) {
            self.pos[moved.block as usize] = i as u32;
        }
        self.pos[tag.block as usize] = NIL;
        if self.mark == tag.block {
            self.mark = NIL;
        }
        if tag.explorer {
            self.explorer_budget += self.cost(&tag);
        }
        self.held_weight -= f64::from(tag.weight);
        tag
    }

    /// Evicts the object at `i`, counting the eviction at its age and class.
    fn evict_at(&mut self, i: usize) -> Block {
        let tag = self.tags[i];
        let cell = Self::class(&tag) * AGES + self.age(&tag) as usize;
        self.evictions[cell] += tag.weight;
        self.take(i).block
    }

    /// A reference to the object at `i` (just admitted, or hit): its time restarts, it may become
    /// an explorer, and the model may reconfigure.
    fn referenced(&mut self, i: usize, admitted: bool) {
        let explore = self.rng.below(EXPLORE_INVERSE_PROBABILITY) == 0;
        let becomes_explorer = explore && self.explorer_budget > 0 && self.reconfigurations < SETTLED;
        if becomes_explorer {
            self.explorer_budget -= self.cost(&self.tags[i]);
        }
        let tag = &mut self.tags[i];
        tag.timestamp = self.timestamp;
        tag.explorer = becomes_explorer;
        let tag = *tag;
        if admitted && !explore && self.rank(&tag) < self.ewma_victim_density {
            self.recent[self.recent_head % ADMISSIONS] = tag.block;
            self.recent_head = self.recent_head.wrapping_add(1);
        }
        let ticks = if self.rate == 1.0 {
            1 << TICK_BITS
        } else {
            ((f64::from(tag.weight) * (1u64 << TICK_BITS) as f64).round() as u64).max(1)
        };
        self.timestamp += ticks;
        self.until_reconfiguration = self.until_reconfiguration.saturating_sub(ticks);
        if self.until_reconfiguration == 0 {
            self.reconfigure();
            self.until_reconfiguration = self.period;
            self.reconfigurations += 1;
        }
    }

    fn admit(&mut self, block: Block) {
        let i = block as usize;
        if i >= self.pos.len() {
            self.pos.resize((i + 1).max(self.pos.len() * 2), NIL);
        }
        self.pos[i] = self.tags.len() as u32;
        let size = std::mem::replace(&mut self.next_size, 1);
        let charge = std::mem::replace(&mut self.next_charge, 1);
        // Charged its size, it stands for 1 / rate of the full cache's objects; charged less
        // (taken with certainty), for that share of itself over the rate: about one. In a full
        // cache, exactly 1.
        let weight = (charge as f64 / size as f64 / self.rate) as f32;
        self.held_weight += f64::from(weight);
        self.tags.push(Tag {
            block,
            weight,
            timestamp: self.timestamp,
            last_hit_age: 0,
            last_last_hit_age: MAX_AGE as u32,
            size,
            explorer: false,
        });
        self.referenced(self.tags.len() - 1, true);
    }

    /// Decays the observations, retunes the age coarsening early on, and recomputes the
    /// densities.
    fn reconfigure(&mut self) {
        for v in self.hits.iter_mut().chain(self.evictions.iter_mut()) {
            *v *= EWMA_DECAY;
        }
        self.adapt_age_coarsening();
        self.model_hit_density();
    }

    fn adapt_age_coarsening(&mut self) {
        self.ewma_objects *= EWMA_DECAY;
        self.ewma_objects_mass *= EWMA_DECAY;
        // (In a full cache, exactly the number of objects.)
        self.ewma_objects += self.held_weight as f32;
        self.ewma_objects_mass += 1.0;
        if self.reconfigurations != 5 && self.reconfigurations != 25 {
            return;
        }
        let objects = self.ewma_objects / self.ewma_objects_mass;
        let optimal = (objects as f64 / (AGE_COARSENING_ERROR_TOLERANCE * MAX_AGE as f32) as f64) as f32;
        let mut log2 = 1u32;
        while ((1u64 << log2) as f32) < optimal {
            log2 += 1;
        }
        let delta = log2 as i32 - self.shift as i32;
        self.shift = log2;
        self.ewma_objects *= 8.0;
        self.ewma_objects_mass *= 8.0;
        for table in [&mut self.hits, &mut self.evictions] {
            for row in table.chunks_exact_mut(AGES) {
                rescale(row, delta);
            }
        }
    }

    /// From the oldest age down, in O(ages) per class: the hits still to come over the
    /// lifetime still to spend (`lifetime` accumulates every later age's events).
    fn model_hit_density(&mut self) {
        for k in 0..HIT_AGE_CLASSES {
            let (hits, evictions) = (&self.hits[k * AGES..][..AGES], &self.evictions[k * AGES..][..AGES]);
            let density = &mut self.density[k * AGES..][..AGES];
            let mut events = hits[AGES - 1] + evictions[AGES - 1];
            let mut total_hits = hits[AGES - 1];
            let mut lifetime = events;
            for a in (0..AGES - 1).rev() {
                total_hits += hits[a];
                events += hits[a] + evictions[a];
                lifetime += events;
                density[a] = if events as f64 > 1e-5 { total_hits / lifetime } else { 0.0 };
            }
        }
    }

    /// The density LHD gives an object of `class` at `age` now, per unit of size (tests).
    #[cfg(test)]
    fn density_at(&self, class: usize, age: usize) -> f32 {
        self.density[class * AGES + age]
    }
}

/// Moves one class's histogram to a new age coarsening, `delta` = new shift − old: a smaller
/// shift stretches it (each old age spread over 2^−delta new ones, the ages that no longer fit
/// folded into the last), a larger one compresses it (2^delta old ages summed into one).
fn rescale(row: &mut [f32], delta: i32) {
    let last = AGES - 1;
    if delta < 0 {
        let d = (-delta) as u32;
        for a in (AGES >> d)..last {
            row[last] += row[a];
        }
        for a in (0..last).rev() {
            row[a] = row[a >> d] / (1u32 << d) as f32;
        }
    } else if delta > 0 {
        let d = delta as u32;
        for a in 0..(AGES >> d) {
            let mut sum = row[a << d];
            for i in 1..(1usize << d) {
                sum += row[(a << d) + i];
            }
            row[a] = sum;
        }
        for v in &mut row[(AGES >> d)..last] {
            *v = 0.0;
        }
    }
}

impl Policy for Lhd {
    fn name(&self) -> &'static str {
        "lhd"
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.tags.len()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.slot(block).is_some()
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        let Some(i) = self.slot(block) else { return false };
        let tag = self.tags[i];
        let age = self.age(&tag);
        self.hits[Self::class(&tag) * AGES + age as usize] += tag.weight;
        if tag.explorer {
            self.explorer_budget += self.cost(&tag);
        }
        let t = &mut self.tags[i];
        t.last_last_hit_age = t.last_hit_age;
        t.last_hit_age = age as u32;
        self.referenced(i, false);
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        while self.tags.len() >= self.capacity {
            let Some(i) = self.victim() else { break };
            evicted.push(self.evict_at(i));
        }
        self.admit(block);
        if end == End::EjectNext {
            self.mark = block;
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        if !self.contains(block) {
            return false;
        }
        match end {
            End::EjectNext => self.mark = block,
            End::EjectLast => {
                if self.mark == block {
                    self.mark = NIL;
                }
                self.on_hit(block);
            }
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        match self.slot(block) {
            Some(i) => {
                self.take(i);
                true
            }
            None => false,
        }
    }

    fn evict(&mut self) -> Option<Block> {
        let i = self.victim()?;
        Some(self.evict_at(i))
    }

    /// The mark first, then by rank now, least first (ties in the order they are held).
    fn contents(&self, out: &mut Vec<Block>) {
        let mut rest: Vec<(f32, usize)> = (0..self.tags.len())
            .filter(|&i| self.tags[i].block != self.mark)
            .map(|i| (self.rank(&self.tags[i]), i))
            .collect();
        rest.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        if self.contains(self.mark) {
            out.push(self.mark);
        }
        out.extend(rest.iter().map(|&(_, i)| self.tags[i].block));
    }

    fn check_invariants(&self) -> Result<(), String> {
        for (i, t) in self.tags.iter().enumerate() {
            if self.pos[t.block as usize] as usize != i {
                return Err(format!("object {} at {i} but indexed at {}", t.block, self.pos[t.block as usize]));
            }
            if t.timestamp > self.timestamp || t.size == 0 {
                return Err(format!(
                    "object {}: referenced at {} (now {}), size {}",
                    t.block, t.timestamp, self.timestamp, t.size
                ));
            }
        }
        let indexed = self.pos.iter().filter(|&&p| p != NIL).count();
        if indexed != self.tags.len() {
            return Err(format!("{indexed} ids indexed but {} objects held", self.tags.len()));
        }
        let explorers: i64 = self.tags.iter().filter(|t| t.explorer).map(|t| self.cost(t)).sum();
        if self.explorer_budget != self.budget - explorers {
            return Err(format!(
                "explorer budget {} left of {}, but explorers take {explorers}",
                self.explorer_budget, self.budget
            ));
        }
        if self.mark != NIL && !self.contains(self.mark) {
            return Err(format!("marked object {} not held", self.mark));
        }
        if self.tags.len() > self.capacity {
            return Err(format!("{} objects in a cache of {}", self.tags.len(), self.capacity));
        }
        Ok(())
    }

    fn sizes(&mut self) -> Option<&mut dyn SizeAware> {
        Some(self)
    }
}

impl SizeAware for Lhd {
    fn admit_size(&mut self, bytes: u64, charge: u64) {
        self.next_size = bytes.max(1);
        self.next_charge = charge.clamp(1, self.next_size);
    }

    fn miniature(&mut self, rate: f64) {
        if rate > 0.0 && rate <= 1.0 {
            self.rate = rate;
        }
    }

    fn capacity_in_bytes(&mut self, bytes: u64) {
        let explorers = self.budget - self.explorer_budget;
        self.budget = budget_of(bytes);
        self.explorer_budget = self.budget - explorers;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::sized::ByteCache;
    use crate::policy::testing::{agrees_with, skewed_with_scans, Reference};
    use crate::policy::{Lru, PolicyConfig};

    /// LHD written plainly, before any reconfiguration (its densities the initial ones, computed
    /// where used): the objects in a `Vec` kept in the same swap-remove order so the same seeded
    /// draws name the same objects; classes and ages from first principles.
    struct NaiveLhd {
        cap: usize,
        /// (object, last reference, last hit age, the one before, explorer)
        held: Vec<(Block, u64, u64, u64, bool)>,
        now: u64,
        /// The peer's ring of recently admitted likely victims, and its next slot.
        recent: [Option<Block>; 8],
        head: usize,
        ewma: f32,
        budget: i64,
        mark: Option<Block>,
        rng: Rng,
    }

    impl NaiveLhd {
        fn new(cap: usize, seed: u64) -> Self {
            let budget = (cap as f32 * 0.01) as i64;
            Self {
                cap,
                held: vec![],
                now: 0,
                recent: [None; 8],
                head: 0,
                ewma: 0.0,
                budget,
                mark: None,
                rng: Rng::seeded(seed),
            }
        }
        fn rank(&self, i: usize) -> f32 {
            let (_, at, last, last_last, explorer) = self.held[i];
            let age = ((self.now - at) >> 10).min(19_999);
            if age == 19_999 {
                return f32::MIN;
            }
            // The class: how many doublings bring the sum of the last two hit ages to 20,000.
            let sum = last + last_last;
            let class = if sum == 0 { 15 } else { (0..15).find(|&k| sum << k >= 20_000).unwrap_or(15) };
            let d = ((17 + class) as f64 / (age + 1) as f64) as f32;
            if explorer {
                d + 1.0
            } else {
                d
            }
        }
        fn victim(&mut self) -> Option<usize> {
            if let Some(m) = self.mark {
                return self.held.iter().position(|e| e.0 == m);
            }
            let n = self.held.len();
            let mut seen: Vec<usize> =
                if n <= 8 { (0..n).collect() } else { (0..8).map(|_| self.rng.below(n as u64) as usize).collect() };
            seen.extend(self.recent.iter().flatten().filter_map(|&b| self.held.iter().position(|e| e.0 == b)));
            let best = seen.into_iter().reduce(|best, i| if self.rank(i) < self.rank(best) { i } else { best })?;
            self.ewma = 0.9 * self.ewma + (1.0 - 0.9) * self.rank(best);
            Some(best)
        }
        fn drop_at(&mut self, i: usize) -> Block {
            let e = self.held.swap_remove(i);
            if e.4 {
                self.budget += 1;
            }
            if self.mark == Some(e.0) {
                self.mark = None;
            }
            e.0
        }
        fn touch(&mut self, i: usize, admitted: bool) {
            let explore = self.rng.below(32) == 0;
            let explorer = explore && self.budget > 0;
            if explorer {
                self.budget -= 1;
            }
            self.held[i].1 = self.now;
            self.held[i].4 = explorer;
            if admitted && !explore && self.rank(i) < self.ewma {
                self.recent[self.head % 8] = Some(self.held[i].0);
                self.head += 1;
            }
            self.now += 1;
        }
        fn hit(&mut self, b: Block) -> bool {
            let Some(i) = self.held.iter().position(|e| e.0 == b) else { return false };
            let age = ((self.now - self.held[i].1) >> 10).min(19_999);
            if self.held[i].4 {
                self.budget += 1;
            }
            self.held[i].3 = self.held[i].2;
            self.held[i].2 = age;
            self.touch(i, false);
            true
        }
    }

    impl Reference for NaiveLhd {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if self.hit(b) {
                return true;
            }
            while self.held.len() >= self.cap {
                let i = self.victim().unwrap();
                ev.push(self.drop_at(i));
            }
            self.held.push((b, self.now, 0, MAX_AGE, false));
            self.touch(self.held.len() - 1, true);
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            self.held.iter().position(|e| e.0 == b).map(|i| self.drop_at(i)).is_some()
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            if !self.held.iter().any(|e| e.0 == b) {
                return Some(false);
            }
            match end {
                End::EjectNext => self.mark = Some(b),
                End::EjectLast => {
                    if self.mark == Some(b) {
                        self.mark = None;
                    }
                    self.hit(b);
                }
            }
            Some(true)
        }
        fn evict(&mut self) -> Option<Option<Block>> {
            let v = self.victim().map(|i| self.drop_at(i));
            Some(v)
        }
        fn insert_next(&mut self, b: Block, ev: &mut Vec<Block>) -> Option<()> {
            self.access(b, ev);
            self.mark = Some(b);
            Some(())
        }
        fn contents(&self) -> Vec<Block> {
            let mut idx: Vec<usize> = (0..self.held.len()).filter(|&i| Some(self.held[i].0) != self.mark).collect();
            idx.sort_by(|&i, &j| self.rank(i).total_cmp(&self.rank(j)).then(i.cmp(&j)));
            self.mark.into_iter().chain(idx.into_iter().map(|i| self.held[i].0)).collect()
        }
        fn capacity(&self) -> usize {
            self.cap
        }
    }

    #[test]
    fn hand_worked_in_blocks_a_reused_object_outranks_a_new_one() {
        // Capacity 3, searched whole; no explorers (1 % of 3 blocks is 0). Every age is 0 (ages
        // count in units of 2¹⁰ references), so a new object's density is 17 and one hit once
        // at age 0 is in class 15, density 32.
        let mut p = Lhd::new(3, 8, 1);
        let mut ev = Vec::new();
        for b in [1, 2, 3, 1] {
            p.access(b, &mut ev);
        }
        assert!(ev.is_empty());
        // 4 misses: 1 (32), 2 (17), 3 (17) — the first of the least, 2, goes; 3 moves to its slot.
        p.access(4, &mut ev);
        assert_eq!(ev, [2]);
        // 5 misses: 1 (32), 3 (17), 4 (17) → 3.
        p.access(5, &mut ev);
        assert_eq!(ev, [2, 3]);
        let mut c = Vec::new();
        p.contents(&mut c);
        assert_eq!(c, [4, 5, 1]); // 4 and 5 tie at 17, held as [1, 4, 5] after the swaps
        p.check_invariants().unwrap();
    }

    #[test]
    fn hand_worked_in_bytes_density_is_per_byte() {
        // 99 bytes, so no explorers (1 % is under a byte). A (60 B) and B (30 B) come in, A is
        // hit once: A's density is 32 / 60 ≈ 0.53, B's 17 / 30 ≈ 0.57. C (20 B) needs 11 more
        // bytes: A, the reused but large object, goes — LRU evicts B, the less recent.
        let refs = [(0, 60), (1, 30), (0, 60), (2, 20)];
        let mut c = ByteCache::new(&PolicyConfig::Lhd, 99, 8, 1).unwrap();
        let mut ev = Vec::new();
        let got: Vec<bool> = refs.iter().map(|&(b, s)| c.access(b, s, &mut ev)).collect();
        assert_eq!((got, &ev[..], c.used()), (vec![false, false, true, false], &[0][..], 50));
        // An object above the whole cache is a miss that moves nothing.
        assert!(!c.access(3, 100, &mut ev));
        assert_eq!((c.len(), c.used(), ev.len()), (2, 50, 1));
        c.check_invariants().unwrap();
        let mut lru = ByteCache::new(&PolicyConfig::Lru, 99, 8, 1).unwrap();
        ev.clear();
        for (b, s) in refs {
            lru.access(b, s, &mut ev);
        }
        assert_eq!(ev, [1]);
    }

    #[test]
    fn hand_worked_a_miniature_counts_references_and_objects_as_the_full_cache() {
        // A miniature at rate 1/4, reconfiguring every 2,048 references of the trace. A sampled
        // object (charged its size) stands for 4 of the trace's: each of its references is 4
        // references of the clock and its hits and evictions count 4. An object taken with
        // certainty, 80 bytes charged 16 (1/5 of itself), stands for 0.2 / 0.25 = 0.8.
        let mut p = Lhd::with_period(usize::MAX, 8, 1, 2_048);
        p.capacity_in_bytes(10_000); // explorer budget 100 bytes
        p.miniature(0.25);
        let mut ev = Vec::new();
        p.admit_size(40, 40);
        p.insert(0, End::EjectLast, &mut ev);
        p.admit_size(80, 16);
        p.insert(1, End::EjectLast, &mut ev);
        let tick = 1u64 << TICK_BITS;
        let (a, b) = (p.tags[0], p.tags[1]);
        assert_eq!((a.weight, b.weight), (4.0, 0.8));
        assert_eq!(p.timestamp, 4 * tick + (0.8 * tick as f64).round() as u64);
        assert_eq!(p.held_weight, 4.0 + f64::from(0.8f32));
        // Explorers take their charge of the budget: 40 and 80 · 0.8 · 0.25 = 16.
        assert_eq!((p.cost(&a), p.cost(&b)), (40, 16));
        // A hit on the sampled object counts 4 at its age (0) and class (never hit: 0).
        assert!(p.on_hit(0));
        assert_eq!(p.hits[0], 4.0);
        assert_eq!(p.reconfigurations, 0);
        // The clock has counted 4 + 0.8 + 4 = 8.8 references of the trace; 509 more hits on the
        // sampled object (2,036) leave it 3.2 short of 2,048, and the 510th reconfigures.
        for _ in 0..509 {
            p.on_hit(0);
        }
        assert_eq!(p.reconfigurations, 0);
        p.on_hit(0);
        assert_eq!(p.reconfigurations, 1, "reconfigured after 2,048 references of the trace");
        // Evicted, it counts 4 in the evictions. The full cache's counts are unchanged: 1 each.
        let (class, age) = (Lhd::class(&p.tags[0]), p.age(&p.tags[0]) as usize);
        let before = p.evictions[class * AGES + age];
        p.evict_at(0);
        assert_eq!(p.evictions[class * AGES + age] - before, 4.0);
        assert_eq!(p.held_weight, f64::from(0.8f32));
        p.check_invariants().unwrap();
        let mut full = Lhd::with_period(usize::MAX, 8, 1, 2_048);
        full.capacity_in_bytes(10_000);
        full.admit_size(40, 40);
        full.insert(0, End::EjectLast, &mut ev);
        assert_eq!((full.tags[0].weight, full.timestamp, full.held_weight), (1.0, tick, 1.0));
    }

    #[test]
    fn agrees_with_the_plain_model_whole_and_sampled() {
        // Searched whole (c ≤ 8) and sampled; with explorers once 1 % of the cache is a block.
        for (c, seed) in [(1, 61), (5, 62), (8, 63), (17, 64), (150, 65), (320, 66)] {
            agrees_with(Box::new(Lhd::new(c, 4, seed)), NaiveLhd::new(c, seed), seed);
        }
    }

    #[test]
    fn hit_age_classes_and_the_initial_densities_are_the_peers() {
        assert_eq!(hit_age_class(0), 15);
        assert_eq!(hit_age_class(MAX_AGE), 0);
        assert_eq!(hit_age_class(MAX_AGE - 1), 1);
        assert_eq!(hit_age_class(1), 15);
        assert_eq!(hit_age_class(2), 14); // 2 << 14 = 32,768 ≥ 20,000
        let p = Lhd::new(4, 4, 1);
        assert_eq!((p.density_at(0, 0), p.density_at(15, 0), p.density_at(0, 16)), (17.0, 32.0, 1.0));
    }

    #[test]
    fn the_densities_are_the_expected_hits_over_the_expected_lifetime() {
        // Reconfigured from a known histogram, the O(ages) recurrence gives, at every age a,
        // Σ_{x≥a} hits / Σ_{x≥a} Σ_{y≥x} events, computed here directly in f64.
        let mut p = Lhd::with_period(4, 4, 1, 1);
        let mut rng = Rng::seeded(9);
        let cells: Vec<(usize, usize, f32, f32)> = (0..400)
            .map(|_| (rng.below(16) as usize, rng.below(300) as usize, rng.below(50) as f32, rng.below(50) as f32))
            .collect();
        for &(k, a, h, e) in &cells {
            p.hits[k * AGES + a] += h;
            p.evictions[k * AGES + a] += e;
        }
        p.model_hit_density();
        for k in [0, 7, 15] {
            let hits: Vec<f64> = (0..AGES).map(|a| p.hits[k * AGES + a] as f64).collect();
            let events: Vec<f64> = (0..AGES).map(|a| hits[a] + p.evictions[k * AGES + a] as f64).collect();
            // Events at this age or later, for every age.
            let mut later = vec![0.0; AGES + 1];
            for x in (0..AGES).rev() {
                later[x] = later[x + 1] + events[x];
            }
            for a in [0, 1, 50, 150, 299] {
                let later_hits: f64 = hits[a..].iter().sum();
                let lifetime: f64 = later[a..AGES].iter().sum();
                let want = if later[a] > 1e-5 { later_hits / lifetime } else { 0.0 };
                let got = p.density_at(k, a) as f64;
                assert!((got - want).abs() <= 1e-4 * want.max(1e-9), "class {k} age {a}: {got} vs {want}");
            }
        }
    }

    #[test]
    fn rescaling_the_ages_keeps_every_observation() {
        let mut rng = Rng::seeded(4);
        let row: Vec<f32> = (0..AGES).map(|_| rng.below(8) as f32).collect();
        let total: f32 = row.iter().sum();
        for delta in [-3, -1, 1, 2, 5] {
            let mut r = row.clone();
            rescale(&mut r, delta);
            let after: f32 = r.iter().sum();
            // Stretching spreads each old age over 2^d new ones at 1/2^d each: the mass kept is
            // the folded tail plus the spread; compressing sums ages: nothing lost.
            if delta > 0 {
                assert!((after - total).abs() <= 1e-3 * total, "delta {delta}: {after} vs {total}");
                assert_eq!(r[1], row[1 << delta..2 << delta].iter().sum::<f32>());
            } else {
                let d = (-delta) as usize;
                assert_eq!(r[8], row[8 >> d] / (1 << d) as f32);
                assert!(r[AGES - 1] >= row[AGES - 1]);
            }
        }
    }

    #[test]
    fn learns_and_beats_lru_on_a_skewed_trace_with_scans_and_is_seeded() {
        // Reconfiguring every 4,096 references, the learned densities (and the age coarsening
        // tuned at the 6th and 26th) keep the hot set through the scans.
        let refs = skewed_with_scans(600, 120_000, 67);
        let hits = |p: &mut dyn Policy| {
            let mut ev = Vec::new();
            let h = refs.iter().filter(|&&b| p.access(b, &mut ev)).count();
            p.check_invariants().unwrap();
            h
        };
        let mut a = Lhd::with_period(100, 600, 3, 4096);
        let h = hits(&mut a);
        assert!(a.reconfigurations >= 25 && a.shift != INITIAL_SHIFT, "{} reconfigurations", a.reconfigurations);
        assert_eq!(h, hits(&mut Lhd::with_period(100, 600, 3, 4096)), "same seed, same run");
        let lru = hits(&mut Lru::new(100, 600));
        assert!(h > lru, "LHD {h} vs LRU {lru}");
    }
}
