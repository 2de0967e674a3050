// The engine on the page's own thread: the rules a form asks as the user types — every check
// with its field, migration of old documents, the topology's shape, the catalogue of choices
// and limits, a workload's size, the papers' designs, the stepper's typed lists — answered
// synchronously by the engine's rules, built alone into a small WebAssembly module
// (tiersim_rules: the engine crate without its simulator). The page loads it before it draws
// the form (main.tsx); the workers load the whole engine (./whole.ts), which answers the same
// calls, and runs stay on them — so the page's first load carries no simulator.
import init, * as rules from '../wasm-pkg/tiersim_rules.js';
import rulesUrl from '../wasm-pkg/tiersim_rules_bg.wasm?url';
import type { Catalogue } from '../generated/engine';

/** The engine's rules: every call of the rules module (the whole engine has each of them too). */
export type Rules = Omit<typeof rules, 'default' | 'initSync'>;

let api: Rules | undefined;
let loading: Promise<void> | undefined;

/** Loads the rules once (on the page); every later call resolves at once. */
export function loadEngine(): Promise<void> {
  loading ??= init({ module_or_path: rulesUrl }).then(() => {
    api ??= rules;
  });
  return loading;
}

/** For tests and Node: the rules from the rules module's bytes, synchronously. */
export function loadEngineFrom(bytes: BufferSource): void {
  if (api) return;
  rules.initSync({ module: bytes });
  api = rules;
  loading = Promise.resolve();
}

/** A worker that loaded the whole engine answers the rules from it (one module, not two). */
export function adoptEngine(whole: Rules): void {
  api = whole;
  loading = Promise.resolve();
}

/** The engine's rules, once loaded (see {@link loadEngine}). */
export function engine(): Rules {
  if (!api) throw new Error('the engine is not loaded yet (loadEngine)');
  return api;
}

let catalogueMemo: Catalogue | undefined;

/** Every choice, bound and default the engine offers (asked once). */
export function catalogue(): Catalogue {
  catalogueMemo ??= engine().catalogue();
  return catalogueMemo;
}
