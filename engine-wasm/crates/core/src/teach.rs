//! The teaching stepper: a short list of requests served one at a time by a tiny hierarchy — a
//! client over an array over a disk, or a single cache — with, after each request, every
//! cache's lists as [`Policy::queues`] gives them (next victim first, ghost lists included), so
//! a view can draw the caches step by step.
//!
//! What it shows is what a run does: the hierarchy is the one [`Run`] builds for the scenario
//! (policies, protocol, DU, latency model) and each request is served by [`TwoLevel::serve`].
//!
//! The start state lists each cache's blocks next victim first, as paper 000 §4.5 writes its
//! examples ("the left of each queue is the next to eject"): each block is inserted in turn at
//! the cache's "eject me last" end, as the paper's DEMOTE places a block. For a policy with
//! several lists that is wherever its insertion at that end puts a new block (T1 for ARC, S for
//! S3-FIFO, …); the hint-aware policies take it as a SYNCH write.
//!
//! Limits keep every step drawable: at most [`MAX_TEACH_REQUESTS`] requests, caches of at most
//! [`MAX_TEACH_CAPACITY`] blocks, block ids up to [`MAX_TEACH_BLOCK`]. Trees, traces and the
//! offline policies (which must know every request in advance) are refused.

use serde::{Deserialize, Serialize};

use crate::hierarchy::{Level, Topology, TwoLevel};
use crate::model::{Block, Op, Request};
use crate::policy::{End, Policy, Queue};
use crate::run::Run;
use crate::scenario::{Scenario, ScenarioError};

/// Most requests one teaching run serves.
pub const MAX_TEACH_REQUESTS: usize = 1000;
/// Largest cache the stepper draws, in blocks.
pub const MAX_TEACH_CAPACITY: u64 = 64;
/// Largest block id a request or the start state may name.
pub const MAX_TEACH_BLOCK: Block = 999_999;

/// The hierarchy after one request (or at the start).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TeachStep {
    /// The request just served (`None` for the starting state).
    pub block: Option<Block>,
    pub op: Option<Op>,
    /// Where it was served: "client", "array" or "disk" (writes, written through, "array");
    /// `None` for the start.
    pub level: Option<Level>,
    /// What the request cost (0 for the start).
    pub latency_ms: f64,
    /// The client's lists (a single cache's, for the single topology).
    pub client: Vec<Queue>,
    /// The array's lists; empty for a single cache.
    pub array: Vec<Queue>,
    /// Running totals so far: DEMOTEs sent, and read requests that needed the disk.
    pub demotions: u64,
    pub disk_reads: u64,
}

/// The caches' contents before the first request, each next victim first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct Start {
    pub client: Vec<Block>,
    /// Must be empty for a single cache.
    pub array: Vec<Block>,
}

impl Start {
    /// Parses `{"client": […], "array": […]}` (either may be left out); errors name the field.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
        if !value.is_object() {
            // serde would also read a struct from an array, quietly.
            return Err(format!(r#"expected an object {{"client": […], "array": […]}} (got {value})"#));
        }
        serde_path_to_error::deserialize(value).map_err(|e| match e.path().to_string() {
            path if path == "." => e.inner().to_string(),
            path => format!("{path}: {}", e.inner()),
        })
    }
}

/// Parses the stepper's requests: a JSON array whose items are a block id (a read) or a
/// `[block, "read" | "write"]` pair. Errors name the item.
pub fn requests_from_json(text: &str) -> Result<Vec<(Block, Op)>, String> {
    use serde_json::Value;
    const ITEM: &str = r#"a block id or a [block, "read" | "write"] pair"#;
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let Value::Array(items) = value else {
        return Err(format!("expected an array of requests, each {ITEM}"));
    };
    let block = |i: usize, v: &Value| match v.as_u64() {
        Some(b) if b <= MAX_TEACH_BLOCK as u64 => Ok(b as Block),
        _ => Err(format!("[{i}]: the block must be a whole number from 0 to {MAX_TEACH_BLOCK} (got {v})")),
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::Number(_) => Ok((block(i, item)?, Op::Read)),
            Value::Array(pair) if pair.len() == 2 => {
                let op = match pair[1].as_str() {
                    Some("read") => Op::Read,
                    Some("write") => Op::Write,
                    _ => {
                        return Err(format!("[{i}][1]: the operation must be \"read\" or \"write\" (got {})", pair[1]))
                    }
                };
                Ok((block(i, &pair[0])?, op))
            }
            _ => Err(format!("[{i}]: expected {ITEM} (got {item})")),
        })
        .collect()
}

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError { path: path.into(), message: message.into() }
}

