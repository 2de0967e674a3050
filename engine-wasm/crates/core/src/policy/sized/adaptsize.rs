//! AdaptSize (Berger, Sitaraman & Harchol-Balter, "AdaptSize: Orchestrating the Hot Object
//! Memory Cache in a Content Delivery Network", NSDI 2017): an admission filter for a cache in
//! bytes that admits a missed object of `size` bytes with probability `e^(−size / c)`, so small
//! objects nearly always enter and large ones rarely, and tunes `c` to the workload with a model.
//! Every so many requests it fits a Markov model of the cache (each object's request rate, from
//! exponentially decayed counts, and its size) and picks the `c` whose predicted object hit ratio
//! is highest: a coarse scan of log₂ c, then a golden-section search.
//!
//! As libCacheSim's `AdaptSizeAdmissioner` (the peer users compare with; its `adaptsize.cpp`
//! follows the paper's code), so the two tune alike: `c` starts at 2¹⁵; every request counts
//! (hits too); the model is refit every 30,000 requests once the objects seen take more than
//! three times the cache (else it looks again 1,000 requests later); counts decay by 0.3 per
//! refit and objects below 0.1 are forgotten; log₂ c is scanned at 2, 6, 10, … below log₂ of the
//! capacity, then searched for at most 15 golden-section steps; the fixed point of the model's
//! characteristic time takes 20 iterations. The admission roll is a draw from the run's seeded
//! generator in steps of 10⁻⁷ (the peer's draws come from its own generator, so the two agree
//! within the noise of the rolls, not to the request). The model's sums run over the objects in
//! the order they were first remembered (the peer's follow its hash table), and its functions
//! are `libm`'s, so natively and in wasm the same seed gives the same `c`.

use crate::model::Block;
use crate::util::rng::Rng;

/// References between two refits of the model, and the most golden-section steps per refit.
pub const RECONFIGURATION_INTERVAL: u64 = 30_000;
pub const MAX_ITERATIONS: u32 = 15;
const INITIAL_C: f64 = (1u64 << 15) as f64;
const EWMA_DECAY: f64 = 0.3;
const GSS_R: f64 = 0.618_033_99;
const TOLERANCE: f64 = 3.0e-8;
const ROLL_STEPS: u64 = 10_000_000;

/// What AdaptSize remembers of the objects requested: this interval's counts, and the decayed
/// counts of earlier ones, each with the object's latest size.
#[derive(Clone, Debug)]
pub struct AdaptSize {
    capacity: u64,
    c: f64,
    interval: u64,
    max_iterations: u32,
    until_refit: u64,
    /// Bytes of the distinct objects remembered (either table).
    stat_size: i64,
    /// Per id: requests this interval (0: not requested) and the size they carried.
    recent: Vec<(f64, u64)>,
    recent_ids: Vec<Block>,
    /// Per id: the decayed requests of earlier intervals (`None`: not remembered), and size.
    longterm: Vec<Option<(f64, u64)>>,
    longterm_ids: Vec<Block>,
    /// The model's inputs, gathered at each refit.
    rates: Vec<f64>,
    sizes: Vec<f64>,
    admit_probs: Vec<f64>,
    refits: u32,
    rng: Rng,
}

impl AdaptSize {
    /// In front of a cache of `capacity` bytes, refitting every `interval` requests.
    pub fn new(capacity: u64, universe: usize, seed: u64, interval: u64, max_iterations: u32) -> Result<Self, String> {
        if interval == 0 {
            return Err("adaptsize: the refit interval must be at least one request".into());
        }
        Ok(Self {
            capacity,
            c: INITIAL_C,
            interval,
            max_iterations,
            until_refit: interval,
            stat_size: 0,
            recent: vec![(0.0, 0); universe],
            recent_ids: Vec::new(),
            longterm: vec![None; universe],
            longterm_ids: Vec::new(),
            rates: Vec::new(),
            sizes: Vec::new(),
            admit_probs: Vec::new(),
            refits: 0,
            rng: Rng::seeded(seed),
        })
    }

