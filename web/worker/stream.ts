// A trace file replayed streamed: the simulating worker's side of the reader worker
// (./reader.worker.ts). `TraceFile.pass` reads the file once from its start and hands every
// batch, in order, to a callback that simulates it; the reader decodes the next batches
// meanwhile (at most a few ahead), and each batch's buffers go back as its acknowledgement.
// Several passes (a census, an offline policy's recording pass, the replay) each re-read the
// file: the trace itself is never held.
import type { SamplePlan, Tally } from '../generated/engine';
import type { TraceOptions, TraceSummary } from './protocol';

/** Requests per batch (the CLI's reader: 1 << 15). */
export const BATCH_REQUESTS = 1 << 15;

/**
 * A file's chunks, in order, each asked for before the one before it is used: the browser reads
 * the next while this one parses (a 240 MB file's scan had waited ~0.2 s for its chunks in
 * turn). Leaving the loop early cancels the read.
 */
export async function* chunksOf(file: Blob): AsyncGenerator<Uint8Array> {
  const chunks = file.stream().getReader();
  let next = chunks.read();
  try {
    for (;;) {
      const { done, value } = await next;
      if (done) return;
      next = chunks.read();
      next.catch(() => {}); // an error is thrown where it is awaited, or not at all after ours
      yield value;
    }
  } finally {
    chunks.cancel().catch(() => {});
  }
}

/** What the simulating worker asks of the reader. */
export type ReaderRequest =
  | { type: 'open'; file: Blob; name: string; options: TraceOptions }
  /** A pass; with `sample` (a curves' sample plan, engine: `MiniCurves.samplePlan`), each
   * batch is only the references of sampled blocks, every reference tallied by the reader. */
  | { type: 'read'; sample?: SamplePlan; ids?: boolean }
  | { type: 'done' }
  | { type: 'stop' };

/** What the reader answers: batches, then the pass's end or its error. */
export type ReaderReply =
  | {
      type: 'batch';
      /** Six words per request (engine: trace::batch); empty when the pass samples. */
      records: Uint32Array;
      /** Dense block ids, numbered as in the whole trace; empty when the pass samples. */
      refs: Uint32Array;
      /** Each request's size in bytes, two words (low, high), when the trace keeps sizes (read as
       * objects); else empty, as when the pass samples. */
      sizes: Uint32Array;
      /** When the pass asks for them (`ids`): the file ids of the blocks this batch numbered
       * first, two words each (low, high), in dense-id order; else empty. */
      ids: Uint32Array;
      /** When the pass samples: the sampled references, two words each (engine: trace::batch). */
      sampled?: Uint32Array;
      /** When the pass samples, now and then and always with the last batch: the reader's
       * tally of every reference so far (for `MiniCurves.reportTallied`). */
      tally?: Tally;
      /** File bytes read so far, of `total`; requests read so far; ms since the pass began. */
      bytes: number;
      total: number;
      requests: number;
      ms: number;
      /** The reader's WebAssembly memory, bytes (its peak: wasm memory only grows). */
      memory: number;
    }
  | { type: 'end'; summary: TraceSummary; ms: number }
  | { type: 'error'; message: string; path?: string };

export type Batch = Extract<ReaderReply, { type: 'batch' }>;

/** A read that failed: the file's name and place lead the message. */
export class TraceStreamError extends Error {
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

/** The bits of a Worker a TraceFile uses (tests pass a fake). */
export interface ReaderLike {
  postMessage(m: ReaderRequest): void;
  onmessage: ((e: MessageEvent<ReaderReply>) => void) | null;
  terminate(): void;
}

function createReader(): ReaderLike {
  return new Worker(new URL('./reader.worker.ts', import.meta.url), {
    type: 'module',
    name: 'tiersim-reader',
  }) as unknown as ReaderLike;
}

/** A reader worker started ahead of the next TraceFile (`warmReader`). */
let spare: ReaderLike | undefined;

/**
 * Starts a reader worker now for the next TraceFile of this worker: it loads the engine while
 * nothing waits for it (the live curves' worker does this before its click, ~30 ms sooner).
 */
export function warmReader(): void {
  spare ??= createReader();
}

/** The spare reader if one was started, else a new one. */
function takeReader(): ReaderLike {
  const reader = spare ?? createReader();
  spare = undefined;
  return reader;
}

/** A trace file read by a reader worker of its own, pass after pass. */
export class TraceFile {
  private readonly reader: ReaderLike;
  private busy = false;
  /** The reader's WebAssembly memory at its last batch, bytes. */
  readerMemory = 0;

  constructor(file: Blob, name: string, options: TraceOptions, create: () => ReaderLike = takeReader) {
    this.reader = create();
    this.reader.postMessage({ type: 'open', file, name, options });
  }

  /**
   * Reads the file once: `onBatch` gets every batch in order (it may be async: the next comes
   * once it settles); resolves with the reader's summary, rejects with its error or `onBatch`'s.
   * With `sample` (a curves' plan) the batches are sampled references and tallies instead; with
   * `ids`, each batch carries the file ids of the blocks it numbered first (an analysis's).
   */
  pass(
    onBatch: (b: Batch) => void | Promise<void>,
    sample?: SamplePlan,
    ids = false,
  ): Promise<{ summary: TraceSummary; ms: number }> {
    if (this.busy) return Promise.reject(new Error('a pass over this trace is already running'));
    this.busy = true;
    return new Promise((resolve, reject) => {
      // Batches are handled one at a time, in order, even when `onBatch` is async.
      let chain = Promise.resolve();
      let failed = false;
      const fail = (e: unknown) => {
        if (failed) return;
        failed = true;
        this.busy = false;
        this.reader.onmessage = null;
        this.reader.postMessage({ type: 'stop' });
        reject(e);
      };
      this.reader.onmessage = (e) => {
        const m = e.data;
        chain = chain
          .then(async () => {
            if (failed) return;
            if (m.type === 'batch') {
              this.readerMemory = m.memory;
              await onBatch(m);
              this.reader.postMessage({ type: 'done' });
            } else if (m.type === 'end') {
              this.busy = false;
              this.reader.onmessage = null;
              resolve({ summary: m.summary, ms: m.ms });
            } else {
              fail(new TraceStreamError(m.message, m.path));
            }
          })
          .catch(fail);
      };
      this.reader.postMessage({ type: 'read', ...(sample === undefined ? {} : { sample }), ...(ids ? { ids } : {}) });
    });
  }

  close() {
    this.reader.terminate();
  }
}
