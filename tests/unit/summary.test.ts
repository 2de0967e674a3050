// The scenario's one-line summaries: one set of facts (web/scenario/summary.ts), two renderings —
// the run bar's, at a glance, and an exported figure's, spelled out. They agree on what the
// scenario is because they read the same facts.
import { describe, expect, it } from 'vitest';
import { scenarioSummary as runBarLine } from '../../web/app/summary';
import { scenarioSummary as figureLine } from '../../web/export/export';
import { defaultScenario } from '../../web/scenario/defaults';
import { scenarioFacts } from '../../web/scenario/summary';
import { treeFromScenario } from '../../web/scenario/topology';
import type { Scenario } from '../../web/scenario/document';

describe("the scenario's one-line summaries", () => {
  it('reads the facts once: caches, protocol, source, requests', () => {
    const s = defaultScenario();
    expect(scenarioFacts(s)).toEqual({
      name: s.name,
      topology: {
        kind: 'two-level',
        client: { policy: 'LRU', capacity: 16384 },
        array: { policy: 'MRU', capacity: 16384 },
      },
      protocol: 'demote',
      source: { kind: 'workload', workload: 'random', blocks: 32768 },
      requests: 32768 + 327680,
      measured: 327680,
      blockSize: 4096,
    });
    const traced: Scenario = { ...s, source: { kind: 'trace', name: 'web.csv' } };
    expect(scenarioFacts(traced)).toMatchObject({
      source: { kind: 'trace', name: 'web.csv' },
      requests: null,
      measured: 0,
    });
    expect(scenarioFacts(traced, 1234).requests).toBe(1234);
  });

  it('renders them twice, and both renderings say the same caches and protocol', () => {
    // A tree of two clients over one array under MC², 8 KiB blocks.
    const s: Scenario = {
      ...defaultScenario(),
      name: 'tree',
      blockSize: 8192,
      topology: { kind: 'tree', caches: treeFromScenario(defaultScenario(), 2, 0) },
      protocol: { kind: 'mc2' },
    };
    const f = scenarioFacts(s);
    expect(f.topology).toMatchObject({ kind: 'tree', clients: 2, levels: 2 });
    expect(f.protocol).toBe('mc2');
    expect(runBarLine(s)).toBe(
      `tree · tree of 2 clients × 2 levels (MRU, LRU) · MC² · random, 32,768 blocks · ${(f.requests ?? 0).toLocaleString('en-US')} requests`,
    );
    const names =
      f.topology.kind === 'tree'
        ? f.topology.caches.map((c) => `${c.name} ${c.policy} ${c.capacity.toLocaleString('en-US')}`).join(', ')
        : '';
    expect(figureLine(s)).toBe(
      `RANDOM workload, ${f.measured.toLocaleString('en-US')} measured requests · a tree of 3 caches (${names}) · MC² · 8 KiB blocks`,
    );
    // A single cache has no protocol in either line; a two-level one without DEMOTE is inclusive.
    const d = defaultScenario();
    if (d.topology.kind !== 'two-level') throw new Error('the default scenario is two levels');
    const single: Scenario = {
      ...d,
      topology: {
        kind: 'single',
        cache: { capacity: 100, policy: { kind: 'arc' } },
        link: d.topology.link,
        disk: d.topology.disk,
      },
    };
    delete single.protocol;
    expect(runBarLine(single)).not.toMatch(/inclusive|DEMOTE|no protocol/);
    expect(figureLine(single)).toMatch(
      /^RANDOM workload, [\d,]+ measured requests · one cache, ARC 100 blocks · 4 KiB blocks$/,
    );
    const inclusive = { ...defaultScenario() };
    delete inclusive.protocol;
    expect([
      runBarLine(inclusive).includes(' · inclusive · '),
      figureLine(inclusive).includes(' · no protocol · '),
    ]).toEqual([true, true]);
  });
});
