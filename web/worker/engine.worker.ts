// The engine worker: loads the wasm engine lazily (once) and runs scenarios in adaptive
// batches, streaming progress reports. All simulation happens here, never on the main thread.
import * as Comlink from 'comlink';
import init, { Simulation, engineVersion, estimateUpside } from '../wasm-pkg/tiersim_wasm.js';
import wasmUrl from '../wasm-pkg/tiersim_wasm_bg.wasm?url';
import { planBatch, shouldEmit } from './batch';
import type { EngineApi, EngineError, Report, UpsideReport } from './protocol';

let ready: Promise<unknown> | undefined;

function loadEngine(): Promise<unknown> {
  ready ??= init({ module_or_path: wasmUrl });
  return ready;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Yields to the event loop (a macrotask) so messages — and terminate — get through. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const api: EngineApi = {
  async run(scenarioJson, onProgress) {
    try {
      await loadEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }

    let sim: Simulation;
    try {
      sim = new Simulation(scenarioJson);
    } catch (e) {
      return fail('invalid-scenario', messageOf(e));
    }
    try {
      // Live stack-depth graphs: exact for runs of up to 8 M block references, else sampled.
      sim.trackDepths('{"mode":"auto"}');
    } catch (e) {
      sim.free();
      return fail('engine', messageOf(e));
    }

    try {
      let report = sim.report() as Report;
      const total = report.total;
      let phase = report.phase;
      let last: { size: number; ms: number } | undefined;
      let lastEmit = { at: performance.now(), processed: 0 };
      onProgress(report);

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
          report = sim.report() as Report;
          const phaseChanged = report.phase !== phase;
          phase = report.phase;
          if (phaseChanged || shouldEmit({ now, processed, total, phaseChanged, lastEmit })) {
            onProgress(report);
            lastEmit = { at: now, processed };
          }
        }
        await nextTask();
      }

      report = sim.report() as Report;
      onProgress(report);
      return { ok: true, report };
    } catch (e) {
      return fail('engine', messageOf(e));
    } finally {
      sim.free();
      // The callback arrives as a Comlink proxy; let its port go.
      (onProgress as unknown as Partial<Comlink.Remote<unknown>>)[Comlink.releaseProxy]?.();
    }
  },

  async estimateUpside(scenarioJson, points) {
    try {
      await loadEngine();
    } catch (e) {
      return fail('engine', `could not load the engine: ${messageOf(e)}`);
    }
    try {
      return { ok: true, report: estimateUpside(scenarioJson, JSON.stringify(points)) as UpsideReport };
    } catch (e) {
      return fail('invalid-scenario', messageOf(e));
    }
  },

  async version() {
    await loadEngine();
    return engineVersion();
  },
};

function fail(kind: EngineError['kind'], message: string): { ok: false; error: EngineError } {
  return { ok: false, error: { kind, message } };
}

Comlink.expose(api);
