// @vitest-environment node
// EngineClient against a fake engine worker: a Comlink endpoint on a MessageChannel, serving
// a scripted EngineApi, so the protocol is exercised without wasm or a real Worker.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultScenario } from '../../web/scenario/defaults';
import type { Scenario } from '../../web/scenario/document';
import { EngineClient, EngineRunError, type WorkerLike } from '../../web/worker/client';
import type { Check, EngineApi, ProfileReport, Report, RunReply, TraceSummary } from '../../web/worker/protocol';
import { makeReport } from './fixtures';
import { packReport } from '../../web/worker/snapshot';
import { SETTLE_MS } from './setup';

/** vi.waitFor's options: as patient as every other wait in the suite. */
const SETTLE = { timeout: SETTLE_MS };

const CHECK: Check = {
  paper: '001',
  exhibit: 'Figs. 4–7',
  label: 'SLRU 512 (75 % protected) ÷ LRU 1024: hit ratio',
  expected: { kind: 'value', value: 1, unit: '×', tolerance: 0.25 },
  ours: 1.04,
  oursText: '1.04×',
  difference: 0.04,
  verdict: 'pass',
};

type RunImpl = (scenario: Scenario, onProgress: (r: Report) => void) => Promise<RunReply>;

/** The worker's side of progress: each snapshot packed and its buffer transferred, as engine.worker.ts sends it. */
const packing =
  (impl: RunImpl): EngineApi['run'] =>
  (scenario, onProgress) =>
    impl(scenario, (r) => {
      const packed = packReport(r);
      return onProgress(Comlink.transfer(packed, [packed.numbers.buffer]));
    });

const open: MessagePort[] = [];
afterEach(() => {
  for (const p of open.splice(0)) p.close();
});

