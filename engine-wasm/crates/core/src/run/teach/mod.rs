//! The teaching stepper: a short list of requests served one at a time by a tiny hierarchy —
//! a single cache, two levels, or a small tree — with, after each request, every cache's lists
//! as [`TeachingViews::queues`] gives them (next victim first, ghost lists included), so a view
//! can draw the caches step by step.
//!
//! What it shows is what a run does: the hierarchy is the one a run builds for the scenario
//! (policies, protocol, DU, SE, latency model) and each request is served by
//! [`Hierarchy::serve_blocks`].
//!
//! The start state lists blocks per cache (by name: `client` and `array` for two levels, `cache`
//! — or `client` — for a single cache, a tree's own names), next victim first, as paper 000 §4.5
//! writes its examples ("the left of each queue is the next to eject"): each block is inserted
//! in turn at the cache's "eject me last" end, as the paper's DEMOTE places a block. For a policy
//! with several lists that is wherever its insertion at that end puts a new block (T1 for ARC,
//! S for S3-FIFO, …); the hint-aware policies take it as a SYNCH write.
//!
//! Each step also carries what a classroom tallies: every cache's running read hits and misses
//! (the engine's own counters, [`CacheCounters`](crate::hierarchy::CacheCounters)), and, for a
//! read that went to the disk, why it missed ([`MissKind`]): *cold* (no earlier reference),
//! *duplicate* (it would have hit had the levels on its path been exclusive — one LRU cache as
//! big as the path's caches together — so only blocks held twice kept it out: the waste DEMOTE
//! removes) or *capacity* (not even that would have held it).
//!
//! Limits keep every step drawable: at most [`MAX_TEACH_REQUESTS`] requests, [`MAX_TEACH_CACHES`]
//! caches of at most [`MAX_TEACH_CAPACITY`] blocks, block ids up to [`MAX_TEACH_BLOCK`]. Traces
//! and the offline policies (which must know every request in advance) are refused.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::hierarchy::protocol::mc2::{self, PartitionList};
use crate::hierarchy::{Hierarchy, Meta, Protocol};
use crate::model::{Block, Op, WriteHint};
#[cfg(doc)]
use crate::policy::TeachingViews;
use crate::policy::{End, Policy, Queue, StackEntry};
use crate::scenario::{err, Scenario, ScenarioError, Shape, Source, Topology};

/// Most requests one teaching run serves.
pub const MAX_TEACH_REQUESTS: usize = 1000;
/// Largest cache the stepper draws, in blocks.
pub const MAX_TEACH_CAPACITY: u64 = 64;
/// Most caches the stepper draws.
pub const MAX_TEACH_CACHES: usize = 12;
/// Largest block id a request or the start state may name.
pub const MAX_TEACH_BLOCK: Block = 999_999;
/// Largest range id a request may name (MC²'s own id for a client's rest lies above).
pub const MAX_TEACH_RANGE: u32 = 999_999;

/// One request of the stepper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeachRequest {
    /// The client (leaf) that issues it, by index.
    pub client: usize,
    pub block: Block,
    pub op: Op,
    /// A write's paper 004 hint (what TQ and the hint-aware policies order by); `None`: none.
    pub hint: Option<WriteHint>,
    /// Paper 002's range id, as an application names the range a block belongs to (MC² puts
    /// the block in that range's partitions); `None`: no hint (the client's rest).
    pub range: Option<u32>,
}

/// Where a request was served, as the stepper names levels: its client's own cache, a cache
/// above it, or the disk (writes, written through, report the cache above).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Client,
    Array,
    Disk,
}

/// Why a read went to the disk, judged against one LRU stack of every request so far (the start
/// lists count as earlier references: the root's first, the clients' last, each next victim
/// first). Let `d` be the read's stack distance — 1 + the distinct blocks referenced since its
/// block's previous reference — and `C` the sum of the capacities of the caches on its client's
/// path:
///
/// - `Cold`: the block was never referenced before (nor in any start list): no cache could
///   have held it.
/// - `Duplicate`: `d ≤ C`. Had the path's levels been exclusive — together one LRU cache of `C`
///   blocks, none held twice — the block would still have been there: the miss is the price of
///   the levels keeping copies of the same blocks. Paper 000's DEMOTE is the cure.
/// - `Capacity`: `d > C`: even the exclusive levels would have evicted it.
///
/// In a tree the stack is over every client's requests (the shared caches see them all). Writes
/// and hits get no label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum MissKind {
    Cold,
    Capacity,
    Duplicate,
}

