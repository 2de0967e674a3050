import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, PAPER000_DESIGNS, defaultScenario, designName } from '../../web/scenario/defaults';
import { checkScenario, describeIssue, treeClients, workloadBlocks, workloadRequests, type ScenarioIssue } from '../../web/scenario/schema';
import { oltpPages } from '../../web/scenario/oltp';
import { treeFromScenario } from '../../web/features/scenario/components/TreeBuilder';

function firstIssue(patch: (s: any) => void): ScenarioIssue {
  const s: any = defaultScenario();
  patch(s);
  const result = checkScenario(s);
  if (result.ok) throw new Error(`expected ${JSON.stringify(s)} to be rejected`);
  return result.issues[0];
}

describe('scenario schema', () => {
  it('accepts the default scenario unchanged', () => {
    expect(checkScenario(DEFAULT_SCENARIO)).toEqual({ ok: true, scenario: DEFAULT_SCENARIO });
  });

  it('fills the optional fields the engine fills', () => {
    const { name: _name, blockSize: _b, clientHitMs: _c, ...bare } = defaultScenario();
    const result = checkScenario(bare);
    expect(result).toMatchObject({ ok: true, scenario: { name: '', blockSize: 4096, clientHitMs: 0 } });
  });

  it('accepts every preset, a custom link and both workloads', () => {
    for (const preset of ['fc-1g', 'vi-fc', 'ip-storage', 'future-san', 'eth-100m', 'eth-10m']) {
      expect(checkScenario({ ...defaultScenario(), link: { preset } }).ok).toBe(true);
    }
    expect(checkScenario({ ...defaultScenario(), link: { preset: 'custom', latencyUs: 0, bandwidthMbit: 1e7 } }).ok).toBe(true);
    expect(checkScenario({ ...defaultScenario(), workload: { kind: 'sequential', blocks: 2 ** 25 } }).ok).toBe(true);
  });

  it.each([
    ['client.capacity', 'must be between 1 and 33554432', (s: any) => (s.client.capacity = 0)],
    ['array.capacity', 'must be between 1 and 33554432', (s: any) => (s.array.capacity = 2 ** 25 + 1)],
    ['client.capacity', 'must be a whole number', (s: any) => (s.client.capacity = 1.5)],
    ['client.capacity', 'must be a number', (s: any) => (s.client.capacity = NaN)],
    ['workload.blocks', 'must be between 1 and 33554432', (s: any) => (s.workload.blocks = 0)],
    ['seed', 'must be between 0 and 9007199254740991', (s: any) => (s.seed = -1)],
    ['seed', 'must be between 0 and 9007199254740991', (s: any) => (s.seed = 2 ** 53)],
    ['blockSize', 'must be a power of two from 512 to 1048576', (s: any) => (s.blockSize = 1000)],
    ['blockSize', 'must be a power of two from 512 to 1048576', (s: any) => (s.blockSize = 256)],
    ['disk.serviceMs', 'must be between 0 and 100000', (s: any) => (s.disk.serviceMs = -1)],
    ['clientHitMs', 'must be between 0 and 100000', (s: any) => (s.clientHitMs = 100001)],
    ['link.latencyUs', 'must be between 0 and 10000000', (s: any) => (s.link = { preset: 'custom', latencyUs: 1e7 + 1, bandwidthMbit: 1 })],
    ['link.bandwidthMbit', 'must be above 0 and at most 10000000', (s: any) => (s.link = { preset: 'custom', latencyUs: 1, bandwidthMbit: 0 })],
    ['name', 'must be at most 200 characters', (s: any) => (s.name = 'x'.repeat(201))],
    ['version', 'must be 1', (s: any) => (s.version = 0)],
    ['workload.measuredRequests', 'must be between 1 and 100000000000', (s: any) => (s.workload.measuredRequests = 0)],
    ['workload.requestBlocks', 'must be between 1 and 1024', (s: any) => (s.workload.requestBlocks = 1025)],
    ['workload.requestBlocks', 'must be between 1 and 3 (got 4)', (s: any) => (s.workload = { kind: 'zipf', blocks: 3, requestBlocks: 4 })],
  ])('rejects a bad %s (%s)', (path, message, patch) => {
    expect(firstIssue(patch)).toEqual({ path, message });
  });

  it('takes a constant or a mechanical disk, with the drive parameters checked', () => {
    expect(checkScenario({ ...defaultScenario(), disk: { kind: 'mechanical' } }).ok).toBe(true);
    expect(checkScenario({ ...defaultScenario(), disk: { kind: 'mechanical', rpm: 7200, readAheadKiB: 0 } }).ok).toBe(true);
    expect(firstIssue((s) => (s.disk = { kind: 'mechanical', rpm: 10 }))).toEqual({ path: 'disk.rpm', message: 'must be between 60 and 100000' });
    expect(firstIssue((s) => (s.disk = { kind: 'mechanical', minSeekMs: 5, maxSeekMs: 4 }))).toEqual({
      path: 'disk.maxSeekMs',
      message: 'must be between 5 and 1000',
    });
    expect(firstIssue((s) => (s.disk = { kind: 'mechanical', serviceMs: 10 })).path).toBe('disk');
    expect(firstIssue((s) => (s.disk = { kind: 'ssd' }))).toEqual({ path: 'disk.kind', message: 'must be one of constant, mechanical' });
  });

  it('runs offline policies only in a single cache, within their request budget', () => {
    const single = { ...defaultScenario(), topology: 'single' };
    for (const kind of ['min', 'read-opt']) {
      expect(checkScenario({ ...single, client: { capacity: 10, policy: { kind } } }).ok).toBe(true);
      expect(firstIssue((s) => (s.client.policy = { kind }))).toEqual({
        path: 'client.policy',
        message: `${kind} is offline: it must know every reference in advance, which only a single cache (topology "single") does`,
      });
      expect(firstIssue((s) => (s.array.policy = { kind })).path).toBe('array.policy');
    }
    // In a single cache the array is unused: its policy is not checked for offline-ness.
    expect(checkScenario({ ...single, array: { capacity: 10, policy: { kind: 'min' } } }).ok).toBe(true);
    const big = { ...single, client: { capacity: 10, policy: { kind: 'min' } }, workload: { kind: 'random', blocks: 2 ** 21 } };
    expect(checkScenario(big)).toMatchObject({
      ok: false,
      issues: [{ path: 'client.policy', message: 'min precomputes the whole run: at most 16777216 block references (got 23068672)' }],
    });
    // Multi-block requests count every block they reference.
    const wide = { ...single, client: { capacity: 10, policy: { kind: 'min' } }, workload: { kind: 'random', blocks: 2 ** 18, requestBlocks: 8 } };
    expect(checkScenario(wide)).toMatchObject({ ok: false, issues: [{ message: /got 23068672/ }] });
    expect(firstIssue((s) => (s.topology = 'ring'))).toEqual({ path: 'topology', message: 'must be one of two-level, single, tree' });
  });

  it('rejects unknown kinds and unknown fields, naming where', () => {
    expect(firstIssue((s) => (s.client.policy = { kind: 'belady' }))).toEqual({
      path: 'client.policy.kind',
      message: 'must be one of lru, mru, fifo, random, clock, sieve, lfu, slru, lru-2, arc, 2q, lirs, mq, lru+hints, mq+hints, tq, s3-fifo, w-tinylfu, min, read-opt',
    });
    expect(firstIssue((s) => (s.client.policy = { kind: 'lru', protectedShare: 0.5 })).path).toBe('client.policy');
    expect(firstIssue((s) => (s.array.policy = { kind: 'lfu', agingPeriod: 1.5 }))).toEqual({
      path: 'array.policy.agingPeriod',
      message: 'must be a whole number',
    });
    expect(firstIssue((s) => (s.workload = { kind: 'zipf', blocks: 2 ** 24 + 1 }))).toEqual({
      path: 'workload.blocks',
      message: 'a Zipf workload may span at most 16777216 blocks',
    });
    expect(firstIssue((s) => (s.workload = { kind: 'random', blocks: 10, alpha: 1 })).path).toBe('workload');
    expect(firstIssue((s) => (s.link = { preset: 'fc-2g' })).path).toMatch(/^link/);
    expect(firstIssue((s) => (s.protocol = { kind: 'demote', extra: 1 })).path).toBe('protocol');
    expect(firstIssue((s) => (s.colour = 'red')).path).toBe('');
  });

  it('describes issues the way the engine does', () => {
    expect(describeIssue({ path: 'client.capacity', message: 'must be between 1 and 33554432' })).toBe(
      'scenario.client.capacity: must be between 1 and 33554432',
    );
    expect(describeIssue({ path: 'tree.caches.4.parent', message: 'no cache is named "x"' })).toBe('scenario.tree.caches[4].parent: no cache is named "x"');
  });

  it('lists paper 000’s eight designs, baseline first', () => {
    expect(PAPER000_DESIGNS.map(designName)).toEqual([
      'LRU-LRU-none',
      'LRU-LRU-demote',
      'LRU-MRU-none',
      'LRU-MRU-demote',
      'MRU-LRU-none',
      'MRU-LRU-demote',
      'MRU-MRU-none',
      'MRU-MRU-demote',
    ]);
  });

  describe('trees', () => {
    const treeScenario = (clients = 4, mids = 2): any => {
      const s: any = defaultScenario();
      s.topology = 'tree';
      s.tree = treeFromScenario(s, clients, mids);
      return s;
    };
    const treeIssues = (patch: (s: any) => void) => {
      const s = treeScenario();
      patch(s);
      const result = checkScenario(s);
      if (result.ok) throw new Error(`expected ${JSON.stringify(s.tree)} to be rejected`);
      return result.issues;
    };

    it('accepts the presets, with clients at the leaves in order', () => {
      for (const [clients, mids] of [[2, 0], [4, 0], [4, 2], [32, 4]]) {
        const result = checkScenario(treeScenario(clients, mids));
        expect(result.ok).toBe(true);
        if (result.ok) expect(treeClients(result.scenario.tree!).map((c) => c.name)).toEqual(Array.from({ length: clients }, (_, i) => `client${i + 1}`));
      }
      const s = treeScenario(4, 2);
      expect(s.tree.caches.map((c: any) => [c.name, c.parent ?? null])).toEqual([
        ['array', null],
        ['mid1', 'array'],
        ['mid2', 'array'],
        ['client1', 'mid1'],
        ['client2', 'mid1'],
        ['client3', 'mid2'],
        ['client4', 'mid2'],
      ]);
    });

    it('accepts forests (two roots, each on its own disk), queueing and per-client workloads', () => {
      const s = treeScenario(2, 0);
      s.tree.caches.push({ name: 'array2', capacity: 100, policy: { kind: 'arc' }, disk: { kind: 'constant', serviceMs: 5 } });
      s.tree.caches.push({ name: 'lonely', capacity: 10, policy: { kind: 'lru' }, parent: 'array2', workload: { kind: 'sequential', blocks: 50 } });
      s.tree.sharing = { kind: 'disjoint' };
      s.tree.queueing = { arrivals: 'open', meanInterarrivalMs: 2.5 };
      expect(checkScenario(s).ok).toBe(true);
    });

    it('names the cache and the problem for a bad tree', () => {
      expect(treeIssues((s) => (s.tree.caches[4].parent = 'nowhere'))).toContainEqual({ path: 'tree.caches.4.parent', message: 'no cache is named "nowhere"' });
      expect(treeIssues((s) => (s.tree.caches[1].parent = 'mid1'))).toContainEqual({ path: 'tree.caches.1.parent', message: 'a cache cannot be its own parent' });
      expect(treeIssues((s) => (s.tree.caches[2].name = 'mid1'))).toContainEqual({ path: 'tree.caches.2.name', message: '"mid1" names two caches' });
      expect(treeIssues((s) => delete s.tree.caches[0].disk)).toContainEqual({ path: 'tree.caches.0.disk', message: '"array" has no parent, so it needs a disk' });
      expect(treeIssues((s) => (s.tree.caches[3].disk = { kind: 'constant', serviceMs: 1 }))).toContainEqual({
        path: 'tree.caches.3.disk',
        message: 'only a root has a disk; "client1" has a parent',
      });
      expect(treeIssues((s) => (s.tree.caches[3].capacity = 0))).toContainEqual({ path: 'tree.caches.3.capacity', message: 'must be between 1 and 33554432' });
      expect(treeIssues((s) => (s.tree.caches[3].policy = { kind: 'min' }))[0].path).toBe('tree.caches.3.policy');
      expect(treeIssues((s) => (s.tree.caches[1].workload = { kind: 'random', blocks: 10 }))).toContainEqual({
        path: 'tree.caches.1.workload',
        message: '"mid1" is not a client (a leaf): only clients issue requests',
      });
      expect(treeIssues((s) => (s.tree.queueing = { arrivals: 'open', meanInterarrivalMs: 0 }))[0].path).toBe('tree.queueing.meanInterarrivalMs');
      expect(treeIssues((s) => (s.tree.sharing = { kind: 'shared', fraction: 2 }))[0].path).toBe('tree.sharing.fraction');
      expect(treeIssues((s) => (s.protocol = { kind: 'ac-cc' }))[0].path).toBe('protocol');
      expect(treeIssues((s) => delete s.tree)[0]).toEqual({ path: 'tree', message: 'topology "tree" needs a tree: its caches, clients at the leaves' });
    });

    it('finds a cycle: caches with no path to a disk', () => {
      const issues = treeIssues((s) => {
        // mid1 -> mid2 -> mid1: neither reaches the array.
        s.tree.caches[1].parent = 'mid2';
        s.tree.caches[2].parent = 'mid1';
      });
      expect(issues).toContainEqual({ path: 'tree.caches.1.parent', message: 'the caches above "mid1" form a cycle: it has no path to a disk' });
      expect(issues.filter((i) => i.message.includes('cycle')).length).toBeGreaterThanOrEqual(2);
    });

    it('allows at most 32 clients', () => {
      const s = treeScenario(33, 0);
      const result = checkScenario(s);
      expect(result).toMatchObject({ ok: false, issues: [{ path: 'tree.caches', message: 'at most 32 clients (leaves), got 33' }] });
    });
  });

  it('takes a trace to replay, and refuses it in a tree or with an unknown reader', () => {
    const s: any = { ...defaultScenario(), trace: { name: 'web.csv.gz', format: 'msr', skipBad: true, warmupRequests: 1000 } };
    expect(checkScenario(s).ok).toBe(true);
    expect(firstIssue((x) => (x.trace = { name: 'a', format: 'parquet' }))).toEqual({
      path: 'trace.format',
      message: 'must be one of csv, lines, msr, spc, blkparse, vscsi, oracle-general, k5cloud, tencent, alibaba',
    });
    expect(firstIssue((x) => (x.trace = { name: '' })).path).toBe('trace.name');
    expect(firstIssue((x) => (x.trace = { name: 'a', extra: 1 })).path).toBe('trace');
    const tree: any = { ...defaultScenario(), topology: 'tree', trace: { name: 'a' } };
    tree.tree = treeFromScenario(tree, 2, 0);
    expect(checkScenario(tree)).toMatchObject({ ok: false, issues: [{ path: 'trace', message: 'a trace drives one client: use the single or two-level topology' }] });
  });

  it('takes the scan/loop/random mix and phase changes, naming bad fields inside a phase', () => {
    const ok = (workload: any) => checkScenario({ ...defaultScenario(), workload }).ok;
    expect(ok({ kind: 'mix', blocks: 5000, scanShare: 0.5, loopShare: 0.2, hotShare: 0.1, segment: 300 })).toBe(true);
    expect(firstIssue((s) => (s.workload = { kind: 'mix', blocks: 10, scanShare: 0.8, loopShare: 0.5 }))).toEqual({
      path: 'workload.loopShare',
      message: 'must be between 0 and 1 − scanShare (got 0.5)',
    });
    const phases = { kind: 'phases', phases: [{ workload: { kind: 'sequential', blocks: 100 }, requests: 250 }, { workload: { kind: 'random', blocks: 50 }, requests: 100, offset: 1000 }] };
    expect(ok(phases)).toBe(true);
    expect(firstIssue((s) => (s.workload = { ...phases, phases: [{ workload: { kind: 'random', blocks: 0 }, requests: 5 }] })).path).toBe('workload.phases.0.workload.blocks');
    expect(firstIssue((s) => (s.workload = { ...phases, phases: [{ workload: { kind: 'phases', phases: [] }, requests: 5 }] })).path).toBe('workload.phases.0.workload.kind');
    expect(firstIssue((s) => (s.workload = { ...phases, warmupRequests: 350 }))).toEqual({ path: 'workload.warmupRequests', message: 'leaves nothing to measure' });
    expect(firstIssue((s) => (s.workload = { kind: 'phases', phases: [] })).path).toBe('workload.phases');
  });
});

