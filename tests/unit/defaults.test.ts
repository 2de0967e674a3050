// @vitest-environment node
// The UI's default scenario and schema against the real engine (the wasm build).
import { OLTP_DEFAULTS } from '../../web/scenario/oltp';
import { TPCH_DEFAULTS, tpchPages } from '../../web/scenario/tpch';
import { mc2Example } from '../../web/features/scenario/components/TreeBuilder';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario as engineDefault, initSync, validateScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import { DEFAULT_SCENARIO, defaultScenario } from '../../web/scenario/defaults';
import { MECHANICAL_DEFAULTS, OFFLINE_POLICY_KINDS, POLICY_KINDS, checkScenario, describeIssue, workloadRequests, type PolicyKind } from '../../web/scenario/schema';
import { OFFLINE_POLICIES, POLICIES } from '../../web/features/scenario/components/CacheFields';

const wasm = join(resolve(__dirname, '../..'), 'web/wasm-pkg/tiersim_wasm_bg.wasm');

beforeAll(() => {
  if (!existsSync(wasm)) throw new Error(`${wasm} is missing: build it with "bash scripts/build-wasm.sh"`);
  initSync({ module: readFileSync(wasm) });
});

/** The engine's verdict: null if accepted, else the path it names ("client.capacity"). */
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
    s.workload = { kind: 'oltp' };
    expect(checkScenario(s).ok).toBe(true);
    const back = JSON.parse(validateScenario(JSON.stringify(s)));
    expect(back.workload).toEqual({ kind: 'oltp', ...OLTP_DEFAULTS });
    s.workload = { kind: 'oltp', warehouses: 1, bufferPool: 21_616 };
    expect(checkScenario(s).ok).toBe(false);
    expect(engineRejects(s)).toBe('workload.bufferPool');
    s.workload.bufferPool = 21_615;
    expect(engineRejects(s)).toBeNull();
  });

  it("on paper 002's TPC-H client and MC²: sizes, defaults, and the same refusals", () => {
    for (const scale of [0.01, 0.37, 1, 2.5, 64]) {
      const s: any = defaultScenario();
      s.workload = { kind: 'tpch', query: 'q7', scale };
      expect(checkScenario(s).ok).toBe(true);
      const back = JSON.parse(validateScenario(JSON.stringify(s)));
      expect(back.workload).toEqual({ kind: 'tpch', query: 'q7', scale, lookups: TPCH_DEFAULTS.lookups, skew: [...TPCH_DEFAULTS.skew] });
      // The engine's default warm-up is the database's pages: the form's size must agree.
      expect(workloadRequests(s.workload)[0]).toBe(tpchPages(scale));
    }
    const mc2: any = defaultScenario();
    mc2Example(mc2);
    expect(checkScenario(mc2).ok).toBe(true);
    expect(engineRejects(mc2)).toBeNull();
    for (const [edit, path] of [
      [(s: any) => (s.workload = { kind: 'tpch', query: 'q7', skew: [80, 100] }), 'workload.skew'],
      [(s: any) => (s.workload = { kind: 'tpch', query: 'q9' }), 'workload'],
      [(s: any) => (s.workload = { kind: 'tpch', query: 'q3', scale: 65 }), 'workload.scale'],
      [(s: any) => delete s.topology, 'protocol'],
      [
        (s: any) => {
          // q3 becomes a middle tier over a client of its own.
          s.tree.caches.push({ name: 'deep', capacity: 10, policy: { kind: 'lru' }, parent: 'q3', workload: s.tree.caches[1].workload });
          delete s.tree.caches[1].workload;
        },
        'tree.caches[3].parent',
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
      { kind: 'w-tinylfu', windowShare: 0.1 },
    ];
    for (const policy of variants as { kind: PolicyKind }[]) {
      const s: any = defaultScenario();
      // Offline policies run only as a single cache (the client); the rest sit at the array.
      const level = OFFLINE_POLICY_KINDS.includes(policy.kind) ? 'client' : 'array';
      if (level === 'client') s.topology = 'single';
      s[level].policy = policy;
      s.workload = { kind: 'zipf', blocks: 49152, alpha: 0.9 };
      expect(checkScenario(s).ok, JSON.stringify(policy)).toBe(true);
      expect(engineRejects(s), JSON.stringify(policy)).toBeNull();
      // What the UI writes, the engine reads back unchanged, with the defaults the form shows
      // (SLRU 80 % protected, LFU without aging) filled in where a parameter was left out.
      const filled = { slru: { protectedShare: 0.8 }, lfu: { agingPeriod: 0 }, 's3-fifo': { smallShare: 0.1 }, mq: { lifeTime: 0 }, 'mq+hints': { lifeTime: 0 }, lirs: { hirShare: 0.01 }, 'w-tinylfu': { windowShare: 0.01 } } as Record<string, object>;
      const expected = structuredClone(s);
      expected[level].policy = { ...filled[s[level].policy.kind], ...s[level].policy };
      const back = JSON.parse(validateScenario(JSON.stringify(s)));
      expect(back).toEqual(expected);
      expect(checkScenario(back).ok).toBe(true);
    }
    const bad: any = defaultScenario();
    bad.client.policy = { kind: 'slru', protectedShare: 1 };
    expect(checkScenario(bad).ok).toBe(false);
    expect(engineRejects(bad)).toBe('client.policy');
    // Both refuse an offline policy in two levels, at the same field.
    for (const kind of OFFLINE_POLICY_KINDS) {
      const two: any = defaultScenario();
      two.array.policy = { kind };
      expect(checkScenario(two)).toMatchObject({ ok: false, issues: [{ path: 'array.policy' }] });
      expect(engineRejects(two)).toBe('array.policy');
    }
  });

  it('on HA_R and AC_CC', () => {
    for (const kind of ['ha-r', 'ac-cc']) {
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

  it('on CO', () => {
    const s: any = defaultScenario();
    s.client.co = true;
    expect(checkScenario(s).ok).toBe(true);
    expect(JSON.parse(validateScenario(JSON.stringify(s))).client).toEqual({ ...s.client, co: true });
    s.client.co = 'yes';
    expect(checkScenario(s)).toMatchObject({ ok: false, issues: [{ path: 'client.co' }] });
    expect(engineRejects(s)).toBe('client.co');
  });

  it('on DU', () => {
    for (const du of ['drop', 'lru-end']) {
      const s: any = { ...defaultScenario(), du };
      expect(checkScenario(s).ok).toBe(true);
      expect(JSON.parse(validateScenario(JSON.stringify(s))).du).toBe(du);
    }
    const bad: any = { ...defaultScenario(), du: 'later' };
    expect(checkScenario(bad)).toMatchObject({ ok: false, issues: [{ path: 'du', message: 'must be one of drop, lru-end' }] });
    expect(engineRejects(bad)).toBe('du');
  });

  it('on the mechanical drive and its defaults', () => {
    for (const disk of [{ kind: 'mechanical' }, { kind: 'mechanical', rpm: 7200, readAheadKiB: 64 }]) {
      const s: any = defaultScenario();
      s.disk = disk;
      expect(checkScenario(s).ok).toBe(true);
      const back = JSON.parse(validateScenario(JSON.stringify(s)));
      expect(back.disk).toEqual({ ...MECHANICAL_DEFAULTS, ...disk });
      expect(checkScenario(back).ok).toBe(true);
    }
    const bad: any = defaultScenario();
    bad.disk = { kind: 'mechanical', rpm: 10 };
    expect(engineRejects(bad)).toBe('disk');
  });

  it.each([
    ['client.capacity', (s: any) => (s.client.capacity = 0)],
    ['array.capacity', (s: any) => (s.array.capacity = 2 ** 25 + 1)],
    ['workload.blocks', (s: any) => (s.workload.blocks = 2 ** 25 + 1)],
    ['blockSize', (s: any) => (s.blockSize = 1000)],
    ['seed', (s: any) => (s.seed = 2 ** 53)],
    ['disk', (s: any) => (s.disk.serviceMs = 100001)],
    ['clientHitMs', (s: any) => (s.clientHitMs = -1)],
    ['link', (s: any) => (s.link = { preset: 'custom', latencyUs: 1, bandwidthMbit: 0 })],
    ['link', (s: any) => (s.link = { preset: 'custom', latencyUs: 1e7 + 1, bandwidthMbit: 1 })],
    ['name', (s: any) => (s.name = 'x'.repeat(201))],
    ['workload.requestBlocks', (s: any) => (s.workload.requestBlocks = 1025)],
    ['workload.requestBlocks', (s: any) => (s.workload = { kind: 'sequential', blocks: 2, requestBlocks: 3 })],
    ['client.policy', (s: any) => ((s.topology = 'single'), (s.client.policy = { kind: 'min' }), (s.workload.requestBlocks = 512))],
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
    s.client.capacity = 2 ** 25;
    s.seed = Number.MAX_SAFE_INTEGER;
    s.blockSize = 512;
    s.link = { preset: 'custom', latencyUs: 1e7, bandwidthMbit: 1e7 };
    s.disk.serviceMs = 0;
    s.workload = { kind: 'sequential', blocks: 1, warmupRequests: 0, measuredRequests: 1 };
    expect(engineRejects(s)).toBeNull();
    expect(checkScenario(s).ok).toBe(true);
  });
});
