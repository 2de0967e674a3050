//! What only a block trace has: request lengths, sequential runs and where on the device the
//! references fall.
//!
//! - A **sequential run** is a client's requests one after another, each starting at the block
//!   after the previous one's last; its length is its blocks. Clients' runs are followed apart
//!   (interleaved volumes do not break each other's runs).
//! - The **footprint by region**: the address space cut into aligned power-of-two regions, the
//!   smallest for which at most [`REGIONS`] hold references; per region its distinct blocks and
//!   references. Volumes' addresses carry the volume in their high bits, so their regions stay
//!   apart.

use serde::Serialize;

use super::bins::{Bin, Log2};

/// The most regions a footprint lists.
pub const REGIONS: usize = 64;

/// One region of the footprint: blocks `from .. to` as the file numbers them.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    pub from: u64,
    pub to: u64,
    /// Distinct blocks referenced in it.
    pub blocks: u64,
    pub references: u64,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BlocksReport {
    /// Blocks per request.
    pub request_blocks: Vec<Bin>,
    /// Requests that continued their client's sequential run (the first of a run does not).
    pub sequential_requests: u64,
    /// Sequential runs by their length in blocks (a lone request is a run of its own blocks).
    pub runs: Vec<Bin>,
    pub regions: Vec<Region>,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Runs {
    /// Per client: the block after its last request's, and its current run's blocks (0: none).
    open: Vec<(u64, u64)>,
    lengths: Log2,
    request_blocks: Log2,
    sequential: u64,
}

impl Runs {
    /// A request by client `c` for blocks `first .. first + n` (file numbers).
    #[inline]
    pub(super) fn request(&mut self, c: u16, first: u64, n: u64) {
        let i = usize::from(c);
        if self.open.len() <= i {
            self.open.resize(i + 1, (0, 0));
        }
        let (next, run) = &mut self.open[i];
        if *run > 0 && first == *next {
            *run += n;
            self.sequential += 1;
        } else {
            if *run > 0 {
                self.lengths.add(*run);
            }
            *run = n;
        }
        *next = first.wrapping_add(n);
        self.request_blocks.add(n);
    }

    /// The report; `blocks`: (file block number, references) of every block referenced.
    pub(super) fn report(&self, blocks: impl Iterator<Item = (u64, u64)>) -> BlocksReport {
        let mut lengths = self.lengths.clone();
        for &(_, run) in &self.open {
            if run > 0 {
                lengths.add(run);
            }
        }
        BlocksReport {
            request_blocks: self.request_blocks.bins(1.0),
            sequential_requests: self.sequential,
            runs: lengths.bins(1.0),
            regions: regions(blocks.collect()),
        }
    }
}

/// The footprint of `blocks` ((block, references), any order) in the fewest aligned regions of
/// one power-of-two size that are at most [`REGIONS`] non-empty.
fn regions(mut blocks: Vec<(u64, u64)>) -> Vec<Region> {
    if blocks.is_empty() {
        return Vec::new();
    }
    blocks.sort_unstable();
    let used = |shift: u32| {
        let mut n = 0;
        let mut last = None;
        for &(b, _) in &blocks {
            let r = b.checked_shr(shift).unwrap_or(0);
            if last != Some(r) {
                n += 1;
                last = Some(r);
            }
        }
        n
    };
    // The smallest shift with few enough regions (the count falls as the shift grows).
    let (mut lo, mut hi) = (0u32, 64u32);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if used(mid) <= REGIONS {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let shift = lo;
    let mut out: Vec<Region> = Vec::new();
    for &(b, refs) in &blocks {
        let r = b.checked_shr(shift).unwrap_or(0);
        let from = r.checked_shl(shift).unwrap_or(0);
        match out.last_mut() {
            Some(last) if last.from == from => {
                last.blocks += 1;
                last.references += refs;
            }
            _ => out.push(Region {
                from,
                to: from.saturating_add(1u64.checked_shl(shift).unwrap_or(u64::MAX)),
                blocks: 1,
                references: refs,
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_the_smallest_power_of_two_that_keeps_them_few() {
        // Blocks 0–99 and 1000: 101 one-block regions are too many, pairs make 50 + 1.
        let mut blocks: Vec<(u64, u64)> = (0..100).map(|b| (b, 1)).collect();
        blocks.push((1000, 7));
        let r = regions(blocks);
        assert_eq!(r.len(), 51);
        assert_eq!((r[0].from, r[0].to, r[0].blocks, r[0].references), (0, 2, 2, 2));
        assert_eq!((r[50].from, r[50].to, r[50].blocks, r[50].references), (1000, 1002, 1, 7));
        // Two volumes (in the high bits) of 100 blocks each: regions of 4 blocks, 25 in each.
        let r = regions((0..100u64).flat_map(|b| [((1 << 44) + b, 1), ((3 << 44) + b, 1)]).collect());
        assert_eq!(r.len(), 50);
        assert_eq!((r[24].from, r[25].from, r[25].to, r[25].blocks), ((1 << 44) + 96, 3 << 44, (3 << 44) + 4, 4));
        assert!(regions(Vec::new()).is_empty());
    }
}