/// One of a cache's lists as the stepper draws it: a policy's list ([`TeachingViews::queues`]), or
/// under MC² one of the cache's partitions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TeachQueue {
    /// The list's name as its paper gives it ("T1", "Q0"); a partition's: "range 2", "rest",
    /// and in the array with its owner: "range 2 · c1", "range 3 · shared".
    pub name: String,
    /// Remembered ids, not cached data.
    pub ghost: bool,
    /// Next victim first.
    pub blocks: Vec<Block>,
    /// Under MC², the partition this list is; `None` otherwise.
    pub partition: Option<PartitionView>,
}

/// An MC² partition (paper 002): the range it holds blocks of, whose it is, and its size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PartitionView {
    /// The range id the requests carry; `None`: the client's rest (references no hint covers).
    pub range: Option<u32>,
    /// The client (by name) whose partition it is; `None`: shared by the clients hinting its range.
    pub owner: Option<String>,
    /// The size Karma's allocation gave it, in blocks (revision 2's free space may hold more).
    pub size: u32,
    /// The scanning sharers' copies kept below a shared partition, in the array's free space
    /// (paper 002 §3.3; revision 2): evicted before the partition's own blocks.
    pub copies: bool,
}

impl From<Queue> for TeachQueue {
    fn from(q: Queue) -> Self {
        Self { name: q.name.to_string(), ghost: q.ghost, blocks: q.blocks, partition: None }
    }
}

/// One cache's lists, and its running tally.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CacheView {
    pub name: String,
    pub parent: Option<usize>,
    /// Its lists ([`TeachingViews::queues`]: resident lists first, then ghosts), or under MC² its
    /// partitions: a client's in its range order, the array's in the global stack's order.
    pub queues: Vec<TeachQueue>,
    /// The recency stack its policy orders blocks by beside those lists ([`TeachingViews::stack`]:
    /// LIRS's S, bottom first); `None` for a policy without one.
    pub stack: Option<Vec<StackEntry>>,
    /// Read lookups so far that this cache answered, and that it passed on (the engine's counters).
    pub hits: u64,
    pub misses: u64,
}

/// The hierarchy after one request (or at the start).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TeachStep {
    /// The request just served (`None` for the starting state).
    pub block: Option<Block>,
    pub op: Option<Op>,
    /// A write's paper 004 hint, as the request carried it; `None` for a read or a plain write.
    pub hint: Option<WriteHint>,
    /// Its client, by index.
    pub client: Option<usize>,
    /// Where it was served; `None` for the start.
    pub level: Option<Level>,
    /// The cache that served it (its name), or "disk".
    pub served_by: Option<String>,
    /// What the request cost (0 for the start).
    pub latency_ms: f64,
    /// Every cache's lists, in the topology's order.
    pub caches: Vec<CacheView>,
    /// Running totals so far: DEMOTEs sent, and read requests that needed the disk.
    pub demotions: u64,
    pub disk_reads: u64,
    /// For a read served by the disk, why it missed; `None` otherwise.
    pub miss: Option<MissKind>,
    /// Its LRU stack distance (see [`MissKind`]), and the path's capacity it is judged against;
    /// `None` for the start, a write, or a block never referenced before.
    pub distance: Option<u64>,
    pub path_capacity: Option<u64>,
}

/// The caches' contents before the first request, by cache name, each next victim first.
pub type Start = BTreeMap<String, Vec<Block>>;