describe('paper 004: the OLTP workload and the write-hint policies', () => {
  it('sizes the database as the engine lays it out (both pin these numbers)', () => {
    expect(oltpPages(1)).toEqual({ initial: 21_615, universe: 22_750 });
    expect(oltpPages(2)).toEqual({ initial: 40_817, universe: 43_084 });
    expect(oltpPages(25)).toEqual({ initial: 482_493, universe: 510_816 });
  });

  it('accepts the OLTP client with the hint policies, and names a bad knob', () => {
    const s = structuredClone(DEFAULT_SCENARIO);
    s.workload = { kind: 'oltp', warehouses: 1, bufferPool: 10_000, softmax: 400 };
    s.array.policy = { kind: 'tq' };
    s.client.policy = { kind: 'mq+hints', lifeTime: 100 };
    expect(checkScenario(s).ok).toBe(true);
    expect(workloadBlocks(s.workload)).toBe(22_750);
    expect(workloadRequests(s.workload)).toEqual([22_750, 227_500]);
    s.array.policy = { kind: 'lru+hints' };
    expect(checkScenario(s).ok).toBe(true);
    s.workload = { kind: 'oltp', warehouses: 1, bufferPool: 30_000 };
    const bad = checkScenario(s);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map(describeIssue)).toContain("scenario.workload.bufferPool: must be between 1 and the database's 21615 pages (got 30000)");
    s.workload = { kind: 'oltp', softmax: 0 };
    const zero = checkScenario(s);
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(zero.issues.map(describeIssue).join()).toContain('scenario.workload.softmax');
  });
});
