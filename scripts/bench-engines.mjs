// The one hierarchy engine against the engine of commit 9064e22 (two engines: TwoLevel for one
// client, Tree for forests), side by side in one run, natively and as WebAssembly in Node —
// issue 18's performance check. Both sides read the same version-1 scenarios (today's engine
// migrates them), alternate run by run (these machines vary 2× between runs), and the best of
// N is reported with requests/s and peak memory. The baseline is built by
// scripts/build-baseline.sh (npm run bench does). Not part of npm test.
//   node scripts/bench-engines.mjs [--repeat N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
let repeat = 5;
if (args.length) {
  repeat = Number(args[1]);
  if (args[0] !== '--repeat' || !(Number.isInteger(repeat) && repeat > 0) || args.length !== 2) {
    console.error('usage: node scripts/bench-engines.mjs [--repeat N]');
    process.exit(2);
  }
}
const sides = {
  baseline: {
    native: join(root, 'engine-wasm/target/baseline/tiersim'),
    pkg: join(root, 'engine-wasm/target/baseline/pkg'),
  },
  today: { native: join(root, 'engine-wasm/target/release/tiersim'), pkg: join(root, 'web/wasm-pkg') },
};
for (const [name, side] of Object.entries(sides)) {
  if (!existsSync(side.native) || !existsSync(join(side.pkg, 'tiersim_wasm_bg.wasm'))) {
    console.error(
      `bench-engines: the ${name} engine is not built (${side.native}, ${side.pkg}): npm run bench builds both`,
    );
    process.exit(1);
  }
}

// --- The scenarios, as version-1 documents both engines read ----------------------------------
const paper000 = (array, protocol) => ({
  version: 1,
  name: `RANDOM LRU-${array.toUpperCase()}-${protocol}`,
  seed: 1,
  blockSize: 4096,
  client: { capacity: 16384, policy: { kind: 'lru' } },
  array: { capacity: 16384, policy: { kind: array } },
  protocol: { kind: protocol },
  link: { preset: 'fc-1g' },
  disk: { kind: 'constant', serviceMs: 10 },
  // Paper 000 §4.4's RANDOM, measured 3 M requests long so that a run is not lost in noise.
  workload: { kind: 'random', blocks: 32768, measuredRequests: 3_000_000 },
});
const cache = (name, capacity, kind, parent) => ({
  name,
  capacity,
  policy: { kind },
  ...(parent ? { parent, link: { preset: 'fc-1g' } } : { disk: { kind: 'constant', serviceMs: 10 } }),
});
/** Four clients, two middle tiers, one array: 3 levels, ZIPF with a shared fifth, fairness on. */
const tree = (protocol) => ({
  ...paper000('mru', protocol),
  name: `4-client 3-level ZIPF ${protocol}`,
  topology: 'tree',
  workload: { kind: 'zipf', blocks: 60000, warmupRequests: 60000, measuredRequests: 500_000 },
  tree: {
    caches: [
      cache('array', 30000, protocol === 'demote' ? 'mru' : 'lru'),
      cache('mid1', 10000, 'lru', 'array'),
      cache('mid2', 10000, 'lru', 'array'),
      cache('c1', 5000, 'lru', 'mid1'),
      cache('c2', 5000, 'lru', 'mid1'),
      cache('c3', 5000, 'lru', 'mid2'),
      cache('c4', 5000, 'lru', 'mid2'),
    ],
    sharing: { kind: 'shared', fraction: 0.2 },
  },
});
const scenarios = [paper000('lru', 'none'), paper000('mru', 'demote'), tree('none'), tree('demote')];

