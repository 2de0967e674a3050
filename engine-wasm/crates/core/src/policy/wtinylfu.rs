//! W-TinyLFU (Einziger, Friedman & Manes, "TinyLFU: A Highly Efficient Cache Admission Policy",
//! ACM Transactions on Storage 2017), in the shape Caffeine made standard: a small LRU window
//! ([`DEFAULT_WINDOW_SHARE`] = 1 %, at least one block) in front of a segmented-LRU main cache
//! ([`PROTECTED_SHARE`] = 80 % of it protected, the rest probation), with TinyLFU admission
//! between them. Every reference counts in a [`FrequencySketch`]. When the window overflows, its
//! LRU block (the candidate) contests the main cache's victim (probation's LRU block): the
//! candidate enters probation only if the sketch thinks it more frequent, and the loser is
//! evicted. Hits: window → window MRU; probation → protected MRU (protected's overflow goes back
//! to probation's MRU end); protected → protected MRU.
//!
//! Open points and our choices:
//! - Sketch: 4 rows of 4-bit counters, width the next power of two ≥ the capacity, halved after
//!   `W = 10 × capacity` additions (the paper's reset); see [`FrequencySketch`].
//! - No doorkeeper. The paper puts a Bloom filter in front of the sketch so that ids seen once
//!   cost a bit rather than counters, which lets the sketch shrink; we keep a full-width sketch
//!   instead, as Caffeine does (the whole sketch is 2–4 bytes per cached block).
//! - Ties reject the candidate (admit only if strictly more frequent), as the paper: on equal
//!   evidence the block already in the main cache stays, so equally rare blocks do not churn it.
//! - Filling: while the main cache has room, candidates enter probation without a contest, so
//!   nothing is evicted before the cache is full. Capacity 1 is a window with no main cache:
//!   every candidate loses by default. Capacity 2 has no protected room: a probation hit passes
//!   through protected straight back to probation's MRU end.
//! - Counting: every reference counts once, in `on_hit`, whether it hits or misses (so a missed
//!   block's estimate already includes the miss); insertions and repositions do not count (a
//!   DEMOTEd block was not referenced here).
//! - Victim rule: `evict()` removes the loser of the same contest (window's LRU block against
//!   the main cache's victim; ties: the window's block), or the one that exists. A hierarchy that
//!   makes room before inserting (DEMOTE, HA_R: `evict`, then `insert`) therefore evicts exactly
//!   what the plain miss path would: the admission filter is not bypassed. `contents` lists the
//!   blocks in the order repeated `evict()` calls would remove them.
//! - "Eject me next" insertion makes room with `evict()` if the cache is full, then puts the
//!   block at probation's LRU end, or at the window's when the main cache has no room (no main
//!   cache, or the contest evicted the window's block): either way it is next in line, and a
//!   rare block contests and loses on the next overflow. Repositioning to "eject me next" moves
//!   a block to the LRU end of its own part (window, or probation for the main cache);
//!   repositioning to "eject me last" is a hit that does not count.
//! - Hashing: one fixed [`splitmix64`] per id, no per-run randomness: runs repeat exactly.

use super::{End, Policy, Queue, TeachingViews, VictimPreview};
use crate::model::Block;
use crate::util::hash::splitmix64;
use crate::util::list_set::ListSet;

/// Share of the cache for the LRU window.
pub const DEFAULT_WINDOW_SHARE: f64 = 0.01;
/// Share of the main cache for the protected segment.
pub const PROTECTED_SHARE: f64 = 0.8;
/// Sketch rows (hash functions).
pub const SKETCH_DEPTH: usize = 4;
/// A 4-bit counter's ceiling.
pub const COUNTER_MAX: u8 = 15;
/// Narrowest row: one 64-bit word of sixteen counters.
pub const MIN_SKETCH_WIDTH: usize = 16;
/// Additions between two halvings, per cached block (the paper's W = 10 × C).
pub const SAMPLE_FACTOR: u64 = 10;

