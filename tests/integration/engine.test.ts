// @vitest-environment node
// The engine through its wasm façade, as the worker uses it: same scenario → identical numbers
// in wasm and natively (the CLI), in one call or in batches; bad scenarios → every issue with its
// field, the first the one a run refuses with; old links (versions 1 to 3) opened as the page
// opens them, migrated by the engine, to the same numbers; traces of several clients through
// trees; the papers' reproductions, recorded as run. Scenarios cross as typed objects, never as
// JSON text (the engine is loaded on the test's thread by tests/unit/setup.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkScenario as formCheck, describeIssue, type Scenario } from '../../web/scenario/document';
import { mc2Example, traceClientIssue, treeForTraceClients, treeFromScenario } from '../../web/scenario/topology';
import { decodeScenarioFromHash } from '../../web/scenario/url';
import LZString from 'lz-string';
import {
  PolicyBench,
  Simulation,
  TraceReader,
  checkScenario,
  defaultScenario,
  designSpace,
  estimateUpside,
  exportWorkload,
  initSync,
  judgeCheck,
  reproduce,
  runScenario,
} from '../../web/wasm-pkg/tiersim_wasm.js';
import type { Check, Prediction, Report } from '../../web/generated/engine';
import { gunzipSync, gzipSync } from 'node:zlib';

const root = resolve(__dirname, '../..');
const cli = join(root, 'engine-wasm/target/release/tiersim');

beforeAll(() => {
  // Already loaded by the setup file; loading again is a no-op, kept so this file reads alone.
  initSync({ module: readFileSync(join(root, 'web/wasm-pkg/tiersim_wasm_bg.wasm')) });
});

/** The default scenario, patched: a fresh object each call (patches may write anywhere). */
function scenario(patch: (s: any) => void): Scenario {
  const s = defaultScenario();
  patch(s);
  return s;
}

/** Whatever `f` throws, with the place the engine's errors carry beside their words. */
function thrown(f: () => unknown): Error & { path: string; detail: string } {
  try {
    f();
  } catch (e) {
    return e as Error & { path: string; detail: string };
  }
  throw new Error('it did not throw');
}

