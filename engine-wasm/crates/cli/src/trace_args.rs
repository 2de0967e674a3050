//! The trace-file options `tiersim sim`, `sweep` and `stackdist` share, and reading the file:
//! streamed batch by batch through the reader thread of [`pipeline`], never held whole (a
//! whole-file read stays for a queueing run of several clients, and for tests).

use std::sync::Arc;

use tiersim_core::trace::columns::Columns;
use tiersim_core::trace::pipeline::{self, Replayed, Settings};
use tiersim_core::trace::{self, Format, Trace};

#[derive(clap::Args, Debug, Clone)]
pub struct TraceArgs {
    /// The trace file (- reads standard input, streamed; runs that read it more than once need
    /// a file).
    #[arg(long)]
    pub trace: String,
    /// lines, csv, msr, spc, blkparse, vscsi, oracle-general, k5cloud, tencent, alibaba, columns,
    /// webcachesim, wikimedia-upload or wikimedia-text (gzip/zstd read through); detected when
    /// left out.
    #[arg(long)]
    pub format: Option<String>,
    /// Any delimited text trace, read through a column map: `key=5,size=4,time=2,header`
    /// (also ids=text, address=bytes|blocks, op=N, client=N, time-unit=ms, delimiter=tab), or
    /// libCacheSim's `obj-id-col=5,obj-size-col=4,time-col=2,has-header=true`. Implies
    /// --format columns.
    #[arg(long, value_name = "MAP")]
    pub columns: Option<String>,
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
        Self {
            trace: trace.into(),
            format: format.map(String::from),
            columns: None,
            block_size: 4096,
            object: false,
            skip_bad: false,
        }
    }

    /// The format (when named) and the reading options; errors name the option.
    pub fn options(&self) -> Result<(Option<Format>, trace::Options), String> {
        if !trace::is_block_size(self.block_size) {
            return Err(format!("--block-size: must be a power of two from 512 to 1048576 (got {})", self.block_size));
        }
        let format =
            self.format.as_deref().map(Format::parse_name).transpose().map_err(|e| format!("--format: {e}"))?;
        let columns =
            self.columns.as_deref().map(Columns::parse_spec).transpose().map_err(|e| format!("--columns: {e}"))?;
        let format =
            Format::with_columns(format, columns.as_ref()).map_err(|e| format!("--{}: {}", e.place, e.message))?;
        Ok((format, trace::Options { block_size: self.block_size, object_mode: self.object, columns }))
    }

    /// Streams the file through `workers` (see [`replay`]).
    pub fn replay<W: FnMut(&Arc<Trace>) + Send>(&self, workers: &mut [W]) -> Result<Replayed, String> {
        self.replay_with(Settings::default(), workers)
    }

    /// [`TraceArgs::replay`] cut as `settings` say.
    pub fn replay_with<W: FnMut(&Arc<Trace>) + Send>(
        &self,
        settings: Settings,
        workers: &mut [W],
    ) -> Result<Replayed, String> {
        let (format, opts) = self.options()?;
        replay(&self.trace, format, opts, self.skip_bad, settings, workers)
    }

    /// Reads the whole file into memory (see [`load_file`]): for work that needs the trace's
    /// distinct blocks before its first request (`tiersim mrc`'s default sizes and scaling).
    pub fn load(&self) -> Result<(Trace, Format), String> {
        let (format, opts) = self.options()?;
        load_file(&self.trace, format, opts, self.skip_bad)
    }

    /// Whether the file can be read again (not standard input or a pipe): passes after the
    /// first need it.
    pub fn check_rereadable(&self, why: &str) -> Result<(), String> {
        if pipeline::rereadable(&self.trace) {
            return Ok(());
        }
        Err(format!("{}: {why} reads the trace more than once: give a file, not a pipe or standard input", self.trace))
    }
}

/// Streams the trace file `name` (its format detected from its head when not given) through
/// `workers`, each seeing every batch of requests in order, the first on this thread (see
/// [`pipeline::replay`]); errors name the file and the place in it. Skipped records are for
/// the caller to report, once however many passes it makes ([`report_skipped`]).
pub fn replay<W: FnMut(&Arc<Trace>) + Send>(
    name: &str,
    format: Option<Format>,
    opts: trace::Options,
    skip_bad: bool,
    settings: Settings,
    workers: &mut [W],
) -> Result<Replayed, String> {
    pipeline::replay(name, format, opts, skip_bad, settings, workers).map_err(|e| file_error(name, e))
}

/// Says on standard error what a read of `name` skipped, as a whole-file read says it.
pub fn report_skipped(name: &str, read: &Replayed) {
    if let Some(e) = &read.first_skipped {
        eprintln!("{name}: skipped {} malformed records (the first: {e})", read.skipped);
    }
    report_hashed(name, read.hashed_ids, read.collisions);
}

/// Says on standard error how many text ids were hashed, and how many collided.
fn report_hashed(name: &str, ids: u64, collisions: u64) {
    if ids > 0 {
        eprintln!("{name}: {ids} distinct text ids hashed to 64 bits, {collisions} colliding with another's");
    }
}

fn file_error(name: &str, e: trace::file::FileError) -> String {
    match e {
        trace::file::FileError::UnknownFormat { reason, .. } => {
            format!(
                "{name}: not a trace — {reason}; if it is one, name its format with --format, or map its \
                 columns with --columns (key=N,size=N,time=N,header …)"
            )
        }
        e => e.to_string(),
    }
}

/// Reads the whole trace file `name` into memory (its format detected from the first chunk when
/// not given): for the one run that needs it whole (see [`crate::run_trace`]); errors name the
/// file and the place in it.
pub fn load_file(
    name: &str,
    format: Option<Format>,
    opts: trace::Options,
    skip_bad: bool,
) -> Result<(Trace, Format), String> {
    let (finished, format) = trace::file::load_file(name, format, opts, skip_bad).map_err(|e| file_error(name, e))?;
    if let Some(e) = &finished.first_skipped {
        eprintln!("{name}: skipped {} malformed records (the first: {e})", finished.skipped);
    }
    report_hashed(name, finished.hashed_ids, finished.collisions);
    Ok((finished.trace, format))
}
