//! The additive latency model of paper 000 §3 (its eq. 1): a request's latency is the sum of
//! the costs along its path — client lookup, the client↔array link, the disk — plus the link
//! transfers of the DEMOTEs it caused. All costs are integer nanoseconds so that sums are exact
//! and identical in every build.

use serde::{Deserialize, Serialize};

use super::disk::{Disk, DiskConfig};

/// A link between two levels: a fixed per-request cost (propagation, protocol and controller
/// overhead) plus the data's transfer time at the link's bandwidth.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "preset", rename_all = "kebab-case", deny_unknown_fields)]
pub enum LinkConfig {
    /// 1 Gbit/s Fibre Channel: 0.2 ms for a 4 KiB block, controller included (paper 000 §4.2).
    #[serde(rename = "fc-1g")]
    #[default]
    Fc1g,
    /// VI / Fibre-Channel SAN of paper 003 Table 3: T_h = 0.125 ms (4 KiB), 0.137 ms (8 KiB).
    ViFc,
    /// IP storage of paper 003 Table 3: T_h = 0.692 ms (4 KiB), 0.979 ms (8 KiB).
    IpStorage,
    /// Paper 003's "future SAN", ten times faster than VI/FC: 0.012 ms (4 KiB), 0.014 ms (8 KiB).
    FutureSan,
    /// 100 Mbit/s with the same per-request overhead as `fc-1g` (paper 000 §5 sweep).
    #[serde(rename = "eth-100m")]
    Eth100m,
    /// 10 Mbit/s with the same per-request overhead as `fc-1g` (paper 000 §5 sweep).
    #[serde(rename = "eth-10m")]
    Eth10m,
    /// Any other link.
    #[serde(rename_all = "camelCase")]
    Custom {
        /// Fixed cost per transfer, in microseconds.
        latency_us: f64,
        /// Bandwidth in Mbit/s (10^6 bit/s).
        bandwidth_mbit: f64,
    },
}

/// Per-request overhead of the 1 Gbit/s FC preset: 0.2 ms minus a 4 KiB transfer at 1 Gbit/s.
const FC_OVERHEAD_US: f64 = 200.0 - 4096.0 * 8.0 / 1000.0;

impl LinkConfig {
    /// `(latency_us, bandwidth_mbit)` of this link. Paper 003's presets are fitted exactly to
    /// its 4 KiB and 8 KiB figures (the 8 KiB − 4 KiB difference is one 4 KiB transfer).
    pub fn parameters(&self) -> (f64, f64) {
        let per_4k = |us: f64| 4096.0 * 8.0 / us; // Mbit/s that moves 4 KiB in `us`
        match *self {
            LinkConfig::Fc1g => (FC_OVERHEAD_US, 1000.0),
            LinkConfig::ViFc => (125.0 - 12.0, per_4k(12.0)),
            LinkConfig::IpStorage => (692.0 - 287.0, per_4k(287.0)),
            LinkConfig::FutureSan => (12.0 - 2.0, per_4k(2.0)),
            LinkConfig::Eth100m => (FC_OVERHEAD_US, 100.0),
            LinkConfig::Eth10m => (FC_OVERHEAD_US, 10.0),
            LinkConfig::Custom { latency_us, bandwidth_mbit } => (latency_us, bandwidth_mbit),
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        let (lat, bw) = self.parameters();
        if !(lat.is_finite() && (0.0..=10_000_000.0).contains(&lat)) {
            return Err(format!("latencyUs must be between 0 and 10000000 µs (got {lat})"));
        }
        if !(bw.is_finite() && bw > 0.0 && bw <= 10_000_000.0) {
            return Err(format!("bandwidthMbit must be above 0 and at most 10000000 Mbit/s (got {bw})"));
        }
        Ok(())
    }

    /// Time to move `bytes` over this link, in whole nanoseconds.
    pub fn transfer_ns(&self, bytes: u64) -> u64 {
        let (lat_us, bw_mbit) = self.parameters();
        // Mbit/s is bits per microsecond: bytes·8 / bw µs.
        (lat_us * 1000.0 + bytes as f64 * 8.0 * 1000.0 / bw_mbit).round() as u64
    }
}

/// Costs precomputed for the common one-block case; other sizes are computed when needed.
#[derive(Clone, Debug)]
pub struct Timing {
    pub client_hit_ns: u64,
    pub link: LinkConfig,
    pub block_bytes: u64,
    /// A representative one-block disk read (T_d for a constant disk), for labels.
    pub disk_ns: u64,
    pub disk: DiskConfig,
    one_block_link_ns: u64,
}

impl Timing {
    pub fn new(client_hit_ms: f64, link: LinkConfig, disk: DiskConfig, block_bytes: u32) -> Self {
        let block_bytes = block_bytes as u64;
        Self {
            client_hit_ns: (client_hit_ms * 1e6).round() as u64,
            link,
            block_bytes,
            disk_ns: Disk::new(disk, block_bytes as u32).nominal_ns(),
            disk,
            one_block_link_ns: link.transfer_ns(block_bytes),
        }
    }

    /// Link time to move `blocks` blocks in one transfer (zero blocks cost nothing).
    #[inline]
    pub fn link_ns(&self, blocks: u32) -> u64 {
        match blocks {
            0 => 0,
            1 => self.one_block_link_ns,
            n => self.link.transfer_ns(n as u64 * self.block_bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_reproduce_the_papers_figures() {
        let ms = |l: LinkConfig, bytes| l.transfer_ns(bytes) as f64 / 1e6;
        assert_eq!(LinkConfig::Fc1g.transfer_ns(4096), 200_000);
        for (link, t4, t8) in [
            (LinkConfig::ViFc, 0.125, 0.137),
            (LinkConfig::IpStorage, 0.692, 0.979),
            (LinkConfig::FutureSan, 0.012, 0.014),
        ] {
            assert!((ms(link, 4096) - t4).abs() < 1e-6, "{link:?} 4 KiB");
            assert!((ms(link, 8192) - t8).abs() < 1e-6, "{link:?} 8 KiB");
        }
        // Lower bandwidth costs more per block, same overhead.
        assert!(ms(LinkConfig::Eth10m, 4096) > ms(LinkConfig::Eth100m, 4096));
        assert!((ms(LinkConfig::Eth100m, 4096) - (0.167232 + 0.32768)).abs() < 1e-6);
    }

    #[test]
    fn absurd_links_and_disks_are_refused() {
        assert!(LinkConfig::Custom { latency_us: -1.0, bandwidth_mbit: 10.0 }.validate().is_err());
        assert!(LinkConfig::Custom { latency_us: 1.0, bandwidth_mbit: 0.0 }.validate().is_err());
        assert!(LinkConfig::Custom { latency_us: f64::NAN, bandwidth_mbit: 1.0 }.validate().is_err());
        assert!(DiskConfig::Constant { service_ms: f64::INFINITY }.validate().is_err());
        assert!(DiskConfig::Constant { service_ms: 10.0 }.validate().is_ok());
    }
}
