//! Paper 001's workload, synthesised: the paper measured traces of database systems whose
//! caches were flooded by one-time sequential scans (backups, long file reads); this is a
//! stand-in with the same three kinds of reference, each a share of the whole:
//! - 50 % skewed (Zipf α = 1) references to a database-like hot set — what SLRU protects;
//! - 40 % one-time sequential scans of fresh blocks in runs of `SCAN_LEN` — what floods LRU;
//! - 10 % short-lived blocks, each read `BURST` times at gaps of up to `BURST_GAP` references
//!   and then never again — what needs a probationary segment large enough to get its
//!   second hit (so that the best protected share is below 100 %).
//!
//! Used by paper 001's tests and by `tiersim reproduce` (policies run over it directly).

use crate::model::Block;
use crate::util::rng::Rng;
use crate::workload::zipf::ZipfTable;

pub const HOT_BLOCKS: u64 = 16_384;
const SCAN_LEN: u64 = 512;
pub const REFS: usize = 600_000;
pub const WARMUP: usize = 100_000;
const BURST: u32 = 3;
const BURST_GAP: u64 = 300;
/// Shares of the references: one-time scans, short-lived blocks; the rest are hot (Zipf α).
const SCAN_SHARE: f64 = 0.4;
const SHORT_SHARE: f64 = 0.1;
const ALPHA: f64 = 1.0;

/// A stream of three kinds of references, each a share of the whole:
/// - 50 % skewed (Zipf α = 1) references to a database-like hot set — what SLRU protects;
/// - 40 % one-time sequential scans of fresh blocks in runs of `SCAN_LEN` — what floods LRU;
/// - 10 % short-lived blocks, each read `BURST` times at gaps of up to `BURST_GAP` references
///   and then never again — what needs a probationary segment large enough to get its
///   second hit (so that the best protected share is below 100 %).
pub fn skewed_with_scans(seed: u64) -> Vec<Block> {
    // Per fresh decision a scan brings SCAN_LEN references, a short-lived block BURST, a hot
    // reference 1: solve for the chances that give the shares above.
    let norm = (1.0 - SCAN_SHARE - SHORT_SHARE) + SCAN_SHARE / SCAN_LEN as f64 + SHORT_SHARE / BURST as f64;
    let (scan_start, short_start) = (SCAN_SHARE / SCAN_LEN as f64 / norm, SHORT_SHARE / BURST as f64 / norm);
    let table = ZipfTable::new(HOT_BLOCKS, ALPHA);
    let mut rng = Rng::seeded(seed);
    let mut fresh = HOT_BLOCKS as Block;
    let mut scan_left = 0;
    // Pending re-references of short-lived blocks: (due position, block, reads left).
    let mut pending: std::collections::VecDeque<(usize, Block, u32)> = Default::default();
    let mut out = Vec::with_capacity(REFS);
    while out.len() < REFS {
        if let Some(&(due, b, left)) = pending.front() {
            if due <= out.len() {
                pending.pop_front();
                out.push(b);
                if left > 1 {
                    let at = out.len() + 1 + rng.below(BURST_GAP) as usize;
                    let i = pending.partition_point(|p| p.0 <= at);
                    pending.insert(i, (at, b, left - 1));
                }
                continue;
            }
        }
        if scan_left > 0 {
            out.push(fresh);
            fresh += 1;
            scan_left -= 1;
            continue;
        }
        let u = rng.unit_f64();
        if u < scan_start {
            scan_left = SCAN_LEN;
        } else if u < scan_start + short_start {
            out.push(fresh);
            let at = out.len() + 1 + rng.below(BURST_GAP) as usize;
            let i = pending.partition_point(|p| p.0 <= at);
            pending.insert(i, (at, fresh, BURST - 1));
            fresh += 1;
        } else {
            out.push(table.sample(&mut rng));
        }
    }
    out
}
