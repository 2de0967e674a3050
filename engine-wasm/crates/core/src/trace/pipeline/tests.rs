//! A replay gives exactly what the whole parsed file gives: the same requests over the same
//! ids, the same counts through every policy and the same stack distances, the same errors in
//! the same places — on generated files of every format, plain, gzip'd and zstd'd, cut at
//! random read, push and batch sizes, with one worker or several.

use std::io::{Read, Write};

use super::*;
use crate::analysis::stackdist::StackDistances;
use crate::hierarchy::MultiBlock;
use crate::model::Block;
use crate::policy::PolicyConfig;
use crate::run::sim::{simulate, ReferenceString, SimResult, Simulator};
use crate::trace::{oracle, parse, vscsi, Format, Options};
use crate::util::rng::Rng;

/// `n` random valid requests of `format` over a small block space (so that caches hit),
/// with writes, multi-block requests and several clients where the format has them.
fn generated(format: Format, n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    if format == Format::Csv {
        out.extend_from_slice(b"time,client,block,nblocks,op,hint\n");
    }
    if format == Format::Columns {
        out.extend_from_slice(b"client,time,op,bytes,block\n");
    }
    for i in 0..n as u64 {
        let block = rng.below(300).min(rng.below(300));
        let blocks = 1 + rng.below(3) * rng.below(3);
        let write = rng.below(4) == 0;
        let (rw, rw_word) = if write { ("w", "Write") } else { ("r", "Read") };
        let bytes = blocks * 4096 - rng.below(4096);
        let line = match format {
            Format::Lines => match rng.below(4) {
                0 => format!("{block} w\n"),
                1 => format!("{block},r\n"),
                2 if i % 50 == 0 => format!("# comment\n\n{block}\n"),
                _ => format!("{block}\n"),
            },
            Format::Csv => {
                let hint = if write { ["", "synch", "replace", "recov"][rng.below(4) as usize] } else { "" };
                let time = if rng.below(5) == 0 { String::new() } else { format!("{}.5", i * 10) };
                format!("{time},{},{block},{blocks},{rw},{hint}\n", rng.below(3))
            }
            Format::Msr => format!(
                "{},hm,{},{rw_word},{},{bytes},{}\n",
                128166372003061629 + i * 997,
                rng.below(3),
                block * 4096 + rng.below(4096),
                100 + i
            ),
            Format::Spc => format!("{},{},{bytes},{rw},{}.{:03}\n", rng.below(3), block * 8, i / 1000, i % 1000),
            Format::Blkparse => {
                let rwbs = if write { "WS" } else { "R" };
                let mut l = format!(
                    "  8,0 {} {} {}.{:09} 697 Q {rwbs} {} + {} [k]\n",
                    i % 2,
                    i + 1,
                    i / 100,
                    i % 100,
                    block * 8,
                    blocks * 8
                );
                if i % 7 == 0 {
                    l.push_str(&format!(
                        "  8,0 1 {} {}.000000001 697 C {rwbs} {} + 8 [0]\n",
                        i + 1,
                        i / 100,
                        block * 8
                    ));
                }
                l
            }
            Format::K5cloud => format!("{},{}.25,{},{},{bytes}\n", rng.below(3), i, rw.to_uppercase(), block * 4096),
            Format::Tencent => {
                format!("{},{},{},{},{}\n", 1538323200 + i, block * 8, blocks * 8, write as u8, 1000 + rng.below(3))
            }
            Format::Alibaba => {
                format!("{},{},{},{bytes},{}\n", rng.below(3), rw.to_uppercase(), block * 4096, 1577808000000626 + i)
            }
            Format::Vscsi => {
                let command = if write { 0x2a } else { 0x28 };
                out.extend_from_slice(&vscsi::encode_v1(command, block * 8, bytes as u32, 1000 + i));
                if i % 11 == 0 {
                    out.extend_from_slice(&vscsi::encode_v1(0, 0, 0, 1000 + i));
                    // no data: skipped
                }
                continue;
            }
            Format::Columns => format!("{},{}.5,{rw_word},{bytes},{block}\n", rng.below(3), i),
            Format::Webcachesim => format!("{} {block} {bytes}\n", i / 3),
            // Hashed ids, signed: some negative.
            Format::WikimediaUpload => {
                format!("{}\t{}\tjpeg\t{bytes}\t0.0{}\n", i / 3, block as i64 - 150, rng.below(9))
            }
            Format::WikimediaText => format!("{}\t{}\t{bytes}\t0.{}\n", i / 3, block as i64 - 150, rng.below(9)),
            Format::OracleGeneral => {
                let next = if rng.below(3) == 0 { -1 } else { (i + 1 + rng.below(1000)) as i64 };
                out.extend_from_slice(&oracle::encode(i as u32, block * 7919, 4096, next));
                continue;
            }
        };
        out.extend_from_slice(line.as_bytes());
    }
    out
}

