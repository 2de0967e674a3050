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
//! A request may carry its object's size in bytes ([`TeachRequest::bytes`]): the walk is then one
//! of objects of any size, as a trace read as objects is — a cache whose capacity is in bytes
//! counts the bytes of its copies (evicting until a newcomer fits, never admitting an object
//! larger than itself), a cache in blocks counts objects. An object's size is the one its
//! request gives, or the last one a request of it gave, or the first one a later request gives
//! (the start lists take that one), or else the scenario's block size. Each step then carries
//! the request's size, each cache's bytes in use and each copy's size, and a GDSF cache its
//! priorities H and its inflation value L.
//!
//! Limits keep every step drawable: at most [`MAX_TEACH_REQUESTS`] requests, [`MAX_TEACH_CACHES`]
//! caches of at most [`MAX_TEACH_CAPACITY`] blocks, block ids up to [`MAX_TEACH_BLOCK`]. Traces
//! are refused, and so is an offline policy (MIN, which must know every request its cache will
//! see) anywhere but in a client's own cache, whose requests are the walk's.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::hierarchy::protocol::mc2::{self, PartitionList};
use crate::hierarchy::{Hierarchy, Meta, Protocol};
use crate::model::{Block, Op, WriteHint};
#[cfg(doc)]
use crate::policy::TeachingViews;
use crate::policy::{End, Policy, Queue, StackEntry};
use crate::scenario::{err, Scenario, ScenarioError, Shape, Source, Topology};
use crate::trace::MAX_OBJECT_BYTES;

mod events;
pub use events::TeachEvent;

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
    /// The object's size in bytes; `None`: the size its other requests give (see the module).
    pub bytes: Option<u64>,
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
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    /// In a cache counted in bytes, each block's copy's bytes (as `blocks`); `None` otherwise.
    #[cfg_attr(feature = "ts", ts(optional, type = "Array<number>"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sizes: Option<Vec<u64>>,
    /// Under a policy that orders by a priority (GDSF's H), each block's (as `blocks`).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priorities: Option<Vec<f64>>,
    /// Under a policy with per-block counts ([`CacheView::mark`]: CLOCK's reference bits), each
    /// block's (as `blocks`); `None` otherwise and for a ghost list.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<Vec<u32>>,
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
        Self {
            name: q.name.to_string(),
            ghost: q.ghost,
            blocks: q.blocks,
            partition: None,
            sizes: None,
            priorities: None,
            marks: None,
        }
    }
}

/// One cache's lists, and its running tally.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CacheView {
    pub name: String,
    pub parent: Option<usize>,
    /// Its policy's short name, as in scenarios ("arc", "lirs"), or "mc2" under MC².
    pub policy: String,
    /// Its lists ([`TeachingViews::queues`]: resident lists first, then ghosts), or under MC² its
    /// partitions: a client's in its range order, the array's in the global stack's order.
    pub queues: Vec<TeachQueue>,
    /// The recency stack its policy orders blocks by beside those lists ([`TeachingViews::stack`]:
    /// LIRS's S, bottom first); `None` for a policy without one.
    pub stack: Option<Vec<StackEntry>>,
    /// Read lookups so far that this cache answered, and that it passed on (the engine's counters).
    pub hits: u64,
    pub misses: u64,
    /// A cache counted in bytes (a sized walk): its capacity and the bytes its copies take.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<CacheBytesView>,
    /// What its priorities are measured against (GDSF's inflation value L), if it has them.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inflation: Option<f64>,
    /// In a sized walk, the bytes of the read lookups so far that this cache answered, and that
    /// it passed on (its byte hit ratio is the first over both).
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_hits: Option<u64>,
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_misses: Option<u64>,
    /// The number its policy steers by (ARC's target size p for T1), if it has one.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<TeachTarget>,
    /// The name of its policy's per-block counts ([`TeachQueue::marks`]: "ref" for CLOCK's
    /// reference bits, "freq" for S3-FIFO's, "f" for MQ's), if it keeps some.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
}

/// A number a policy steers by, and its name (ARC's "p").
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TeachTarget {
    pub name: String,
    pub value: f64,
}

