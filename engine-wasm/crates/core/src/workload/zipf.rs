//! Zipf-like popularity: block `i` (0-based rank) is drawn with probability ∝ 1/(i+1)^α.
//! Paper 000 §4.6 uses α = 1 over 1.5 × the aggregate cache, which gives its three equal
//! regions ≈ 90 % / 6 % / 4 % of the references.
//!
//! Sampling is O(1) per request with Vose's alias method over a table built once (12 bytes
//! per block). Weights use `libm::pow`, pure Rust, so native and wasm builds compute the very
//! same table and the same stream for a seed.

use std::cell::RefCell;
use std::sync::{Arc, Weak};

use super::Workload;
use crate::model::{Block, Request};
use crate::util::rng::Rng;

/// Alias table for a discrete distribution over `0..n`: each column's probability and alias
/// side by side, so a draw reads one place in memory.
#[derive(Clone, Debug)]
pub struct ZipfTable {
    columns: Vec<Column>,
}

#[derive(Clone, Copy, Debug)]
struct Column {
    prob: f64,
    alias: u32,
}

impl ZipfTable {
    pub fn new(n: u64, alpha: f64) -> Self {
        let n = n as usize;
        let weights: Vec<f64> = (1..=n).map(|i| 1.0 / libm::pow(i as f64, alpha)).collect();
        let total: f64 = weights.iter().sum();
        // Vose (1991): scale to mean 1, then pair each small column with a large one.
        let mut prob: Vec<f64> = weights.iter().map(|w| w * n as f64 / total).collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let (mut small, mut large): (Vec<u32>, Vec<u32>) = (0..n as u32).partition(|&i| prob[i as usize] < 1.0);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            alias[s as usize] = l;
            prob[l as usize] -= 1.0 - prob[s as usize];
            if prob[l as usize] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // Leftovers are 1 up to rounding.
        for i in small.into_iter().chain(large) {
            prob[i as usize] = 1.0;
        }
        Self { columns: prob.into_iter().zip(alias).map(|(prob, alias)| Column { prob, alias }).collect() }
    }

    /// The table for `n` blocks and `alpha`, built once and shared by every generator alive
    /// that asks for the same one (a tree's clients each draw from two generators of the same
    /// kind; one table keeps the draws in one place in memory).
    pub fn shared(n: u64, alpha: f64) -> Arc<ZipfTable> {
        thread_local! {
            static TABLES: RefCell<Vec<(u64, u64, Weak<ZipfTable>)>> = const { RefCell::new(Vec::new()) };
        }
        TABLES.with(|tables| {
            let mut tables = tables.borrow_mut();
            tables.retain(|t| t.2.strong_count() > 0);
            if let Some(t) = tables.iter().find(|t| t.0 == n && t.1 == alpha.to_bits()).and_then(|t| t.2.upgrade()) {
                return t;
            }
            let t = Arc::new(ZipfTable::new(n, alpha));
            tables.push((n, alpha.to_bits(), Arc::downgrade(&t)));
            t
        })
    }

    pub fn len(&self) -> usize {
        self.columns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    #[inline]
    pub fn sample(&self, rng: &mut Rng) -> u32 {
        let i = rng.below(self.columns.len() as u64) as usize;
        let c = self.columns[i];
        if rng.unit_f64() < c.prob {
            i as u32
        } else {
            c.alias
        }
    }
}

pub struct Zipf {
    table: Arc<ZipfTable>,
    remaining: u64,
    rng: Rng,
}

impl Zipf {
    pub fn new(blocks: u64, alpha: f64, requests: u64, seed: u64) -> Self {
        Self { table: ZipfTable::shared(blocks, alpha), remaining: requests, rng: Rng::seeded(seed) }
    }
}

impl Workload for Zipf {
    #[inline]
    fn next_request(&mut self) -> Option<Request> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        Some(Request::read(self.table.sample(&mut self.rng) as Block))
    }

    fn universe(&self) -> usize {
        self.table.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_000_thirds_get_90_6_4_percent() {
        let n = 49_152u64;
        let mut w = Zipf::new(n, 1.0, 400_000, 3);
        let mut thirds = [0u32; 3];
        while let Some(r) = w.next_request() {
            thirds[(r.block as u64 * 3 / n) as usize] += 1;
        }
        let f = thirds.map(|c| c as f64 / 400_000.0);
        assert!((f[0] - 0.903).abs() < 0.005, "{f:?}");
        assert!((f[1] - 0.061).abs() < 0.004, "{f:?}");
        assert!((f[2] - 0.036).abs() < 0.004, "{f:?}");
    }

    #[test]
    fn alias_table_reproduces_the_weights_exactly_in_expectation() {
        // Each column i contributes prob[i]/n to i and (1 − prob[i])/n to alias[i].
        let t = ZipfTable::new(50, 0.8);
        let mut mass = vec![0.0; 50];
        for (i, c) in t.columns.iter().enumerate() {
            mass[i] += c.prob / 50.0;
            mass[c.alias as usize] += (1.0 - c.prob) / 50.0;
        }
        let total: f64 = (1..=50).map(|i| 1.0 / libm::pow(i as f64, 0.8)).sum();
        for (i, m) in mass.iter().enumerate() {
            let want = 1.0 / libm::pow((i + 1) as f64, 0.8) / total;
            assert!((m - want).abs() < 1e-12, "block {i}: {m} vs {want}");
        }
    }

    #[test]
    fn generators_of_one_kind_share_their_table() {
        let (a, b) = (Zipf::new(700, 0.9, 1, 1), Zipf::new(700, 0.9, 1, 2));
        assert!(Arc::ptr_eq(&a.table, &b.table));
        assert!(!Arc::ptr_eq(&a.table, &Zipf::new(700, 1.0, 1, 1).table));
        drop((a, b));
        assert_eq!(Arc::strong_count(&ZipfTable::shared(700, 0.9)), 1, "freed with its last generator");
    }

    #[test]
    fn seeded_and_deterministic() {
        let draw = |seed| {
            let mut w = Zipf::new(1000, 1.0, 200, seed);
            std::iter::from_fn(|| w.next_request()).map(|r| r.block).collect::<Vec<_>>()
        };
        assert_eq!(draw(1), draw(1));
        assert_ne!(draw(1), draw(2));
    }
}
