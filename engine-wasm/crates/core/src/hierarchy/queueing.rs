//! Queueing mode: links, controllers and disks as FIFO servers, so that clients sharing them
//! wait for each other and contention shows in each client's latency CDF. The additive model
//! (paper 000 eq. 1) stays the default; with one client and closed-loop arrivals the two agree
//! request for request, since one outstanding request never queues behind itself.
//!
//! Each request's caching is decided when it is issued (the caches are updated at once); its
//! time is then the walk through the servers [`Tree::stages`](super::Tree::stages) lists: it
//! joins a server's queue when it reaches it and is served first-come first-served. Events are
//! processed in time order (ties by the order they were scheduled), so every server sees its
//! arrivals in order — an exact FIFO discrete-event simulation, deterministic in every build.
//!
//! Clients are closed-loop (one outstanding request each, issued when the previous one
//! completes, with no think time — as the papers assume) or open-loop: issued at the request's
//! own timestamp when the stream carries one (traces), else after a seeded exponential gap
//! (Poisson arrivals) whatever is outstanding. HA_R's reloads occupy the disk in the
//! background: they delay whoever queues behind them, not the request that caused them.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use serde::{Deserialize, Serialize};

use super::{LatencyHistogram, Stage};
use crate::util::hash::splitmix64;
use crate::util::rng::Rng;

/// When clients issue requests.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "arrivals", rename_all = "lowercase", deny_unknown_fields)]
pub enum Arrivals {
    /// One outstanding request per client.
    #[default]
    Closed,
    /// Trace timestamps, or Poisson arrivals with this mean gap per client.
    #[serde(rename_all = "camelCase")]
    Open { mean_interarrival_ms: f64 },
}

impl Arrivals {
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            Arrivals::Open { mean_interarrival_ms: m } if !(m.is_finite() && m > 0.0 && m <= 1e6) => {
                Err(format!("meanInterarrivalMs must be above 0 and at most 1000000 (got {m})"))
            }
            _ => Ok(()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// The client may issue its next request.
    Issue(u32),
    /// The flight reaches its next stage.
    Stage(u32),
}

struct Flight {
    client: u32,
    issued_ns: u64,
    next: usize,
    stages: Vec<Stage>,
    measured: bool,
}

/// One client's measured requests, as the queueing model timed them.
#[derive(Clone, Debug, Default)]
pub struct ClientTimes {
    pub histogram: LatencyHistogram,
    pub latency_sum_ns: u64,
    pub completed: u64,
}

pub struct Queueing {
    arrivals: Arrivals,
    free_at: Vec<u64>,
    heap: BinaryHeap<Reverse<(u64, u64, Event)>>,
    seq: u64,
    flights: Vec<Flight>,
    spare: Vec<u32>,
    gaps: Vec<Rng>,
    /// Per client: the first trace timestamp seen (µs), to start its clock at zero.
    trace_origin: Vec<Option<f64>>,
    pub clients: Vec<ClientTimes>,
    /// The simulated clock, in nanoseconds.
    pub now: u64,
}

impl Queueing {
    /// `servers` ids (see [`Stage`]) and `clients` clients; every client's first request is
    /// due at time zero.
    pub fn new(servers: usize, clients: usize, arrivals: Arrivals, seed: u64) -> Self {
        let mut q = Self {
            arrivals,
            free_at: vec![0; servers],
            heap: BinaryHeap::with_capacity(4 * clients),
            seq: 0,
            flights: Vec::new(),
            spare: Vec::new(),
            gaps: (0..clients).map(|c| Rng::seeded(splitmix64(seed ^ (0x0a77_1e55 + c as u64)))).collect(),
            trace_origin: vec![None; clients],
            clients: vec![ClientTimes::default(); clients],
            now: 0,
        };
        for c in 0..clients {
            q.schedule(0, Event::Issue(c as u32));
        }
        q
    }

    fn schedule(&mut self, at: u64, e: Event) {
        self.seq += 1;
        self.heap.push(Reverse((at, self.seq, e)));
    }