/** A factory of fake workers, each serving `impl`; records what was created and terminated. */
function fakeWorkers(impl: RunImpl) {
  const created: { terminated: boolean }[] = [];
  const create = (): WorkerLike => {
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    const api: EngineApi = {
      run: packing(impl),
      estimateUpside: async (scenario, points) =>
        points.length === 0
          ? { ok: false, error: { kind: 'invalid-scenario', message: 'points: give 1 to 64 size pairs (got 0)' } }
          : { ok: true, report: { references: JSON.stringify(scenario).length, distinct: 1, points: [] } },
      loadTrace: async (file, name, _options, onProgress) => {
        await onProgress({ bytes: file.size / 2, total: file.size, requests: 1, ms: 1 });
        return file.size === 0
          ? { ok: false, error: { kind: 'invalid-trace', message: `${name}: byte 0: the trace is empty` } }
          : {
              ok: true,
              summary: {
                format: 'lines',
                requests: 2,
                blockRefs: 2,
                distinct: 2,
                bytes: file.size,
                skipped: 0,
                firstSkipped: null,
                clients: [{ id: 0, requests: 2 }],
                hashedIds: 0,
                collisions: 0,
                sized: false,
              },
            };
      },
      miniCurves: async (request, file, onProgress) => {
        await onProgress({
          curves: [],
          bytes: file.size / 2,
          total: file.size,
          ms: 1,
          memory: { engine: 1, reader: 2 },
        });
        // A request without sizes: the engine's refusal; a file of "never" ends only when stopped.
        if (request.sizes.length === 0)
          return {
            ok: false,
            error: { kind: 'invalid-scenario', message: 'sizes: name at least one cache size', path: 'sizes' },
          };
        if ((await file.text()) === 'never') return new Promise(() => {});
        return { ok: true, curves: [], ms: 2 };
      },
      byteCurves: async (request, file, onProgress) => {
        for (const pass of [1, 2] as const)
          await onProgress({
            pass,
            curves: [],
            sizes: [],
            bytes: file.size,
            total: file.size,
            ms: pass,
            memory: { engine: 1, reader: 2 },
          });
        if (request.points < 2)
          return { ok: false, error: { kind: 'invalid-scenario', message: 'points: from 2 to 40 capacities (got 1)' } };
        return { ok: true, curves: [], sizes: [1 << 20, 1 << 30], ms: 3 };
      },
      analyzeTrace: async (request, file, onProgress) => {
        if (request.windowSecs <= 0)
          return {
            ok: false,
            error: { kind: 'invalid-scenario', message: 'windowSecs: a window must last more than 0 s (got 0)' },
          };
        const report = { requests: file.size } as ProfileReport;
        await onProgress({ report, bytes: 1, total: file.size, ms: 1, memory: { engine: 1, reader: 2 } });
        return { ok: true, report, summary: { requests: file.size } as TraceSummary, ms: 4 };
      },
      exportWorkload: async (scenario, format) =>
        format === 'csv'
          ? { ok: true, bytes: new TextEncoder().encode(`csv of ${JSON.stringify(scenario).length}`) }
          : { ok: false, error: { kind: 'invalid-scenario', message: 'format: no' } },
      previewWorkload: async (_scenario, _skip, n) =>
        n > 0
          ? { ok: true, csv: 'time,client,block,nblocks,op,hint\n,0,7,1,r,\n,0,9,1,w,replace range:3\n' }
          : { ok: false, error: { kind: 'invalid-scenario', message: 'n: no' } },
      teach: async (_scenario, requests) => {
        const r = requests;
        const cache = (blocks: number[]) => [
          {
            name: 'cache',
            parent: null,
            stack: null,
            policy: 'lru',
            queues: [{ name: 'cache', ghost: false, blocks, partition: null }],
            hits: 0,
            misses: blocks.length,
          },
        ];
        return r.length > 0
          ? {
              ok: true,
              steps: [
                {
                  block: null,
                  op: null,
                  hint: null,
                  client: null,
                  level: null,
                  servedBy: null,
                  latencyMs: 0,
                  caches: cache([]),
                  demotions: 0,
                  diskReads: 0,
                  miss: null,
                  distance: null,
                  pathCapacity: null,
                  inBytes: false,
                  events: [],
                },
                ...r.map(({ block }) => ({
                  block,
                  op: 'read' as const,
                  hint: null,
                  client: 0,
                  level: 'disk' as const,
                  servedBy: 'disk',
                  latencyMs: 10,
                  caches: cache([block]),
                  demotions: 0,
                  diskReads: 1,
                  miss: 'cold' as const,
                  distance: null,
                  pathCapacity: 1,
                  inBytes: false,
                  events: [],
                })),
              ],
            }
          : { ok: false, error: { kind: 'invalid-scenario', message: 'requests: none' } };
      },
      // A reproduction that never ends for paper "003" (stopped only by terminating the worker).
      reproduce: (paper) =>
        paper === '003'
          ? new Promise(() => {})
          : paper === '001'
            ? Promise.resolve({ ok: true, checks: [CHECK] })
            : Promise.resolve({ ok: false, error: { kind: 'engine', message: `no reproduction of paper ${paper}` } }),
      // Scripted, not the engine's rule: the verdict the test wants to see carried back.
      judgeChecks: async (checks) => ({ ok: true, verdicts: checks.map((c) => (c.ours > 0 ? 'pass' : 'fail')) }),
      version: async () => 'fake',
      warmCurves: async () => {},
    };
    Comlink.expose(api, port1);
    const record = { terminated: false };
    created.push(record);
    port2.start();
    return Object.assign(port2, {
      terminate() {
        record.terminated = true;
        port1.close();
        port2.close();
      },
    }) as unknown as WorkerLike;
  };
  return { create, created };
}

