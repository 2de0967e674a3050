// The engine worker: loads the wasm engine lazily (once) and runs scenarios in adaptive
// batches, streaming progress reports. All simulation happens here, never on the main thread.
import * as Comlink from 'comlink';
import {
  Census,
  MiniCurves,
  ByteMiniCurves,
  Simulation,
  TraceProfile,
  TraceReader,
  engineVersion,
  estimateUpside,
  estimateUpsideTrace,
  exportWorkload,
  judgeCheck,
  previewWorkload,
  reproduce,
  teach,
} from '../wasm-pkg/tiersim_wasm.js';
import { loadWholeEngine } from '../engine/whole';
import { blockSizeOf, type Scenario } from '../scenario/document';
import { planBatch, shouldEmit } from './batch';
import { defaultPoolSize, traceLimitMiB } from './limits';
import { packReport } from './snapshot';
import { BATCH_REQUESTS, type Batch, TraceFile, TraceStreamError, chunksOf, warmReader } from './stream';
import type {
  ByteReport,
  EngineApi,
  EngineError,
  LoadProgress,
  MiniReport,
  PackedReport,
  Report,
  RunReply,
  WorkerMemory,
  TraceOptions,
  TraceSummary,
} from './protocol';
import type { Tally } from '../generated/engine';

let memory: WebAssembly.Memory | undefined;
void loadWholeEngine().then(
  (e) => (memory = e.memory),
  () => {},
);