/// A cache counted in bytes, as a step leaves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CacheBytesView {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub capacity: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub used: u64,
    /// Objects so far larger than the whole cache, never admitted.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub too_large: u64,
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
    /// In a sized walk, the request's object's size in bytes.
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
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
    /// Whether `distance` and `path_capacity` count bytes (a sized walk whose caches on the
    /// request's path are all in bytes: the distance is then the bytes of the distinct objects
    /// referenced since, its own included); else they count blocks (objects).
    pub in_bytes: bool,
    /// What each cache's policy decided serving this request, cache by cache ([`TeachEvent`]);
    /// empty at the start.
    pub events: Vec<TeachEvent>,
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
                bytes: None,
            }),
            Value::Array(a) if (2..=4).contains(&a.len()) => {
                let (op, hint) = op(&format!("[{i}][1]"), Some(&a[1]))?;
                Ok(TeachRequest {
                    block: block(&format!("[{i}][0]"), &a[0])?,
                    op,
                    hint,
                    client: client(&format!("[{i}][2]"), a.get(2))?,
                    range: range(&format!("[{i}][3]"), a.get(3))?,
                    bytes: None,
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
                    bytes: None,
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
    let shape = scenario.validate_for_walk()?;
    if shape.nodes.len() > MAX_TEACH_CACHES {
        return Err(err(
            "topology.caches",
            format!("the teaching stepper draws at most {MAX_TEACH_CACHES} caches (got {})", shape.nodes.len()),
        ));
    }
    for (i, node) in shape.nodes.iter().enumerate() {
        let policy = &node.cache.policy;
        if policy.is_offline() && !shape.leaves.contains(&i) {
            return Err(err(
                format!("{}.policy", node.path),
                format!(
                    "{} is offline: it must know every request its cache will see, and in the stepper only a client's own cache does (its requests are the walk's)",
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
    if let Some((i, b)) = requests
        .iter()
        .enumerate()
        .find_map(|(i, r)| r.bytes.filter(|b| !(1..=MAX_OBJECT_BYTES).contains(b)).map(|b| (i, b)))
    {
        return Err(err(
            format!("requests[{i}].bytes"),
            format!("an object's size is from 1 to {MAX_OBJECT_BYTES} bytes (got {b})"),
        ));
    }
    let sizes = Sizes::of(requests, scenario.block_size as u64);
    if sizes.is_some() {
        scenario.check_sized_caches(&shape)?;
    } else {
        scenario.check_walk_in_blocks(&shape)?;
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
    // An offline policy (MIN) sits only in a client's own cache (see `check`): the references it
    // will see are its client's requests, which the stepper has in full.
    let refs: Vec<Vec<(Block, Op)>> = (0..shape.nodes.len())
        .map(|i| match shape.leaves.iter().position(|&l| l == i) {
            Some(c) => requests.iter().filter(|r| r.client == c).map(|r| (r.block, r.op)).collect(),
            None => Vec::new(),
        })
        .collect();
    let mut h =
        super::build_hierarchy(scenario, &shape, universe, &mc2_view, true, Some(&refs), false, None, sizes.is_some())?;
    if matches!(scenario.protocol, Protocol::Mc2 { .. }) && !fills.iter().all(|f| f.2.is_empty()) {
        return Err(err("start", "MC² keeps its own partitions: start its caches empty"));
    }
    if let Some(sizes) = &sizes {
        check_drawable(&h, &shape, sizes)?;
    }
    for (i, path, blocks) in &fills {
        fill(path, h.cache_mut(*i), blocks, sizes.as_ref())?;
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
    let mut sizes = sizes;
    let mut steps = Vec::with_capacity(requests.len() + 1);
    steps.push(step(&h, &shape, None, None, 0));
    for r in requests {
        let bytes = sizes.as_mut().map(|s| s.request(r));
        let byte_distance = sizes.as_ref().and_then(|s| stack.bytes_since(r.block, s.now(r.block), |b| s.now(b)));
        let distance = stack.touch(r.block);
        let (deepest, latency) = h.serve_blocks(
            r.client,
            Meta { write_hint: r.hint, range: r.range, bytes: bytes.unwrap_or(0), ..Meta::op(r.op) },
            r.block..r.block + 1,
        );
        let mut s = step(&h, &shape, Some(*r), Some(deepest), latency);
        s.bytes = bytes;
        let at = steps.len();
        // An evicted block's next request: the first at a later step (request k is step k + 1).
        let next_use = |b: Block| requests[at..].iter().position(|q| q.block == b).map(|k| at + 1 + k);
        let before: &TeachStep = steps.last().expect("the start is pushed first");
        for (i, (b, a)) in before.caches.iter().zip(&s.caches).enumerate() {
            events::diff(i, b, a, next_use, &mut s.events);
        }
        if r.op == Op::Read {
            // Judged in bytes where every cache on the path counts bytes, in blocks where none does.
            let path = h.path(r.client);
            let budgets: Vec<_> = path.iter().filter_map(|&c| h.cache(c).bytes()).collect();
            let judged = match (&sizes, budgets.len()) {
                (Some(sizes), n) if n == path.len() => {
                    Some((byte_distance, budgets.iter().map(|b| b.capacity).sum(), true))
                }
                (_, 0) => Some((distance, path.iter().map(|&c| h.cache_size(c).1 as u64).sum(), false)),
                _ => None,
            };
            if let Some((d, capacity, in_bytes)) = judged {
                s.distance = d;
                s.path_capacity = Some(capacity);
                s.in_bytes = in_bytes;
            }
            if s.level == Some(Level::Disk) {
                s.miss = match (distance, judged) {
                    (None, _) => Some(MissKind::Cold),
                    (Some(_), Some((Some(d), capacity, _))) if d <= capacity => Some(MissKind::Duplicate),
                    (Some(_), Some(_)) => Some(MissKind::Capacity),
                    // A path of caches in bytes and in objects has no one measure to judge by.
                    (Some(_), None) => None,
                };
            }
        }
        steps.push(s);
    }
    Ok(steps)
}

/// A sized walk's object sizes (see the module): each object's size now, and the size a later
/// request first gives an object not yet asked for.
struct Sizes {
    now: BTreeMap<Block, u64>,
    block_bytes: u64,
    /// The smallest object any request asks for.
    smallest: u64,
}

impl Sizes {
    /// The sizes of a walk whose requests carry some; `None` when none does (a walk of blocks).
    fn of(requests: &[TeachRequest], block_bytes: u64) -> Option<Self> {
        requests.iter().any(|r| r.bytes.is_some()).then(|| {
            let mut now = BTreeMap::new();
            for r in requests {
                if let Some(b) = r.bytes {
                    now.entry(r.block).or_insert(b);
                }
            }
            // Every size a request resolves to is one typed, or the block size for an object
            // never given one.
            let untyped = requests.iter().any(|r| !now.contains_key(&r.block));
            let typed = requests.iter().filter_map(|r| r.bytes);
            let smallest = typed.chain(untyped.then_some(block_bytes)).min().unwrap_or(block_bytes);
            Self { now, block_bytes, smallest }
        })
    }

    /// The size of `block`'s object now.
    fn now(&self, block: Block) -> u64 {
        self.now.get(&block).copied().unwrap_or(self.block_bytes)
    }

    /// The size `r` asks for: its own, which its object then has, or the object's.
    fn request(&mut self, r: &TeachRequest) -> u64 {
        match r.bytes {
            Some(b) => {
                self.now.insert(r.block, b);
                b
            }
            None => self.now(r.block),
        }
    }

    fn smallest(&self) -> u64 {
        self.smallest
    }
}

/// A cache in bytes could hold more objects than the stepper draws: refused, naming it.
fn check_drawable(h: &Hierarchy, shape: &Shape, sizes: &Sizes) -> Result<(), ScenarioError> {
    let smallest = sizes.smallest();
    for (i, node) in shape.nodes.iter().enumerate() {
        let Some(budget) = h.cache(i).bytes() else { continue };
        let most = budget.capacity / smallest;
        if most > MAX_TEACH_CAPACITY {
            return Err(err(
                format!("{}.capacity", node.path),
                format!(
                    "{} bytes would hold {most} objects of {smallest} bytes (the smallest here); the teaching stepper draws caches of at most {MAX_TEACH_CAPACITY}: give it at most {} bytes",
                    budget.capacity,
                    smallest * MAX_TEACH_CAPACITY
                ),
            ));
        }
    }
    Ok(())
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

    /// Before [`Stack::touch`] of `b`: `own` (its size now) and the bytes of the distinct blocks
    /// referenced since its previous reference, each at `size`; `None` if it was never referenced.
    fn bytes_since(&self, b: Block, own: u64, size: impl Fn(Block) -> u64) -> Option<u64> {
        let at = self.0.iter().rposition(|&x| x == b)?;
        Some(own + self.0[at + 1..].iter().map(|&x| size(x)).sum::<u64>())
    }
}

/// Puts the start blocks into a cache, each at its "eject me last" end, so the first listed is
/// the next victim (in a sized walk, each object at its size). A list the cache cannot hold as
/// given is refused rather than cut.
fn fill(path: &str, cache: &mut dyn Policy, blocks: &[Block], sizes: Option<&Sizes>) -> Result<(), ScenarioError> {
    if blocks.len() > cache.capacity() {
        return Err(err(path, format!("lists {} blocks, but the cache holds {}", blocks.len(), cache.capacity())));
    }
    if let (Some(sizes), Some(budget)) = (sizes, cache.bytes()) {
        let bytes: u64 = blocks.iter().map(|&b| sizes.now(b)).sum();
        if bytes > budget.capacity {
            return Err(err(
                path,
                format!("lists objects of {bytes} bytes in all, but the cache holds {} bytes", budget.capacity),
            ));
        }
    }
    let mut evicted = Vec::new();
    for (i, &b) in blocks.iter().enumerate() {
        if cache.contains(b) {
            return Err(err(format!("{path}[{i}]"), format!("block {b} is listed twice")));
        }
        match sizes {
            Some(sizes) => cache.insert_sized(b, sizes.now(b), End::EjectLast, &mut evicted),
            None => cache.insert(b, End::EjectLast, &mut evicted),
        }
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
        let cache = h.cache(i);
        let mut queues = Vec::new();
        cache.queues(&mut queues);
        let mut stack = Vec::new();
        let has = cache.stack(&mut stack);
        let in_bytes = cache.bytes().is_some();
        let queues = queues
            .into_iter()
            .map(|q| {
                let mut priorities = Vec::new();
                let ranked = (!q.ghost).then(|| cache.priorities(&q.blocks, &mut priorities)).flatten().is_some();
                let sizes = (in_bytes && !q.ghost)
                    .then(|| q.blocks.iter().map(|&b| cache.copy_bytes(b).unwrap_or(0)).collect());
                let mut marks = Vec::new();
                let marked = (!q.ghost).then(|| cache.marks(&q.blocks, &mut marks)).flatten().is_some();
                TeachQueue {
                    sizes,
                    priorities: ranked.then_some(priorities),
                    marks: marked.then_some(marks),
                    ..TeachQueue::from(q)
                }
            })
            .collect();
        return (queues, has.then_some(stack));
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
                sizes: None,
                priorities: None,
                marks: None,
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
        queues.push(TeachQueue {
            name,
            ghost: false,
            blocks: p.blocks,
            partition: Some(partition),
            sizes: None,
            priorities: None,
            marks: None,
        });
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
            let cache = h.cache(i);
            let bytes = (h.mc2().is_none()).then(|| cache.bytes()).flatten().map(|b| CacheBytesView {
                capacity: b.capacity,
                used: b.used,
                too_large: b.too_large,
            });
            let inflation = h.mc2().is_none().then(|| cache.priorities(&[], &mut Vec::new())).flatten();
            let plain = h.mc2().is_none();
            let target = plain
                .then(|| cache.target())
                .flatten()
                .map(|(name, value)| TeachTarget { name: name.to_string(), value });
            let mark = plain.then(|| cache.marks(&[], &mut Vec::new())).flatten().map(str::to_string);
            CacheView {
                name: shape.nodes[i].name.clone(),
                parent: shape.nodes[i].parent,
                policy: if plain { cache.name().to_string() } else { "mc2".to_string() },
                target,
                mark,
                queues,
                stack,
                hits: counters.hits,
                misses: counters.misses,
                bytes,
                inflation,
                byte_hits: h.sized().then_some(h.cache_bytes(i).0.hits),
                byte_misses: h.sized().then_some(h.cache_bytes(i).0.misses),
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
        bytes: None,
        level,
        served_by,
        latency_ms: latency_ns as f64 / 1e6,
        caches,
        demotions,
        disk_reads,
        miss: None,
        distance: None,
        path_capacity: None,
        in_bytes: false,
        events: Vec::new(),
    }
}

#[cfg(test)]
mod tests;