    /// Runs the clock to the next moment a client may issue a request and returns that client;
    /// `None` once nothing is left to happen. The caller then either [`admit`](Self::admit)s
    /// the client's next request or, if its stream has ended, lets it go.
    pub fn next_issue(&mut self) -> Option<usize> {
        while let Some(Reverse((at, _, e))) = self.heap.pop() {
            self.now = at;
            match e {
                Event::Issue(c) => return Some(c as usize),
                Event::Stage(f) => self.advance(f),
            }
        }
        None
    }

    /// Issues a request of `client` now: its `stages`, HA_R's `background` disk reads, and
    /// whether it counts (past the client's warm-up). Open-loop clients get their next issue
    /// scheduled at `next_time_us` (a trace timestamp) or after an exponential gap.
    pub fn admit(&mut self, client: usize, stages: &[Stage], background: &[Stage], measured: bool) {
        for b in background {
            let s = &mut self.free_at[b.server as usize];
            *s = (*s).max(self.now) + b.ns;
        }
        let f = match self.spare.pop() {
            Some(f) => f,
            None => {
                self.flights.push(Flight { client: 0, issued_ns: 0, next: 0, stages: Vec::new(), measured: false });
                (self.flights.len() - 1) as u32
            }
        };
        let flight = &mut self.flights[f as usize];
        flight.client = client as u32;
        flight.issued_ns = self.now;
        flight.next = 0;
        flight.measured = measured;
        flight.stages.clear();
        flight.stages.extend(stages.iter().filter(|s| s.ns > 0));
        self.advance(f);
    }

    /// Nothing scheduled: every admitted request has completed.
    pub fn is_idle(&self) -> bool {
        self.heap.is_empty()
    }

    /// Open loop: schedules `client`'s next issue — at `time_us` on its trace clock if the
    /// request carries a timestamp, else after a seeded exponential gap.
    pub fn schedule_open(&mut self, client: usize, time_us: Option<f64>) {
        let Arrivals::Open { mean_interarrival_ms } = self.arrivals else { return };
        let at = match time_us {
            Some(t) => {
                let origin = *self.trace_origin[client].get_or_insert(t);
                ((t - origin).max(0.0) * 1000.0).round() as u64
            }
            None => {
                let u = self.gaps[client].unit_f64();
                self.now + (-(1.0 - u).ln() * mean_interarrival_ms * 1e6).round() as u64
            }
        };
        self.schedule(at.max(self.now), Event::Issue(client as u32));
    }

    /// Moves a flight through its stages up to the next one that must wait for a later moment.
    fn advance(&mut self, f: u32) {
        let t = self.now;
        let flight = &mut self.flights[f as usize];
        let Some(&stage) = flight.stages.get(flight.next) else {
            // No stage at all (a free client hit): done at once.
            self.complete(f, t);
            return;
        };
        let done = if stage.server == Stage::DELAY {
            t + stage.ns
        } else {
            let free = &mut self.free_at[stage.server as usize];
            let start = (*free).max(t);
            *free = start + stage.ns;
            start + stage.ns
        };
        flight.next += 1;
        if flight.next == flight.stages.len() {
            self.complete(f, done);
        } else {
            self.schedule(done, Event::Stage(f));
        }
    }

