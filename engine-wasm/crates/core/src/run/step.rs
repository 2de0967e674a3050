//! Serving a run's requests: a step of so many requests, taken by the fastest loop the run
//! allows — one generator alone (the hot loop compiled for the protocol and the path's
//! length), every client in lockstep over batches, or request by request (queueing, depths,
//! a first pass recording offline caches' reference strings) — and each client's warm-up.

use super::*;

impl Run {
    /// Serves up to `max_requests` more requests; returns whether the run is finished. With a
    /// timeline, steps stop at each sample's request count to take it.
    pub fn step(&mut self, max_requests: u64) -> bool {
        if self.timeline_points == 0 || max_requests == 0 {
            return self.step_requests(max_requests);
        }
        let mut left = max_requests;
        loop {
            let due = self.next_sample();
            let before = self.processed;
            let done = self.step_requests(left.min(due.saturating_sub(before)).max(1));
            left = left.saturating_sub(self.processed - before);
            if self.processed >= due
                && self.processed > before
                && self.timeline.last().is_none_or(|s| s.at < self.processed)
            {
                self.timeline.push(self.sample());
            }
            if done || left == 0 || self.processed == before {
                return done;
            }
        }
    }

    fn step_requests(&mut self, max_requests: u64) -> bool {
        if self.is_plain() {
            return self.step_plain(max_requests);
        }
        if self.is_lockstep() {
            return self.step_lockstep(max_requests);
        }
        let mut left = max_requests;
        let n = self.shape.clients();
        while left > 0 && self.processed < self.total {
            let c = if let Some(q) = &mut self.main.queueing {
                match q.next_issue() {
                    Some(c) => c,
                    None => break,
                }
            } else if let Some(c) = self.feed.next_client() {
                c
            } else {
                // Additive: round-robin over the clients (lock-step).
                let c = self.next_client;
                self.next_client = (c + 1) % n;
                c
            };
            if self.issue(c) {
                left -= 1;
            }
        }
        if self.processed >= self.total {
            // Let every outstanding request complete.
            for sim in std::iter::once(&mut self.main).chain(self.alone.iter_mut()) {
                if let Some(q) = &mut sim.queueing {
                    while q.next_issue().is_some() {}
                }
            }
        }
        self.is_done()
    }

    /// Several clients' generators taking turns, additive, nothing tracked: requests are drawn
    /// in batches and each simulation serves a batch in one loop compiled for its protocol.
    fn is_lockstep(&self) -> bool {
        self.main.queueing.is_none()
            && self.depths.is_none()
            && self.recorder.is_none()
            && matches!(self.feed, Feed::Streams { .. })
    }

