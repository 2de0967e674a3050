//! `tiersim run --trace`: a scenario replaying a trace file, streamed — never held whole. A
//! first pass takes the trace's census (each client's requests, in all and in the warm-up; the
//! distinct blocks), which the run is built from; a second replays it batch by batch. Offline
//! policies add a recording pass before the replay, and a run of several clients whose warm-up
//! is a share of the trace counts its requests first. Several clients in queueing mode replay
//! the trace each at its own pace, so that one case reads it whole, as before.

use std::sync::Arc;

use tiersim_core::analysis::depth::DepthMode;
use tiersim_core::run::TraceCensus;
use tiersim_core::trace::pipeline::{rereadable, Settings};
use tiersim_core::trace::Trace;
use tiersim_core::{Run, Scenario};

use crate::trace_args::{load_file, replay, report_skipped};

/// The run of `scenario` (read from `path`) over the trace file `file`, served to the end; with
/// `curves`, tracking stack-depth graphs.
pub fn run(path: &str, scenario: &Scenario, file: &str, curves: bool) -> Result<Run, String> {
    let at = |e: tiersim_core::scenario::ScenarioError| format!("{path}: {e}");
    let t = scenario.trace().expect("a trace scenario");
    let format = t.format().map_err(|e| format!("{path}: {e}"))?;
    let (opts, skip_bad) = (t.options(scenario.block_size), t.skip_bad);
    if !Run::streams(scenario).map_err(at)? {
        eprintln!("{file}: several clients in queueing mode each replay the trace at their own pace: it is read whole");
        let (parsed, _) = load_file(file, format, opts, skip_bad)?;
        let mut run = Run::with_trace(scenario.clone(), Arc::new(parsed)).map_err(at)?;
        if curves {
            run.track_depths(DepthMode::Auto)?;
        }
        run.step(u64::MAX);
        return Ok(run);
    }
    if !rereadable(file) {
        return Err(format!(
            "{file}: a run reads its trace twice (a census, then the replay): give a file, not a pipe or standard input"
        ));
    }
    let settings = Settings::default();
    let mut passes = Vec::new();
    let boundary = match Run::census_boundary(scenario, None).map_err(at)? {
        Some(b) => b,
        None => {
            let read = replay(file, format, opts, skip_bad, settings, &mut [|_: &Arc<Trace>| {}])?;
            passes.push("one counts its requests (the clients' warm-up is a share of them)");
            Run::census_boundary(scenario, Some(read.requests)).map_err(at)?.expect("known once counted")
        }
    };
    let mut census = TraceCensus::new(boundary);
    let read = replay(file, format, opts, skip_bad, settings, &mut [|b: &Arc<Trace>| census.add(b)])?;
    let mut census = census.finish(read.distinct);
    if scenario.prefetches() {
        census = census.with_addresses(&read.raw);
    }
    drop(read);
    let mut run = Run::streamed(scenario.clone(), census).map_err(at)?;
    if run.is_recording() {
        passes.push("one records what the offline policies' caches are asked");
    }
    loop {
        if curves && !run.is_recording() {
            run.track_depths(DepthMode::Auto)?;
        }
        let read = replay(file, format, opts, skip_bad, settings, &mut [|b: &Arc<Trace>| run.replay(b)])?;
        if !run.is_recording() {
            report_skipped(file, &read);
            break;
        }
        run = run.next_pass().map_err(at)?;
    }
    if !passes.is_empty() {
        eprintln!("{file}: {} passes besides the census and the replay: {}", passes.len(), passes.join("; "));
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::tests::{sample_csv, Scratch};
    use tiersim_core::policy::PolicyConfig;
    use tiersim_core::scenario::{Source, TraceClients, TraceSource};

    #[test]
    fn a_streamed_run_reports_as_over_the_whole_file() {
        let scratch = Scratch::new("run-trace");
        let (gz, whole) = sample_csv(20_000);
        let file = scratch.file("t.csv.gz", &gz);
        let whole = Arc::new(whole);
        let source = |warmup| {
            Source::Trace(TraceSource {
                name: "t.csv.gz".into(),
                format: None,
                columns: None,
                object_mode: false,
                ignore_sizes: false,
                skip_bad: false,
                warmup_requests: warmup,
                clients: TraceClients::Merged,
            })
        };
        let two_levels = Scenario { source: source(None), ..Scenario::default() };
        let min = Scenario::single(200, PolicyConfig::Min, Scenario::default().workload().unwrap().clone());
        let min = Scenario { source: source(Some(1000)), ..min };
        for (s, curves) in [(&two_levels, false), (&two_levels, true), (&min, false)] {
            let mut want = Run::with_trace(s.clone(), whole.clone()).unwrap();
            if curves {
                want.track_depths(DepthMode::Auto).unwrap();
            }
            let want = want.run_to_end();
            assert_eq!(run("s.json", s, &file, curves).unwrap().report(), want, "curves {curves}");
        }
        let e = run("s.json", &two_levels, "-", false).err().unwrap();
        assert!(e.starts_with("-: a run reads its trace twice"), "{e}");
        let e = run("s.json", &two_levels, "/nonexistent/t.csv", false).err().unwrap();
        assert!(e.starts_with("/nonexistent/t.csv: No such file"), "{e}");
    }
}
