// The page's form and URL behaviour (no run: the engine worker is only created on Run).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import LZString from 'lz-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../web/app/App';
import { defaultScenario } from '../../web/scenario/defaults';
import { checkScenario } from '../../web/scenario/document';
import { decodeScenarioFromHash, encodeScenarioHash } from '../../web/scenario/url';
import type { EngineClient } from '../../web/worker/client';

const value = (id: string) => (screen.getByTestId(id) as HTMLInputElement).value;

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

describe('App', () => {
  it('opens on the default scenario, ready to run, with its link in the URL', () => {
    render(<App />);
    expect(value('client-capacity')).toBe('16384');
    expect(value('client-policy')).toBe('lru');
    expect(value('array-capacity')).toBe('16384');
    expect(value('array-policy')).toBe('mru');
    expect((screen.getByTestId('protocol-demote') as HTMLInputElement).checked).toBe(true);
    expect(value('link-preset')).toBe('fc-1g');
    expect(screen.getByRole('option', { name: '1 Gbit/s Fibre Channel (Ta = 0.2 ms)' })).toBeTruthy();
    expect(value('disk-ms')).toBe('10');
    expect(value('workload-kind')).toBe('random');
    expect(value('workload-blocks')).toBe('32768');
    expect(value('seed')).toBe('1');
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('cancel-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('progress').getAttribute('data-phase')).toBe('idle');
    expect(screen.queryByTestId('url-error')).toBeNull();
    expect(window.location.hash).toBe(`#${encodeScenarioHash(defaultScenario())}`);
    expect(value('share-url')).toBe(window.location.href);
  });

  it('keeps the URL in sync with edits', () => {
    render(<App />);
    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '8192' } });
    fireEvent.change(screen.getByTestId('array-policy'), { target: { value: 'lru' } });
    fireEvent.click(screen.getByTestId('protocol-demote'));
    fireEvent.change(screen.getByTestId('link-preset'), { target: { value: 'eth-100m' } });
    const decoded = decodeScenarioFromHash(window.location.hash);
    expect(decoded).toMatchObject({
      ok: true,
      scenario: {
        name: 'RANDOM LRU-LRU-none',
        topology: {
          kind: 'two-level',
          client: { capacity: 8192, policy: { kind: 'lru' } },
          array: { policy: { kind: 'lru' } },
          link: { preset: 'eth-100m' },
        },
      },
    });
    // The inclusive baseline is the protocol's default: left out.
    expect(decoded.ok && 'protocol' in decoded.scenario).toBe(false);
    expect(value('share-url')).toBe(window.location.href);
  });

  it('takes a cache size in blocks or in bytes, keeping bytes as typed', () => {
    render(<App />);
    const capacity = () => decodeScenarioFromHash(window.location.hash);
    // A unit re-expresses the size: 16,384 blocks × 4 KiB are 64 MiB, kept as bytes.
    fireEvent.change(screen.getByTestId('client-capacity-unit'), { target: { value: 'MiB' } });
    expect(value('client-capacity')).toBe('64');
    expect(capacity()).toMatchObject({ ok: true, scenario: { topology: { client: { capacity: '64MiB' } } } });
    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '1.5' } });
    expect(capacity()).toMatchObject({ ok: true, scenario: { topology: { client: { capacity: '1.5MiB' } } } });
    // Where requests carry no sizes, bytes hold whole blocks: the hint says how many.
    expect(screen.getByText(/^384 blocks of 4 KiB/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('client-capacity-unit'), { target: { value: 'KiB' } });
    expect(value('client-capacity')).toBe('1536');
    fireEvent.change(screen.getByTestId('client-capacity-unit'), { target: { value: 'GiB' } });
    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '1' } });
    expect(capacity()).toMatchObject({ ok: true, scenario: { topology: { client: { capacity: '1GiB' } } } });
    // Under one block is no block: the engine says so, and the link keeps the last valid size.
    fireEvent.change(screen.getByTestId('client-capacity-unit'), { target: { value: 'KiB' } });
    expect(capacity()).toMatchObject({ ok: true, scenario: { topology: { client: { capacity: '1048576KiB' } } } });
    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '1' } });
    expect(screen.getByTestId('client-capacity-error').textContent).toBe(
      '1KiB holds no block of 4096 bytes: a cache holds whole blocks here (sizes come only with a trace read as objects)',
    );
    expect(capacity()).toMatchObject({ ok: true, scenario: { topology: { client: { capacity: '1048576KiB' } } } });
    // Back to blocks: the nearest whole block of what the field says.
    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '8' } });
    fireEvent.change(screen.getByTestId('client-capacity-unit'), { target: { value: 'blocks' } });
    expect(value('client-capacity')).toBe('2');
    expect(capacity()).toMatchObject({ ok: true, scenario: { topology: { client: { capacity: 2 } } } });
  });

  it('sets the block size from the engine’s list: the capacity hint and the link follow it', () => {
    render(<App />);
    const sizes = [...(screen.getByTestId('block-size') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(sizes).toEqual([
      '512 B',
      '1 KiB',
      '2 KiB',
      '4 KiB',
      '8 KiB',
      '16 KiB',
      '32 KiB',
      '64 KiB',
      '128 KiB',
      '256 KiB',
      '512 KiB',
      '1 MiB',
    ]);
    expect(value('block-size')).toBe('4096');
    fireEvent.change(screen.getByTestId('block-size'), { target: { value: '8192' } });
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({ ok: true, scenario: { blockSize: 8192 } });
    // 16,384 blocks of 8 KiB are 128 MiB.
    expect(screen.getAllByText(/^16,384 blocks × 8 KiB = 128 MiB/).length).toBeGreaterThan(0);
  });

  it('switches to a single cache, offering the offline bounds, and back', () => {
    render(<App />);
    expect(screen.queryByRole('option', { name: /Belady MIN/ })).toBeNull();
    fireEvent.change(screen.getByTestId('topology'), { target: { value: 'single' } });
    expect(screen.queryByTestId('array-capacity')).toBeNull();
    expect(screen.queryByTestId('protocol-demote')).toBeNull();
    expect(screen.getByText('Cache', { selector: 'legend' })).toBeTruthy();
    const options = [...(screen.getByTestId('client-policy') as HTMLSelectElement).options].map((o) => o.value);
    expect(options.slice(-2)).toEqual(['min', 'read-opt']);
    fireEvent.change(screen.getByTestId('client-policy'), { target: { value: 'read-opt' } });
    const one = decodeScenarioFromHash(window.location.hash);
    expect(one).toMatchObject({
      ok: true,
      scenario: {
        name: 'RANDOM READ-OPT single cache',
        topology: { kind: 'single', cache: { capacity: 16384, policy: { kind: 'read-opt' } } },
      },
    });
    // Nothing kept but unused: no array, and no protocol (a single cache refuses one).
    expect(one.ok && ['protocol', 'array'].filter((k) => k in one.scenario || k in one.scenario.topology)).toEqual([]);
    // Back to two levels: the client keeps its policy (read-OPT runs at a client too), under an MRU array of its size.
    fireEvent.change(screen.getByTestId('topology'), { target: { value: 'two-level' } });
    expect(value('array-policy')).toBe('mru');
    expect(value('client-policy')).toBe('read-opt');
    const back = decodeScenarioFromHash(window.location.hash);
    expect(back).toMatchObject({
      ok: true,
      scenario: { topology: { kind: 'two-level', array: { capacity: 16384, policy: { kind: 'mru' } } } },
    });
  });

  it('sets DU at the array and leaves it out when the array keeps what it sends up', () => {
    render(<App />);
    expect(value('array-du')).toBe('keep');
    fireEvent.change(screen.getByTestId('array-du'), { target: { value: 'drop' } });
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({ ok: true, scenario: { du: 'drop' } });
    fireEvent.change(screen.getByTestId('array-du'), { target: { value: 'keep' } });
    const back = decodeScenarioFromHash(window.location.hash);
    expect(back.ok && 'du' in back.scenario).toBe(false);
  });

  it('picks paper 003 cooperation (HA_R, AC_CC, AC_CA with its k) instead of DEMOTE', () => {
    render(<App />);
    fireEvent.change(screen.getByTestId('protocol-other'), { target: { value: 'ac-ca' } });
    expect((screen.getByTestId('protocol-demote') as HTMLInputElement).checked).toBe(false);
    expect(value('protocol-ac-ca-k')).toBe('4');
    fireEvent.change(screen.getByTestId('protocol-ac-ca-k'), { target: { value: '8' } });
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({
      ok: true,
      scenario: { protocol: { kind: 'ac-ca', k: 8 } },
    });
    expect(screen.queryByTestId('design-lru-mru-demote')).toBeNull();
    fireEvent.change(screen.getByTestId('protocol-other'), { target: { value: 'ha-r' } });
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({
      ok: true,
      scenario: { protocol: { kind: 'ha-r' } },
    });
    fireEvent.change(screen.getByTestId('protocol-other'), { target: { value: 'ac-cc' } });
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({
      ok: true,
      scenario: { protocol: { kind: 'ac-cc' } },
    });
    expect(screen.queryByTestId('protocol-ac-ca-k')).toBeNull();
    fireEvent.click(screen.getByTestId('protocol-demote'));
    expect(value('protocol-other')).toBe('none');
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({
      ok: true,
      scenario: { protocol: { kind: 'demote' } },
    });
  });

  it('switches the disk to the mechanical drive and back', () => {
    render(<App />);
    fireEvent.change(screen.getByTestId('disk-kind'), { target: { value: 'mechanical' } });
    expect(screen.queryByTestId('disk-ms')).toBeNull();
    expect(value('disk-rpm')).toBe('5400');
    expect(value('disk-read-ahead')).toBe('512');
    fireEvent.change(screen.getByTestId('disk-rpm'), { target: { value: '7200' } });
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({
      ok: true,
      scenario: { topology: { disk: { kind: 'mechanical', rpm: 7200 } } },
    });
    fireEvent.change(screen.getByTestId('disk-kind'), { target: { value: 'constant' } });
    expect(value('disk-ms')).toBe('10');
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({
      ok: true,
      scenario: { topology: { disk: { kind: 'constant', serviceMs: 10 } } },
    });
  });

  it('sets blocks per request, keeps it across workload kinds and omits the default', () => {
    render(<App />);
    fireEvent.change(screen.getByTestId('workload-request-blocks'), { target: { value: '8' } });
    fireEvent.change(screen.getByTestId('workload-kind'), { target: { value: 'zipf' } });
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({
      ok: true,
      scenario: { source: { workload: { kind: 'zipf', requestBlocks: 8 } } },
    });
    fireEvent.change(screen.getByTestId('workload-request-blocks'), { target: { value: '1' } });
    const back = decodeScenarioFromHash(window.location.hash);
    expect(
      back.ok && back.scenario.source.kind === 'workload' && 'requestBlocks' in back.scenario.source.workload,
    ).toBe(false);
  });

  it('offers every engine policy, with the parameters each one takes', () => {
    render(<App />);
    const options = [...(screen.getByTestId('array-policy') as HTMLSelectElement).options].map((o) => o.value);
    // The offline bounds too: an array under DEMOTE learns its stream in a first pass.
    expect(options).toEqual([
      'lru',
      'mru',
      'fifo',
      'random',
      'clock',
      'sieve',
      'gds',
      'gdsf',
      'lfu',
      'slru',
      'lru-2',
      'lru-k',
      'arc',
      'car',
      '2q',
      'lirs',
      'clock-pro',
      'mq',
      'lru+hints',
      'mq+hints',
      'tq',
      's3-fifo',
      'qd-lp-fifo',
      'w-tinylfu',
      'hyperbolic',
      'lhd',
      'lecar',
      'cacheus',
      'min',
      'read-opt',
    ]);
    expect(screen.queryByTestId('array-param-protectedShare')).toBeNull();
    fireEvent.change(screen.getByTestId('array-policy'), { target: { value: 'slru' } });
    expect(value('array-param-protectedShare')).toBe('80');
    fireEvent.change(screen.getByTestId('array-param-protectedShare'), { target: { value: '70' } });
    fireEvent.change(screen.getByTestId('client-policy'), { target: { value: 'lfu' } });
    expect(value('client-param-agingPeriod')).toBe('0');
    const decoded = decodeScenarioFromHash(window.location.hash);
    expect(decoded).toMatchObject({
      ok: true,
      scenario: {
        topology: { client: { policy: { kind: 'lfu' } }, array: { policy: { kind: 'slru', protectedShare: 0.7 } } },
      },
    });
    // Off the paper-000 LRU/MRU grid, the design quick-pick steps aside.
    expect(screen.queryByTestId('design-lru-mru-demote')).toBeNull();
    fireEvent.change(screen.getByTestId('array-param-protectedShare'), { target: { value: '100' } });
    expect(screen.getByTestId('array-param-protectedShare-error').textContent).toBe(
      'must be above 0 and below 1 (got 1)',
    );
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('array-policy'), { target: { value: 's3-fifo' } });
    expect(value('array-param-smallShare')).toBe('10');
    fireEvent.change(screen.getByTestId('array-param-smallShare'), { target: { value: '20' } });
    expect(decodeScenarioFromHash(window.location.hash)).toMatchObject({
      ok: true,
      scenario: { topology: { array: { policy: { kind: 's3-fifo', smallShare: 0.2 } } } },
    });
  });

  it("shows issue 22's policy parameters with the engine's defaults and writes them to the link", () => {
    render(<App />);
    const array = () => {
      const d = decodeScenarioFromHash(window.location.hash);
      return d.ok && d.scenario.topology.kind === 'two-level' ? d.scenario.topology.array.policy : undefined;
    };
    fireEvent.change(screen.getByTestId('array-policy'), { target: { value: 'lru-k' } });
    expect([value('array-param-k'), value('array-param-correlatedPeriod')]).toEqual(['2', '0']);
    fireEvent.change(screen.getByTestId('array-param-k'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('array-param-correlatedPeriod'), { target: { value: '50' } });
    expect(array()).toEqual({ kind: 'lru-k', k: 3, correlatedPeriod: 50 });
    fireEvent.change(screen.getByTestId('array-param-k'), { target: { value: '1' } });
    expect(screen.getByTestId('array-param-k-error').textContent).toBe(
      'must be a whole number from 2 to 8 (LRU-1 is LRU) (got 1)',
    );
    fireEvent.change(screen.getByTestId('array-policy'), { target: { value: 'qd-lp-fifo' } });
    expect(value('array-param-probationShare')).toBe('10');
    fireEvent.change(screen.getByTestId('array-param-probationShare'), { target: { value: '20' } });
    expect(array()).toEqual({ kind: 'qd-lp-fifo', probationShare: 0.2 });
    fireEvent.change(screen.getByTestId('array-policy'), { target: { value: 'hyperbolic' } });
    expect(value('array-param-sampleSize')).toBe('64');
    fireEvent.change(screen.getByTestId('array-param-sampleSize'), { target: { value: '8' } });
    expect(array()).toEqual({ kind: 'hyperbolic', sampleSize: 8 });
    fireEvent.change(screen.getByTestId('array-policy'), { target: { value: 'clock-pro' } });
    expect(value('array-param-minColdShare')).toBe('1');
    fireEvent.change(screen.getByTestId('array-param-minColdShare'), { target: { value: '5' } });
    expect(array()).toEqual({ kind: 'clock-pro', minColdShare: 0.05 });
    fireEvent.change(screen.getByTestId('array-param-minColdShare'), { target: { value: '100' } });
    expect(screen.getByTestId('array-param-minColdShare-error').textContent).toBe(
      'must be above 0 and below 1 (got 1)',
    );
    for (const kind of ['car', 'lecar', 'cacheus']) {
      fireEvent.change(screen.getByTestId('array-policy'), { target: { value: kind } });
      expect(array()).toEqual({ kind });
    }
  });

  it('puts an admission filter in front of any cache, checks its probability, and takes it away again', () => {
    render(<App />);
    const topology = () => {
      const d = decodeScenarioFromHash(window.location.hash);
      return d.ok && d.scenario.topology.kind === 'two-level' ? d.scenario.topology : undefined;
    };
    const options = [...(screen.getByTestId('array-admission') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['none', 'tinylfu', 'probabilistic', 'second-hit', 'size-below', 'adaptsize']);
    fireEvent.change(screen.getByTestId('array-admission'), { target: { value: 'second-hit' } });
    expect(topology()?.array.admission).toEqual({ kind: 'second-hit' });
    expect(topology()?.client.admission).toBeUndefined();
    fireEvent.change(screen.getByTestId('client-admission'), { target: { value: 'probabilistic' } });
    expect(value('client-admission-probability')).toBe('50');
    fireEvent.change(screen.getByTestId('client-admission-probability'), { target: { value: '20' } });
    expect(topology()?.client.admission).toEqual({ kind: 'probabilistic', probability: 0.2 });
    fireEvent.change(screen.getByTestId('client-admission-probability'), { target: { value: '0' } });
    expect(screen.getByTestId('client-admission-probability-error').textContent).toBe(
      'must be above 0 and at most 1 (got 0)',
    );
    // The size filters: the threshold typed in KiB; over generated blocks the engine says why they
    // cannot run (and the address keeps the last scenario that runs).
    fireEvent.change(screen.getByTestId('client-admission'), { target: { value: 'size-below' } });
    expect(value('client-admission-bytes')).toBe('1024');
    fireEvent.change(screen.getByTestId('client-admission-bytes'), { target: { value: '64' } });
    expect(value('client-admission-bytes')).toBe('64');
    expect(
      screen.getByText(
        /^size-below weighs each object's size: it stands in front of a cache in bytes \(sizes come only/,
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('client-admission'), { target: { value: 'none' } });
    fireEvent.change(screen.getByTestId('array-admission'), { target: { value: 'none' } });
    const t = topology();
    expect(t && ('admission' in t.client || 'admission' in t.array)).toBe(false);
  });

  it('asks how writes pass CO only where CO sits over a hint-aware policy, and writes "plain" to the link', () => {
    render(<App />);
    const scenario = () => {
      const d = decodeScenarioFromHash(window.location.hash);
      return d.ok ? d.scenario : undefined;
    };
    expect(screen.queryByTestId('co-writes')).toBeNull();
    fireEvent.change(screen.getByTestId('array-policy'), { target: { value: 'tq' } });
    expect(screen.queryByTestId('co-writes')).toBeNull();
    fireEvent.click(screen.getByTestId('array-co'));
    expect(value('co-writes')).toBe('hinted');
    expect(scenario()?.coWrites).toBeUndefined();
    fireEvent.change(screen.getByTestId('co-writes'), { target: { value: 'plain' } });
    expect(scenario()?.coWrites).toBe('plain');
    // Still shown once CO is off, while the scenario says plain (an old link's way).
    fireEvent.click(screen.getByTestId('array-co'));
    expect(value('co-writes')).toBe('plain');
    fireEvent.change(screen.getByTestId('co-writes'), { target: { value: 'hinted' } });
    expect(scenario() && 'coWrites' in scenario()!).toBe(false);
    expect(screen.queryByTestId('co-writes')).toBeNull();
  });

  it('prefetches at any cache, lookahead or read-ahead with its trigger and window, checks them, and takes it away again', () => {
    render(<App />);
    const topology = () => {
      const d = decodeScenarioFromHash(window.location.hash);
      return d.ok && d.scenario.topology.kind === 'two-level' ? d.scenario.topology : undefined;
    };
    const options = [...(screen.getByTestId('array-prefetch') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['none', 'lookahead', 'readahead']);
    fireEvent.change(screen.getByTestId('array-prefetch'), { target: { value: 'lookahead' } });
    expect(topology()?.array.prefetch).toEqual({ kind: 'lookahead' });
    expect(topology()?.client.prefetch).toBeUndefined();
    fireEvent.change(screen.getByTestId('client-prefetch'), { target: { value: 'readahead' } });
    expect(value('client-prefetch-trigger')).toBe('2');
    expect(value('client-prefetch-window')).toBe('8');
    fireEvent.change(screen.getByTestId('client-prefetch-window'), { target: { value: '32' } });
    fireEvent.change(screen.getByTestId('client-prefetch-trigger'), { target: { value: '4' } });
    expect(topology()?.client.prefetch).toEqual({ kind: 'readahead', trigger: 4, window: 32 });
    fireEvent.change(screen.getByTestId('client-prefetch-window'), { target: { value: '300' } });
    expect(screen.getByTestId('client-prefetch-window-error').textContent).toBe(
      'must be between 1 and 256 blocks (got 300)',
    );
    fireEvent.change(screen.getByTestId('client-prefetch-trigger'), { target: { value: '0' } });
    expect(screen.getByTestId('client-prefetch-trigger-error').textContent).toBe(
      'must be between 1 and 1024 blocks (got 0)',
    );
    fireEvent.change(screen.getByTestId('client-prefetch'), { target: { value: 'none' } });
    fireEvent.change(screen.getByTestId('array-prefetch'), { target: { value: 'none' } });
    const t = topology();
    expect(t && ('prefetch' in t.client || 'prefetch' in t.array)).toBe(false);
  });

  it('offers ZIPF with its skew, and drops the skew when switching away', () => {
    render(<App />);
    fireEvent.change(screen.getByTestId('workload-kind'), { target: { value: 'zipf' } });
    expect(value('workload-alpha')).toBe('1');
    fireEvent.change(screen.getByTestId('workload-alpha'), { target: { value: '0.8' } });
    let decoded = decodeScenarioFromHash(window.location.hash);
    expect(decoded).toMatchObject({
      ok: true,
      scenario: { name: 'ZIPF LRU-MRU-demote', source: { workload: { kind: 'zipf', alpha: 0.8 } } },
    });
    fireEvent.change(screen.getByTestId('workload-kind'), { target: { value: 'random' } });
    decoded = decodeScenarioFromHash(window.location.hash);
    expect(decoded.ok && decoded.scenario.source).toEqual({
      kind: 'workload',
      workload: { kind: 'random', blocks: 32768 },
    });
    expect(screen.queryByTestId('workload-alpha')).toBeNull();
  });

  it('flags an invalid field inline, disables Run, and keeps the last valid link', () => {
    render(<App />);
    const before = window.location.href;
    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '0' } });
    expect(screen.getByTestId('client-capacity-error').textContent).toBe(
      'must be between 1 and 33554432 blocks (got 0)',
    );
    expect(screen.getByTestId('client-capacity').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(true);
    expect(window.location.href).toBe(before);
    expect(value('share-url')).toBe(before);

    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '' } });
    expect(screen.getByTestId('client-capacity-error').textContent).toBe('must be a number');

    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '100' } });
    expect(screen.queryByTestId('client-capacity-error')).toBeNull();
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('loads a shared scenario from the hash', () => {
    const s = {
      ...defaultScenario(),
      seed: 42,
      source: { kind: 'workload' as const, workload: { kind: 'sequential' as const, blocks: 32767 } },
    };
    window.history.replaceState(null, '', `/#${encodeScenarioHash(s)}`);
    render(<App />);
    expect(value('seed')).toBe('42');
    expect(value('workload-kind')).toBe('sequential');
    expect(value('workload-blocks')).toBe('32767');
  });

  it("opens a link to Teach without running its scenario, and keeps Run (and Ctrl+Enter) for Explore's results", async () => {
    // A fake engine whose runs never end: what matters is whether one starts.
    const runs = vi.fn(() => new Promise<never>(() => {}));
    const client = { run: runs, warm: () => {}, terminate: () => {} } as unknown as EngineClient;
    const createClient = () => client;
    const s = { ...defaultScenario(), seed: 42 };
    window.history.replaceState(null, '', `/#${encodeScenarioHash(s)}&view=teach`);
    const page = render(<App createClient={createClient} />);
    await screen.findByTestId('stepper');
    const run = screen.getByTestId('run-button') as HTMLButtonElement;
    // Run is off here, the bar saying why where it says what Run runs.
    expect(run.disabled).toBe(true);
    expect(screen.getByTestId('run-summary').textContent).toMatch(
      /^In Teach, Step and Play \(→, space\) walk the stepper; Run runs Explore’s scenario: /,
    );
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    fireEvent.click(run);
    expect(runs).not.toHaveBeenCalled();
    expect(screen.getByTestId('run-bar-progress').getAttribute('data-phase')).toBe('idle');
    // Explore shown, the link's scenario runs as any shared link's does, once.
    fireEvent.click(screen.getByTestId('view-tab-explore'));
    await waitFor(() => expect(runs).toHaveBeenCalledTimes(1));
    expect((runs.mock.calls[0] as unknown[])[0]).toMatchObject({ seed: 42 });
    expect(screen.getByTestId('run-summary').textContent).not.toContain('In Teach');
    page.unmount();
    // A link to Explore runs on opening, as before.
    window.history.replaceState(null, '', `/#${encodeScenarioHash(s)}`);
    render(<App createClient={createClient} />);
    await waitFor(() => expect(runs).toHaveBeenCalledTimes(2));
  });

  it('falls back to the default, with a banner, when the link is bad', () => {
    const bad = {
      ...defaultScenario(),
      topology: { ...defaultScenario().topology, array: { capacity: -5, policy: { kind: 'lru' } } },
    };
    window.history.replaceState(null, '', `/#s=${LZString.compressToEncodedURIComponent(JSON.stringify(bad))}`);
    render(<App />);
    const banner = screen.getByTestId('url-error');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('scenario.topology.array.capacity: must be 0 or more (got -5)');
    expect(banner.textContent).toContain('showing the default scenario');
    expect(value('array-capacity')).toBe('16384');
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('picks one of paper 000’s designs in one click', () => {
    render(<App />);
    fireEvent.click(screen.getByTestId('design-mru-lru-none'));
    expect(value('client-policy')).toBe('mru');
    expect(value('array-policy')).toBe('lru');
    expect((screen.getByTestId('protocol-demote') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('design-mru-lru-none').getAttribute('aria-pressed')).toBe('true');
  });

  it('builds a tree: presets, clients under middle tiers, per-client workloads, queueing', () => {
    render(<App />);
    const tree = () => {
      const d = decodeScenarioFromHash(window.location.hash);
      if (!d.ok) throw new Error(d.message);
      return d.scenario;
    };
    const caches = () => {
      const t = tree().topology;
      if (t.kind !== 'tree') throw new Error(`a ${t.kind}, not a tree`);
      return t.caches;
    };
    fireEvent.change(screen.getByTestId('topology'), { target: { value: 'tree' } });
    expect(screen.queryByTestId('array-capacity')).toBeNull();
    expect(screen.queryByTestId('link-preset')).toBeNull();
    expect(caches().map((c) => c.name)).toEqual(['array', 'client1', 'client2']);
    expect(tree().name).toBe('RANDOM 2 clients × 2 levels demote');
    // A trace file can still be opened, and the page says it replays through the tree.
    const pick = screen.getByTestId('trace-file') as HTMLInputElement;
    expect(pick.disabled).toBe(false);
    const hint = document.getElementById(pick.getAttribute('aria-describedby')!)!.textContent;
    expect(hint).toContain('A trace replays through this tree');
    expect(hint).not.toContain('client + array pair');

    // Two clients become four under two middle tiers, all by hand.
    fireEvent.click(screen.getByTestId('tree-0-add'));
    fireEvent.click(screen.getByTestId('tree-0-add'));
    fireEvent.change(screen.getByTestId('tree-3-name'), { target: { value: 'left' } });
    fireEvent.change(screen.getByTestId('tree-4-name'), { target: { value: 'right' } });
    fireEvent.click(screen.getByTestId('tree-3-add'));
    fireEvent.click(screen.getByTestId('tree-4-add'));
    fireEvent.change(screen.getByTestId('tree-1-parent'), { target: { value: 'left' } });
    fireEvent.change(screen.getByTestId('tree-2-parent'), { target: { value: 'right' } });
    fireEvent.change(screen.getByTestId('tree-3-capacity'), { target: { value: '2048' } });
    fireEvent.change(screen.getByTestId('tree-3-policy'), { target: { value: 'arc' } });
    expect(caches().map((c) => [c.name, c.parent ?? null, c.capacity])).toEqual([
      ['array', null, 16384],
      ['client1', 'left', 16384],
      ['client2', 'right', 16384],
      ['left', 'array', 2048],
      ['right', 'array', 16384],
      ['cache6', 'left', 16384],
      ['cache7', 'right', 16384],
    ]);
    expect(caches()[3].policy).toEqual({ kind: 'arc' });
    expect(tree().name).toBe('RANDOM 4 clients × 3 levels demote');
    expect(screen.getByTestId('tree-cache-3').textContent).toContain('middle tier');

    // A client with its own stream; queueing; the protocol (AC_CC too, in a tree now).
    fireEvent.change(screen.getByTestId('tree-5-workload'), { target: { value: 'sequential' } });
    fireEvent.change(screen.getByTestId('tree-5-blocks'), { target: { value: '5000' } });
    fireEvent.change(screen.getByTestId('timing'), { target: { value: 'open' } });
    fireEvent.change(screen.getByTestId('open-gap'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('tree-protocol'), { target: { value: 'ac-cc' } });
    expect(tree().protocol).toEqual({ kind: 'ac-cc' });
    fireEvent.change(screen.getByTestId('tree-protocol'), { target: { value: 'ha-r' } });
    fireEvent.change(screen.getByTestId('tree-sharing'), { target: { value: 'disjoint' } });
    const s = tree();
    expect(s.source).toEqual({
      kind: 'workload',
      workload: { kind: 'random', blocks: 32768 },
      clients: { cache6: { kind: 'sequential', blocks: 5000 } },
    });
    expect(s.queueing).toEqual({ arrivals: 'open', meanInterarrivalMs: 4 });
    expect(s.protocol).toEqual({ kind: 'ha-r' });
    // Renaming a client carries its workload along.
    fireEvent.change(screen.getByTestId('tree-5-name'), { target: { value: 'db' } });
    expect(tree().source).toMatchObject({ clients: { db: { kind: 'sequential', blocks: 5000 } } });

    // Removing a middle tier hands its clients to the array.
    fireEvent.click(screen.getByTestId('tree-4-remove'));
    expect(caches().map((c) => [c.name, c.parent ?? null])).toEqual([
      ['array', null],
      ['client1', 'left'],
      ['client2', 'array'],
      ['left', 'array'],
      ['db', 'left'],
      ['cache7', 'array'],
    ]);

    // The preset replaces the shape and keeps the timing.
    fireEvent.click(screen.getByTestId('tree-preset-4x3'));
    expect(caches()).toHaveLength(7);
    expect(tree().queueing).toEqual({ arrivals: 'open', meanInterarrivalMs: 4 });
    // db is no client any more: its own workload goes with it.
    expect(tree().source).toEqual({ kind: 'workload', workload: { kind: 'random', blocks: 32768 } });
    // The other starting shapes: one client over the array, eight clients over it.
    fireEvent.click(screen.getByTestId('tree-preset-1x2'));
    expect(caches().map((c) => [c.name, c.parent ?? null])).toEqual([
      ['array', null],
      ['client1', 'array'],
    ]);
    fireEvent.click(screen.getByTestId('tree-preset-8x2'));
    expect(caches().filter((c) => c.parent === 'array')).toHaveLength(8);
    // Fairness is offered with several clients, and left out while on (its default).
    fireEvent.click(screen.getByTestId('fairness-check'));
    expect(tree().fairness).toBe(false);
    fireEvent.click(screen.getByTestId('fairness-check'));
    expect('fairness' in tree()).toBe(false);
    // Back to two levels: the first client over its root, nothing of the tree left.
    fireEvent.change(screen.getByTestId('topology'), { target: { value: 'two-level' } });
    expect(tree()).toMatchObject({
      topology: {
        kind: 'two-level',
        client: { capacity: 16384, policy: { kind: 'lru' } },
        array: { capacity: 16384, policy: { kind: 'mru' } },
      },
      queueing: { arrivals: 'open' },
    });
    expect(screen.queryByTestId('fairness-check')).toBeNull();
  });

  it('flags a bad tree at the cache, disables Run and keeps the last valid link', () => {
    render(<App />);
    fireEvent.change(screen.getByTestId('topology'), { target: { value: 'tree' } });
    const before = window.location.href;
    fireEvent.change(screen.getByTestId('tree-2-name'), { target: { value: 'client1' } });
    expect(screen.getByTestId('tree-cache-2').textContent).toContain('"client1" names two caches');
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(true);
    expect(window.location.href).toBe(before);
    fireEvent.change(screen.getByTestId('tree-2-name'), { target: { value: 'client2' } });
    // A cycle: the array under a client.
    fireEvent.change(screen.getByTestId('tree-0-parent'), { target: { value: 'client1' } });
    expect(screen.getByTestId('tree-cache-0').textContent).toContain('form a cycle: it has no path to a disk');
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('tree-0-parent'), { target: { value: '' } });
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens a version-1 link migrated by the engine, and keeps the current scenario when a pasted link is bad', async () => {
    const v1 = {
      version: 1,
      name: 'old link',
      seed: 3,
      client: { capacity: 100, policy: { kind: 'lru' } },
      array: { capacity: 200, policy: { kind: 'mru' } },
      protocol: { kind: 'demote' },
      link: { preset: 'fc-1g' },
      disk: { kind: 'constant', serviceMs: 10 },
      workload: { kind: 'zipf', blocks: 1000 },
    };
    // The engine reads version 1 and gives the same scenario in this version.
    const checked = checkScenario(v1);
    if (!checked.ok) throw new Error(checked.issues[0].message);
    expect(checked.migratedFrom).toBe(1);
    const migrated = checked.scenario;
    window.history.replaceState(null, '', `/#s=${LZString.compressToEncodedURIComponent(JSON.stringify(v1))}`);
    render(<App />);
    expect(value('client-capacity')).toBe('100');
    expect(value('array-capacity')).toBe('200');
    expect(value('workload-kind')).toBe('zipf');
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(false);
    // The migrated scenario replaces the link once the page has applied it.
    await waitFor(
      () =>
        expect(decodeScenarioFromHash(window.location.hash)).toEqual({ ok: true, scenario: migrated, fromHash: true }),
      { timeout: 5000 },
    );

    // A link from a newer tiersim pasted into the tab: a message naming the field; the scenario stays.
    fireEvent.change(screen.getByTestId('client-capacity'), { target: { value: '150' } });
    const shown = window.location.href;
    window.location.hash = `#s=${LZString.compressToEncodedURIComponent(JSON.stringify({ ...migrated, version: 6 }))}`;
    fireEvent(window, new HashChangeEvent('hashchange'));
    const banner = await screen.findByTestId('url-error', undefined, { timeout: 5000 });
    expect(banner.textContent).toContain(
      'scenario.version: version 6 is newer than this tiersim understands (it reads versions 1 to 5)',
    );
    expect(banner.textContent).toContain('keeping the scenario you had');
    expect(value('client-capacity')).toBe('150');
    expect(window.location.href).toBe(shown);
    // An unknown topology, likewise.
    window.location.hash = `#s=${LZString.compressToEncodedURIComponent(JSON.stringify({ ...migrated, topology: { kind: 'ring' } }))}`;
    fireEvent(window, new HashChangeEvent('hashchange'));
    await waitFor(
      () =>
        expect(screen.getByTestId('url-error').textContent).toContain(
          'scenario.topology.kind: must be one of single, two-level, tree (got ring)',
        ),
      { timeout: 5000 },
    );
    expect(value('client-capacity')).toBe('150');
  });

  it('picks the mix and phase changes, phase by phase', () => {
    render(<App />);
    const workload = () => {
      const d = decodeScenarioFromHash(window.location.hash);
      if (!d.ok) throw new Error(d.message);
      if (d.scenario.source.kind !== 'workload') throw new Error('a trace');
      return d.scenario.source.workload;
    };
    fireEvent.change(screen.getByTestId('workload-kind'), { target: { value: 'mix' } });
    fireEvent.change(screen.getByTestId('workload-scan-share'), { target: { value: '0.5' } });
    expect(workload()).toEqual({ kind: 'mix', blocks: 32768, scanShare: 0.5 });
    fireEvent.change(screen.getByTestId('workload-kind'), { target: { value: 'phases' } });
    expect(workload()).toEqual({
      kind: 'phases',
      phases: [
        { workload: { kind: 'mix', blocks: 32768, scanShare: 0.5 }, requests: 32768 + 163840 },
        { workload: { kind: 'mix', blocks: 32768, scanShare: 0.5 }, requests: 163840, offset: 32768 },
      ],
      warmupRequests: 32768,
    });
    fireEvent.change(screen.getByTestId('phase-1-kind'), { target: { value: 'zipf' } });
    fireEvent.change(screen.getByTestId('phase-1-requests'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('phase-add'));
    const w = workload() as any;
    expect(w.phases.map((p: any) => [p.workload.kind, p.requests, p.offset ?? 0])).toEqual([
      ['mix', 196608, 0],
      ['zipf', 5000, 32768],
      ['zipf', 5000, 65536],
    ]);
    fireEvent.change(screen.getByTestId('phase-0-requests'), { target: { value: '0' } });
    expect(screen.getByTestId('phase-0').textContent).toContain('must be at least 1');
    expect((screen.getByTestId('run-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('workload-kind'), { target: { value: 'random' } });
    expect(workload()).toEqual({ kind: 'random', blocks: 32768 });
  });
});