/** The native CLI's JSON for `doc` (written to a file as the CLI reads scenarios). */
function runNative(doc: unknown, args: string[] = ['run', '{}', '--json']): any {
  if (!existsSync(cli)) {
    throw new Error(
      `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
    );
  }
  const file = join(mkdtempSync(join(tmpdir(), 'tiersim-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(doc));
  return JSON.parse(
    execFileSync(
      cli,
      args.map((a) => (a === '{}' ? file : a)),
      { encoding: 'utf8' },
    ),
  );
}

describe('engine in wasm', () => {
  it('gives exactly the native numbers for the paper 000 RANDOM designs', () => {
    for (const [array, protocol] of [
      ['mru', 'demote'],
      ['lru', 'none'],
    ]) {
      const doc = scenario((s) => {
        s.topology.array.policy.kind = array;
        if (protocol === 'none') delete s.protocol;
      });
      const wasm = runScenario(doc);
      expect(wasm.phase).toBe('done');
      expect(wasm).toEqual(runNative(doc));
    }
  });

  it("gives exactly the native numbers for issue 22's policies at the array, the seeded ones included", () => {
    for (const policy of [
      { kind: 'car' },
      { kind: 'lru-k', k: 3, correlatedPeriod: 20 },
      { kind: 'qd-lp-fifo' },
      { kind: 'hyperbolic', sampleSize: 16 },
      { kind: 'lecar' },
      { kind: 'clock-pro', minColdShare: 0.05 },
      { kind: 'cacheus' },
    ]) {
      const doc = scenario((s) => (s.topology.array.policy = policy));
      const wasm = runScenario(doc);
      expect(wasm.phase, policy.kind).toBe('done');
      expect(wasm, policy.kind).toEqual(runNative(doc));
    }
  });

  it('gives exactly the native numbers with an admission filter at either level, and reports what each filter turned away', () => {
    for (const protocol of ['none', 'demote']) {
      for (const admission of [
        { kind: 'tinylfu' },
        { kind: 'probabilistic', probability: 0.3 },
        { kind: 'second-hit' },
      ]) {
        const doc = scenario((s) => {
          s.protocol = { kind: protocol };
          s.source.workload = { kind: 'zipf', blocks: 32768, alpha: 0.9 };
          s.topology.client.admission = admission;
          s.topology.array.admission = admission;
        });
        const at = `${admission.kind} under ${protocol}`;
        const wasm = runScenario(doc);
        expect(wasm.phase, at).toBe('done');
        expect(wasm, at).toEqual(runNative(doc));
        for (const c of wasm.caches) {
          // Under DEMOTE a client makes room before its fetch (paper 000 §4.5): TinyLFU there
          // always finds room, so it has no victim to weigh and admits.
          const none = admission.kind === 'tinylfu' && protocol === 'demote' && c.client;
          if (none) expect(c.admission!.declined, `${at} at ${c.name}`).toBe(0);
          else expect(c.admission!.declined, `${at} at ${c.name}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('gives exactly the native numbers when caches prefetch, and reports prefetch hits and wasted prefetches', () => {
    for (const protocol of ['none', 'demote']) {
      for (const prefetch of [{ kind: 'lookahead' }, { kind: 'readahead', trigger: 2, window: 8 }]) {
        const doc = scenario((s) => {
          s.protocol = { kind: protocol };
          s.source.workload = { kind: 'mix', blocks: 32768 };
          s.topology.client.prefetch = prefetch;
          s.topology.array.prefetch = prefetch;
        });
        const at = `${prefetch.kind} under ${protocol}`;
        const wasm = runScenario(doc);
        expect(wasm.phase, at).toBe('done');
        expect(wasm, at).toEqual(runNative(doc));
        for (const c of wasm.caches) {
          const p = c.prefetch!;
          expect(p.prefetched, `${at} at ${c.name}`).toBe(p.hits + p.wasted + p.pending);
          expect(p.prefetched, `${at} at ${c.name}`).toBeGreaterThan(0);
        }
        // The client sees the mix's scans (prefetch hits) and its random part (wasted prefetches);
        // the array below sees what the client's prefetching left of them.
        const client = wasm.caches.find((c: any) => c.name === 'client')!.prefetch!;
        expect(client.hits, at).toBeGreaterThan(client.prefetched * 0.9);
        expect(client.wasted, at).toBeGreaterThan(0);
      }
    }
  });

  it("runs paper 004's OLTP client against TQ, MQ and LRU exactly as natively, TQ well ahead", () => {
    const ratios: Record<string, number> = {};
    for (const kind of ['lru', 'mq', 'tq']) {
      const doc = scenario((s) => {
        s.topology = {
          kind: 'single',
          cache: { capacity: 4323, policy: { kind } },
          link: s.topology.link,
          disk: s.topology.disk,
        };
        delete s.protocol;
        s.source.workload = {
          kind: 'oltp',
          warehouses: 1,
          bufferPool: 10_807,
          warmupRequests: 0,
          measuredRequests: 120_000,
        };
      });
      const wasm = runScenario(doc);
      expect(wasm).toEqual(runNative(doc));
      const c = wasm.counters;
      expect(c.synchWrites + c.replaceWrites + c.recovWrites).toBe(c.writes);
      expect(c.replaceWrites / c.requests).toBeGreaterThan(0.4);
      ratios[kind] = c.warmBlockHits / c.warmBlockReads;
      // One cache, one client: the report's per-cache counters are the totals'.
      expect(wasm.caches).toHaveLength(1);
      expect([wasm.caches[0].warmBlockHits, wasm.caches[0].writes, wasm.caches[0].replaceWrites]).toEqual([
        c.warmBlockHits,
        c.writes,
        c.replaceWrites,
      ]);
      expect(wasm.clients.map((x: any) => [x.name, x.writes])).toEqual([['cache', c.writes]]);
    }
    expect(ratios.tq).toBeGreaterThan(1.5 * ratios.mq);
    expect(ratios.mq).toBeGreaterThan(ratios.lru);
  });

  it('reproduces Table 2 of paper 000 within 20%', () => {
    const proposed = runScenario(defaultScenario()).meanLatencyMs;
    const baseline = runScenario(
      scenario((s) => ((s.topology.array.policy.kind = 'lru'), delete s.protocol)),
    ).meanLatencyMs;
    expect(Math.abs(proposed - 0.64) / 0.64).toBeLessThan(0.2);
    expect(Math.abs(baseline - 4.77) / 4.77).toBeLessThan(0.2);
    expect(Math.abs(baseline / proposed - 7.5) / 7.5).toBeLessThan(0.2);
  });

  it('is independent of batch size and streams warm-up then measured phases', () => {
    const doc = defaultScenario();
    const sim = new Simulation(doc);
    const phases = new Set<string>();
    let steps = 0;
    while (!sim.step(20_000)) {
      phases.add(sim.report().phase);
      steps++;
    }
    expect(steps).toBe(Math.ceil(360_448 / 20_000) - 1);
    expect([...phases]).toEqual(['warmup', 'measured']);
    expect(sim.report()).toEqual(runScenario(doc));
    sim.free();
  });

  it('refuses bad scenarios with a message naming the field', () => {
    expect(() => new Simulation(scenario((s) => (s.topology.client.capacity = 0)))).toThrow(
      /scenario\.topology\.client\.capacity: must be between 1 and/,
    );
    expect(() => new Simulation(scenario((s) => (s.topology.link = { preset: 'warp-drive' })))).toThrow(
      /scenario\.topology.*warp-drive/,
    );
    expect(() => new Simulation(scenario((s) => (s.version = 7)))).toThrow(
      'scenario.version: version 7 is newer than this tiersim understands (it reads versions 1 to 5)',
    );
    // Not a document at all: text where an object belongs (the old façade's JSON text).
    expect(() => new Simulation('{"version":1' as unknown as Scenario)).toThrow(
      'scenario: expected a JSON object, got a string',
    );
    expect(() => new Simulation(scenario((s) => (s.topology.kind = 'ring')))).toThrow(
      'scenario.topology.kind: must be one of single, two-level, tree (got ring)',
    );
    // A policy's parameter is refused at the parameter; an emptied number field (NaN crosses as
    // null) is not a number.
    expect(
      () => new Simulation(scenario((s) => (s.topology.array.policy = { kind: 'slru', protectedShare: 1 }))),
    ).toThrow('scenario.topology.array.policy.protectedShare: must be above 0 and below 1 (got 1)');
    expect(() => new Simulation(scenario((s) => (s.topology.client.capacity = Number.NaN)))).toThrow(
      'scenario.topology.client.capacity: must be a number',
    );
  });

  it('checks a document whole: every issue with its field, the first the one a run refuses with', () => {
    expect(checkScenario(defaultScenario())).toEqual({ scenario: defaultScenario(), issues: [] });
    const twoWrong = scenario((s) => {
      s.topology.client.capacity = 0;
      s.topology.array.policy = { kind: 'slru', protectedShare: 1 };
    });
    const checked = checkScenario(twoWrong);
    expect(checked.scenario).toBeUndefined();
    expect(checked.issues).toEqual([
      {
        path: ['topology', 'client', 'capacity'],
        at: 'topology.client.capacity',
        message: 'must be between 1 and 33554432 blocks (got 0)',
      },
      {
        path: ['topology', 'array', 'policy', 'protectedShare'],
        at: 'topology.array.policy.protectedShare',
        message: 'must be above 0 and below 1 (got 1)',
      },
    ]);
    const run = thrown(() => new Simulation(twoWrong));
    expect([run.path, run.detail]).toEqual([`scenario.${checked.issues[0].at}`, checked.issues[0].message]);
    // The page's own reading of it (web/scenario/document.ts) says the same, in the same words.
    const form = formCheck(twoWrong);
    if (form.ok) throw new Error('the form took a scenario the engine refuses');
    expect(form.issues.map(describeIssue)).toEqual([
      'scenario.topology.client.capacity: must be between 1 and 33554432 blocks (got 0)',
      'scenario.topology.array.policy.protectedShare: must be above 0 and below 1 (got 1)',
    ]);
    expect(form.issues[0].path).toBe('topology.client.capacity');
    // A newer document is one issue, at its version; text is not a document.
    expect(checkScenario(scenario((s) => (s.version = 7))).issues).toEqual([
      {
        path: ['version'],
        at: 'version',
        message: 'version 7 is newer than this tiersim understands (it reads versions 1 to 5)',
      },
    ]);
    expect(checkScenario('{"version":1').issues).toEqual([
      { path: [], at: '', message: 'expected a JSON object, got a string' },
    ]);
  });

  it('throws errors that carry their place apart from their words: { path, detail } beside the message', () => {
    const capacity = thrown(() => new Simulation(scenario((s) => (s.topology.client.capacity = 0))));
    expect(capacity).toBeInstanceOf(Error);
    expect(capacity.path).toBe('scenario.topology.client.capacity');
    expect(capacity.detail).toMatch(/^must be between 1 and/);
    expect(capacity.message).toBe(`${capacity.path}: ${capacity.detail}`);
    // A trace's bad line, and an argument that is not a scenario.
    const reader = new TraceReader('lines', 4096, false, false);
    const line = thrown(() => {
      reader.push(new TextEncoder().encode('1\n2\nthree\n'));
      reader.finish();
    });
    expect([line.path, line.message]).toEqual(['line 3', `line 3: ${line.detail}`]);
    expect(thrown(() => estimateUpside(defaultScenario(), 'nope' as never)).path).toBe('size pairs');
    // A whole argument that is no scenario: the place is the argument.
    expect(thrown(() => new Simulation(undefined as never)).path).toBe('scenario');
    // No place to name: the path is empty, the message the detail.
    const sim = new Simulation(defaultScenario());
    const nothing = thrown(() => sim.trackDepths({ mode: 'rate', rate: 7 }));
    sim.free();
    expect(nothing.path).toBe('');
    expect(nothing.message).toBe(nothing.detail);
    expect(nothing.detail).toMatch(/^sample rate must be above 0 and at most 1/);
  });

  it('regenerates every bundled trace byte for byte from the workload its index entry records', () => {
    const index: { file: string; format: string; command: string }[] = JSON.parse(
      readFileSync(join(root, 'public/traces/index.json'), 'utf8'),
    );
    expect(index.map((t) => t.file)).toContain('tpch-q7.csv.gz');
    for (const t of index) {
      const workload = JSON.parse(/\(workload (.*)\)$/.exec(t.command)![1]);
      const made = exportWorkload(
        scenario((s) => (s.source.workload = workload)),
        t.format,
      );
      expect(Buffer.from(made).equals(gunzipSync(readFileSync(join(root, 'public/traces', t.file)))), t.file).toBe(
        true,
      );
    }
    // The TPC-H trace keeps its range hints.
    const tpch = gunzipSync(readFileSync(join(root, 'public/traces/tpch-q7.csv.gz')))
      .toString()
      .split('\n');
    expect(tpch.slice(1, -1).every((line) => /,r,range:\d$/.test(line))).toBe(true);
  });

  it("gives paper 003's design space across the façade: 248 designs, each scenario taken as it is and run as natively", () => {
    const base = defaultScenario();
    const space = designSpace(base);
    expect(space).toHaveLength(248);
    expect(new Set(space.map((e) => e.name)).size).toBe(space.length);
    const protocols = { HA_B: 'none', HA_R: 'ha-r', AC_HB: 'demote', AC_CA: 'ac-ca', AC_CC: 'ac-cc' } as const;
    for (const e of space) {
      const d = e.design;
      expect(e.name.startsWith(`${d.approach}.${d.client}`), e.name).toBe(true);
      expect(e.hierarchyAware, e.name).toBe(d.approach === 'HA_B' || d.approach === 'HA_R');
      expect(e.plain, e.name).toBe(
        d.client === 'LRU' && d.array === 'LRU' && !d.du && !d.coClient && !d.coArray && !d.seClient && !d.seArray,
      );
      expect(e.scenario.protocol?.kind ?? 'none', e.name).toBe(protocols[d.approach]);
      const t = e.scenario.topology;
      if (t.kind !== 'two-level') throw new Error(`${e.name}: ${t.kind}`);
      expect([t.client.policy.kind, t.array.policy.kind], e.name).toEqual([
        d.client.toLowerCase(),
        d.array.toLowerCase(),
      ]);
      // CO level by level; SE at the client, the array, or both where the approach passes hints up.
      expect([t.client.co ?? false, t.array.co ?? false], e.name).toEqual([d.coClient, d.coArray]);
      const passes = d.approach === 'AC_HB' || d.approach === 'AC_CC';
      const se = !e.scenario.se
        ? [false, false]
        : e.scenario.seAt === 'client'
          ? [true, false]
          : e.scenario.seAt === 'above'
            ? [false, true]
            : [true, passes];
      expect(se, e.name).toEqual([d.seClient, d.seArray]);
      // Every scenario is one the engine takes as it is: checking it again changes nothing.
      expect(checkScenario(e.scenario), e.name).toEqual({ scenario: e.scenario, issues: [] });
      // What the space runs of it: AC_CA once per candidate count, any other design once.
      if (d.approach === 'AC_CA') {
        expect(
          e.runs.map((r) => r.k),
          e.name,
        ).toEqual([1, 4, 16, 64, 256, 1024]);
        for (const r of e.runs) {
          expect(r.scenario, r.label).toEqual({ ...e.scenario, protocol: { kind: 'ac-ca', k: r.k } });
          expect(r.label, e.name).toContain(`k = ${r.k}`);
        }
      } else {
        expect(
          e.runs.map((r) => [r.label, r.k]),
          e.name,
        ).toEqual([[e.name, undefined]]);
        expect(e.runs[0].scenario, e.name).toEqual(e.scenario);
      }
    }
    // A few runs of it through the wasm and natively: the same numbers.
    const runs = space.flatMap((e) => e.runs);
    for (const label of ['HA_R.ARC.LRU.DU', 'AC_CA.LRU.ARC.CO (k = 16)', 'AC_HB.ARC.LRU.CO_s.SE_s', 'AC_CC.ARC.SE']) {
      const run = runs.find((r) => r.label === label);
      if (!run) throw new Error(`no run ${label} in ${runs.map((r) => r.label).join(', ')}`);
      expect(runScenario(run.scenario), label).toEqual(runNative(run.scenario));
    }
    // A tree's designs alike: its clients take the client's algorithm, every cache above the array's.
    const tree: Scenario = { ...base, topology: { kind: 'tree', caches: treeFromScenario(base, 2, 1) } };
    const treeSpace = designSpace(tree);
    expect(treeSpace.map((e) => e.name)).toEqual(space.map((e) => e.name));
    for (const e of treeSpace) {
      const t = e.scenario.topology;
      if (t.kind !== 'tree') throw new Error(`tree ${e.name}: ${t.kind}`);
      const parents = new Set(t.caches.map((c) => c.parent));
      expect(
        t.caches.map((c) => [c.name, c.policy.kind]),
        `tree ${e.name}`,
      ).toEqual(t.caches.map((c) => [c.name, (parents.has(c.name) ? e.design.array : e.design.client).toLowerCase()]));
      expect(checkScenario(e.scenario), `tree ${e.name}`).toEqual({ scenario: e.scenario, issues: [] });
    }
  });

  it("has the reports' TypeScript types as the engine's Rust types give them (regenerate with scripts/generate-types.sh)", () => {
    if (!existsSync(cli))
      throw new Error(
        `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
      );
    const generated = execFileSync(cli, ['typescript'], { encoding: 'utf8' });
    expect(readFileSync(join(root, 'web/generated/engine.ts'), 'utf8')).toBe(generated);
    // What the UI reads of a report is there: a field renamed in Rust would fail the type check.
    expect(generated).toMatch(/export type Report = \{[^]*meanLatencyMs: number/);
  });

  describe("the papers' reproductions (the gallery's source of truth)", () => {
    const fresh = new Map<string, Check[]>();
    /** `reproduce(paper)` in wasm, run once per paper for the tests below. */
    const wasmChecks = (paper: string): Check[] => {
      if (!fresh.has(paper)) fresh.set(paper, reproduce(paper));
      return fresh.get(paper)!;
    };
    const recorded: Check[] = JSON.parse(readFileSync(join(root, 'public/reproduction.json'), 'utf8'));

    it.each(['001', '000'])(
      'reproduces paper %s in wasm exactly as the native CLI does',
      (paper) => {
        const native: Check[] = runNative(null, ['reproduce', '--paper', paper, '--json', '--threads', '2']);
        expect(native.length).toBeGreaterThan(0);
        expect(wasmChecks(paper)).toEqual(native);
      },
      300_000,
    );

    it.each(['001', '000'])(
      'has paper %s recorded in public/reproduction.json as a fresh run gives it (re-record with scripts/record-reproduction.sh)',
      (paper) => {
        expect(recorded.filter((c) => c.paper === paper)).toEqual(wasmChecks(paper));
      },
      300_000,
    );

    it('judges every recorded check as recorded, by the one rule the page asks (judgeCheck)', () => {
      expect(new Set(recorded.map((c) => c.paper))).toContain('003');
      for (const c of recorded)
        expect(judgeCheck({ expected: c.expected, ours: c.ours }), `${c.paper} ${c.exhibit}: ${c.label}`).toBe(
          c.verdict,
        );
      // And a broken expectation fails: the value tripled.
      const pass = recorded.find((c) => c.verdict === 'pass' && c.expected.kind === 'value')!;
      if (pass.expected.kind !== 'value') throw new Error('found no passing value');
      const tripled = { ...pass.expected, value: pass.expected.value * 3 };
      expect(judgeCheck({ expected: tripled, ours: pass.ours })).toBe('fail');
    });

    it('carries the recorded table in docs/papers.md, as tiersim reproduce --from prints it (re-record with scripts/record-reproduction.sh)', () => {
      if (!existsSync(cli))
        throw new Error(
          `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
        );
      const table = execFileSync(cli, ['reproduce', '--from', 'public/reproduction.json'], {
        encoding: 'utf8',
        cwd: root,
      });
      const page = readFileSync(join(root, 'docs/papers.md'), 'utf8');
      const between = page.slice(
        page.indexOf('<!-- reproduce:begin -->\n') + '<!-- reproduce:begin -->\n'.length,
        page.indexOf('<!-- reproduce:end -->'),
      );
      expect(between).toBe(table);
      expect(table.split('\n').filter((l) => l.startsWith('| 0')).length).toBe(recorded.length);
    });
  });

  describe('trees', () => {
    // Four clients under two middle tiers under one array: three levels, closed-loop queueing.
    const tree = (patch: (s: any) => void = () => {}) =>
      scenario((s) => {
        s.source.workload = { kind: 'random', blocks: 4096, warmupRequests: 4096, measuredRequests: 20_000 };
        s.topology = { kind: 'tree', caches: treeFromScenario(s, 4, 2) };
        s.source.sharing = { kind: 'shared', fraction: 0.2 };
        s.queueing = { arrivals: 'closed' };
        patch(s);
      });

    it("runs paper 002's MC² preset (TPC-H queries 3 and 7) exactly as natively, below DEMOTE", () => {
      const mc2 = scenario((s) => mc2Example(s));
      const wasm = runScenario(mc2);
      expect(wasm).toEqual(runNative(mc2));
      expect(wasm.clients.map((c: any) => c.name)).toEqual(['q3', 'q7']);
      const demote = runScenario(
        scenario((s) => {
          mc2Example(s);
          s.protocol = { kind: 'demote' };
          s.topology.caches[0].policy = { kind: 'mru' };
        }),
      );
      expect(wasm.meanLatencyMs).toBeLessThan(0.8 * demote.meanLatencyMs);
      expect(wasm.fairness).toBeGreaterThan(0);
    });

    it('gives the native numbers, per client and per cache, in one call or in batches', () => {
      const four = tree();
      const wasm = runScenario(four);
      expect(wasm).toEqual(runNative(four));
      expect(wasm.clients.map((c: any) => c.name)).toEqual(['client1', 'client2', 'client3', 'client4']);
      for (const c of wasm.clients) {
        // The path names caches by their place in the list: the client, its mid tier, the array.
        expect(c.path.map((i: number) => wasm.caches[i].name)).toEqual([
          c.name,
          c.name === 'client1' || c.name === 'client2' ? 'mid1' : 'mid2',
          'array',
        ]);
        // Client, mid, array, disk: every request is served somewhere.
        expect(c.hitFractions).toHaveLength(4);
        expect(c.hitFractions.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 9);
        expect(c.speedup).toBeGreaterThan(0);
        expect(c.speedup).toBeLessThanOrEqual(1 + 1e-9);
      }
      expect(wasm.caches.map((c: any) => [c.name, c.depth])).toEqual([
        ['array', 0],
        ['mid1', 1],
        ['mid2', 1],
        ['client1', 2],
        ['client2', 2],
        ['client3', 2],
        ['client4', 2],
      ]);
      expect(wasm.fairness).toBeGreaterThan(0);
      expect(wasm.fairness).toBeLessThanOrEqual(1);
      expect(wasm.queueing).toBe(true);

      const sim = new Simulation(four);
      while (!sim.step(7_777));
      expect(sim.report()).toEqual(wasm);
      sim.free();
    });

    it('shows contention: four clients on one disk wait longer than one alone', () => {
      const report = runScenario(tree((s) => delete s.source.sharing));
      for (const c of report.clients) expect(c.meanLatencyMs).toBeGreaterThan(1.5 * c.aloneMeanLatencyMs!);
      const additive = runScenario(tree((s) => (delete s.source.sharing, delete s.queueing)));
      for (const c of additive.clients) expect(c.meanLatencyMs).toBeCloseTo(c.aloneMeanLatencyMs!, 9);
    });

    it("runs exactly the trees the form's check takes, and refuses the others with the form's first issue", () => {
      const cases: ((s: any) => void)[] = [
        () => {},
        (s) => (s.topology.caches[4].parent = 'nowhere'),
        (s) => ((s.topology.caches[1].parent = 'mid2'), (s.topology.caches[2].parent = 'mid1')),
        (s) => delete s.topology.caches[0].disk,
        (s) => (s.topology.caches[3].disk = { kind: 'constant', serviceMs: 1 }),
        (s) => (s.topology.caches[2].name = 'mid1'),
        (s) => (s.source.clients = { mid1: { kind: 'random', blocks: 10 } }),
        (s) => (s.source.clients = { client2: { kind: 'random', blocks: 10 } }),
        (s) => (
          (s.source.clients = { client2: { kind: 'random', blocks: 10 } }), (s.source.sharing = { kind: 'conjoint' })
        ),
        (s) => (s.protocol = { kind: 'ac-cc' }),
        (s) => ((s.protocol = { kind: 'ac-cc' }), (s.du = 'drop')),
        (s) => (s.se = true),
        (s) => (s.protocol = { kind: 'mc2' }),
        // MIN at a client: its own requests; at a middle tier: two clients' order depends on queueing.
        (s) => (s.topology.caches[5].policy = { kind: 'min' }),
        (s) => (s.topology.caches[1].policy = { kind: 'min' }),
        (s) => ((s.topology.caches[1].policy = { kind: 'read-opt' }), delete s.queueing),
        (s) => (
          (s.topology.caches[1].policy = { kind: 'read-opt' }), delete s.queueing, (s.protocol = { kind: 'ac-ca' })
        ),
        (s) => (s.source = { kind: 'trace', name: 't.csv', clients: { kind: 'map', map: { '3': 'mid1' } } }),
        (s) =>
          (s.source = {
            kind: 'trace',
            name: 't.csv',
            clients: { kind: 'map', map: { '3': 'client4', '4': 'client1' } },
          }),
        (s) =>
          (s.topology.caches = Array.from({ length: 33 }, (_, i) => ({
            name: `c${i}`,
            capacity: 1,
            policy: { kind: 'lru' },
            parent: 'root',
          })).concat([
            { name: 'root', capacity: 1, policy: { kind: 'lru' }, disk: { kind: 'constant', serviceMs: 1 } },
          ] as any)),
      ];
      // The trace the trace cases replay: clients 3 and 4, as their maps name them.
      const reader = new TraceReader('csv', 4096, false, false);
      reader.push(Buffer.from('time,client,block,nblocks,op,hint\n1,3,5,1,r,\n2,4,6,1,r,\n'));
      reader.finish();
      const taken: boolean[] = [];
      for (const patch of cases) {
        const s = tree(patch);
        // What the form shows as it is edited (web/scenario/document.ts) …
        const form = formCheck(s);
        // … and what a run of it does.
        let engine: string | null = null;
        try {
          (s.source.kind === 'trace' ? Simulation.withTrace(s, reader) : new Simulation(s)).free();
        } catch (e) {
          engine = (e as Error).message;
        }
        const at = `${JSON.stringify(s)}: form ${JSON.stringify(form)}, engine ${engine}`;
        expect(engine === null, at).toBe(form.ok);
        // The same field, in the same words.
        if (!form.ok) expect(engine, at).toBe(describeIssue(form.issues[0]));
        taken.push(form.ok);
      }
      reader.free();
      // Both kinds are among the cases: the unpatched tree and a mapped trace run, the rest are refused.
      expect(taken.filter((ok) => ok).length).toBeGreaterThanOrEqual(2);
      expect(taken.filter((ok) => !ok).length).toBeGreaterThan(10);
    });

    it('replays a 2-client canonical-CSV trace through a 2-client tree, each client’s requests counted at its leaf', () => {
      // Client 7 reads a hot set of 300 blocks; client 3 scans 5000 (first seen: 7, then 3).
      let text = 'time,client,block,nblocks,op,hint\n';
      const counts = { 7: 0, 3: 0 } as Record<number, number>;
      for (let i = 0; i < 24_000; i++) {
        const c = i % 3 === 2 ? 3 : 7;
        counts[c]++;
        text += `${i},${c},${c === 7 ? (i * 7919) % 300 : 10_000 + (i % 5000)},1,${i % 11 === 0 ? 'w' : 'r'},\n`;
      }
      const reader = new TraceReader('csv', 4096, false, false);
      reader.push(Buffer.from(text));
      const summary = reader.finish();
      expect(summary.clients).toEqual([
        { id: 7, requests: counts[7] },
        { id: 3, requests: counts[3] },
      ]);
      // The page's own path: a client per trace client, named after their ids, in order of appearance.
      const base: Scenario = { ...defaultScenario(), source: { kind: 'trace', name: 'two.csv', warmupRequests: 0 } };
      const s: any = treeForTraceClients(base, [7, 3]);
      for (const c of s.topology.caches) c.capacity = 1000;
      expect(formCheck(s).ok).toBe(true);
      expect(traceClientIssue(s, [7, 3])).toBeNull();
      const sim = Simulation.withTrace(s, reader);
      while (!sim.step(5000));
      const report = sim.report();
      sim.free();
      expect(report.clients.map((c: any) => [c.name, c.requests])).toEqual([
        ['client7', counts[7]],
        ['client3', counts[3]],
      ]);
      // Each request counted at its own leaf: the leaf's lookups are its client's reads, its writes
      // its client's writes — nothing of the other client's.
      const leaf = (name: string) => report.caches.find((c: any) => c.name === name)!;
      for (const c of report.clients) {
        expect(c.reads + c.writes).toBe(c.requests);
        expect(leaf(c.name).hits + leaf(c.name).misses).toBe(c.reads);
        expect(leaf(c.name).writes).toBe(c.writes);
      }
      // The hot client lives in its cache; the scanning one never hits it.
      expect(report.clients[0].hitFractions[0]).toBeGreaterThan(0.9);
      expect(report.clients[1].hitFractions[0]).toBe(0);
      // Mapped the other way round, the leaves swap streams.
      const swapped = {
        ...s,
        source: { ...s.source, clients: { kind: 'map', map: { '7': 'client3', '3': 'client7' } } },
      };
      const again = Simulation.withTrace(swapped, reader);
      while (!again.step(1 << 20));
      expect(again.report().clients.map((c: any) => c.requests)).toEqual([counts[3], counts[7]]);
      again.free();
      // More trace clients than leaves: the engine's refusal, in the words the page shows beside Run.
      const one = { ...base, source: { ...base.source } };
      let message = '';
      try {
        Simulation.withTrace(one, reader);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toBe(describeIssue(traceClientIssue(one, [7, 3])!));
      expect(message).toContain('the trace has 2 clients (7, 3) but the topology has 1 (client)');
      const unmapped: any = { ...s, source: { ...s.source, clients: { kind: 'map', map: { '7': 'client3' } } } };
      expect(() => Simulation.withTrace(unmapped, reader)).toThrow(describeIssue(traceClientIssue(unmapped, [7, 3])!));
      reader.free();
    });
  });

  it('opens a version-3 link migrated by the engine, keeping CO’s old way with writes, and its numbers', () => {
    // Shared before version 4: CO over TQ, fed paper 004's hinted writes.
    const v3: any = { ...defaultScenario(), version: 3, name: 'co over tq' };
    v3.topology = {
      kind: 'single',
      cache: { capacity: 2000, policy: { kind: 'tq' }, co: true },
      link: { preset: 'fc-1g' },
      disk: { kind: 'constant', serviceMs: 10 },
    };
    v3.protocol = { kind: 'none' };
    v3.source = {
      kind: 'workload',
      workload: { kind: 'oltp', warehouses: 1, warmupRequests: 5000, measuredRequests: 20000 },
    };
    const decoded = decodeScenarioFromHash(`#s=${LZString.compressToEncodedURIComponent(JSON.stringify(v3))}`);
    if (!decoded.ok) throw new Error(`expected the link to open, got ${JSON.stringify(decoded)}`);
    expect([decoded.fromHash, decoded.migratedFrom]).toEqual([true, 3]);
    expect(decoded.scenario).toMatchObject({ version: 5, coWrites: 'plain' });
    // What the page runs is what the engine runs for the old document; version 4's own way differs.
    const ours = runScenario(decoded.scenario);
    expect(ours).toEqual(runScenario(v3));
    expect(runScenario({ ...v3, version: 5 }).counters).not.toEqual(ours.counters);
  });

  describe('links from before version 2', () => {
    const golden = resolve(root, 'engine-wasm/crates/core/tests/golden/v1');
    // The eight designs' proposal, a mechanical disk, AC_CC with SE, a single cache, paper 004's
    // write hints, phases, and a 4-client 3-level tree with shared streams and queueing.
    const names = [
      'p000-random-lru-mru-demote',
      'p000-seq-mech-lru-mru-demote',
      'p003-ac-cc-lru-se',
      'single-arc',
      'p004-two-tq',
      'phases-lru-arc',
      'tree4x3-demote-shared',
      'tree4x3-har-shared-closed',
    ];

    it('open migrated by the engine, as the page opens them, and give the numbers recorded before it', () => {
      for (const name of names) {
        const v1 = JSON.parse(readFileSync(join(golden, `${name}.json`), 'utf8'));
        expect(v1.version, name).toBe(1);
        const hash = `#s=${LZString.compressToEncodedURIComponent(JSON.stringify(v1))}`;
        const decoded = decodeScenarioFromHash(hash);
        if (!decoded.ok) throw new Error(`${name}: expected the link to open, got ${JSON.stringify(decoded)}`);
        expect([decoded.fromHash, decoded.migratedFrom, decoded.scenario.version], name).toEqual([true, 1, 5]);
        // What the page then runs (and encodes in its links) is what the engine runs for the old link.
        const ours = runScenario(decoded.scenario);
        expect(ours, name).toEqual(runScenario(v1));
        const recorded = JSON.parse(readFileSync(join(golden, `${name}.report.json`), 'utf8'));
        expect(
          Math.abs(ours.meanLatencyMs - recorded.meanLatencyMs) / recorded.meanLatencyMs,
          name,
        ).toBeLessThanOrEqual(1e-9);
        expect(ours.counters.requests, name).toBe(recorded.counters.requests);
        expect(ours.counters.diskReads, name).toBe(recorded.counters.diskReads);
        expect(ours.hitFractions, name).toEqual(recorded.hitFractions);
        if (recorded.tree) {
          expect(decoded.scenario.topology.kind, name).toBe('tree');
          expect(
            ours.clients.map((c: any) => [c.name, c.hitFractions]),
            name,
          ).toEqual(recorded.tree.clients.map((c: any) => [c.name, c.hitFractions]));
        }
        // And a second trip changes nothing: the page's document is the engine's own, of this version.
        expect(checkScenario(decoded.scenario), name).toEqual({ scenario: decoded.scenario, issues: [] });
        const again = decodeScenarioFromHash(
          `#s=${LZString.compressToEncodedURIComponent(JSON.stringify(decoded.scenario))}`,
        );
        expect(again, name).toEqual({ ok: true, scenario: decoded.scenario, fromHash: true });
      }
    }, 120_000);

    it('say what the engine refuses in an old link, naming the field', () => {
      const v1 = JSON.parse(readFileSync(join(golden, 'p000-random-lru-mru-demote.json'), 'utf8'));
      v1.client.capacity = 0;
      const decoded = decodeScenarioFromHash(`#s=${LZString.compressToEncodedURIComponent(JSON.stringify(v1))}`);
      expect(decoded).toEqual({
        ok: false,
        kind: 'invalid',
        message: expect.stringMatching(/^scenario\.(topology\.)?client\.capacity: must be between 1 and/),
      });
      // The engine read it as version 1 (migrated, then refused).
      expect(checkScenario(v1).migratedFrom).toBe(1);
    });
  });

  describe('stack-depth graphs and the upside estimator', () => {
    it('computes live curves in wasm exactly as natively, the same in batches', () => {
      const zipf = scenario((s) => (s.source.workload = { kind: 'zipf', blocks: 49152 }));
      const sim = new Simulation(zipf);
      sim.trackDepths({ mode: 'auto' });
      const seen: number[] = [];
      while (!sim.step(50_000)) seen.push(sim.report().depthCurves![0].references);
      const report = sim.report();
      sim.free();
      expect(report).toEqual(runNative(zipf, ['run', '{}', '--json', '--curves']));
      // Live: the measured count grows batch by batch (zero through the warm-up).
      expect(seen.filter((n) => n > 0).length).toBeGreaterThan(3);
      expect(seen.every((n, i) => i === 0 || n >= seen[i - 1])).toBe(true);
      const [workload, array] = report.depthCurves!;
      expect([workload.name, array.name, workload.sampledRate]).toEqual(['workload', 'array', undefined]);
      // An LRU client of 16384 hits exactly the references of depth ≤ 16384.
      expect(workload.hits[workload.sizes.indexOf(16384)]).toBe(report.hitFractions.client);
      // LRU-MRU-demote is one LRU of Nc + Na − 1 blocks: the curve at the aggregate is within 0.1 %.
      const aggregate = workload.hits[workload.sizes.indexOf(32768)];
      expect(Math.abs(aggregate - (report.hitFractions.client + report.hitFractions.array))).toBeLessThan(0.001);
      expect(() => new Simulation(zipf).trackDepths({ mode: 'rate', rate: 7 })).toThrow(
        /sample rate must be above 0 and at most 1/,
      );
    });

    it('predicts inclusive and exclusive hierarchies within 3 points on RANDOM and ZIPF, as natively', () => {
      for (const workload of [
        { kind: 'random', blocks: 32768 },
        { kind: 'zipf', blocks: 49152 },
      ]) {
        const exclusiveScenario = scenario((s) => (s.source.workload = workload));
        const points = [{ client: 16384, array: 16384 }];
        const est = estimateUpside(exclusiveScenario, points);
        expect(est).toEqual(runNative(exclusiveScenario, ['upside', '{}', '--json', '--sizes', '16384:16384']));
        const p = est.points[0];
        const inclusive = runScenario(
          scenario((s) => ((s.source.workload = workload), (s.topology.array.policy.kind = 'lru'), delete s.protocol)),
        );
        const exclusive = runScenario(exclusiveScenario);
        const pairs: [Prediction, Report][] = [
          [p.inclusive, inclusive],
          [p.exclusive, exclusive],
        ];
        for (const [predicted, simulated] of pairs) {
          for (const level of ['client', 'array', 'disk'] as const) {
            expect(Math.abs(predicted[level] - simulated.blockHitFractions[level]) * 100).toBeLessThanOrEqual(3);
          }
        }
        expect(p.missReductionPercent).toBeGreaterThan(0);
      }
      expect(() => estimateUpside(defaultScenario(), [{ client: 0, array: 1 }])).toThrow(
        /points\[0\]: sizes must be between 1 and/,
      );
      expect(() => estimateUpside(defaultScenario(), 'nope' as never)).toThrow(/size pairs/);
      // A tree: every client's requests as one stream for the points, and each client on its own.
      const tree = scenario((s) => {
        s.source.workload = { kind: 'random', blocks: 4096, warmupRequests: 4096, measuredRequests: 20_000 };
        s.topology = { kind: 'tree', caches: treeFromScenario(s, 2, 0) };
      });
      const est = estimateUpside(tree, [{ client: 16384, array: 16384 }]);
      expect(est).toEqual(runNative(tree, ['upside', '{}', '--json', '--sizes', '16384:16384']));
      expect(est.clients!.map((c: any) => [c.name, c.point.client, c.point.array])).toEqual([
        ['client1', 16384, 16384],
        ['client2', 16384, 16384],
      ]);
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
      expect(reader.finish()).toMatchObject({
        format: 'vscsi',
        requests: 113_872,
        blockRefs: 1_141_869,
        distinct: 269_210,
      });
      reader.free();
    });

    it('replays a trace exactly as the native CLI does, and says where a bad one is wrong', () => {
      let text = 'time,client,block,nblocks,op,hint\n';
      for (let i = 0; i < 20_000; i++)
        text += `${i},0,${(i * 7919) % 5000},${1 + (i % 3)},${i % 5 === 0 ? 'w' : 'r'},\n`;
      const gz = gzipSync(Buffer.from(text));
      const dir = mkdtempSync(join(tmpdir(), 'tiersim-trace-'));
      writeFileSync(join(dir, 't.csv.gz'), gz);
      const traced = scenario(
        (s) => (
          (s.topology.client.capacity = 500),
          (s.topology.array.capacity = 1000),
          (s.source = { kind: 'trace', name: 't.csv.gz', warmupRequests: 2000 })
        ),
      );
      const reader = new TraceReader('csv', 4096, false, false);
      for (let at = 0; at < gz.length; at += 777) reader.push(gz.subarray(at, at + 777));
      expect(reader.finish()).toMatchObject({ format: 'csv', requests: 20_000, skipped: 0 });
      const sim = Simulation.withTrace(traced, reader);
      sim.trackDepths({ mode: 'auto' });
      while (!sim.step(3000));
      const report = sim.report();
      sim.free();
      expect(report).toEqual(runNative(traced, ['run', '{}', '--json', '--curves', '--trace', join(dir, 't.csv.gz')]));
      expect(report.warmupRequests).toBe(2000);
      expect(() => new Simulation(traced)).toThrow(/scenario\.source: the trace file "t\.csv\.gz" is not loaded/);
      reader.free();

      const bad = new TraceReader('', 4096, false, false);
      expect(() => bad.push(Buffer.from('time,client,block,nblocks,op,hint\n1,0,5,1,r,\n2,0,x,1,r,\n'))).toThrow(
        'line 3: block: expected a block number, got "x"',
      );
      bad.free();
      const skipping = new TraceReader('', 4096, false, true);
      skipping.push(Buffer.from('time,client,block,nblocks,op,hint\n1,0,5,1,r,\n2,0,x,1,r,\n'));
      expect(skipping.finish()).toMatchObject({
        requests: 1,
        skipped: 1,
        firstSkipped: 'line 3: block: expected a block number, got "x"',
      });
      skipping.free();
      expect(() => new TraceReader('', 4096, false, false).push(Buffer.from([0, 1, 2, 3, 4]))).toThrow(
        /^not a trace — binary, and no binary format reads it \(vscsi: .*; oracleGeneral: 5 bytes, less than one 24-byte record\); if it is one, choose its format in the list, or map its columns$/,
      );
      // Prose is text: never read as a binary format, refused with its first line.
      expect(() =>
        new TraceReader('', 4096, false, false).push(Buffer.from('Thirty lines of notes — on caches.\nAnd more.\n')),
      ).toThrow(
        'not a trace — looks like text but no line parses as any text format (line 1: "Thirty lines of notes — on caches.")',
      );
    });

    it('refuses a trace bigger than its memory limit with the whole file’s totals, after reading it to the end', () => {
      // 200,000 MSR lines of 8 blocks (100,000 offsets, each spanning 8 blocks: 100,007 distinct):
      // 24 + 32 bytes each, about 10.7 MiB to hold, past a 4 MiB limit.
      const lines: string[] = [];
      for (let i = 0; i < 200_000; i++)
        lines.push(`${128166372003061629 + i},web,0,Read,${((i * 7919) % 100_000) * 4096},32768,100`);
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
      expect(message).toMatch(
        /^line \d+: the trace is too big to hold: its requests need more than the 4 MiB kept for a trace here\. The whole file has 200000 requests and 1600000 block references over 100007 distinct blocks; replay a part of it, or run it with the command-line runner/,
      );
      reader.free();
      // The same file under the default limit (1 GiB) reads whole.
      const whole = new TraceReader('msr', 4096, false, false);
      whole.push(bytes);
      expect(whole.finish()).toMatchObject({ requests: 200_000, blockRefs: 1_600_000 });
      whole.free();
    });
  });
});
