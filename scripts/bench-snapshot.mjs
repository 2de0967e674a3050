// What a live run's progress snapshot costs to cross from the engine worker to the page:
// structured cloning of the report as it is, against web/worker/snapshot.ts's packing (every
// count and curve point in one transferred Float64Array). A snapshot as a 4-client run with
// live stack-depth curves sends it: 5 histograms of 702 counts, 5 curves of 4,000 points.
// Serialisation runs in the worker, deserialisation on the page's thread: both are printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import ts from 'typescript';

const source = fs.readFileSync(new URL('../web/worker/snapshot.ts', import.meta.url), 'utf8');
const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tiersim-snapshot-')), 'snapshot.mjs');
fs.writeFileSync(
  out,
  ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
    .outputText,
);
const { packReport, unpackReport } = await import(out);

const counts = () => Array.from({ length: 702 }, (_, i) => i * 37);
const report = {
  phase: 'measured',
  latency: { edgesUs: [], counts: counts() },
  clients: Array.from({ length: 4 }, (_, i) => ({ name: `c${i}`, latency: { edgesUs: [], counts: counts() } })),
  caches: [],
  depthCurves: Array.from({ length: 5 }, () => ({
    name: 'x',
    sizes: Array.from({ length: 4000 }, (_, i) => i + 1),
    hits: Array.from({ length: 4000 }, (_, i) => i / 4000),
  })),
};
const N = 1000;
const time = (f) => {
  const t = performance.now();
  for (let i = 0; i < N; i++) f();
  return (performance.now() - t) / N;
};
for (let round = 1; round <= 3; round++) {
  const plainBytes = v8.serialize(report);
  const packed = packReport(report);
  const packedBytes = v8.serialize({ ...packed, numbers: null });
  const plainWorker = time(() => v8.serialize(report));
  const packedWorker = time(() => v8.serialize({ ...packReport(report), numbers: null }));
  const plainPage = time(() => v8.deserialize(plainBytes));
  const packedPage = time(() => unpackReport({ ...v8.deserialize(packedBytes), numbers: packed.numbers }));
  console.log(
    `round ${round}: worker ${plainWorker.toFixed(3)} → ${packedWorker.toFixed(3)} ms, page ${plainPage.toFixed(3)} → ${packedPage.toFixed(3)} ms per snapshot; ` +
      `copied ${plainBytes.length} → ${packedBytes.length} B (+ ${packed.numbers.byteLength} B transferred, not copied)`,
  );
}
