//! Replacement policies: one file per policy behind the [`Policy`] trait, and the closed,
//! serde-tagged [`PolicyConfig`] enum that names and builds them.
//!
//! Who guarantees what:
//! - The *caller* (a hierarchy level) decides what happens on a hit or a miss and, on insertion,
//!   at which end the block goes: paper 000 §4.1 needs demoted blocks at the "eject me last" end
//!   whatever the policy, and disk-read blocks where the policy says ([`Policy::miss_end`]).
//! - The *policy* keeps at most `capacity` blocks, picks victims, and reports every block it
//!   evicts by pushing it into the caller-owned `evicted` buffer (no allocation on the hot path).
//!
//! [`Policy`] is the hot path alone. What only some policies can do — read paper 004's write
//! hints, show their lists one by one, name their next victims cheaply, count admissions — are
//! separate traits a policy declares through an accessor ([`ability`]).

use serde::{Deserialize, Serialize};

use crate::model::Block;

pub mod ability;
pub mod admission;
pub mod arc;
pub mod cacheus;
pub mod car;
pub mod catalogue;
pub mod clock;
pub mod clock_pro;
pub mod co;
pub mod fifo;
mod future;
pub mod gdsf;
mod heap_body;
pub mod hyperbolic;
pub mod lecar;
pub mod lfu;
pub mod lhd;
pub mod lirs;
pub mod lru;
pub mod lru_hints;
pub mod lru_k;
pub mod min;
pub mod mq;
pub mod mru;
pub mod qdlp;
pub mod random;
pub mod read_opt;
pub mod s3fifo;
pub mod sieve;
pub mod sized;
pub mod slru;
pub mod tq;
pub mod two_q;
pub mod user;
mod wrapper;
pub mod wtinylfu;

pub use ability::{HintAware, Queue, SizeAware, StackEntry, StackStatus, TeachingViews, VictimPreview};
pub use clock::Clock;
pub use fifo::Fifo;
pub use lfu::Lfu;
pub use lirs::Lirs;
pub use lru::Lru;
pub use lru_hints::LruHints;
pub use lru_k::LruK;
pub use min::Min;
pub use mq::Mq;
pub use mru::Mru;
pub use random::RandomPolicy;
pub use read_opt::ReadOpt;
pub use s3fifo::S3Fifo;
pub use sieve::Sieve;
pub use slru::Slru;
pub use tq::Tq;
pub use wtinylfu::WTinyLfu;

/// Where in a replacement queue a block is placed (paper 000 Fig. 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The block is the next victim unless it is referenced again.
    EjectNext,
    /// The block is the last to be ejected among those now resident.
    EjectLast,
}

/// A cache replacement policy over dense block ids: the hot path every policy has, and
/// accessors to the abilities only some have ([`ability`]).
pub trait Policy: Send {
    /// Short lower-case name, as in scenarios ("lru", "mru").
    fn name(&self) -> &'static str;
    /// Most blocks this cache holds.
    fn capacity(&self) -> usize;
    /// Blocks held now.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn contains(&self, block: Block) -> bool;
    /// A reference to a block: if resident, reorder it as the policy says. Returns `false` when
    /// the block is not resident, leaving the resident blocks and their order as they were (a
    /// policy may still record the reference in its history: MQ's clock, W-TinyLFU's sketch).
    fn on_hit(&mut self, block: Block) -> bool;
    /// The end at which this policy places a block it has just fetched on a miss.
    fn miss_end(&self) -> End;
    /// Inserts a non-resident block at `end`, first evicting as many blocks as needed to stay
    /// within capacity; each victim is pushed into `evicted`.
    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>);
    /// [`Policy::insert`] of an object of `bytes`: what a hierarchy calls, so that a cache
    /// counted in bytes ([`sized::InBytes`]) makes room for it; a cache counted in blocks
    /// ignores the size.
    #[inline(always)]
    fn insert_sized(&mut self, block: Block, bytes: u64, end: End, evicted: &mut Vec<Block>) {
        let _ = bytes;
        self.insert(block, end, evicted)
    }
    /// Moves a resident block to `end` (e.g. a DEMOTE of a block this cache already holds).
    /// Returns `false` when the block is not resident.
    fn reposition(&mut self, block: Block, end: End) -> bool;
    /// Drops a block without counting it as an eviction. Returns whether it was resident.
    fn remove(&mut self, block: Block) -> bool;
    /// Removes and returns the block the policy would evict next, if any.
    fn evict(&mut self) -> Option<Block>;
    /// Appends the resident blocks to `out`, next victim first (teaching views, tests).
    fn contents(&self, out: &mut Vec<Block>);

    /// Walks every internal structure; `Err` names the broken invariant. Tests call it after
    /// every step; it is not on any hot path.
    fn check_invariants(&self) -> Result<(), String>;

    /// The plain cache access: a hit reorders, a miss inserts at [`Policy::miss_end`].
    /// Returns whether it was a hit.
    fn access(&mut self, block: Block, evicted: &mut Vec<Block>) -> bool {
        if self.on_hit(block) {
            true
        } else {
            let end = self.miss_end();
            self.insert(block, end, evicted);
            false
        }
    }

    // The optional abilities ([`ability`]): each `None` unless the policy declares it. Callers
    // ask through `dyn Policy`'s methods (`write`, `queues`, `candidates`, …), which fall back
    // to the plain behaviour.

    /// Paper 004's write hints, if this policy reads them.
    fn hints(&mut self) -> Option<&mut dyn HintAware> {
        None
    }
    /// Its lists one by one for a teaching view, if it has several (or a recency stack).
    fn views(&self) -> Option<&dyn TeachingViews> {
        None
    }
    /// Its next victims, if it names them faster than a walk of [`Policy::contents`].
    fn victims(&self) -> Option<&dyn VictimPreview> {
        None
    }
    /// Its weighing of objects by size, if it has one (GDSF).
    fn sizes(&mut self) -> Option<&mut dyn SizeAware> {
        None
    }
    /// What an admission filter in front of this policy let in and turned away
    /// ([`admission::Admitted`]); `None` without one.
    fn admission(&self) -> Option<admission::AdmissionCounts> {
        None
    }
    /// Its byte budget, if it is counted in bytes ([`sized::InBytes`]); `None` for a cache
    /// counted in blocks.
    fn bytes(&self) -> Option<sized::ByteBudget> {
        None
    }
}

