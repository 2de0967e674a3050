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