const WINDOW: usize = 0;
const PROBATION: usize = 1;
const PROTECTED: usize = 2;

/// Odd multipliers, one per row, that turn one mixed hash into a row index each
/// (multiply-shift: the top bits of `h × a`). Arbitrary fixed odd 64-bit constants.
const ROW_MULTIPLIERS: [u64; SKETCH_DEPTH] =
    [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0xD6E8_FEB8_6659_FD93];

/// TinyLFU's approximate frequency histogram: a Count-Min sketch (Cormode & Muthukrishnan 2005).
///
/// Layout: `SKETCH_DEPTH` rows of `width` 4-bit counters, sixteen to a `u64`, row after row in
/// one table; `width` is the next power of two ≥ the cache's capacity (at least
/// [`MIN_SKETCH_WIDTH`]), so the whole sketch is `2 × width` bytes — 2 to 4 bytes per cached
/// block. An id is mixed once ([`splitmix64`]); row `r` uses the top `log2(width)` bits of that
/// hash times `ROW_MULTIPLIERS[r]`.
///
/// Error: every addition increments the id's counter in every row (Caffeine's choice; the
/// paper's minimal increment, which raises only the least counters, cut the policy benchmark's
/// miss ratio by about 0.0015 and its throughput by about 30 %), so a counter holds its ids' count
/// plus whatever other ids hashed there, and the estimate — the least of the id's counters —
/// never undercounts below [`COUNTER_MAX`]. A row holds at most `W` additions between halvings,
/// `W / width ≤ 10` per counter on average; the least of four is usually far below that.
///
/// Aging (the paper's reset, its "freshness mechanism"): after `W = SAMPLE_FACTOR × capacity`
/// additions every counter and the addition count are halved, so old popularity fades and
/// 4 bits suffice (W / C = 10 < 16).
#[derive(Clone, Debug)]
pub struct FrequencySketch {
    table: Vec<u64>,
    /// log2 of the row width.
    width_bits: u32,
    additions: u64,
    sample: u64,
}

impl FrequencySketch {
    pub fn new(capacity: usize) -> Self {
        let width = capacity.next_power_of_two().max(MIN_SKETCH_WIDTH);
        Self {
            table: vec![0; SKETCH_DEPTH * width / 16],
            width_bits: width.trailing_zeros(),
            additions: 0,
            sample: SAMPLE_FACTOR * capacity.max(1) as u64,
        }
    }

    /// A sketch that never halves itself: its owner calls [`FrequencySketch::halve`] (TinyLFU's
    /// admission filter resets it together with its doorkeeper).
    pub fn without_reset(capacity: usize) -> Self {
        Self { sample: u64::MAX, ..Self::new(capacity) }
    }

    /// (word, bit shift) of `id`'s counter in each row.
    #[inline]
    fn cells(&self, id: Block) -> [(usize, u32); SKETCH_DEPTH] {
        let h = splitmix64(id as u64);
        let words_per_row = (1usize << self.width_bits) / 16;
        std::array::from_fn(|row| {
            let j = (h.wrapping_mul(ROW_MULTIPLIERS[row]) >> (64 - self.width_bits)) as usize;
            (row * words_per_row + j / 16, (j % 16) as u32 * 4)
        })
    }

    /// The least of `id`'s counters: at least its additions since the last halvings (until
    /// [`COUNTER_MAX`]), more when other ids share all its counters.
    pub fn estimate(&self, id: Block) -> u8 {
        self.cells(id).iter().map(|&(w, s)| ((self.table[w] >> s) & 0xF) as u8).min().unwrap_or(0)
    }

    /// Counts one reference to `id`; halves everything once the sample is complete.
    pub fn increment(&mut self, id: Block) {
        for (w, s) in self.cells(id) {
            let below_max = (self.table[w] >> s) & 0xF < COUNTER_MAX as u64;
            self.table[w] += (below_max as u64) << s;
        }
        self.additions += 1;
        if self.additions >= self.sample {
            self.halve();
        }
    }

