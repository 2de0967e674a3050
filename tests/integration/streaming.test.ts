// @vitest-environment node
// A trace replayed streamed through the wasm façade, as the page's reader worker and engine
// worker do it (web/worker/reader.worker.ts, stream.ts): the reader drains batches of packed
// words, a census counts them, the simulation replays them — never the whole trace — and the
// reports equal a whole-file run's to the last number, however the file is cut. The live
// miss-ratio curves (MiniCurves) equal `tiersim mrc`'s. Scenarios, policies and tallies cross
// as typed objects, never as JSON text.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Census,
  MiniCurves,
  Simulation,
  TraceProfile,
  TraceReader,
  defaultScenario,
  initSync,
} from '../../web/wasm-pkg/tiersim_wasm.js';
import type { PolicyConfig, Scenario } from '../../web/generated/engine';
import { treeForTraceClients } from '../../web/scenario/topology';

const root = resolve(__dirname, '../..');
const cli = join(root, 'engine-wasm/target/release/tiersim');

beforeAll(() => {
  initSync({ module: readFileSync(join(root, 'web/wasm-pkg/tiersim_wasm_bg.wasm')) });
});

interface Words {
  records: Uint32Array;
  refs: Uint32Array;
  sizes: Uint32Array;
}

/** The reader worker's loop: `bytes` pushed in `piece`-byte chunks, drained every `batch` requests. */
function stream(
  bytes: Uint8Array,
  piece: number,
  batch: number,
  format = '',
  objectMode = false,
): { batches: Words[]; summary: any; scan: Census } {
  const reader = new TraceReader(format, 4096, objectMode, false);
  reader.handOn();
  const batches: Words[] = [];
  for (let at = 0; at < bytes.length; at += piece) {
    reader.push(bytes.subarray(at, at + piece));
    if (reader.buffered() >= batch) {
      reader.drain();
      batches.push({ records: reader.batchRecords(), refs: reader.batchRefs(), sizes: reader.batchSizes() });
    }
  }
  const summary = reader.finish();
  if (reader.batchRecords().length > 0)
    batches.push({ records: reader.batchRecords(), refs: reader.batchRefs(), sizes: reader.batchSizes() });
  // The scan's census: warm-up boundary 0, with the blocks' addresses (for prefetching caches).
  const scan = reader.census();
  reader.free();
  return { batches, summary, scan };
}

/** A streamed run of `scenario` over `bytes`, as the engine worker's runStreamed does it. */
function streamedReport(
  scenario: Scenario,
  bytes: Uint8Array,
  piece: number,
  batch: number,
  objectMode = false,
  keepSizes = true,
): any {
  const { batches, summary, scan } = stream(bytes, piece, batch, '', objectMode);
  if (!keepSizes) for (const b of batches) b.sizes = new Uint32Array(0);
  const boundary = Simulation.censusBoundary(scenario, summary.requests);
  let census = scan;
  if (boundary !== 0) {
    census = new Census(boundary);
    for (const b of batches) census.add(b.records, b.refs);
    census.finish(summary.distinct);
    census.adoptAddresses(scan);
    scan.free();
  }
  let sim = Simulation.streamed(scenario, census);
  let passes = 1;
  while (sim.isRecording()) {
    for (const b of batches) sim.replayBatch(b.records, b.refs, b.sizes);
    sim = sim.nextPass();
    passes++;
  }
  sim.trackDepths({ mode: 'auto' });
  for (const b of batches) sim.replayBatch(b.records, b.refs, b.sizes);
  expect(sim.isDone()).toBe(true);
  const report = sim.report();
  sim.free();
  census.free();
  return { report, passes, batches: batches.length };
}

function wholeReport(scenario: Scenario, bytes: Uint8Array, objectMode = false): any {
  const reader = new TraceReader('', 4096, objectMode, false);
  reader.push(bytes);
  reader.finish();
  const sim = Simulation.withTrace(scenario, reader);
  sim.trackDepths({ mode: 'auto' });
  while (!sim.step(1 << 20));
  const report = sim.report();
  sim.free();
  reader.free();
  return report;
}

