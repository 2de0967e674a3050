//! Disk service times. `Constant` charges one fixed T_d per request that reaches the disk
//! (paper 000's observed average). `Mechanical` models a single drive behind its controller:
//!
//! - a request pays the controller overhead once;
//! - each block it reads from the platter pays a seek by LBA distance
//!   (`minSeek + (maxSeek − minSeek)·√(distance / capacity)`, none for distance 0), half a
//!   rotation on average, and the media transfer;
//! - after such a read the drive keeps reading ahead into its track buffer (`readAheadKiB`), so
//!   the blocks that follow cost only the transfer over the bus.
//!
//! Everything is deterministic (the rotational delay is its mean), so runs stay exact. The
//! defaults ([`Mechanical::CALIBRATED`]) are a late-1990s 5400 rpm drive, calibrated to paper
//! 000: random 4 KiB reads over its RANDOM working set (128 MiB on a 4 GiB disk) average
//! ≈ 10 ms — the T_d it observed — and a sequential stream costs ≈ 1.45 ms per 4 KiB block, which
//! with the 0.2 ms link gives its SEQUENTIAL baseline of 1.67 ms.

use serde::{Deserialize, Serialize};

use crate::model::Block;

/// A mechanical drive's parameters (all optional in JSON, so in TypeScript too; defaults are the
/// calibrated drive).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Mechanical {
    /// Spindle speed; the mean rotational delay is half a revolution.
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub rpm: f64,
    /// Controller and command overhead per request.
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub overhead_ms: f64,
    /// Seek time for the shortest non-zero distance and for a full stroke.
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub min_seek_ms: f64,
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub max_seek_ms: f64,
    /// Disk size (sets what a full stroke is).
    #[serde(rename = "capacityGiB")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub capacity_gib: f64,
    /// Platter-to-buffer rate, MB/s (10^6 bytes).
    #[serde(rename = "mediaMBps")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub media_mbps: f64,
    /// Buffer-to-host rate (read-ahead hits), MB/s.
    #[serde(rename = "busMBps")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub bus_mbps: f64,
    /// Read-ahead after each platter read; 0 turns the track buffer off.
    #[serde(rename = "readAheadKiB")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub read_ahead_kib: f64,
}

impl Mechanical {
    pub const CALIBRATED: Mechanical = Mechanical {
        rpm: 5400.0,
        overhead_ms: 1.2,
        min_seek_ms: 2.0,
        max_seek_ms: 15.0,
        capacity_gib: 4.0,
        media_mbps: 10.0,
        bus_mbps: 20.0,
        read_ahead_kib: 512.0,
    };

    pub fn validate(&self) -> Result<(), String> {
        let check = |name: &str, v: f64, lo: f64, hi: f64| {
            if v.is_finite() && v >= lo && v <= hi {
                Ok(())
            } else {
                Err(format!("{name} must be between {lo} and {hi} (got {v})"))
            }
        };
        check("rpm", self.rpm, 60.0, 100_000.0)?;
        check("overheadMs", self.overhead_ms, 0.0, 1000.0)?;
        check("minSeekMs", self.min_seek_ms, 0.0, 1000.0)?;
        check("maxSeekMs", self.max_seek_ms, self.min_seek_ms, 1000.0)?;
        check("capacityGiB", self.capacity_gib, 0.001, 1_000_000.0)?;
        check("mediaMBps", self.media_mbps, 0.001, 1_000_000.0)?;
        check("busMBps", self.bus_mbps, 0.001, 1_000_000.0)?;
        check("readAheadKiB", self.read_ahead_kib, 0.0, 1_048_576.0)
    }
}

impl Default for Mechanical {
    fn default() -> Self {
        Self::CALIBRATED
    }
}

/// How long the disk takes to serve what missed every cache.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase", deny_unknown_fields)]
pub enum DiskConfig {
    /// Every request that reaches the disk costs the same (paper 000 observed T_d ≈ 10 ms).
    #[serde(rename_all = "camelCase")]
    Constant { service_ms: f64 },
    /// Seek, rotation, transfer and a read-ahead track buffer (see the module docs).
    Mechanical(Mechanical),
}