    /// The paper's reset: every counter (and the addition count) divided by two, rounding down.
    pub fn halve(&mut self) {
        for w in &mut self.table {
            *w = (*w >> 1) & 0x7777_7777_7777_7777;
        }
        self.additions /= 2;
    }
}

/// Memory: a 4-byte slot per id of the universe and a 12-byte node per cached block (the
/// three queues share one [`ListSet`]), plus the sketch's 2–4 bytes per cached block — 55 bytes
/// per cached block on the policy benchmark (universe 10 × capacity), 67 at 13 ×.
#[derive(Clone, Debug)]
pub struct WTinyLfu {
    c: usize,
    window_cap: usize,
    main_cap: usize,
    protected_cap: usize,
    lists: ListSet<3>,
    sketch: FrequencySketch,
}

pub fn check_window_share(share: f64) -> Result<(), String> {
    if share.is_finite() && share > 0.0 && share < 1.0 {
        Ok(())
    } else {
        Err(format!("windowShare must be above 0 and below 1 (got {share})"))
    }
}

impl WTinyLfu {
    pub fn new(capacity: usize, universe: usize, window_share: f64) -> Result<Self, String> {
        check_window_share(window_share)?;
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        let window_cap = ((capacity as f64 * window_share).round() as usize).clamp(1, capacity);
        let main_cap = capacity - window_cap;
        let protected_cap = (main_cap as f64 * PROTECTED_SHARE) as usize;
        Ok(Self {
            c: capacity,
            window_cap,
            main_cap,
            protected_cap,
            // One more node than the capacity: a fetched block joins the window before the
            // contest evicts.
            lists: ListSet::with_capacity(universe, capacity + 1),
            sketch: FrequencySketch::new(capacity),
        })
    }

    pub fn with_defaults(capacity: usize, universe: usize) -> Self {
        Self::new(capacity, universe, DEFAULT_WINDOW_SHARE).expect("default share is valid")
    }

    /// (window, probation, protected), LRU first — tests and teaching views.
    pub fn segments(&self) -> (Vec<Block>, Vec<Block>, Vec<Block>) {
        (self.lists.iter(WINDOW).collect(), self.lists.iter(PROBATION).collect(), self.lists.iter(PROTECTED).collect())
    }

    pub fn estimate(&self, block: Block) -> u8 {
        self.sketch.estimate(block)
    }

    fn main_len(&self) -> usize {
        self.lists.len(PROBATION) + self.lists.len(PROTECTED)
    }

    /// The main cache's victim: probation's LRU block, else protected's.
    fn main_victim(&self) -> Option<Block> {
        self.lists.front(PROBATION).or_else(|| self.lists.front(PROTECTED))
    }

    /// TinyLFU's admission: of a candidate and a victim, the one to evict — the candidate
    /// unless the sketch rates it strictly more frequent.
    #[inline]
    fn loser(&self, candidate: Block, victim: Block) -> Block {
        if self.sketch.estimate(candidate) > self.sketch.estimate(victim) {
            victim
        } else {
            candidate
        }
    }

    /// The contest between the window's LRU block and the main cache's victim, or the one that
    /// exists: the next block to evict.
    fn next_victim(&self) -> Option<Block> {
        match (self.lists.front(WINDOW), self.main_victim()) {
            (Some(candidate), Some(victim)) => Some(self.loser(candidate, victim)),
            (candidate, victim) => candidate.or(victim),
        }
    }

