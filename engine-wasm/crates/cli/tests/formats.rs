//! `tiersim sim` refuses a file that is not a trace, naming it and why (issue 24): thirty lines
//! of prose are text no text format reads, never a binary oracleGeneral trace of "55 requests
//! over 11 blocks". The CLI, the Python package and the browser share the detection in the core.

use std::process::Command;

use tiersim_core::trace::oracle;

fn tiersim(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tiersim")).args(args).output().unwrap()
}

#[test]
fn prose_is_refused_with_the_file_and_the_reason() {
    let dir = std::env::temp_dir().join(format!("tiersim-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let notes = dir.join("notes.txt");
    let text: String =
        (1..=30).map(|i| format!("Note {i}: the cache’s hit ratio — “better” than last week.\n")).collect();
    std::fs::write(&notes, text).unwrap();
    let notes = notes.to_str().unwrap();
    let out = tiersim(&["sim", "--policy", "lru", "--size", "4", "--trace", notes]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "{notes}: not a trace — looks like text but no line parses as any text format (line 1: \"Note 1: the cache’s hit ratio — “better”…\")"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("if it is one, name its format with --format"), "{stderr}");
    // A real trace beside it still reads.
    let trace = dir.join("t.txt");
    std::fs::write(&trace, "1\n2\n1\n").unwrap();
    assert!(tiersim(&["sim", "--policy", "lru", "--size", "4", "--trace", trace.to_str().unwrap()]).status.success());
    std::fs::remove_dir_all(&dir).ok();
}

/// `tiersim sim --object --json` over `trace` (read with `reading`), without its timings.
fn sim_json(trace: &str, reading: &[&str], policy: &str, size: &str) -> serde_json::Value {
    let mut args = vec!["sim", "--object", "--json", "--policy", policy, "--size", size, "--trace", trace];
    args.extend_from_slice(reading);
    let out = tiersim(&args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                m.retain(|k, _| k != "format" && !k.contains("PerSec") && !k.contains("Secs") && !k.contains("Ms"));
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

/// An oracleGeneral file's records written as libCacheSim's cloudPhysicsIO.csv is laid out:
/// `version,time,op,size,lbn` (seconds, bytes, the object id).
fn as_peer_csv(bin: &[u8]) -> String {
    let mut csv = String::from("version,time,op,size,lbn\n");
    for r in bin.chunks_exact(oracle::RECORD) {
        let time = u32::from_le_bytes(r[0..4].try_into().unwrap());
        let id = u64::from_le_bytes(r[4..12].try_into().unwrap());
        let size = u32::from_le_bytes(r[12..16].try_into().unwrap());
        csv.push_str(&format!("1,{time},r,{size},{id}\n"));
    }
    csv
}

/// A seeded generator (a 64-bit LCG's high bits) of numbers below `n`: the same trace every run.
fn seeded(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    }
}

#[test]
fn a_csv_read_through_its_column_map_replays_as_its_oracle_general_twin() {
    let dir = std::env::temp_dir().join(format!("tiersim-columns-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rand = seeded(9);
    let mut bin = Vec::new();
    for i in 0..30_000u32 {
        let id = if rand(3) == 0 { rand(300) } else { rand(5000) };
        bin.extend_from_slice(&oracle::encode(i / 20, id * 7919, 512 * (1 + (id % 64) as u32), -1));
    }
    let mut traces = vec![("generated", bin, ["256KiB", "1MiB", "4MiB"])];
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../shared/traces/cloudPhysicsIO.oracleGeneral.bin");
    match std::fs::read(shared) {
        Ok(b) => traces.push(("cloudPhysicsIO", b, ["128MiB", "512MiB", "1GiB"])),
        Err(e) => eprintln!("skipping the CloudPhysics half: {shared} cannot be read ({e})"),
    }
    for (name, bin, sizes) in traces {
        let (b, c) = (dir.join(format!("{name}.bin")), dir.join(format!("{name}.csv")));
        std::fs::write(&b, &bin).unwrap();
        std::fs::write(&c, as_peer_csv(&bin)).unwrap();
        let (b, c) = (b.to_str().unwrap(), c.to_str().unwrap());
        let peer_spec = ["--columns", "time-col=2,obj-id-col=5,obj-size-col=4,delimiter=,,has-header=true"];
        for policy in ["lru", "gdsf", "s3-fifo"] {
            for size in sizes {
                let want = sim_json(b, &[], policy, size);
                assert!(want["bytesMissed"].as_u64().unwrap() > 0, "{name} {policy} {size}: {want}");
                assert_eq!(sim_json(c, &peer_spec, policy, size), want, "{name} {policy} {size}");
            }
        }
        // Our own names for the same map, and the op column read too (every row a read).
        let ours = ["--columns", "header,key=5,size=4,time=2,op=3"];
        assert_eq!(sim_json(c, &ours, "lru", sizes[1]), sim_json(b, &[], "lru", sizes[1]), "{name}");
    }
    // A file no reader recognises says how to map it; a bad map names the setting.
    let c = dir.join("generated.csv");
    let out = tiersim(&["sim", "--policy", "lru", "--size", "64", "--trace", c.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("or map its columns with --columns"));
    let out =
        tiersim(&["sim", "--policy", "lru", "--size", "64", "--trace", c.to_str().unwrap(), "--columns", "size=4"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--columns: columns: no key column (key=N, or obj-id-col=N)"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `tiersim analyze` over a mapped CSV with sizes (issue 36): the counts a hand count gives, in
/// JSON; a file that is not there is refused by name.
#[test]
fn analyze_counts_a_small_trace_by_hand() {
    let dir = std::env::temp_dir().join(format!("tiersim-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("t.csv");
    // 7 at 100 B three times, 8 at 50 B once, 9 at 10 B then 30 B.
    std::fs::write(&csv, "7,100\n8,50\n7,100\n9,10\n7,100\n9,30\n").unwrap();
    let csv = csv.to_str().unwrap();
    let out = tiersim(&["analyze", "--trace", csv, "--columns", "key=1,size=2", "--object", "--top", "2", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let get = |k: &str| v[k].clone();
    assert_eq!((get("requests"), get("distinct"), get("sizeChanges")), (6.into(), 3.into(), 1.into()));
    assert_eq!((get("bytesRequested"), get("distinctBytes")), (390.into(), 160.into()));
    assert_eq!((get("compulsoryMissRatio"), get("frequencyMean")), (0.5.into(), 2.0.into()));
    assert_eq!(v["referencedTimes"].as_array().unwrap()[..3], [1, 1, 1].map(serde_json::Value::from));
    assert_eq!(get("top")[0]["id"], 7);
    assert_eq!(get("top")[1]["references"], 2);
    // 7 is reused at requests 2 and 4, 9 at 5: each 2 requests after its previous reference.
    assert_eq!(v["reuse"]["requests"], serde_json::json!([{"from": 2.0, "to": 4.0, "count": 3}]));
    assert_eq!((v["windows"]["unit"].clone(), v["blocks"].clone()), ("requests".into(), serde_json::Value::Null));
    // A block trace streamed in batches: runs and regions by the file's block numbers.
    let lines = dir.join("t.txt");
    std::fs::write(&lines, "100\n101\n102\n100\n7\n").unwrap();
    let out = tiersim(&["analyze", "--trace", lines.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["top"][0]["id"].clone(), v["blocks"]["sequentialRequests"].clone()), (100.into(), 2.into()));
    assert_eq!(v["blocks"]["regions"][0]["from"], 7);
    let out = tiersim(&["analyze", "--trace", lines.to_str().unwrap(), "--window-requests", "0"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "tiersim: --window-requests: a window must hold at least 1 request (got 0)"
    );
    let missing = dir.join("absent.bin");
    let out = tiersim(&["analyze", "--trace", missing.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("absent.bin"), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

/// The public object traces as published (issue 37): the same requests written as webcachesim's
/// `time id size` and as Wikimedia's 2019 upload and text layouts (gzip'd, a header, hashed ids
/// signed, so past 2^63 negative) replay as their oracleGeneral twin, their format detected.
#[test]
fn published_object_traces_replay_as_their_oracle_general_twin() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("tiersim-published-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rand = seeded(5);
    let (mut bin, mut web, mut upload, mut text) = (Vec::new(), String::new(), String::new(), String::new());
    upload.push_str("relative_unix\thashed_path_query\timage_type\tresponse_size\ttime_firstbyte\n");
    for i in 0..20_000u32 {
        let k = if rand(3) == 0 { rand(200) } else { rand(4000) };
        // Half the ids past 2^63: Wikimedia writes them negative.
        let id = (k * 7919) | ((k % 2) << 63);
        let size = 100 + (k % 97) as u32 * 300;
        let t = i / 50;
        bin.extend_from_slice(&oracle::encode(t, id, size, -1));
        web.push_str(&format!("{t} {id} {size}\n"));
        upload.push_str(&format!("{t}\t{}\tjpeg\t{size}\t0.00{}\n", id as i64, k % 10));
        text.push_str(&format!("{t}\t{}\t{size}\t0.1\n", id as i64));
    }
    let gz = |s: &str| {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(s.as_bytes()).unwrap();
        e.finish().unwrap()
    };
    let files =
        [("twin.bin", bin), ("web.txt", web.into_bytes()), ("upload.tsv.gz", gz(&upload)), ("text.tsv.gz", gz(&text))];
    for (name, bytes) in &files {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    for (policy, size) in [("lru", "2MiB"), ("gdsf", "8MiB")] {
        let want = sim_json(&path("twin.bin"), &[], policy, size);
        assert!(want["bytesMissed"].as_u64().unwrap() > 0, "{want}");
        for (name, format) in
            [("web.txt", "webcachesim"), ("upload.tsv.gz", "wikimedia-upload"), ("text.tsv.gz", "wikimedia-text")]
        {
            assert_eq!(sim_json(&path(name), &[], policy, size), want, "{name}, detected, {policy} {size}");
            assert_eq!(sim_json(&path(name), &["--format", format], policy, size), want, "{name} as {format}");
        }
    }
    // The most referenced object by its id in the file: the same 64 bits, however written.
    let top = |name: &str| {
        let out = tiersim(&["analyze", "--object", "--json", "--trace", &path(name)]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()["top"].clone()
    };
    assert_eq!(top("upload.tsv.gz"), top("twin.bin"));
    // A bad line is refused at its line and field.
    std::fs::write(dir.join("bad.txt"), "0 7 100\n1 8 big\n").unwrap();
    let out = tiersim(&[
        "sim",
        "--object",
        "--policy",
        "lru",
        "--size",
        "1MiB",
        "--trace",
        &path("bad.txt"),
        "--format",
        "webcachesim",
    ]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 2: size (column 3): expected a size in bytes, got \"big\""),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}
