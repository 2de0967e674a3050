// The engine as WebAssembly in Node, on the same runs as the native benches:
// 1. `tiersim bench`: paper 000 RANDOM, LRU-LRU-none and LRU-MRU-demote, driven in batches
//    exactly as the worker drives it;
// 2. `tiersim bench-policies`: every policy on the 10 M-request Zipf trace (issue 3), merged with
//    the native figures into one table when given `--native FILE` (the native `--json` output);
//    the wasm miss counts must equal the native ones exactly.
//   node scripts/bench-wasm.mjs [--repeat N] [--native FILE]   (npm run bench runs it)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  PolicyBench,
  Simulation,
  TraceReader,
  defaultScenario,
  initSync,
  sampleTrace,
} from '../web/wasm-pkg/tiersim_wasm.js';

const BATCH = 1 << 20;
const args = process.argv.slice(2);
let repeat = 5;
let nativeFile = null;
const usage = () => {
  console.error('usage: node scripts/bench-wasm.mjs [--repeat N] [--native FILE]   (N a positive integer)');
  process.exit(2);
};
for (let i = 0; i < args.length; i += 2) {
  if (args[i] === '--repeat') {
    repeat = Number(args[i + 1]);
    if (!(Number.isInteger(repeat) && repeat > 0)) usage();
  } else if (args[i] === '--native' && args[i + 1]) {
    nativeFile = args[i + 1];
  } else usage();
}

const wasmFile = fileURLToPath(new URL('../web/wasm-pkg/tiersim_wasm_bg.wasm', import.meta.url));
const exports = initSync({ module: readFileSync(wasmFile) });

// The default scenario is LRU-MRU-demote; the baseline differs only in the array and protocol.
const proposed = JSON.parse(defaultScenario());
const baseline = structuredClone(proposed);
baseline.topology.array.policy.kind = 'lru';
delete baseline.protocol; // absent: the inclusive baseline
const designs = [
  ['LRU-LRU-none', baseline],
  ['LRU-MRU-demote', proposed],
];

console.log(
  `wasm bench: paper 000 RANDOM, Nc = Na = ${proposed.topology.client.capacity}, batches of ${BATCH}, best of ${repeat}`,
);
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
console.log(
  `  peak memory      ${rssMiB.toFixed(1)} MiB (Node process maxRSS), wasm linear memory ${wasmMiB.toFixed(1)} MiB`,
);

// --- Policies on the Zipf trace -------------------------------------------------------------
const native = nativeFile ? JSON.parse(readFileSync(nativeFile, 'utf8')) : null;
const requests = native?.requests ?? 10_000_000;
const blocks = native?.blocks ?? 1_000_000;
const policyRepeat = Math.min(repeat, 3);
const bench = new PolicyBench(requests, blocks, 1.0);
if (native && (bench.distinct() !== native.distinct || bench.capacity() !== native.capacity)) {
  console.error(`wasm trace differs from native: ${bench.distinct()} vs ${native.distinct} distinct blocks`);
  process.exit(1);
}
console.log();
console.log(
  `policy bench: Zipf α=1.0, ${requests} requests over ${blocks} ids (${bench.distinct()} distinct), ` +
    `cache ${bench.capacity()} blocks (10 %), best of ${policyRepeat}`,
);
const head = ['policy', 'miss ratio', 'native req/s', 'wasm req/s', 'bytes/block'];
console.log(
  `  ${head[0].padEnd(10)} ${head
    .slice(1)
    .map((h) => h.padStart(13))
    .join(' ')}`,
);
let mismatch = false;
for (const policy of JSON.parse(PolicyBench.policies())) {
  let best = Infinity;
  let misses = 0;
  for (let i = 0; i < policyRepeat; i++) {
    bench.prepare(JSON.stringify(policy));
    const start = performance.now();
    misses = bench.run();
    best = Math.min(best, (performance.now() - start) / 1000);
  }
  const row = native?.rows.find((r) => r.policy === nameOf(policy));
  if (row && row.misses !== misses) {
    mismatch = true;
    console.error(`  ${nameOf(policy)}: wasm ${misses} misses, native ${row.misses}`);
  }
  const fmt = (n) => (n === undefined ? '—' : n.toFixed(0)).padStart(13);
  console.log(
    `  ${nameOf(policy).padEnd(10)} ${(misses / requests).toFixed(4).padStart(13)} ${fmt(row?.requestsPerSec)} ` +
      `${fmt(requests / best)} ${(row ? row.bytesPerBlock.toFixed(1) : '—').padStart(13)}`,
  );
}
// Issue 5: stack distances on the same trace.
let t0 = performance.now();
bench.stackDistances();
const exactRate = requests / ((performance.now() - t0) / 1000);
t0 = performance.now();
bench.shards(0.01, 0);
const sampledRate = requests / ((performance.now() - t0) / 1000);
t0 = performance.now();
bench.shards(0, 32768);
const sizedRate = requests / ((performance.now() - t0) / 1000);
const nativeStack = native
  ? ` (native: exact ${native.stackExactRefsPerSec.toFixed(0)}, SHARDS ${native.stackSampledRefsPerSec.toFixed(0)}, MAE ${native.shardsMae.toFixed(4)})`
  : '';