    /// Blocks in the order repeated [`Policy::evict`] calls would remove them: the window (LRU
    /// first) merged by the contest with the main cache (probation, then protected, LRU first).
    fn eviction_order(&self) -> impl Iterator<Item = Block> + '_ {
        let mut window = self.lists.iter(WINDOW).peekable();
        let mut main = self.lists.iter(PROBATION).chain(self.lists.iter(PROTECTED)).peekable();
        std::iter::from_fn(move || match (window.peek(), main.peek()) {
            (Some(&c), Some(&v)) if self.loser(c, v) == v => main.next(),
            _ => window.next().or_else(|| main.next()),
        })
    }

    /// A fetched block has joined the window. If the window overflowed, its LRU block moves to
    /// probation while the main cache has room; once it is full, the contest's loser is evicted
    /// and a winning candidate takes the victim's place.
    fn admit_from_window(&mut self, evicted: &mut Vec<Block>) {
        if self.lists.len(WINDOW) <= self.window_cap {
            return;
        }
        if self.main_len() >= self.main_cap {
            let Some(loser) = self.next_victim() else { return };
            self.lists.remove(loser);
            evicted.push(loser);
        }
        if self.lists.len(WINDOW) > self.window_cap {
            if let Some(candidate) = self.lists.front(WINDOW) {
                self.lists.move_to_back(PROBATION, candidate);
            }
        }
    }

    fn promote(&mut self, block: Block) {
        self.lists.move_to_back(PROTECTED, block);
        while self.lists.len(PROTECTED) > self.protected_cap {
            let Some(b) = self.lists.pop_front(PROTECTED) else { break };
            self.lists.push_back(PROBATION, b);
        }
    }

    fn touch(&mut self, block: Block) {
        match self.lists.list_of(block) {
            Some(WINDOW) => self.lists.move_to_back(WINDOW, block),
            Some(PROBATION) | Some(PROTECTED) => self.promote(block),
            _ => {}
        }
    }
}

impl Policy for WTinyLfu {
    fn name(&self) -> &'static str {
        "w-tinylfu"
    }

    fn capacity(&self) -> usize {
        self.c
    }

    fn len(&self) -> usize {
        self.lists.len(WINDOW) + self.main_len()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.lists.list_of(block).is_some()
    }

    /// Counts the reference in the sketch, hit or miss.
    fn on_hit(&mut self, block: Block) -> bool {
        self.sketch.increment(block);
        if self.contains(block) {
            self.touch(block);
            true
        } else {
            false
        }
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        match end {
            End::EjectLast => {
                self.lists.push_back(WINDOW, block);
                self.admit_from_window(evicted);
            }
            End::EjectNext => {
                if self.len() >= self.c {
                    evicted.extend(self.evict());
                }
                let part = if self.main_len() < self.main_cap { PROBATION } else { WINDOW };
                self.lists.push_front(part, block);
            }
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        match (self.lists.list_of(block), end) {
            (None, _) => return false,
            (Some(_), End::EjectLast) => self.touch(block),
            (Some(WINDOW), End::EjectNext) => self.lists.move_to_front(WINDOW, block),
            (Some(_), End::EjectNext) => self.lists.move_to_front(PROBATION, block),
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        self.lists.remove(block).is_some()
    }

    fn evict(&mut self) -> Option<Block> {
        let v = self.next_victim()?;
        self.lists.remove(v);
        Some(v)
    }

    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.eviction_order());
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.lists.validate().map_err(|e| format!("window/probation/protected (lists 0-2): {e}"))?;
        if self.len() > self.c {
            return Err(format!("{} blocks in a cache of {}", self.len(), self.c));
        }
        if self.lists.len(WINDOW) > self.window_cap {
            return Err(format!("window holds {} > {}", self.lists.len(WINDOW), self.window_cap));
        }
        if self.main_len() > self.main_cap || self.lists.len(PROTECTED) > self.protected_cap {
            return Err(format!(
                "main {} > {} or protected {} > {}",
                self.main_len(),
                self.main_cap,
                self.lists.len(PROTECTED),
                self.protected_cap
            ));
        }
        if self.sketch.additions >= self.sketch.sample {
            return Err(format!(
                "sketch holds {} additions, past its sample {}",
                self.sketch.additions, self.sketch.sample
            ));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }

    fn victims(&self) -> Option<&dyn VictimPreview> {
        Some(self)
    }
}

