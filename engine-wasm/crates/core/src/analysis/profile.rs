//! What is in a trace, in one streamed pass: the numbers people ask before they cache it, those
//! libCacheSim's traceAnalyzer prints with `--common` (the peer users compare with) and a few it
//! does not. Memory: a count and a first size per distinct object (block), never the trace.
//!
//! - Requests (records) and references (the objects or blocks they touch); reads and writes.
//! - Distinct objects and their bytes (each at the size of its first request; requests that
//!   change an object's size are counted apart), bytes requested.
//! - The **compulsory miss ratio**, by references and by bytes: the first reference of each object
//!   is a miss in a cache of any size, so no cache misses less. (The peer's "cold miss ratio".)
//! - Mean object size weighted by requests (bytes requested over requests) and by objects
//!   (distinct bytes over objects); the frequency mean (references per object).
//! - The time span, from the earliest to the latest time the records carry.
//! - How many objects were referenced once, twice, … ([`ProfileReport::referenced_times`]) and the
//!   one-hit wonders' share; the most referenced objects with their shares.
//! - Popularity's Zipf α: minus the slope of the least-squares line through (ln rank, ln
//!   references) over every object, and the fit's R² (1 − residual over total sum of squares).
//!   The peer prints an α with R² = −1, which says nothing of its fit; ours is this one.

use serde::Serialize;

use crate::trace::Trace;

/// Objects referenced exactly 1 … `TIMES` times are counted one by one; more, together.
pub const TIMES: usize = 16;
/// The most referenced objects a report lists by default.
pub const DEFAULT_TOP: usize = 10;

/// The running counts of one pass.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// Per dense id: its references, and the size of its first request (0: unsized).
    counts: Vec<u32>,
    first_size: Vec<u64>,
    requests: u64,
    references: u64,
    reads: u64,
    writes: u64,
    bytes: u64,
    /// Whether every batch so far carried sizes.
    sized: bool,
    size_changes: u64,
    first_time: f64,
    last_time: f64,
    timed: bool,
}

/// One of the most referenced objects.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Popular {
    /// Its id as the file gives it (the object id, or the block number).
    pub id: u64,
    pub references: u64,
    /// Of all references.
    pub share: f64,
}

/// The least-squares line through (ln rank, ln references): references ∝ rank^−α.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ZipfFit {
    pub alpha: f64,
    pub r2: f64,
}

/// What a pass found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileReport {
    pub requests: u64,
    pub references: u64,
    pub reads: u64,
    pub writes: u64,
    pub distinct: u64,
    /// Bytes requested and the distinct objects' bytes (each at its first request's size): `None`
    /// for a trace without sizes.
    pub bytes_requested: Option<u64>,
    pub distinct_bytes: Option<u64>,
    /// Requests whose size differed from their object's first.
    pub size_changes: u64,
    /// Distinct over references: no cache of any size misses less.
    pub compulsory_miss_ratio: f64,
    /// Distinct bytes over bytes requested.
    pub compulsory_byte_miss_ratio: Option<f64>,
    /// Bytes requested over requests, and distinct bytes over objects.
    pub mean_size_by_requests: Option<f64>,
    pub mean_size_by_objects: Option<f64>,
    /// References per distinct object.
    pub frequency_mean: f64,
    /// From the earliest time to the latest, in seconds; `None` without times.
    pub time_span_secs: Option<f64>,
    /// `referenced_times[k]`: objects referenced exactly k + 1 times, for k + 1 up to [`TIMES`].
    pub referenced_times: Vec<u64>,
    /// Objects referenced more than [`TIMES`] times.
    pub referenced_more: u64,
    /// Objects referenced once, of all objects.
    pub one_hit_wonders: f64,
    /// The most referenced objects, most first (ties: the first seen first).
    pub top: Vec<Popular>,
    /// `None` with fewer than two distinct reference counts (no line to fit).
    pub zipf: Option<ZipfFit>,
}

impl Profile {
    pub fn new() -> Self {
        Self { sized: true, ..Self::default() }
    }

