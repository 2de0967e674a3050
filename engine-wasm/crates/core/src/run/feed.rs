//! Where a run's requests come from: one client's generator (a single cache or two levels,
//! seeded by the scenario's seed, as version 1's two-level engine did), per-client generators
//! (a tree's, related by the source's sharing), or a trace, whose clients drive the leaves in
//! the order they appear, all as one client (`merged`), or as the source maps them. A trace is
//! parsed whole, or streamed: then the feed holds its census and one batch at a time.

use std::sync::Arc;

use crate::hierarchy::prefetch::Successors;
use crate::hierarchy::{BlockAddresses, Meta};
use crate::model::{Block, RangeHint};
use crate::run::census::TraceCensus;
use crate::scenario::{err, Scenario, ScenarioError, Shape, Source, TraceSource};
use crate::trace::Trace;
use crate::workload::{ClientStreams, Sharing, Workload, WorkloadConfig};

pub(crate) enum Feed {
    One { workload: Box<dyn Workload>, config: WorkloadConfig },
    Streams { streams: ClientStreams, configs: Vec<WorkloadConfig>, sharing: Sharing },
    Trace(TraceFeed),
}

pub(crate) struct TraceFeed {
    /// The whole trace; or, streamed, the batch being replayed ([`TraceFeed::streamed`]).
    trace: Arc<Trace>,
    /// Streamed: the census the feed was built from (the trace is never held whole), and the
    /// empty trace the feed holds between batches.
    streamed: Option<(TraceCensus, Arc<Trace>)>,
    /// Per trace client id: its client (leaf) index.
    client_of: Vec<u16>,
    /// Per client: (warm-up, measured) requests and block references.
    phases: Vec<(u64, u64)>,
    references: Vec<u64>,
    /// The whole trace's block references and distinct blocks.
    block_refs: u64,
    distinct: usize,
    /// Replaying in the file's order: the next record (of the batch, streamed).
    next: usize,
    /// Per client: its records, and how far it has got (queueing: each client at its own pace).
    own: Vec<Vec<u32>>,
    cursor: Vec<usize>,
    /// The blocks' addresses, when a cache prefetches (each block's successor).
    addresses: Option<Arc<BlockAddresses>>,
    /// A request's bytes where the trace records none: a block's.
    block_bytes: u64,
}

/// The trace a run replays: parsed whole, or streamed batch by batch after a counting pass.
#[derive(Clone)]
pub enum TraceInput {
    Whole(Arc<Trace>),
    Streamed(TraceCensus),
}

impl TraceFeed {
    /// The census and the trace of `input`; streamed, an empty trace until the first batch.
    fn new(s: &Scenario, t: &TraceSource, shape: &Shape, input: TraceInput) -> Result<Self, ScenarioError> {
        let n = shape.clients();
        let per_client = s.queueing.is_some() && n > 1;
        let (census, trace, streamed) = match input {
            TraceInput::Whole(trace) => {
                let (warmup, _) = t.phases(trace.records.len() as u64);
                (TraceCensus::of(&trace, warmup), trace, false)
            }
            TraceInput::Streamed(census) => {
                if per_client {
                    return Err(err(
                        "queueing",
                        "with several clients each replays the trace at its own pace: the trace must be read whole",
                    ));
                }
                (census, Arc::new(Trace::default()), true)
            }
        };
        let addresses = match shape.nodes.iter().find(|n| n.cache.prefetch.is_some()) {
            None => None,
            Some(_) if !streamed => Some(Arc::new(BlockAddresses::new(&trace.raw))),
            Some(node) => match &census.addresses {
                Some(a) if a.len() as u64 == census.distinct => Some(Arc::clone(a)),
                _ => {
                    return Err(err(
                        format!("{}.prefetch", node.path),
                        "prefetching needs the trace's block addresses, which this streamed run's census did not keep: count it with them, or read the trace whole",
                    ))
                }
            },
        };
        let (client_of, _) = crate::scenario::source::assign_clients_in_order(&census.order(), &t.clients, shape)?;
        let (warmup, measured) = t.phases(census.requests);
        let mut phases = vec![(0u64, 0u64); n];
        let mut references = vec![0u64; n];
        for c in &census.clients {
            let leaf = client_of[c.id as usize] as usize;
            phases[leaf].0 += c.warmup;
            phases[leaf].1 += c.requests - c.warmup;
            references[leaf] += c.refs;
        }
        if n == 1 {
            // One client: its warm-up is the trace's, whatever boundary the census counted.
            phases[0] = (warmup, measured);
        } else if census.warmup_boundary.min(census.requests) != warmup {
            return Err(err(
                "source.warmupRequests",
                format!(
                    "the trace was counted with a warm-up of {} requests, not {warmup}: count it again",
                    census.warmup_boundary
                ),
            ));
        }
        let mut own = vec![Vec::new(); if per_client { n } else { 0 }];
        if per_client {
            for (i, r) in trace.records.iter().enumerate() {
                own[client_of[r.client as usize] as usize].push(i as u32);
            }
        }
        Ok(TraceFeed {
            block_bytes: s.block_size as u64,
            trace,
            client_of,
            phases,
            references,
            block_refs: census.block_refs,
            distinct: census.distinct as usize,
            streamed: streamed.then(|| (census, Arc::new(Trace::default()))),
            next: 0,
            cursor: vec![0; own.len()],
            own,
            addresses,
        })
    }

