import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, defaultScenario } from '../../web/scenario/defaults';
import { decodeScenarioFromHash, encodeScenarioHash, shareUrl } from '../../web/scenario/url';

const hashOf = (text: string) => `#s=${LZString.compressToEncodedURIComponent(text)}`;

describe('scenario URL codec', () => {
  it('round-trips a scenario through the hash', () => {
    const s = defaultScenario();
    s.client.capacity = 8192;
    s.array.policy = { kind: 'lru' };
    s.protocol = { kind: 'none' };
    s.link = { preset: 'custom', latencyUs: 167.232, bandwidthMbit: 100 };
    s.workload = { kind: 'sequential', blocks: 32767, warmupRequests: 0, measuredRequests: 5 };
    s.seed = Number.MAX_SAFE_INTEGER;
    const decoded = decodeScenarioFromHash(`#${encodeScenarioHash(s)}`);
    expect(decoded).toEqual({ ok: true, scenario: s, fromHash: true });
  });

  it('accepts the hash with or without its "#"', () => {
    const hash = encodeScenarioHash(DEFAULT_SCENARIO);
    expect(hash.startsWith('s=')).toBe(true);
    expect(decodeScenarioFromHash(hash)).toMatchObject({ ok: true, fromHash: true });
  });

  it('builds the share URL from the page URL, replacing any old hash', () => {
    const url = shareUrl('http://127.0.0.1:4173/app/?x=1#s=old', DEFAULT_SCENARIO);
    expect(url).toBe(`http://127.0.0.1:4173/app/?x=1#${encodeScenarioHash(DEFAULT_SCENARIO)}`);
  });

  it('gives the default, not from the hash, when there is no scenario in it', () => {
    for (const hash of ['', '#', '#other=1']) {
      expect(decodeScenarioFromHash(hash)).toEqual({ ok: true, scenario: DEFAULT_SCENARIO, fromHash: false });
    }
  });

  it('says the link is damaged when it does not decompress', () => {
    expect(decodeScenarioFromHash('#s=')).toEqual({
      ok: false,
      kind: 'damaged',
      message: 'the link is damaged: could not decompress the scenario',
    });
    // A truncated link: the tail of the compressed text is missing.
    const full = encodeScenarioHash(DEFAULT_SCENARIO);
    const truncated = decodeScenarioFromHash(`#${full.slice(0, 20)}`);
    expect(truncated.ok).toBe(false);
    if (!truncated.ok) expect(['damaged', 'not-json']).toContain(truncated.kind);
  });

  it('says when the decompressed text is not JSON', () => {
    const decoded = decodeScenarioFromHash(hashOf('{"version": 1,'));
    expect(decoded).toMatchObject({ ok: false, kind: 'not-json' });
    if (!decoded.ok) expect(decoded.message).toContain('not JSON');
  });

  it('names the bad field of an invalid scenario', () => {
    const s = { ...defaultScenario(), client: { capacity: 0, policy: { kind: 'lru' } } };
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(s)))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'scenario.client.capacity: must be between 1 and 33554432',
    });
    const t = { ...defaultScenario(), workload: { kind: 'pareto', blocks: 10 } };
    const decoded = decodeScenarioFromHash(hashOf(JSON.stringify(t)));
    expect(decoded).toMatchObject({ ok: false, kind: 'invalid' });
    if (!decoded.ok) expect(decoded.message).toMatch(/^scenario\.workload(\.kind)?: must be one of random, sequential, zipf, mix, oltp, tpch, phases$/);
    const u = { ...defaultScenario(), array: { capacity: 8, policy: { kind: 'slru', protectedShare: 1.2 } } };
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(u)))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'scenario.array.policy.protectedShare: must be above 0 and below 1',
    });
  });

  it('refuses a scenario from a newer tiersim, naming its version', () => {
    const s = { ...defaultScenario(), version: 3, somethingNew: true };
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(s)))).toEqual({
      ok: false,
      kind: 'future-version',
      message: 'this link was made by a newer tiersim (scenario version 3); showing the default scenario',
    });
  });
});