/** This worker's and `source`'s reader's WebAssembly memory, bytes. */
function memoryOf(source: TraceFile): WorkerMemory {
  return { engine: memory?.buffer.byteLength ?? 0, reader: source.readerMemory };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Where the engine says an error is (its `Error.path`: a scenario field, a trace line or byte). */
function pathOf(e: unknown): string | undefined {
  const path = (e as { path?: unknown } | null)?.path;
  return typeof path === 'string' && path !== '' ? path : undefined;
}

/** The last trace read, kept for runs that name it (a reader holds its parsed trace). */
let cached: { key: string; reader: TraceReader; summary: TraceSummary } | undefined;

/** What makes two reads of a file the same: the file, and how it is read. */
function traceKey(file: Blob, name: string, o: TraceOptions): string {
  const modified = (file as File).lastModified ?? 0;
  return JSON.stringify([
    name,
    file.size,
    modified,
    o.format ?? '',
    o.columns ?? null,
    !!o.objectMode,
    !!o.skipBad,
    o.blockSize,
  ]);
}

/**
 * Pushes `file` through `reader` to its end, chunk by chunk (never whole), in pieces of at most
 * `piece` bytes, `each` after every piece; progress at most every 100 ms. Returns the summary;
 * errors start with the file's name.
 */
async function pump(
  file: Blob,
  name: string,
  reader: TraceReader,
  piece: number,
  each: () => void,
  onProgress?: (p: LoadProgress) => void,
): Promise<TraceSummary> {
  const start = performance.now();
  let lastEmit = 0;
  try {
    for await (const value of chunksOf(file)) {
      for (let at = 0; at < value.length; at += piece) {
        reader.push(value.subarray(at, at + piece));
        each();
      }
      const now = performance.now();
      if (onProgress && now - lastEmit >= 100) {
        lastEmit = now;
        onProgress({ bytes: reader.bytesIn(), total: file.size, requests: reader.requests(), ms: now - start });
      }
    }
    const summary = reader.finish();
    onProgress?.({ bytes: file.size, total: file.size, requests: summary.requests, ms: performance.now() - start });
    return summary;
  } catch (e) {
    throw new TraceReadError(`${name}: ${messageOf(e)}`, pathOf(e) && `${name}: ${pathOf(e)}`);
  }
}

/** Reads `file` whole into a reader, kept for runs that need it whole (sweeps, designs, upside). */
async function readTrace(
  file: Blob,
  name: string,
  o: TraceOptions,
  onProgress?: (p: LoadProgress) => void,
): Promise<{ reader: TraceReader; summary: TraceSummary }> {
  const key = traceKey(file, name, o);
  if (cached?.key === key) return cached;
  cached?.reader.free();
  cached = undefined;
  const reader = new TraceReader(o.format ?? '', o.blockSize, !!o.objectMode, !!o.skipBad);
  if (o.columns) reader.setColumns(o.columns);
  reader.setSizeHint(file.size);
  reader.setMemoryLimit(
    traceLimitMiB((navigator as Navigator & { deviceMemory?: number }).deviceMemory, defaultPoolSize() + 1),
  );
  try {
    const summary = await pump(file, name, reader, Infinity, () => {}, onProgress);
    cached = { key, reader, summary };
    return cached;
  } catch (e) {
    reader.free();
    throw e;
  }
}

/**
 * The last trace scanned (read to its end, nothing kept but its summary and census), and its
 * census at each warm-up boundary a run asked for: a streamed run counts the file only once
 * per boundary, then replays it.
 */
let scanned: { key: string; summary: TraceSummary; censuses: Map<number, Census> } | undefined;

/** Reads `file` to its end here, keeping only its summary and census (boundary 0, with the blocks' addresses). */
async function scanTrace(
  file: Blob,
  name: string,
  o: TraceOptions,
  onProgress?: (p: LoadProgress) => void,
): Promise<TraceSummary> {
  const key = traceKey(file, name, o);
  if (scanned?.key === key) return scanned.summary;
  const reader = new TraceReader(o.format ?? '', o.blockSize, !!o.objectMode, !!o.skipBad);
  if (o.columns) reader.setColumns(o.columns);
  reader.handOn();
  try {
    // In 64 KiB pieces, drained a batch at a time: a compressed chunk never unpacks into a big one.
    const summary = await pump(
      file,
      name,
      reader,
      64 << 10,
      () => reader.buffered() >= BATCH_REQUESTS && reader.drain(),
      onProgress,
    );
    for (const c of scanned?.censuses.values() ?? []) c.free();
    scanned = { key, summary, censuses: new Map([[0, reader.census()]]) };
    return summary;
  } finally {
    reader.free();
  }
}

/**
 * The census a streamed run of `scenario` is built from: the file's scan's (warm-up
 * boundary 0, what one client needs; with the blocks' addresses, which prefetching caches
 * need) or, for another boundary, one more pass counting to it.
 */
async function censusFor(
  scenario: Scenario,
  file: Blob,
  name: string,
  o: TraceOptions,
  source: TraceFile,
): Promise<Census> {
  // Not scanned in this worker (it was restarted by a cancel): scan the file first.
  if (scanned?.key !== traceKey(file, name, o)) await scanTrace(file, name, o);
  const { summary, censuses } = scanned!;
  const boundary = Simulation.censusBoundary(scenario, summary.requests);
  let census = censuses.get(boundary);
  if (!census) {
    const counting = new Census(boundary);
    await source.pass((b) => counting.add(b.records, b.refs));
    counting.finish(summary.distinct);
    counting.adoptAddresses(censuses.get(0)!);
    censuses.set(boundary, counting);
    census = counting;
  }
  return census;
}

class TraceReadError extends Error {
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

/** The scenario's trace, read (or from the cache), for a scenario whose source is one. */
async function traceFor(scenario: Scenario, file: Blob | undefined): Promise<TraceReader | undefined> {
  const s = scenario;
  if (s.source.kind !== 'trace') return undefined;
  if (!file)
    throw new TraceReadError(
      `${s.source.name}: the trace file is not loaded — drop it on the page or pick it under Workload`,
    );
  const { name, format, columns, objectMode, skipBad } = s.source;
  return (await readTrace(file, name, { format, columns, objectMode, skipBad, blockSize: blockSizeOf(s) })).reader;
}

interface StreamedTrace {
  file: Blob;
  name: string;
  options: TraceOptions;
}

/**
 * The trace a run of `scenario` streams — every run of a trace but several clients in
 * queueing mode (each replays it at its own pace, so it is read whole: `traceFor`) — or none.
 */
function streamedTrace(scenario: Scenario, file: Blob | undefined): StreamedTrace | undefined {
  const s = scenario;
  if (s.source.kind !== 'trace' || !Simulation.streams(scenario)) return undefined;
  const { name, format, columns, objectMode, skipBad } = s.source;
  if (!file)
    throw new TraceReadError(`${name}: the trace file is not loaded — drop it on the page or pick it under Workload`);
  return { file, name, options: { format, columns, objectMode, skipBad, blockSize: blockSizeOf(s) } };
}

/**
 * A run replaying its trace streamed: a reader worker reads the file (once more for a census
 * at another warm-up boundary, once more for offline policies' recording pass) and the
 * simulation takes its batches as they come; progress goes out between batches.
 */
async function runStreamed(
  scenario: Scenario,
  onProgress: (snapshot: PackedReport) => void,
  t: StreamedTrace,
): Promise<RunReply> {
  const source = new TraceFile(t.file, t.name, t.options);
  let sim: Simulation | undefined;
  try {
    let census: Census;
    try {
      census = await censusFor(scenario, t.file, t.name, t.options, source);
      sim = Simulation.streamed(scenario, census);
    } catch (e) {
      return failOf(
        e instanceof TraceStreamError || e instanceof TraceReadError ? 'invalid-trace' : 'invalid-scenario',
        e,
      );
    }
    for (;;) {
      const current: Simulation = sim;
      if (current.isRecording()) {
        // The offline policies' recording pass: what their caches are asked, then the run.
        await source.pass((b) => current.replayBatch(b.records, b.refs, b.sizes));
        sim = current.nextPass();
        continue;
      }
      current.trackDepths({ mode: 'auto' });
      current.trackTimeline(200);
      let report = current.report();
      const total = report.total;
      let phase = report.phase;
      let lastEmit = { at: performance.now(), processed: 0 };
      send(onProgress, report, memoryOf(source));
      await source.pass((b) => {
        current.replayBatch(b.records, b.refs, b.sizes);
        const now = performance.now();
        const processed = current.processed();
        const mayChangePhase = phase === 'warmup' && processed >= report.warmupRequests;
        if (mayChangePhase || shouldEmit({ now, processed, total, phaseChanged: false, lastEmit })) {
          report = current.report();
          const phaseChanged = report.phase !== phase;
          phase = report.phase;
          if (phaseChanged || shouldEmit({ now, processed, total, phaseChanged, lastEmit })) {
            send(onProgress, withoutEdges(report), memoryOf(source));
            lastEmit = { at: now, processed };
          }
        }
      });
      report = current.report();
      send(onProgress, withoutEdges(report), memoryOf(source));
      return { ok: true, report };
    }
  } catch (e) {
    return failOf(e instanceof TraceStreamError ? 'invalid-trace' : 'engine', e);
  } finally {
    sim?.free();
    source.close();
    // The next run of this trace (another policy, another size) starts as promptly.
    warmReader();
    (onProgress as unknown as Partial<Comlink.Remote<unknown>>)[Comlink.releaseProxy]?.();
  }
}

/**
 * A progress snapshot without its constant part: the latency histograms' bin edges (701
 * numbers each, the run's total and every client's) go with the first snapshot only; the page
 * (EngineClient.run) puts them back (`withEdges`).
 */
function withoutEdges(r: Report): Report {
  return {
    ...r,
    latency: { ...r.latency, edgesUs: [] },
    clients: r.clients.map((c) => ({ ...c, latency: { ...c.latency, edgesUs: [] } })),
  };
}

/** Sends a snapshot with its numbers in one buffer, transferred rather than copied. */
function send(onProgress: (snapshot: PackedReport) => void, report: Report, memory?: WorkerMemory) {
  const packed = packReport(report);
  if (memory) packed.memory = memory;
  onProgress(Comlink.transfer(packed, [packed.numbers.buffer]));
}

/** Yields to the event loop (a macrotask) so messages — and terminate — get through. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const api: EngineApi = {
  async run(scenario, onProgress, traceBlob) {
    try {
      await loadWholeEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }

    let streamed: StreamedTrace | undefined;
    try {
      streamed = streamedTrace(scenario, traceBlob);
    } catch (e) {
      return failOf(e instanceof TraceReadError ? 'invalid-trace' : 'invalid-scenario', e);
    }
    if (streamed) return runStreamed(scenario, onProgress, streamed);

    let sim: Simulation;
    try {
      const trace = await traceFor(scenario, traceBlob);
      sim = trace ? Simulation.withTrace(scenario, trace) : new Simulation(scenario);
    } catch (e) {
      return failOf(e instanceof TraceReadError ? 'invalid-trace' : 'invalid-scenario', e);
    }
    try {
      // Live stack-depth graphs: exact for runs of up to 8 M block references, else sampled.
      sim.trackDepths({ mode: 'auto' });
      // Hit ratio over time: 200 samples at fixed request counts, the same chart on any machine.
      sim.trackTimeline(200);
    } catch (e) {
      sim.free();
      return failOf('engine', e);
    }

    try {
      let report = sim.report();
      const total = report.total;
      let phase = report.phase;
      let last: { size: number; ms: number } | undefined;
      let lastEmit = { at: performance.now(), processed: 0 };
      send(onProgress, report);

      let done = sim.isDone();
      while (!done) {
        const size = planBatch({ total, last });
        const start = performance.now();
        done = sim.step(size);
        const now = performance.now();
        last = { size, ms: now - start };

        const processed = sim.processed();
        // The phase is only known from a report; building one costs ~700 numbers, so peek at
        // it only when we might send it, or when the warm-up boundary may have been crossed.
        const mayChangePhase = phase === 'warmup' && processed >= report.warmupRequests;
        if (!done && (mayChangePhase || shouldEmit({ now, processed, total, phaseChanged: false, lastEmit }))) {
          report = sim.report();
          const phaseChanged = report.phase !== phase;
          phase = report.phase;
          if (phaseChanged || shouldEmit({ now, processed, total, phaseChanged, lastEmit })) {
            send(onProgress, withoutEdges(report));
            lastEmit = { at: now, processed };
          }
        }
        await nextTask();
      }

      report = sim.report();
      send(onProgress, withoutEdges(report));
      return { ok: true, report };
    } catch (e) {
      return failOf('engine', e);
    } finally {
      sim.free();
      // The callback arrives as a Comlink proxy; let its port go.
      (onProgress as unknown as Partial<Comlink.Remote<unknown>>)[Comlink.releaseProxy]?.();
    }
  },

  async estimateUpside(scenario, points, traceBlob) {
    try {
      await loadWholeEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }
    try {
      const trace = await traceFor(scenario, traceBlob);
      const report = trace ? estimateUpsideTrace(scenario, points, trace) : estimateUpside(scenario, points);
      return { ok: true, report };
    } catch (e) {
      return failOf(e instanceof TraceReadError ? 'invalid-trace' : 'invalid-scenario', e);
    }
  },

  async loadTrace(file, name, options, onProgress) {
    try {
      await loadWholeEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }
    // The run that follows streams the file through a reader worker: started now, it has
    // loaded the engine by the time the run starts, which then waits only for the file.
    warmReader();
    try {
      // Scanned, not kept: runs stream the file again (memory stays flat whatever its size).
      return { ok: true, summary: await scanTrace(file, name, options, onProgress) };
    } catch (e) {
      return failOf('invalid-trace', e);
    } finally {
      (onProgress as unknown as Partial<Comlink.Remote<unknown>>)[Comlink.releaseProxy]?.();
    }
  },

  async miniCurves(request, file, onProgress) {
    try {
      await loadWholeEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }
    let curves: MiniCurves;
    try {
      curves = new MiniCurves(request.policies, request.sizes, request.method, request.rate, request.distinct);
    } catch (e) {
      return failOf('invalid-scenario', e);
    }
    const source = new TraceFile(file, request.name, request.options);
    // Sampled curves: the reader samples and counts every reference, and hands on only the
    // sampled ones (a few %) with, now and then, its tally; exact curves take every batch whole.
    const plan = curves.samplePlan();
    let tally: Tally | undefined;
    // A sampled pass reports once the reader has tallied (every sampled batch it reports with carries a tally).
    const report = (): MiniReport[] =>
      plan === undefined || tally === undefined ? curves.report() : curves.reportTallied(tally);
    try {
      let lastEmit = performance.now();
      const { ms } = await source.pass((b) => {
        if (b.sampled) curves.feedSampled(b.sampled);
        else curves.feed(b.records, b.refs);
        tally = b.tally ?? tally;
        const now = performance.now();
        // A report walks every block seen (~10 ms for four curves of a million blocks): four a
        // second — as often as the reader tallies, when it samples.
        if (plan === undefined ? now - lastEmit >= 250 : b.tally !== undefined) {
          lastEmit = now;
          onProgress({ curves: report(), bytes: b.bytes, total: b.total, ms: b.ms, memory: memoryOf(source) });
        }
      }, plan);
      return { ok: true, curves: report(), ms };
    } catch (e) {
      return failOf(e instanceof TraceStreamError ? 'invalid-trace' : 'engine', e);
    } finally {
      curves.free();
      source.close();
      (onProgress as unknown as Partial<Comlink.Remote<unknown>>)[Comlink.releaseProxy]?.();
    }
  },

  async analyzeTrace(request, file, onProgress) {
    try {
      await loadWholeEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }
    let profile: TraceProfile;
    try {
      const blocks = !request.options.objectMode;
      profile = new TraceProfile(blocks, request.windowSecs, request.windowRequests, request.top);
    } catch (e) {
      return failOf('invalid-scenario', e);
    }
    const source = new TraceFile(file, request.name, request.options);
    try {
      // One pass; each batch carries the file ids of the blocks it numbered first (the most
      // referenced objects are named by them, block runs follow them). A report walks and sorts
      // every object seen (~0.1 s for millions): four a second at most, and never more than a
      // twentieth of the time.
      let lastEmit = performance.now();
      let reportMs = 0;
      const { summary, ms } = await source.pass(
        (b) => {
          profile.feed(b.records, b.refs, b.sizes, b.ids);
          const now = performance.now();
          if (now - lastEmit >= Math.max(250, 20 * reportMs)) {
            const report = profile.report();
            lastEmit = performance.now();
            reportMs = lastEmit - now;
            onProgress({ report, bytes: b.bytes, total: b.total, ms: b.ms, memory: memoryOf(source) });
          }
        },
        undefined,
        true,
      );
      return { ok: true, report: profile.report(), summary, ms };
    } catch (e) {
      return failOf(e instanceof TraceStreamError ? 'invalid-trace' : 'engine', e);
    } finally {
      profile.free();
      source.close();
      (onProgress as unknown as Partial<Comlink.Remote<unknown>>)[Comlink.releaseProxy]?.();
    }
  },

  async byteCurves(request, file, onProgress) {
    try {
      await loadWholeEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }
    let curves: ByteMiniCurves;
    try {
      curves = new ByteMiniCurves(request.policies, request.sizes, request.points, request.method, request.rate);
    } catch (e) {
      return failOf('invalid-scenario', e);
    }
    const source = new TraceFile(file, request.name, request.options);
    try {
      // Pass 1 counts every object's references and bytes (the curves' strata and rates come
      // from the whole trace); pass 2 feeds the curves, reporting four times a second.
      let lastEmit = performance.now();
      let sizes: number[] = [];
      const emit = (pass: 1 | 2, b: Batch, reports: ByteReport[]) =>
        onProgress({
          pass,
          curves: reports,
          sizes,
          bytes: b.bytes,
          total: b.total,
          ms: b.ms,
          memory: memoryOf(source),
        });
      const reporting = (pass: 1 | 2, take: (b: Batch) => void) => (b: Batch) => {
        take(b);
        const now = performance.now();
        if (now - lastEmit >= 250) {
          lastEmit = now;
          emit(pass, b, pass === 1 ? [] : curves.report());
        }
      };
      const first = await source.pass(reporting(1, (b) => curves.count(b.records, b.refs, b.sizes)));
      sizes = curves.start(first.summary.distinct);
      const second = await source.pass(reporting(2, (b) => curves.feed(b.records, b.refs, b.sizes)));
      return { ok: true, curves: curves.report(), sizes, ms: first.ms + second.ms };
    } catch (e) {
      return failOf(e instanceof TraceStreamError ? 'invalid-trace' : 'engine', e);
    } finally {
      curves.free();
      source.close();
      (onProgress as unknown as Partial<Comlink.Remote<unknown>>)[Comlink.releaseProxy]?.();
    }
  },

  async exportWorkload(scenario, format) {
    try {
      await loadWholeEngine();
      const bytes = exportWorkload(scenario, format);
      return Comlink.transfer({ ok: true as const, bytes }, [bytes.buffer]);
    } catch (e) {
      return failOf('invalid-scenario', e);
    }
  },

  async teach(scenario, requests, start) {
    try {
      await loadWholeEngine();
      return { ok: true as const, steps: teach(scenario, requests, start) };
    } catch (e) {
      return failOf('invalid-scenario', e);
    }
  },
  async previewWorkload(scenario, skip, n) {
    try {
      await loadWholeEngine();
      return { ok: true as const, csv: previewWorkload(scenario, skip, n) };
    } catch (e) {
      return failOf('invalid-scenario', e);
    }
  },

  async reproduce(paper) {
    try {
      await loadWholeEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }
    try {
      // One call, minutes long for some papers: this worker answers nothing else meanwhile.
      return { ok: true as const, checks: reproduce(paper) };
    } catch (e) {
      return failOf('engine', e);
    }
  },

  async judgeChecks(checks) {
    try {
      await loadWholeEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }
    try {
      const verdicts = checks.map(({ expected, ours }) => judgeCheck({ expected, ours }));
      return { ok: true as const, verdicts };
    } catch (e) {
      return failOf('engine', e);
    }
  },

  async version() {
    await loadWholeEngine();
    return engineVersion();
  },

  async warmCurves() {
    warmReader();
    await loadWholeEngine();
  },
};

function fail(kind: EngineError['kind'], message: string, path?: string): { ok: false; error: EngineError } {
  return { ok: false, error: path === undefined ? { kind, message } : { kind, message, path } };
}

/** The engine's error `e` as a reply: its message, and its place where it names one. */
function failOf(kind: EngineError['kind'], e: unknown): { ok: false; error: EngineError } {
  return fail(kind, messageOf(e), pathOf(e));
}

Comlink.expose(api);