/// The reading options of `format`'s generated files: the column map of `columns`' (which no
/// file is recognised as: it is always named).
fn opts(format: Format) -> Options {
    let map = "header,client=1,time=2,op=3,size=4,key=5,address=blocks";
    let columns = (format == Format::Columns).then(|| super::super::columns::Columns::parse_spec(map).unwrap());
    Options { columns, ..Options::default() }
}

/// The format a replay is told: none (recognised), but `columns`.
fn named(format: Format) -> Option<Format> {
    (format == Format::Columns).then_some(format)
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(bytes, ruzstd::encoding::CompressionLevel::Fastest)
}

fn random_settings(rng: &mut Rng) -> (Settings, usize) {
    let settings = Settings {
        read_bytes: 1 + rng.below(5000) as usize,
        push_bytes: 1 + rng.below(2000) as usize,
        batch_requests: 1 + rng.below(300) as usize,
        buffers: 2 + rng.below(3) as usize,
        ..Settings::default()
    };
    (settings, 1 + rng.below(3) as usize)
}

fn source(bytes: &[u8]) -> Box<dyn Read + Send> {
    Box::new(std::io::Cursor::new(bytes.to_vec()))
}

/// Timing aside, the result.
fn counts(mut r: SimResult) -> SimResult {
    r.requests_per_sec = 0.0;
    r
}

/// Every policy at `sizes` over `bytes` replayed with `settings` by `workers` workers (the
/// points dealt among them; offline ones after a pass collecting their reference strings).
fn replayed_counts(
    bytes: &[u8],
    format: Format,
    points: &[(PolicyConfig, u64, MultiBlock)],
    settings: Settings,
    workers: usize,
) -> Vec<SimResult> {
    let mut strings = [ReferenceString::Blocks(Vec::new()), ReferenceString::WithOps(Vec::new())];
    let mut collect = [|b: &Arc<Trace>| {
        for s in &mut strings {
            s.push_batch(b);
        }
    }];
    let r = replay_from(source(bytes), "t", Some(format), opts(format), false, settings, &mut collect).unwrap();
    let [blocks, with_ops] = strings;
    let mut sims: Vec<Vec<(usize, Simulator)>> = (0..workers).map(|_| Vec::new()).collect();
    for (i, (p, size, multi)) in points.iter().enumerate() {
        let sim = match p {
            PolicyConfig::Min => Simulator::offline(p, *size, *multi, 0, blocks.clone()),
            PolicyConfig::ReadOpt => Simulator::offline(p, *size, *multi, 0, with_ops.clone()),
            _ => Simulator::new(p, *size, *multi, 0),
        };
        sims[i % workers].push((i, sim.unwrap()));
    }
    let mut feeds: Vec<_> = sims
        .iter_mut()
        .map(|share| {
            move |b: &Arc<Trace>| {
                for (_, s) in share.iter_mut() {
                    s.feed(b);
                }
            }
        })
        .collect();
    let again = replay_from(source(bytes), "t", Some(format), opts(format), false, settings, &mut feeds).unwrap();
    drop(feeds);
    assert_eq!((again.requests, again.distinct), (r.requests, r.distinct));
    let mut out: Vec<(usize, SimResult)> =
        sims.into_iter().flatten().map(|(i, s)| (i, counts(s.result(r.distinct)))).collect();
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}