describe('links to a sweep or a comparison', () => {
  it('carry the scenario and what to run, and read back', async () => {
    const { runLink, runParam } = await import('../../web/scenario/url');
    const s = defaultScenario();
    const link = runLink('http://x/app/#s=old', s, 'design-space:vi-fc:one');
    expect(link.startsWith(`http://x/app/#${encodeScenarioHash(s)}&run=`)).toBe(true);
    const hash = link.slice(link.indexOf('#'));
    expect(runParam(hash)).toBe('design-space:vi-fc:one');
    expect(decodeScenarioFromHash(hash)).toMatchObject({ ok: true, scenario: s });
    expect(runParam('#s=abc')).toBeNull();
    expect(runParam('#s=abc&run=%E0%A4%A')).toBeNull();
  });
});

describe('links to a set of pinned runs', () => {
  it('carry each pinned run’s name and scenario, and read back exactly', async () => {
    const { compareRun, decodeCompareRuns, runLink, runParam } = await import('../../web/scenario/url');
    const a = { ...defaultScenario(), name: 'LRU-LRU' };
    a.array = { ...a.array, policy: { kind: 'lru' } };
    const b = { ...defaultScenario(), name: 'bigger array' };
    b.array = { ...b.array, capacity: b.array.capacity * 2 };
    const link = runLink('http://x/#s=old', defaultScenario(), compareRun([{ name: 'LRU-LRU', scenario: a }, { name: 'big', scenario: b }]));
    const run = runParam(link.slice(link.indexOf('#')))!;
    expect(run.startsWith('compare:')).toBe(true);
    expect(decodeCompareRuns(run.slice('compare:'.length))).toEqual({
      ok: true,
      runs: [
        { name: 'LRU-LRU', scenario: a },
        { name: 'big', scenario: b },
      ],
    });
    // At most four: the newest.
    const five = [1, 2, 3, 4, 5].map((n) => ({ name: `run ${n}`, scenario: a }));
    const kept = decodeCompareRuns(compareRun(five).slice('compare:'.length));
    expect(kept.ok && kept.runs.map((r) => r.name)).toEqual(['run 2', 'run 3', 'run 4', 'run 5']);
  });

  it('say what is wrong with damaged pinned runs, naming the run', async () => {
    const { decodeCompareRuns } = await import('../../web/scenario/url');
    const lz = (v: unknown) => LZString.compressToEncodedURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
    const bad = defaultScenario() as unknown as { client: { capacity: number } };
    bad.client.capacity = -3;
    const cases: [string, RegExp][] = [
      ['%%%', /could not decompress them/],
      [lz('{not json'), /they are not JSON/],
      [lz({ runs: [] }), /expected a list of runs/],
      [lz([]), /expected a list of runs/],
      [lz(Array.from({ length: 5 }, () => ({ name: 'x', scenario: defaultScenario() }))), /at most 4 runs, got 5/],
      [lz([{ name: '', scenario: defaultScenario() }]), /run 1 has no name/],
      [lz([{ name: 'ok', scenario: defaultScenario() }, { name: 'neg', scenario: bad }]), /^the link's pinned runs are damaged: run 2 \(neg\): .*client/],
      [lz([{ name: 'new', scenario: { ...defaultScenario(), version: 999 } }]), /run 1 \(new\) was made by a newer tiersim \(scenario version 999\)/],
      [lz([{ name: 't', scenario: { ...defaultScenario(), trace: { name: 'x.csv' } } }]), /run 1 \(t\) replays a trace file/],
    ];
    for (const [text, want] of cases) {
      const got = decodeCompareRuns(text);
      expect(got.ok, text).toBe(false);
      expect(!got.ok && got.message, text).toMatch(want);
    }
  });
});