/// Bytes one out-queue entry takes: an id and its statistics (MQ's node is 24 bytes).
pub const OUT_ENTRY_BYTES: u64 = 24;

/// The closed set of policies a scenario may name. Parameters are optional in JSON and
/// default to the named constants of each policy's module.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum PolicyConfig {
    /// Least recently used: hits and fetched blocks go to the "eject me last" end.
    #[default]
    Lru,
    /// Most recently used: hits and fetched blocks go to the "eject me next" end.
    Mru,
    /// First in, first out; hits change nothing.
    Fifo,
    /// Random replacement (paper 001's RR), seeded from the scenario.
    Random,
    /// One-bit CLOCK (second chance).
    Clock,
    /// SIEVE (NSDI 2024).
    Sieve,
    /// Greedy-Dual-Size: priority = L + cost / size at entry and every hit, L the last victim's.
    Gds,
    /// Greedy-Dual-Size-Frequency: priority = L + frequency × cost / size, L the last victim's.
    Gdsf,
    /// Least frequently used while cached, ties to the earliest inserted; optional aging.
    #[serde(rename_all = "camelCase")]
    Lfu {
        /// Halve all frequencies every this many references; 0 = never.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(as = "Option<u64>", optional))]
        aging_period: u64,
    },
    /// Segmented LRU (paper 001).
    #[serde(rename_all = "camelCase")]
    Slru {
        /// Share of the cache given to the protected segment, in (0, 1).
        #[serde(default = "default_protected_share")]
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        protected_share: f64,
    },
    /// LRU-K with K = 2.
    #[serde(rename = "lru-2")]
    Lru2,
    /// LRU-K (SIGMOD 1993) with K and the correlated-reference period as parameters.
    #[serde(rename = "lru-k", rename_all = "camelCase")]
    LruK {
        /// References remembered per block, 2 to 8; the victim's K-th latest is the oldest.
        #[serde(default = "default_k")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        k: u32,
        /// References to this cache within which a block's references count as one; 0 = none.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(as = "Option<u64>", optional))]
        correlated_period: u64,
    },
    /// ARC (FAST 2003).
    Arc,
    /// CAR (FAST 2004): ARC's adaptation over two CLOCKs.
    Car,
    /// Full 2Q (VLDB 1994), Kin = 25 %, Kout = 50 %.
    #[serde(rename = "2q")]
    TwoQ,
    /// LIRS (SIGMETRICS 2002), resident HIR share 1 %.
    #[serde(rename_all = "camelCase")]
    Lirs {
        /// Share of the cache for resident HIR blocks, in (0, 1).
        #[serde(default = "default_hir_share")]
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        hir_share: f64,
    },
    /// CLOCK-Pro (USENIX ATC 2005): LIRS's reuse-distance test on one clock of hot, cold and
    /// non-resident pages swept by three hands; the cold area's size adapts.
    #[serde(rename = "clock-pro", rename_all = "camelCase")]
    ClockPro {
        /// Least share of the cache for cold resident pages, and where the adaptive target
        /// starts, in (0, 1).
        #[serde(default = "default_min_cold_share")]
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        min_cold_share: f64,
    },
    /// MQ (USENIX ATC 2001) with an out queue the size of the cache (paper 004).
    #[serde(rename_all = "camelCase")]
    Mq {
        /// References a block stays in its queue unreferenced before dropping one; 0 = capacity.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(as = "Option<u64>", optional))]
        life_time: u64,
    },
    /// Paper 004's LRU+Hints (Algorithm 1): SYNCH and REPLACE writes enter at the MRU end;
    /// reads and RECOV writes change nothing once the cache is full.
    #[serde(rename = "lru+hints")]
    LruHints,
    /// Paper 004's MQ+Hints (§4.3): MQ for SYNCH and REPLACE writes; reads only looked up and
    /// RECOV writes ignored once the cache is full.
    #[serde(rename = "mq+hints", rename_all = "camelCase")]
    MqHints {
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(as = "Option<u64>", optional))]
        life_time: u64,
    },
    /// Paper 004's TQ (§4.4, Algorithm 2): a high queue of written blocks evicting the latest
    /// predicted read, a low LRU queue of read ones, an out queue keeping write-to-read distances.
    Tq,
    /// S3-FIFO (SOSP 2023): small, main and ghost FIFO queues.
    #[serde(rename = "s3-fifo", rename_all = "camelCase")]
    S3Fifo {
        /// Share of the cache given to the small queue, in (0, 1).
        #[serde(default = "default_small_share")]
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        small_share: f64,
    },
    /// QD-LP-FIFO (HotOS 2023): a probationary FIFO with a ghost (quick demotion) in front of a
    /// FIFO-Reinsertion main queue (lazy promotion).
    #[serde(rename = "qd-lp-fifo", rename_all = "camelCase")]
    QdLpFifo {
        /// Share of the cache given to the probationary FIFO, in (0, 1).
        #[serde(default = "default_probation_share")]
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        probation_share: f64,
    },
    /// W-TinyLFU (ACM ToS 2017): LRU window, TinyLFU admission, SLRU main cache.
    #[serde(rename = "w-tinylfu", rename_all = "camelCase")]
    WTinyLfu {
        /// Share of the cache for the LRU window, in (0, 1).
        #[serde(default = "default_window_share")]
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        window_share: f64,
    },
    /// Hyperbolic caching (USENIX ATC 2017): evicts the lowest request rate since entry among a
    /// seeded random sample.
    #[serde(rename_all = "camelCase")]
    Hyperbolic {
        /// Resident blocks drawn per eviction, 1 to 1024.
        #[serde(default = "default_sample_size")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        sample_size: u32,
    },
    /// LHD (NSDI 2018): evicts the least hit density per byte — hits expected over the space and
    /// time an object will take, learned per age and reuse class — among a seeded random sample.
    Lhd,
    /// LeCaR (HotStorage 2018): LRU and LFU as experts, followed at random by learned weights
    /// (seeded), each regretting evictions that come back.
    Lecar,
    /// CACHEUS (FAST 2021): scan-resistant LRU and churn-resistant LFU as experts, followed at
    /// random (seeded) by weights learned from regrets, with a learning rate that adapts.
    Cacheus,
    /// Belady's MIN: offline, needs the whole reference string (single-cache topology only).
    Min,
    /// Paper 004's read-OPT: offline, judged on reads, may decline to cache (single-cache only).
    #[serde(rename = "read-opt")]
    ReadOpt,
    /// BeladySize: MIN weighted by size, as libCacheSim samples it (offline; one cache in bytes).
    #[serde(rename = "belady-size", rename_all = "camelCase")]
    BeladySize {
        /// Objects sampled per eviction, 1 to 1024.
        #[serde(default = "default_belady_samples")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        samples: u32,
    },
}

