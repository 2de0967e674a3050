import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, PAPER000_DESIGNS, autoName, defaultScenario, designName } from '../../web/scenario/defaults';
import {
  checkScenario,
  clientNames,
  describeIssue,
  treeLeaves,
  workloadBlocks,
  workloadRequests,
  type ScenarioIssue,
} from '../../web/scenario/schema';
import { oltpPages } from '../../web/scenario/oltp';
import {
  asSingle,
  pruneClientWorkloads,
  renameCache,
  sourceRequests,
  traceAssignment,
  traceClientIssue,
  treeForTraceClients,
  treeFromScenario,
  withTopology,
} from '../../web/scenario/topology';

function firstIssue(patch: (s: any) => void): ScenarioIssue {
  const s: any = defaultScenario();
  patch(s);
  const result = checkScenario(s);
  if (result.ok) throw new Error(`expected ${JSON.stringify(s)} to be rejected`);
  return result.issues[0];
}

/** The default's client as one cache over the same link and disk. */
const single = (cache: unknown = { capacity: 10, policy: { kind: 'lru' } }): any => {
  const s: any = defaultScenario();
  s.topology = { kind: 'single', cache, link: s.topology.link, disk: s.topology.disk };
  delete s.protocol;
  return s;
};

describe('scenario schema', () => {
  it('accepts the default scenario unchanged', () => {
    expect(checkScenario(DEFAULT_SCENARIO)).toEqual({ ok: true, scenario: DEFAULT_SCENARIO });
  });

  it('fills the optional fields the engine fills', () => {
    const { name: _name, blockSize: _b, ...bare } = defaultScenario();
    const result = checkScenario(bare);
    expect(result).toMatchObject({ ok: true, scenario: { name: '', blockSize: 4096 } });
    // Absent means the engine's default (none, 0 ms, fairness on): left out, as the engine writes it.
    if (result.ok) expect(['clientHitMs', 'fairness', 'queueing'].filter((k) => k in result.scenario)).toEqual([]);
  });

  it('accepts every preset, a custom link and both workloads', () => {
    const at = (patch: (s: any) => void) => {
      const s: any = defaultScenario();
      patch(s);
      return checkScenario(s).ok;
    };
    for (const preset of ['fc-1g', 'vi-fc', 'ip-storage', 'future-san', 'eth-100m', 'eth-10m']) {
      expect(at((s) => (s.topology.link = { preset }))).toBe(true);
    }
    expect(at((s) => (s.topology.link = { preset: 'custom', latencyUs: 0, bandwidthMbit: 1e7 }))).toBe(true);
    expect(at((s) => (s.source.workload = { kind: 'sequential', blocks: 2 ** 25 }))).toBe(true);
  });

  it.each([
    ['topology.client.capacity', 'must be between 1 and 33554432', (s: any) => (s.topology.client.capacity = 0)],
    [
      'topology.array.capacity',
      'must be between 1 and 33554432',
      (s: any) => (s.topology.array.capacity = 2 ** 25 + 1),
    ],
    ['topology.client.capacity', 'must be a whole number', (s: any) => (s.topology.client.capacity = 1.5)],
    ['topology.client.capacity', 'must be a number', (s: any) => (s.topology.client.capacity = NaN)],
    ['source.workload.blocks', 'must be between 1 and 33554432', (s: any) => (s.source.workload.blocks = 0)],
    ['seed', 'must be between 0 and 9007199254740991', (s: any) => (s.seed = -1)],
    ['seed', 'must be between 0 and 9007199254740991', (s: any) => (s.seed = 2 ** 53)],
    ['blockSize', 'must be a power of two from 512 to 1048576', (s: any) => (s.blockSize = 1000)],
    ['blockSize', 'must be a power of two from 512 to 1048576', (s: any) => (s.blockSize = 256)],
    ['topology.disk.serviceMs', 'must be between 0 and 100000', (s: any) => (s.topology.disk.serviceMs = -1)],
    ['clientHitMs', 'must be between 0 and 100000', (s: any) => (s.clientHitMs = 100001)],
    [
      'topology.link.latencyUs',
      'must be between 0 and 10000000',
      (s: any) => (s.topology.link = { preset: 'custom', latencyUs: 1e7 + 1, bandwidthMbit: 1 }),
    ],
    [
      'topology.link.bandwidthMbit',
      'must be above 0 and at most 10000000',
      (s: any) => (s.topology.link = { preset: 'custom', latencyUs: 1, bandwidthMbit: 0 }),
    ],
    ['name', 'must be at most 200 characters', (s: any) => (s.name = 'x'.repeat(201))],
    ['version', 'must be 4', (s: any) => (s.version = 0)],
    ['version', 'must be 4', (s: any) => (s.version = 1)],
    [
      'source.workload.measuredRequests',
      'must be between 1 and 100000000000',
      (s: any) => (s.source.workload.measuredRequests = 0),
    ],
    [
      'source.workload.requestBlocks',
      'must be between 1 and 1024',
      (s: any) => (s.source.workload.requestBlocks = 1025),
    ],
    [
      'source.workload.requestBlocks',
      'must be between 1 and 3 (got 4)',
      (s: any) => (s.source.workload = { kind: 'zipf', blocks: 3, requestBlocks: 4 }),
    ],
    ['topology.kind', 'must be one of single, two-level, tree', (s: any) => (s.topology.kind = 'ring')],
    ['source.kind', 'must be one of workload, trace', (s: any) => (s.source.kind = 'generator')],
  ])('rejects a bad %s (%s)', (path, message, patch) => {
    expect(firstIssue(patch)).toEqual({ path, message });
  });

  it('takes a constant or a mechanical disk, with the drive parameters checked', () => {
    expect(
      checkScenario({ ...defaultScenario(), topology: { ...DEFAULT_SCENARIO.topology, disk: { kind: 'mechanical' } } })
        .ok,
    ).toBe(true);
    expect(
      checkScenario({
        ...defaultScenario(),
        topology: { ...DEFAULT_SCENARIO.topology, disk: { kind: 'mechanical', rpm: 7200, readAheadKiB: 0 } },
      }).ok,
    ).toBe(true);
    expect(firstIssue((s) => (s.topology.disk = { kind: 'mechanical', rpm: 10 }))).toEqual({
      path: 'topology.disk.rpm',
      message: 'must be between 60 and 100000',
    });
    expect(firstIssue((s) => (s.topology.disk = { kind: 'mechanical', minSeekMs: 5, maxSeekMs: 4 }))).toEqual({
      path: 'topology.disk.maxSeekMs',
      message: 'must be between 5 and 1000',
    });
    expect(firstIssue((s) => (s.topology.disk = { kind: 'mechanical', serviceMs: 10 })).path).toBe('topology.disk');
    expect(firstIssue((s) => (s.topology.disk = { kind: 'ssd' }))).toEqual({
      path: 'topology.disk.kind',
      message: 'must be one of constant, mechanical',
    });
  });

  it('runs offline policies wherever the cache’s stream is known, within their request budget', () => {
    for (const kind of ['min', 'read-opt']) {
      expect(checkScenario(single({ capacity: 10, policy: { kind } })).ok).toBe(true);
      // At a client: its own requests. At the array under DEMOTE: the client's misses, from a first pass.
      expect(
        checkScenario({
          ...defaultScenario(),
          topology: { ...DEFAULT_SCENARIO.topology, client: { capacity: 10, policy: { kind } } },
        }).ok,
      ).toBe(true);
      expect(
        checkScenario({
          ...defaultScenario(),
          topology: { ...DEFAULT_SCENARIO.topology, array: { capacity: 10, policy: { kind } } },
        }).ok,
      ).toBe(true);
      // Not where the stream reaching it depends on its own choices, or on an offline cache below.
      expect(
        firstIssue((s) => {
          s.topology.array.policy = { kind };
          s.protocol = { kind: 'ac-ca' };
        }),
      ).toEqual({
        path: 'topology.array.policy',
        message: `${kind} is offline, but under AC_CA the clients pick their victims by what "array" holds, so the stream reaching it depends on its own choices`,
      });
      expect(
        firstIssue((s) => {
          s.topology.array.policy = { kind };
          s.topology.client.policy = { kind: 'min' };
        }).message,
      ).toBe(`${kind} is offline, but the stream reaching "array" depends on the offline "client" below it`);
      expect(
        firstIssue((s) => {
          s.topology.client.policy = { kind };
          s.protocol = { kind: 'mc2' };
        }).path,
      ).toBe('topology.client.policy');
    }
    const big = {
      ...single({ capacity: 10, policy: { kind: 'min' } }),
      source: { kind: 'workload', workload: { kind: 'random', blocks: 2 ** 21 } },
    };
    expect(checkScenario(big)).toMatchObject({
      ok: false,
      issues: [
        {
          path: 'topology.cache.policy',
          message: 'min precomputes the whole run: at most 16777216 block references (got 23068672)',
        },
      ],
    });
    // Multi-block requests count every block they reference.
    const wide = {
      ...single({ capacity: 10, policy: { kind: 'min' } }),
      source: { kind: 'workload', workload: { kind: 'random', blocks: 2 ** 18, requestBlocks: 8 } },
    };
    expect(checkScenario(wide)).toMatchObject({ ok: false, issues: [{ message: /got 23068672/ }] });
    expect(firstIssue((s) => (s.topology = { kind: 'ring' }))).toEqual({
      path: 'topology.kind',
      message: 'must be one of single, two-level, tree',
    });
  });

  it('refuses what a topology would ignore, saying why: a single cache’s protocol and DU, one client’s sharing', () => {
    expect(checkScenario(single()).ok).toBe(true);
    const s = single();
    s.protocol = { kind: 'demote' };
    expect(checkScenario(s)).toMatchObject({
      ok: false,
      issues: [
        {
          path: 'protocol',
          message: 'a single cache has no cache above it to cooperate with: DEMOTE needs two levels',
        },
      ],
    });
    const du = single();
    du.du = 'drop';
    expect(checkScenario(du)).toMatchObject({
      ok: false,
      issues: [
        { path: 'du', message: 'DU (drop) has nothing to do here: a single cache sends nothing up to a client' },
      ],
    });
    expect(
      firstIssue((x) => {
        x.protocol = { kind: 'ac-cc' };
        x.du = 'lru-end';
      }),
    ).toEqual({
      path: 'du',
      message: 'DU (lru-end) has nothing to do here: AC_CC keeps each block in one level already',
    });
    expect(firstIssue((x) => (x.source.sharing = { kind: 'conjoint' }))).toEqual({
      path: 'source.sharing',
      message: "sharing relates several clients' blocks: this topology has one client",
    });
    expect(firstIssue((x) => (x.source.clients = { client: { kind: 'random', blocks: 5 } }))).toEqual({
      path: 'source.clients.client',
      message: 'this topology has one client: give its generator as source.workload',
    });
    expect(
      firstIssue((x) => {
        x.protocol = { kind: 'mc2' };
        x.se = true;
      }),
    ).toEqual({
      path: 'se',
      message: "MC²'s partitions replace the caches' policies, so there is no insertion end to choose",
    });
  });

  it('rejects unknown kinds and unknown fields, naming where', () => {
    expect(firstIssue((s) => (s.topology.client.policy = { kind: 'belady' }))).toEqual({
      path: 'topology.client.policy.kind',
      message:
        'must be one of lru, mru, fifo, random, clock, sieve, lfu, slru, lru-2, lru-k, arc, car, 2q, lirs, clock-pro, mq, lru+hints, mq+hints, tq, s3-fifo, qd-lp-fifo, w-tinylfu, hyperbolic, lecar, cacheus, min, read-opt',
    });
    expect(firstIssue((s) => (s.topology.client.policy = { kind: 'lru', protectedShare: 0.5 })).path).toBe(
      'topology.client.policy',
    );
    expect(firstIssue((s) => (s.topology.array.policy = { kind: 'lfu', agingPeriod: 1.5 }))).toEqual({
      path: 'topology.array.policy.agingPeriod',
      message: 'must be a whole number',
    });
    expect(firstIssue((s) => (s.source.workload = { kind: 'zipf', blocks: 2 ** 24 + 1 }))).toEqual({
      path: 'source.workload.blocks',
      message: 'a Zipf workload may span at most 16777216 blocks',
    });
    expect(firstIssue((s) => (s.source.workload = { kind: 'random', blocks: 10, alpha: 1 })).path).toBe(
      'source.workload',
    );
    expect(firstIssue((s) => (s.topology.link = { preset: 'fc-2g' })).path).toMatch(/^topology\.link/);
    expect(firstIssue((s) => (s.protocol = { kind: 'demote', extra: 1 })).path).toBe('protocol');
    expect(firstIssue((s) => (s.colour = 'red')).path).toBe('');
    // Version 1's fields are not version 2's.
    expect(firstIssue((s) => (s.workload = { kind: 'random', blocks: 10 })).path).toBe('');
    expect(firstIssue((s) => (s.topology.tree = { caches: [] })).path).toBe('topology');
  });

  it('describes issues the way the engine does', () => {
    expect(describeIssue({ path: 'topology.client.capacity', message: 'must be between 1 and 33554432' })).toBe(
      'scenario.topology.client.capacity: must be between 1 and 33554432',
    );
    expect(describeIssue({ path: 'topology.caches.4.parent', message: 'no cache is named "x"' })).toBe(
      'scenario.topology.caches[4].parent: no cache is named "x"',
    );
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
      s.topology = { kind: 'tree', caches: treeFromScenario(s, clients, mids) };
      return s;
    };
    const treeIssues = (patch: (s: any) => void) => {
      const s = treeScenario();
      patch(s);
      const result = checkScenario(s);
      if (result.ok) throw new Error(`expected ${JSON.stringify(s.topology)} to be rejected`);
      return result.issues;
    };

    it('accepts the presets, with clients at the leaves in order', () => {
      for (const [clients, mids] of [
        [2, 0],
        [4, 0],
        [4, 2],
        [32, 4],
      ]) {
        const result = checkScenario(treeScenario(clients, mids));
        expect(result.ok).toBe(true);
        if (result.ok && result.scenario.topology.kind === 'tree') {
          expect(treeLeaves(result.scenario.topology.caches).map((c) => c.name)).toEqual(
            Array.from({ length: clients }, (_, i) => `client${i + 1}`),
          );
          expect(clientNames(result.scenario.topology)).toEqual(
            Array.from({ length: clients }, (_, i) => `client${i + 1}`),
          );
        }
      }
      const s = treeScenario(4, 2);
      expect(s.topology.caches.map((c: any) => [c.name, c.parent ?? null])).toEqual([
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
      s.topology.caches.push({
        name: 'array2',
        capacity: 100,
        policy: { kind: 'arc' },
        disk: { kind: 'constant', serviceMs: 5 },
      });
      s.topology.caches.push({ name: 'lonely', capacity: 10, policy: { kind: 'lru' }, parent: 'array2' });
      s.source.clients = { lonely: { kind: 'sequential', blocks: 50 } };
      s.source.sharing = { kind: 'disjoint' };
      s.queueing = { arrivals: 'open', meanInterarrivalMs: 2.5 };
      expect(checkScenario(s).ok).toBe(true);
      // AC_CC and SE run in trees now.
      expect(checkScenario({ ...s, protocol: { kind: 'ac-cc' }, se: true }).ok).toBe(true);
    });

    it('names the cache and the problem for a bad tree', () => {
      expect(treeIssues((s) => (s.topology.caches[4].parent = 'nowhere'))).toContainEqual({
        path: 'topology.caches.4.parent',
        message: 'no cache is named "nowhere"',
      });
      expect(treeIssues((s) => (s.topology.caches[1].parent = 'mid1'))).toContainEqual({
        path: 'topology.caches.1.parent',
        message: 'a cache cannot be its own parent',
      });
      expect(treeIssues((s) => (s.topology.caches[2].name = 'mid1'))).toContainEqual({
        path: 'topology.caches.2.name',
        message: '"mid1" names two caches',
      });
      expect(treeIssues((s) => delete s.topology.caches[0].disk)).toContainEqual({
        path: 'topology.caches.0.disk',
        message: '"array" has no parent, so it needs a disk',
      });
      expect(treeIssues((s) => (s.topology.caches[3].disk = { kind: 'constant', serviceMs: 1 }))).toContainEqual({
        path: 'topology.caches.3.disk',
        message: 'only a root has a disk; "client1" has a parent',
      });
      expect(treeIssues((s) => (s.topology.caches[3].capacity = 0))).toContainEqual({
        path: 'topology.caches.3.capacity',
        message: 'must be between 1 and 33554432',
      });
      // An offline middle tier: its stream depends on the order 2 clients reach it under queueing.
      expect(
        treeIssues((s) => {
          s.topology.caches[1].policy = { kind: 'min' };
          s.queueing = { arrivals: 'closed' };
        })[0].path,
      ).toBe('topology.caches.1.policy');
      expect(treeIssues((s) => (s.source.clients = { mid1: { kind: 'random', blocks: 10 } }))).toContainEqual({
        path: 'source.clients.mid1',
        message: '"mid1" is not a client (a leaf): only clients issue requests',
      });
      expect(treeIssues((s) => (s.source.clients = { nobody: { kind: 'random', blocks: 10 } }))).toContainEqual({
        path: 'source.clients.nobody',
        message: 'no cache is named "nobody"',
      });
      expect(
        treeIssues((s) => {
          s.source.clients = { client1: { kind: 'random', blocks: 10 } };
          s.source.sharing = { kind: 'conjoint' };
        }),
      ).toContainEqual({
        path: 'source.clients.client1',
        message: 'conjoint clients issue one stream: give every client source.workload',
      });
      expect(treeIssues((s) => (s.queueing = { arrivals: 'open', meanInterarrivalMs: 0 }))[0].path).toBe(
        'queueing.meanInterarrivalMs',
      );
      expect(treeIssues((s) => (s.source.sharing = { kind: 'shared', fraction: 2 }))[0].path).toBe(
        'source.sharing.fraction',
      );
      expect(treeIssues((s) => (s.protocol = { kind: 'mc2' }))[0]).toEqual({
        path: 'topology.caches.3.parent',
        message:
          'MC² manages clients directly over one array (paper 002 §4\'s testbed): "client1" sits below "mid1", which is not a root',
      });
      expect(treeIssues((s) => (s.topology = { kind: 'tree' }))[0].path).toBe('topology.caches');
      expect(treeIssues((s) => (s.source.workload = { kind: 'random', blocks: 2 ** 24 }))[0]).toEqual({
        path: 'source',
        message: "the clients' workloads span 67108864 blocks together; at most 33554432",
      });
    });

    it('finds a cycle: caches with no path to a disk', () => {
      const issues = treeIssues((s) => {
        // mid1 -> mid2 -> mid1: neither reaches the array.
        s.topology.caches[1].parent = 'mid2';
        s.topology.caches[2].parent = 'mid1';
      });
      expect(issues).toContainEqual({
        path: 'topology.caches.1.parent',
        message: 'the caches above "mid1" form a cycle: it has no path to a disk',
      });
      expect(issues.filter((i) => i.message.includes('cycle')).length).toBeGreaterThanOrEqual(2);
    });

    it('allows at most 32 clients', () => {
      const s = treeScenario(33, 0);
      const result = checkScenario(s);
      expect(result).toMatchObject({
        ok: false,
        issues: [{ path: 'topology.caches', message: 'at most 32 clients (leaves), got 33' }],
      });
    });
  });

  it('takes a trace to replay — through any topology — and refuses an unknown reader or a bad map', () => {
    const trace = (src: object): any => ({
      ...defaultScenario(),
      source: { kind: 'trace', name: 'web.csv.gz', ...src },
    });
    expect(checkScenario(trace({ format: 'msr', skipBad: true, warmupRequests: 1000 })).ok).toBe(true);
    const bad = (src: object) => {
      const r = checkScenario(trace(src));
      if (r.ok) throw new Error('expected a refusal');
      return r.issues[0];
    };
    expect(bad({ format: 'parquet' })).toEqual({
      path: 'source.format',
      message: 'must be one of lines, csv, msr, spc, blkparse, vscsi, oracle-general, k5cloud, tencent, alibaba',
    });
    expect(bad({ name: '' }).path).toBe('source.name');
    expect(bad({ extra: 1 }).path).toBe('source');
    const tree: any = trace({});
    tree.topology = { kind: 'tree', caches: treeFromScenario(tree, 2, 0) };
    expect(checkScenario(tree).ok).toBe(true);
    expect(checkScenario({ ...tree, source: { ...tree.source, clients: { kind: 'merged' } } }).ok).toBe(true);
    expect(
      checkScenario({
        ...tree,
        source: { ...tree.source, clients: { kind: 'map', map: { '7': 'client2', '3': 'client1' } } },
      }).ok,
    ).toBe(true);
    const mapped = (map: Record<string, string>) => {
      const r = checkScenario({ ...tree, source: { ...tree.source, clients: { kind: 'map', map } } });
      return r.ok ? null : r.issues[0];
    };
    expect(mapped({ '7': 'array' })).toEqual({
      path: 'source.clients.map.7',
      message: '"array" is not a client (a leaf) of the topology',
    });
    expect(mapped({ x: 'client1' })).toEqual({
      path: 'source.clients.map.x',
      message: 'a trace client id is a whole number from 0 to 65535',
    });
    expect(mapped({})).toEqual({ path: 'source.clients.map', message: 'maps no trace client to a leaf' });
  });

  it('takes the scan/loop/random mix and phase changes, naming bad fields inside a phase', () => {
    const ok = (workload: any) => checkScenario({ ...defaultScenario(), source: { kind: 'workload', workload } }).ok;
    expect(ok({ kind: 'mix', blocks: 5000, scanShare: 0.5, loopShare: 0.2, hotShare: 0.1, segment: 300 })).toBe(true);
    expect(
      firstIssue((s) => (s.source.workload = { kind: 'mix', blocks: 10, scanShare: 0.8, loopShare: 0.5 })),
    ).toEqual({
      path: 'source.workload.loopShare',
      message: 'must be between 0 and 1 − scanShare (got 0.5)',
    });
    const phases = {
      kind: 'phases',
      phases: [
        { workload: { kind: 'sequential', blocks: 100 }, requests: 250 },
        { workload: { kind: 'random', blocks: 50 }, requests: 100, offset: 1000 },
      ],
    };
    expect(ok(phases)).toBe(true);
    expect(
      firstIssue(
        (s) => (s.source.workload = { ...phases, phases: [{ workload: { kind: 'random', blocks: 0 }, requests: 5 }] }),
      ).path,
    ).toBe('source.workload.phases.0.workload.blocks');
    expect(
      firstIssue(
        (s) => (s.source.workload = { ...phases, phases: [{ workload: { kind: 'phases', phases: [] }, requests: 5 }] }),
      ).path,
    ).toBe('source.workload.phases.0.workload.kind');
    expect(firstIssue((s) => (s.source.workload = { ...phases, warmupRequests: 350 }))).toEqual({
      path: 'source.workload.warmupRequests',
      message: 'leaves nothing to measure',
    });
    expect(firstIssue((s) => (s.source.workload = { kind: 'phases', phases: [] })).path).toBe('source.workload.phases');
  });
});

describe('switching and reshaping the topology', () => {
  it('builds a tree in the image of two levels, and takes the first client and its root back', () => {
    const s = defaultScenario();
    const tree = withTopology(s, 'tree');
    expect(checkScenario(tree).ok).toBe(true);
    expect(tree.topology).toEqual({
      kind: 'tree',
      caches: [
        { name: 'array', capacity: 16384, policy: { kind: 'mru' }, disk: { kind: 'constant', serviceMs: 10 } },
        { name: 'client1', capacity: 16384, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
        { name: 'client2', capacity: 16384, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
      ],
    });
    expect(tree.source).toEqual({
      kind: 'workload',
      workload: { kind: 'random', blocks: 32768 },
      sharing: { kind: 'shared', fraction: 0.2 },
    });
    expect(tree.protocol).toEqual({ kind: 'demote' });
    // A tree → two levels: its first client over that client's root, its link, the root's disk;
    // per-client workloads, sharing and fairness go (one client).
    const t: any = structuredClone(tree);
    t.topology.caches[1] = {
      ...t.topology.caches[1],
      capacity: 100,
      policy: { kind: 'arc' },
      link: { preset: 'vi-fc' },
    };
    t.source.clients = { client2: { kind: 'zipf', blocks: 10 } };
    t.fairness = false;
    const two = withTopology(t, 'two-level');
    expect(two.topology).toEqual({
      kind: 'two-level',
      client: { capacity: 100, policy: { kind: 'arc' } },
      array: { capacity: 16384, policy: { kind: 'mru' } },
      link: { preset: 'vi-fc' },
      disk: { kind: 'constant', serviceMs: 10 },
    });
    expect(two.source).toEqual({ kind: 'workload', workload: { kind: 'random', blocks: 32768 } });
    expect('fairness' in two).toBe(false);
    expect(checkScenario(two).ok).toBe(true);
    // → one cache: the client's, without the protocol or DU a single cache refuses.
    const one = withTopology({ ...defaultScenario(), du: 'drop' }, 'single');
    expect(one.topology).toEqual({
      kind: 'single',
      cache: { capacity: 16384, policy: { kind: 'lru' } },
      link: { preset: 'fc-1g' },
      disk: { kind: 'constant', serviceMs: 10 },
    });
    expect(['protocol', 'du'].filter((k) => k in one)).toEqual([]);
    expect(checkScenario(one).ok).toBe(true);
    // A trace mapped onto a tree's clients replays as one stream once there is one client.
    const traced: any = {
      ...tree,
      source: { kind: 'trace', name: 't.csv', clients: { kind: 'map', map: { '1': 'client1' } } },
    };
    expect(withTopology(traced, 'two-level').source).toEqual({ kind: 'trace', name: 't.csv' });
  });

  it('builds a tree with a client per trace client, named after their ids, in the order they appear', () => {
    const s: any = { ...defaultScenario(), source: { kind: 'trace', name: 'ali.csv', clients: { kind: 'merged' } } };
    const t = treeForTraceClients(s, [12, 3, 40]);
    expect(clientNames(t.topology)).toEqual(['client12', 'client3', 'client40']);
    expect(t.source).toEqual({ kind: 'trace', name: 'ali.csv' });
    expect(checkScenario(t).ok).toBe(true);
    expect(traceAssignment(t, [12, 3, 40])).toEqual(['client12', 'client3', 'client40']);
    expect(traceClientIssue(t, [12, 3, 40])).toBeNull();
  });

  it('says, in the engine’s words, when a trace has more clients than the topology', () => {
    const s: any = { ...defaultScenario(), source: { kind: 'trace', name: 'ali.csv' } };
    expect(traceClientIssue(s, [7])).toBeNull();
    expect(traceClientIssue(s, [7, 9, 2])).toEqual({
      path: 'source.clients',
      message:
        "the trace has 3 clients (7, 9, 2) but the topology has 1 (client): add clients, map the trace's clients to them, or merge them into one",
    });
    expect(traceClientIssue({ ...s, source: { ...s.source, clients: { kind: 'merged' } } }, [7, 9, 2])).toBeNull();
    expect(traceAssignment({ ...s, source: { ...s.source, clients: { kind: 'merged' } } }, [7, 9])).toEqual([
      'client',
      'client',
    ]);
    const tree: any = treeForTraceClients(s, [1, 2]);
    const ids = Array.from({ length: 10 }, (_, i) => i);
    expect(traceClientIssue(tree, ids)!.message).toBe(
      "the trace has 10 clients (0, 1, 2, 3, 4, 5, 6, 7, …) but the topology has 2 (client1, client2): add clients, map the trace's clients to them, or merge them into one",
    );
    const mapped = {
      ...tree,
      source: { ...tree.source, clients: { kind: 'map', map: { '0': 'client2', '1': 'client1' } } },
    };
    expect(traceAssignment(mapped, [0, 1, 2])).toEqual(['client2', 'client1', null]);
    expect(traceClientIssue(mapped, [0, 1, 2])).toEqual({
      path: 'source.clients.map',
      message: "the trace's client 2 is not mapped to a client of the topology",
    });
  });

  it('renames a cache everywhere it is named, and drops the workloads of caches that are no longer clients', () => {
    const s: any = withTopology(defaultScenario(), 'tree');
    s.source.clients = { client1: { kind: 'zipf', blocks: 100 } };
    renameCache(s, 1, 'web');
    renameCache(s, 0, 'disk array');
    expect(s.topology.caches.map((c: any) => [c.name, c.parent ?? null])).toEqual([
      ['disk array', null],
      ['web', 'disk array'],
      ['client2', 'disk array'],
    ]);
    expect(Object.keys(s.source.clients)).toEqual(['web']);
    s.topology.caches.push({ name: 'below', capacity: 5, policy: { kind: 'lru' }, parent: 'web' });
    pruneClientWorkloads(s);
    expect('clients' in s.source).toBe(false);
    const t: any = { ...s, source: { kind: 'trace', name: 'x', clients: { kind: 'map', map: { '1': 'client2' } } } };
    renameCache(t, 2, 'db');
    expect(t.source.clients.map).toEqual({ '1': 'db' });
    // Typing over a duplicate name: the other cache of that name keeps its references.
    renameCache(t, 2, 'web');
    expect(t.topology.caches.map((c: any) => c.name)).toEqual(['disk array', 'web', 'web', 'below']);
    expect(t.source.clients.map).toEqual({ '1': 'db' });
    renameCache(t, 2, 'db');
    expect(t.topology.caches.map((c: any) => [c.name, c.parent ?? null])).toEqual([
      ['disk array', null],
      ['web', 'disk array'],
      ['db', 'disk array'],
      ['below', 'web'],
    ]);
  });

  it('measures one cache as the engine’s as_single does, and counts a tree’s requests over its clients', () => {
    const tree: any = withTopology(defaultScenario(), 'tree');
    tree.source.clients = { client2: { kind: 'zipf', blocks: 100, warmupRequests: 5, measuredRequests: 50 } };
    const one = asSingle(tree, { capacity: 7, policy: { kind: 'min' } });
    expect(one.topology).toEqual({
      kind: 'single',
      cache: { capacity: 7, policy: { kind: 'min' } },
      link: { preset: 'fc-1g' },
      disk: { kind: 'constant', serviceMs: 10 },
    });
    expect(one.source).toEqual({ kind: 'workload', workload: { kind: 'random', blocks: 32768 } });
    expect(checkScenario(one).ok).toBe(true);
    expect(sourceRequests(tree)).toEqual([32768 + 5, 327680 + 50]);
    expect(sourceRequests(defaultScenario())).toEqual([32768, 327680]);
  });

  it('names scenarios as the engine does, and a tree by its clients and levels', () => {
    expect(autoName(defaultScenario())).toBe('RANDOM LRU-MRU-demote');
    expect(autoName(single({ capacity: 5, policy: { kind: 'arc' } }))).toBe('RANDOM ARC single cache');
    const tree: any = defaultScenario();
    tree.topology = { kind: 'tree', caches: treeFromScenario(tree, 4, 2) };
    expect(autoName(tree)).toBe('RANDOM 4 clients × 3 levels demote');
    expect(autoName({ ...tree, source: { kind: 'trace', name: 'ali.csv' } })).toBe(
      'ali.csv 4 clients × 3 levels demote',
    );
    expect(autoName({ ...defaultScenario(), source: { kind: 'trace', name: 'web.csv.gz' } })).toBe(
      'web.csv.gz LRU-MRU-demote',
    );
  });
});

describe('paper 004: the OLTP workload and the write-hint policies', () => {
  it('sizes the database as the engine lays it out (both pin these numbers)', () => {
    expect(oltpPages(1)).toEqual({ initial: 21_615, universe: 22_750 });
    expect(oltpPages(2)).toEqual({ initial: 40_817, universe: 43_084 });
    expect(oltpPages(25)).toEqual({ initial: 482_493, universe: 510_816 });
    // Model 2 (DB2's page sizing): 25 warehouses near the paper's 606,317 pages (§5.1).
    expect(oltpPages(25, 2).initial).toBe(622_277);
    expect(oltpPages(1, 2).initial).toBe(27_668);
    // The form bounds the buffer pool by the model's own database.
    const s: any = structuredClone(DEFAULT_SCENARIO);
    s.source.workload = { kind: 'oltp', warehouses: 1, model: 2, bufferPool: 27_000 };
    expect(checkScenario(s).ok).toBe(true);
    s.source.workload.bufferPool = 27_669;
    const c = checkScenario(s);
    expect(c.ok ? [] : c.issues.map((i) => [String(i.path), i.message])).toEqual([
      ['source.workload.bufferPool', "must be between 1 and the database's 27668 pages (got 27669)"],
    ]);
  });

  it('accepts the OLTP client with the hint policies, and names a bad knob', () => {
    const s: any = structuredClone(DEFAULT_SCENARIO);
    s.source.workload = { kind: 'oltp', warehouses: 1, bufferPool: 10_000, softmax: 400 };
    s.topology.array.policy = { kind: 'tq' };
    s.topology.client.policy = { kind: 'mq+hints', lifeTime: 100 };
    expect(checkScenario(s).ok).toBe(true);
    expect(workloadBlocks(s.source.workload)).toBe(22_750);
    expect(workloadRequests(s.source.workload)).toEqual([22_750, 227_500]);
    s.topology.array.policy = { kind: 'lru+hints' };
    expect(checkScenario(s).ok).toBe(true);
    s.source.workload = { kind: 'oltp', warehouses: 1, bufferPool: 30_000 };
    const bad = checkScenario(s);
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.issues.map(describeIssue)).toContain(
        "scenario.source.workload.bufferPool: must be between 1 and the database's 21615 pages (got 30000)",
      );
    s.source.workload = { kind: 'oltp', softmax: 0 };
    const zero = checkScenario(s);
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(zero.issues.map(describeIssue).join()).toContain('scenario.source.workload.softmax');
  });
});
