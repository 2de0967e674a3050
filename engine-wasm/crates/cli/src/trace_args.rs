//! The trace-file options `tiersim sim` and `tiersim stackdist` share, and reading the file.

use tiersim_core::trace::{self, Format, Trace};

#[derive(clap::Args, Debug, Clone)]
pub struct TraceArgs {
    #[arg(long)]
    pub trace: String,
    /// lines, csv, msr, spc, blkparse, vscsi or oracle-general (gzip/zstd read through); detected when left out.
    #[arg(long)]
    pub format: Option<String>,
    /// Bytes per block for byte-addressed traces.
    #[arg(long, default_value_t = 4096)]
    pub block_size: u32,
    /// Key each request by its start address, without splitting it into blocks.
    #[arg(long)]
    pub object: bool,
}

impl TraceArgs {
    /// For tests: a file with the other options at their defaults.
    #[cfg(test)]
    pub fn file(trace: &str, format: Option<&str>) -> Self {
        Self { trace: trace.into(), format: format.map(String::from), block_size: 4096, object: false }
    }

    /// Reads and parses the file; errors name the option or the file and the place in it.
    pub fn load(&self) -> Result<(Trace, Format), String> {
        if !(self.block_size.is_power_of_two() && (512..=1 << 20).contains(&self.block_size)) {
            return Err(format!("--block-size: must be a power of two from 512 to 1048576 (got {})", self.block_size));
        }
        let bytes = std::fs::read(&self.trace).map_err(|e| format!("{}: {e}", self.trace))?;
        let format = match &self.format {
            Some(name) => Format::parse_name(name).map_err(|e| format!("--format: {e}"))?,
            None => trace::detect(&bytes)
                .ok_or(format!("{}: cannot tell the trace format; name it with --format", self.trace))?,
        };
        let opts = trace::Options { block_size: self.block_size, object_mode: self.object };
        let parsed = trace::parse(&bytes, format, &opts).map_err(|e| format!("{}: {e}", self.trace))?;
        Ok((parsed, format))
    }
}