    /// The size parameter now: objects of `c` bytes are admitted with probability 1/e.
    pub fn c(&self) -> f64 {
        self.c
    }

    /// How many times the model has been refit.
    pub fn refits(&self) -> u32 {
        self.refits
    }

    /// Counts a request for `block` of `size` bytes (every request, hit or miss).
    pub fn update(&mut self, block: Block, size: u64) {
        self.maybe_refit();
        let i = block as usize;
        if i >= self.recent.len() {
            let n = (i + 1).max(self.recent.len() * 2);
            self.recent.resize(n, (0.0, 0));
            self.longterm.resize(n, None);
        }
        let (seen, old) = self.recent[i];
        match (seen > 0.0, self.longterm[i]) {
            (false, None) => self.stat_size += size as i64,
            (recent, long) => {
                if recent && old != size {
                    self.stat_size += size as i64 - old as i64;
                }
                if let Some((_, long_size)) = long.filter(|&(_, s)| s != size) {
                    self.stat_size += size as i64 - long_size as i64;
                }
            }
        }
        if seen == 0.0 {
            self.recent_ids.push(block);
        }
        self.recent[i] = (seen + 1.0, size);
    }

    /// Whether a missed object of `size` bytes is admitted: with probability e^(−size / c).
    pub fn admit(&mut self, size: u64) -> bool {
        let p = libm::exp(-(size as f64) / self.c);
        let roll = self.rng.below(ROLL_STEPS) as f64 / ROLL_STEPS as f64;
        roll < p
    }

    fn maybe_refit(&mut self) {
        self.until_refit -= 1;
        if self.until_refit > 0 {
            return;
        }
        if self.stat_size <= self.capacity as i64 * 3 {
            self.until_refit += 1_000;
            return;
        }
        self.until_refit = self.interval;
        self.refit();
    }

    /// Folds this interval's counts into the decayed ones, forgets what fell below 0.1, and
    /// picks the `c` whose modelled hit ratio is highest.
    fn refit(&mut self) {
        self.refits += 1;
        for &b in &self.longterm_ids {
            if let Some(e) = &mut self.longterm[b as usize] {
                e.0 *= EWMA_DECAY;
            }
        }
        for &b in &self.recent_ids {
            let i = b as usize;
            let (seen, size) = std::mem::replace(&mut self.recent[i], (0.0, 0));
            match &mut self.longterm[i] {
                Some(e) => *e = (e.0 + (1.0 - EWMA_DECAY) * seen, size),
                None => {
                    self.longterm[i] = Some((seen, size));
                    self.longterm_ids.push(b);
                }
            }
        }
        self.recent_ids.clear();
        let (longterm, stat_size) = (&mut self.longterm, &mut self.stat_size);
        let (rates, sizes) = (&mut self.rates, &mut self.sizes);
        rates.clear();
        sizes.clear();
        self.longterm_ids.retain(|&b| {
            let (seen, size) = longterm[b as usize].expect("a remembered id has its counts");
            if seen < 0.1 {
                *stat_size -= size as i64;
                longterm[b as usize] = None;
                return false;
            }
            rates.push(seen);
            sizes.push(size as f64);
            true
        });
        self.c = self.best_c();
    }

