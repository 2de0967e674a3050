// The whole engine — the simulator with the rules — as the workers load it: once, lazily, the
// first time a worker is asked for work. It answers the rules' calls too (./engine.ts), so a
// worker loads one module, not two.
import init, * as whole from '../wasm-pkg/tiersim_wasm.js';
import wasmUrl from '../wasm-pkg/tiersim_wasm_bg.wasm?url';
import { adoptEngine } from './engine';

let loading: Promise<whole.InitOutput> | undefined;

/** Loads the whole engine once (in a worker); every later call resolves at once. */
export function loadWholeEngine(): Promise<whole.InitOutput> {
  loading ??= init({ module_or_path: wasmUrl }).then((out) => {
    adoptEngine(whole);
    return out;
  });
  return loading;
}