/** Two clients: 7 reads a hot set, 3 scans and writes. */
function twoClientCsv(n: number): Uint8Array {
  let text = 'time,client,block,nblocks,op,hint\n';
  for (let i = 0; i < n; i++) {
    const c = i % 3 === 2 ? 3 : 7;
    const hint = i % 11 === 0 ? ['synch', 'replace', 'recov'][i % 3] : '';
    text += `${i * 1.5},${c},${c === 7 ? (i * 7919) % 700 : 10_000 + (i % 5000)},${1 + (i % 4 === 0 ? 2 : 0)},${hint ? 'w' : 'r'},${hint}\n`;
  }
  return gzipSync(Buffer.from(text));
}

describe('a trace streamed through the wasm façade', () => {
  const gz = twoClientCsv(30_000);
  const base = (): any => ({ ...defaultScenario(), source: { kind: 'trace', name: 'two.csv.gz' } });

  it('reports exactly as the whole file, at any cut, merged, per client (warm-up a share of the trace) and with offline MIN', () => {
    const merged: Scenario = {
      ...base(),
      source: { ...base().source, clients: { kind: 'merged' } },
      topology: { ...base().topology, client: { ...base().topology.client, capacity: 300 } },
    };
    const perClient: any = treeForTraceClients(base(), [7, 3]);
    for (const c of perClient.topology.caches) c.capacity = 400;
    const b = base();
    const single: Scenario = {
      ...b,
      protocol: { kind: 'none' },
      topology: {
        kind: 'single',
        cache: { capacity: 500, policy: { kind: 'min' } },
        link: b.topology.link,
        disk: b.topology.disk,
      },
      source: { ...b.source, clients: { kind: 'merged' } },
    };
    // Prefetching caches need each block's successor: the scan's addresses, at either boundary.
    const prefetching: any = treeForTraceClients(base(), [7, 3]);
    prefetching.topology.caches.forEach(
      (c: any, i: number) => (
        (c.capacity = 300), (c.prefetch = i % 2 ? { kind: 'lookahead' } : { kind: 'readahead', trigger: 2, window: 4 })
      ),
    );
    const mergedPrefetch: any = structuredClone(merged);
    mergedPrefetch.topology.client.prefetch = { kind: 'lookahead' };
    for (const [scenario, recording, prefetches] of [
      [merged, false, false],
      [perClient, false, false],
      [single, true, false],
      [prefetching, false, true],
      [mergedPrefetch, false, true],
    ] as const) {
      const want = wholeReport(scenario, gz);
      for (const [piece, batch] of [
        [777, 1000],
        [1 << 16, 1 << 15],
        [gz.length, 1],
      ]) {
        const got = streamedReport(scenario, gz, piece, batch);
        expect(got.report).toEqual(want);
        if (prefetches) expect(got.report.caches.some((c: any) => c.prefetch?.hits > 0)).toBe(true);
        expect(got.passes).toBe(recording ? 2 : 1);
      }
    }
    // The per-client tree's warm-up is a share of the trace: its census counts to a boundary past 0.
    const { summary } = stream(gz, 1 << 16, 1 << 15);
    expect(summary).toMatchObject({
      format: 'csv',
      requests: 30_000,
      clients: [
        { id: 7, requests: 20_000 },
        { id: 3, requests: 10_000 },
      ],
    });
    expect(Simulation.censusBoundary(perClient, summary.requests)).toBeGreaterThan(0);
    expect(Simulation.censusBoundary(merged, summary.requests)).toBe(0);
  });

  it('keeps the sizes of a trace read as objects: a run of caches in bytes, streamed, reports as the whole file', () => {
    // An MSR trace whose requests are 1 to 8 blocks long: read as objects, each its own size.
    // Half the requests go to 10 hot objects (held by the 1 MiB client), a quarter to 60 warm
    // ones (reused within what the 3 MiB array holds), a quarter to 1,500 cold ones.
    let text = '';
    for (let i = 0; i < 6000; i++) {
      const [k, m] = [i % 4, i >> 2];
      const object = k === 0 ? 100 + ((m * 7919) % 1500) : k === 1 ? 20 + ((m * 7) % 60) : (i * 7919) % 10;
      const op = i % 9 === 0 ? 'Write' : 'Read';
      text += `${128166372003061630 + i * 1000},web,0,${op},${object * 65536},${4096 * (1 + (object % 8))},100\n`;
    }
    const msr = gzipSync(Buffer.from(text));
    const b = base();
    const scenario: Scenario = {
      ...b,
      source: { kind: 'trace', name: 'web.csv.gz', format: 'msr', objectMode: true, warmupRequests: 0 },
      topology: {
        ...b.topology,
        client: { ...b.topology.client, capacity: '1MiB', policy: { kind: 'lru' } },
        array: { ...b.topology.array, capacity: '3MiB', policy: { kind: 'lru' } },
      },
    };
    const want = wholeReport(scenario, msr, true);
    expect(want.bytes.read).toBeGreaterThan(6000 * 4096);
    expect(want.bytes.clientHits).toBeGreaterThan(0);
    expect(want.bytes.arrayHits).toBeGreaterThan(0);
    for (const [piece, batch] of [
      [777, 1000],
      [msr.length, 1],
    ]) {
      const got = streamedReport(scenario, msr, piece, batch, true);
      expect(got.report).toEqual(want);
    }
    // Without the sizes crossing from the reader, every request would be a block.
    const blind = streamedReport(scenario, msr, 1 << 16, 1 << 15, true, false);
    expect(blind.report.bytes.read).toBe(blind.report.counters.reads * 4096);
    expect(blind.report.meanLatencyMs).not.toBe(want.meanLatencyMs);
    // Sizes that do not match the records are refused with the count.
    const { batches, summary } = stream(msr, 1 << 16, 1 << 15, '', true);
    const census = new Census(0);
    for (const w of batches) census.add(w.records, w.refs);
    census.finish(summary.distinct);
    const sim = Simulation.streamed(scenario, census);
    const w = batches[0];
    expect(() => sim.replayBatch(w.records, w.refs, w.sizes.subarray(0, 3))).toThrow(
      `batch: 3 size words for ${w.records.length / 6} records (none, or 2 per record)`,
    );
    sim.free();
    census.free();
  });

  it('keeps no trace once drained: the summary and census only (a streamed run cannot use it whole)', () => {
    const reader = new TraceReader('', 4096, false, false);
    reader.handOn();
    reader.push(gz);
    reader.finish();
    const census = reader.census();
    expect(census.requests()).toBe(30_000);
    expect(() => Simulation.withTrace(base(), reader)).toThrow(/not read to the end/);
    census.free();
    reader.free();
  });

  it('refuses a damaged batch with its place, and a census not finished', () => {
    const { batches, summary } = stream(gz, 1 << 16, 1 << 15);
    const merged: Scenario = { ...base(), source: { ...base().source, clients: { kind: 'merged' } } };
    const census = new Census(0);
    expect(() => Simulation.streamed(merged, census)).toThrow('the census is not finished');
    for (const b of batches) census.add(b.records, b.refs);
    census.finish(summary.distinct);
    const sim = Simulation.streamed(merged, census);
    const b = batches[0];
    expect(() => sim.replayBatch(b.records.subarray(0, 5), b.refs, b.sizes)).toThrow(
      'batch: 5 record words is not a whole number of 6-word records',
    );
    const refs = b.refs.slice();
    refs[3] = summary.distinct + 10;
    expect(() => sim.replayBatch(b.records, refs, b.sizes)).toThrow(
      `batch: block reference 3 is id ${summary.distinct + 10}, past the trace's ${summary.distinct} distinct blocks`,
    );
    sim.free();
    census.free();
  });

  it("draws live miss-ratio curves batch by batch, ending exactly on tiersim mrc's", () => {
    if (!existsSync(cli))
      throw new Error(
        `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
      );
    const dir = mkdtempSync(join(tmpdir(), 'tiersim-mrc-'));
    writeFileSync(join(dir, 'two.csv.gz'), gz);
    const sizes = [50, 200, 800, 3000];
    const policies = ['lru', 'arc', 'lirs', 's3-fifo'];
    const native = JSON.parse(
      execFileSync(
        cli,
        [
          'mrc',
          '--trace',
          join(dir, 'two.csv.gz'),
          '--policies',
          policies.join(','),
          '--sizes',
          sizes.join(','),
          '--json',
        ],
        { encoding: 'utf8' },
      ),
    );
    const { batches, summary } = stream(gz, 1024, 4096);
    const curves = new MiniCurves(
      policies.map((kind) => ({ kind }) as PolicyConfig),
      sizes,
      'mini',
      0,
      summary.distinct,
    );
    const seen: number[] = [];
    for (const b of batches) {
      curves.feed(b.records, b.refs);
      seen.push(curves.report()[0].references);
    }
    // Live: each batch's curve is there as it is read, the references growing.
    expect(batches.length).toBeGreaterThan(5);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(curves.report()).toEqual(native.curves.map((c: any) => c.mini));
    curves.free();
    expect(() => new MiniCurves([{ kind: 'min' }], [10], 'mini', 0, 100)).toThrow(/^policies\[0\]: min is offline/);
    expect(() => new MiniCurves([{ kind: 'lru' }], [10], 'fast', 0, 100)).toThrow(
      'method: "fast" is not a method: mini or exact',
    );
  });

  it("samples in the reader: the curves' worker gets the sampled references only, and the same curves", () => {
    if (!existsSync(cli))
      throw new Error(
        `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
      );
    // 300 k requests over 150 k ids, skewed: at the default sample (32 768 blocks) the rate is
    // about a third, so most references never reach the curves' side.
    const n = 300_000;
    const bytes = new Uint8Array(n * 24);
    const view = new DataView(bytes.buffer);
    let x = 12345;
    for (let i = 0; i < n; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      const u = x / 2 ** 32;
      view.setUint32(i * 24, i, true);
      view.setBigUint64(i * 24 + 4, BigInt(Math.floor(150_000 * u * u)), true);
      view.setUint32(i * 24 + 12, 4096, true);
      view.setBigInt64(i * 24 + 16, -1n, true);
    }
    const dir = mkdtempSync(join(tmpdir(), 'tiersim-sampled-'));
    writeFileSync(join(dir, 'skew.oracleGeneral'), bytes);
    const sizes = [500, 2000, 8000, 30000];
    const policies = ['lru', 'arc', 'lirs', 's3-fifo'].map((kind) => ({ kind }) as PolicyConfig);
    const native = JSON.parse(
      execFileSync(
        cli,
        [
          'mrc',
          '--trace',
          join(dir, 'skew.oracleGeneral'),
          '--policies',
          'lru,arc,lirs,s3-fifo',
          '--sizes',
          sizes.join(','),
          '--json',
        ],
        { encoding: 'utf8' },
      ),
    );
    const { batches, summary } = stream(bytes, 1 << 16, 8192, 'oracle-general');
    const whole = new MiniCurves(policies, sizes, 'mini', 0, summary.distinct);
    const apart = new MiniCurves(policies, sizes, 'mini', 0, summary.distinct);
    const plan = apart.samplePlan();
    expect(plan).toBeDefined();
    // The reader worker's loop, sampling: every batch's sampled references, and the tally.
    const reader = new TraceReader('oracle-general', 4096, false, false);
    reader.sampleFor(plan!);
    let fed = 0;
    let passed = 0;
    const next = () => {
      const sampled = reader.batchSampled();
      passed += sampled.length / 2;
      apart.feedSampled(sampled);
      whole.feed(batches[fed].records, batches[fed].refs);
      fed++;
      // Batch by batch, every curve and field as the curves fed every reference.
      expect(apart.reportTallied(reader.tally())).toEqual(whole.report());
    };
    for (let at = 0; at < bytes.length; at += 1 << 16) {
      reader.push(bytes.subarray(at, at + (1 << 16)));
      if (reader.buffered() >= 8192) {
        reader.drain();
        next();
      }
    }
    reader.finish();
    next();
    expect(fed).toBe(batches.length);
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThan(n / 2);
    expect(apart.reportTallied(reader.tally())).toEqual(native.curves.map((c: any) => c.mini));
    expect(native.curves[0].mini.rate).toBeLessThan(0.5);
    // Damaged input is refused with its place, and the curves keep what they had.
    const before = apart.reportTallied(reader.tally());
    expect(() => apart.feedSampled(new Uint32Array([1, 0, 2]))).toThrow(
      'sampled batch: 3 words is not a whole number of 2-word references',
    );
    expect(() => apart.feedSampled(new Uint32Array([summary.distinct, 0]))).toThrow(
      `sampled batch: reference 0 is id ${summary.distinct}, past the trace's ${summary.distinct} distinct blocks`,
    );
    expect(() => apart.reportTallied({ references: 1 } as never)).toThrow(/^tally: missing field `population`/);
    expect(apart.reportTallied(reader.tally())).toEqual(before);
    expect(() => reader.sampleFor(plan!)).toThrow('sampleFor: before the first chunk');
    const plain = new TraceReader('', 4096, false, false);
    expect(() => plain.tally()).toThrow('tally: this reader does not sample (sampleFor)');
    // Exact curves need every reference: no plan.
    const exact = new MiniCurves(policies, sizes, 'exact', 0, summary.distinct);
    expect(exact.samplePlan()).toBeUndefined();
    for (const c of [whole, apart, exact, reader, plain]) c.free();
    rmSync(dir, { recursive: true, force: true });
  });

  it("analyzes a trace batch by batch, any report on the way, ending exactly on tiersim analyze's", () => {
    if (!existsSync(cli))
      throw new Error(
        `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
      );
    const dir = mkdtempSync(join(tmpdir(), 'tiersim-analyze-'));
    const oracle = resolve(root, '../shared/traces/cloudPhysicsIO.oracleGeneral.bin');
    writeFileSync(join(dir, 'two.csv.gz'), gz);
    // A block trace of two clients (per client, runs, regions) by seconds, and the shared object
    // trace with sizes (bytes, sizes against popularity) by requests.
    const cases: [string, Uint8Array, boolean, string[]][] = [[join(dir, 'two.csv.gz'), gz, false, ['--window', '60']]];
    if (existsSync(oracle)) cases.push([oracle, readFileSync(oracle), true, ['--window-requests', '5000']]);
    else console.warn(`skipping the object trace: ${oracle} is not present beside the checkout`);
    for (const [path, bytes, objectMode, window] of cases) {
      const args = ['analyze', '--trace', path, '--json', '--top', '5', ...window, ...(objectMode ? ['--object'] : [])];
      // The report, without the lines naming the file and its reading.
      const {
        trace: _t,
        format: _f,
        objects: _o,
        ...native
      } = JSON.parse(execFileSync(cli, args, { encoding: 'utf8' }));
      const reader = new TraceReader('', 4096, objectMode, false);
      reader.handIds();
      const secs = window[0] === '--window' ? Number(window[1]) : 300;
      const requests = window[0] === '--window-requests' ? Number(window[1]) : 100_000;
      const profile = new TraceProfile(!objectMode, secs, requests, 5);
      let reports = 0;
      const feed = () => {
        profile.feed(reader.batchRecords(), reader.batchRefs(), reader.batchSizes(), reader.batchIds());
        // A report at any point leaves the pass as it was.
        if (reports++ % 3 === 0) expect(profile.report().requests).toBeGreaterThan(0);
      };
      // Pieces of 4800 bytes: whole 24-byte records, as the reader worker's first piece must be
      // for the format to be recognised.
      for (let at = 0; at < bytes.length; at += 4800) {
        reader.push(bytes.subarray(at, at + 4800));
        if (reader.buffered() >= 3000) {
          reader.drain();
          feed();
        }
      }
      reader.finish();
      if (reader.batchRecords().length > 0) feed();
      expect(reports).toBeGreaterThan(3);
      expect(profile.report(), path).toEqual(native);
      profile.free();
      reader.free();
    }
    expect(() => new TraceProfile(true, 0, 100, 5)).toThrow(/^windowSecs: /);
    expect(() => new TraceProfile(true, 60, 0.5, 5)).toThrow(/^windowRequests: /);
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams the shared CloudPhysics vscsi trace to the whole-file numbers', () => {
    const vscsi = resolve(root, '../shared/traces/cloudPhysicsIO.vscsi');
    if (!existsSync(vscsi)) {
      console.warn(`skipping: ${vscsi} is not present beside the checkout`);
      return;
    }
    const bytes = readFileSync(vscsi);
    const vscsiScenario: Scenario = {
      ...base(),
      source: { kind: 'trace', name: 'cloudPhysicsIO.vscsi', clients: { kind: 'merged' } },
    };
    expect(streamedReport(vscsiScenario, bytes, 1 << 20, 1 << 15).report).toEqual(wholeReport(vscsiScenario, bytes));
  });
});
