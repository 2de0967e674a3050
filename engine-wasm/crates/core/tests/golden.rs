//! The golden sets: scenarios of earlier versions — every kind of link shared before the
//! version that changed how they read — with the reports the engine of their day gave them (see
//! `golden/record.sh`). Each is read as today's engine reads a link (migrated) and must report
//! the same numbers: counts exactly, latencies and fractions to 1e-9 relative.
//!
//! - `v1`: version-1 scenarios, recorded by the engine of commit 9064e22 (the last with two
//!   hierarchy engines).
//! - `v4`: version-4 scenarios, recorded by the engine of commit e825827 (the last of version
//!   4): traces read as objects, whose sizes version 5 moves through the hierarchy and version 4
//!   did not, and the features of versions 2 to 4 on generators.
//!
//! The comparison walks the recorded report: every field it has must be in today's, equal.
//! Today's report is one shape for every topology, so a tree's per-client and per-cache parts
//! (recorded under `tree`) are today's `clients` and `caches`; a recorded tree's totals never
//! counted paper 004's write mix and warm reads (zero then), which today's count.

use std::sync::Arc;

use serde_json::Value;
use tiersim_core::analysis::depth::DepthMode;
use tiersim_core::trace::{self, Trace};
use tiersim_core::{Run, Scenario};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/v1");
const TRACES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../public/traces");

/// A trace the golden set `set` names: its own file, else a bundled one.
fn read_trace(scenario: &Scenario, set: &str, file: &str) -> Arc<Trace> {
    let source = scenario.trace().expect("a trace scenario");
    let own = format!("{GOLDEN}/{set}/{file}");
    let path = if std::path::Path::new(&own).exists() { own } else { format!("{TRACES}/{file}") };
    let bytes = std::fs::read(path).unwrap();
    let format = source.format().unwrap().unwrap_or_else(|| trace::detect(&bytes).expect("a known format"));
    let mut stream = trace::TraceStream::new(format, source.options(scenario.block_size)).unwrap();
    stream.push(&bytes).unwrap();
    Arc::new(stream.finish().unwrap().trace)
}

fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

/// Every field of `old` is in `new` and equal; differences are pushed to `diffs` by path.
fn subset(old: &Value, new: &Value, path: &str, diffs: &mut Vec<String>) {
    match (old, new) {
        (Value::Object(o), Value::Object(n)) => {
            for (k, v) in o {
                match n.get(k) {
                    Some(nv) => subset(v, nv, &format!("{path}.{k}"), diffs),
                    None => diffs.push(format!("{path}.{k}: missing (was {v})")),
                }
            }
        }
        (Value::Array(o), Value::Array(n)) => {
            if o.len() != n.len() {
                diffs.push(format!("{path}: {} items, was {}", n.len(), o.len()));
                return;
            }
            for (i, (a, b)) in o.iter().zip(n).enumerate() {
                subset(a, b, &format!("{path}[{i}]"), diffs);
            }
        }
        (Value::Number(a), Value::Number(b)) => {
            let equal = match (a.as_u64(), b.as_u64()) {
                (Some(x), Some(y)) => x == y,
                _ => close(a.as_f64().unwrap(), b.as_f64().unwrap()),
            };
            if !equal {
                diffs.push(format!("{path}: {b}, was {a}"));
            }
        }
        (a, b) if a == b => {}
        (a, b) => diffs.push(format!("{path}: {b}, was {a}")),
    }
}

/// The recorded report in today's shape: a tree's parts moved up; its totals' write mix and
/// warm reads, which the tree engine did not count, left out.
fn today_shape(mut old: Value) -> Value {
    if let Some(tree) = old.as_object_mut().and_then(|o| o.remove("tree")) {
        for (k, v) in tree.as_object().unwrap() {
            old[k] = v.clone();
        }
        let counters = old["counters"].as_object_mut().unwrap();
        for k in ["synchWrites", "replaceWrites", "recovWrites", "warmBlockReads", "warmBlockHits"] {
            assert_eq!(counters.remove(k), Some(Value::from(0)), "a tree's {k} was never counted");
        }
    }
    old
}