impl TeachingViews for WTinyLfu {
    /// The window, probation and protected segments, each from its LRU end. Which of the window's
    /// and probation's LRU blocks goes next is the TinyLFU contest's call; `contents` has the
    /// merged eviction order.
    fn queues(&self, out: &mut Vec<Queue>) {
        for (name, list) in [("window", WINDOW), ("probation", PROBATION), ("protected", PROTECTED)] {
            out.push(Queue { name, ghost: false, blocks: self.lists.iter(list).collect() });
        }
    }
}

impl VictimPreview for WTinyLfu {
    fn candidates(&self, k: usize, out: &mut Vec<Block>) {
        out.extend(self.eviction_order().take(k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::Lru;
    use crate::util::rng::Rng;
    use crate::workload::zipf::ZipfTable;

    /// W-TinyLFU on `Vec`s (index 0 = LRU), with the same (deterministic) sketch.
    #[derive(Clone)]
    struct Naive {
        c: usize,
        wcap: usize,
        mcap: usize,
        pcap: usize,
        w: Vec<Block>,
        prob: Vec<Block>,
        prot: Vec<Block>,
        sketch: FrequencySketch,
    }

    impl Naive {
        fn new(c: usize) -> Self {
            let wcap = ((c as f64 * DEFAULT_WINDOW_SHARE).round() as usize).clamp(1, c);
            let mcap = c - wcap;
            Self {
                c,
                wcap,
                mcap,
                pcap: (mcap as f64 * PROTECTED_SHARE) as usize,
                w: vec![],
                prob: vec![],
                prot: vec![],
                sketch: FrequencySketch::new(c),
            }
        }
        fn take(v: &mut Vec<Block>, b: Block) -> bool {
            v.iter().position(|&x| x == b).map(|i| v.remove(i)).is_some()
        }
        fn resident(&self, b: Block) -> bool {
            self.w.contains(&b) || self.prob.contains(&b) || self.prot.contains(&b)
        }
        fn len(&self) -> usize {
            self.w.len() + self.prob.len() + self.prot.len()
        }
        /// Window LRU against main victim: the candidate loses unless strictly more frequent.
        fn next_victim(&self) -> Option<Block> {
            let candidate = self.w.first().copied();
            let victim = self.prob.first().or(self.prot.first()).copied();
            match (candidate, victim) {
                (Some(c), Some(v)) => Some(if self.sketch.estimate(c) > self.sketch.estimate(v) { v } else { c }),
                _ => candidate.or(victim),
            }
        }
        fn promote(&mut self, b: Block) {
            Self::take(&mut self.prob, b);
            Self::take(&mut self.prot, b);
            self.prot.push(b);
            while self.prot.len() > self.pcap {
                let x = self.prot.remove(0);
                self.prob.push(x);
            }
        }
        fn touch(&mut self, b: Block) -> bool {
            if Self::take(&mut self.w, b) {
                self.w.push(b);
            } else if self.prob.contains(&b) || self.prot.contains(&b) {
                self.promote(b);
            } else {
                return false;
            }
            true
        }
    }

    impl Reference for Naive {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            self.sketch.increment(b);
            if self.touch(b) {
                return true;
            }
            self.w.push(b);
            if self.w.len() > self.wcap {
                if self.prob.len() + self.prot.len() == self.mcap {
                    ev.extend(Reference::evict(self).flatten());
                }
                if self.w.len() > self.wcap {
                    let candidate = self.w.remove(0);
                    self.prob.push(candidate);
                }
            }
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            Self::take(&mut self.w, b) || Self::take(&mut self.prob, b) || Self::take(&mut self.prot, b)
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            if !self.resident(b) {
                return Some(false);
            }
            match end {
                End::EjectLast => {
                    self.touch(b);
                }
                End::EjectNext => {
                    if Self::take(&mut self.w, b) {
                        self.w.insert(0, b);
                    } else {
                        self.remove(b);
                        self.prob.insert(0, b);
                    }
                }
            }
            Some(true)
        }
        fn evict(&mut self) -> Option<Option<Block>> {
            let v = self.next_victim();
            if let Some(v) = v {
                self.remove(v);
            }
            Some(v)
        }
        fn insert_next(&mut self, b: Block, ev: &mut Vec<Block>) -> Option<()> {
            if self.len() == self.c {
                ev.extend(Reference::evict(self).flatten());
            }
            if self.prob.len() + self.prot.len() < self.mcap {
                self.prob.insert(0, b);
            } else {
                self.w.insert(0, b);
            }
            Some(())
        }
        /// What repeated evictions would take, in order.
        fn contents(&self) -> Vec<Block> {
            let mut m = self.clone();
            std::iter::from_fn(|| Reference::evict(&mut m).flatten()).collect()
        }
        fn capacity(&self) -> usize {
            self.c
        }
    }

    #[test]
    fn sketch_overestimates_only_saturates_at_15_and_halves_on_reset() {
        // 300 additions over 100 ids into 64-wide rows: collisions, but no reset (sample 640).
        let mut s = FrequencySketch::new(64);
        let mut exact = std::collections::BTreeMap::new();
        let mut rng = Rng::seeded(61);
        for _ in 0..300 {
            let id = rng.below(100) as Block;
            s.increment(id);
            *exact.entry(id).or_insert(0u32) += 1;
        }
        // Count-Min never undercounts below saturation.
        for (&id, &n) in &exact {
            assert!(s.estimate(id) as u32 >= n.min(15), "id {id}: {} < {n}", s.estimate(id));
        }

        // Rows hash independently: 1000 ids once each into 1024-wide rows, an id is overcounted
        // iff another id shares its counter in all four rows, with probability
        // (1 − (1 − 1/1024)^999)^4 ≈ 0.15 — not ≈ 0.62, as rows hashing alike would give.
        let mut s = FrequencySketch::new(1024);
        for id in 0..1000 {
            s.increment(id);
        }
        let share = 1.0 - (1.0 - 1.0 / 1024f64).powi(999);
        let over = (0..1000).filter(|&id| s.estimate(id) > 1).count() as f64 / 1000.0;
        assert!((over - share.powi(4)).abs() < 0.04, "{over} overcounted, {} expected", share.powi(4));

        let mut s = FrequencySketch::new(1000); // sample 10 000: no reset below
        for _ in 0..40 {
            s.increment(7);
        }
        assert_eq!(s.estimate(7), COUNTER_MAX, "4-bit counters saturate");

        let mut s = FrequencySketch::new(2); // sample W = 20
        for _ in 0..13 {
            s.increment(5);
        }
        for i in 0..6 {
            s.increment(100 + i);
        }
        assert_eq!((s.estimate(5), s.additions), (13, 19));
        s.increment(106); // the 20th addition halves every counter, rounding down, and the count
        assert_eq!((s.estimate(5), s.additions), (6, 10));
    }

    #[test]
    fn hand_worked_admission() {
        // c = 3: window 1, main 2 (protected 1, probation the rest); sketch 16 wide, W = 30.
        let mut p = WTinyLfu::with_defaults(3, 64);
        let mut ev = Vec::new();
        let run = |p: &mut WTinyLfu, refs: &[Block], ev: &mut Vec<Block>| {
            ev.clear();
            for &b in refs {
                p.access(b, ev);
                p.check_invariants().unwrap();
            }
            p.segments()
        };
        // (window, probation, protected)
        assert_eq!(run(&mut p, &[1, 2, 2, 3], &mut ev), (vec![3], vec![1, 2], vec![]), "filling: no contest");
        assert!(ev.is_empty());
        assert_eq!(run(&mut p, &[1], &mut ev), (vec![3], vec![2], vec![1]), "probation hit → protected");
        assert_eq!(run(&mut p, &[2], &mut ev), (vec![3], vec![1], vec![2]), "protected overflow → probation");
        // Counts now 1: 2, 2: 3, 3: 1 — exact: these ids share no counter in some row.
        assert_eq!([p.estimate(1), p.estimate(2), p.estimate(3)], [2, 3, 1]);

        // A scan of one-time blocks: each candidate (seen once) loses to the victim 1 (twice).
        assert_eq!(run(&mut p, &[10, 11, 12], &mut ev), (vec![12], vec![1], vec![2]));
        assert_eq!(ev, [3, 10, 11], "every candidate rejected; 1 and 2 survive");

        // A candidate seen as often as the victim still loses: ties reject.
        assert_eq!(run(&mut p, &[20, 20, 21], &mut ev), (vec![21], vec![1], vec![2]));
        assert_eq!((p.estimate(20), p.estimate(1), &ev[..]), (2, 2, &[12, 20][..]));

        // Seen three times, the candidate beats the victim: 1 is evicted, 22 takes its place.
        assert_eq!(run(&mut p, &[22, 22, 22, 23], &mut ev), (vec![23], vec![22], vec![2]));
        assert_eq!(ev, [21, 1]);

        // An LRU cache of 3 keeps only the last three blocks.
        let mut lru = Lru::new(3, 64);
        for b in [1, 2, 2, 3, 1, 2, 10, 11, 12] {
            lru.access(b, &mut ev);
        }
        assert!(!lru.contains(1) && !lru.contains(2));
    }

    #[test]
    fn queues_show_the_window_and_both_main_segments() {
        // c = 3: window 1, probation 1, protected 1 — `hand_worked_admission`'s opening.
        let mut p = WTinyLfu::with_defaults(3, 64);
        let mut ev = Vec::new();
        let segments = |w: &[Block], prob: &[Block], prot: &[Block]| {
            [resident("window", w), resident("probation", prob), resident("protected", prot)]
        };
        for b in [1, 2, 2, 3] {
            p.access(b, &mut ev); // filling: the window's LRU block moves on to probation
        }
        assert_eq!(queues_checked(&p), segments(&[3], &[1, 2], &[]));
        p.access(1, &mut ev); // a probation hit: to protected
        assert_eq!(queues_checked(&p), segments(&[3], &[2], &[1]));
        p.access(10, &mut ev); // the candidate 3 (seen once) loses to probation's 2 (twice)
        assert_eq!((queues_checked(&p), ev), (segments(&[10], &[2], &[1]).to_vec(), vec![3]));
    }

    #[test]
    fn a_one_hit_wonder_scan_cannot_displace_frequent_blocks() {
        // c = 100: window 1, probation 20, protected 79.
        let mut p = WTinyLfu::with_defaults(100, 1000);
        let mut ev = Vec::new();
        // Two passes: the first fills window and probation, the second promotes to protected.
        for _ in 0..2 {
            for b in 0..100 {
                p.access(b, &mut ev);
            }
        }
        assert!(ev.is_empty(), "the first 100 blocks fill the cache");
        let (w, prob, prot) = p.segments();
        assert_eq!((w.len(), prob.len(), prot.len()), (1, 20, 79));
        // A scan of 200 fresh blocks: each, seen once, loses to the probation victim (seen twice).
        for b in 1000..1200 {
            p.access(b, &mut ev);
        }
        let survivors = (0..100).filter(|&b| p.contains(b)).count();
        // An LRU would keep none of them. The window's block (99) goes first: as a candidate it
        // ties with the probation victim (both seen twice), and ties reject. A few more may fall
        // to scan blocks whose Count-Min estimate collides upwards in all four rows.
        assert!(!p.contains(99));
        assert!(survivors >= 95, "only {survivors} of 100 frequent blocks survived the scan");
        let mut lru = Lru::new(100, 1000);
        for b in (0..100).chain(0..100).chain(1000..1200) {
            lru.access(b, &mut ev);
        }
        assert_eq!((0..100).filter(|&b| lru.contains(b)).count(), 0);
    }

    #[test]
    fn agrees_with_the_naive_model() {
        for (c, seed) in [(1, 71), (2, 72), (3, 73), (10, 74), (50, 75)] {
            agrees_with(Box::new(WTinyLfu::with_defaults(c, 64)), Naive::new(c), seed);
        }
    }

    #[test]
    fn making_room_first_evicts_what_the_miss_path_would() {
        // DEMOTE and HA_R call `evict()` before `insert`; the admission filter must still decide.
        for c in [1, 2, 3, 10, 50] {
            let refs = skewed_with_scans(3 * c as u64 + 2, 20_000, 77);
            let mut plain = WTinyLfu::with_defaults(c, 64);
            let mut room_first = WTinyLfu::with_defaults(c, 64);
            let (mut ev_plain, mut ev_room, mut a, mut b) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
            for (i, &r) in refs.iter().enumerate() {
                ev_plain.clear();
                ev_room.clear();
                let hit = plain.access(r, &mut ev_plain);
                let hit_room = room_first.on_hit(r);
                if !hit_room {
                    if room_first.len() == c {
                        ev_room.extend(room_first.evict());
                    }
                    room_first.insert(r, End::EjectLast, &mut ev_room);
                }
                assert_eq!((hit, &ev_plain), (hit_room, &ev_room), "c {c} step {i}");
                a.clear();
                b.clear();
                plain.contents(&mut a);
                room_first.contents(&mut b);
                assert_eq!(a, b, "c {c} step {i}");
            }
        }
    }

    #[test]
    fn contents_are_the_eviction_order_and_small_caches_work() {
        let mut rng = Rng::seeded(78);
        for c in [1, 2, 3, 10, 50] {
            let mut p = WTinyLfu::with_defaults(c, 16);
            let mut ev = Vec::new();
            for _ in 0..5_000 {
                p.access(rng.below(4 * c as u64) as Block, &mut ev);
            }
            let (mut order, mut k3) = (Vec::new(), Vec::new());
            p.contents(&mut order);
            p.candidates(3, &mut k3);
            assert_eq!(k3, order[..order.len().min(3)]);
            let evicted: Vec<Block> = std::iter::from_fn(|| p.evict()).collect();
            assert_eq!(evicted, order, "c {c}");
            assert!(p.is_empty());
            p.check_invariants().unwrap();
        }
    }

    fn hits(p: &mut dyn Policy, refs: &[Block]) -> usize {
        let mut ev = Vec::new();
        refs.iter().filter(|&&b| p.access(b, &mut ev)).count()
    }

    #[test]
    fn beats_lru_on_skew_with_scans_and_on_zipf() {
        let refs = skewed_with_scans(500, 60_000, 76);
        let (t, lru) = (hits(&mut WTinyLfu::with_defaults(100, 2000), &refs), hits(&mut Lru::new(100, 2000), &refs));
        assert!(t as f64 > 1.4 * lru as f64, "skewed with scans: W-TinyLFU {t} vs LRU {lru} hits");

        let table = ZipfTable::new(10_000, 0.9);
        let mut rng = Rng::seeded(79);
        let refs: Vec<Block> = (0..200_000).map(|_| table.sample(&mut rng)).collect();
        let (t, lru) =
            (hits(&mut WTinyLfu::with_defaults(500, 10_000), &refs), hits(&mut Lru::new(500, 10_000), &refs));
        assert!(t as f64 > 1.15 * lru as f64, "Zipf 0.9: W-TinyLFU {t} vs LRU {lru} hits");
    }

    #[test]
    fn rejects_bad_shares() {
        assert!(WTinyLfu::new(10, 10, 1.0).err().unwrap().contains("windowShare"));
        assert!(WTinyLfu::new(10, 10, f64::NAN).err().unwrap().contains("windowShare"));
        assert!(WTinyLfu::new(0, 10, 0.5).is_err());
    }
}
