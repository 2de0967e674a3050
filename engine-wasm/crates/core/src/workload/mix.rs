//! Scans, loops and random reads mixed (SPEC §4's "loops, scans mixed with random"): the
//! stream is cut into segments of 1 to `segment` requests; each is, with the given shares, a
//! sequential scan from a random start (wrapping), a loop over a random range of up to
//! `segment` blocks read round and round, or uniform random reads over the first `hot_share`
//! of the blocks. Scans pollute LRU, loops longer than the cache defeat it, the hot set rewards
//! it — the classic mix that separates replacement policies.

use super::Workload;
use crate::model::{Block, Request};
use crate::util::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MixShape {
    pub blocks: u64,
    pub scan_share: f64,
    pub loop_share: f64,
    pub hot_share: f64,
    pub segment: u64,
}

#[derive(Clone, Copy)]
enum Segment {
    Scan { next: u64 },
    Loop { start: u64, span: u64, at: u64 },
    Random { hot: u64 },
}

pub struct Mix {
    shape: MixShape,
    remaining: u64,
    left_in_segment: u64,
    segment: Segment,
    rng: Rng,
}

impl Mix {
    pub fn new(shape: MixShape, requests: u64, seed: u64) -> Self {
        assert!(shape.blocks > 0 && shape.segment > 0, "validated by WorkloadConfig");
        Self {
            shape,
            remaining: requests,
            left_in_segment: 0,
            segment: Segment::Random { hot: 1 },
            rng: Rng::seeded(seed),
        }
    }

    fn start_segment(&mut self) {
        let s = self.shape;
        self.left_in_segment = 1 + self.rng.below(s.segment);
        let pick = self.rng.unit_f64();
        self.segment = if pick < s.scan_share {
            Segment::Scan { next: self.rng.below(s.blocks) }
        } else if pick < s.scan_share + s.loop_share {
            let span = 1 + self.rng.below(s.segment.min(s.blocks));
            Segment::Loop { start: self.rng.below(s.blocks), span, at: 0 }
        } else {
            Segment::Random { hot: ((s.blocks as f64 * s.hot_share).round() as u64).clamp(1, s.blocks) }
        };
    }
}

impl Workload for Mix {
    fn next_request(&mut self) -> Option<Request> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        if self.left_in_segment == 0 {
            self.start_segment();
        }
        self.left_in_segment -= 1;
        let blocks = self.shape.blocks;
        let b = match &mut self.segment {
            Segment::Scan { next } => {
                let b = *next;
                *next = (*next + 1) % blocks;
                b
            }
            Segment::Loop { start, span, at } => {
                let b = (*start + *at) % blocks;
                *at = (*at + 1) % *span;
                b
            }
            Segment::Random { hot } => self.rng.below(*hot),
        };
        Some(Request::read(b as Block))
    }

    fn universe(&self) -> usize {
        self.shape.blocks as usize
    }
}

/// Generators one after another (phase changes): each for its own requests, its blocks
/// shifted by its offset, so the working set moves (or, with equal offsets, the pattern).
pub struct Phases {
    phases: Vec<(Box<dyn Workload>, u64)>,
    at: usize,
    universe: usize,
}

impl Phases {
    /// `phases`: (generator, its offset); each generator is finite (its requests).
    pub fn new(phases: Vec<(Box<dyn Workload>, u64)>, universe: usize) -> Self {
        Self { phases, at: 0, universe }
    }
}

impl Workload for Phases {
    fn next_request(&mut self) -> Option<Request> {
        while let Some((w, offset)) = self.phases.get_mut(self.at) {
            if let Some(r) = w.next_request() {
                return Some(Request { block: r.block + *offset as Block, ..r });
            }
            self.at += 1;
        }
        None
    }

    fn universe(&self) -> usize {
        self.universe
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(shape: MixShape, n: u64, seed: u64) -> Vec<Block> {
        let mut m = Mix::new(shape, n, seed);
        std::iter::from_fn(|| m.next_request()).map(|r| r.block).collect()
    }

    #[test]
    fn mixes_scans_loops_and_hot_random_reads_deterministically() {
        let shape = MixShape { blocks: 10_000, scan_share: 0.4, loop_share: 0.3, hot_share: 0.1, segment: 500 };
        let a = draw(shape, 50_000, 3);
        assert_eq!(a.len(), 50_000);
        assert_eq!(a, draw(shape, 50_000, 3));
        assert_ne!(a, draw(shape, 50_000, 4));
        assert!(a.iter().all(|&b| b < 10_000));
        // Scans give consecutive pairs; the hot set takes a good share of reads.
        let consecutive = a.windows(2).filter(|w| w[1] == (w[0] + 1) % 10_000).count() as f64 / a.len() as f64;
        assert!(consecutive > 0.4, "{consecutive}");
        let hot = a.iter().filter(|&&b| b < 1000).count() as f64 / a.len() as f64;
        assert!(hot > 0.3, "{hot}");
        // Only random reads: all in the hot set; only scans: every step +1.
        let random = draw(MixShape { scan_share: 0.0, loop_share: 0.0, ..shape }, 5000, 1);
        assert!(random.iter().all(|&b| b < 1000));
        let scans = draw(MixShape { scan_share: 1.0, loop_share: 0.0, segment: 100_000, ..shape }, 5000, 1);
        assert!(scans.windows(2).all(|w| w[1] == (w[0] + 1) % 10_000));
    }

    #[test]
    fn a_loop_goes_round_its_range() {
        let shape = MixShape { blocks: 50, scan_share: 0.0, loop_share: 1.0, hot_share: 0.2, segment: 1_000_000 };
        let a = draw(shape, 300, 9);
        let span = a.iter().skip(1).position(|&b| b == a[0]).unwrap() + 1;
        assert!(a.chunks(span).take(5).all(|c| c.len() < span || c == &a[..span]));
    }
}
