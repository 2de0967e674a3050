//! A cache's size as a user types it — a number of blocks (objects, read as objects), or bytes
//! with a unit — one parser for the command line, Python and the scenario document.

/// The largest cache `tiersim sim` accepts, in blocks (block ids are `u32`).
pub const MAX_SIZE: u64 = 1 << 32;

/// A cache's size as a user gives it: blocks (objects, read as objects), or bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capacity {
    Blocks(u64),
    Bytes(u64),
}

/// The most bytes a cache may hold: 1 PiB.
pub const MAX_BYTES: u64 = 1 << 50;

impl Capacity {
    /// A size as typed: a bare number is blocks (objects); a number with a unit is bytes —
    /// `B`; `KB`, `MB`, `GB`, `TB`, `PB` (powers of 1000); `KiB`, `MiB`, `GiB`, `TiB`, `PiB`
    /// and the single letters `K`, `M`, `G`, `T`, `P` (powers of 1024), in any case, with or
    /// without a space: `128MiB`, `1 GiB`, `512KB`, `4k`. Fractions are allowed with a unit
    /// (`1.5GiB`) and round down to a byte.
    pub fn parse(text: &str) -> Result<Self, String> {
        let t = text.trim();
        let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
        let (number, unit) = (&t[..split], t[split..].trim());
        if number.is_empty() {
            return Err(format!(
                "{text:?} is not a size: a number of blocks, or of bytes with a unit (128MiB, 1GiB, 512KB)"
            ));
        }
        if unit.is_empty() {
            let blocks: u64 = number
                .parse()
                .map_err(|_| format!("{text:?}: a number of blocks is a whole number (or give a unit: 128MiB)"))?;
            if !(1..=MAX_SIZE).contains(&blocks) {
                return Err(format!("{text:?}: a cache holds from 1 to {MAX_SIZE} blocks"));
            }
            return Ok(Self::Blocks(blocks));
        }
        let scale: u64 = match unit.to_ascii_lowercase().as_str() {
            "b" => 1,
            "kb" => 1_000,
            "mb" => 1_000_000,
            "gb" => 1_000_000_000,
            "tb" => 1_000_000_000_000,
            "pb" => 1_000_000_000_000_000,
            "k" | "kib" => 1 << 10,
            "m" | "mib" => 1 << 20,
            "g" | "gib" => 1 << 30,
            "t" | "tib" => 1 << 40,
            "p" | "pib" => 1 << 50,
            _ => {
                return Err(format!(
                    "{text:?}: unknown unit {unit:?} (B, KB, MB, GB, TB are powers of 1000; KiB, MiB, GiB, TiB or K, M, G, T powers of 1024)"
                ))
            }
        };
        let n: f64 = number.parse().map_err(|_| format!("{text:?}: {number:?} is not a number"))?;
        let bytes = (n * scale as f64).floor();
        if !(1.0..=MAX_BYTES as f64).contains(&bytes) {
            return Err(format!("{text:?}: a cache holds from 1 byte to {MAX_BYTES} bytes (1 PiB)"));
        }
        Ok(Self::Bytes(bytes as u64))
    }

    /// A number of bytes as typed, which must carry a unit (a size threshold: `64KiB`).
    pub fn parse_bytes(text: &str) -> Result<u64, String> {
        match Self::parse(text)? {
            Self::Bytes(b) => Ok(b),
            Self::Blocks(_) => Err("a size threshold is bytes: give a unit (64KiB, 1MB, 4096B)".into()),
        }
    }

    /// Byte capacities as typed, comma-separated, each with a unit (`128MiB,1GiB`); an error
    /// names the item.
    pub fn parse_byte_list(text: &str) -> Result<Vec<u64>, String> {
        text.split(',').map(Self::parse_capacity_bytes).collect()
    }

    /// One capacity in bytes as typed, which must carry a unit (`128MiB`).
    pub fn parse_capacity_bytes(text: &str) -> Result<u64, String> {
        match Self::parse(text)? {
            Self::Bytes(b) => Ok(b),
            Self::Blocks(_) => {
                Err(format!("{:?}: a capacity in bytes needs a unit (128MiB, 1GiB, 4096B)", text.trim()))
            }
        }
    }

    /// The number a report gives as the size: blocks, or bytes.
    pub fn amount(self) -> u64 {
        match self {
            Self::Blocks(n) | Self::Bytes(n) => n,
        }
    }
}

impl std::fmt::Display for Capacity {
    /// "1000 blocks"; bytes in the largest power-of-1024 unit that divides them ("128 MiB
    /// (134217728 bytes)"), or plain bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Self::Blocks(n) => write!(f, "{n} blocks"),
            Self::Bytes(n) => {
                let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB"];
                let k = (1..units.len()).rev().find(|&k| n.is_multiple_of(1 << (10 * k))).unwrap_or(0);
                match k {
                    0 => write!(f, "{n} bytes"),
                    _ => write!(f, "{} {} ({n} bytes)", n >> (10 * k), units[k]),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_as_blocks_or_bytes_with_units_and_bad_ones_say_why() {
        let ok = [
            ("1000", Capacity::Blocks(1000)),
            ("128MiB", Capacity::Bytes(128 << 20)),
            ("1 GiB", Capacity::Bytes(1 << 30)),
            ("512KB", Capacity::Bytes(512_000)),
            ("4k", Capacity::Bytes(4096)),
            ("1.5g", Capacity::Bytes(3 << 29)),
            ("1GB", Capacity::Bytes(1_000_000_000)),
            ("4096B", Capacity::Bytes(4096)),
        ];
        for (text, want) in ok {
            assert_eq!(Capacity::parse(text), Ok(want), "{text}");
        }
        assert_eq!(Capacity::Bytes(128 << 20).to_string(), "128 MiB (134217728 bytes)");
        assert_eq!(Capacity::Bytes(1000).to_string(), "1000 bytes");
        for (text, says) in [
            ("12 parsecs", "unknown unit \"parsecs\""),
            ("MiB", "not a size"),
            ("0", "from 1 to"),
            ("0.1B", "from 1 byte"),
            ("2PiB", "1 PiB"),
            ("1.5", "whole number"),
            ("1..2GiB", "not a number"),
        ] {
            let e = Capacity::parse(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
        // A size threshold (the CLI's --admit-below, Python's admit_below) is bytes only.
        assert_eq!(Capacity::parse_bytes("64KiB"), Ok(65536));
        assert_eq!(
            Capacity::parse_bytes("5"),
            Err("a size threshold is bytes: give a unit (64KiB, 1MB, 4096B)".into())
        );
        assert!(Capacity::parse_bytes("lots").unwrap_err().contains("not a size"));
        assert_eq!(Capacity::parse_byte_list("128MiB, 1GiB,4096B"), Ok(vec![1 << 27, 1 << 30, 4096]));
        assert_eq!(
            Capacity::parse_byte_list("1MiB,7"),
            Err("\"7\": a capacity in bytes needs a unit (128MiB, 1GiB, 4096B)".into())
        );
        assert!(Capacity::parse_byte_list("1MiB,,2MiB").unwrap_err().contains("not a size"));
        // One capacity is one: a list in its place is not a size.
        assert!(Capacity::parse_capacity_bytes("1MiB,2MiB").unwrap_err().contains("unknown unit"));
    }
}