    /// The peer's search: the best of log₂ c = 2, 6, 10, … below log₂ capacity, then golden
    /// sections around it.
    fn best_c(&mut self) -> f64 {
        let (mut x0, mut x1) = (0.0, libm::log2(self.capacity as f64));
        let mut x3 = x1;
        let mut best = 0.0;
        let mut i = 2;
        while (i as f64) < x3 {
            let h = self.model_hit_rate(i as f64);
            if h > best {
                best = h;
                x1 = i as f64;
            }
            i += 4;
        }
        let gss_v = 1.0 - GSS_R;
        let (mut x2, mut h1, mut h2);
        h1 = best;
        if x3 - x1 > x1 - x0 {
            x2 = x1 + gss_v * (x3 - x1);
            h2 = self.model_hit_rate(x2);
        } else {
            x2 = x1;
            h2 = h1;
            x1 = x0 + gss_v * (x1 - x0);
            h1 = self.model_hit_rate(x1);
        }
        let mut iteration = 0;
        while iteration < self.max_iterations && (x3 - x0).abs() > TOLERANCE * (x1.abs() + x2.abs()) {
            iteration += 1;
            if h1.is_nan() || h2.is_nan() {
                break;
            }
            if h2 > h1 {
                x0 = x1;
                x1 = x2;
                x2 = GSS_R * x1 + gss_v * x3;
                h1 = h2;
                h2 = self.model_hit_rate(x2);
            } else {
                x3 = x2;
                x2 = x1;
                x1 = GSS_R * x2 + gss_v * x0;
                h2 = h1;
                h1 = self.model_hit_rate(x1);
            }
        }
        if h1.is_nan() || h2.is_nan() {
            self.c
        } else if h1 > h2 {
            libm::pow(2.0, x1)
        } else {
            libm::pow(2.0, x2)
        }
    }

    /// The hits per unit time the model predicts with parameter 2^`log2c`: each object's hit
    /// probability under its request rate and admission probability, at the characteristic time
    /// T that fills the cache (a fixed point, 20 iterations).
    fn model_hit_rate(&mut self, log2c: f64) -> f64 {
        let c = libm::pow(2.0, log2c);
        let (rates, sizes) = (&self.rates, &self.sizes);
        self.admit_probs.clear();
        self.admit_probs.extend(sizes.iter().map(|&s| libm::exp(-s / c)));
        let probs = &self.admit_probs;
        let mut sum = 0.0;
        for ((&r, &s), &p) in rates.iter().zip(sizes).zip(probs) {
            sum += r * p * s;
        }
        if sum <= 0.0 {
            return 0.0;
        }
        let capacity = self.capacity as f64;
        let mut t = capacity / sum;
        for _ in 0..20 {
            if t > 1e70 {
                break;
            }
            let mut filled = 0.0;
            for ((&r, &s), &p) in rates.iter().zip(sizes).zip(probs) {
                let rt = r * t;
                if rt > 150.0 {
                    filled += s;
                } else {
                    let e = p * (libm::exp(rt) - 1.0);
                    filled += s * (e / (1.0 + e));
                }
            }
            t = capacity * t / filled;
        }
        let mut hits = 0.0;
        for (&r, &p) in rates.iter().zip(probs) {
            let (a, b) = (numerator(t, r, p), denominator(t, r, p));
            let h = if a != 0.0 && b == 0.0 { 0.0 } else { a / b };
            hits += r * h.clamp(0.0, 1.0);
        }
        hits
    }

    /// Each table's ids are indexed, and the bytes remembered are each distinct object's latest
    /// size where no object's size changed (with a change the peer's accounting, which this
    /// keeps, counts both sizes' difference once per table).
    pub fn check_invariants(&self) -> Result<(), String> {
        let (mut bytes, mut resized) = (0i64, false);
        for &b in &self.recent_ids {
            let (seen, size) = self.recent[b as usize];
            if seen < 1.0 {
                return Err(format!("object {b} listed this interval with {seen} requests"));
            }
            bytes += size as i64;
        }
        for &b in &self.longterm_ids {
            let Some((_, size)) = self.longterm[b as usize] else {
                return Err(format!("object {b} listed as remembered but not"));
            };
            match self.recent[b as usize] {
                (0.0, _) => bytes += size as i64,
                (_, recent_size) => resized |= recent_size != size,
            }
        }
        if !resized && bytes != self.stat_size {
            return Err(format!("{} bytes remembered, but the objects take {bytes}", self.stat_size));
        }
        Ok(())
    }
}