    /// Counts every request of `batch`, in order (its block ids numbered as in the whole trace).
    pub fn feed(&mut self, batch: &Trace) {
        let sized = super::stackbytes::sized(batch);
        self.sized &= sized;
        for (i, r) in batch.records.iter().enumerate() {
            self.requests += 1;
            match r.op {
                crate::model::Op::Read => self.reads += 1,
                crate::model::Op::Write => self.writes += 1,
            }
            if let Some(t) = r.time_us() {
                if !self.timed {
                    (self.first_time, self.last_time, self.timed) = (t, t, true);
                }
                self.first_time = self.first_time.min(t);
                self.last_time = self.last_time.max(t);
            }
            let size = if sized { batch.sizes[i] } else { 0 };
            self.bytes += size;
            for &b in batch.blocks_of(r) {
                self.references += 1;
                let o = b as usize;
                if o >= self.counts.len() {
                    let n = (o + 1).max(self.counts.len() * 2);
                    self.counts.resize(n, 0);
                    self.first_size.resize(n, 0);
                }
                if self.counts[o] == 0 {
                    self.first_size[o] = size;
                } else if sized && self.first_size[o] != size {
                    self.size_changes += 1;
                }
                self.counts[o] = self.counts[o].saturating_add(1);
            }
        }
    }

    /// The report, naming the `top` most referenced objects by their ids in the file (`raw`, the
    /// dense id's file id; an id past it is named by its dense id).
    pub fn report(&self, top: usize, raw: &[u64]) -> ProfileReport {
        let referenced: Vec<(usize, u32)> = self.counts.iter().copied().enumerate().filter(|&(_, n)| n > 0).collect();
        let distinct = referenced.len() as u64;
        let mut times = vec![0u64; TIMES];
        let mut more = 0;
        for &(_, n) in &referenced {
            match times.get_mut(n as usize - 1) {
                Some(t) => *t += 1,
                None => more += 1,
            }
        }
        let once = times[0];
        let distinct_bytes: u64 = referenced.iter().map(|&(o, _)| self.first_size[o]).sum();
        let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
        let sized = self.sized && self.requests > 0;
        let mut by_count = referenced;
        // Most referenced first; ties in the order first seen (dense ids number by first sight).
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let top = by_count
            .iter()
            .take(top)
            .map(|&(o, n)| Popular {
                id: raw.get(o).copied().unwrap_or(o as u64),
                references: u64::from(n),
                share: ratio(f64::from(n), self.references as f64),
            })
            .collect();
        ProfileReport {
            requests: self.requests,
            references: self.references,
            reads: self.reads,
            writes: self.writes,
            distinct,
            bytes_requested: sized.then_some(self.bytes),
            distinct_bytes: sized.then_some(distinct_bytes),
            size_changes: self.size_changes,
            compulsory_miss_ratio: ratio(distinct as f64, self.references as f64),
            compulsory_byte_miss_ratio: sized.then(|| ratio(distinct_bytes as f64, self.bytes as f64)),
            mean_size_by_requests: sized.then(|| ratio(self.bytes as f64, self.requests as f64)),
            mean_size_by_objects: sized.then(|| ratio(distinct_bytes as f64, distinct as f64)),
            frequency_mean: ratio(self.references as f64, distinct as f64),
            time_span_secs: self.timed.then(|| (self.last_time - self.first_time) / 1e6),
            referenced_times: times,
            referenced_more: more,
            one_hit_wonders: ratio(once as f64, distinct as f64),
            top,
            zipf: zipf_fit(by_count.iter().map(|&(_, n)| n)),
        }
    }
}

