// @vitest-environment node
// The engine through its wasm façade, as the worker uses it: same scenario → identical numbers
// in wasm and natively (the CLI), in one call or in batches; bad scenarios → clear errors.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mc2Example, treeFromScenario } from '../../web/features/scenario/components/TreeBuilder';
import { EXPERIMENTS } from '../../web/features/gallery/experiments';
import { checkScenario, describeIssue } from '../../web/scenario/schema';
import { PolicyBench, Simulation, TraceReader, defaultScenario, designSpace, estimateUpside, exportWorkload, initSync, runScenario, validateScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import { applyDesign, designName, designSpace as ourDesignSpace } from '../../web/features/designspace/space';
import { gunzipSync, gzipSync } from 'node:zlib';

const root = resolve(__dirname, '../..');
const cli = join(root, 'engine-wasm/target/release/tiersim');

beforeAll(() => {
  initSync({ module: readFileSync(join(root, 'web/wasm-pkg/tiersim_wasm_bg.wasm')) });
});

function scenario(patch: (s: any) => void): string {
  const s = JSON.parse(defaultScenario());
  patch(s);
  return JSON.stringify(s);
}

function runNative(json: string, args: string[] = ['run', '{}', '--json']): unknown {
  if (!existsSync(cli)) {
    throw new Error(`native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'tiersim-')), 'scenario.json');
  writeFileSync(file, json);
  return JSON.parse(execFileSync(cli, args.map((a) => (a === '{}' ? file : a)), { encoding: 'utf8' }));
}

describe('engine in wasm', () => {
  it('gives exactly the native numbers for the paper 000 RANDOM designs', () => {
    for (const [array, protocol] of [['mru', 'demote'], ['lru', 'none']]) {
      const json = scenario((s) => {
        s.array.policy.kind = array;
        s.protocol.kind = protocol;
      });
      const wasm = runScenario(json);
      expect(wasm.phase).toBe('done');
      expect(wasm).toEqual(runNative(json));
    }
  });

  it("runs paper 004's OLTP client against TQ, MQ and LRU exactly as natively, TQ well ahead", () => {
    const ratios: Record<string, number> = {};
    for (const kind of ['lru', 'mq', 'tq']) {
      const json = scenario((s) => {
        s.topology = 'single';
        s.client = { capacity: 4323, policy: { kind } };
        s.workload = { kind: 'oltp', warehouses: 1, bufferPool: 10_807, warmupRequests: 0, measuredRequests: 120_000 };
      });
      const wasm = runScenario(json);
      expect(wasm).toEqual(runNative(json));
      const c = wasm.counters;
      expect(c.synchWrites + c.replaceWrites + c.recovWrites).toBe(c.writes);
      expect(c.replaceWrites / c.requests).toBeGreaterThan(0.4);
      ratios[kind] = c.warmBlockHits / c.warmBlockReads;
    }
    expect(ratios.tq).toBeGreaterThan(1.5 * ratios.mq);
    expect(ratios.mq).toBeGreaterThan(ratios.lru);
  });

  it('reproduces Table 2 of paper 000 within 20%', () => {
    const proposed = runScenario(defaultScenario()).meanLatencyMs;
    const baseline = runScenario(scenario((s) => ((s.array.policy.kind = 'lru'), (s.protocol.kind = 'none')))).meanLatencyMs;
    expect(Math.abs(proposed - 0.64) / 0.64).toBeLessThan(0.2);
    expect(Math.abs(baseline - 4.77) / 4.77).toBeLessThan(0.2);
    expect(Math.abs(baseline / proposed - 7.5) / 7.5).toBeLessThan(0.2);
  });

  it('is independent of batch size and streams warm-up then measured phases', () => {
    const json = defaultScenario();
    const sim = new Simulation(json);
    const phases = new Set<string>();
    let steps = 0;
    while (!sim.step(20_000)) {
      phases.add(sim.report().phase);
      steps++;
    }
    expect(steps).toBe(Math.ceil(360_448 / 20_000) - 1);
    expect([...phases]).toEqual(['warmup', 'measured']);
    expect(sim.report()).toEqual(runScenario(json));
    sim.free();
  });

  it('refuses bad scenarios with a message naming the field', () => {
    expect(() => new Simulation(scenario((s) => (s.client.capacity = 0)))).toThrow(/scenario\.client\.capacity: must be between 1 and/);
    expect(() => new Simulation(scenario((s) => (s.link = { preset: 'warp-drive' })))).toThrow(/scenario\.link.*warp-drive/);
    expect(() => validateScenario(scenario((s) => (s.version = 7)))).toThrow(/newer than this tiersim/);
    expect(() => validateScenario('{"version":1')).toThrow(/not valid JSON/);
    expect(JSON.parse(validateScenario(defaultScenario()))).toEqual(JSON.parse(defaultScenario()));
  });

  it('regenerates every bundled trace byte for byte from the workload its index entry records', () => {
    const index: { file: string; format: string; command: string }[] = JSON.parse(readFileSync(join(root, 'public/traces/index.json'), 'utf8'));
    expect(index.map((t) => t.file)).toContain('tpch-q7.csv.gz');
    for (const t of index) {
      const workload = JSON.parse(/\(workload (.*)\)$/.exec(t.command)![1]);
      const made = exportWorkload(scenario((s) => (s.workload = workload)), t.format);
      expect(Buffer.from(made).equals(gunzipSync(readFileSync(join(root, 'public/traces', t.file)))), t.file).toBe(true);
    }
    // The TPC-H trace keeps its range hints.
    const tpch = gunzipSync(readFileSync(join(root, 'public/traces/tpch-q7.csv.gz'))).toString().split('\n');
    expect(tpch.slice(1, -1).every((line) => /,r,range:\d$/.test(line))).toBe(true);
  });

  it("enumerates paper 003's design space exactly as the engine, every design's scenario alike", () => {
    const base = JSON.parse(defaultScenario());
    const engine: { name: string; design: unknown; scenario: unknown }[] = JSON.parse(designSpace(JSON.stringify(base)));
    const ours = ourDesignSpace();
    expect(ours.map(designName)).toEqual(engine.map((d) => d.name));
    expect(ours).toEqual(engine.map((d) => d.design));
    for (const [i, d] of ours.entries()) {
      expect(JSON.parse(validateScenario(JSON.stringify(applyDesign(base, d)))), designName(d)).toEqual(engine[i].scenario);
    }
  });

  it("agrees with every paper's headline in the gallery, read exactly as the page reads it", () => {
    for (const e of EXPERIMENTS) {
      const reports = Object.fromEntries(Object.entries(e.runs).map(([k, sc]) => [k, runScenario(JSON.stringify(sc))]));
      const readings = e.read(reports);
      expect(readings.length, e.id).toBeGreaterThan(0);
      for (const r of readings) expect(r.agrees, `${e.id}: ${r.label}: paper ${r.paper}, ours ${r.ours} ${r.detail ?? ""}`).toBe(true);
    }
  }, 120_000);

  describe('trees', () => {
    // Four clients under two middle tiers under one array: three levels, closed-loop queueing.
    const tree = (patch: (s: any) => void = () => {}) =>
      scenario((s) => {
        s.topology = 'tree';
        s.workload = { kind: 'random', blocks: 4096, warmupRequests: 4096, measuredRequests: 20_000 };
        s.tree = treeFromScenario(s, 4, 2);
        s.tree.queueing = { arrivals: 'closed' };
        patch(s);
      });

    it("runs paper 002's MC² preset (TPC-H queries 3 and 7) exactly as natively, below DEMOTE", () => {
      const json = scenario((s) => mc2Example(s));
      const wasm = runScenario(json);
      expect(wasm).toEqual(runNative(json));
      expect(wasm.tree.clients.map((c: any) => c.name)).toEqual(['q3', 'q7']);
      const demote = runScenario(
        scenario((s) => {
          mc2Example(s);
          s.protocol = { kind: 'demote' };
          s.tree.caches[0].policy = { kind: 'mru' };
        }),
      );
      expect(wasm.meanLatencyMs).toBeLessThan(0.8 * demote.meanLatencyMs);
      expect(wasm.tree.fairness).toBeGreaterThan(0);
    });

    it('gives the native numbers, per client and per cache, in one call or in batches', () => {
      const json = tree();
      const wasm = runScenario(json);
      expect(wasm).toEqual(runNative(json));
      expect(wasm.tree.clients.map((c: any) => c.name)).toEqual(['client1', 'client2', 'client3', 'client4']);
      for (const c of wasm.tree.clients) {
        // The path names caches by their place in the list: the client, its mid tier, the array.
        expect(c.path.map((i: number) => wasm.tree.caches[i].name)).toEqual([c.name, c.name === 'client1' || c.name === 'client2' ? 'mid1' : 'mid2', 'array']);
        // Client, mid, array, disk: every request is served somewhere.
        expect(c.hitFractions).toHaveLength(4);
        expect(c.hitFractions.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 9);
        expect(c.speedup).toBeGreaterThan(0);
        expect(c.speedup).toBeLessThanOrEqual(1 + 1e-9);
      }
      expect(wasm.tree.caches.map((c: any) => [c.name, c.depth])).toEqual([
        ['array', 0],
        ['mid1', 1],
        ['mid2', 1],
        ['client1', 2],
        ['client2', 2],
        ['client3', 2],
        ['client4', 2],
      ]);
      expect(wasm.tree.fairness).toBeGreaterThan(0);
      expect(wasm.tree.fairness).toBeLessThanOrEqual(1);

      const sim = new Simulation(json);
      while (!sim.step(7_777));
      expect(sim.report()).toEqual(wasm);
      sim.free();
    });

    it('shows contention: four clients on one disk wait longer than one alone', () => {
      const report = runScenario(tree((s) => (s.tree.sharing = { kind: 'disjoint' })));
      for (const c of report.tree.clients) expect(c.meanLatencyMs).toBeGreaterThan(1.5 * c.aloneMeanLatencyMs);
      const additive = runScenario(tree((s) => ((s.tree.sharing = { kind: 'disjoint' }), delete s.tree.queueing)));
      for (const c of additive.tree.clients) expect(c.meanLatencyMs).toBeCloseTo(c.aloneMeanLatencyMs, 9);
    });

    it("agrees with the form's validator on what is a tree", () => {
      const cases: ((s: any) => void)[] = [
        () => {},
        (s) => (s.tree.caches[4].parent = 'nowhere'),
        (s) => ((s.tree.caches[1].parent = 'mid2'), (s.tree.caches[2].parent = 'mid1')),
        (s) => delete s.tree.caches[0].disk,
        (s) => (s.tree.caches[3].disk = { kind: 'constant', serviceMs: 1 }),
        (s) => (s.tree.caches[2].name = 'mid1'),
        (s) => (s.tree.caches[1].workload = { kind: 'random', blocks: 10 }),
        (s) => (s.protocol = { kind: 'ac-cc' }),
        (s) => (s.tree.caches[5].policy = { kind: 'min' }),
      ];
      for (const patch of cases) {
        const json = tree(patch);
        const form = checkScenario(JSON.parse(json));
        let engine: string | null = null;
        try {
          validateScenario(json);
        } catch (e) {
          engine = String(e);
        }
        expect(engine === null, `${json}: form ${JSON.stringify(form)}, engine ${engine}`).toBe(form.ok);
        if (!form.ok) expect(engine).toContain(describeIssue(form.issues[0]).split(':')[0]);
      }
    });
  });

  describe('stack-depth graphs and the upside estimator', () => {
    it('computes live curves in wasm exactly as natively, the same in batches', () => {
      const json = scenario((s) => (s.workload = { kind: 'zipf', blocks: 49152 }));
      const sim = new Simulation(json);
      sim.trackDepths('{"mode":"auto"}');
      const seen: number[] = [];
      while (!sim.step(50_000)) seen.push(sim.report().depthCurves[0].references);
      const report = sim.report();
      sim.free();
      expect(report).toEqual(runNative(json, ['run', '{}', '--json', '--curves']));
      // Live: the measured count grows batch by batch (zero through the warm-up).
      expect(seen.filter((n) => n > 0).length).toBeGreaterThan(3);
      expect(seen.every((n, i) => i === 0 || n >= seen[i - 1])).toBe(true);
      const [workload, array] = report.depthCurves;
      expect([workload.name, array.name, workload.sampledRate]).toEqual(['workload', 'array', undefined]);
      // An LRU client of 16384 hits exactly the references of depth ≤ 16384.
      expect(workload.hits[workload.sizes.indexOf(16384)]).toBe(report.hitFractions.client);
      // LRU-MRU-demote is one LRU of Nc + Na − 1 blocks: the curve at the aggregate is within 0.1 %.
      const aggregate = workload.hits[workload.sizes.indexOf(32768)];
      expect(Math.abs(aggregate - (report.hitFractions.client + report.hitFractions.array))).toBeLessThan(0.001);
      expect(() => new Simulation(json).trackDepths('{"mode":"rate","rate":7}')).toThrow(/sample rate must be above 0 and at most 1/);
    });

    it('predicts inclusive and exclusive hierarchies within 3 points on RANDOM and ZIPF, as natively', () => {
      for (const workload of [{ kind: 'random', blocks: 32768 }, { kind: 'zipf', blocks: 49152 }]) {
        const json = scenario((s) => (s.workload = workload));
        const points = [{ client: 16384, array: 16384 }];
        const est = estimateUpside(json, JSON.stringify(points));
        expect(est).toEqual(runNative(json, ['upside', '{}', '--json', '--sizes', '16384:16384']));
        const p = est.points[0];
        const inclusive = runScenario(scenario((s) => ((s.workload = workload), (s.array.policy.kind = 'lru'), (s.protocol.kind = 'none'))));
        const exclusive = runScenario(json);
        for (const [predicted, simulated] of [
          [p.inclusive, inclusive],
          [p.exclusive, exclusive],
        ]) {
          for (const level of ['client', 'array', 'disk'] as const) {
            expect(Math.abs(predicted[level] - simulated.blockHitFractions[level]) * 100).toBeLessThanOrEqual(3);
          }
        }
        expect(p.missReductionPercent).toBeGreaterThan(0);
      }
      expect(() => estimateUpside(defaultScenario(), '[{"client":0,"array":1}]')).toThrow(/points\[0\]: sizes must be between 1 and/);
      expect(() => estimateUpside(defaultScenario(), 'nope')).toThrow(/size pairs/);
    });

    it('samples within 0.01 of the exact miss-ratio curve at R = 0.01 on the 10 M Zipf trace and a scan+loop+random mix', () => {
      for (const [name, bench] of [
        ['zipf', new PolicyBench(10_000_000, 1_000_000, 1.0)],
        ['mix', PolicyBench.mix(10_000_000, 1_000_000)],
      ] as const) {
        const rate = bench.sampledError(0.01, 0);
        const sized = bench.sampledError(0, 32768);
        console.log(`${name}: SHARDS R=0.01 MAE ${rate.toFixed(4)}, fixed size 32768 MAE ${sized.toFixed(4)}`);
        expect(rate).toBeLessThanOrEqual(0.01);
        expect(sized).toBeLessThanOrEqual(0.01);
        bench.free();
      }
    }, 120_000);
  });

  describe('trace files', () => {
    const vscsi = resolve(root, '../shared/traces/cloudPhysicsIO.vscsi');

    it('reads the shared CloudPhysics vscsi trace in chunks: 113,872 requests, 1,141,869 block references, 269,210 blocks', () => {
      if (!existsSync(vscsi)) {
        console.warn(`skipping: ${vscsi} is not present beside the checkout`);
        return;
      }
      const bytes = readFileSync(vscsi);
      const reader = new TraceReader('', 4096, false, false);
      for (let at = 0; at < bytes.length; at += 65_521) reader.push(bytes.subarray(at, at + 65_521));
      expect(reader.finish()).toMatchObject({ format: 'vscsi', requests: 113_872, blockRefs: 1_141_869, distinct: 269_210 });
      reader.free();
    });

    it('replays a trace exactly as the native CLI does, and says where a bad one is wrong', () => {
      let text = 'time,client,block,nblocks,op,hint\n';
      for (let i = 0; i < 20_000; i++) text += `${i},0,${(i * 7919) % 5000},${1 + (i % 3)},${i % 5 === 0 ? 'w' : 'r'},\n`;
      const gz = gzipSync(Buffer.from(text));
      const dir = mkdtempSync(join(tmpdir(), 'tiersim-trace-'));
      writeFileSync(join(dir, 't.csv.gz'), gz);
      const json = scenario((s) => ((s.client.capacity = 500), (s.array.capacity = 1000), (s.trace = { name: 't.csv.gz', warmupRequests: 2000 })));
      const reader = new TraceReader('csv', 4096, false, false);
      for (let at = 0; at < gz.length; at += 777) reader.push(gz.subarray(at, at + 777));
      expect(reader.finish()).toMatchObject({ format: 'csv', requests: 20_000, skipped: 0 });
      const sim = Simulation.withTrace(json, reader);
      sim.trackDepths('{"mode":"auto"}');
      while (!sim.step(3000));
      const report = sim.report();
      sim.free();
      expect(report).toEqual(runNative(json, ['run', '{}', '--json', '--curves', '--trace', join(dir, 't.csv.gz')]));
      expect(report.warmupRequests).toBe(2000);
      expect(() => new Simulation(json)).toThrow(/scenario\.trace: the trace file "t\.csv\.gz" is not loaded/);
      reader.free();

      const bad = new TraceReader('', 4096, false, false);
      expect(() => bad.push(Buffer.from('time,client,block,nblocks,op,hint\n1,0,5,1,r,\n2,0,x,1,r,\n'))).toThrow(
        'line 3: block: expected a block number, got "x"',
      );
      bad.free();
      const skipping = new TraceReader('', 4096, false, true);
      skipping.push(Buffer.from('time,client,block,nblocks,op,hint\n1,0,5,1,r,\n2,0,x,1,r,\n'));
      expect(skipping.finish()).toMatchObject({ requests: 1, skipped: 1, firstSkipped: 'line 3: block: expected a block number, got "x"' });
      skipping.free();
      expect(() => new TraceReader('', 4096, false, false).push(Buffer.from([0, 1, 2, 3, 4]))).toThrow(/cannot tell the trace format/);
    });

    it('refuses a trace bigger than its memory limit with the whole file’s totals, after reading it to the end', () => {
      // 200,000 MSR lines of 8 blocks (100,000 offsets, each spanning 8 blocks: 100,007 distinct):
      // 24 + 32 bytes each, about 10.7 MiB to hold, past a 4 MiB limit.
      const lines: string[] = [];
      for (let i = 0; i < 200_000; i++) lines.push(`${128166372003061629 + i},web,0,Read,${((i * 7919) % 100_000) * 4096},32768,100`);
      const bytes = Buffer.from(lines.join('\n') + '\n');
      const reader = new TraceReader('msr', 4096, false, false);
      reader.setMemoryLimit(4);
      expect(() => reader.setMemoryLimit(0)).toThrow(/from 1 to 4095 MiB/);
      for (let at = 0; at < bytes.length; at += 1 << 16) reader.push(bytes.subarray(at, at + (1 << 16)));
      expect(reader.requests()).toBe(200_000);
      let message = '';
      try {
        reader.finish();
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/^line \d+: the trace is too big to hold: its requests need more than the 4 MiB kept for a trace here\. The whole file has 200000 requests and 1600000 block references over 100007 distinct blocks; replay a part of it, or run it with the command-line runner/);
      reader.free();
      // The same file under the default limit (1 GiB) reads whole.
      const whole = new TraceReader('msr', 4096, false, false);
      whole.push(bytes);
      expect(whole.finish()).toMatchObject({ requests: 200_000, blockRefs: 1_600_000 });
      whole.free();
    });
  });
});
