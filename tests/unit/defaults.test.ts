// @vitest-environment node
// The UI's default scenario and schema against the real engine (the wasm build).
import { OLTP_DEFAULTS } from '../../web/scenario/oltp';
import { TPCH_DEFAULTS, tpchPages } from '../../web/scenario/tpch';
import { mc2Example } from '../../web/scenario/topology';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario as engineDefault, initSync, validateScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import { DEFAULT_SCENARIO, defaultScenario } from '../../web/scenario/defaults';
import {
  MECHANICAL_DEFAULTS,
  OFFLINE_POLICY_KINDS,
  POLICY_KINDS,
  checkScenario,
  describeIssue,
  workloadRequests,
  type PolicyKind,
} from '../../web/scenario/schema';
import { OFFLINE_POLICIES, POLICIES } from '../../web/scenario/policies';

const wasm = join(resolve(__dirname, '../..'), 'web/wasm-pkg/tiersim_wasm_bg.wasm');

beforeAll(() => {
  if (!existsSync(wasm)) throw new Error(`${wasm} is missing: build it with "bash scripts/build-wasm.sh"`);
  initSync({ module: readFileSync(wasm) });
});

/** The engine's message for a scenario it refuses (null if it accepts it). */
function engineMessage(scenario: unknown): string | null {
  try {
    validateScenario(JSON.stringify(scenario));
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The engine's verdict: null if accepted, else the path it names ("topology.client.capacity"). */
function engineRejects(scenario: unknown): string | null {
  try {
    validateScenario(JSON.stringify(scenario));
    return null;
  } catch (e) {
    const m = /^scenario(?:\.([\w.[\]]+))?:/.exec((e as Error).message);
    if (!m) throw new Error(`unexpected engine error: ${(e as Error).message}`);
    return m[1] ?? '';
  }
}

describe('the UI agrees with the engine', () => {
  it('on the default scenario', () => {
    expect(JSON.parse(engineDefault())).toEqual(DEFAULT_SCENARIO);
    expect(JSON.parse(validateScenario(JSON.stringify(DEFAULT_SCENARIO)))).toEqual(DEFAULT_SCENARIO);
  });

  it("on paper 004's OLTP workload: defaults filled alike, a too-large buffer pool refused at the same field", () => {
    const s: any = defaultScenario();
    s.source.workload = { kind: 'oltp' };
    expect(checkScenario(s).ok).toBe(true);
    const back = JSON.parse(validateScenario(JSON.stringify(s)));
    expect(back.source.workload).toEqual({ kind: 'oltp', ...OLTP_DEFAULTS });
    s.source.workload = { kind: 'oltp', warehouses: 1, bufferPool: 21_616 };
    expect(checkScenario(s).ok).toBe(false);
    expect(engineRejects(s)).toBe('source.workload.bufferPool');
    s.source.workload.bufferPool = 21_615;
    expect(engineRejects(s)).toBeNull();
  });

  it("on paper 002's TPC-H client and MC²: sizes, defaults, and the same refusals", () => {
    for (const scale of [0.01, 0.37, 1, 2.5, 64]) {
      const s: any = defaultScenario();
      s.source.workload = { kind: 'tpch', query: 'q7', scale };
      expect(checkScenario(s).ok).toBe(true);
      const back = JSON.parse(validateScenario(JSON.stringify(s)));
      expect(back.source.workload).toEqual({
        kind: 'tpch',
        query: 'q7',
        scale,
        lookups: TPCH_DEFAULTS.lookups,
        skew: [...TPCH_DEFAULTS.skew],
      });
      // The engine's default warm-up is the database's pages: the form's size must agree.
      expect(workloadRequests(s.source.workload)[0]).toBe(tpchPages(scale));
    }
    const mc2: any = defaultScenario();
    mc2Example(mc2);
    expect(checkScenario(mc2).ok).toBe(true);
    expect(engineRejects(mc2)).toBeNull();
    for (const [edit, path] of [
      [(s: any) => (s.source.workload = { kind: 'tpch', query: 'q7', skew: [80, 100] }), 'source.workload.skew'],
      // A bad variant inside the tagged workload: the engine names the workload (its own tag stops serde there).
      [(s: any) => (s.source.workload = { kind: 'tpch', query: 'q9' }), 'source.workload'],
      [(s: any) => (s.source.workload = { kind: 'tpch', query: 'q3', scale: 65 }), 'source.workload.scale'],
      // MC² on one cache: there is nothing above it to partition.
      [
        (s: any) => {
          s.topology = {
            kind: 'single',
            cache: { capacity: 100, policy: { kind: 'lru' } },
            link: { preset: 'fc-1g' },
            disk: { kind: 'constant', serviceMs: 10 },
          };
          s.source = { kind: 'workload', workload: s.source.workload };
        },
        'protocol',
      ],
      // Two arrays: MC² manages clients over one.
      [
        (s: any) =>
          s.topology.caches.push({
            name: 'array2',
            capacity: 10,
            policy: { kind: 'lru' },
            disk: { kind: 'constant', serviceMs: 10 },
          }),
        'protocol',
      ],
      [
        (s: any) => {
          // q3 becomes a middle tier over a client of its own.
          s.topology.caches.push({ name: 'deep', capacity: 10, policy: { kind: 'lru' }, parent: 'q3' });
          s.source.clients = { deep: s.source.clients.q3, q7: s.source.clients.q7 };
        },
        'topology.caches[3].parent',
      ],
    ] as const) {
      const s: any = structuredClone(mc2);
      edit(s);
      const ui = checkScenario(s);
      expect(ui.ok, path).toBe(false);
      if (!ui.ok) expect(ui.issues.map((i) => describeIssue(i)).join(), path).toContain(`scenario.${path}`);
      expect(engineRejects(s), path).toBe(path);
    }
  });

  it('on every policy the form offers, with and without parameters, and on Zipf', () => {
    expect([...POLICIES, ...OFFLINE_POLICIES].map((p) => p.value)).toEqual([...POLICY_KINDS]);
    const variants: unknown[] = [
      ...POLICY_KINDS.map((kind) => ({ kind })),
      { kind: 'slru', protectedShare: 0.625 },
      { kind: 'lfu', agingPeriod: 100_000 },
      { kind: 's3-fifo', smallShare: 0.25 },
      { kind: 'mq', lifeTime: 5000 },
      { kind: 'mq+hints', lifeTime: 700 },
      { kind: 'lirs', hirShare: 0.05 },
      { kind: 'clock-pro', minColdShare: 0.05 },
      { kind: 'w-tinylfu', windowShare: 0.1 },
      { kind: 'hyperbolic', sampleSize: 8 },
      { kind: 'qd-lp-fifo', probationShare: 0.2 },
      { kind: 'lru-k', k: 3, correlatedPeriod: 100 },
    ];
    for (const policy of variants as { kind: PolicyKind }[]) {
      const s: any = defaultScenario();
      // Every policy sits at the array under DEMOTE: an offline one learns its stream (the
      // client's misses) in a first pass.
      s.topology.array.policy = policy;
      s.source.workload = { kind: 'zipf', blocks: 49152, alpha: 0.9 };
      expect(checkScenario(s).ok, JSON.stringify(policy)).toBe(true);
      expect(engineRejects(s), JSON.stringify(policy)).toBeNull();
      // What the UI writes, the engine reads back unchanged, with the defaults the form shows
      // (SLRU 80 % protected, LFU without aging) filled in where a parameter was left out.
      const filled = {
        slru: { protectedShare: 0.8 },
        lfu: { agingPeriod: 0 },
        's3-fifo': { smallShare: 0.1 },
        mq: { lifeTime: 0 },
        'mq+hints': { lifeTime: 0 },
        lirs: { hirShare: 0.01 },
        'clock-pro': { minColdShare: 0.01 },
        'w-tinylfu': { windowShare: 0.01 },
        hyperbolic: { sampleSize: 64 },
        'qd-lp-fifo': { probationShare: 0.1 },
        'lru-k': { k: 2, correlatedPeriod: 0 },
      } as Record<string, object>;
      const expected = structuredClone(s);
      expected.topology.array.policy = { ...filled[s.topology.array.policy.kind], ...s.topology.array.policy };
      const back = JSON.parse(validateScenario(JSON.stringify(s)));
      expect(back).toEqual(expected);
      expect(checkScenario(back).ok).toBe(true);
    }
    const bad: any = defaultScenario();
    bad.topology.client.policy = { kind: 'slru', protectedShare: 1 };
    expect(checkScenario(bad).ok).toBe(false);
    expect(engineRejects(bad)).toBe('topology.client.policy');
    // Both refuse an offline policy where its stream depends on what it does, at the same
    // field and for the same reason: at the array over an offline client, or under AC_CA.
    for (const kind of OFFLINE_POLICY_KINDS) {
      for (const patch of [
        (s: any) => (s.topology.client.policy = { kind: 'min' }),
        (s: any) => (s.protocol = { kind: 'ac-ca' }),
      ]) {
        const two: any = defaultScenario();
        two.topology.array.policy = { kind };
        patch(two);
        const ours = checkScenario(two);
        expect(ours).toMatchObject({ ok: false, issues: [{ path: 'topology.array.policy' }] });
        expect(engineRejects(two)).toBe('topology.array.policy');
        expect(engineMessage(two)).toBe(!ours.ok && describeIssue(ours.issues[0]));
      }
    }
  });

  it('on HA_R, AC_CC and MC² (two levels too)', () => {
    for (const kind of ['ha-r', 'ac-cc', 'mc2']) {
      const s: any = { ...defaultScenario(), protocol: { kind } };
      expect(checkScenario(s).ok).toBe(true);
      expect(JSON.parse(validateScenario(JSON.stringify(s))).protocol).toEqual({ kind });
    }
  });

  it('on AC_CA', () => {
    const s: any = { ...defaultScenario(), protocol: { kind: 'ac-ca' } };
    expect(checkScenario(s).ok).toBe(true);
    expect(JSON.parse(validateScenario(JSON.stringify(s))).protocol).toEqual({ kind: 'ac-ca', k: 4 });
    const bad: any = { ...defaultScenario(), protocol: { kind: 'ac-ca', k: 0 } };
    expect(checkScenario(bad)).toMatchObject({ ok: false, issues: [{ path: 'protocol.k' }] });
    expect(engineRejects(bad)).toBe('protocol');
  });

  it('on what a single cache refuses, in the same words: a protocol, DU', () => {
    const single = (patch: (s: any) => void) => {
      const s: any = defaultScenario();
      s.topology = { kind: 'single', cache: s.topology.client, link: s.topology.link, disk: s.topology.disk };
      delete s.protocol;
      patch(s);
      return s;
    };
    expect(checkScenario(single(() => {})).ok).toBe(true);
    expect(engineRejects(single(() => {}))).toBeNull();
    for (const [patch, path] of [
      [(s: any) => (s.protocol = { kind: 'demote' }), 'protocol'],
      [(s: any) => (s.du = 'drop'), 'du'],
      [(s: any) => (s.source.sharing = { kind: 'conjoint' }), 'source.sharing'],
    ] as const) {
      const s = single(patch);
      const ours = checkScenario(s);
      expect(engineRejects(s), path).toBe(path);
      expect(ours.ok ? '' : describeIssue(ours.issues[0]), path).toBe(engineMessage(s));
    }
  });

  it('on CO', () => {
    const s: any = defaultScenario();
    s.topology.client.co = true;
    expect(checkScenario(s).ok).toBe(true);
    expect(JSON.parse(validateScenario(JSON.stringify(s))).topology.client).toEqual({ ...s.topology.client, co: true });
    s.topology.client.co = 'yes';
    expect(checkScenario(s)).toMatchObject({ ok: false, issues: [{ path: 'topology.client.co' }] });
    // A type error inside the tagged topology: the engine names the field, as the form does.
    expect(engineRejects(s)).toBe('topology.client.co');
  });

  it('on requests of several blocks', () => {
    const s: any = { ...defaultScenario(), multiBlock: 'atomic' };
    expect(checkScenario(s).ok).toBe(true);
    expect(JSON.parse(validateScenario(JSON.stringify(s))).multiBlock).toBe('atomic');
    // Block by block is the default, left out of the document.
    expect(JSON.parse(validateScenario(JSON.stringify({ ...s, multiBlock: 'per-block' }))).multiBlock).toBeUndefined();
    const bad: any = { ...defaultScenario(), multiBlock: 'sometimes' };
    expect(checkScenario(bad)).toMatchObject({ ok: false, issues: [{ path: 'multiBlock' }] });
    expect(engineRejects(bad)).toBe('multiBlock');
  });

  it('on DU', () => {
    for (const du of ['drop', 'lru-end']) {
      const s: any = { ...defaultScenario(), du };
      expect(checkScenario(s).ok).toBe(true);
      expect(JSON.parse(validateScenario(JSON.stringify(s))).du).toBe(du);
    }
    const bad: any = { ...defaultScenario(), du: 'later' };
    expect(checkScenario(bad)).toMatchObject({
      ok: false,
      issues: [{ path: 'du', message: 'must be one of drop, lru-end' }],
    });
    expect(engineRejects(bad)).toBe('du');
  });

  it('on the mechanical drive and its defaults', () => {
    for (const disk of [{ kind: 'mechanical' }, { kind: 'mechanical', rpm: 7200, readAheadKiB: 64 }]) {
      const s: any = defaultScenario();
      s.topology.disk = disk;
      expect(checkScenario(s).ok).toBe(true);
      const back = JSON.parse(validateScenario(JSON.stringify(s)));
      expect(back.topology.disk).toEqual({ ...MECHANICAL_DEFAULTS, ...disk });
      expect(checkScenario(back).ok).toBe(true);
    }
    const bad: any = defaultScenario();
    bad.topology.disk = { kind: 'mechanical', rpm: 10 };
    expect(engineRejects(bad)).toBe('topology.disk');
  });

  it.each([
    ['topology.client.capacity', (s: any) => (s.topology.client.capacity = 0)],
    ['topology.array.capacity', (s: any) => (s.topology.array.capacity = 2 ** 25 + 1)],
    ['source.workload.blocks', (s: any) => (s.source.workload.blocks = 2 ** 25 + 1)],
    ['blockSize', (s: any) => (s.blockSize = 1000)],
    ['seed', (s: any) => (s.seed = 2 ** 53)],
    ['topology.disk', (s: any) => (s.topology.disk.serviceMs = 100001)],
    ['clientHitMs', (s: any) => (s.clientHitMs = -1)],
    ['topology.link', (s: any) => (s.topology.link = { preset: 'custom', latencyUs: 1, bandwidthMbit: 0 })],
    ['topology.link', (s: any) => (s.topology.link = { preset: 'custom', latencyUs: 1e7 + 1, bandwidthMbit: 1 })],
    ['name', (s: any) => (s.name = 'x'.repeat(201))],
    ['source.workload.requestBlocks', (s: any) => (s.source.workload.requestBlocks = 1025)],
    [
      'source.workload.requestBlocks',
      (s: any) => (s.source.workload = { kind: 'sequential', blocks: 2, requestBlocks: 3 }),
    ],
    [
      'topology.client.policy',
      (s: any) => {
        s.topology.client.policy = { kind: 'min' };
        s.source.workload.requestBlocks = 512;
      },
    ],
    ['topology.kind', (s: any) => (s.topology.kind = 'ring')],
    ['version', (s: any) => (s.version = 5)],
  ])('on where a scenario is wrong (%s)', (enginePath, patch) => {
    const s: any = defaultScenario();
    patch(s);
    expect(engineRejects(s)).toBe(enginePath);
    const ours = checkScenario(s);
    expect(ours.ok).toBe(false);
    // The engine names the object for link and disk errors; the schema names the field in it.
    if (!ours.ok) expect(`${ours.issues[0].path}.`.startsWith(`${enginePath}.`)).toBe(true);
  });

  it('on limits that are just allowed', () => {
    const s: any = defaultScenario();
    s.topology.client.capacity = 2 ** 25;
    s.seed = Number.MAX_SAFE_INTEGER;
    s.blockSize = 512;
    s.topology.link = { preset: 'custom', latencyUs: 1e7, bandwidthMbit: 1e7 };
    s.topology.disk.serviceMs = 0;
    s.source.workload = { kind: 'sequential', blocks: 1, warmupRequests: 0, measuredRequests: 1 };
    expect(engineRejects(s)).toBeNull();
    expect(checkScenario(s).ok).toBe(true);
  });
});