/// Runs every scenario of the golden set `set` (each a version-`version` document) and
/// compares its report with the recorded one.
fn reports_what_they_reported(set: &str, version: u32, at_least: usize) {
    let dir = format!("{GOLDEN}/{set}");
    let manifest: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/manifest.json")).unwrap()).unwrap();
    assert!(manifest.len() >= at_least, "the golden set {set} is whole: {} scenarios", manifest.len());
    let mut failures = Vec::new();
    for entry in &manifest {
        let name = entry["name"].as_str().unwrap();
        let text = std::fs::read_to_string(format!("{dir}/{name}.json")).unwrap();
        assert!(text.contains(&format!("\"version\": {version}")), "{name} is a version-{version} document");
        let scenario = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(scenario.version, tiersim_core::scenario::SCENARIO_VERSION);
        // The migrated document reads back as itself.
        assert_eq!(Scenario::from_json(&scenario.to_json()).unwrap(), scenario, "{name}");
        let mut run = match entry["trace"].as_str() {
            Some(file) => Run::with_trace(scenario.clone(), read_trace(&scenario, set, file)),
            None => Run::new(scenario.clone()),
        }
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        if entry["curves"].as_bool().unwrap() {
            run.track_depths(DepthMode::Auto).unwrap();
        }
        let report = serde_json::to_value(run.run_to_end()).unwrap();
        let old: Value =
            serde_json::from_str(&std::fs::read_to_string(format!("{dir}/{name}.report.json")).unwrap()).unwrap();
        let mut diffs = Vec::new();
        subset(&today_shape(old), &report, "", &mut diffs);
        if !diffs.is_empty() {
            let shown: Vec<_> = diffs.iter().take(6).cloned().collect();
            failures.push(format!("{name} ({} differences): {}", diffs.len(), shown.join("; ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden scenarios of {set} differ:\n{}",
        failures.len(),
        manifest.len(),
        failures.join("\n")
    );
}

#[test]
fn version_1_scenarios_report_what_they_reported() {
    reports_what_they_reported("v1", 1, 80);
}

#[test]
fn version_4_scenarios_report_what_they_reported() {
    reports_what_they_reported("v4", 4, 25);
}

/// A version-4 document whose trace is read as objects keeps one block per object
/// (`ignoreSizes`), and the same document as version 5 writes it without the field moves each
/// object at its size: the golden two-level scenario reports other numbers then — more bytes
/// over the link, another mean latency — so the migration matters.
#[test]
fn version_4_objects_keep_one_block_each() {
    let text = std::fs::read_to_string(format!("{GOLDEN}/v4/obj-two-level-demote.json")).unwrap();
    let old = Scenario::from_json(&text).unwrap();
    assert!(old.trace().unwrap().ignore_sizes, "migrated: sizes ignored");
    assert!(old.to_json().contains(r#""ignoreSizes":true"#));
    let mut latest = old.clone();
    if let tiersim_core::scenario::Source::Trace(t) = &mut latest.source {
        t.ignore_sizes = false;
    }
    let run = |s: &Scenario| {
        Run::with_trace(s.clone(), read_trace(s, "v4", "sized-zipf.oracleGeneral.gz")).unwrap().run_to_end()
    };
    let (before, after) = (run(&old), run(&latest));
    assert!(before.bytes.is_none() && after.bytes.is_some());
    assert_eq!(
        before.counters.link_bytes,
        (before.counters.disk_reads + before.counters.array_hits + before.counters.demotions_moved) * 4096
    );
    assert_ne!(after.counters.link_bytes, before.counters.link_bytes);
    assert!(
        (after.mean_latency_ms - before.mean_latency_ms).abs() > 0.01,
        "{} vs {}",
        after.mean_latency_ms,
        before.mean_latency_ms
    );
    // Counted in objects, the caches hold what they held: the same hits and misses.
    assert_eq!(after.counters.client_hits, before.counters.client_hits);
    assert_eq!(after.counters.disk_reads, before.counters.disk_reads);
}

/// What migration sets where version 2 changed a default: MC² keeps revision 1 (version 1's,
/// the array's unclaimed space idle), while a version-2 document that names no revision runs
/// revision 2 — and the two differ on the golden MC² scenario with caches of the data set's
/// size (where revision 1 left the array empty), so the migration matters.
#[test]
fn version_1_mc2_keeps_its_revision() {
    use tiersim_core::hierarchy::protocol::mc2::Revision;
    use tiersim_core::hierarchy::Protocol;
    let old = Scenario::from_json(&std::fs::read_to_string(format!("{DIR}/p002-mc2.json")).unwrap()).unwrap();
    assert_eq!(old.protocol, Protocol::Mc2 { revision: Revision::One });
    let v2 = old.to_json();
    let one = r#""protocol":{"kind":"mc2","revision":1}"#;
    assert!(v2.contains(one), "{v2}");
    let latest = Scenario::from_json(&v2.replace(one, r#""protocol":{"kind":"mc2"}"#)).unwrap();
    assert_eq!(latest.protocol, Protocol::Mc2 { revision: Revision::Two }, "absent: the latest");
    assert!(!latest.to_json().contains("revision"), "the latest is written as absent");
    let mean = |s: &Scenario| {
        let big = Scenario::from_json(&s.to_json().replace(r#""capacity":2138"#, r#""capacity":8551"#)).unwrap();
        Run::new(big).unwrap().run_to_end().mean_latency_ms
    };
    let (first, second) = (mean(&old), mean(&latest));
    assert!(second < 0.7 * first, "revision 2 {second} ms, revision 1 {first} ms");
    let e = Scenario::from_json(&v2.replace(one, r#""protocol":{"kind":"mc2","revision":3}"#)).unwrap_err();
    assert!(e.to_string().contains("MC² has revisions 1 and 2 (got 3)"), "{e}");
}