/// Parses `{"client": […], "array": […]}` (any cache by name; any may be left out).
pub fn start_from_json(text: &str) -> Result<Start, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    if !value.is_object() {
        return Err(format!(r#"expected an object {{"client": […], "array": […]}} (got {value})"#));
    }
    serde_path_to_error::deserialize(value).map_err(|e| match e.path().to_string() {
        path if path == "." => e.inner().to_string(),
        path => format!("{path}: {}", e.inner()),
    })
}

/// Parses the stepper's requests: a JSON array whose items are a block id (a read by the first
/// client), a `[block, op]` pair, a `[block, op, client]` triple, a `[block, op, client, range]`
/// quadruple or `{"block", "op", "client", "range"}` (the client by leaf name or index; the
/// range, paper 002's id of the range the block belongs to, for MC²). The op is "read",
/// "write", or a write with its paper 004 hint: "synch", "replace" or "recov". Errors name the
/// item.
pub fn requests_from_json(text: &str, shape: &Shape) -> Result<Vec<TeachRequest>, String> {
    use serde_json::Value;
    const ITEM: &str = r#"a block id, [block, "read" | "write"], [block, op, client], [block, op, client, range] or {"block", "op", "client", "range"}"#;
    const OPS: &str = r#""read", "write", or a hinted write: "synch", "replace" or "recov""#;
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let Value::Array(items) = value else {
        return Err(format!("expected an array of requests, each {ITEM}"));
    };
    let block = |at: &str, v: &Value| match v.as_u64() {
        Some(b) if b <= MAX_TEACH_BLOCK as u64 => Ok(b as Block),
        _ => Err(format!("{at}: the block must be a whole number from 0 to {MAX_TEACH_BLOCK} (got {v})")),
    };
    let op = |at: &str, v: Option<&Value>| match v.map(|v| v.as_str()) {
        None | Some(Some("read")) => Ok((Op::Read, None)),
        Some(Some("write")) => Ok((Op::Write, None)),
        Some(Some("synch")) => Ok((Op::Write, Some(WriteHint::Synch))),
        Some(Some("replace")) => Ok((Op::Write, Some(WriteHint::Replace))),
        Some(Some("recov")) => Ok((Op::Write, Some(WriteHint::Recov))),
        Some(_) => Err(format!("{at}: the operation must be {OPS} (got {})", v.expect("some"))),
    };
    let client = |at: &str, v: Option<&Value>| match v {
        None => Ok(0),
        Some(Value::Number(n)) => match n.as_u64() {
            Some(c) if (c as usize) < shape.clients() => Ok(c as usize),
            _ => Err(format!("{at}: the topology has {} clients, numbered from 0 (got {n})", shape.clients())),
        },
        Some(Value::String(name)) => {
            shape.leaf_named(name).ok_or_else(|| format!("{at}: \"{name}\" is not a client (a leaf) of the topology"))
        }
        Some(v) => Err(format!("{at}: a client is a leaf's name or index (got {v})")),
    };
    let range = |at: &str, v: Option<&Value>| match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64() {
            Some(r) if r <= MAX_TEACH_RANGE as u64 => Ok(Some(r as u32)),
            _ => Err(format!("{at}: a range id is a whole number from 0 to {MAX_TEACH_RANGE} (got {v})")),
        },
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::Number(_) => Ok(TeachRequest {
                client: 0,
                block: block(&format!("[{i}]"), item)?,
                op: Op::Read,
                hint: None,
                range: None,
            }),
            Value::Array(a) if (2..=4).contains(&a.len()) => {
                let (op, hint) = op(&format!("[{i}][1]"), Some(&a[1]))?;
                Ok(TeachRequest {
                    block: block(&format!("[{i}][0]"), &a[0])?,
                    op,
                    hint,
                    client: client(&format!("[{i}][2]"), a.get(2))?,
                    range: range(&format!("[{i}][3]"), a.get(3))?,
                })
            }
            Value::Object(o) => {
                if let Some(k) = o.keys().find(|k| !["block", "op", "client", "range"].contains(&k.as_str())) {
                    return Err(format!("[{i}].{k}: unknown field (expected block, op, client, range)"));
                }
                let b = o.get("block").ok_or_else(|| format!("[{i}].block: missing"))?;
                let (op, hint) = op(&format!("[{i}].op"), o.get("op"))?;
                Ok(TeachRequest {
                    block: block(&format!("[{i}].block"), b)?,
                    op,
                    hint,
                    client: client(&format!("[{i}].client"), o.get("client"))?,
                    range: range(&format!("[{i}].range"), o.get("range"))?,
                })
            }
            _ => Err(format!("[{i}]: expected {ITEM} (got {item})")),
        })
        .collect()
}

/// Why the stepper cannot serve `scenario` at all (a trace, too many caches, an offline policy,
/// a cache too big to draw), before any request: the scenario's shape when it can. The page asks
/// this as one types; [`teach`] makes the same checks first.
pub fn check(scenario: &Scenario) -> Result<Shape, ScenarioError> {
    // Refused whatever the rest says, so before the scenario's own checks.
    if let Source::Trace(_) = scenario.source {
        return Err(err(
            "source",
            "the teaching stepper serves its own list of requests, not a trace: remove the trace",
        ));
    }
    let shape = scenario.validate_shape()?;
    if shape.nodes.len() > MAX_TEACH_CACHES {
        return Err(err(
            "topology.caches",
            format!("the teaching stepper draws at most {MAX_TEACH_CACHES} caches (got {})", shape.nodes.len()),
        ));
    }
    for node in &shape.nodes {
        let policy = &node.cache.policy;
        if policy.is_offline() {
            return Err(err(
                format!("{}.policy", node.path),
                format!(
                    "{} is offline: it must know every request in advance, and the stepper serves them one at a time",
                    policy.name()
                ),
            ));
        }
        let blocks = node.cache.capacity.in_blocks(scenario.block_size);
        if blocks > MAX_TEACH_CAPACITY {
            return Err(err(
                format!("{}.capacity", node.path),
                format!("the teaching stepper draws caches of at most {MAX_TEACH_CAPACITY} blocks (got {blocks})"),
            ));
        }
    }
    Ok(shape)
}