    fn complete(&mut self, f: u32, done: u64) {
        let flight = &self.flights[f as usize];
        let client = flight.client as usize;
        if flight.measured {
            let c = &mut self.clients[client];
            let latency = done - flight.issued_ns;
            c.histogram.record(latency);
            c.latency_sum_ns += latency;
            c.completed += 1;
        }
        self.spare.push(f);
        if self.arrivals == Arrivals::Closed {
            self.schedule(done, Event::Issue(client as u32));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DISK: u32 = 7;

    fn stages(spec: &[(u32, u64)]) -> Vec<Stage> {
        spec.iter().map(|&(server, ns)| Stage { server, ns }).collect()
    }

    #[test]
    fn closed_loop_clients_queue_at_a_shared_disk() {
        // Two closed-loop clients, each request: 1 µs lookup, then 10 µs on the one disk.
        let mut q = Queueing::new(8, 2, Arrivals::Closed, 1);
        let s = stages(&[(Stage::DELAY, 1_000), (DISK, 10_000)]);
        let mut issued = vec![];
        for _ in 0..6 {
            let c = q.next_issue().unwrap();
            issued.push((c, q.now));
            q.admit(c, &s, &[], true);
        }
        // Both issue at 0 and reach the disk at 1 µs: client 0 is served 1–11, client 1 11–21.
        // Client 0 reissues at 11, reaches the disk at 12, waits until 21, done at 31; …
        assert_eq!(issued, [(0, 0), (1, 0), (0, 11_000), (1, 21_000), (0, 31_000), (1, 41_000)]);
        while q.next_issue().is_some() {}
        let lat: Vec<_> = q.clients.iter().map(|c| (c.completed, c.latency_sum_ns)).collect();
        // Client 0: 11 + 20 + 20; client 1: 21 + 20 + 20 (µs).
        assert_eq!(lat, [(3, 51_000), (3, 61_000)]);
    }

    #[test]
    fn one_closed_loop_client_never_waits() {
        let mut q = Queueing::new(8, 1, Arrivals::Closed, 1);
        for i in 0..50u64 {
            let c = q.next_issue().unwrap();
            q.admit(c, &stages(&[(Stage::DELAY, 100), (3, 1_000 + i), (DISK, 5_000), (3, 700)]), &[], true);
        }
        while q.next_issue().is_some() {}
        let sum: u64 = (0..50).map(|i| 100 + 1_000 + i + 5_000 + 700).sum();
        assert_eq!(q.clients[0].latency_sum_ns, sum);
    }

    #[test]
    fn fifo_order_is_by_arrival_at_the_server_not_by_issue() {
        // Client 0 issues first but reaches the disk late (a 50 µs delay first); client 1
        // issues later and reaches it at once: it must not wait for client 0.
        let mut q = Queueing::new(8, 2, Arrivals::Closed, 1);
        assert_eq!(q.next_issue(), Some(0));
        q.admit(0, &stages(&[(Stage::DELAY, 50_000), (DISK, 10_000)]), &[], true);
        assert_eq!(q.next_issue(), Some(1));
        q.admit(1, &stages(&[(DISK, 10_000)]), &[], true);
        // Next issue: client 1 at 10 µs.
        assert_eq!((q.next_issue(), q.now), (Some(1), 10_000));
        while q.next_issue().is_some() {}
        let done: Vec<_> = q.clients.iter().map(|c| c.latency_sum_ns).collect();
        assert_eq!(done, [60_000, 10_000]);
    }

    #[test]
    fn background_work_delays_the_next_in_line() {
        let mut q = Queueing::new(8, 1, Arrivals::Closed, 1);
        q.next_issue();
        q.admit(0, &stages(&[(DISK, 1_000)]), &stages(&[(DISK, 4_000)]), true);
        // The background read took the disk first: 4 + 1 µs.
        q.next_issue();
        assert_eq!(q.clients[0].latency_sum_ns, 5_000);
    }

    #[test]
    fn open_loop_arrivals_are_poisson_and_seeded() {
        let run = |seed| {
            let mut q = Queueing::new(8, 1, Arrivals::Open { mean_interarrival_ms: 2.0 }, seed);
            let mut times = vec![];
            while times.len() < 20_000 {
                let c = q.next_issue().unwrap();
                times.push(q.now);
                q.admit(c, &stages(&[(DISK, 100_000)]), &[], true);
                q.schedule_open(c, None);
            }
            times
        };
        let t = run(4);
        let mean_gap = *t.last().unwrap() as f64 / (t.len() - 1) as f64 / 1e6;
        assert!((mean_gap - 2.0).abs() < 0.05, "{mean_gap}");
        assert_eq!(t, run(4));
        assert_ne!(t, run(5));
        // Trace timestamps, relative to the first.
        let mut q = Queueing::new(8, 1, Arrivals::Open { mean_interarrival_ms: 1.0 }, 1);
        q.next_issue();
        q.admit(0, &[], &[], true);
        q.schedule_open(0, Some(5_000.0));
        q.next_issue();
        q.admit(0, &[], &[], true);
        q.schedule_open(0, Some(5_250.0));
        assert_eq!((q.next_issue(), q.now), (Some(0), 250_000));
    }

    #[test]
    fn absurd_gaps_are_refused() {
        assert!(Arrivals::Open { mean_interarrival_ms: 0.0 }.validate().is_err());
        assert!(Arrivals::Open { mean_interarrival_ms: f64::NAN }.validate().is_err());
        assert!(Arrivals::Closed.validate().is_ok());
    }
}