describe('EngineClient', () => {
  it('streams progress and resolves with the final report', async () => {
    const seen: Scenario[] = [];
    const { create, created } = fakeWorkers(async (scenario, onProgress) => {
      seen.push(scenario);
      await onProgress(makeReport({ phase: 'warmup', processed: 5 }));
      await onProgress(makeReport({ phase: 'measured', processed: 60 }));
      return { ok: true, report: makeReport() };
    });
    const client = new EngineClient(create);
    const progress: [string, number][] = [];
    const report = await client.run(defaultScenario(), { onProgress: (r) => progress.push([r.phase, r.processed]) });

    expect(report.phase).toBe('done');
    expect(report.meanLatencyMs).toBe(0.5575482177734375);
    expect(progress).toEqual([
      ['warmup', 5],
      ['measured', 60],
    ]);
    expect(seen[0]).toEqual(defaultScenario());
    expect(created).toHaveLength(1); // created lazily, on the first run
    await client.run(defaultScenario());
    expect(created).toHaveLength(1); // and reused
  });

  it('turns a typed error reply into an EngineRunError of that kind', async () => {
    const { create } = fakeWorkers(async () => ({
      ok: false,
      error: {
        kind: 'invalid-scenario',
        message: 'scenario.client.capacity: must be between 1 and 33554432 blocks (got 0)',
      },
    }));
    const error = await new EngineClient(create).run(defaultScenario()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRunError);
    expect(error).toMatchObject({
      kind: 'invalid-scenario',
      message: expect.stringContaining('scenario.client.capacity'),
    });
  });

  it('asks the worker for an upside estimate, with typed errors and abort', async () => {
    const { create, created } = fakeWorkers(async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }));
    const client = new EngineClient(create);
    const report = await client.estimateUpside(defaultScenario(), [{ client: 1, array: 1 }]);
    expect(report).toEqual({ references: JSON.stringify(defaultScenario()).length, distinct: 1, points: [] });
    await expect(client.estimateUpside(defaultScenario(), [])).rejects.toMatchObject({
      kind: 'invalid-scenario',
      message: expect.stringContaining('points'),
    });
    const controller = new AbortController();
    controller.abort();
    await expect(
      client.estimateUpside(defaultScenario(), [{ client: 1, array: 1 }], controller.signal),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(created).toHaveLength(1);
  });

  it('reads a trace in the worker with progress, and names the file when it cannot', async () => {
    const { create } = fakeWorkers(async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }));
    const client = new EngineClient(create);
    const seen: number[] = [];
    const summary = await client.loadTrace(
      new Blob(['1\n2\n']),
      't.txt',
      { blockSize: 4096 },
      { onProgress: (p) => seen.push(p.bytes) },
    );
    expect(summary).toMatchObject({ requests: 2, bytes: 4 });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([2]);
    await expect(client.loadTrace(new Blob([]), 'e.txt', { blockSize: 4096 })).rejects.toMatchObject({
      kind: 'invalid-trace',
      message: 'e.txt: byte 0: the trace is empty',
    });
  });

  it('draws miss-ratio curves over a streamed trace with progress, says why not, and stops when aborted', async () => {
    const { create, created } = fakeWorkers(async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }));
    const client = new EngineClient(create);
    const request = {
      policies: [{ kind: 'lru' as const }],
      sizes: [10],
      method: 'mini' as const,
      rate: 0,
      distinct: 100,
      name: 't.txt',
      options: { blockSize: 4096 },
    };
    const seen: number[] = [];
    expect(await client.miniCurves(request, new Blob(['1\n2\n']), { onProgress: (p) => seen.push(p.bytes) })).toEqual({
      curves: [],
      ms: 2,
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([2]);
    await expect(client.miniCurves({ ...request, sizes: [] }, new Blob(['1\n']))).rejects.toMatchObject({
      message: 'sizes: name at least one cache size',
      path: 'sizes',
    });
    const abort = new AbortController();
    const pending = client.miniCurves(request, new Blob(['never']), { signal: abort.signal });
    await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(created.some((w) => w.terminated)).toBe(true);
  });

  it('draws curves in bytes in two passes, with both passes reported, or says why not', async () => {
    const { create } = fakeWorkers(async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }));
    const client = new EngineClient(create);
    const request = {
      policies: [{ kind: 'gdsf' as const }],
      sizes: [],
      points: 2,
      method: 'exact' as const,
      rate: 0,
      name: 't.oracle',
      options: { blockSize: 4096, objectMode: true },
    };
    const passes: number[] = [];
    expect(await client.byteCurves(request, new Blob(['123']), { onProgress: (p) => passes.push(p.pass) })).toEqual({
      curves: [],
      sizes: [1 << 20, 1 << 30],
      ms: 3,
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(passes).toEqual([1, 2]);
    await expect(client.byteCurves({ ...request, points: 1 }, new Blob(['1']))).rejects.toMatchObject({
      message: 'points: from 2 to 40 capacities (got 1)',
    });
  });

  it('analyzes a trace with its progress reported, or says why not', async () => {
    const { create } = fakeWorkers(async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }));
    const client = new EngineClient(create);
    const request = { name: 't.csv', options: { blockSize: 4096 }, windowSecs: 60, windowRequests: 1000, top: 5 };
    const seen: number[] = [];
    const done = await client.analyzeTrace(request, new Blob(['1234']), {
      onProgress: (p) => seen.push(p.report.requests),
    });
    expect(done).toMatchObject({ report: { requests: 4 }, summary: { requests: 4 }, ms: 4 });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([4]);
    await expect(client.analyzeTrace({ ...request, windowSecs: 0 }, new Blob(['1']))).rejects.toMatchObject({
      message: 'windowSecs: a window must last more than 0 s (got 0)',
    });
  });

  it('exports a workload as bytes, or says why not', async () => {
    const { create } = fakeWorkers(async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }));
    const client = new EngineClient(create);
    expect(await client.previewWorkload(defaultScenario(), 0, 2)).toEqual([
      { client: 0, block: 7, nblocks: 1, op: 'read' },
      { client: 0, block: 9, nblocks: 1, op: 'write', hint: 'replace', range: 3 },
    ]);
    const steps = await client.teach(defaultScenario(), [{ block: 4, op: 'read', client: 0 }], {
      client: [],
      array: [],
    });
    expect(steps.map((s) => s.block)).toEqual([null, 4]);
    expect(steps[1].caches[0].queues[0].blocks).toEqual([4]);
    await expect(client.teach(defaultScenario(), [], { client: [], array: [] })).rejects.toMatchObject({
      message: 'requests: none',
    });
    await expect(client.previewWorkload(defaultScenario(), 0, 0)).rejects.toMatchObject({ message: 'n: no' });
    const bytes = await client.exportWorkload(defaultScenario(), 'csv');
    expect(new TextDecoder().decode(bytes)).toBe(`csv of ${JSON.stringify(defaultScenario()).length}`);
    await expect(client.exportWorkload(defaultScenario(), 'oracle-general')).rejects.toMatchObject({
      message: 'format: no',
    });
  });

  it('on abort: rejects with an AbortError, terminates the worker, and starts a fresh one next time', async () => {
    let calls = 0;
    const { create, created } = fakeWorkers(async (_scenario, onProgress) => {
      calls++;
      if (calls === 1) {
        await onProgress(makeReport({ phase: 'warmup', processed: 1 }));
        return new Promise<RunReply>(() => {}); // a run that never ends by itself
      }
      return { ok: true, report: makeReport() };
    });
    const client = new EngineClient(create);
    const controller = new AbortController();
    const onProgress = vi.fn();
    const pending = client.run(defaultScenario(), { signal: controller.signal, onProgress });
    await vi.waitFor(() => expect(onProgress).toHaveBeenCalledTimes(1), SETTLE);
    controller.abort();

    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError', kind: 'cancelled' });
    expect(created.map((w) => w.terminated)).toEqual([true]);

    const report = await client.run(defaultScenario());
    expect(report.phase).toBe('done');
    expect(created.map((w) => w.terminated)).toEqual([true, false]);
  });

  it("runs a paper's reproduction and has the engine judge checks; aborting a long one terminates its worker", async () => {
    const { create, created } = fakeWorkers(async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }));
    const client = new EngineClient(create);
    expect(await client.reproduce('001')).toEqual([CHECK]);
    expect(await client.judgeChecks([CHECK, { ...CHECK, ours: 0 }])).toEqual(['pass', 'fail']);
    await expect(client.reproduce('009')).rejects.toMatchObject({
      kind: 'engine',
      message: 'no reproduction of paper 009',
    });
    const controller = new AbortController();
    const pending = client.reproduce('003', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(created.map((w) => w.terminated)).toEqual([true]);
  });

  it('rejects at once, without a worker, when the signal is already aborted', async () => {
    const { create, created } = fakeWorkers(async () => ({ ok: true, report: makeReport() }));
    const controller = new AbortController();
    controller.abort();
    await expect(new EngineClient(create).run(defaultScenario(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(created).toHaveLength(0);
  });

  it("puts back the histograms' edges the worker sends only with a run's first snapshot", async () => {
    const full = makeReport({ phase: 'warmup', processed: 5 });
    const slim = (r: Report): Report => ({
      ...r,
      latency: { ...r.latency, edgesUs: [] },
      clients: r.clients.map((c) => ({ ...c, latency: { ...c.latency, edgesUs: [] } })),
    });
    const { create } = fakeWorkers(async (_scenario, onProgress) => {
      await onProgress(full);
      await onProgress(slim(makeReport({ phase: 'measured', processed: 60 })));
      return { ok: true, report: makeReport() };
    });
    const seen: Report[] = [];
    await new EngineClient(create).run(defaultScenario(), { onProgress: (r) => seen.push(r) });
    expect(
      seen.map((r) => [
        r.processed,
        r.latency.edgesUs.length,
        r.clients.every((c) => c.latency.edgesUs.length === full.latency.edgesUs.length),
      ]),
    ).toEqual([
      [5, full.latency.edgesUs.length, true],
      [60, full.latency.edgesUs.length, true],
    ]);
    expect(full.latency.edgesUs.length).toBeGreaterThan(700);
    expect(seen[1].latency.edgesUs).toEqual(full.latency.edgesUs);
  });

  it('drops progress that arrives after the run settled', async () => {
    let late: ((r: Report) => void) | undefined;
    const { create } = fakeWorkers(async (_scenario, onProgress) => {
      late = onProgress;
      return { ok: true, report: makeReport() };
    });
    const onProgress = vi.fn();
    await new EngineClient(create).run(defaultScenario(), { onProgress });
    await late!(makeReport({ phase: 'measured' }));
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('rejects the run in flight when the worker crashes', async () => {
    const { create } = fakeWorkers(() => new Promise<RunReply>(() => {}));
    let worker: WorkerLike | undefined;
    const client = new EngineClient(() => (worker = create()));
    const pending = client.run(defaultScenario());
    await vi.waitFor(() => expect(worker).toBeDefined(), SETTLE);
    const crash = new Event('error');
    Object.defineProperty(crash, 'message', { value: 'RuntimeError: unreachable' });
    (worker as unknown as EventTarget).dispatchEvent(crash);
    await expect(pending).rejects.toMatchObject({ kind: 'engine', message: 'RuntimeError: unreachable' });
  });

  it('settles every call pending on a worker that crashes, then starts a new worker for the next', async () => {
    // A worker that answers nothing, whatever it is asked.
    const workers: WorkerLike[] = [];
    const hang = () => new Promise<never>(() => {});
    const create = (): WorkerLike => {
      const { port1, port2 } = new MessageChannel();
      open.push(port1, port2);
      const api = new Proxy({}, { get: (_t, key) => (key === 'then' ? undefined : hang) });
      Comlink.expose(api, port1);
      port2.start();
      const w = Object.assign(port2, { terminate: () => port2.close() }) as unknown as WorkerLike;
      workers.push(w);
      return w;
    };
    const client = new EngineClient(create);
    const s = defaultScenario();
    const pending = [
      client.run(s),
      client.exportWorkload(s, 'csv'),
      client.previewWorkload(s, 0, 5),
      client.teach(s, [{ block: 1, op: 'read', client: 0 }], {}),
      client.estimateUpside(s, [{ client: 1, array: 1 }]),
    ];
    await vi.waitFor(() => expect(workers).toHaveLength(1), SETTLE);
    const crash = new Event('error');
    Object.defineProperty(crash, 'message', { value: 'RuntimeError: memory access out of bounds' });
    (workers[0] as unknown as EventTarget).dispatchEvent(crash);
    for (const p of pending)
      await expect(p).rejects.toMatchObject({ kind: 'engine', message: 'RuntimeError: memory access out of bounds' });
    // Stopping the worker (Cancel of one call) settles the others on it, too.
    const a = new AbortController();
    const cancelled = client.exportWorkload(s, 'csv', a.signal);
    const other = client.teach(s, [{ block: 1, op: 'read', client: 0 }], {});
    await vi.waitFor(() => expect(workers).toHaveLength(2), SETTLE);
    a.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: 'cancelled', message: 'the export was cancelled' });
    await expect(other).rejects.toMatchObject({
      kind: 'engine',
      message: 'the engine worker was stopped before this finished',
    });
  });
});