    /// The next batch of a streamed trace, replayed from its first request.
    pub(crate) fn begin_batch(&mut self, batch: &Arc<Trace>) {
        assert!(self.streamed.is_some(), "only a streamed run replays batches");
        self.trace = Arc::clone(batch);
        self.next = 0;
    }

    /// Lets go of the batch (its buffer goes back to the reader).
    pub(crate) fn end_batch(&mut self) {
        if let Some((_, empty)) = &self.streamed {
            self.trace = Arc::clone(empty);
            self.next = 0;
        }
    }

    fn input(&self) -> TraceInput {
        match &self.streamed {
            Some((census, _)) => TraceInput::Streamed(census.clone()),
            None => TraceInput::Whole(Arc::clone(&self.trace)),
        }
    }
}

/// One request: what it carries, and where its blocks are.
pub(crate) struct Req {
    pub meta: Meta,
    pub time_us: Option<f64>,
    at: At,
}

enum At {
    /// `nblocks` consecutive blocks from `block`.
    Range(Block, u32),
    /// A trace record.
    Record(usize),
}

/// A request's blocks, consecutive or as a trace lists them.
#[derive(Clone)]
pub(crate) enum Blocks<'a> {
    Range(std::ops::Range<Block>),
    Slice(std::iter::Copied<std::slice::Iter<'a, Block>>),
}

impl Iterator for Blocks<'_> {
    type Item = Block;

    #[inline]
    fn next(&mut self) -> Option<Block> {
        match self {
            Blocks::Range(r) => r.next(),
            Blocks::Slice(s) => s.next(),
        }
    }
}

impl Feed {
    pub fn new(s: &Scenario, shape: &Shape, trace: Option<TraceInput>) -> Result<Self, ScenarioError> {
        match (&s.source, trace) {
            (Source::Workload { workload, sharing, .. }, _) => {
                if s.per_client_streams() {
                    let configs = s.client_workloads(shape).expect("a workload source");
                    let streams = ClientStreams::new(&configs, *sharing, s.seed);
                    Ok(Feed::Streams { streams, configs, sharing: *sharing })
                } else {
                    Ok(Feed::One { workload: workload.build(s.seed), config: workload.clone() })
                }
            }
            (Source::Trace(t), Some(input)) => Ok(Feed::Trace(TraceFeed::new(s, t, shape, input)?)),
            (Source::Trace(t), None) => {
                Err(err("source", format!("the trace file \"{}\" is not loaded: read it first", t.name)))
            }
        }
    }

    /// The trace this feed replays (to build a run's next pass over it); `None` for generators.
    pub fn input(&self) -> Option<TraceInput> {
        match self {
            Feed::Trace(t) => Some(t.input()),
            _ => None,
        }
    }

    /// The trace feed, if this is one.
    pub fn trace_mut(&mut self) -> Option<&mut TraceFeed> {
        match self {
            Feed::Trace(t) => Some(t),
            _ => None,
        }
    }

    pub fn is_one(&self) -> bool {
        matches!(self, Feed::One { .. })
    }

    /// Client c's (warm-up, measured) requests.
    pub fn phases(&self, c: usize) -> (u64, u64) {
        match self {
            Feed::One { config, .. } => config.phases(),
            Feed::Streams { streams, .. } => streams.phases(c),
            Feed::Trace(t) => t.phases[c],
        }
    }

    /// Block references client c makes in the whole run.
    pub fn client_references(&self, c: usize, phases: &[(u64, u64)]) -> u64 {
        match self {
            Feed::One { config, .. } => (phases[c].0 + phases[c].1).saturating_mul(config.request_blocks() as u64),
            Feed::Streams { configs, .. } => {
                (phases[c].0 + phases[c].1).saturating_mul(configs[c].request_blocks() as u64)
            }
            Feed::Trace(t) => t.references[c],
        }
    }

