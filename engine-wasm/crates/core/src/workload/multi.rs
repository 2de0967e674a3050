//! Several clients' request streams (paper 000 §6, paper 002 §5): each client draws from its
//! own seeded generator, and the clients' block ranges relate in one of three ways:
//!
//! - `disjoint` — every client has a private range (client i's blocks sit after client i−1's);
//! - `conjoint` — every client issues the very same stream (same generator, same seed): paper
//!   000's fully conjoint model, run in lock-step by round-robin interleaving;
//! - `shared` with a `fraction` f — each request is, with probability f (a per-client seeded
//!   coin), drawn by a second generator of the client's kind over one range common to all
//!   clients, else from the client's private range. f = 0 is `disjoint`; f = 1 is independent
//!   streams over the same blocks.
//!
//! Layout of the block ids: the shared range `0..S` (S = the largest client's `blocks`, only
//! when f > 0), then each client's private range in client order.

use serde::{Deserialize, Serialize};

use super::{Workload, WorkloadConfig};
use crate::model::{Block, Request};
use crate::util::hash::splitmix64;
use crate::util::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Sharing {
    #[default]
    Disjoint,
    Conjoint,
    Shared {
        fraction: f64,
    },
}

impl Sharing {
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            Sharing::Shared { fraction } if !(fraction.is_finite() && (0.0..=1.0).contains(&fraction)) => {
                Err(format!("fraction must be between 0 and 1 (got {fraction})"))
            }
            _ => Ok(()),
        }
    }

    fn fraction(&self) -> f64 {
        match *self {
            Sharing::Shared { fraction } => fraction,
            _ => 0.0,
        }
    }
}

struct Stream {
    private: Box<dyn Workload>,
    shared: Option<(Box<dyn Workload>, Rng)>,
    fraction: f64,
    offset: Block,
}

/// One request stream per client, pulled by client index.
pub struct ClientStreams {
    streams: Vec<Stream>,
    phases: Vec<(u64, u64)>,
    universe: usize,
}

/// The universe the streams of `configs` under `sharing` span (to check it before building).
pub fn universe_of(configs: &[WorkloadConfig], sharing: Sharing) -> u64 {
    let largest = configs.iter().map(|c| c.blocks()).max().unwrap_or(0);
    match sharing {
        Sharing::Conjoint => largest,
        _ => {
            let shared = if sharing.fraction() > 0.0 { largest } else { 0 };
            shared + configs.iter().map(|c| c.blocks()).sum::<u64>()
        }
    }
}

