// @vitest-environment node
// The worker pool behind the miss-ratio sweep (web/features/mrc/sweep.ts: workerPool, runSweep,
// defaultPoolSize), with real EngineClients over fake engine workers — Comlink endpoints on
// MessageChannels, as in client.test.ts — so the abort path is the one the app takes.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSweep, sweepPoints, type SweepPoint } from '../../web/features/mrc/sweep';
import { defaultPoolSize, workerPool } from '../../web/worker/pool';
import { TRACE_LIMIT_MIB, traceLimitMiB } from '../../web/worker/limits';
import { defaultScenario } from '../../web/scenario/defaults';
import type { Scenario } from '../../web/scenario/document';
import { EngineClient, type WorkerLike } from '../../web/worker/client';
import type { EngineApi, RunReply } from '../../web/worker/protocol';
import { makeReport } from './fixtures';
import { SETTLE_MS } from './setup';

/** vi.waitFor's options: as patient as every other wait in the suite. */
const SETTLE = { timeout: SETTLE_MS };

const open: MessagePort[] = [];
afterEach(() => {
  for (const p of open.splice(0)) p.close();
  vi.unstubAllGlobals();
});

/** A made-up but deterministic miss ratio: depends on the point only, never on timing. */
function missOf(s: Scenario): number {
  const c = cacheOf(s);
  return (c.policy.kind === 'min' ? 0.5 : 1) / (1 + Number(c.capacity) / 100);
}

/** The one cache a sweep point runs. */
function cacheOf(s: Scenario) {
  if (s.topology.kind !== 'single') throw new Error(`a sweep point is one cache, not ${s.topology.kind}`);
  return s.topology.cache;
}

/**
 * Fake engine workers. Each run takes `delayMs(scenario)` (Infinity: never ends by itself) and
 * replies with missOf(scenario); records workers created/terminated and runs in flight.
 */
function fakeEngine(delayMs: (s: Scenario) => number = () => 0) {
  const workers: { terminated: boolean }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const started: string[] = [];
  const run = (s: Scenario): Promise<RunReply> => {
    started.push(`${cacheOf(s).policy.kind}@${cacheOf(s).capacity}`);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const miss = missOf(s);
    const delay = delayMs(s);
    return new Promise((resolve) => {
      if (delay === Infinity) return;
      setTimeout(() => {
        inFlight--;
        resolve({
          ok: true,
          report: makeReport({
            hitFractions: { client: 1 - miss, array: 0, disk: miss },
            blockHitFractions: { client: 1 - miss / 2, array: 0, disk: miss / 2 },
          }),
        });
      }, delay);
    });
  };
  const createWorker = (): WorkerLike => {
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    const api: EngineApi = {
      run,
      estimateUpside: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      loadTrace: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      miniCurves: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      byteCurves: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      analyzeTrace: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      exportWorkload: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      previewWorkload: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      teach: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      reproduce: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      judgeChecks: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
      version: async () => 'fake',
      warmCurves: async () => {},
    };
    Comlink.expose(api, port1);
    const record = { terminated: false };
    workers.push(record);
    port2.start();
    return Object.assign(port2, {
      terminate() {
        record.terminated = true;
        port1.close();
        port2.close();
      },
    }) as unknown as WorkerLike;
  };
  return {
    createClient: () => new EngineClient(createWorker),
    workers,
    started,
    stats: () => ({ inFlight, mostInFlight }),
  };
}

function points(policies: ('lru' | 'arc' | 'min')[], sizes: number[]): SweepPoint[] {
  const base = {
    ...defaultScenario(),
    source: { kind: 'workload' as const, workload: { kind: 'random' as const, blocks: 2000 } },
  };
  const built = sweepPoints(base, policies, sizes);
  if ('error' in built) throw new Error(built.error);
  return built.points;
}

describe('defaultPoolSize', () => {
  it('uses the cores, at most 4, and 2 when the browser does not say', () => {
    for (const [cores, want] of [
      [8, 4],
      [4, 4],
      [3, 3],
      [1, 1],
      [0, 2],
      [undefined, 2],
    ] as const) {
      vi.stubGlobal('navigator', { hardwareConcurrency: cores });
      expect(defaultPoolSize(), `hardwareConcurrency ${cores}`).toBe(want);
    }
  });

  it("limits each worker's copy of a trace to its share of half the device's memory", () => {
    // Unknown memory (browsers other than Chromium): 1 GiB each.
    expect(traceLimitMiB(undefined, 5)).toBe(TRACE_LIMIT_MIB);
    // 8 GiB (Chromium's most) over 5 workers: 819 MiB each; 4 GiB over 3: 682; little: 128 at least.
    expect(traceLimitMiB(8, 5)).toBe(819);
    expect(traceLimitMiB(4, 3)).toBe(682);
    expect(traceLimitMiB(16, 2)).toBe(TRACE_LIMIT_MIB);
    expect(traceLimitMiB(0.5, 5)).toBe(128);
  });
});