#[test]
fn every_format_plain_and_compressed_replays_as_the_whole_file_whatever_the_cuts() {
    let mut rng = Rng::seeded(22);
    let policies = PolicyConfig::every_kind();
    for format in Format::ALL {
        let plain = generated(format, 1500, &mut rng);
        let whole = parse(&plain, format, &opts(format)).unwrap_or_else(|e| panic!("{format:?}: {e}"));
        assert!(whole.records.len() > 1000 && whole.distinct() > 100, "{format:?}: {}", whole.records.len());
        // Every policy at two sizes, per block and atomic, against simulating the parsed file.
        let points: Vec<(PolicyConfig, u64, MultiBlock)> = policies
            .iter()
            .flat_map(|p| {
                [(5, MultiBlock::PerBlock), (60, MultiBlock::PerBlock), (60, MultiBlock::Atomic)]
                    .map(|(size, multi)| (p.clone(), size, multi))
            })
            .collect();
        let want: Vec<SimResult> =
            points.iter().map(|(p, size, multi)| counts(simulate(p, *size, &whole, *multi).unwrap().0)).collect();
        let mut exact = StackDistances::new(whole.distinct());
        whole.refs.iter().for_each(|&b| {
            exact.access(b);
        });
        for (kind, bytes) in [("plain", plain.clone()), ("gzip", gzip(&plain)), ("zstd", zstd(&plain))] {
            for round in 0..3 {
                let (settings, workers) = if round == 0 { (Settings::default(), 1) } else { random_settings(&mut rng) };
                let what = format!("{format:?} {kind} {settings:?} {workers} workers");
                // The batches, joined, are the whole trace.
                let mut got = Trace::default();
                let mut distances = StackDistances::new(0);
                let mut join = [|b: &Arc<Trace>| {
                    let base = got.refs.len() as u32;
                    got.refs.extend_from_slice(&b.refs);
                    got.records.extend(b.records.iter().map(|r| super::super::Record { start: r.start + base, ..*r }));
                    b.refs.iter().for_each(|&x| {
                        distances.access(x);
                    });
                }];
                let r = replay_from(source(&bytes), "t", named(format), opts(format), false, settings, &mut join)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(
                    (r.format, r.requests, r.distinct),
                    (format, whole.records.len() as u64, whole.distinct() as u64)
                );
                assert_eq!((&got.records, &got.refs), (&whole.records, &whole.refs), "{what}");
                assert_eq!(distances.report(), exact.report(), "{what}");
                if round < 2 {
                    assert_eq!(replayed_counts(&bytes, format, &points, settings, workers), want, "{what}");
                }
            }
        }
    }
}

/// A whole-file read of `bytes` as the CLI did it (errors named after the file).
fn whole_file(bytes: &[u8], format: Format, skip_bad: bool) -> Result<(Trace, u64), String> {
    let mut s = TraceStream::new(format, opts(format)).unwrap().skip_bad(skip_bad);
    s.push(bytes).map_err(|e| format!("t: {e}"))?;
    let f = s.finish().map_err(|e| format!("t: {e}"))?;
    Ok((f.trace, f.skipped))
}

#[test]
fn bad_records_stop_at_their_place_or_are_skipped_as_in_a_whole_file_read() {
    let mut rng = Rng::seeded(23);
    for format in Format::ALL {
        let mut plain = generated(format, 600, &mut rng);
        // Damage a record in the middle: a text line's field, a binary record's next access
        // (oracleGeneral) or its length (vscsi: the file then ends inside a record).
        let at = plain.len() / 2;
        match format {
            Format::OracleGeneral => {
                let r = at - at % oracle::RECORD;
                plain[r + 16..r + 24].copy_from_slice(&(-7i64).to_le_bytes());
            }
            Format::Vscsi => plain.truncate(plain.len() - 5),
            _ => {
                let line = at + plain[at..].iter().position(|&c| c == b'\n').unwrap() + 1;
                let bad: &[u8] =
                    if format == Format::Blkparse { b"  8,0 1 1 0.5 1 Q R x + 8 [k]\n" } else { b"1,x,y\n" };
                plain.splice(line..line, bad.iter().copied());
            }
        }
        for skip_bad in [false, true] {
            let want = whole_file(&plain, format, skip_bad);
            if !skip_bad || format == Format::Vscsi {
                assert!(want.is_err(), "{format:?} skip {skip_bad}: the damage is seen");
            }
            for (kind, bytes) in [("plain", plain.clone()), ("gzip", gzip(&plain)), ("zstd", zstd(&plain))] {
                for _ in 0..3 {
                    let (settings, workers) = random_settings(&mut rng);
                    let mut got: Vec<Trace> = vec![Trace::default(); workers];
                    let mut joins: Vec<_> = got
                        .iter_mut()
                        .map(|t| {
                            move |b: &Arc<Trace>| {
                                let base = t.refs.len() as u32;
                                t.refs.extend_from_slice(&b.refs);
                                t.records.extend(
                                    b.records.iter().map(|r| super::super::Record { start: r.start + base, ..*r }),
                                );
                            }
                        })
                        .collect();
                    let r =
                        replay_from(source(&bytes), "t", Some(format), opts(format), skip_bad, settings, &mut joins);
                    drop(joins);
                    let what = format!("{format:?} {kind} skip {skip_bad} {settings:?}");
                    match (&want, r) {
                        (Err(w), Err(e)) => assert_eq!(&e.to_string(), w, "{what}"),
                        (Ok((t, skipped)), Ok(r)) => {
                            assert_eq!(r.skipped, *skipped, "{what}");
                            assert_eq!(r.first_skipped.is_some(), *skipped > 0, "{what}");
                            for g in &got {
                                assert_eq!((&g.records, &g.refs), (&t.records, &t.refs), "{what}");
                            }
                        }
                        (w, r) => panic!("{what}: whole {w:?}, replayed {r:?}"),
                    }
                }
            }
        }
    }
}