fn default_belady_samples() -> u32 {
    sized::belady_size::DEFAULT_SAMPLES
}

fn default_protected_share() -> f64 {
    slru::DEFAULT_PROTECTED_SHARE
}

fn default_k() -> u32 {
    lru_k::DEFAULT_K
}

fn default_hir_share() -> f64 {
    lirs::DEFAULT_HIR_SHARE
}

fn default_min_cold_share() -> f64 {
    clock_pro::DEFAULT_MIN_COLD_SHARE
}

fn default_window_share() -> f64 {
    wtinylfu::DEFAULT_WINDOW_SHARE
}

fn default_probation_share() -> f64 {
    qdlp::DEFAULT_PROBATION_SHARE
}

fn default_sample_size() -> u32 {
    hyperbolic::DEFAULT_SAMPLE_SIZE
}

fn default_small_share() -> f64 {
    s3fifo::DEFAULT_SMALL_SHARE
}

impl PolicyConfig {
    /// Builds a policy holding at most `capacity` blocks, with its index sized for block ids
    /// `0..universe` (larger ids still work, at the cost of a one-off reallocation). `seed`
    /// feeds policies that draw random numbers. Bad parameters give `Err`, never a panic.
    pub fn build(&self, capacity: usize, universe: usize, seed: u64) -> Result<Box<dyn Policy>, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        Ok(match *self {
            PolicyConfig::Lru => Box::new(Lru::new(capacity, universe)),
            PolicyConfig::Mru => Box::new(Mru::new(capacity, universe)),
            PolicyConfig::Fifo => Box::new(Fifo::new(capacity, universe)),
            PolicyConfig::Random => Box::new(RandomPolicy::new(capacity, universe, seed)),
            PolicyConfig::Clock => Box::new(Clock::new(capacity, universe)),
            PolicyConfig::Sieve => Box::new(Sieve::new(capacity, universe)),
            PolicyConfig::Gdsf => Box::new(gdsf::Gdsf::new(capacity, universe)),
            PolicyConfig::Gds => Box::new(gdsf::Gdsf::gds(capacity, universe)),
            PolicyConfig::Lfu { aging_period } => Box::new(Lfu::new(capacity, universe, aging_period)?),
            PolicyConfig::Slru { protected_share } => Box::new(Slru::new(capacity, universe, protected_share)?),
            PolicyConfig::Lru2 => Box::new(LruK::new(capacity, universe)),
            PolicyConfig::LruK { k, correlated_period } => {
                Box::new(LruK::with_k(capacity, universe, k, correlated_period)?)
            }
            PolicyConfig::Arc => Box::new(arc::Arc::new(capacity, universe)),
            PolicyConfig::Car => Box::new(car::Car::new(capacity, universe)),
            PolicyConfig::TwoQ => Box::new(two_q::TwoQ::new(capacity, universe)),
            PolicyConfig::S3Fifo { small_share } => Box::new(S3Fifo::new(capacity, universe, small_share)?),
            PolicyConfig::QdLpFifo { probation_share } => Box::new(qdlp::new(capacity, universe, probation_share)?),
            PolicyConfig::Mq { life_time } => Box::new(Mq::new(capacity, universe, life_time)?),
            PolicyConfig::MqHints { life_time } => {
                Box::new(Mq::with_out_queue(capacity, capacity, universe, life_time, true)?)
            }
            PolicyConfig::LruHints => Box::new(LruHints::new(capacity, universe)?),
            PolicyConfig::Tq => Box::new(Tq::new(capacity, capacity, universe)?),
            PolicyConfig::Lirs { hir_share } => Box::new(Lirs::new(capacity, universe, hir_share)?),
            PolicyConfig::ClockPro { min_cold_share } => {
                Box::new(clock_pro::ClockPro::new(capacity, universe, min_cold_share)?)
            }
            PolicyConfig::WTinyLfu { window_share } => Box::new(WTinyLfu::new(capacity, universe, window_share)?),
            PolicyConfig::Hyperbolic { sample_size } => {
                Box::new(hyperbolic::Hyperbolic::new(capacity, universe, sample_size, seed)?)
            }
            PolicyConfig::Lhd => Box::new(lhd::Lhd::new(capacity, universe, seed)),
            PolicyConfig::Lecar => Box::new(lecar::LeCar::new(capacity, universe, seed)),
            PolicyConfig::Cacheus => Box::new(cacheus::Cacheus::new(capacity, universe, seed)),
            PolicyConfig::Min | PolicyConfig::ReadOpt | PolicyConfig::BeladySize { .. } => {
                return Err(self.offline_message())
            }
        })
    }

    /// Every kind's JSON name, online ones first (the [`catalogue`]'s order).
    pub fn kinds() -> impl Iterator<Item = &'static str> {
        catalogue::CATALOGUE.iter().map(|p| p.kind)
    }

    /// One configuration of every kind, with default parameters, online ones first (benchmarks,
    /// sweeps and tests that must cover every policy).
    pub fn every_kind() -> Vec<PolicyConfig> {
        Self::kinds()
            .map(|k| serde_json::from_str(&format!(r#"{{"kind":"{k}"}}"#)).expect("every kind parses with defaults"))
            .collect()
    }

    /// Whether the policy keeps an out queue of evicted blocks' statistics (MQ, MQ+Hints, TQ):
    /// paper 004 §5.1 charges its space to the cache.
    pub fn has_out_queue(&self) -> bool {
        matches!(self, PolicyConfig::Mq { .. } | PolicyConfig::MqHints { .. } | PolicyConfig::Tq)
    }

    /// The blocks of data a cache with room for `capacity` blocks of `block_bytes` keeps under
    /// this policy — paper 004 §5.1's equal-space comparison: an out-queue policy remembers as
    /// many evicted blocks as it caches, at [`OUT_ENTRY_BYTES`] each, and that space comes out
    /// of the cache (data + data × entry / block ≤ capacity). At least one block.
    pub fn data_capacity(&self, capacity: u64, block_bytes: u64) -> u64 {
        if !self.has_out_queue() || capacity == 0 {
            return capacity;
        }
        let b = block_bytes.max(1) as u128;
        ((capacity as u128 * b / (b + OUT_ENTRY_BYTES as u128)) as u64).max(1)
    }

    /// Whether this policy's victims follow an order that does not depend on its capacity (a
    /// queue, a clock, a sieve, priorities; LHD's sample, told the capacity its explorers take a
    /// share of), so that a cache counted in bytes can be this policy asked for
    /// victims until an object fits ([`sized::BySize`]).
    pub fn orders_by_bytes(&self) -> bool {
        matches!(
            self,
            PolicyConfig::Lru
                | PolicyConfig::Mru
                | PolicyConfig::Fifo
                | PolicyConfig::Clock
                | PolicyConfig::Sieve
                | PolicyConfig::Gdsf
                | PolicyConfig::Gds
                | PolicyConfig::Lhd
        )
    }

    /// Why `policy` cannot be counted in bytes ([`sized::ByteCache`] takes those that order by
    /// bytes, ARC and S3-FIFO in their byte versions, and offline MIN and BeladySize).
    pub fn bytes_refusal(policy: &PolicyConfig) -> String {
        format!(
            "{} does not take a capacity in bytes yet (LRU, FIFO, MRU, CLOCK, SIEVE, GDS, GDSF, LHD, ARC, S3-FIFO and, offline, MIN and BeladySize do): give its size in blocks",
            policy.name()
        )
    }

    /// Why `policy` cannot be counted in bytes in a scenario's hierarchy, where a cache in bytes
    /// is [`sized::in_hierarchy`]'s: the policies that order by bytes, ARC and S3-FIFO in their
    /// byte versions, and offline MIN.
    pub fn bytes_refusal_in_hierarchy(policy: &PolicyConfig) -> String {
        format!(
            "{} does not take a capacity in bytes in a hierarchy yet (LRU, FIFO, MRU, CLOCK, SIEVE, GDS, GDSF, LHD, ARC, S3-FIFO and, offline, MIN do): give its size in objects",
            policy.name()
        )
    }

    /// Whether a cache of a scenario's hierarchy can be counted in bytes under this policy.
    pub fn takes_bytes_in_hierarchy(&self) -> bool {
        self.orders_by_bytes() || matches!(self, PolicyConfig::Min | PolicyConfig::Arc | PolicyConfig::S3Fifo { .. })
    }

    /// Offline policies see the future: they are built from the whole reference string.
    pub fn is_offline(&self) -> bool {
        matches!(self, PolicyConfig::Min | PolicyConfig::ReadOpt | PolicyConfig::BeladySize { .. })
    }

    fn offline_message(&self) -> String {
        format!(
            "{} is offline: it needs the whole reference string in advance, so it runs only as a single cache",
            self.name()
        )
    }

    /// Builds any policy, offline ones from `refs` — every block reference the cache will see,
    /// in order, with its operation.
    pub fn build_offline(
        &self,
        capacity: usize,
        universe: usize,
        seed: u64,
        refs: &[(Block, crate::model::Op)],
    ) -> Result<Box<dyn Policy>, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        match self {
            PolicyConfig::Min => Ok(Box::new(Min::new(capacity, universe, refs.iter().map(|&(b, _)| b).collect()))),
            PolicyConfig::ReadOpt => Ok(Box::new(ReadOpt::new(capacity, universe, refs)?)),
            _ => self.build(capacity, universe, seed),
        }
    }

    /// Checks the parameters for a cache of `capacity` blocks without building anything.
    pub fn validate(&self, capacity: usize) -> Result<(), String> {
        match *self {
            PolicyConfig::Slru { protected_share } => slru::check_protected_share(protected_share),
            PolicyConfig::Lfu { aging_period } => lfu::check_aging_period(aging_period, capacity),
            PolicyConfig::S3Fifo { small_share } => s3fifo::check_small_share(small_share),
            PolicyConfig::QdLpFifo { probation_share } => qdlp::check_probation_share(probation_share),
            PolicyConfig::Lirs { hir_share } => lirs::check_hir_share(hir_share),
            PolicyConfig::ClockPro { min_cold_share } => clock_pro::check_min_cold_share(min_cold_share),
            PolicyConfig::LruK { k, .. } => lru_k::check_k(k),
            PolicyConfig::WTinyLfu { window_share } => wtinylfu::check_window_share(window_share),
            PolicyConfig::Hyperbolic { sample_size } => hyperbolic::check_sample_size(sample_size),
            PolicyConfig::BeladySize { samples } => {
                sized::belady_size::check_samples(samples)?;
                Err(format!(
                    "belady-size counts its cache in bytes: one cache over a sized trace (tiersim sim --object --size 1GiB); a scenario's caches count blocks ({capacity} here)"
                ))
            }
            _ => Ok(()),
        }?;
        catalogue::check_ranges(self)
    }

    /// A policy as JSON (`{"kind": "slru", "protectedShare": 0.7}`), refusing any key it would
    /// ignore (`{"kind": "lru", "size": 3}`), with the key's name.
    pub fn from_json(text: &str) -> Result<PolicyConfig, String> {
        let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let policy: PolicyConfig = serde_json::from_value(doc.clone()).map_err(|e| e.to_string())?;
        match crate::util::strict::ignored_key(&doc, &policy) {
            Some((_, message)) => Err(message),
            None => Ok(policy),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            PolicyConfig::Lru => "lru",
            PolicyConfig::Mru => "mru",
            PolicyConfig::Fifo => "fifo",
            PolicyConfig::Random => "random",
            PolicyConfig::Clock => "clock",
            PolicyConfig::Sieve => "sieve",
            PolicyConfig::Gdsf => "gdsf",
            PolicyConfig::Gds => "gds",
            PolicyConfig::Lfu { .. } => "lfu",
            PolicyConfig::Slru { .. } => "slru",
            PolicyConfig::Lru2 => "lru-2",
            PolicyConfig::LruK { .. } => "lru-k",
            PolicyConfig::Arc => "arc",
            PolicyConfig::Car => "car",
            PolicyConfig::TwoQ => "2q",
            PolicyConfig::S3Fifo { .. } => "s3-fifo",
            PolicyConfig::QdLpFifo { .. } => "qd-lp-fifo",
            PolicyConfig::Mq { .. } => "mq",
            PolicyConfig::LruHints => "lru+hints",
            PolicyConfig::MqHints { .. } => "mq+hints",
            PolicyConfig::Tq => "tq",
            PolicyConfig::Lirs { .. } => "lirs",
            PolicyConfig::ClockPro { .. } => "clock-pro",
            PolicyConfig::WTinyLfu { .. } => "w-tinylfu",
            PolicyConfig::Hyperbolic { .. } => "hyperbolic",
            PolicyConfig::Lhd => "lhd",
            PolicyConfig::Lecar => "lecar",
            PolicyConfig::Cacheus => "cacheus",
            PolicyConfig::Min => "min",
            PolicyConfig::BeladySize { .. } => "belady-size",
            PolicyConfig::ReadOpt => "read-opt",
        }
    }
}

#[cfg(test)]
mod config_tests {
    use super::*;

    #[test]
    fn belady_size_is_offline_in_bytes_and_a_scenario_cache_is_told_so() {
        let p = PolicyConfig::from_json(r#"{"kind":"belady-size"}"#).unwrap();
        assert_eq!((p.name(), p.is_offline()), ("belady-size", true));
        assert_eq!(p, PolicyConfig::BeladySize { samples: 128 });
        let e = p.validate(1000).unwrap_err();
        assert!(e.starts_with("belady-size counts its cache in bytes"), "{e}");
        let e = PolicyConfig::BeladySize { samples: 2000 }.validate(1000).unwrap_err();
        assert_eq!(e, "samples: from 1 to 1024 objects per eviction (got 2000)");
        assert!(p.build(10, 10, 1).err().unwrap().contains("offline"));
    }

    #[test]
    fn every_config_builds_parses_and_names_itself() {
        let all = [
            r#"{"kind":"lru"}"#,
            r#"{"kind":"mru"}"#,
            r#"{"kind":"fifo"}"#,
            r#"{"kind":"random"}"#,
            r#"{"kind":"clock"}"#,
            r#"{"kind":"sieve"}"#,
            r#"{"kind":"gdsf"}"#,
            r#"{"kind":"gds"}"#,
            r#"{"kind":"lfu"}"#,
            r#"{"kind":"lfu","agingPeriod":1000}"#,
            r#"{"kind":"slru"}"#,
            r#"{"kind":"slru","protectedShare":0.625}"#,
            r#"{"kind":"lru-2"}"#,
            r#"{"kind":"lru-k"}"#,
            r#"{"kind":"lru-k","k":3,"correlatedPeriod":50}"#,
            r#"{"kind":"arc"}"#,
            r#"{"kind":"car"}"#,
            r#"{"kind":"2q"}"#,
            r#"{"kind":"w-tinylfu"}"#,
            r#"{"kind":"w-tinylfu","windowShare":0.2}"#,
            r#"{"kind":"hyperbolic"}"#,
            r#"{"kind":"hyperbolic","sampleSize":8}"#,
            r#"{"kind":"lhd"}"#,
            r#"{"kind":"lecar"}"#,
            r#"{"kind":"cacheus"}"#,
            r#"{"kind":"lirs"}"#,
            r#"{"kind":"lirs","hirShare":0.05}"#,
            r#"{"kind":"clock-pro"}"#,
            r#"{"kind":"clock-pro","minColdShare":0.2}"#,
            r#"{"kind":"mq"}"#,
            r#"{"kind":"mq","lifeTime":5000}"#,
            r#"{"kind":"lru+hints"}"#,
            r#"{"kind":"mq+hints"}"#,
            r#"{"kind":"mq+hints","lifeTime":700}"#,
            r#"{"kind":"tq"}"#,
            r#"{"kind":"s3-fifo"}"#,
            r#"{"kind":"s3-fifo","smallShare":0.2}"#,
            r#"{"kind":"qd-lp-fifo"}"#,
            r#"{"kind":"qd-lp-fifo","probationShare":0.2}"#,
        ];
        let names: Vec<_> = PolicyConfig::every_kind().iter().map(|c| c.name()).collect();
        for text in all.iter().chain(&[r#"{"kind":"min"}"#, r#"{"kind":"read-opt"}"#]) {
            let c: PolicyConfig = serde_json::from_str(text).unwrap();
            let p = c.build_offline(10, 100, 1, &[(3, crate::model::Op::Read)]).unwrap();
            assert!(names.contains(&c.name()), "every_kind misses {}", c.name());
            assert_eq!(p.name(), c.name(), "{text}");
            assert_eq!(serde_json::from_str::<PolicyConfig>(&serde_json::to_string(&c).unwrap()).unwrap(), c);
        }
        assert_eq!(
            serde_json::from_str::<PolicyConfig>(r#"{"kind":"slru"}"#).unwrap(),
            PolicyConfig::Slru { protected_share: 0.8 }
        );
    }

    /// Every policy's teaching view, under random references, insertions at either end and
    /// evictions: no block in two lists, the resident lists hold `contents` — in `contents`
    /// order, except W-TinyLFU's (its eviction order merges the window with probation).
    #[test]
    fn every_policys_queues_hold_its_contents() {
        let mut rng = crate::util::rng::Rng::seeded(7);
        let (mut ev, mut queues, mut contents) = (Vec::new(), Vec::new(), Vec::new());
        for config in PolicyConfig::every_kind().into_iter().filter(|c| !c.is_offline()) {
            for cap in [1, 3, 8] {
                let built =
                    [config.build(cap, 32, 1).unwrap(), Box::new(co::Co::new(config.build(cap, 32, 1).unwrap(), 32))];
                for mut p in built {
                    for step in 0..2_000 {
                        let b = rng.below(3 * cap as u64 + 3) as Block;
                        ev.clear();
                        match rng.below(8) {
                            0 => {
                                p.evict();
                            }
                            1 if !p.contains(b) => p.insert(b, End::EjectNext, &mut ev),
                            2 if !p.contains(b) => p.insert(b, End::EjectLast, &mut ev),
                            _ => {
                                p.access(b, &mut ev);
                            }
                        }
                        let listed = testing::queues_checked(p.as_ref());
                        if config.name() != "w-tinylfu" {
                            queues.clear();
                            queues.extend(listed.iter().filter(|q| !q.ghost).flat_map(|q| q.blocks.iter().copied()));
                            contents.clear();
                            p.contents(&mut contents);
                            assert_eq!(queues, contents, "{} c = {cap}, step {step}", config.name());
                        }
                    }
                }
            }
        }
    }

    /// A wrapper has every ability of the policy it wraps, and a hinted write through it does
    /// what it does to the bare policy: a wrapper that once forgot to pass writes on with their
    /// hints changed numbers (CO made a hinted write a plain read).
    #[test]
    fn wrappers_keep_every_ability_of_the_policy_they_wrap() {
        use crate::model::WriteHint;
        use admission::AdmissionConfig;
        let abilities =
            |p: &mut dyn Policy| (p.hints().is_some(), p.views().is_some(), p.victims().is_some(), p.admission());
        let filters =
            [AdmissionConfig::TinyLfu, AdmissionConfig::Probabilistic { probability: 0.5 }, AdmissionConfig::SecondHit];
        let mut checked_hints = 0;
        for config in PolicyConfig::every_kind().into_iter().filter(|c| !c.is_offline()) {
            let build = || config.build(8, 64, 1).unwrap();
            let (hints, views, victims, admission) = abilities(build().as_mut());
            assert_eq!(admission, None, "{}", config.name());
            let co = || -> Box<dyn Policy> { Box::new(co::Co::new(build(), 64)) };
            assert_eq!(abilities(co().as_mut()), (hints, views, victims, None), "CO over {}", config.name());
            for filter in &filters {
                let counted = Some(admission::AdmissionCounts::default());
                let wrapped = [filter.wrap(build(), 64, 1), filter.wrap(co(), 64, 1)];
                for mut p in wrapped {
                    assert_eq!(
                        abilities(p.as_mut()),
                        (hints, views, victims, counted),
                        "{filter:?}, {}",
                        config.name()
                    );
                }
                let mut p: Box<dyn Policy> = Box::new(co::Co::new(filter.wrap(build(), 64, 1), 64));
                assert_eq!(abilities(p.as_mut()), (hints, views, victims, counted), "CO over {filter:?}");
                if !hints {
                    continue;
                }
                // Writes alone: every wrapper passes them on, with their hints, unfiltered.
                let mut rng = crate::util::rng::Rng::seeded(3);
                let (mut bare, mut ev_bare, mut ev) = (build(), Vec::new(), Vec::new());
                let mut p: Box<dyn Policy> = Box::new(co::Co::new(filter.wrap(build(), 64, 1), 64));
                for step in 0..2_000 {
                    let b = rng.below(40) as Block;
                    let hint = [None, Some(WriteHint::Synch), Some(WriteHint::Replace), Some(WriteHint::Recov)]
                        [rng.below(4) as usize];
                    let (want, got) = (bare.write(b, hint, &mut ev_bare), p.write(b, hint, &mut ev));
                    assert_eq!((got, &ev), (want, &ev_bare), "{} behind {filter:?}, step {step}", config.name());
                    ev.clear();
                    ev_bare.clear();
                }
                checked_hints += 1;
            }
        }
        assert_eq!(checked_hints, 3 * filters.len(), "LRU+Hints, MQ+Hints and TQ read hints");
    }

    #[test]
    fn bad_parameters_are_errors_not_panics() {
        assert!(PolicyConfig::Slru { protected_share: 1.5 }.build(10, 10, 0).err().unwrap().contains("protectedShare"));
        assert!(PolicyConfig::Lfu { aging_period: 2 }.build(10, 10, 0).err().unwrap().contains("agingPeriod"));
        assert!(PolicyConfig::Lru.build(0, 10, 0).is_err());
        let lru_1 = PolicyConfig::LruK { k: 1, correlated_period: 0 };
        assert!(lru_1.build(10, 10, 0).err().unwrap().starts_with("k must be"));
        assert_eq!(lru_1.validate(10), Err(lru_1.build(10, 10, 0).err().unwrap()));
        assert!(PolicyConfig::Min.build(10, 10, 0).err().unwrap().contains("offline"));
        assert!(serde_json::from_str::<PolicyConfig>(r#"{"kind":"slru","protected":0.5}"#).is_err());
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Naive reference models shared by the policies' tests, and a driver that checks a policy
    //! against one step by step.
    use super::*;
    use crate::util::rng::Rng;

    /// An obviously-correct (O(n) is fine) model of a policy.
    pub trait Reference {
        fn access(&mut self, b: Block, evicted: &mut Vec<Block>) -> bool;
        fn remove(&mut self, b: Block) -> bool;
        /// `None` when the model does not define repositioning (the driver then skips it).
        fn reposition(&mut self, _b: Block, _end: End) -> Option<bool> {
            None
        }
        /// As [`Policy::evict`]; `None` when the model does not define it (the driver skips it).
        fn evict(&mut self) -> Option<Option<Block>> {
            None
        }
        /// As [`Policy::insert`] at [`End::EjectNext`] of a block not resident; `None` when the
        /// model does not define it.
        fn insert_next(&mut self, _b: Block, _evicted: &mut Vec<Block>) -> Option<()> {
            None
        }
        fn contents(&self) -> Vec<Block>;
        fn capacity(&self) -> usize;
    }

    /// Naive list cache: `order[0]` is the next victim. `hit_end`/`miss_end` say where a hit
    /// and a fetched block go (`None` for a hit: stays put) — the whole of LRU, MRU and FIFO.
    pub struct NaiveList {
        pub capacity: usize,
        pub order: Vec<Block>,
        pub hit_end: Option<End>,
        pub miss_end: End,
    }

    impl NaiveList {
        pub fn new(capacity: usize, hit_end: Option<End>, miss_end: End) -> Self {
            Self { capacity, order: Vec::new(), hit_end, miss_end }
        }

        fn place(&mut self, b: Block, end: End) {
            match end {
                End::EjectNext => self.order.insert(0, b),
                End::EjectLast => self.order.push(b),
            }
        }
    }

    impl Reference for NaiveList {
        fn access(&mut self, b: Block, evicted: &mut Vec<Block>) -> bool {
            if let Some(p) = self.order.iter().position(|&x| x == b) {
                if let Some(end) = self.hit_end {
                    self.order.remove(p);
                    self.place(b, end);
                }
                true
            } else {
                while self.order.len() >= self.capacity {
                    evicted.push(self.order.remove(0));
                }
                self.place(b, self.miss_end);
                false
            }
        }

        fn remove(&mut self, b: Block) -> bool {
            self.order.iter().position(|&x| x == b).map(|p| self.order.remove(p)).is_some()
        }

        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            let was = self.remove(b);
            if was {
                self.place(b, end);
            }
            Some(was)
        }

        fn evict(&mut self) -> Option<Option<Block>> {
            Some((!self.order.is_empty()).then(|| self.order.remove(0)))
        }

        fn insert_next(&mut self, b: Block, evicted: &mut Vec<Block>) -> Option<()> {
            while self.order.len() >= self.capacity {
                evicted.push(self.order.remove(0));
            }
            self.place(b, End::EjectNext);
            Some(())
        }

        fn contents(&self) -> Vec<Block> {
            self.order.clone()
        }

        fn capacity(&self) -> usize {
            self.capacity
        }
    }

    /// A skewed stream: 80 % of references to the first 20 % of `0..n`, with a one-time scan
    /// of fresh ids every so often (the pattern SLRU is built for, paper 001).
    pub fn skewed_with_scans(n: u64, len: usize, seed: u64) -> Vec<Block> {
        let mut rng = Rng::seeded(seed);
        let hot = (n / 5).max(1);
        let mut next_fresh = n;
        let mut out = Vec::with_capacity(len);
        while out.len() < len {
            if rng.below(200) == 0 {
                for _ in 0..n / 2 {
                    out.push(next_fresh as Block);
                    next_fresh += 1;
                }
            } else if rng.below(10) < 8 {
                out.push(rng.below(hot) as Block);
            } else {
                out.push((hot + rng.below(n - hot).max(1)) as Block);
            }
        }
        out.truncate(len);
        out
    }

    /// A resident list, for comparing with [`Policy::queues`].
    pub fn resident(name: &'static str, blocks: &[Block]) -> Queue {
        Queue { name, ghost: false, blocks: blocks.to_vec() }
    }

    /// A ghost list, for comparing with [`Policy::queues`].
    pub fn ghost(name: &'static str, blocks: &[Block]) -> Queue {
        Queue { name, ghost: true, blocks: blocks.to_vec() }
    }

    /// [`Policy::queues`], after checking what every teaching view relies on: no block in two
    /// lists, the resident lists holding exactly [`Policy::contents`], no ghost resident.
    pub fn queues_checked(p: &dyn Policy) -> Vec<Queue> {
        let mut queues = Vec::new();
        p.queues(&mut queues);
        let mut all: Vec<Block> = queues.iter().flat_map(|q| q.blocks.iter().copied()).collect();
        all.sort_unstable();
        assert!(all.windows(2).all(|w| w[0] != w[1]), "a block in two lists: {queues:?}");
        let mut listed: Vec<Block> = queues.iter().filter(|q| !q.ghost).flat_map(|q| q.blocks.clone()).collect();
        let mut contents = Vec::new();
        p.contents(&mut contents);
        listed.sort_unstable();
        contents.sort_unstable();
        assert_eq!(listed, contents, "resident lists vs contents: {queues:?}");
        for q in queues.iter().filter(|q| q.ghost) {
            assert!(q.blocks.iter().all(|&b| !p.contains(b)), "ghost list {} holds a resident block", q.name);
        }
        queues
    }

    /// Drives `policy` and `model` with the same random accesses (and occasional removals,
    /// repositions, evictions and "eject me next" insertions, where the model defines them) and
    /// demands identical hits, victims and contents at every step.
    pub fn agrees_with(mut policy: Box<dyn Policy>, mut model: impl Reference, seed: u64) {
        let mut rng = Rng::seeded(seed);
        let n = 3 * model.capacity() as u64 + 2;
        let skewed = skewed_with_scans(n, 20_000, seed);
        let (mut ev_p, mut ev_n, mut got) = (Vec::new(), Vec::new(), Vec::new());
        for (step, &skewed_b) in skewed.iter().enumerate() {
            // Alternate halves: uniform ids, then the skewed stream.
            let b = if step < 10_000 { rng.below(n) as Block } else { skewed_b };
            match rng.below(16) {
                0 => assert_eq!(policy.remove(b), model.remove(b), "step {step}: remove {b}"),
                1 => {
                    let end = if rng.below(2) == 0 { End::EjectNext } else { End::EjectLast };
                    if let Some(was) = model.reposition(b, end) {
                        assert_eq!(policy.reposition(b, end), was, "step {step}: reposition {b} {end:?}");
                    }
                }
                2 => {
                    if let Some(victim) = model.evict() {
                        assert_eq!(policy.evict(), victim, "step {step}: evict");
                    }
                }
                3 if !policy.contains(b) => {
                    ev_p.clear();
                    ev_n.clear();
                    if model.insert_next(b, &mut ev_n).is_some() {
                        policy.insert(b, End::EjectNext, &mut ev_p);
                        assert_eq!(ev_p, ev_n, "step {step}: insert {b} at EjectNext");
                    }
                }
                _ => {
                    ev_p.clear();
                    ev_n.clear();
                    let hp = policy.access(b, &mut ev_p);
                    let hn = model.access(b, &mut ev_n);
                    assert_eq!((hp, &ev_p), (hn, &ev_n), "step {step}: access {b}");
                }
            }
            policy.check_invariants().unwrap_or_else(|e| panic!("step {step}: {e}"));
            got.clear();
            policy.contents(&mut got);
            assert_eq!(got, model.contents(), "step {step}: contents");
            assert_eq!(policy.len(), got.len());
            assert!(policy.len() <= policy.capacity());
        }
    }
}