/// Serves `requests` one at a time from `start` and returns `requests.len() + 1` steps: the
/// start, then the state after each request. Errors name the scenario field, `requests`, or
/// `start.<cache>` (with the item's index).
pub fn teach(scenario: &Scenario, requests: &[TeachRequest], start: &Start) -> Result<Vec<TeachStep>, ScenarioError> {
    let shape = check(scenario)?;
    if requests.len() > MAX_TEACH_REQUESTS {
        return Err(err(
            "requests",
            format!("the teaching stepper serves at most {MAX_TEACH_REQUESTS} requests (got {})", requests.len()),
        ));
    }
    if let Some((i, r)) =
        requests.iter().enumerate().find(|(_, r)| r.block > MAX_TEACH_BLOCK || r.client >= shape.clients())
    {
        let what = if r.block > MAX_TEACH_BLOCK {
            format!("block ids go up to {MAX_TEACH_BLOCK} (got {})", r.block)
        } else {
            format!("the topology has {} clients (got client {})", shape.clients(), r.client)
        };
        return Err(err(format!("requests[{i}]"), what));
    }
    // Start lists by cache: `client` also names a single cache.
    let single = matches!(scenario.topology, Topology::Single { .. });
    let mut fills: Vec<(usize, String, &Vec<Block>)> = Vec::new();
    for (name, blocks) in start {
        let i = shape.nodes.iter().position(|n| &n.name == name).or_else(|| (single && name == "client").then_some(0));
        let Some(i) = i else {
            let names: Vec<&str> = shape.nodes.iter().map(|n| n.name.as_str()).collect();
            return Err(err(
                format!("start.{name}"),
                format!("no cache is named \"{name}\" (the caches: {})", names.join(", ")),
            ));
        };
        if let Some((k, b)) = blocks.iter().enumerate().find(|&(_, &b)| b > MAX_TEACH_BLOCK) {
            return Err(err(format!("start.{name}[{k}]"), format!("block ids go up to {MAX_TEACH_BLOCK} (got {b})")));
        }
        fills.push((i, format!("start.{name}"), blocks));
    }
    let universe =
        requests.iter().map(|r| r.block).chain(start.values().flatten().copied()).max().map_or(1, |b| b as usize + 1);
    let workloads = scenario.client_workloads(&shape);
    let mc2_view = |c: usize| match &workloads {
        Some(w) => (w[c].range_hints(), universe as u64),
        None => (Vec::new(), universe as u64),
    };
    // The stepper's clients name the same blocks ("c1:A" and "c2:A" are one block A), so a
    // range id two clients hint is one range: MC²'s shared partitions (paper 002 §3.3).
    let mut h = super::build_hierarchy(scenario, &shape, universe, &mc2_view, true, None, false, None)?;
    if matches!(scenario.protocol, Protocol::Mc2 { .. }) && !fills.iter().all(|f| f.2.is_empty()) {
        return Err(err("start", "MC² keeps its own partitions: start its caches empty"));
    }
    for (i, path, blocks) in &fills {
        fill(path, h.cache_mut(*i), blocks)?;
    }
    // The LRU stack the misses are judged by, least recent first: the start lists, the root's first.
    let mut stack = Stack::default();
    let mut order: Vec<usize> = (0..shape.nodes.len()).collect();
    order.sort_by_key(|&i| shape.depth(i));
    for i in order {
        if let Some((_, _, blocks)) = fills.iter().find(|f| f.0 == i) {
            for &b in blocks.iter() {
                stack.touch(b);
            }
        }
    }
    let mut steps = Vec::with_capacity(requests.len() + 1);
    steps.push(step(&h, &shape, None, None, 0));
    for r in requests {
        let distance = stack.touch(r.block);
        let (deepest, latency) = h.serve_blocks(
            r.client,
            Meta { write_hint: r.hint, range: r.range, ..Meta::op(r.op) },
            r.block..r.block + 1,
        );
        let mut s = step(&h, &shape, Some(*r), Some(deepest), latency);
        if r.op == Op::Read {
            let capacity: u64 = h.path(r.client).iter().map(|&c| h.cache_size(c).1 as u64).sum();
            s.distance = distance;
            s.path_capacity = Some(capacity);
            if s.level == Some(Level::Disk) {
                s.miss = Some(match distance {
                    None => MissKind::Cold,
                    Some(d) if d <= capacity => MissKind::Duplicate,
                    Some(_) => MissKind::Capacity,
                });
            }
        }
        steps.push(s);
    }
    Ok(steps)
}