console.log(
  `stack distances in wasm: exact ${exactRate.toFixed(0)} refs/s, SHARDS R=0.01 ${sampledRate.toFixed(0)} refs/s (${(sampledRate / exactRate).toFixed(1)}× faster), ` +
    `SHARDS max 32768 blocks ${sizedRate.toFixed(0)} refs/s (${(sizedRate / exactRate).toFixed(1)}× faster)${nativeStack}`,
);
bench.free();
// Issue 6: trace parsing, streamed in 1 MiB chunks as the worker streams File.stream().
console.log('trace parsing in wasm (128 MB synthetic traces, 1 MiB chunks, best of 5):');
for (const format of ['msr', 'oracle-general']) {
  const bytes = sampleTrace(format, 128);
  let bestMs = Infinity;
  let requests = 0;
  for (let i = 0; i < 5; i++) {
    const reader = new TraceReader(format, 4096, false, false);
    reader.setSizeHint(bytes.length); // as the worker does with the File's size
    const t = performance.now();
    for (let at = 0; at < bytes.length; at += 1 << 20) reader.push(bytes.subarray(at, at + (1 << 20)));
    requests = reader.finish().requests;
    bestMs = Math.min(bestMs, performance.now() - t);
    reader.free();
  }
  console.log(
    `  ${format.padEnd(15)} ${(bytes.length / 1e6 / (bestMs / 1000)).toFixed(0).padStart(6)} MB/s  ${(requests / (bestMs / 1000)).toFixed(0).padStart(10)} requests/s`,
  );
}
// A 2 GB file through one reader, as a worker reads it: past the reader's 1 GiB limit it only
// counts, and ends refused with the whole file's totals — memory stays bounded.
{
  const piece = sampleTrace('oracle-general', 64);
  const reader = new TraceReader('oracle-general', 4096, false, false);
  const pieces = Math.ceil(2e9 / piece.length);
  reader.setSizeHint(pieces * piece.length);
  const t = performance.now();
  let bytes = 0;
  for (let i = 0; i < pieces; i++) {
    for (let at = 0; at < piece.length; at += 1 << 20) reader.push(piece.subarray(at, at + (1 << 20)));
    bytes += piece.length;
  }
  let outcome;
  try {
    outcome = `read ${reader.finish().requests} requests`;
  } catch (e) {
    outcome = `refused as expected: ${String(e.message ?? e).replace(/;.*/, '')}`;
  }
  const secs = (performance.now() - t) / 1000;
  reader.free();
  console.log(
    `  ${(bytes / 1e9).toFixed(2)} GB of oracle-general streamed in ${secs.toFixed(1)} s (${(bytes / 1e6 / secs).toFixed(0)} MB/s); ` +
      `wasm memory ${(exports.memory.buffer.byteLength / 2 ** 20).toFixed(0)} MiB after it; ${outcome}`,
  );
}
console.log(
  '  bytes/block: peak bytes the native policy allocates per cached block (MIN and read-OPT include their precomputed future)',
);
console.log(`  peak memory: Node maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MiB`);
if (mismatch) process.exit(1);

function nameOf(policy) {
  return policy.kind;
}
