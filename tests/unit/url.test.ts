import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../web/scenario/defaults';
import { checkScenario } from '../../web/scenario/document';
import { decodeScenarioFromHash, encodeScenarioHash, shareUrl } from '../../web/scenario/url';

const hashOf = (text: string) => `#s=${LZString.compressToEncodedURIComponent(text)}`;

describe('scenario URL codec', () => {
  it('round-trips a scenario through the hash', () => {
    const s = defaultScenario();
    if (s.topology.kind !== 'two-level') throw new Error('two levels');
    s.topology.client.capacity = 8192;
    s.topology.array.policy = { kind: 'lru' };
    delete s.protocol;
    s.topology.link = { preset: 'custom', latencyUs: 167.232, bandwidthMbit: 100 };
    s.source = {
      kind: 'workload',
      workload: { kind: 'sequential', blocks: 32767, warmupRequests: 0, measuredRequests: 5 },
    };
    s.seed = Number.MAX_SAFE_INTEGER;
    const decoded = decodeScenarioFromHash(`#${encodeScenarioHash(s)}`);
    expect(decoded).toEqual({ ok: true, scenario: s, fromHash: true });
  });

  it('accepts the hash with or without its "#"', () => {
    const hash = encodeScenarioHash(defaultScenario());
    expect(hash.startsWith('s=')).toBe(true);
    expect(decodeScenarioFromHash(hash)).toMatchObject({ ok: true, fromHash: true });
  });

  it('builds the share URL from the page URL, replacing any old hash', () => {
    const url = shareUrl('http://127.0.0.1:4173/app/?x=1#s=old', defaultScenario());
    expect(url).toBe(`http://127.0.0.1:4173/app/?x=1#${encodeScenarioHash(defaultScenario())}`);
  });

  it('gives the default, not from the hash, when there is no scenario in it', () => {
    for (const hash of ['', '#', '#other=1']) {
      expect(decodeScenarioFromHash(hash)).toEqual({ ok: true, scenario: defaultScenario(), fromHash: false });
    }
  });

  it('says the link is damaged when it does not decompress', () => {
    expect(decodeScenarioFromHash('#s=')).toEqual({
      ok: false,
      kind: 'damaged',
      message: 'the link is damaged: could not decompress the scenario',
    });
    // A truncated link: the tail of the compressed text is missing.
    const full = encodeScenarioHash(defaultScenario());
    const truncated = decodeScenarioFromHash(`#${full.slice(0, 20)}`);
    expect(truncated.ok).toBe(false);
    if (!truncated.ok) expect(['damaged', 'not-json']).toContain(truncated.kind);
  });

  it('says when the decompressed text is not JSON', () => {
    const decoded = decodeScenarioFromHash(hashOf('{"version": 2,'));
    expect(decoded).toMatchObject({ ok: false, kind: 'not-json' });
    if (!decoded.ok) expect(decoded.message).toContain('not JSON');
  });

  it('names the bad field of an invalid scenario', () => {
    const s = {
      ...defaultScenario(),
      topology: { ...defaultScenario().topology, client: { capacity: 0, policy: { kind: 'lru' } } },
    };
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(s)))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'scenario.topology.client.capacity: must be between 1 and 33554432 blocks (got 0)',
    });
    const t = { ...defaultScenario(), source: { kind: 'workload', workload: { kind: 'pareto', blocks: 10 } } };
    const decoded = decodeScenarioFromHash(hashOf(JSON.stringify(t)));
    expect(decoded).toMatchObject({ ok: false, kind: 'invalid' });
    if (!decoded.ok)
      expect(decoded.message).toMatch(
        /^scenario\.source\.workload(\.kind)?: must be one of random, zipf, sequential, mix, oltp, tpch, phases \(got pareto\)$/,
      );
    const u = {
      ...defaultScenario(),
      topology: {
        ...defaultScenario().topology,
        array: { capacity: 8, policy: { kind: 'slru', protectedShare: 1.2 } },
      },
    };
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(u)))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'scenario.topology.array.policy.protectedShare: must be above 0 and below 1 (got 1.2)',
    });
    // An unknown topology names the field and the kinds there are.
    const ring = { ...defaultScenario(), topology: { kind: 'ring', caches: [] } };
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(ring)))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'scenario.topology.kind: must be one of single, two-level, tree (got ring)',
    });
    expect(decodeScenarioFromHash(hashOf(JSON.stringify({ ...defaultScenario(), version: 'two' })))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'scenario.version: expected 1 to 5, got "two"',
    });
    expect(decodeScenarioFromHash(hashOf('{}'))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'scenario.version: missing',
    });
  });

  it('refuses a scenario from a newer tiersim, naming its version', () => {
    const s = { ...defaultScenario(), version: 6, somethingNew: true };
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(s)))).toEqual({
      ok: false,
      kind: 'future-version',
      message: 'scenario.version: version 6 is newer than this tiersim understands (it reads versions 1 to 5)',
    });
  });

  it('opens a version-1 link as the engine migrates it, saying which version it was', () => {
    const v1 = {
      version: 1,
      seed: 1,
      client: { capacity: 10, policy: { kind: 'lru' } },
      array: { capacity: 10, policy: { kind: 'lru' } },
      protocol: { kind: 'none' },
      link: { preset: 'fc-1g' },
      disk: { kind: 'constant', serviceMs: 10 },
      workload: { kind: 'random', blocks: 100 },
    };
    const migrated = checkScenario(v1);
    if (!migrated.ok) throw new Error(migrated.issues[0].message);
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(v1)))).toEqual({
      ok: true,
      scenario: migrated.scenario,
      fromHash: true,
      migratedFrom: 1,
    });
    expect(migrated.scenario).toMatchObject({ version: 5, topology: { kind: 'two-level' }, multiBlock: 'atomic' });
    // A refusal of the old document names its field, in the engine's words.
    const bad = { ...v1, client: { capacity: 0, policy: { kind: 'lru' } } };
    expect(decodeScenarioFromHash(hashOf(JSON.stringify(bad)))).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: expect.stringMatching(/^scenario\.topology\.client\.capacity: must be between 1 and/),
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
    const a: any = { ...defaultScenario(), name: 'LRU-LRU' };
    a.topology = { ...a.topology, array: { ...a.topology.array, policy: { kind: 'lru' } } };
    const b: any = { ...defaultScenario(), name: 'bigger array' };
    b.topology = { ...b.topology, array: { ...b.topology.array, capacity: b.topology.array.capacity * 2 } };
    const link = runLink(
      'http://x/#s=old',
      defaultScenario(),
      compareRun([
        { name: 'LRU-LRU', scenario: a },
        { name: 'big', scenario: b },
      ]),
    );
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

  it('migrate a version-1 pinned run through the engine', async () => {
    const { compareRun, decodeCompareRuns } = await import('../../web/scenario/url');
    const v1 = {
      version: 1,
      seed: 9,
      client: { capacity: 10, policy: { kind: 'lru' } },
      array: { capacity: 10, policy: { kind: 'lru' } },
      protocol: { kind: 'none' },
      link: { preset: 'fc-1g' },
      disk: { kind: 'constant', serviceMs: 10 },
      workload: { kind: 'random', blocks: 100 },
    };
    const v2 = checkScenario(v1);
    if (!v2.ok) throw new Error(v2.issues[0].message);
    const text = compareRun([
      { name: 'old', scenario: v1 as never },
      { name: 'new', scenario: defaultScenario() },
    ]).slice('compare:'.length);
    expect(decodeCompareRuns(text)).toEqual({
      ok: true,
      runs: [
        { name: 'old', scenario: v2.scenario },
        { name: 'new', scenario: defaultScenario() },
      ],
    });
  });

  it('say what is wrong with damaged pinned runs, naming the run', async () => {
    const { decodeCompareRuns } = await import('../../web/scenario/url');
    const lz = (v: unknown) => LZString.compressToEncodedURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
    const bad = defaultScenario() as unknown as { topology: { client: { capacity: number } } };
    bad.topology.client.capacity = -3;
    const cases: [string, RegExp][] = [
      ['%%%', /could not decompress them/],
      [lz('{not json'), /they are not JSON/],
      [lz({ runs: [] }), /expected a list of runs/],
      [lz([]), /expected a list of runs/],
      [lz(Array.from({ length: 5 }, () => ({ name: 'x', scenario: defaultScenario() }))), /at most 4 runs, got 5/],
      [lz([{ name: '', scenario: defaultScenario() }]), /run 1 has no name/],
      [
        lz([
          { name: 'ok', scenario: defaultScenario() },
          { name: 'neg', scenario: bad },
        ]),
        /^the link's pinned runs are damaged: run 2 \(neg\): .*client/,
      ],
      [
        lz([{ name: 'new', scenario: { ...defaultScenario(), version: 999 } }]),
        /run 1 \(new\) was made by a newer tiersim: scenario\.version: version 999 is newer/,
      ],
      [
        lz([{ name: 't', scenario: { ...defaultScenario(), source: { kind: 'trace', name: 'x.csv' } } }]),
        /run 1 \(t\) replays a trace file/,
      ],
      [lz([{ name: 'old', scenario: { version: 1, seed: 1 } }]), /run 1 \(old\): scenario: missing field `client`/],
    ];
    for (const [text, want] of cases) {
      const got = decodeCompareRuns(text);
      expect(got.ok, text).toBe(false);
      expect(!got.ok && got.message, text).toMatch(want);
    }
  });
});