/// An LRU stack of block ids, least recent first (at most a thousand requests: a scan is plenty).
#[derive(Default)]
struct Stack(Vec<Block>);

impl Stack {
    /// Makes `b` the most recent; returns its stack distance before (1 = it was the most recent),
    /// or `None` if it was never referenced.
    fn touch(&mut self, b: Block) -> Option<u64> {
        let at = self.0.iter().rposition(|&x| x == b);
        let distance = at.map(|i| (self.0.len() - i) as u64);
        if let Some(i) = at {
            self.0.remove(i);
        }
        self.0.push(b);
        distance
    }
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

/// Cache `i`'s lists: its policy's, or under MC² its partitions.
fn lists(h: &Hierarchy, shape: &Shape, i: usize) -> (Vec<TeachQueue>, Option<Vec<StackEntry>>) {
    let Some(mc2) = h.mc2() else {
        let mut queues = Vec::new();
        h.cache(i).queues(&mut queues);
        let mut stack = Vec::new();
        let has = h.cache(i).stack(&mut stack);
        return (queues.into_iter().map(TeachQueue::from).collect(), has.then_some(stack));
    };
    let client = |c: u16| shape.nodes[shape.leaves[c as usize]].name.clone();
    let mut queues = Vec::new();
    let mut push = |p: PartitionList, in_array: bool| {
        let range = (p.range != mc2::REST).then_some(p.range);
        let what = range.map_or("rest".to_string(), |r| format!("range {r}"));
        // The copies below a shared partition go first: they are its next victims.
        if let Some(copies) = p.copies.filter(|c| !c.is_empty()) {
            queues.push(TeachQueue {
                name: format!("{what} · scan copies"),
                ghost: false,
                blocks: copies,
                partition: Some(PartitionView { range, owner: None, size: 0, copies: true }),
            });
        }
        // An array partition Karma gives no space and free space has not filled is not drawn
        // (nor copies before there are any).
        if in_array && p.size == 0 && p.blocks.is_empty() {
            return;
        }
        let name = match (in_array, p.owner) {
            (false, _) => what,
            (true, Some(c)) => format!("{what} · {}", client(c)),
            (true, None) => format!("{what} · shared"),
        };
        let partition = PartitionView { range, owner: p.owner.map(client), size: p.size, copies: false };
        queues.push(TeachQueue { name, ghost: false, blocks: p.blocks, partition: Some(partition) });
    };
    match shape.leaves.iter().position(|&l| l == i) {
        Some(c) => mc2.client_lists(c).into_iter().for_each(|p| push(p, false)),
        None => mc2.array_lists().into_iter().for_each(|p| push(p, true)),
    }
    (queues, None)
}

fn step(h: &Hierarchy, shape: &Shape, r: Option<TeachRequest>, deepest: Option<usize>, latency_ns: u64) -> TeachStep {
    let caches = (0..h.caches())
        .map(|i| {
            let (queues, stack) = lists(h, shape, i);
            let counters = h.cache_counters(i);
            CacheView {
                name: shape.nodes[i].name.clone(),
                parent: shape.nodes[i].parent,
                queues,
                stack,
                hits: counters.hits,
                misses: counters.misses,
            }
        })
        .collect();
    let (level, served_by) = match (r, deepest) {
        (Some(r), Some(d)) => {
            let path = h.path(r.client);
            let level = if d == 0 {
                Level::Client
            } else if d == path.len() {
                Level::Disk
            } else {
                Level::Array
            };
            let by = if d == path.len() { "disk".to_string() } else { shape.nodes[path[d]].name.clone() };
            (Some(level), Some(by))
        }
        _ => (None, None),
    };
    let (mut demotions, mut disk_reads) = (0, 0);
    for i in 0..h.caches() {
        demotions += h.cache_counters(i).demotions_in;
    }
    for c in 0..h.clients() {
        disk_reads += h.client_counters(c).disk_reads;
    }
    TeachStep {
        block: r.map(|r| r.block),
        op: r.map(|r| r.op),
        hint: r.and_then(|r| r.hint),
        client: r.map(|r| r.client),
        level,
        served_by,
        latency_ms: latency_ns as f64 / 1e6,
        caches,
        demotions,
        disk_reads,
        miss: None,
        distance: None,
        path_capacity: None,
    }
}

#[cfg(test)]
mod tests;
