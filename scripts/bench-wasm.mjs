// The engine as WebAssembly in Node, on the same runs as `tiersim bench`: paper 000 RANDOM,
// LRU-LRU-none and LRU-MRU-demote, driven in batches exactly as the worker drives it.
//   node scripts/bench-wasm.mjs [--repeat N]      (npm run bench runs it after the native bench)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Simulation, defaultScenario, initSync } from '../web/wasm-pkg/tiersim_wasm.js';

const BATCH = 1 << 20;
const args = process.argv.slice(2);
let repeat = 5;
if (args.length) {
  repeat = args[0] === '--repeat' ? Number(args[1]) : NaN;
  if (!(Number.isInteger(repeat) && repeat > 0) || args.length !== 2) {
    console.error('usage: node scripts/bench-wasm.mjs [--repeat N]   (N a positive integer)');
    process.exit(2);
  }
}

const wasmFile = fileURLToPath(new URL('../web/wasm-pkg/tiersim_wasm_bg.wasm', import.meta.url));
const exports = initSync({ module: readFileSync(wasmFile) });

// The default scenario is LRU-MRU-demote; the baseline differs only in the array and protocol.
const proposed = JSON.parse(defaultScenario());
const baseline = structuredClone(proposed);
baseline.array.policy.kind = 'lru';
baseline.protocol.kind = 'none';
const designs = [
  ['LRU-LRU-none', baseline],
  ['LRU-MRU-demote', proposed],
];

console.log(`wasm bench: paper 000 RANDOM, Nc = Na = ${proposed.client.capacity}, batches of ${BATCH}, best of ${repeat}`);
for (const [name, scenario] of designs) {
  const json = JSON.stringify(scenario);
  let best = Infinity;
  let report;
  for (let i = 0; i < repeat; i++) {
    const sim = new Simulation(json); // set-up excluded, as in the native bench
    const start = performance.now();
    while (!sim.step(BATCH));
    best = Math.min(best, (performance.now() - start) / 1000);
    report = sim.report();
    sim.free();
  }
  const rate = report.processed / best;
  console.log(
    `  ${name.padEnd(16)} ${rate.toFixed(0).padStart(12)} requests/s  ` +
      `(${report.processed} requests in ${(best * 1e3).toFixed(1)} ms; mean latency ${report.meanLatencyMs.toFixed(3)} ms)`,
  );
}
const rssMiB = process.resourceUsage().maxRSS / 1024; // maxRSS is in KiB
const wasmMiB = exports.memory.buffer.byteLength / 2 ** 20;
console.log(`  peak memory      ${rssMiB.toFixed(1)} MiB (Node process maxRSS), wasm linear memory ${wasmMiB.toFixed(1)} MiB`);
