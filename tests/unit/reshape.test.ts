// The form's reshaping of a scenario — a tree in the image of two levels and back, a client
// per trace client, renaming a cache everywhere it is named — over the engine's own answers for
// what each result is (its checks, its clients, its requests, how a trace's clients drive it).
import { describe, expect, it } from 'vitest';
import { PAPER000_DESIGNS, autoName, defaultScenario, designName } from '../../web/scenario/defaults';
import { checkScenario, clientNames } from '../../web/scenario/document';
import {
  asSingle,
  pruneClientWorkloads,
  renameCache,
  sourceRequests,
  traceAssignment,
  traceWarmup,
  traceClientIssue,
  treeForTraceClients,
  treeFromScenario,
  withTopology,
} from '../../web/scenario/topology';

/** The default's client as one cache over the same link and disk. */
const single = (cache: unknown = { capacity: 10, policy: { kind: 'lru' } }): any => {
  const s: any = defaultScenario();
  s.topology = { kind: 'single', cache, link: s.topology.link, disk: s.topology.disk };
  delete s.protocol;
  return s;
};

describe("paper 000's designs as the picker offers them", () => {
  it('lists the eight, baseline first', () => {
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

  it('gives a trace the warm-up the engine gives it: its own, or the first tenth', () => {
    const s: any = { ...defaultScenario(), source: { kind: 'trace', name: 't.csv' } };
    expect(traceWarmup(s, 10_009)).toBe(1_000);
    expect(traceWarmup({ ...s, source: { ...s.source, warmupRequests: 7 } }, 10_009)).toBe(7);
    expect(traceWarmup(defaultScenario(), 10_009)).toBe(0);
  });

  it('says, in the engine’s words, when a trace has more clients than the topology', () => {
    const s: any = { ...defaultScenario(), source: { kind: 'trace', name: 'ali.csv' } };
    expect(traceClientIssue(s, [7])).toBeNull();
    expect(traceClientIssue(s, [7, 9, 2])).toEqual({
      path: 'source.clients',
      at: 'source.clients',
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
      at: 'source.clients.map',
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
