//! The mini-caches and the sample they share: each lane a policy at a mini size, sampling the
//! blocks whose hash falls under its threshold; the rungs of the rate ladder; the per-block
//! reference counts the estimator stratifies by.

use super::*;

/// The mini-caches and the sample they share.
pub(super) struct Lanes {
    pub(super) key: u64,
    /// Every lane samples every block (exact): block ids are their own slots.
    pub(super) identity: bool,
    /// Live lanes, highest threshold first: a block is sampled by a prefix of them.
    pub(super) lanes: Vec<Lane>,
    /// The first lane's threshold (0 when none): blocks at or above it are in no lane.
    pub(super) top_threshold: u64,
    /// Per block id: its references so far (the estimator's strata), saturating at 65 535 —
    /// two bytes per block, incremented whatever the block: nothing waits on it.
    pub(super) counts: Vec<u16>,
    /// Per block id: its slot in the sample, or `UNSAMPLED` (read for sampled blocks only).
    pub(super) slot_of: Vec<Block>,
    /// Per slot, a row of `1 + lanes.len()` counters: how many lanes (a prefix of `lanes`)
    /// sample the slot's block, then each lane's misses on it — one row per sampled reference.
    pub(super) rows: Vec<u32>,
    /// Per slot: its block, or `UNSAMPLED` when the slot is free.
    pub(super) slot_block: Vec<Block>,
    pub(super) free: Vec<Block>,
    /// The ladder's rungs, lowest rate first; `0..=top` still run.
    pub(super) rungs: Vec<Rung>,
    pub(super) top: usize,
    pub(super) min_blocks: u64,
    pub(super) evicted: Vec<Block>,
}

/// The slot of a block no lane samples.
pub(super) const UNSAMPLED: Block = Block::MAX;

pub(super) struct Rung {
    pub(super) threshold: u64,
    pub(super) rate: f64,
    /// Distinct blocks sampled at this rung's rate.
    pub(super) blocks: u64,
}

pub(super) struct Lane {
    /// Index into `MiniSim::policies`: the curve this lane is a point of.
    pub(super) curve: usize,
    /// Index into `MiniSim::sizes`.
    pub(super) size: usize,
    /// The rungs that use this lane (a small size's raised rate is the same on several).
    pub(super) first_rung: usize,
    pub(super) last_rung: usize,
    pub(super) threshold: u64,
    pub(super) rate: f64,
    pub(super) mini: u64,
    pub(super) policy: Box<dyn Policy>,
    pub(super) sampled: u64,
    pub(super) misses: u64,
}

/// The sampling hash of `block` under `key`, in `0..SPACE`.
#[inline(always)]
pub(super) fn hash(block: Block, key: u64) -> u64 {
    splitmix64(block as u64 ^ key) >> 1
}

/// The estimator's class of a block referenced `count` (≥ 1) times.
pub(super) fn class(count: u32) -> usize {
    if count < 4 {
        return count as usize;
    }
    let log = 31 - count.leading_zeros();
    (4 * log + ((count >> (log - 2)) & 3)) as usize
}

/// Blocks per reference-count class, over every block referenced (`counts`: per block id).
pub(super) fn population_of(counts: &[u16]) -> [u64; CLASSES] {
    let mut pop = [0u64; CLASSES];
    for &c in counts.iter().filter(|&&c| c > 0) {
        pop[class(c as u32)] += 1;
    }
    pop
}