/// The shared CloudPhysics trace (../shared, beside the checkout): LRU, ARC and MIN streamed
/// and whole, and the stack distances.
#[test]
fn cloudphysics_trace_replays_as_the_whole_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../shared/traces/cloudPhysicsIO.vscsi");
    if std::fs::metadata(path).is_err() {
        eprintln!("skipping: ../shared/traces/cloudPhysicsIO.vscsi is not present beside the checkout");
        return;
    }
    let (finished, _) = super::super::file::load_file(path, None, Options::default(), false).unwrap();
    let whole = finished.trace;
    let points = [PolicyConfig::Lru, PolicyConfig::Arc, PolicyConfig::S3Fifo { small_share: 0.1 }];
    let mut sims: Vec<Simulator> =
        points.iter().map(|p| Simulator::new(p, 20_000, MultiBlock::PerBlock, 0).unwrap()).collect();
    let mut string = ReferenceString::Blocks(Vec::new());
    let mut distances = StackDistances::new(0);
    let mut feed = [|b: &Arc<Trace>| {
        sims.iter_mut().for_each(|s| s.feed(b));
        string.push_batch(b);
        b.refs.iter().for_each(|&x| {
            distances.access(x);
        });
    }];
    let settings = Settings { read_bytes: 100_000, batch_requests: 5000, ..Settings::default() };
    let r = replay(path, None, Options::default(), false, settings, &mut feed).unwrap();
    assert_eq!((r.format, r.requests, r.block_refs, r.distinct), (Format::Vscsi, 113_872, 1_141_869, 269_210));
    assert!(r.batches >= 15, "{} batches", r.batches);
    for (p, s) in points.iter().zip(&sims) {
        let want = simulate(p, 20_000, &whole, MultiBlock::PerBlock).unwrap().0;
        assert_eq!(counts(s.result(r.distinct)), counts(want), "{}", p.name());
    }
    let mut min = [Simulator::offline(&PolicyConfig::Min, 20_000, MultiBlock::PerBlock, 0, string).unwrap()];
    let mut feed = [|b: &Arc<Trace>| min[0].feed(b)];
    replay(path, None, Options::default(), false, settings, &mut feed).unwrap();
    let want = simulate(&PolicyConfig::Min, 20_000, &whole, MultiBlock::PerBlock).unwrap().0;
    assert_eq!(counts(min[0].result(r.distinct)), counts(want));
    let mut exact = StackDistances::new(whole.distinct());
    whole.refs.iter().for_each(|&b: &Block| {
        exact.access(b);
    });
    assert_eq!(distances.report(), exact.report());
}

/// The batches of `bytes` as one trace (their ids as numbered; `raw` left empty).
fn joined(bytes: &[u8], format: Format, settings: Settings, workers: usize) -> (Trace, Replayed) {
    let mut got = vec![Trace::default(); workers];
    let mut feeds: Vec<_> = got
        .iter_mut()
        .map(|t| {
            move |b: &Arc<Trace>| {
                let base = t.refs.len() as u32;
                t.refs.extend_from_slice(&b.refs);
                t.records.extend(b.records.iter().map(|r| super::super::Record { start: r.start + base, ..*r }));
            }
        })
        .collect();
    let src: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(bytes.to_vec()));
    let r = replay_from(src, "t", Some(format), Options::default(), false, settings, &mut feeds).unwrap();
    drop(feeds);
    for t in &got[1..] {
        assert_eq!(t, &got[0], "every worker sees the same batches");
    }
    (got.swap_remove(0), r)
}

#[test]
fn batches_join_into_the_whole_trace_for_every_worker() {
    let bytes = crate::bench::SampleTrace::bytes(Format::Msr, 400_000, 7);
    let whole = super::super::parse(&bytes, Format::Msr, &Options::default()).unwrap();
    for (read, push, batch, buffers, workers) in
        [(1 << 20, 64 << 10, 1 << 15, 4, 1), (4096, 333, 100, 2, 3), (1000, 1000, 1, 2, 2), (7, 3, 5000, 3, 1)]
    {
        let settings =
            Settings { read_bytes: read, push_bytes: push, batch_requests: batch, buffers, ..Settings::default() };
        let (got, r) = joined(&bytes, Format::Msr, settings, workers);
        assert_eq!((&got.records, &got.refs), (&whole.records, &whole.refs), "{settings:?}");
        assert_eq!((r.requests, r.distinct), (whole.records.len() as u64, whole.distinct() as u64));
        assert!(r.batches >= (whole.records.len() / (batch + 2000)) as u64, "{settings:?}: {} batches", r.batches);
    }
}

