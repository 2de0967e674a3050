//! Paper 001: Karedla, Love & Wherry, "Caching strategies…" (IEEE Computer 1994).

use super::*;

/// Read hit ratio of `policy` over paper 001's scan-flooded stream, past its warm-up.
fn hit_ratio(mut policy: Box<dyn crate::policy::Policy>, refs: &[crate::Block]) -> f64 {
    use crate::workload::flooded::WARMUP;
    let mut ev = Vec::new();
    let mut hits = 0;
    for (i, &b) in refs.iter().enumerate() {
        let hit = policy.access(b, &mut ev);
        ev.clear();
        hits += (i >= WARMUP && hit) as u64;
    }
    hits as f64 / (refs.len() - WARMUP) as f64
}

/// Figs. 4–7 on the synthetic stand-in for the paper's traces ([`crate::workload::flooded`]):
/// at each size, LRU at twice the size and SLRU at protected shares 1/16 … 15/16 (the paper's
/// grid); SLRU at 75 % should hit about as often as LRU twice its size, and do best at 60–80 %.
pub(super) fn paper001(threads: usize) -> Vec<Check> {
    let refs = crate::workload::flooded::skewed_with_scans(1);
    let universe = *refs.iter().max().expect("a stream") as usize + 1;
    let sizes = [512usize, 1024, 2048, 4096];
    // (size, protected share in 16ths or 0 for LRU at twice the size)
    let jobs: Vec<(usize, usize)> = sizes.iter().flat_map(|&s| (0..16).map(move |k| (s, k))).collect();
    let hits = map_parallel(&jobs, threads, |&(size, k)| {
        let policy = if k == 0 {
            PolicyConfig::Lru.build(2 * size, universe, 1)
        } else {
            PolicyConfig::Slru { protected_share: k as f64 / 16.0 }.build(size, universe, 1)
        };
        hit_ratio(policy.expect("valid"), &refs)
    });
    let mut out = Vec::new();
    for (n, size) in sizes.iter().enumerate() {
        let row = &hits[16 * n..16 * (n + 1)];
        let (lru_twice, slru) = (row[0], &row[1..]);
        out.push(value(
            "001",
            "Figs. 4–7",
            &format!("SLRU {size} (75 % protected) ÷ LRU {}: hit ratio", 2 * size),
            1.0,
            "×",
            RATIO,
            slru[11] / lru_twice,
        ));
        let best = (0..15).max_by(|&a, &b| slru[a].total_cmp(&slru[b])).expect("fifteen shares");
        out.push(claim(
            "001",
            "Figs. 4–7",
            &format!("SLRU {size}: best protected share"),
            "60–80 %",
            (9..=13).contains(&(best + 1)),
            format!("{}/16 = {:.1} % (hit ratio {:.3})", best + 1, 100.0 * (best + 1) as f64 / 16.0, slru[best]),
        ));
    }
    out
}