/// Serves `requests` one at a time from `start` and returns `requests.len() + 1` steps: the
/// start, then the state after each request. Errors name the scenario field, `requests`, or
/// `start.client` / `start.array` (with the item's index).
pub fn teach(scenario: &Scenario, requests: &[(Block, Op)], start: &Start) -> Result<Vec<TeachStep>, ScenarioError> {
    // Refused whatever the rest says, so before the scenario's own checks.
    if scenario.topology == Topology::Tree {
        return Err(err(
            "topology",
            "the teaching stepper draws one client's caches: choose the single or two-level topology",
        ));
    }
    if scenario.trace.is_some() {
        return Err(err(
            "trace",
            "the teaching stepper serves its own list of requests, not a trace: remove the trace",
        ));
    }
    scenario.validate()?;
    let single = scenario.topology == Topology::Single;
    if scenario.client.policy.is_offline() {
        return Err(err(
            "client.policy",
            format!(
                "{} is offline: it must know every request in advance, and the stepper serves them one at a time",
                scenario.client.policy.name()
            ),
        ));
    }
    let caches: &[(&str, &crate::scenario::CacheConfig)] = if single {
        &[("client", &scenario.client)]
    } else {
        &[("client", &scenario.client), ("array", &scenario.array)]
    };
    for (name, cache) in caches {
        if cache.capacity > MAX_TEACH_CAPACITY {
            return Err(err(
                format!("{name}.capacity"),
                format!(
                    "the teaching stepper draws caches of at most {MAX_TEACH_CAPACITY} blocks (got {})",
                    cache.capacity
                ),
            ));
        }
    }
    if requests.len() > MAX_TEACH_REQUESTS {
        return Err(err(
            "requests",
            format!("the teaching stepper serves at most {MAX_TEACH_REQUESTS} requests (got {})", requests.len()),
        ));
    }
    let requested: Vec<Block> = requests.iter().map(|r| r.0).collect();
    let lists = [("requests", &requested), ("start.client", &start.client), ("start.array", &start.array)];
    for (name, blocks) in lists {
        if let Some((i, b)) = blocks.iter().enumerate().find(|&(_, &b)| b > MAX_TEACH_BLOCK) {
            return Err(err(format!("{name}[{i}]"), format!("block ids go up to {MAX_TEACH_BLOCK} (got {b})")));
        }
    }
    if single && !start.array.is_empty() {
        return Err(err("start.array", "a single cache has no array: leave it empty"));
    }

    let universe = lists.iter().flat_map(|(_, b)| b.iter()).max().map_or(1, |&b| b as usize + 1);
    let mut hierarchy = Run::levels(scenario, universe, &[])?;
    let (client, array) = hierarchy.caches_mut();
    fill("start.client", client, &start.client)?;
    fill("start.array", array, &start.array)?;

    let mut steps = Vec::with_capacity(requests.len() + 1);
    steps.push(step(&hierarchy, single, None, None, 0));
    for &(block, op) in requests {
        let request = match op {
            Op::Read => Request::read(block),
            Op::Write => Request::write(block),
        };
        let served = hierarchy.serve(&request);
        steps.push(step(&hierarchy, single, Some((block, op)), Some(served.level), served.latency_ns));
    }
    Ok(steps)
}

/// Puts the start blocks into a cache, each at its "eject me last" end, so the first listed is
/// the next victim. A list the cache cannot hold as given is refused rather than cut.
fn fill(path: &str, cache: &mut dyn Policy, blocks: &[Block]) -> Result<(), ScenarioError> {
    if blocks.len() > cache.capacity() {
        return Err(err(path, format!("lists {} blocks, but the cache holds {}", blocks.len(), cache.capacity())));
    }
    let mut evicted = Vec::new();
    for (i, &b) in blocks.iter().enumerate() {
        if cache.contains(b) {
            return Err(err(format!("{path}[{i}]"), format!("block {b} is listed twice")));
        }
        cache.insert(b, End::EjectLast, &mut evicted);
        if !evicted.is_empty() || !cache.contains(b) {
            return Err(err(
                format!("{path}[{i}]"),
                format!("the {} cache would not keep block {b} as it fills", cache.name()),
            ));
        }
    }
    Ok(())
}

