//! Replaying a trace file with bounded memory, reading overlapped with simulating: a reader
//! thread reads the file, decompresses, parses and numbers its blocks ([`TraceStream`]) into
//! batches of requests over dense ids, which the simulating threads consume as they come.
//! Memory is the per-distinct-block state (the dense-id table here, the caches' own) and a
//! few batches — never a copy of the trace — however long the file.
//!
//! Design:
//! - Batches are [`Trace`]s without `raw`: requests and their block references, numbered as
//!   in the whole trace, so a simulation fed batch by batch sees exactly what it sees fed the
//!   whole parsed file (tests compare the two on every format, cut everywhere).
//! - A fixed pool of [`Settings::buffers`] batch buffers circulates: the reader fills a free
//!   one ([`TraceStream::drain_into`] swaps vectors, so nothing is copied), sends it to every
//!   worker over a bounded channel, and each worker sends it back when done with it. The last
//!   of several workers to return a buffer makes it free again (each returned handle that is
//!   not the last is dropped, so the last one's count is one). Once the buffers have grown to
//!   their batch size, nothing is allocated per batch.
//! - The file is read in [`Settings::read_bytes`] pieces and pushed in [`Settings::push_bytes`]
//!   ones, a batch handed on when it holds [`Settings::batch_requests`] requests: a compressed
//!   file's small pushes keep a batch near that size (one push of 64 KiB of gzip may unpack to
//!   a few MB of text).
//! - Errors are the stream's, with their places exactly as a whole-file read gives them; the
//!   workers have then seen every batch before the error and the caller drops their results.
//!
//! Native only (threads and files): the browser streams through [`TraceStream`] itself.

use std::io::Read;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::time::Instant;

use super::file::FileError;
use super::{sniff, Format, Options, Trace, TraceError, TraceStream};

/// How a replay cuts the file and its requests; the defaults suit any file.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Bytes read from the file at a time.
    pub read_bytes: usize,
    /// Bytes handed to the parser at a time (of what was read).
    pub push_bytes: usize,
    /// Requests per batch, about (a push's worth more at most).
    pub batch_requests: usize,
    /// Batch buffers in circulation (at least 2: one filling, one being simulated).
    pub buffers: usize,
    /// Whether each batch's `raw` carries the file ids of the dense ids numbered since the
    /// previous batch (so the batches' `raw`s, in order, are the whole trace's): for a worker
    /// that needs addresses as it goes ([`crate::analysis::profile`]'s runs).
    pub addresses: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self { read_bytes: 1 << 20, push_bytes: 64 << 10, batch_requests: 1 << 15, buffers: 4, addresses: false }
    }
}

/// What a replay read: the stream's totals (a whole-file read's [`super::Finished`] without
/// the trace) and how long the reader worked.
#[derive(Debug)]
pub struct Replayed {
    pub format: Format,
    pub requests: u64,
    pub block_refs: u64,
    pub distinct: u64,
    /// The file's block number of each dense id (a whole read's `Trace::raw`), for a caller
    /// that needs addresses: a census for prefetching ([`crate::run::TraceCensus::with_addresses`]).
    pub raw: Vec<u64>,
    /// Decompressed bytes read.
    pub bytes: u64,
    pub batches: u64,
    pub skipped: u64,
    pub first_skipped: Option<TraceError>,
    /// Distinct text ids hashed, and how many collided ([`super::Finished`]'s).
    pub hashed_ids: u64,
    pub collisions: u64,
    /// Seconds the reader spent reading, decompressing, parsing and numbering (not waiting
    /// for a free buffer).
    pub read_secs: f64,
}

/// Where a replay reads from: a file (`-` names standard input, which can be read only once).
pub fn open(path: &str) -> Result<Box<dyn Read + Send>, FileError> {
    if path == "-" {
        return Ok(Box::new(std::io::stdin()));
    }
    std::fs::File::open(path)
        .map(|f| Box::new(f) as Box<dyn Read + Send>)
        .map_err(|error| FileError::Io { path: path.to_string(), error })
}

/// Whether `path` can be read more than once (runs of several passes need it): not standard
/// input or a pipe. A path that cannot be opened passes, to say why when it is.
pub fn rereadable(path: &str) -> bool {
    path != "-" && std::fs::metadata(path).map_or(true, |m| m.is_file())
}

