use super::*;
use crate::model::Op;
use crate::trace::{Format, Record, TraceStream};

/// Requests (id, size, time in s, op) as a trace read as objects, ids numbered by first sight.
fn objects(reqs: &[(u64, u64, f64, Op)]) -> Trace {
    with_clients(&reqs.iter().map(|&(id, size, secs, op)| (id, size, secs, op, 0)).collect::<Vec<_>>())
}

/// The same with each request's client.
fn with_clients(reqs: &[(u64, u64, f64, Op, u16)]) -> Trace {
    let mut raw: Vec<u64> = Vec::new();
    let mut t = Trace::default();
    for &(id, size, secs, op, client) in reqs {
        let dense = match raw.iter().position(|&r| r == id) {
            Some(d) => d,
            None => {
                raw.push(id);
                raw.len() - 1
            }
        };
        t.records.push(Record::new(t.refs.len() as u32, 1, op, Some(secs * 1e6), client, None));
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
    let r = p.report(2);
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
        if w[0] == 0 {
            b.raw = t.raw.clone();
        }
        parts.feed(&b);
    }
    assert_eq!(parts.report(5), whole.report(5));
    let r = whole.report(40);
    assert_eq!(r.referenced_times.iter().sum::<u64>() + r.referenced_more, r.distinct);
    assert_eq!(r.top.len() as u64, r.distinct);
    // Without sizes: no byte figures.
    let mut blocks = Profile::new();
    blocks.feed(&Trace { sizes: Vec::new(), ..t.clone() });
    let r = blocks.report(1);
    assert_eq!((r.bytes_requested, r.compulsory_byte_miss_ratio, r.mean_size_by_objects), (None, None, None));
    assert_eq!(r.distinct, whole.report(1).distinct);
    // Nothing at all: zeros, no fit.
    let r = Profile::new().report(3);
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
    let r = p.report(4);
    let gib = |b: Option<u64>| b.unwrap() as f64 / (1u64 << 30) as f64;
    assert_eq!((r.requests, r.distinct), (113_872, 48_974));
    assert_eq!(
        (format!("{:.4}", gib(r.bytes_requested)), format!("{:.4}", gib(r.distinct_bytes))),
        ("4.0681".into(), "1.8904".into())
    );
    assert_eq!(format!("{:.4} {:.4}", r.compulsory_miss_ratio, r.compulsory_byte_miss_ratio.unwrap()), "0.4301 0.4647");
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

/// `(from, to, count)` of each bin.
fn bins(b: &[Bin]) -> Vec<(f64, f64, u64)> {
    b.iter().map(|b| (b.from, b.to, b.count)).collect()
}

#[test]
fn hand_worked_reuse_sizes_windows_and_clients() {
    use Op::Read as R;
    // A 100 B, B 200 B, C 4000 B; clients 0 and 1 alternate; times in seconds.
    let (a, b, c) = (1, 2, 3);
    let t = with_clients(&[
        (a, 100, 0.0, R, 0),
        (b, 200, 1.0, R, 1),
        (a, 100, 3.0, R, 0),
        (c, 4000, 4.0, R, 1),
        (b, 200, 10.0, R, 0),
        (a, 100, 11.0, R, 1),
    ]);
    let mut p = Profile::new().windows(5.0, 1).unwrap();
    p.feed(&t);
    let r = p.report(0);
    // Reuses: A at request 2 (2 after request 0), B at 4 (3 after 1), A at 5 (3 after 2).
    assert_eq!(bins(&r.reuse.requests), [(2.0, 4.0, 3)]);
    // 3 s, 9 s and 8 s: 3·10⁶ µs in [2²¹, 2²²), 8·10⁶ in [2²², 2²³), 9·10⁶ in [2²³, 2²⁴).
    let us = |k: i32| 2f64.powi(k) * 1e-6;
    assert_eq!(bins(&r.reuse.seconds), [(us(21), us(22), 1), (us(22), us(23), 1), (us(23), us(24), 1)]);
    // Distances: A sees {B} since (2), B sees {A, C} (3), A sees {C, B} (3).
    assert_eq!((bins(&r.reuse.distance), r.reuse.distance_sample_rate), (vec![(2.0, 4.0, 3)], None));
    // Sizes: 100 B in [64, 128), 200 B in [128, 256), 4000 B in [2048, 4096); the empty bins
    // between are rows too (a chart draws each doubling).
    let rows: Vec<(f64, u64, u64, u64, u64)> =
        r.sizes.iter().map(|s| (s.from, s.requests, s.bytes, s.objects, s.references)).collect();
    assert_eq!(
        rows,
        [
            (64.0, 3, 300, 1, 3),
            (128.0, 2, 400, 1, 2),
            (256.0, 0, 0, 0, 0),
            (512.0, 0, 0, 0, 0),
            (1024.0, 0, 0, 0, 0),
            (2048.0, 1, 4000, 1, 1)
        ]
    );
    // Popularity: C once (4000 B); A three times and B twice share the bin [2, 4): mean 150 B.
    let pop: Vec<(f64, f64, u64, u64, Option<f64>)> =
        r.popularity.iter().map(|b| (b.from, b.to, b.objects, b.references, b.mean_size)).collect();
    assert_eq!(pop, [(1.0, 2.0, 1, 1, Some(4000.0)), (2.0, 4.0, 2, 5, Some(150.0))]);
    // Windows of 5 s from the first time: [0, 5) holds four requests of A, B, A, C; [10, 15)
    // B and A again (the empty [5, 10) is left out).
    assert_eq!((r.windows.unit, r.windows.width), ("seconds", 5.0));
    let w: Vec<(f64, u64, u64, u64, u64, u64)> =
        r.windows.windows.iter().map(|w| (w.start, w.requests, w.references, w.bytes, w.distinct, w.new)).collect();
    assert_eq!(w, [(0.0, 4, 4, 4400, 3, 3), (10.0, 2, 2, 300, 2, 0)]);
    // Clients: 0 asked A, A, B (2 objects), 1 asked B, C, A (3); A and B are shared.
    let cl = r.clients.unwrap();
    assert_eq!(cl.shared, 2);
    let got: Vec<(u16, u64, u64, u64, u64)> =
        cl.clients.iter().map(|c| (c.client, c.requests, c.references, c.bytes, c.distinct)).collect();
    assert_eq!(got, [(0, 3, 3, 400, 2), (1, 3, 3, 4300, 3)]);
    assert_eq!(cl.clients[1].compulsory_miss_ratio, 1.0);
    assert!(r.blocks.is_none(), "an object trace has no runs");
    // Without times, windows count requests: 4 per window.
    let untimed = Trace {
        records: t.records.iter().map(|r| Record::new(r.start, r.len, r.op, None, r.client, None)).collect(),
        ..t.clone()
    };
    let mut p = Profile::new().windows(5.0, 4).unwrap();
    p.feed(&untimed);
    let r = p.report(0);
    assert_eq!((r.windows.unit, r.reuse.seconds.len(), r.time_span_secs), ("requests", 0, None));
    let w: Vec<(f64, u64, u64)> = r.windows.windows.iter().map(|w| (w.start, w.requests, w.distinct)).collect();
    assert_eq!(w, [(0.0, 4, 3), (4.0, 2, 2)]);
    assert_eq!(Profile::new().windows(0.0, 1).err(), Some(WindowError::Seconds(0.0)));
    assert_eq!(Profile::new().windows(1.0, 0).err(), Some(WindowError::Requests));
}

#[test]
fn hand_worked_block_runs_and_request_lengths() {
    let csv = b"time,client,block,nblocks,op,hint\n\
        0,0,100,2,r,\n\
        1,1,500,1,r,\n\
        2,0,102,3,r,\n\
        3,1,501,1,w,\n\
        4,0,200,1,r,\n\
        5,0,100,1,r,\n";
    let t = crate::trace::parse(csv, Format::Csv, &crate::trace::Options::default()).unwrap();
    let mut p = Profile::new().for_blocks();
    p.feed(&t);
    let r = p.report(1);
    let b = r.blocks.unwrap();
    // Client 0: 100–101 then 102–104 (one run of 5), 200, then 100; client 1: 500 then 501
    // (a run of 2) however the two interleave.
    assert_eq!(b.sequential_requests, 2);
    assert_eq!(bins(&b.runs), [(1.0, 2.0, 2), (2.0, 4.0, 1), (4.0, 8.0, 1)]);
    assert_eq!(bins(&b.request_blocks), [(1.0, 2.0, 4), (2.0, 4.0, 2)]);
    // Eight blocks, each its own region; block 100 twice.
    assert_eq!(b.regions.len(), 8);
    assert_eq!((b.regions[0].from, b.regions[0].to, b.regions[0].blocks, b.regions[0].references), (100, 101, 1, 2));
    assert_eq!(r.top[0].id, 100, "the file's block number");
    // Batches that do not carry block numbers: no runs rather than wrong ones.
    let mut blind = Profile::new().for_blocks();
    blind.feed(&Trace { raw: Vec::new(), ..t });
    assert!(blind.report(0).blocks.is_none());
}

#[test]
fn distances_past_the_exact_limit_are_sampled_and_say_so() {
    // 5,000 objects: past an exact limit of 100, but within the sample's 32,768, so the sample
    // (at rate 1) must give the exact distances.
    let reqs: Vec<(u64, u64, f64, Op)> =
        (0..40_000u64).map(|i| ((i * 7919 + i / 3) % 5000, 1, i as f64, Op::Read)).collect();
    let t = objects(&reqs);
    let mut exact = Profile::new();
    exact.feed(&t);
    let mut sampled = Profile::new().exact_distances_up_to(100);
    sampled.feed(&t);
    let (e, s) = (exact.report(0).reuse, sampled.report(0).reuse);
    assert_eq!((e.distance_sample_rate, s.distance_sample_rate), (None, Some(1.0)));
    assert_eq!(s.distance, e.distance);
    assert_eq!(e.distance.iter().map(|b| b.count).sum::<u64>(), 40_000 - 5_000);
}

#[test]
fn thinned_windows_keep_every_kth_whole() {
    // Ten requests of one object each, a window each: thinned to at most 4, every third stays.
    let t = objects(&(0..10).map(|i| (i, 1, i as f64, Op::Read)).collect::<Vec<_>>());
    let mut p = Profile::new().windows(1.0, 1).unwrap();
    p.feed(&t);
    let mut w = p.report(0).windows;
    assert_eq!((w.every, w.windows.len()), (1, 10));
    w.thin(10);
    assert_eq!((w.every, w.windows.len()), (1, 10), "already few enough");
    w.thin(4);
    assert_eq!(w.every, 3);
    assert_eq!(
        w.windows.iter().map(|x| (x.start, x.requests, x.distinct)).collect::<Vec<_>>(),
        [(0.0, 1, 1), (3.0, 1, 1), (6.0, 1, 1), (9.0, 1, 1)]
    );
}
