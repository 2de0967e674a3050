// The reader worker: reads a trace file (`File.stream()`, chunk by chunk), decompresses, parses
// and numbers its blocks in the engine's reader, and hands the requests on in batches —
// transferred, never copied — to the worker that simulates them (./stream.ts), while that
// worker works on the previous ones: reading overlaps simulating, as the CLI's reader thread
// does (engine: trace::pipeline). Each pass reads the file from its start; nothing of it is
// kept between batches beyond the dense-id table (per distinct block), so memory stays flat
// however big the file. At most `WINDOW` batches are in flight (`SAMPLED_WINDOW` of the small
// batches a sampling pass sends): a slow consumer slows the reader, never grows its memory.
// A pass for miniature miss-ratio curves samples here (engine: `minisim::Sampler`): the reader
// counts and hashes every reference and hands on only those of sampled blocks, so the curves'
// worker spends its time on the mini-caches alone.
import { TraceReader } from '../wasm-pkg/tiersim_wasm.js';
import { loadWholeEngine } from '../engine/whole';
import type { SamplePlan } from '../generated/engine';
import { BATCH_REQUESTS, chunksOf, type ReaderReply, type ReaderRequest } from './stream';
import type { TraceOptions } from './protocol';

/** Bytes handed to the parser at a time: a compressed chunk's output stays near one batch. */
const PUSH_BYTES = 64 << 10;
/** Batches handed on and not yet given back. */
const WINDOW = 4;
/**
 * The same for a sampling pass: its batches are a few % of the requests (~10 KB), so many may
 * wait without memory to speak of, and the reader and the curves ride out each other's pauses
 * (the 240 MB bench trace: both idled 100-200 ms with 4 in flight, neither with 64).
 */
const SAMPLED_WINDOW = 64;
/** A sampling pass tallies every reference at most this often (ms), and at its end. */
const TALLY_MS = 250;

/** The engine, loading from the worker's start: a reader is started to read. */
const ready = loadWholeEngine();
ready.catch(() => {}); // a failure is reported by the pass that awaits it
let memory: WebAssembly.Memory | undefined;
let file: Blob | undefined;
let name = '';
let options: TraceOptions = { blockSize: 4096 };
/** Batches out; the reader waits while `windowSize` are. */
let inFlight = 0;
let windowSize = WINDOW;
let wake: (() => void) | undefined;
/** The pass running: a newer `read` or a `stop` ends the older one at its next batch. */
let pass = 0;

const post = (m: ReaderReply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

self.onmessage = (e: MessageEvent<ReaderRequest>) => {
  const m = e.data;
  if (m.type === 'open') {
    ({ file, name, options } = m);
  } else if (m.type === 'read') {
    inFlight = 0;
    void read(++pass, m.sample, !!m.ids);
  } else if (m.type === 'done') {
    inFlight = Math.max(0, inFlight - 1);
    wake?.();
  } else if (m.type === 'stop') {
    pass++;
    wake?.();
  }
};

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * One pass over the file, every request in batches, then its summary (or the error, placed).
 * With `sample` (a curves' plan), each batch is only its sampled references, and the engine's
 * reader tallies every reference: the curves' worker gets a few % of the trace. With `ids`,
 * each batch also carries the file ids of the blocks it numbered first (an analysis names them).
 */
async function read(id: number, sample?: SamplePlan, ids = false) {
  let reader: TraceReader | undefined;
  try {
    memory = (await ready).memory;
    if (!file) throw new Error('no trace file is open');
    reader = new TraceReader(options.format ?? '', options.blockSize, !!options.objectMode, !!options.skipBad);
    if (options.columns) reader.setColumns(options.columns);
    reader.handOn();
    if (sample !== undefined) reader.sampleFor(sample);
    if (ids) reader.handIds();
    windowSize = sample === undefined ? WINDOW : SAMPLED_WINDOW;
    const start = performance.now();
    let tallied = start;
    for await (const value of chunksOf(file)) {
      for (let at = 0; at < value.length; at += PUSH_BYTES) {
        reader.push(value.subarray(at, at + PUSH_BYTES));
        if (reader.buffered() >= BATCH_REQUESTS) {
          if (!(await room(id))) return; // leaving the loop cancels the read
          reader.drain();
          const now = performance.now();
          const tally = sample !== undefined && now - tallied >= TALLY_MS;
          if (tally) tallied = now;
          send(reader, reader.bytesIn(), reader.requests(), now - start, sample !== undefined, tally);
        }
      }
    }
    const bytes = reader.bytesIn();
    // The end of the file: its last requests (a last line without its newline too) become the batch.
    const summary = reader.finish();
    if (!(await room(id))) return;
    send(reader, bytes, summary.requests, performance.now() - start, sample !== undefined, sample !== undefined);
    if (id === pass) post({ type: 'end', summary, ms: performance.now() - start });
  } catch (e) {
    const path = (e as { path?: unknown } | null)?.path;
    if (id === pass)
      post({
        type: 'error',
        message: `${name}: ${messageOf(e)}`,
        path: typeof path === 'string' && path !== '' ? `${name}: ${path}` : undefined,
      });
  } finally {
    reader?.free();
  }
}

/** Waits until a batch may go out; false once this pass is over (a newer one began, or stop). */
async function room(id: number): Promise<boolean> {
  while (id === pass && inFlight >= windowSize) await new Promise<void>((resolve) => (wake = resolve));
  return id === pass;
}

/**
 * Hands the reader's last drained batch on, its buffers transferred: its records and references,
 * or when `sampling` its sampled references, with the tally of every reference if `tally`.
 */
function send(reader: TraceReader, bytes: number, requests: number, ms: number, sampling: boolean, tally: boolean) {
  const progress = { bytes, total: file?.size ?? 0, requests, ms, memory: memory?.buffer.byteLength ?? 0 };
  if (sampling) {
    const sampled = reader.batchSampled();
    if (sampled.length === 0 && !tally) return;
    inFlight++;
    const none = new Uint32Array(0);
    post(
      {
        type: 'batch',
        records: none,
        refs: none,
        sizes: none,
        ids: none,
        sampled,
        tally: tally ? reader.tally() : undefined,
        ...progress,
      },
      [sampled.buffer],
    );
    return;
  }
  const records = reader.batchRecords();
  const refs = reader.batchRefs();
  const sizes = reader.batchSizes();
  const ids = reader.batchIds();
  if (records.length === 0) return;
  inFlight++;
  post({ type: 'batch', records, refs, sizes, ids, ...progress }, [
    records.buffer,
    refs.buffer,
    sizes.buffer,
    ids.buffer,
  ]);
}