impl Lanes {
    /// Lanes for every `(curve, policy)` at every size; an error names its curve.
    pub(super) fn new(curves: &[(usize, &PolicyConfig)], sizes: &[u64], s: &Sampling) -> Result<Self, (usize, String)> {
        // The ladder: R, 2R, 4R, … up to 1; only R when no minimum sample is asked for.
        let mut rates = vec![s.rate];
        while s.min_blocks > 0 && *rates.last().expect("one") < 1.0 {
            rates.push((rates.last().expect("one") * 2.0).min(1.0));
        }
        let rungs: Vec<Rung> = rates
            .iter()
            .map(|&r| Rung { threshold: (r * SPACE as f64).round().min(SPACE as f64) as u64, rate: r, blocks: 0 })
            .collect();
        let mut lanes: Vec<Lane> = Vec::new();
        for &(curve, policy) in curves {
            for (i, &c) in sizes.iter().enumerate() {
                let mut last: Option<usize> = None;
                for (k, rung) in rungs.iter().enumerate() {
                    let mini = ((c as f64 * rung.rate).round() as u64).max(c.min(s.min_cache)).clamp(1, c);
                    let t = threshold(mini, c);
                    if let Some(j) = last.filter(|&j| lanes[j].threshold == t) {
                        lanes[j].last_rung = k;
                        continue;
                    }
                    let rate = mini as f64 / c as f64;
                    let built = scaled_config(policy, rate, mini)
                        .build(mini as usize, 1024, s.seed)
                        .map_err(|e| (curve, format!("{} at {c} blocks: {e}", policy.name())))?;
                    lanes.push(Lane {
                        curve,
                        size: i,
                        first_rung: k,
                        last_rung: k,
                        threshold: t,
                        rate,
                        mini,
                        policy: built,
                        sampled: 0,
                        misses: 0,
                    });
                    last = Some(lanes.len() - 1);
                }
            }
        }
        lanes.sort_by_key(|l| (std::cmp::Reverse(l.threshold), l.curve, l.size, l.first_rung));
        Ok(Self {
            key: splitmix64(s.seed),
            identity: lanes.iter().all(|l| l.threshold == SPACE),
            top_threshold: lanes.first().map_or(0, |l| l.threshold),
            lanes,
            counts: Vec::new(),
            slot_of: Vec::new(),
            rows: Vec::new(),
            slot_block: Vec::new(),
            free: Vec::new(),
            top: rungs.len() - 1,
            rungs,
            min_blocks: s.min_blocks,
            evicted: Vec::with_capacity(64),
        })
    }

    /// Counters per slot row.
    #[inline]
    pub(super) fn width(&self) -> usize {
        1 + self.lanes.len()
    }

    #[inline]
    pub(super) fn access(&mut self, block: Block, op: Op, hint: Option<WriteHint>) {
        let b = block as usize;
        if b >= self.counts.len() {
            self.counts.resize((b + 1).max(2 * self.counts.len()), 0);
        }
        self.counts[b] = self.counts[b].saturating_add(1);
        if self.identity {
            return self.serve_all(block, op, hint);
        }
        // Decided by the hash, not by anything loaded: the counter's update above is not on
        // the way, so successive references' memory accesses overlap.
        let h = hash(block, self.key);
        if h < self.top_threshold {
            let slot = match self.slot_of.get(b) {
                Some(&s) if s != UNSAMPLED => s,
                _ => match self.admit(block, h) {
                    UNSAMPLED => return, // its rung was just dropped: no lane samples it any more
                    s => s,
                },
            };
            self.serve(slot, op, hint);
        }
    }

    /// A reference to every lane (exact): ids are their own slots.
    pub(super) fn serve_all(&mut self, block: Block, op: Op, hint: Option<WriteHint>) {
        for lane in &mut self.lanes {
            lane.sampled += 1;
            let hit = match op {
                Op::Read => lane.policy.access(block, &mut self.evicted),
                Op::Write => lane.policy.write(block, hint, &mut self.evicted),
            };
            self.evicted.clear();
            lane.misses += !hit as u64;
        }
    }

    /// A sampled reference to the lanes that sample its block.
    #[inline]
    pub(super) fn serve(&mut self, slot: Block, op: Op, hint: Option<WriteHint>) {
        let w = self.width();
        let Self { rows, lanes, evicted, .. } = self;
        let row = &mut rows[slot as usize * w..(slot as usize + 1) * w];
        let k = row[0] as usize;
        for (lane, misses) in lanes[..k].iter_mut().zip(&mut row[1..]) {
            lane.sampled += 1;
            let hit = match op {
                Op::Read => lane.policy.access(slot, evicted),
                Op::Write => lane.policy.write(slot, hint, evicted),
            };
            evicted.clear();
            if !hit {
                lane.misses += 1;
                *misses += 1;
            }
        }
    }