    /// Block references the whole run makes.
    pub fn references(&self, phases: &[(u64, u64)]) -> u64 {
        match self {
            Feed::Trace(t) => t.block_refs,
            _ => (0..phases.len()).map(|c| self.client_references(c, phases)).fold(0, u64::saturating_add),
        }
    }

    /// Block ids are `0..universe` (caches size their indices from it).
    pub fn universe(&self) -> usize {
        match self {
            Feed::One { workload, .. } => workload.universe(),
            Feed::Streams { streams, .. } => streams.universe(),
            Feed::Trace(t) => t.distinct.max(1),
        }
    }

    /// The successors of blocks in this source's address space (prefetching): a generator's ids
    /// are addresses; a trace's go through its addresses' table.
    pub(crate) fn successors(&self) -> Successors {
        match self {
            Feed::Trace(TraceFeed { addresses: Some(a), .. }) => Successors::trace(Arc::clone(a)),
            _ => Successors::linear(self.universe()),
        }
    }

    /// In the additive model, the client whose request comes next when the source fixes the
    /// order (one client; a trace in its own order); `None`: the clients take turns.
    #[inline]
    pub fn next_client(&self) -> Option<usize> {
        match self {
            Feed::One { .. } => Some(0),
            Feed::Streams { .. } => None,
            Feed::Trace(t) if t.own.is_empty() => {
                t.trace.records.get(t.next).map(|r| t.client_of[r.client as usize] as usize)
            }
            Feed::Trace(_) => None,
        }
    }

    /// Client c's next request; `None` once its stream ends.
    #[inline]
    pub fn next(&mut self, c: usize) -> Option<Req> {
        match self {
            Feed::One { workload, .. } => workload.next_request().map(|r| Req {
                meta: Meta::of(&r),
                time_us: r.time_us,
                at: At::Range(r.block, r.nblocks),
            }),
            Feed::Streams { streams, .. } => streams.next(c).map(|r| Req {
                meta: Meta::of(&r),
                time_us: r.time_us,
                at: At::Range(r.block, r.nblocks),
            }),
            Feed::Trace(t) => {
                let i = if t.own.is_empty() {
                    let i = t.next;
                    let r = t.trace.records.get(i)?;
                    debug_assert_eq!(t.client_of[r.client as usize] as usize, c, "replayed in the file's order");
                    t.next += 1;
                    i
                } else {
                    let i = *t.own[c].get(t.cursor[c])? as usize;
                    t.cursor[c] += 1;
                    i
                };
                let r = &t.trace.records[i];
                // Its size, when the trace keeps them (read as objects), else a block's.
                let bytes = t.trace.sizes.get(i).copied().unwrap_or(t.block_bytes);
                let meta = Meta { op: r.op, write_hint: r.write_hint, range: r.range(), importance: None, bytes };
                Some(Req { meta, time_us: r.time_us(), at: At::Record(i) })
            }
        }
    }

    /// The blocks of `r`.
    #[inline]
    pub fn blocks(&self, r: &Req) -> Blocks<'_> {
        match (r.at, self) {
            (At::Range(b, n), _) => Blocks::Range(b..b + n),
            (At::Record(i), Feed::Trace(t)) => Blocks::Slice(t.trace.blocks_of(&t.trace.records[i]).iter().copied()),
            (At::Record(_), _) => unreachable!("records come from traces"),
        }
    }

    /// What MC² knows of client c: its range hints and how many blocks it may touch.
    pub fn mc2_view(&self, c: usize) -> (Vec<RangeHint>, u64) {
        match self {
            Feed::One { config, .. } => (config.range_hints(), config.blocks()),
            Feed::Streams { configs, .. } => (configs[c].range_hints(), configs[c].blocks()),
            Feed::Trace(t) => (Vec::new(), t.distinct as u64),
        }
    }

    /// Whether the clients address the same blocks, so that one range id names one range for
    /// all of them: conjoint streams, or every request from the shared range.
    pub fn shared_ids(&self) -> bool {
        match self {
            Feed::Streams { sharing: Sharing::Conjoint, .. } => true,
            Feed::Streams { sharing: Sharing::Shared { fraction }, .. } => *fraction >= 1.0,
            _ => false,
        }
    }
}

impl Clone for At {
    fn clone(&self) -> Self {
        *self
    }
}

impl Copy for At {}
