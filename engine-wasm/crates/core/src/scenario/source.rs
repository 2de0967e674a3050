//! A scenario's requests in the order a run issues them (one client's stream; a tree's clients
//! taking turns), and which client each of a trace's clients drives — what the export, the
//! upside estimate and the run's feed agree on.

use super::{err, Scenario, ScenarioError, Shape, Source, TraceClients};
use crate::model::Request;
use crate::trace::Trace;
use crate::workload::{ClientStreams, Workload};

/// Generated requests in run order, each carrying its client.
pub struct Requests {
    pub iter: Box<dyn Iterator<Item = Request>>,
    /// Warm-up requests (all clients') and the total.
    pub warmup: u64,
    pub total: u64,
    /// Blocks per request, at most; block ids are below `universe`.
    pub request_blocks: u32,
    pub universe: usize,
}

/// The requests of `s`'s generators in run order: its one client's stream, or a tree's
/// clients round-robin over those with requests left (the additive model's lock-step).
pub fn requests(s: &Scenario, shape: &Shape) -> Result<Requests, ScenarioError> {
    let Source::Workload { workload, sharing, .. } = &s.source else {
        return Err(err("source", "a trace replays a file: only generated workloads have requests of their own"));
    };
    if !s.per_client_streams() {
        let (w, m) = workload.phases();
        let mut g: Box<dyn Workload> = workload.build(s.seed);
        let universe = g.universe();
        return Ok(Requests {
            iter: Box::new(std::iter::from_fn(move || g.next_request())),
            warmup: w,
            total: w + m,
            request_blocks: workload.request_blocks(),
            universe,
        });
    }
    let configs = s.client_workloads(shape).expect("a workload source");
    let mut streams = ClientStreams::new(&configs, *sharing, s.seed);
    let universe = streams.universe();
    let phases: Vec<(u64, u64)> = (0..configs.len()).map(|c| streams.phases(c)).collect();
    let mut left: Vec<u64> = phases.iter().map(|p| p.0 + p.1).collect();
    let total = left.iter().sum();
    let mut next = 0;
    let iter = std::iter::from_fn(move || {
        for _ in 0..left.len() {
            let c = next;
            next = (next + 1) % left.len();
            if left[c] > 0 {
                left[c] -= 1;
                if let Some(r) = streams.next(c) {
                    return Some(r);
                }
                left[c] = 0;
            }
        }
        None
    });
    Ok(Requests {
        iter: Box::new(iter),
        warmup: phases.iter().map(|p| p.0).sum(),
        total,
        request_blocks: configs.iter().map(|c| c.request_blocks()).max().unwrap_or(1),
        universe,
    })
}

/// A trace client id that drives no client.
pub const NO_CLIENT: u16 = u16::MAX;

/// Which client (leaf index) each trace client id drives, by `how`; the trace's client ids in
/// the order they appear.
pub fn assign_clients(trace: &Trace, how: &TraceClients, shape: &Shape) -> Result<(Vec<u16>, Vec<u16>), ScenarioError> {
    let mut seen = vec![false; 1 << 16];
    let mut order: Vec<u16> = Vec::new();
    for r in &trace.records {
        if !seen[r.client as usize] {
            seen[r.client as usize] = true;
            order.push(r.client);
        }
    }
    assign_clients_in_order(&order, how, shape)
}

/// [`assign_clients`] from the trace's client ids in the order they first appear (what a
/// streamed trace's census keeps).
pub fn assign_clients_in_order(
    order: &[u16],
    how: &TraceClients,
    shape: &Shape,
) -> Result<(Vec<u16>, Vec<u16>), ScenarioError> {
    let order = order.to_vec();
    let mut client_of = vec![NO_CLIENT; 1 << 16];
    let leaves = shape.clients();
    match how {
        TraceClients::Merged => client_of.fill(0),
        TraceClients::Order => {
            if order.len() > leaves {
                let names: Vec<&str> = shape.leaves.iter().map(|&l| shape.nodes[l].name.as_str()).collect();
                let ids: Vec<String> = order.iter().take(8).map(|c| c.to_string()).collect();
                return Err(err(
                    "source.clients",
                    format!(
                        "the trace has {} clients ({}{}) but the topology has {leaves} ({}): add clients, map the \
                         trace's clients to them, or merge them into one",
                        order.len(),
                        ids.join(", "),
                        if order.len() > 8 { ", …" } else { "" },
                        names.join(", ")
                    ),
                ));
            }
            for (k, &id) in order.iter().enumerate() {
                client_of[id as usize] = k as u16;
            }
        }
        TraceClients::Map { map } => {
            for (id, leaf) in map {
                let id: u16 = id.parse().expect("validated");
                client_of[id as usize] = shape.leaf_named(leaf).expect("validated") as u16;
            }
            if let Some(&id) = order.iter().find(|&&id| client_of[id as usize] == NO_CLIENT) {
                return Err(err(
                    "source.clients.map",
                    format!("the trace's client {id} is not mapped to a client of the topology"),
                ));
            }
        }
    }
    Ok((client_of, order))
}
