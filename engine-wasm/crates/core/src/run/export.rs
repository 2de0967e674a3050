//! A scenario's generated requests as a trace file (canonical CSV or oracleGeneral), in the
//! order a run issues them: one client's stream, or a tree's clients taking turns (each line
//! with its client, so that replaying the file through the same tree, its clients in order,
//! gives the same run). The page's preview shows a stretch of the same.

use crate::model::Request;
use crate::scenario::{err, Scenario, ScenarioError};
use crate::trace::Format;
use crate::workload::export::{csv_header, csv_line, oracle_general};

fn requests(s: &Scenario) -> Result<(Box<dyn Iterator<Item = Request>>, u64), ScenarioError> {
    let shape = s.validate_shape()?;
    let r = crate::scenario::source::requests(s, &shape)?;
    Ok((r.iter, r.total))
}

/// Most requests a workload exported in one piece may have (the page builds the file in memory).
pub const MAX_EXPORT_REQUESTS: u64 = 20_000_000;

/// A scenario's generated workload (warm-up and measured) as a whole file: `format` is
/// canonical CSV or oracleGeneral.
pub fn workload_file(s: &Scenario, format: Format) -> Result<Vec<u8>, ScenarioError> {
    let (mut g, total) = requests(s)?;
    if total > MAX_EXPORT_REQUESTS {
        return Err(err("source", format!("at most {MAX_EXPORT_REQUESTS} requests export at once (this has {total})")));
    }
    match format {
        Format::Csv => {
            let mut out = Vec::new();
            csv_header(&mut out);
            for r in g.by_ref() {
                csv_line(&mut out, &r);
            }
            Ok(out)
        }
        Format::OracleGeneral if s.topology.is_tree() => {
            Err(err("format", "oracleGeneral records have no client: export a tree's workload as csv"))
        }
        Format::OracleGeneral => {
            let requests: Vec<Request> = g.collect();
            Ok(oracle_general(&requests, s.block_size))
        }
        other => Err(err("format", format!("exports are csv or oracle-general, not {}", other.name()))),
    }
}

/// Most requests a preview shows.
pub const MAX_PREVIEW_REQUESTS: usize = 1000;

/// `n` requests of a scenario's generated workload from request `skip` on (0-based), as
/// canonical CSV (header included): what the page's preview shows, write hints and all.
pub fn preview(s: &Scenario, skip: u64, n: usize) -> Result<String, ScenarioError> {
    let (g, _) = requests(s)?;
    let mut out = Vec::new();
    csv_header(&mut out);
    for r in g.skip(skip.min(MAX_EXPORT_REQUESTS) as usize).take(n.min(MAX_PREVIEW_REQUESTS)) {
        csv_line(&mut out, &r);
    }
    Ok(String::from_utf8(out).expect("CSV lines are ASCII"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workload::WorkloadConfig;

    #[test]
    fn a_preview_is_the_start_of_the_export_with_its_hints() {
        let mut s = Scenario::default();
        *s.workload_mut().unwrap() = WorkloadConfig::Oltp {
            warehouses: 1,
            buffer_pool: Some(2_000),
            softmax: 400,
            dirty_threshold: 0.5,
            log_file_records: None,
            stream: Default::default(),
            model: crate::workload::oltp::DEFAULT_MODEL,
            warmup_requests: Some(0),
            measured_requests: Some(5_000),
        };
        let text = preview(&s, 0, 3_000).unwrap();
        let whole = String::from_utf8(workload_file(&s, Format::Csv).unwrap()).unwrap();
        assert!(whole.starts_with(&text));
        assert_eq!(text.lines().count(), 1 + MAX_PREVIEW_REQUESTS);
        let later = preview(&s, 4_000, 50).unwrap();
        let lines: Vec<&str> = whole.lines().collect();
        assert_eq!(later.lines().skip(1).collect::<Vec<_>>(), lines[4_001..4_051]);
        assert!(later.contains(",w,replace"), "a preview of the warm OLTP client shows its hints:\n{later}");
        assert_eq!(preview(&s, 0, 2).unwrap().lines().count(), 3);
    }
}