    /// [`Run::step`] for [`Run::is_lockstep`]: the same requests in the same order as one at a
    /// time (round-robin over the clients with requests left), drawn into a batch that stops
    /// before a client's warm-up ends; the shared hierarchy serves the batch, then each
    /// client's hierarchy alone serves its own requests of it.
    fn step_lockstep(&mut self, max_requests: u64) -> bool {
        /// Serves a batch's requests, or only client `only`'s.
        struct Batch<'a> {
            requests: &'a [crate::model::Request],
            only: Option<usize>,
        }
        impl Driver for Batch<'_> {
            fn drive<P: Cooperation>(&mut self, mut e: Engine<'_, P>) {
                for r in self.requests {
                    let c = r.client as usize;
                    if self.only.is_none_or(|o| o == c) {
                        e.serve_blocks(c, Meta::of(r), r.blocks());
                    }
                }
            }
        }
        const BATCH: usize = 4096;
        let n = self.shape.clients();
        let mut batch = std::mem::take(&mut self.batch);
        let mut left = max_requests;
        while left > 0 && self.processed < self.total {
            batch.clear();
            while (batch.len() as u64) < left.min(BATCH as u64) && self.processed + (batch.len() as u64) < self.total {
                let c = self.next_client;
                if self.issued[c] >= self.totals[c] {
                    self.next_client = (c + 1) % n;
                    continue;
                }
                let ends_warmup = self.issued[c] == self.warmups[c] && self.warmups[c] > 0;
                if ends_warmup && !batch.is_empty() {
                    break; // serve what comes before the end of its warm-up first
                }
                self.next_client = (c + 1) % n;
                let Feed::Streams { streams, .. } = &mut self.feed else { unreachable!("checked by is_lockstep") };
                match streams.next(c) {
                    Some(r) => {
                        if ends_warmup {
                            self.end_warmup(c);
                        }
                        batch.push(r);
                        self.issued[c] += 1;
                    }
                    None => {
                        // A stream shorter than its declared length: stop there.
                        self.total -= self.totals[c] - self.issued[c];
                        self.totals[c] = self.issued[c];
                    }
                }
            }
            self.main.h.drive(&mut Batch { requests: &batch, only: None });
            for (c, alone) in self.alone.iter_mut().enumerate() {
                alone.h.drive(&mut Batch { requests: &batch, only: Some(c) });
            }
            self.processed += batch.len() as u64;
            left -= batch.len() as u64;
        }
        self.batch = batch;
        self.is_done()
    }

    /// One client's generator, additive, nothing tracked: the hot loop on its own.
    fn is_plain(&self) -> bool {
        self.main.queueing.is_none()
            && self.alone.is_empty()
            && self.depths.is_none()
            && self.recorder.is_none()
            && self.feed.is_one()
    }

    fn step_plain(&mut self, max_requests: u64) -> bool {
        /// The hot loop: `n` requests of one generator, compiled for the hierarchy's protocol.
        struct Plain<'a> {
            workload: &'a mut dyn crate::workload::Workload,
            n: u64,
        }
        impl Plain<'_> {
            #[inline(always)]
            fn run<P: Cooperation, const L: usize>(&mut self, e: &mut Engine<'_, P>) {
                for _ in 0..self.n {
                    let r = self.workload.next_request().expect("workload shorter than its declared length");
                    e.serve_on::<L, _>(0, Meta::of(&r), r.blocks());
                }
            }
        }
        impl Driver for Plain<'_> {
            fn drive<P: Cooperation>(&mut self, mut e: Engine<'_, P>) {
                match e.path_len(0) {
                    1 => self.run::<P, 1>(&mut e),
                    2 => self.run::<P, 2>(&mut e),
                    _ => self.run::<P, 0>(&mut e),
                }
            }
        }
        let Feed::One { workload, .. } = &mut self.feed else { unreachable!("checked by is_plain") };
        let h = &mut self.main.h;
        let (warmup, total) = (self.warmups[0], self.totals[0]);
        let mut left = max_requests;
        while left > 0 && self.processed < total {
            // Stop exactly at the warm-up boundary so the counters can be reset there.
            let phase_end = if self.processed < warmup { warmup } else { total };
            let n = left.min(phase_end - self.processed);
            h.drive(&mut Plain { workload: workload.as_mut(), n });
            self.processed += n;
            left -= n;
            if self.processed == warmup && warmup > 0 {
                h.reset_client(0);
                h.reset_caches();
                self.in_warmup = 0;
            }
        }
        self.issued[0] = self.processed;
        self.is_done()
    }

    /// Issues client `c`'s next request in the shared run (and in its run alone); `false` if
    /// its stream has ended.
    fn issue(&mut self, c: usize) -> bool {
        if self.issued[c] >= self.totals[c] {
            return false;
        }
        let Some(r) = self.feed.next(c) else {
            // A stream shorter than its declared length: stop there.
            self.total -= self.totals[c] - self.issued[c];
            self.totals[c] = self.issued[c];
            return false;
        };
        if self.issued[c] == self.warmups[c] && self.warmups[c] > 0 {
            self.end_warmup(c);
        }
        let measured = self.issued[c] >= self.warmups[c];
        let blocks = self.feed.blocks(&r);
        self.main.serve(c, r.meta, r.time_us, blocks.clone(), measured);
        if let Some(d) = &mut self.depths {
            d.on_request(c, blocks.clone(), self.main.h.last_lookups());
        }
        if let Some(rec) = &mut self.recorder {
            record(rec, 0, &self.main.h, c, r.meta.op, blocks.clone());
        }
        if let Some(a) = self.alone.get_mut(c) {
            // Alone, the client's next issue is its own business: closed loop, it follows the
            // previous completion; open loop, its own clock (the same gaps as shared).
            if let Some(q) = &mut a.queueing {
                while let Some(next) = q.next_issue() {
                    if next == c {
                        break;
                    }
                }
            }
            a.serve(c, r.meta, r.time_us, blocks.clone(), measured);
            if let Some(rec) = &mut self.recorder {
                record(rec, 1 + c, &a.h, c, r.meta.op, blocks);
            }
        }
        self.issued[c] += 1;
        self.processed += 1;
        if self.warmups[c] == self.totals[c] && self.issued[c] == self.totals[c] {
            // A client with nothing to measure (a trace's client whose every request falls in
            // the warm-up) counts nothing.
            self.main.h.reset_client(c);
            if let Some(a) = self.alone.get_mut(c) {
                a.h.reset_client(c);
            }
        }
        true
    }

    /// Client `c` has ended its warm-up: its counters restart, and the caches' once every
    /// client's warm-up has ended.
    fn end_warmup(&mut self, c: usize) {
        self.main.h.reset_client(c);
        if let Some(a) = self.alone.get_mut(c) {
            a.h.reset_client(c);
        }
        if let Some(d) = &mut self.depths {
            d.reset_client(c);
        }
        self.in_warmup -= 1;
        if self.in_warmup == 0 {
            self.main.h.reset_caches();
            if let Some(d) = &mut self.depths {
                d.reset_shared();
            }
        }
    }
}

/// First pass: what the offline caches of simulation `sim` were asked by the request just served.
fn record(rec: &mut Recorder, sim: usize, h: &Hierarchy, client: usize, op: Op, blocks: impl Iterator<Item = Block>) {
    let refs = &mut rec.refs[sim];
    let leaf = h.path(client)[0];
    if rec.offline[leaf] {
        refs[leaf].extend(blocks.map(|b| (b, op)));
    }
    for &(cache, b) in h.last_lookups() {
        if rec.offline[cache as usize] {
            refs[cache as usize].push((b, op));
        }
    }
}
