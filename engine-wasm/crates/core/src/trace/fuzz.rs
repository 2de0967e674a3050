//! Fuzzing every reader: random bytes, and valid traces of every format (plain, gzip'd and
//! zstd'd) with random bytes changed, dropped or inserted, through format detection and every
//! reader (block and object mode; `columns` through one map), whole and streamed in random chunks. A reader may refuse an
//! input, never panic or hang, and streaming must agree with the whole-file result exactly —
//! the same trace, or the same error; except that when the compression itself is damaged,
//! which error comes first (the damage, or a bad record decompressed before it) may depend on
//! where the chunks are cut, so there both need only refuse.
//! `cargo test` runs a bounded smoke; `tiersim fuzz --cases N` the long run.

use std::io::Write;

use super::{detect, oracle, parse, vscsi, Format, Options, Trace, TraceError, TraceStream};
use crate::util::rng::Rng;

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FuzzReport {
    pub cases: u64,
    /// Reader runs (cases × formats × modes).
    pub runs: u64,
    pub accepted: u64,
    pub refused: u64,
    /// Streamed results that differed from whole-file ones (must stay 0).
    pub mismatches: u64,
    /// The first mismatch, for the report.
    pub first_mismatch: Option<String>,
}

fn seeds() -> Vec<Vec<u8>> {
    let plain: Vec<Vec<u8>> = vec![
        b"1\n2 w\n# c\n\n3,r\n".to_vec(),
        b"time,client,block,nblocks,op,hint\n1.5,0,10,2,w,synch\n,1,3,1,r,\n".to_vec(),
        b"128166372003061629,hm,1,Read,8192,8192,1000\n1,hm,0,Write,4095,2,500\n".to_vec(),
        b"0,16,8192,r,0.000\n1,7,1024,w,0.5\n".to_vec(),
        b"  8,0 3 1 0.000000000 697 Q WS 3417768 + 8 [k]\n  8,0 1 4 0.001 1200 Q R 16 + 16 [cat]\n".to_vec(),
        [vscsi::encode_v1(0x28, 8, 4096, 1), vscsi::encode_v1(0x2a, 16, 512, 2)].concat(),
        [oracle::encode(1, 42, 4096, -1), oracle::encode(2, 7, 1, 5)].concat(),
        b"12,0.5,R,8192,8192\n3,1.25,W,8192,100\n".to_vec(),
        b"1538323200,16,8,0,1063\n1538323201,24,16,1,1063\n".to_vec(),
        b"7,W,126703644672,4096,1577808000000626\n7,R,4096,8192,1577808000000700\n".to_vec(),
        b"t,key,size,op\n1,abc,4096,r\n2,0x1f,512,W\n# c\n3,abc,4096,get\n".to_vec(),
        b"0 7 1200\n1 9 300 5\n1 7 1200\n".to_vec(),
        b"relative_unix\thashed_path_query\timage_type\tresponse_size\ttime_firstbyte\n0\t-84\tjpeg\t2048\t0.1\n"
            .to_vec(),
        b"0\t12\t5120\t0.02\n2\t-3\t800\t0.5\n".to_vec(),
    ];
    let mut all = plain.clone();
    for p in &plain {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(p).expect("in memory");
        all.push(gz.finish().expect("in memory"));
        all.push(ruzstd::encoding::compress_to_vec(&p[..], ruzstd::encoding::CompressionLevel::Fastest));
    }
    all
}

fn mutate(rng: &mut Rng, input: &mut Vec<u8>) {
    for _ in 0..rng.below(6) {
        if input.is_empty() {
            break;
        }
        let i = rng.below(input.len() as u64) as usize;
        match rng.below(3) {
            0 => input[i] = rng.below(256) as u8,
            1 => {
                input.remove(i);
            }
            _ => input.insert(i, rng.below(256) as u8),
        }
    }
}

fn streamed(input: &[u8], format: Format, opts: Options, rng: &mut Rng) -> Result<Trace, TraceError> {
    let mut s = TraceStream::new(format, opts)?;
    let mut at = 0;
    while at < input.len() {
        let n = (1 + rng.below(64) as usize).min(input.len() - at);
        s.push(&input[at..at + n])?;
        at += n;
    }
    Ok(s.finish()?.trace)
}

/// `cases` inputs from `seed`: half random bytes, half mutated valid traces.
pub fn run(cases: u64, seed: u64) -> FuzzReport {
    let valid = seeds();
    // The `columns` format reads through this map (text ids hashed, a header, every role but
    // the client).
    let map = super::columns::Columns::parse_spec("header,time=1,key=2,size=3,op=4,ids=text").expect("a map");
    let mut rng = Rng::seeded(seed);
    let mut chunks = Rng::seeded(seed ^ 0x5eed);
    let mut report = FuzzReport { cases, ..FuzzReport::default() };
    for case in 0..cases {
        let mut input = if case % 2 == 0 {
            (0..rng.below(200)).map(|_| rng.below(256) as u8).collect::<Vec<u8>>()
        } else {
            valid[(case / 2) as usize % valid.len()].clone()
        };
        mutate(&mut rng, &mut input);
        let _ = detect(&input);
        for format in Format::ALL {
            for object_mode in [false, true] {
                let columns = (format == Format::Columns).then_some(map);
                let opts = Options { block_size: 512, object_mode, columns };
                let whole = parse(&input, format, &opts);
                let stream = streamed(&input, format, opts, &mut chunks);
                report.runs += 1;
                match &whole {
                    Ok(_) => report.accepted += 1,
                    Err(_) => report.refused += 1,
                }
                let damaged =
                    |r: &Result<Trace, TraceError>| r.as_ref().is_err_and(|e| e.message.starts_with("damaged "));
                let agree =
                    whole == stream || (whole.is_err() && stream.is_err() && (damaged(&whole) || damaged(&stream)));
                if !agree {
                    report.mismatches += 1;
                    report.first_mismatch.get_or_insert_with(|| {
                        format!(
                            "{format:?} (object mode {object_mode}) on {input:?}: whole {whole:?}, streamed {stream:?}"
                        )
                    });
                }
            }
        }
    }
    report
}

#[cfg(test)]
mod tests {
    #[test]
    fn fuzz_smoke_no_reader_panics_and_streaming_agrees() {
        let r = super::run(3000, 77);
        assert_eq!(r.mismatches, 0, "{:?}", r.first_mismatch);
        assert_eq!(r.runs, 3000 * super::Format::ALL.len() as u64 * 2);
        assert!(r.accepted > 1000 && r.refused > 1000, "{r:?}");
    }
}