    /// A block sampled for the first time: counts it on the rungs whose rate samples it, drops
    /// the rungs above the lowest one that has its minimum, and gives it a slot if a lane still
    /// samples it.
    #[inline(never)]
    pub(super) fn admit(&mut self, block: Block, h: u64) -> Block {
        let mut full = None;
        for (k, rung) in self.rungs[..=self.top].iter_mut().enumerate() {
            rung.blocks += (h < rung.threshold) as u64;
            if full.is_none() && rung.blocks >= self.min_blocks {
                full = Some(k);
            }
        }
        if let Some(k) = full.filter(|&k| k < self.top) {
            self.drop_rungs_above(k);
            if h >= self.top_threshold {
                return UNSAMPLED;
            }
        }
        let w = self.width();
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                self.slot_block.push(UNSAMPLED);
                self.rows.resize(self.slot_block.len() * w, 0);
                (self.slot_block.len() - 1) as Block
            }
        };
        self.slot_block[slot as usize] = block;
        self.rows[slot as usize * w] = self.lanes.iter().take_while(|l| h < l.threshold).count() as u32;
        let b = block as usize;
        if b >= self.slot_of.len() {
            self.slot_of.resize((b + 1).max(2 * self.slot_of.len()), UNSAMPLED);
        }
        self.slot_of[b] = slot;
        slot
    }

    /// Rung `k` has its minimum sample: the rungs above it go, with the lanes only they used
    /// (their columns leave the rows) and the blocks no remaining lane samples (their slots
    /// are freed).
    pub(super) fn drop_rungs_above(&mut self, k: usize) {
        let old_w = self.width();
        let kept: Vec<usize> = (0..self.lanes.len()).filter(|&j| self.lanes[j].first_rung <= k).collect();
        self.top = k;
        self.lanes.retain(|l| l.first_rung <= k);
        self.top_threshold = self.lanes.first().map_or(0, |l| l.threshold);
        let w = self.width();
        let mut rows = vec![0u32; self.slot_block.len() * w];
        for (s, b) in self.slot_block.iter_mut().enumerate() {
            if *b == UNSAMPLED {
                continue;
            }
            let h = hash(*b, self.key);
            if h >= self.top_threshold {
                self.slot_of[*b as usize] = UNSAMPLED;
                *b = UNSAMPLED;
                self.free.push(s as Block);
                continue;
            }
            let (old, new) = (&self.rows[s * old_w..(s + 1) * old_w], &mut rows[s * w..(s + 1) * w]);
            new[0] = self.lanes.iter().take_while(|l| h < l.threshold).count() as u32;
            for (j, &from) in kept.iter().enumerate() {
                new[1 + j] = old[1 + from];
            }
        }
        self.rows = rows;
    }

    /// The lane that gives curve `c`'s point at size `i` (the one on the top rung), and its column.
    pub(super) fn lane_for(&self, c: usize, i: usize) -> (usize, &Lane) {
        self.lanes
            .iter()
            .enumerate()
            .find(|(_, x)| x.curve == c && x.size == i && x.first_rung <= self.top && self.top <= x.last_rung)
            .expect("every size has a lane on the top rung")
    }

    /// Lane `j`'s misses scaled up to the whole trace, class by class (the module doc).
    pub(super) fn stratified_misses(&self, j: usize, population: &[u64; CLASSES]) -> f64 {
        let w = self.width();
        let (mut sampled, mut misses) = ([0u64; CLASSES], [0u64; CLASSES]);
        for (row, &b) in self.rows.chunks_exact(w).zip(&self.slot_block) {
            if b != UNSAMPLED && row[0] as usize > j {
                let k = class(self.counts[b as usize] as u32);
                sampled[k] += 1;
                misses[k] += row[1 + j] as u64;
            }
        }
        // Strata from the most referenced class down, each with at least MIN_STRATUM sampled
        // blocks; a remainder without enough joins the last stratum.
        let mut total = 0.0;
        let mut last: Option<(u64, u64, u64)> = None;
        let (mut p, mut s, mut m) = (0u64, 0u64, 0u64);
        for k in (0..CLASSES).rev() {
            p += population[k];
            s += sampled[k];
            m += misses[k];
            if s >= MIN_STRATUM {
                total += p as f64 * m as f64 / s as f64;
                last = Some((p, s, m));
                (p, s, m) = (0, 0, 0);
            }
        }
        if p > 0 {
            match last {
                Some((lp, ls, lm)) => {
                    total += (lp + p) as f64 * (lm + m) as f64 / (ls + s) as f64 - lp as f64 * lm as f64 / ls as f64;
                }
                None if s > 0 => total += p as f64 * m as f64 / s as f64,
                None => return f64::NAN, // nothing sampled yet
            }
        }
        total
    }
}