#[test]
fn errors_keep_their_place_and_stop_the_replay() {
    let mut text = String::new();
    for i in 0..50_000 {
        text.push_str(&format!("{}\n", i % 977));
    }
    text.push_str("12\nx13\n14\n");
    let src: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(text.into_bytes()));
    let mut seen = 0usize;
    let mut count = [|b: &Arc<Trace>| seen += b.records.len()];
    let settings = Settings { batch_requests: 1000, ..Settings::default() };
    let e = replay_from(src, "f.txt", None, Options::default(), false, settings, &mut count).unwrap_err();
    assert_eq!(e.to_string(), "f.txt: line 50002: expected a block number, got \"x13\"");
    assert!(seen <= 50_001, "{seen}");
}

#[test]
fn a_missing_file_or_an_unknown_format_names_the_file() {
    let mut none = [|_: &Arc<Trace>| {}];
    let e = replay("/nonexistent/t.csv", None, Options::default(), false, Settings::default(), &mut none);
    assert!(e.unwrap_err().to_string().starts_with("/nonexistent/t.csv: "));
    let src: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(b"hello world\n".to_vec()));
    let e = replay_from(src, "w", None, Options::default(), false, Settings::default(), &mut none);
    assert!(matches!(e, Err(FileError::UnknownFormat { .. })));
}

#[test]
fn damaged_compression_is_placed_as_a_whole_file_read_places_it() {
    // Larger than a zstd window and than a push, so that the damage is met mid-stream.
    let text: String = (0..400_000).map(|i| format!("{}\n", i % 7919)).collect();
    let dir = std::env::temp_dir().join(format!("tiersim-pipeline-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (kind, packed) in [("gz", gzip(text.as_bytes())), ("zst", zstd(text.as_bytes()))] {
        let path = dir.join(format!("t.txt.{kind}"));
        std::fs::write(&path, &packed[..packed.len() * 2 / 3]).unwrap();
        let path = path.to_str().unwrap();
        for skip_bad in [false, true] {
            let whole = super::super::file::load_file(path, None, Options::default(), skip_bad);
            let mut seen = Trace::default();
            let mut join = [|b: &Arc<Trace>| {
                seen.refs.extend_from_slice(&b.refs);
                seen.records.extend_from_slice(&b.records);
            }];
            let replayed = replay(path, None, Options::default(), skip_bad, Settings::default(), &mut join);
            match (whole, replayed) {
                (Err(w), Err(r)) => {
                    assert!(!skip_bad);
                    assert_eq!(r.to_string(), w.to_string(), "{kind}");
                    assert!(w.to_string().contains("compressed byte"), "{w}");
                }
                (Ok((w, _)), Ok(r)) => {
                    assert!(skip_bad);
                    assert_eq!((r.requests, r.skipped), (w.requests, 1), "{kind}");
                    assert_eq!(r.first_skipped, w.first_skipped, "{kind}");
                    assert_eq!(seen.refs, w.trace.refs, "{kind}");
                }
                (w, r) => panic!("{kind} skip {skip_bad}: whole {w:?}, replayed {r:?}"),
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn batches_asked_for_addresses_carry_the_file_ids_in_order() {
    let mut rng = Rng::seeded(39);
    let bytes = generated(Format::Msr, 3000, &mut rng);
    let whole = parse(&bytes, Format::Msr, &Options::default()).unwrap();
    for addresses in [false, true] {
        let mut raw: Vec<u64> = Vec::new();
        let mut ids_known = true;
        let mut collect = [|b: &Arc<Trace>| {
            raw.extend_from_slice(&b.raw);
            ids_known &= b.refs.iter().all(|&d| (d as usize) < raw.len());
        }];
        let settings = Settings { batch_requests: 97, read_bytes: 5000, addresses, ..Settings::default() };
        let src: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(bytes.clone()));
        let read =
            replay_from(src, "t.csv", Some(Format::Msr), Options::default(), false, settings, &mut collect).unwrap();
        assert_eq!(read.raw, whole.raw);
        if addresses {
            assert_eq!(raw, whole.raw);
            assert!(ids_known, "every batch's ids have their file ids by the time it comes");
        } else {
            assert!(raw.is_empty());
        }
    }
}
