//! Reading a trace file from disk: streamed in 1 MiB chunks through a [`TraceStream`], never
//! held whole, its format detected from the first chunk when not given. The CLI (`tiersim sim`,
//! `stackdist`, `run --trace`) and the Python package read files through this one function, so
//! both see the same trace.

use std::io::Read;

use super::{sniff, Finished, Format, Options, TraceError, TraceStream};

/// Bytes read from the file at a time.
pub const CHUNK: usize = 1 << 20;

/// Why a trace file could not be read; every case names the file.
#[derive(Debug)]
pub enum FileError {
    /// Opening or reading the file failed (its kind tells a missing file from the rest).
    Io { path: String, error: std::io::Error },
    /// No format was given and the first chunk matches none; `reason` says why (see
    /// [`super::sniff`]).
    UnknownFormat { path: String, reason: String },
    /// A record (or the options) the reader refused.
    Trace { path: String, error: TraceError },
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Io { path, error } => write!(f, "{path}: {error}"),
            FileError::UnknownFormat { path, reason } => write!(f, "{path}: not a trace — {reason}"),
            FileError::Trace { path, error } => write!(f, "{path}: {error}"),
        }
    }
}

impl std::error::Error for FileError {}

/// Streams the trace file `path` (its format detected from the first chunk when not given);
/// with `skip_bad`, malformed records are skipped and counted in the result.
pub fn load_file(
    path: &str,
    format: Option<Format>,
    opts: Options,
    skip_bad: bool,
) -> Result<(Finished, Format), FileError> {
    let io = |error| FileError::Io { path: path.to_string(), error };
    let bad = |error| FileError::Trace { path: path.to_string(), error };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut chunk = vec![0u8; CHUNK];
    let mut read = |buf: &mut [u8]| loop {
        match file.read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(io(e)),
        }
    };
    let mut n = read(&mut chunk)?;
    let format = match format {
        Some(f) => f,
        None => sniff(&chunk[..n]).map_err(|reason| FileError::UnknownFormat { path: path.to_string(), reason })?,
    };
    let mut stream = TraceStream::new(format, opts).map_err(bad)?.skip_bad(skip_bad);
    while n > 0 {
        stream.push(&chunk[..n]).map_err(bad)?;
        n = read(&mut chunk)?;
    }
    Ok((stream.finish().map_err(bad)?, format))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_file_and_tell_a_missing_one() {
        let e = load_file("/nonexistent/t.csv", None, Options::default(), false).unwrap_err();
        assert!(matches!(&e, FileError::Io { error, .. } if error.kind() == std::io::ErrorKind::NotFound));
        assert!(e.to_string().starts_with("/nonexistent/t.csv: "), "{e}");
        let dir = std::env::temp_dir().join(format!("tiersim-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("t.txt");
        std::fs::write(&file, "1\n2\nx3\n").unwrap();
        let path = file.to_str().unwrap();
        let e = load_file(path, Some(Format::Lines), Options::default(), false).unwrap_err();
        assert_eq!(e.to_string(), format!("{path}: line 3: expected a block number, got \"x3\""));
        let (finished, format) = load_file(path, Some(Format::Lines), Options::default(), true).unwrap();
        assert_eq!((finished.trace.records.len(), finished.skipped, format), (2, 1, Format::Lines));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