impl ClientStreams {
    /// `configs[i]` is client i's generator; each is seeded from `seed` and i (all alike when
    /// conjoint). The configs must be valid and, when conjoint, equal.
    pub fn new(configs: &[WorkloadConfig], sharing: Sharing, seed: u64) -> Self {
        let fraction = sharing.fraction();
        let largest = configs.iter().map(|c| c.blocks()).max().unwrap_or(0);
        let mut offset = if fraction > 0.0 { largest } else { 0 };
        let streams = configs
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let client_seed = |salt: u64| splitmix64(seed ^ splitmix64((i as u64 + 1) * 0x9e37_79b9 + salt));
                match sharing {
                    Sharing::Conjoint => Stream { private: c.build(seed), shared: None, fraction: 0.0, offset: 0 },
                    _ => {
                        let s = Stream {
                            private: c.build(client_seed(0)),
                            shared: (fraction > 0.0).then(|| (c.build(client_seed(1)), Rng::seeded(client_seed(2)))),
                            fraction,
                            offset: offset as Block,
                        };
                        offset += c.blocks();
                        s
                    }
                }
            })
            .collect();
        Self {
            streams,
            phases: configs.iter().map(|c| c.phases()).collect(),
            universe: universe_of(configs, sharing) as usize,
        }
    }

    pub fn clients(&self) -> usize {
        self.streams.len()
    }

    /// Client i's (warm-up, measured) request counts.
    pub fn phases(&self, client: usize) -> (u64, u64) {
        self.phases[client]
    }

    pub fn universe(&self) -> usize {
        self.universe
    }

    /// Client `client`'s next request, its `client` field set; `None` once its stream ends.
    #[inline]
    pub fn next(&mut self, client: usize) -> Option<Request> {
        let s = &mut self.streams[client];
        // Both generators run to the same length: a private request is drawn (and so counted)
        // either way, and replaced by a shared one when the coin says so.
        let r = s.private.next_request()?;
        let shared = match &mut s.shared {
            Some((shared, coin)) => {
                if coin.unit_f64() < s.fraction {
                    shared.next_request()
                } else {
                    None
                }
            }
            None => None,
        };
        let r = shared.unwrap_or(Request { block: r.block + s.offset, ..r });
        Some(Request { client: client as u16, ..r })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zipf(blocks: u64, n: u64) -> WorkloadConfig {
        WorkloadConfig::Zipf {
            blocks,
            request_blocks: 1,
            alpha: 1.0,
            warmup_requests: Some(0),
            measured_requests: Some(n),
        }
    }

    fn drain(s: &mut ClientStreams, client: usize) -> Vec<Block> {
        std::iter::from_fn(|| s.next(client)).map(|r| r.block).collect()
    }

    #[test]
    fn disjoint_clients_keep_to_their_own_ranges() {
        let configs = [zipf(100, 500), zipf(50, 300), zipf(200, 400)];
        let mut s = ClientStreams::new(&configs, Sharing::Disjoint, 7);
        assert_eq!(s.universe(), 350);
        let ranges = [0..100, 100..150, 150..350];
        for (c, range) in ranges.iter().enumerate() {
            let blocks = drain(&mut s, c);
            assert_eq!(blocks.len() as u64, configs[c].phases().1);
            assert!(blocks.iter().all(|b| range.contains(b)), "client {c}");
        }
        assert_eq!(s.next(0).map(|r| r.client), None);
    }

    #[test]
    fn conjoint_clients_issue_one_stream() {
        let configs = [zipf(100, 500), zipf(100, 500), zipf(100, 500)];
        let mut s = ClientStreams::new(&configs, Sharing::Conjoint, 7);
        assert_eq!(s.universe(), 100);
        let first = drain(&mut s, 0);
        assert_eq!(drain(&mut s, 1), first);
        assert_eq!(drain(&mut s, 2), first);
        assert!(first.iter().any(|&b| b != first[0]));
    }

    #[test]
    fn a_shared_fraction_goes_to_the_common_range() {
        let configs = [zipf(1000, 20_000), zipf(1000, 20_000)];
        let mut s = ClientStreams::new(&configs, Sharing::Shared { fraction: 0.3 }, 9);
        assert_eq!(s.universe(), 3000);
        for (c, private) in [(0, 1000..2000), (1, 2000..3000)] {
            let blocks = drain(&mut s, c);
            assert_eq!(blocks.len(), 20_000);
            let shared = blocks.iter().filter(|&&b| b < 1000).count() as f64 / 20_000.0;
            assert!((shared - 0.3).abs() < 0.015, "client {c}: {shared}");
            assert!(blocks.iter().all(|&b| b < 1000 || private.contains(&b)));
        }
        // Same seed, same streams; another seed, other streams.
        let again = drain(&mut ClientStreams::new(&configs, Sharing::Shared { fraction: 0.3 }, 9), 1);
        let other = drain(&mut ClientStreams::new(&configs, Sharing::Shared { fraction: 0.3 }, 10), 1);
        let mut s = ClientStreams::new(&configs, Sharing::Shared { fraction: 0.3 }, 9);
        drain(&mut s, 0);
        assert_eq!(drain(&mut s, 1), again);
        assert_ne!(again, other);
    }

    #[test]
    fn bad_fractions_are_refused() {
        assert!(Sharing::Shared { fraction: 1.5 }.validate().is_err());
        assert!(Sharing::Shared { fraction: f64::NAN }.validate().is_err());
        assert!(Sharing::Shared { fraction: 0.5 }.validate().is_ok());
    }
}