describe('workerPool + runSweep', () => {
  it('keeps at most K points in flight on K lazily created workers, and closes them all', async () => {
    const engine = fakeEngine((s) => (Number(cacheOf(s).capacity) % 7) + 1);
    const pool = workerPool(2, engine.createClient);
    expect(engine.workers).toHaveLength(0); // a worker starts with its first point
    const landed: number[] = [];
    const results = await runSweep(
      points(['lru', 'arc'], [10, 40, 160, 640, 2000]),
      pool.run,
      2,
      new AbortController().signal,
      (i) => landed.push(i),
    );
    expect(engine.stats().mostInFlight).toBe(2);
    expect(engine.workers).toHaveLength(2);
    expect([...landed].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results.map((r) => `${r.policy}@${r.size}`)).toEqual([
      'lru@10',
      'lru@40',
      'lru@160',
      'lru@640',
      'lru@2000',
      'arc@10',
      'arc@40',
      'arc@160',
      'arc@640',
      'arc@2000',
    ]);
    // Read miss ratio from hitFractions.disk, block miss ratio from blockHitFractions.disk.
    expect(results[0]).toEqual({ policy: 'lru', size: 10, missRatio: 1 / 1.1, blockMissRatio: 1 / 1.1 / 2 });
    pool.close();
    expect(engine.workers.map((w) => w.terminated)).toEqual([true, true]);
  });

  it('gives the same numbers in the same order whatever the pool size and completion order', async () => {
    const all = points(['lru', 'min'], [10, 57, 325, 2000]);
    const sweep = async (k: number, delay: (s: Scenario) => number) => {
      const engine = fakeEngine(delay);
      const pool = workerPool(k, engine.createClient);
      const landed: number[] = [];
      try {
        return {
          results: await runSweep(all, pool.run, k, new AbortController().signal, (i) => landed.push(i)),
          landed,
        };
      } finally {
        pool.close();
      }
    };
    const one = await sweep(1, () => 0);
    // Four workers, the small caches slowest: points land in a very different order.
    const four = await sweep(4, (s) => 20 - Number(cacheOf(s).capacity) / 100);
    expect(one.landed).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(four.landed).not.toEqual(one.landed);
    expect(four.results).toEqual(one.results);
    expect(one.results.map((r) => r.missRatio)).toEqual(all.map((p) => missOf(p.scenario)));
  });

  it('on cancel: rejects with an AbortError, terminates every busy worker and starts nothing more', async () => {
    const engine = fakeEngine(() => Infinity);
    const pool = workerPool(3, engine.createClient);
    const abort = new AbortController();
    const pending = runSweep(points(['lru', 'arc'], [10, 100, 1000]), pool.run, 3, abort.signal, () => {});
    await vi.waitFor(() => expect(engine.started).toHaveLength(3), SETTLE);
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(engine.workers.map((w) => w.terminated)).toEqual([true, true, true]);
    await new Promise((r) => setTimeout(r, 20));
    expect(engine.started).toEqual(['lru@10', 'lru@100', 'lru@1000']);
    pool.close(); // closing after a cancel is harmless
  });

  it('fails the sweep with the engine error of a failing point', async () => {
    const pool = workerPool(2, () => {
      const { port1, port2 } = new MessageChannel();
      open.push(port1, port2);
      const api: EngineApi = {
        run: async () => ({ ok: false, error: { kind: 'engine', message: 'RuntimeError: unreachable' } }),
        estimateUpside: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        loadTrace: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        miniCurves: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        byteCurves: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        analyzeTrace: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        exportWorkload: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        previewWorkload: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        teach: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        reproduce: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        judgeChecks: async () => ({ ok: false, error: { kind: 'engine', message: 'unused' } }),
        version: async () => 'fake',
        warmCurves: async () => {},
      };
      Comlink.expose(api, port1);
      port2.start();
      return new EngineClient(() => Object.assign(port2, { terminate: () => port2.close() }) as unknown as WorkerLike);
    });
    await expect(
      runSweep(points(['lru'], [10, 100]), pool.run, 2, new AbortController().signal, () => {}),
    ).rejects.toMatchObject({
      kind: 'engine',
      message: 'RuntimeError: unreachable',
    });
    pool.close();
  });
});