// --- Native: whole processes, alternating --------------------------------------------------------
const dir = mkdtempSync(join(tmpdir(), 'tiersim-bench-'));
const timeCmd = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
function runNative(bin, file) {
  const cmd = timeCmd ? [timeCmd, ['-f', '%M', bin, 'run', file, '--json']] : [bin, ['run', file, '--json']];
  const start = process.hrtime.bigint();
  const p = spawnSync(cmd[0], cmd[1], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  if (p.status !== 0) throw new Error(`${bin} run ${file}: ${p.stderr}`);
  const report = JSON.parse(p.stdout);
  const kib = timeCmd ? Number(p.stderr.trim().split('\n').pop()) : NaN;
  return { secs, report, mib: kib / 1024 };
}

// --- Wasm: both packages loaded in this process, stepped as the worker steps them --------------
async function loadPkg(dirPath) {
  const mod = await import(pathToFileURL(join(dirPath, 'tiersim_wasm.js')).href);
  const exports = mod.initSync({ module: readFileSync(join(dirPath, 'tiersim_wasm_bg.wasm')) });
  return { mod, exports };
}
const wasm = { baseline: await loadPkg(sides.baseline.pkg), today: await loadPkg(sides.today.pkg) };
function runWasm(side, json) {
  const sim = new wasm[side].mod.Simulation(json); // set-up excluded, as in the native bench
  const start = performance.now();
  while (!sim.step(1 << 20));
  const secs = (performance.now() - start) / 1000;
  const report = sim.report();
  sim.free();
  return { secs, report };
}

console.log(`engines side by side: commit 9064e22 (baseline) and this tree (today), best of ${repeat}, alternating`);
const head = [
  'scenario',
  'requests',
  'native req/s base',
  'today',
  '×',
  'wasm req/s base',
  'today',
  '×',
  'peak MiB base/today',
];
console.log(
  `  ${head[0].padEnd(30)} ${head
    .slice(1)
    .map((h) => h.padStart(h === '×' ? 6 : 13))
    .join(' ')}`,
);
const results = [];
for (const s of scenarios) {
  const file = join(dir, `${results.length}.json`);
  const json = JSON.stringify(s);
  writeFileSync(file, json);
  const best = { native: {}, wasm: {} };
  const mib = {};
  let served = 0;
  // One untimed wasm run per side first: V8 compiles wasm in tiers, and a run's hot loop is
  // only optimised after it has run a while.
  for (const side of ['baseline', 'today']) runWasm(side, json);
  for (let i = 0; i < repeat; i++) {
    for (const side of i % 2 ? ['today', 'baseline'] : ['baseline', 'today']) {
      const n = runNative(sides[side].native, file);
      best.native[side] = Math.min(best.native[side] ?? Infinity, n.secs);
      mib[side] = Math.max(mib[side] ?? 0, n.mib);
      const w = runWasm(side, json);
      best.wasm[side] = Math.min(best.wasm[side] ?? Infinity, w.secs);
      // Both engines must agree on what they simulated.
      if (side === 'today') served = n.report.processed;
      const mean = [n.report.meanLatencyMs, w.report.meanLatencyMs];
      if (Math.abs(mean[0] - mean[1]) > 1e-9 * mean[0]) throw new Error(`${s.name}: native and wasm disagree`);
      best[`mean_${side}`] = mean[0];
    }
  }
  if (Math.abs(best.mean_today - best.mean_baseline) > 1e-9 * best.mean_baseline) {
    throw new Error(`${s.name}: today's engine reports ${best.mean_today} ms, the baseline ${best.mean_baseline} ms`);
  }
  const rate = (secs) => served / secs;
  const row = {
    scenario: s.name,
    requests: served,
    native: { baseline: rate(best.native.baseline), today: rate(best.native.today) },
    wasm: { baseline: rate(best.wasm.baseline), today: rate(best.wasm.today) },
    peakMiB: mib,
  };
  results.push(row);
  const f = (x) => x.toFixed(0).padStart(13);
  const r = (a, b) => `${(b / a).toFixed(2)}×`.padStart(6);
  console.log(
    `  ${row.scenario.padEnd(30)} ${String(served).padStart(13)} ${f(row.native.baseline)} ${f(row.native.today)} ${r(row.native.baseline, row.native.today)}` +
      ` ${f(row.wasm.baseline)} ${f(row.wasm.today)} ${r(row.wasm.baseline, row.wasm.today)} ${`${mib.baseline.toFixed(1)}/${mib.today.toFixed(1)}`.padStart(13)}`,
  );
}
console.log(
  '  native: whole `tiersim run` processes (generation included); wasm: Simulation.step in batches of 2^20, set-up excluded,',
);
console.log('  after one untimed run per side (V8 optimises wasm in tiers);');
console.log(
  '  every pair reported the same mean latency (same scenario, same numbers). Peak: the native process maxRSS.',
);
for (const side of ['baseline', 'today']) {
  console.log(
    `  wasm linear memory after the runs (${side}): ${(wasm[side].exports.memory.buffer.byteLength / 2 ** 20).toFixed(0)} MiB`,
  );
}
rmSync(dir, { recursive: true, force: true });
