//! Hit ratio over time (issue 24): the run samples its counters at fixed request counts, so the
//! same scenario draws the same timeline on any machine — however the caller cuts its steps —
//! and sampling leaves the run's own numbers alone.

use tiersim_core::hierarchy::Protocol;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::workload::WorkloadConfig;
use tiersim_core::{Report, Run, Scenario};

fn scenario() -> Scenario {
    let mut s = Scenario::paper000_random(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote);
    s.topology.client_mut().unwrap().capacity = 500.into();
    if let tiersim_core::scenario::Source::Workload { workload, .. } = &mut s.source {
        *workload = WorkloadConfig::Random {
            blocks: 2000,
            request_blocks: 1,
            warmup_requests: Some(1000),
            measured_requests: Some(9001),
        };
    }
    s
}

/// The run stepped by `steps` requests at a time (cycling), sampling `points`.
fn stepped(s: &Scenario, points: u64, steps: &[u64]) -> Report {
    let mut run = Run::new(s.clone()).unwrap();
    run.track_timeline(points).unwrap();
    let mut i = 0;
    while !run.step(steps[i % steps.len()]) {
        i += 1;
    }
    run.report()
}

#[test]
fn samples_at_fixed_request_counts_however_the_steps_are_cut() {
    let s = scenario();
    let r = stepped(&s, 200, &[1 << 20]);
    let t = &r.timeline;
    assert_eq!(r.total, 10_001);
    assert_eq!(t.len(), 200);
    // Request ceil(k × 10001 / 200): 51, 101, 151, … 10001.
    let at: Vec<u64> = t.iter().map(|p| p.at).collect();
    let want: Vec<u64> = (1..=200u64).map(|k| (k * 10_001).div_ceil(200)).collect();
    assert_eq!(at, want);
    assert_eq!((at[0], at[1], at[199]), (51, 101, 10_001));
    // The warm-up's samples count from the start, the measured ones from its end (the counters
    // restart there); the last is the report's own counters.
    assert!(t.iter().take_while(|p| p.at <= 1000).all(|p| p.warmup));
    assert!(t.iter().filter(|p| p.at > 1000).all(|p| !p.warmup));
    let last = t.last().unwrap();
    let c = &r.counters;
    assert_eq!(
        (last.reads, last.client_hits, last.array_hits, last.disk_reads, last.demotions),
        (c.reads, c.client_hits, c.array_hits, c.disk_reads, c.demotions)
    );
    assert_eq!(last.client_hits + last.array_hits + last.disk_reads, last.reads);
    assert!(t.windows(2).filter(|w| !w[1].warmup).all(|w| w[1].reads >= w[0].reads || w[0].warmup));
    assert!(last.demotions > 0, "LRU-MRU-demote demotes");
    // Cut any other way, the same samples and the same report.
    for steps in [&[1][..], &[7, 3000, 1], &[50], &[4096]] {
        assert_eq!(stepped(&s, 200, steps), r, "steps {steps:?}");
    }
    // Sampling changes nothing else.
    let plain = Run::new(s.clone()).unwrap().run_to_end();
    assert!(plain.timeline.is_empty());
    assert_eq!(Report { timeline: Vec::new(), ..r }, plain);
}

#[test]
fn the_hot_loop_samples_the_same() {
    // Without fairness, one generator and nothing tracked: the run's plain hot loop.
    let mut s = scenario();
    s.fairness = false;
    let r = stepped(&s, 64, &[1 << 20]);
    assert_eq!(r.timeline.len(), 64);
    for steps in [&[1][..], &[999, 2]] {
        assert_eq!(stepped(&s, 64, steps), r, "steps {steps:?}");
    }
    let mut fair = scenario();
    fair.fairness = true;
    let f = stepped(&fair, 64, &[1 << 20]);
    let counts = |r: &Report| {
        r.timeline
            .iter()
            .map(|p| (p.at, p.reads, p.client_hits, p.array_hits, p.disk_reads, p.demotions))
            .collect::<Vec<_>>()
    };
    assert_eq!(counts(&f), counts(&r), "the same requests land in the same places either way");
}

#[test]
fn more_points_than_requests_samples_each_request_once() {
    let mut s = scenario();
    if let tiersim_core::scenario::Source::Workload { workload, .. } = &mut s.source {
        *workload = WorkloadConfig::Random {
            blocks: 100,
            request_blocks: 1,
            warmup_requests: Some(0),
            measured_requests: Some(30),
        };
    }
    let r = stepped(&s, 200, &[5]);
    assert_eq!(r.timeline.iter().map(|p| p.at).collect::<Vec<_>>(), (1..=30).collect::<Vec<_>>());
    let mut run = Run::new(s).unwrap();
    assert!(run.track_timeline(0).is_err());
    run.step(1);
    assert_eq!(run.track_timeline(10).unwrap_err(), "the timeline must be asked for before the run starts");
}