impl Default for DiskConfig {
    fn default() -> Self {
        DiskConfig::Constant { service_ms: 10.0 }
    }
}

impl DiskConfig {
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            DiskConfig::Constant { service_ms } => {
                if !(service_ms.is_finite() && (0.0..=100_000.0).contains(&service_ms)) {
                    return Err(format!("serviceMs must be between 0 and 100000 ms (got {service_ms})"));
                }
                Ok(())
            }
            DiskConfig::Mechanical(m) => m.validate(),
        }
    }
}

fn ns(ms: f64) -> u64 {
    (ms * 1e6).round() as u64
}

/// A disk in a run: its configuration turned into integer-nanosecond costs, plus the head
/// position and track buffer of a mechanical drive.
#[derive(Clone, Debug)]
pub struct Disk {
    model: Model,
}

#[derive(Clone, Debug)]
enum Model {
    Constant {
        service_ns: u64,
    },
    Mechanical {
        overhead_ns: u64,
        min_seek_ns: u64,
        seek_span_ns: u64,
        half_rotation_ns: u64,
        media_ns: u64,
        bus_ns: u64,
        capacity_blocks: f64,
        read_ahead_blocks: u64,
        head: u64,
        /// Blocks `buffer.0 .. buffer.1` sit in the track buffer.
        buffer: (u64, u64),
    },
}

impl Disk {
    pub fn new(config: DiskConfig, block_bytes: u32) -> Self {
        let model = match config {
            DiskConfig::Constant { service_ms } => Model::Constant { service_ns: ns(service_ms) },
            DiskConfig::Mechanical(m) => {
                let bytes = block_bytes as f64;
                Model::Mechanical {
                    overhead_ns: ns(m.overhead_ms),
                    min_seek_ns: ns(m.min_seek_ms),
                    seek_span_ns: ns(m.max_seek_ms - m.min_seek_ms),
                    half_rotation_ns: ns(30_000.0 / m.rpm),
                    media_ns: ns(bytes / (m.media_mbps * 1e6) * 1e3),
                    bus_ns: ns(bytes / (m.bus_mbps * 1e6) * 1e3),
                    capacity_blocks: (m.capacity_gib * (1u64 << 30) as f64 / bytes).max(1.0),
                    read_ahead_blocks: (m.read_ahead_kib * 1024.0 / bytes) as u64,
                    head: 0,
                    buffer: (0, 0),
                }
            }
        };
        Self { model }
    }

    /// The fixed cost of a request that reaches the disk (T_d for a constant disk).
    pub fn request_ns(&self) -> u64 {
        match self.model {
            Model::Constant { service_ns } => service_ns,
            Model::Mechanical { overhead_ns, .. } => overhead_ns,
        }
    }

    /// The cost of reading `block` within a request (nothing more for a constant disk), and
    /// the drive's new head position and buffer.
    pub fn block_ns(&mut self, block: Block) -> u64 {
        match &mut self.model {
            Model::Constant { .. } => 0,
            Model::Mechanical {
                min_seek_ns,
                seek_span_ns,
                half_rotation_ns,
                media_ns,
                bus_ns,
                capacity_blocks,
                read_ahead_blocks,
                head,
                buffer,
                ..
            } => {
                let b = block as u64;
                if (buffer.0..buffer.1).contains(&b) {
                    return *bus_ns;
                }
                let distance = b.abs_diff(*head);
                let seek = if distance == 0 {
                    0
                } else {
                    *min_seek_ns
                        + (*seek_span_ns as f64 * (distance as f64 / *capacity_blocks).min(1.0).sqrt()).round() as u64
                };
                // After the read the drive keeps reading ahead; the head ends past the buffer.
                *buffer = (b + 1, b + 1 + *read_ahead_blocks);
                *head = buffer.1;
                seek + *half_rotation_ns + *media_ns
            }
        }
    }