/// The paper's closed form of an object's hit probability (a fourth-order approximation of its
/// Markov chain), numerator and denominator: `T` the characteristic time, `l` the request rate,
/// `p` the admission probability.
fn numerator(t: f64, l: f64, p: f64) -> f64 {
    l * p * t * (840.0 + 60.0 * l * t + 20.0 * l * l * t * t + l * l * l * t * t * t)
}

fn denominator(t: f64, l: f64, p: f64) -> f64 {
    840.0
        + 120.0 * l * (-3.0 + 7.0 * p) * t
        + 60.0 * l * l * (1.0 + p) * t * t
        + 4.0 * l * l * l * (-1.0 + 5.0 * p) * t * t * t
        + l * l * l * l * p * t * t * t * t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closed_form_is_a_probability_that_grows_with_rate_and_admission() {
        // A rarely requested object under a short characteristic time hits seldom; one requested
        // often, nearly always — more so when it is admitted more readily.
        let h = |t: f64, l: f64, p: f64| numerator(t, l, p) / denominator(t, l, p);
        assert!(h(1.0, 0.01, 1.0) < 0.02);
        assert!(h(100.0, 1.0, 1.0) > 0.98);
        assert!(h(10.0, 0.1, 0.2) < h(10.0, 0.1, 0.8));
        // Admitted always, the closed form approximates LRU's 1 − e^(−λT) (Che's approximation).
        for (t, l) in [(1.0f64, 0.5f64), (2.0, 0.5), (5.0, 0.3)] {
            let che = 1.0 - (-l * t).exp();
            assert!((h(t, l, 1.0) - che).abs() < 0.01, "T {t}, λ {l}: {} vs {che}", h(t, l, 1.0));
        }
    }

    #[test]
    fn hand_worked_admission_and_counting() {
        // c = 2¹⁵ before any refit: a 1-byte object is admitted with probability ≈ 1, one of
        // 2²⁰ bytes with e^(−32) ≈ 10⁻¹⁴ — never, in 1,000 rolls.
        let mut a = AdaptSize::new(1 << 20, 4, 1, RECONFIGURATION_INTERVAL, MAX_ITERATIONS).unwrap();
        assert!((0..1_000).all(|_| a.admit(1)));
        assert!((0..1_000).all(|_| !a.admit(1 << 20)));
        // Objects of 2¹⁵ bytes: about 1/e of them.
        let n = (0..100_000).filter(|_| a.admit(1 << 15)).count() as f64 / 100_000.0;
        assert!((n - (-1.0f64).exp()).abs() < 0.01, "{n}");
        // Bytes remembered: each distinct object once, at its latest size.
        for (b, s) in [(0, 100), (1, 50), (0, 100), (2, 7), (1, 60)] {
            a.update(b, s);
        }
        assert_eq!(a.stat_size, 100 + 60 + 7);
        a.check_invariants().unwrap();
    }

    #[test]
    fn the_refit_favours_small_objects_when_large_ones_are_cold() {
        // A cache of 1 MiB; 200 hot objects of 1 KiB requested over and over, and a stream of
        // 64 KiB objects each requested once. The model should want the hot set in and the cold
        // giants out: c well below 64 KiB, and a refit once the objects seen outgrow 3 MiB.
        let mut a = AdaptSize::new(1 << 20, 0, 7, 30_000, MAX_ITERATIONS).unwrap();
        let mut next_cold = 1_000;
        for i in 0..100_000u32 {
            if i % 4 == 0 {
                a.update(next_cold, 64 << 10);
                next_cold += 1;
            } else {
                a.update(i % 200, 1 << 10);
            }
        }
        a.check_invariants().unwrap();
        assert!(a.refits() >= 2, "{} refits", a.refits());
        assert!(a.c() < (16 << 10) as f64 && a.c() > 512.0, "c = {}", a.c());
    }
}
