//! `tiersim bench-parse`: trace parsing throughput, streamed in 1 MiB chunks as a file would
//! be — MSR Cambridge text and oracleGeneral binary — and a multi-gigabyte MSR stream that only
//! counts (no records kept), to show memory stays bounded by the distinct blocks.

use std::time::Instant;

use std::io::Write;

use tiersim_core::bench::{SampleTrace, TRACE_SEED};
use tiersim_core::trace::{Format, Options, TraceStream};

const CHUNK: usize = 1 << 20;

pub struct ParseBench {
    pub megabytes: usize,
    pub stream_gigabytes: f64,
}

fn parse(bytes: &[u8], format: Format) -> (f64, u64) {
    let start = Instant::now();
    let mut s = TraceStream::new(format, Options::default()).expect("valid options");
    for chunk in bytes.chunks(CHUNK) {
        s.push(chunk).expect("the sample parses");
    }
    let f = s.finish().expect("the sample parses");
    (start.elapsed().as_secs_f64(), f.requests)
}

pub fn run(o: &ParseBench) {
    println!("parse bench: synthetic traces streamed in 1 MiB chunks (best of 3)");
    for format in [Format::Msr, Format::OracleGeneral] {
        let bytes = SampleTrace::bytes(format, o.megabytes << 20, TRACE_SEED);
        let mut best = f64::MAX;
        let mut requests = 0;
        for _ in 0..3 {
            let (secs, n) = parse(&bytes, format);
            best = best.min(secs);
            requests = n;
        }
        let mb = bytes.len() as f64 / 1e6;
        println!(
            "  {:<15} {:>8.1} MB  {:>8.0} MB/s  {:>12.0} requests/s",
            format.name(),
            mb,
            mb / best,
            requests as f64 / best
        );
    }
    if o.stream_gigabytes > 0.0 {
        let total = (o.stream_gigabytes * 1e9) as usize;
        let mut gen = SampleTrace::new(Format::Msr, TRACE_SEED);
        let mut s = TraceStream::new(Format::Msr, Options::default()).expect("valid").counting();
        let mut chunk = Vec::with_capacity(CHUNK + 256);
        let mut done = 0;
        let start = Instant::now();
        while done < total {
            chunk.clear();
            gen.fill(&mut chunk, CHUNK);
            s.push(&chunk).expect("the sample parses");
            done += chunk.len();
        }
        let f = s.finish().expect("the sample parses");
        let secs = start.elapsed().as_secs_f64();
        println!(
            "  streamed {:.2} GB of MSR (generated on the fly, counting only): {} requests, {} block references, {} distinct blocks, {:.0} MB/s",
            done as f64 / 1e9,
            f.requests,
            f.block_refs,
            f.trace.distinct(),
            done as f64 / 1e6 / secs
        );
    }
    match crate::peak_rss_kib() {
        Some(kib) => println!("  peak memory      {:.1} MiB (VmHWM)", kib as f64 / 1024.0),
        None => println!("  peak memory      unavailable on this platform"),
    }
}

/// Writes `megabytes` of the synthetic trace (MSR text or oracleGeneral, Zipf α = 1 over a
/// million blocks, seeded) to `output` (- for standard output), generated piece by piece: a
/// file or a pipe of any size for streaming benchmarks (`… | tiersim sim --trace - …`).
pub fn generate(format: Format, megabytes: u64, output: &str) -> Result<(), String> {
    if !matches!(format, Format::Msr | Format::OracleGeneral) {
        return Err(format!("--format: msr or oracle-general (got {})", format.name()));
    }
    let mut out: Box<dyn Write> = if output == "-" {
        Box::new(std::io::stdout().lock())
    } else {
        Box::new(std::fs::File::create(output).map_err(|e| format!("{output}: {e}"))?)
    };
    let total = megabytes << 20;
    let mut gen = SampleTrace::new(format, TRACE_SEED);
    let mut chunk = Vec::with_capacity(CHUNK + 256);
    let mut done = 0u64;
    while done < total {
        chunk.clear();
        gen.fill(&mut chunk, CHUNK.min((total - done) as usize));
        out.write_all(&chunk).map_err(|e| format!("{output}: {e}"))?;
        done += chunk.len() as u64;
    }
    out.flush().map_err(|e| format!("{output}: {e}"))
}