/// Replays the trace file at `path` (its format detected from its head when not given) into
/// `workers`: each sees every batch, in order — the first on the calling thread, the others
/// on threads of their own — while a reader thread reads ahead. A worker may hold on to a
/// batch's handle while it works on it, never past its return (the buffer goes round again). With `skip_bad`, malformed
/// records are skipped and counted. Errors name the file and the place in it.
pub fn replay<W: FnMut(&Arc<Trace>) + Send>(
    path: &str,
    format: Option<Format>,
    opts: Options,
    skip_bad: bool,
    settings: Settings,
    workers: &mut [W],
) -> Result<Replayed, FileError> {
    let src = open(path)?;
    replay_from(src, path, format, opts, skip_bad, settings, workers)
}

/// [`replay`] from any byte source (`name` for messages).
pub fn replay_from<W: FnMut(&Arc<Trace>) + Send>(
    mut src: Box<dyn Read + Send>,
    name: &str,
    format: Option<Format>,
    opts: Options,
    skip_bad: bool,
    settings: Settings,
    workers: &mut [W],
) -> Result<Replayed, FileError> {
    let settings = Settings {
        read_bytes: settings.read_bytes.max(1),
        push_bytes: settings.push_bytes.max(1),
        batch_requests: settings.batch_requests.max(1),
        buffers: settings.buffers.max(2),
        addresses: settings.addresses,
    };
    let Some((first, rest)) = workers.split_first_mut() else {
        return Err(FileError::Io {
            path: name.to_string(),
            error: std::io::Error::other("a replay needs at least one worker"),
        });
    };
    let (done_tx, done_rx) = sync_channel::<Arc<Trace>>(settings.buffers * (1 + rest.len()));
    let mut senders = Vec::with_capacity(1 + rest.len());
    let mut receivers = Vec::with_capacity(1 + rest.len());
    for _ in 0..1 + rest.len() {
        let (tx, rx) = sync_channel::<Arc<Trace>>(settings.buffers);
        senders.push(tx);
        receivers.push(rx);
    }
    std::thread::scope(|scope| {
        let reader = std::thread::Builder::new()
            .name("trace reader".into())
            .spawn_scoped(scope, move || {
                let mut reader = Reader {
                    name,
                    settings,
                    senders,
                    free: done_rx,
                    pool: Vec::new(),
                    made: 0,
                    batches: 0,
                    addressed: 0,
                };
                reader.run(src.as_mut(), format, opts, skip_bad)
            })
            .expect("a thread starts");
        let mut receivers = receivers.into_iter();
        let own = receivers.next().expect("one per worker");
        for (w, rx) in rest.iter_mut().zip(receivers) {
            let done = done_tx.clone();
            std::thread::Builder::new()
                .name("trace worker".into())
                .spawn_scoped(scope, move || work(w, rx, done))
                .expect("a thread starts");
        }
        work(first, own, done_tx);
        reader.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// A worker's loop: every batch, then back to the reader.
fn work<W: FnMut(&Arc<Trace>)>(w: &mut W, batches: Receiver<Arc<Trace>>, done: SyncSender<Arc<Trace>>) {
    for batch in batches {
        w(&batch);
        // The reader may have finished (with an error) and stopped taking buffers back.
        let _ = done.send(batch);
    }
}

struct Reader<'a> {
    name: &'a str,
    settings: Settings,
    senders: Vec<SyncSender<Arc<Trace>>>,
    /// Buffers handed back by the workers.
    free: Receiver<Arc<Trace>>,
    /// Free buffers.
    pool: Vec<Arc<Trace>>,
    /// Buffers made so far (at most `settings.buffers`).
    made: usize,
    batches: u64,
    /// Dense ids whose file ids batches have carried ([`Settings::addresses`]).
    addressed: usize,
}

/// Reads into `buf` until it is full or the source ends; the bytes read.
fn fill(src: &mut dyn Read, buf: &mut [u8], name: &str) -> Result<usize, FileError> {
    let mut n = 0;
    while n < buf.len() {
        match src.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(error) => return Err(FileError::Io { path: name.to_string(), error }),
        }
    }
    Ok(n)
}

impl Reader<'_> {
    fn run(
        &mut self,
        src: &mut dyn Read,
        format: Option<Format>,
        opts: Options,
        skip_bad: bool,
    ) -> Result<Replayed, FileError> {
        let name = self.name;
        let bad = |error| FileError::Trace { path: name.to_string(), error };
        let mut busy = 0.0;
        let mut start = Instant::now();
        // The head is read whole for detection, however small the reads.
        let mut chunk = vec![0u8; self.settings.read_bytes.max(64 << 10)];
        let mut n = fill(src, &mut chunk, name)?;
        chunk.truncate(self.settings.read_bytes.max(n));
        let format = match format {
            Some(f) => f,
            None => sniff(&chunk[..n]).map_err(|reason| FileError::UnknownFormat { path: name.to_string(), reason })?,
        };
        let mut stream = TraceStream::new(format, opts).map_err(bad)?.skip_bad(skip_bad);
        while n > 0 {
            for piece in chunk[..n].chunks(self.settings.push_bytes) {
                stream.push(piece).map_err(bad)?;
                if stream.buffered() >= self.settings.batch_requests {
                    busy += start.elapsed().as_secs_f64();
                    let mut buf = self.free_buffer()?;
                    start = Instant::now();
                    let batch = Arc::get_mut(&mut buf).expect("a free buffer is unshared");
                    stream.drain_into(batch);
                    self.hand_addresses(stream.numbered(), batch);
                    self.send(buf)?;
                }
            }
            n = fill(src, &mut chunk, name)?;
        }
        let mut finished = stream.finish().map_err(bad)?;
        busy += start.elapsed().as_secs_f64();
        if !finished.trace.records.is_empty() {
            let mut buf = self.free_buffer()?;
            let batch = Arc::get_mut(&mut buf).expect("a free buffer is unshared");
            finished.trace.hand_requests_to(batch);
            self.hand_addresses(&finished.trace.raw, batch);
            self.send(buf)?;
        }
        Ok(Replayed {
            format,
            requests: finished.requests,
            block_refs: finished.block_refs,
            distinct: finished.trace.distinct() as u64,
            raw: std::mem::take(&mut finished.trace.raw),
            bytes: finished.bytes,
            batches: self.batches,
            skipped: finished.skipped,
            first_skipped: finished.first_skipped,
            hashed_ids: finished.hashed_ids,
            collisions: finished.collisions,
            read_secs: busy,
        })
    }

    /// Gives `batch` the file ids numbered since the last batch (of `numbered`, all so far),
    /// where the settings ask for them.
    fn hand_addresses(&mut self, numbered: &[u64], batch: &mut Trace) {
        batch.raw.clear();
        if self.settings.addresses {
            batch.raw.extend_from_slice(&numbered[self.addressed..]);
            self.addressed = numbered.len();
        }
    }

    /// A buffer no worker holds: from the pool, a new one while fewer than `buffers` exist,
    /// else the next one the workers hand back.
    fn free_buffer(&mut self) -> Result<Arc<Trace>, FileError> {
        loop {
            if let Some(b) = self.pool.pop() {
                return Ok(b);
            }
            if self.made < self.settings.buffers {
                self.made += 1;
                return Ok(Arc::new(Trace::default()));
            }
            let Ok(mut b) = self.free.recv() else {
                return Err(self.stopped());
            };
            // Every worker returns its handle; all but the last are dropped here.
            if Arc::get_mut(&mut b).is_some() {
                self.pool.push(b);
            }
        }
    }

    /// Hands a batch to every worker.
    fn send(&mut self, batch: Arc<Trace>) -> Result<(), FileError> {
        self.batches += 1;
        let (last, others) = self.senders.split_last().expect("one sender per worker");
        for tx in others {
            tx.send(batch.clone()).map_err(|_| self.stopped())?;
        }
        last.send(batch).map_err(|_| self.stopped())
    }

    fn stopped(&self) -> FileError {
        FileError::Io { path: self.name.to_string(), error: std::io::Error::other("the simulation stopped reading") }
    }
}

#[cfg(test)]
mod tests;
