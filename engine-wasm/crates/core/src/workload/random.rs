//! Paper 000 §4.4 RANDOM: one-block reads drawn uniformly from a working set of `blocks`.

use super::Workload;
use crate::model::{Block, Request};
use crate::util::rng::Rng;

pub struct Random {
    blocks: u64,
    remaining: u64,
    rng: Rng,
}

impl Random {
    pub fn new(blocks: u64, requests: u64, seed: u64) -> Self {
        assert!(blocks > 0 && blocks <= u32::MAX as u64, "validated by WorkloadConfig");
        Self { blocks, remaining: requests, rng: Rng::seeded(seed) }
    }
}

impl Workload for Random {
    #[inline]
    fn next_request(&mut self) -> Option<Request> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        Some(Request::read(self.rng.below(self.blocks) as Block))
    }

    fn universe(&self) -> usize {
        self.blocks as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_finite_and_in_range() {
        let draw = |seed| {
            let mut w = Random::new(100, 1000, seed);
            std::iter::from_fn(|| w.next_request()).map(|r| r.block).collect::<Vec<_>>()
        };
        let a = draw(5);
        assert_eq!(a.len(), 1000);
        assert!(a.iter().all(|&b| b < 100));
        assert_eq!(a, draw(5));
        assert_ne!(a, draw(6));
        let distinct = a.iter().collect::<std::collections::BTreeSet<_>>().len();
        assert!(distinct > 95, "1000 uniform draws over 100 blocks should touch nearly all");
    }
}
