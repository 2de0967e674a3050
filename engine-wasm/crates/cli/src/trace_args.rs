//! The trace-file options `tiersim sim` and `tiersim stackdist` share, and reading the file.

use tiersim_core::trace::{self, Format, Trace};

#[derive(clap::Args, Debug, Clone)]
pub struct TraceArgs {
    #[arg(long)]
    pub trace: String,
    /// lines, csv, msr, spc, blkparse, vscsi, oracle-general, k5cloud, tencent or alibaba (gzip/zstd read
    /// through); detected when left out.
    #[arg(long)]
    pub format: Option<String>,
    /// Bytes per block for byte-addressed traces.
    #[arg(long, default_value_t = 4096)]
    pub block_size: u32,
    /// Key each request by its start address, without splitting it into blocks.
    #[arg(long)]
    pub object: bool,
    /// Skip malformed records (and say how many) instead of stopping at the first.
    #[arg(long)]
    pub skip_bad: bool,
}

impl TraceArgs {
    /// For tests: a file with the other options at their defaults.
    #[cfg(test)]
    pub fn file(trace: &str, format: Option<&str>) -> Self {
        Self { trace: trace.into(), format: format.map(String::from), block_size: 4096, object: false, skip_bad: false }
    }

    /// Reads and parses the file; errors name the option or the file and the place in it.
    pub fn load(&self) -> Result<(Trace, Format), String> {
        if !(self.block_size.is_power_of_two() && (512..=1 << 20).contains(&self.block_size)) {
            return Err(format!("--block-size: must be a power of two from 512 to 1048576 (got {})", self.block_size));
        }
        let format =
            self.format.as_deref().map(Format::parse_name).transpose().map_err(|e| format!("--format: {e}"))?;
        let opts = trace::Options { block_size: self.block_size, object_mode: self.object };
        load_file(&self.trace, format, opts, self.skip_bad)
    }
}

/// Streams the trace file `name` (its format detected from the first chunk when not given);
/// errors name the file and the place in it.
pub fn load_file(
    name: &str,
    format: Option<Format>,
    opts: trace::Options,
    skip_bad: bool,
) -> Result<(Trace, Format), String> {
    let (finished, format) = trace::file::load_file(name, format, opts, skip_bad).map_err(|e| match e {
        trace::file::FileError::UnknownFormat { .. } => {
            format!("{name}: cannot tell the trace format; name it with --format")
        }
        e => e.to_string(),
    })?;
    if let Some(e) = &finished.first_skipped {
        eprintln!("{name}: skipped {} malformed records (the first: {e})", finished.skipped);
    }
    Ok((finished.trace, format))
}