fn step(h: &TwoLevel, single: bool, request: Option<(Block, Op)>, level: Option<Level>, latency_ns: u64) -> TeachStep {
    let (mut client, mut array) = (Vec::new(), Vec::new());
    h.client().queues(&mut client);
    if !single {
        h.array().queues(&mut array);
    }
    TeachStep {
        block: request.map(|r| r.0),
        op: request.map(|r| r.1),
        level,
        latency_ms: latency_ns as f64 / 1e6,
        client,
        array,
        demotions: h.counters.demotions,
        disk_reads: h.counters.disk_reads,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hierarchy::Protocol;
    use crate::policy::PolicyConfig;
    use serde_json::json;

    const A: Block = 0;
    const B: Block = 1;
    const C: Block = 2;
    const D: Block = 3;
    const E: Block = 4;

    fn two_level(client: PolicyConfig, array: PolicyConfig, protocol: Protocol, capacity: u64) -> Scenario {
        let mut s = Scenario::paper000_random(client, array, protocol);
        s.client.capacity = capacity;
        s.array.capacity = capacity;
        s
    }

    fn single(policy: PolicyConfig, capacity: u64) -> Scenario {
        let mut s = two_level(policy, PolicyConfig::Lru, Protocol::None, capacity);
        s.topology = Topology::Single;
        s
    }

    fn blocks(queues: &[Queue]) -> Vec<Vec<Block>> {
        queues.iter().map(|q| q.blocks.clone()).collect()
    }

    /// Paper 000 §4.5: LRU-LRU-demote, three blocks each. Start: client C D E, array D B E;
    /// reading A: the client demotes C (the array ejects D), A comes from disk (the array ejects
    /// B) — Final: client D E A, array E C A.
    #[test]
    fn paper_000_three_block_sequential_example() {
        let s = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 3);
        let start = Start { client: vec![C, D, E], array: vec![D, B, E] };
        let steps = teach(&s, &[(A, Op::Read)], &start).unwrap();
        assert_eq!(steps.len(), 2);
        assert_eq!((blocks(&steps[0].client), blocks(&steps[0].array)), (vec![vec![C, D, E]], vec![vec![D, B, E]]));
        assert_eq!((steps[0].block, steps[0].level, steps[0].demotions, steps[0].disk_reads), (None, None, 0, 0));
        let last = &steps[1];
        assert_eq!((blocks(&last.client), blocks(&last.array)), (vec![vec![D, E, A]], vec![vec![E, C, A]]), "Final");
        assert_eq!((last.level, last.demotions, last.disk_reads), (Some(Level::Disk), 1, 1));
        // The shape a view reads: 0.2 ms fetch + 0.2 ms demotion transfer + 10 ms disk.
        assert_eq!(
            serde_json::to_value(last).unwrap(),
            json!({
                "block": 0,
                "op": "read",
                "level": "disk",
                "latencyMs": 10.4,
                "client": [{"name": "cache", "ghost": false, "blocks": [3, 4, 0]}],
                "array": [{"name": "cache", "ghost": false, "blocks": [4, 2, 0]}],
                "demotions": 1,
                "diskReads": 1
            })
        );
        assert_eq!(serde_json::to_value(&steps[0]).unwrap()["level"], serde_json::Value::Null);
    }

    /// A single ARC cache of 2 over 0 1 0 2 3 1 (worked from the paper's Fig. 4 with p = 0):
    /// ghosts appear in B1, and T1 ∪ T2 is the cache's contents at every step.
    #[test]
    fn a_single_arc_cache_shows_its_ghosts() {
        let refs: Vec<_> = [0, 1, 0, 2, 3, 1].iter().map(|&b| (b, Op::Read)).collect();
        let steps = teach(&single(PolicyConfig::Arc, 2), &refs, &Start::default()).unwrap();
        assert_eq!(steps.len(), refs.len() + 1);
        // The same policy driven directly, for its contents.
        let mut arc = PolicyConfig::Arc.build(2, 4, 0).unwrap();
        let mut ev = Vec::new();
        for (i, step) in steps.iter().enumerate() {
            if i > 0 {
                arc.access(refs[i - 1].0, &mut ev);
            }
            assert!(step.array.is_empty(), "a single cache has no array");
            let names: Vec<_> = step.client.iter().map(|q| (q.name, q.ghost)).collect();
            assert_eq!(names, [("T1", false), ("T2", false), ("B1", true), ("B2", true)]);
            let mut resident: Vec<Block> =
                step.client.iter().filter(|q| !q.ghost).flat_map(|q| q.blocks.clone()).collect();
            let mut contents = Vec::new();
            arc.contents(&mut contents);
            resident.sort_unstable();
            contents.sort_unstable();
            assert_eq!(resident, contents, "step {i}");
        }
        let levels: Vec<_> = steps[1..].iter().map(|s| s.level.unwrap()).collect();
        use Level::{Client, Disk};
        assert_eq!(levels, [Disk, Disk, Client, Disk, Disk, Disk]);
        // 0 1: T1 [0 1]; 0: T2 [0]; 2: T1's 1 → B1; 3: B1 forgets 1, T1's 2 → B1; 1 (forgotten,
        // so new): B1 forgets 2, T1's 3 → B1.
        assert_eq!(blocks(&steps[4].client), [vec![2], vec![0], vec![1], vec![]]);
        assert_eq!(blocks(&steps[6].client), [vec![1], vec![0], vec![3], vec![]]);
        assert_eq!((steps[6].disk_reads, steps[6].demotions), (5, 0));
    }

    #[test]
    fn writes_and_demotions_are_counted_as_they_happen() {
        // LRU-MRU-demote, two blocks each (paper 000 Fig. 6): the array keeps what the client lacks.
        let s = two_level(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote, 2);
        let refs = [(A, Op::Read), (B, Op::Write), (C, Op::Read), (A, Op::Read)];
        let steps = teach(&s, &refs, &Start::default()).unwrap();
        let summary: Vec<_> = steps.iter().map(|s| (s.level, s.demotions, s.disk_reads)).collect();
        use Level::{Array, Disk};
        assert_eq!(
            summary,
            [(None, 0, 0), (Some(Disk), 0, 1), (Some(Array), 0, 1), (Some(Disk), 1, 2), (Some(Array), 2, 2)]
        );
        assert_eq!((blocks(&steps[4].client), blocks(&steps[4].array)), (vec![vec![C, A]], vec![vec![A, B]]));
    }

    #[test]
    fn refusals_name_the_field() {
        let lru = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 3);
        let path = |s: &Scenario, refs: &[(Block, Op)], start: &Start| teach(s, refs, start).unwrap_err().path;
        let none = Start::default();

        let mut tree = lru.clone();
        tree.topology = Topology::Tree;
        assert_eq!(path(&tree, &[], &none), "topology");
        let many = vec![(0, Op::Read); 2000];
        let e = teach(&lru, &many, &none).unwrap_err();
        assert_eq!((e.path.as_str(), e.to_string().contains("at most 1000")), ("requests", true), "{e}");
        let mut big = lru.clone();
        big.array.capacity = 100;
        let e = teach(&big, &[], &none).unwrap_err();
        assert_eq!((e.path.as_str(), e.message.contains("at most 64 blocks")), ("array.capacity", true), "{e}");
        big.client.capacity = 100;
        assert_eq!(path(&big, &[], &none), "client.capacity");
        // A single cache's unused array may be of any size.
        let mut one = single(PolicyConfig::Lru, 3);
        one.array.capacity = 100;
        assert!(teach(&one, &[], &none).is_ok());
        let e = teach(&single(PolicyConfig::Min, 3), &[], &none).unwrap_err();
        assert_eq!((e.path.as_str(), e.message.contains("offline")), ("client.policy", true), "{e}");
        assert_eq!(path(&single(PolicyConfig::ReadOpt, 3), &[], &none), "client.policy");

        assert_eq!(path(&lru, &[(1, Op::Read), (1_000_000, Op::Read)], &none), "requests[1]");
        assert_eq!(path(&lru, &[], &Start { client: vec![], array: vec![5, 1_000_000] }), "start.array[1]");
        assert_eq!(path(&lru, &[], &Start { client: vec![1, 2, 1], array: vec![] }), "start.client[2]");
        assert_eq!(path(&lru, &[], &Start { client: vec![1, 2, 3, 4], array: vec![] }), "start.client");
        assert_eq!(path(&single(PolicyConfig::Lru, 3), &[], &Start { client: vec![], array: vec![1] }), "start.array");
        let mut bad = lru.clone();
        bad.client.capacity = 0;
        assert_eq!(path(&bad, &[], &none), "client.capacity", "the scenario's own checks run too");
    }

    #[test]
    fn requests_and_start_parse_with_clear_errors() {
        assert_eq!(
            requests_from_json(r#"[1, [2, "write"], [3, "read"], 0]"#).unwrap(),
            [(1, Op::Read), (2, Op::Write), (3, Op::Read), (0, Op::Read)]
        );
        assert_eq!(requests_from_json("[]").unwrap(), []);
        for (text, says) in [
            ("[1, ", "not valid JSON"),
            (r#"{"requests": []}"#, "expected an array"),
            (r#"[1, "2"]"#, "[1]: expected a block id"),
            (r#"[[1, "erase"]]"#, r#"[0][1]: the operation must be "read" or "write""#),
            ("[-1]", "[0]: the block must be"),
            ("[2.5]", "[0]: the block must be"),
            ("[1000000]", "from 0 to 999999"),
            (r#"[[1]]"#, "[0]: expected"),
        ] {
            let e = requests_from_json(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
        assert_eq!(Start::from_json(r#"{"client": [2, 3]}"#).unwrap(), Start { client: vec![2, 3], array: vec![] });
        assert_eq!(Start::from_json("{}").unwrap(), Start::default());
        assert!(Start::from_json(r#"{"client": [1, "x"]}"#).unwrap_err().starts_with("client[1]:"));
        assert!(Start::from_json(r#"{"clients": []}"#).unwrap_err().contains("unknown field `clients`"));
        assert!(Start::from_json(r#"{} x"#).unwrap_err().contains("not valid JSON"));
        assert!(Start::from_json("nope").unwrap_err().contains("not valid JSON"));
        assert!(Start::from_json("[]").unwrap_err().contains("expected an object"));
    }
}