/// The least-squares line through (ln rank, ln count) of counts given most first.
fn zipf_fit(counts: impl Iterator<Item = u32>) -> Option<ZipfFit> {
    let (mut n, mut sx, mut sy, mut sxx, mut sxy, mut syy) = (0.0f64, 0.0, 0.0, 0.0, 0.0, 0.0);
    for (rank, c) in counts.enumerate() {
        let (x, y) = (((rank + 1) as f64).ln(), f64::from(c).ln());
        n += 1.0;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
    }
    let (vx, vy, cov) = (sxx - sx * sx / n, syy - sy * sy / n, sxy - sx * sy / n);
    if n < 2.0 || vx <= 0.0 || vy <= 1e-12 {
        return None;
    }
    let slope = cov / vx;
    // R² of a least-squares line: the share of the variance it explains.
    Some(ZipfFit { alpha: -slope, r2: (cov * cov / (vx * vy)).clamp(0.0, 1.0) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Op;
    use crate::trace::{Format, Record, TraceStream};

    /// Requests (id, size, time in s, op) as a trace read as objects, ids numbered by first sight.
    fn objects(reqs: &[(u64, u64, f64, Op)]) -> Trace {
        let mut raw: Vec<u64> = Vec::new();
        let mut t = Trace::default();
        for &(id, size, secs, op) in reqs {
            let dense = match raw.iter().position(|&r| r == id) {
                Some(d) => d,
                None => {
                    raw.push(id);
                    raw.len() - 1
                }
            };
            t.records.push(Record::new(t.refs.len() as u32, 1, op, Some(secs * 1e6), 0, None));
            t.refs.push(dense as u32);
            t.sizes.push(size);
        }
        t.raw = raw;
        t
    }

    #[test]
    fn hand_worked_a_small_object_trace() {
        use Op::{Read as R, Write as W};
        // Objects 7 (100 B) ×3, 8 (50 B) ×1, 9 (10 B, then 30 B) ×2: 6 requests, 3 objects.
        let t = objects(&[
            (7, 100, 10.0, R),
            (8, 50, 11.0, R),
            (7, 100, 12.5, W),
            (9, 10, 13.0, R),
            (7, 100, 14.0, R),
            (9, 30, 16.0, R),
        ]);
        let mut p = Profile::new();
        p.feed(&t);
        let r = p.report(2, &t.raw);
        assert_eq!((r.requests, r.references, r.reads, r.writes, r.distinct), (6, 6, 5, 1, 3));
        // 390 bytes requested; the objects at their first sizes: 100 + 50 + 10.
        assert_eq!((r.bytes_requested, r.distinct_bytes, r.size_changes), (Some(390), Some(160), 1));
        assert_eq!(r.compulsory_miss_ratio, 0.5);
        assert_eq!(r.compulsory_byte_miss_ratio, Some(160.0 / 390.0));
        assert_eq!((r.mean_size_by_requests, r.mean_size_by_objects), (Some(65.0), Some(160.0 / 3.0)));
        assert_eq!(r.frequency_mean, 2.0);
        assert_eq!(r.time_span_secs, Some(6.0));
        assert_eq!(&r.referenced_times[..4], [1, 1, 1, 0]);
        assert_eq!((r.referenced_more, r.one_hit_wonders), (0, 1.0 / 3.0));
        assert_eq!(
            r.top,
            [Popular { id: 7, references: 3, share: 0.5 }, Popular { id: 9, references: 2, share: 2.0 / 6.0 }]
        );
        // Counts 3, 2, 1 at ranks 1, 2, 3: ln-ln points (0, ln 3), (ln 2, ln 2), (ln 3, 0).
        let (xs, ys) = ([0.0, 2f64.ln(), 3f64.ln()], [3f64.ln(), 2f64.ln(), 0.0]);
        let (mx, my) = (xs.iter().sum::<f64>() / 3.0, ys.iter().sum::<f64>() / 3.0);
        let cov: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
        let vx: f64 = xs.iter().map(|x| (x - mx).powi(2)).sum();
        let vy: f64 = ys.iter().map(|y| (y - my).powi(2)).sum();
        let z = r.zipf.unwrap();
        assert!((z.alpha + cov / vx).abs() < 1e-12 && (z.r2 - cov * cov / (vx * vy)).abs() < 1e-12, "{z:?}");
    }

    #[test]
    fn a_pass_in_batches_is_the_whole_traces_and_unsized_traces_say_so() {
        let reqs: Vec<(u64, u64, f64, Op)> = (0..200).map(|i| ((i * i) % 37, 1 + i % 5, i as f64, Op::Read)).collect();
        let t = objects(&reqs);
        let mut whole = Profile::new();
        whole.feed(&t);
        let mut parts = Profile::new();
        for w in [0, 1, 90, 200].windows(2) {
            let mut b = Trace::default();
            for (k, r) in t.records[w[0]..w[1]].iter().enumerate() {
                b.records.push(Record::new(k as u32, 1, r.op, r.time_us(), 0, None));
                b.refs.push(t.refs[r.start as usize]);
                b.sizes.push(t.sizes[w[0] + k]);
            }
            parts.feed(&b);
        }
        assert_eq!(parts.report(5, &t.raw), whole.report(5, &t.raw));
        let r = whole.report(40, &t.raw);
        assert_eq!(r.referenced_times.iter().sum::<u64>() + r.referenced_more, r.distinct);
        assert_eq!(r.top.len() as u64, r.distinct);
        // Without sizes: no byte figures.
        let mut blocks = Profile::new();
        blocks.feed(&Trace { sizes: Vec::new(), ..t.clone() });
        let r = blocks.report(1, &t.raw);
        assert_eq!((r.bytes_requested, r.compulsory_byte_miss_ratio, r.mean_size_by_objects), (None, None, None));
        assert_eq!(r.distinct, whole.report(1, &t.raw).distinct);
        // Nothing at all: zeros, no fit.
        let r = Profile::new().report(3, &[]);
        assert_eq!((r.requests, r.distinct, r.compulsory_miss_ratio, r.zipf.is_none()), (0, 0, 0.0, true));
    }

    /// libCacheSim's traceAnalyzer `--common` on the CloudPhysics trace (issue 36's figures).
    #[test]
    fn the_peers_common_numbers_on_the_cloudphysics_trace() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../shared/traces/cloudPhysicsIO.oracleGeneral.bin");
        let Ok(bytes) = std::fs::read(path) else {
            eprintln!("skipping: ../shared/traces/cloudPhysicsIO.oracleGeneral.bin is not present beside the checkout");
            return;
        };
        let options = crate::trace::Options { object_mode: true, ..Default::default() };
        let mut stream = TraceStream::new(Format::OracleGeneral, options).unwrap();
        stream.push(&bytes).unwrap();
        let t = stream.finish().unwrap().trace;
        let mut p = Profile::new();
        p.feed(&t);
        let r = p.report(4, &t.raw);
        let gib = |b: Option<u64>| b.unwrap() as f64 / (1u64 << 30) as f64;
        assert_eq!((r.requests, r.distinct), (113_872, 48_974));
        assert_eq!(
            (format!("{:.4}", gib(r.bytes_requested)), format!("{:.4}", gib(r.distinct_bytes))),
            ("4.0681".into(), "1.8904".into())
        );
        assert_eq!(
            format!("{:.4} {:.4}", r.compulsory_miss_ratio, r.compulsory_byte_miss_ratio.unwrap()),
            "0.4301 0.4647"
        );
        // The peer prints the integer parts (its division is of integers): ours are 38,359.2 and
        // 41,445.9.
        let (by_requests, by_objects) = (r.mean_size_by_requests.unwrap(), r.mean_size_by_objects.unwrap());
        assert_eq!((by_requests as u64, by_objects as u64), (38_359, 41_445));
        assert_eq!(format!("{by_requests:.1} {by_objects:.1}"), "38359.2 41445.9");
        assert_eq!(format!("{:.4}", r.frequency_mean), "2.3252");
        assert_eq!(r.time_span_secs, Some(7_200.0));
        assert_eq!(&r.referenced_times[..4], [21_049, 18_839, 827, 6_059]);
        assert_eq!(r.top.iter().map(|p| p.references).collect::<Vec<_>>(), [1_630, 1_342, 1_341, 652]);
    }
}
