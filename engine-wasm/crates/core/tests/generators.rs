//! The mix and phase-change generators through scenarios: JSON (under `source.workload`),
//! defaults, streams, errors.

use tiersim_core::workload::WorkloadConfig;
use tiersim_core::{Run, Scenario};

/// The default scenario with its source's generator replaced by `json`.
fn with_workload(json: &str) -> Result<Scenario, String> {
    let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
    v["source"]["workload"] = serde_json::from_str(json).unwrap();
    Scenario::from_json(&v.to_string()).map_err(|e| e.to_string())
}

#[test]
fn phases_run_one_after_another_with_their_offsets() {
    let s = with_workload(
        r#"{"kind":"phases","phases":[
            {"workload":{"kind":"sequential","blocks":100},"requests":250},
            {"workload":{"kind":"random","blocks":50},"requests":100,"offset":1000}]}"#,
    )
    .unwrap();
    let workload = s.workload().unwrap();
    assert_eq!(workload.blocks(), 1050);
    assert_eq!(workload.phases(), (250, 100), "warm-up: the first phase");
    let mut w = workload.build(s.seed);
    let blocks: Vec<u32> = std::iter::from_fn(|| w.next_request()).map(|r| r.block).collect();
    assert_eq!(blocks.len(), 350);
    assert_eq!(&blocks[..3], [0, 1, 2]);
    assert_eq!(blocks[249], 49);
    assert!(blocks[250..].iter().all(|&b| (1000..1050).contains(&b)));
    // A run: the cache warms on the scan, then measures the random phase.
    let r = Run::new(s.clone()).unwrap().run_to_end();
    assert_eq!(r.counters.requests, 100);
    // Round trip through JSON.
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
}

#[test]
fn the_mix_takes_its_defaults_and_checks_its_shares() {
    let s = with_workload(r#"{"kind":"mix","blocks":5000}"#).unwrap();
    let WorkloadConfig::Mix { scan_share, loop_share, hot_share, segment, .. } = *s.workload().unwrap() else {
        panic!()
    };
    assert_eq!((scan_share, loop_share, hot_share, segment), (1.0 / 3.0, 1.0 / 3.0, 0.2, 20_000));
    let r = Run::new(s).unwrap().run_to_end();
    assert_eq!(r.counters.requests, 50_000);
    assert_eq!(
        with_workload(r#"{"kind":"mix","blocks":5000,"scanShare":0.8,"loopShare":0.5}"#).unwrap_err(),
        "scenario.source.workload.loopShare: must be between 0 and 1 − scanShare (got 0.5)"
    );
    assert!(with_workload(r#"{"kind":"mix","blocks":5000,"hotShare":0}"#)
        .unwrap_err()
        .contains("source.workload.hotShare"));
}

#[test]
fn bad_phases_are_named() {
    let err = |json: &str| with_workload(json).unwrap_err();
    assert_eq!(
        err(r#"{"kind":"phases","phases":[]}"#),
        "scenario.source.workload.phases: must list 1 to 16 phases (got 0)"
    );
    assert_eq!(
        err(r#"{"kind":"phases","phases":[{"workload":{"kind":"random","blocks":5},"requests":0}]}"#),
        "scenario.source.workload.phases[0].requests: must be at least 1"
    );
    assert_eq!(
        err(r#"{"kind":"phases","phases":[{"workload":{"kind":"random","blocks":0},"requests":5}]}"#),
        "scenario.source.workload.phases[0].workload.blocks: must be between 1 and 33554432 (got 0)"
    );
    assert_eq!(
        err(r#"{"kind":"phases","phases":[{"workload":{"kind":"phases","phases":[]},"requests":5}]}"#),
        "scenario.source.workload.phases[0].workload: phases cannot nest"
    );
    assert_eq!(
        err(
            r#"{"kind":"phases","phases":[{"workload":{"kind":"random","blocks":5},"requests":5}],"warmupRequests":5}"#
        ),
        "scenario.source.workload.warmupRequests: leaves nothing to measure"
    );
}