    /// A representative one-block read, for labels: T_d, or the mechanical drive's cost with
    /// its shortest seek.
    pub fn nominal_ns(&self) -> u64 {
        match self.model {
            Model::Constant { service_ns } => service_ns,
            Model::Mechanical { overhead_ns, min_seek_ns, half_rotation_ns, media_ns, .. } => {
                overhead_ns + min_seek_ns + half_rotation_ns + media_ns
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;

    fn read_ms(d: &mut Disk, b: Block) -> f64 {
        (d.request_ns() + d.block_ns(b)) as f64 / 1e6
    }

    #[test]
    fn calibrated_for_paper_000_random_and_sequential() {
        let mut d = Disk::new(DiskConfig::Mechanical(Mechanical::CALIBRATED), 4096);
        let mut rng = Rng::seeded(5);
        // Random 4 KiB reads over paper 000's RANDOM working set (32768 blocks).
        let n = 20_000;
        let random: f64 = (0..n).map(|_| read_ms(&mut d, rng.below(32_768) as Block)).sum::<f64>() / n as f64;
        assert!((random - 10.0).abs() < 0.5, "random reads average {random:.2} ms");
        // A sequential stream.
        let seq: f64 = (0..32_767).map(|b| read_ms(&mut d, 100_000 + b)).sum::<f64>() / 32_767.0;
        assert!((seq - 1.45).abs() < 0.05, "sequential reads average {seq:.3} ms");
    }

    #[test]
    fn hand_worked_seek_rotation_and_read_ahead() {
        // 6000 rpm: 5 ms half rotation; 1 ms overhead; seeks 1 + 9·√(d/C) ms over C = 1 Mi
        // blocks of 4 KiB; 4 KiB at 4.096 MB/s = 1 ms on the media, at 40.96 MB/s = 0.1 ms on the bus.
        let m = Mechanical {
            rpm: 6000.0,
            overhead_ms: 1.0,
            min_seek_ms: 1.0,
            max_seek_ms: 10.0,
            capacity_gib: 4.0,
            media_mbps: 4.096,
            bus_mbps: 40.96,
            read_ahead_kib: 8.0, // two blocks
        };
        let mut d = Disk::new(DiskConfig::Mechanical(m), 4096);
        let mut at = |b| d.request_ns() + d.block_ns(b);
        const MS: u64 = 1_000_000;
        assert_eq!(at(0), MS + 5 * MS + MS, "head already there: no seek");
        assert_eq!(at(1), MS + MS / 10, "read ahead");
        assert_eq!(at(2), MS + MS / 10, "read ahead");
        assert_eq!(at(3), 7 * MS, "past the buffer, but the head is there");
        // The head now sits at 6 (after 3 and its two read-ahead blocks). A quarter of the
        // disk away: seek 1 + 9·√(262144 / 1048576) = 5.5 ms.
        assert_eq!(at(6 + 262_144), MS + 5 * MS + MS / 2 + 5 * MS + MS);
        assert!(DiskConfig::Mechanical(Mechanical { rpm: 0.0, ..m }).validate().unwrap_err().starts_with("rpm"));
        assert!(DiskConfig::Mechanical(Mechanical { max_seek_ms: 0.5, ..m })
            .validate()
            .unwrap_err()
            .starts_with("maxSeekMs"));
        // A constant disk: T_d per request, nothing per block.
        let mut c = Disk::new(DiskConfig::Constant { service_ms: 10.0 }, 4096);
        assert_eq!((c.request_ns(), c.block_ns(7), c.nominal_ns()), (10_000_000, 0, 10_000_000));
    }

    #[test]
    fn json_defaults_to_the_calibrated_drive() {
        let d: DiskConfig = serde_json::from_str(r#"{"kind":"mechanical"}"#).unwrap();
        assert_eq!(d, DiskConfig::Mechanical(Mechanical::CALIBRATED));
        let d: DiskConfig = serde_json::from_str(r#"{"kind":"mechanical","rpm":7200}"#).unwrap();
        assert_eq!(d, DiskConfig::Mechanical(Mechanical { rpm: 7200.0, ..Mechanical::CALIBRATED }));
        assert!(serde_json::from_str::<DiskConfig>(r#"{"kind":"mechanical","speed":1}"#).is_err());
    }
}
