// The engine on the page's own thread: the rules a form asks as the user types — every check
// with its field, migration of old documents, the topology's shape, the catalogue of choices
// and limits, a workload's size, the papers' designs, the stepper's typed lists — answered
// synchronously by the same WebAssembly the workers run (one download: the browser caches it).
// The page loads it before it draws the form (main.tsx); the workers load it the same way, and
// runs stay on them.
import init, * as wasm from '../wasm-pkg/tiersim_wasm.js';
import wasmUrl from '../wasm-pkg/tiersim_wasm_bg.wasm?url';
import type { Catalogue } from '../generated/engine';

let loading: Promise<wasm.InitOutput> | undefined;
let ready = false;

/** Loads the engine once (on the page, in a worker); every later call resolves at once. */
export function loadEngine(): Promise<wasm.InitOutput> {
  loading ??= init({ module_or_path: wasmUrl }).then((out) => {
    ready = true;
    return out;
  });
  return loading;
}

/** For tests and Node: the engine from its bytes, synchronously. */
export function loadEngineFrom(bytes: BufferSource): void {
  if (ready) return;
  const out = wasm.initSync({ module: bytes });
  ready = true;
  loading = Promise.resolve(out);
}

/** The engine's calls, once it is loaded (see {@link loadEngine}). */
export function engine(): typeof wasm {
  if (!ready) throw new Error('the engine is not loaded yet (loadEngine)');
  return wasm;
}

let catalogueMemo: Catalogue | undefined;

/** Every choice, bound and default the engine offers (asked once). */
export function catalogue(): Catalogue {
  catalogueMemo ??= engine().catalogue();
  return catalogueMemo;
}
