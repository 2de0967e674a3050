// Paper 000's eight designs compared side by side, driven by a fake engine.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DesignComparison, designScenarios } from '../../web/features/designs/DesignComparison';
import type { PointRunner } from '../../web/worker/pool';
import { defaultScenario } from '../../web/scenario/defaults';
import type { Scenario } from '../../web/scenario/document';
import { treeFromScenario } from '../../web/scenario/topology';
import { makeReport } from './fixtures';

afterEach(cleanup);

/** Latency: 1 ms, less 0.3 for an MRU array and 0.5 for DEMOTE (so LRU-MRU-demote ties MRU-MRU-demote). */
const arrayPolicy = (s: Scenario) =>
  s.topology.kind === 'two-level'
    ? s.topology.array.policy.kind
    : s.topology.kind === 'tree'
      ? s.topology.caches[0].policy.kind
      : 'none';
const fake: PointRunner = async (s) =>
  makeReport({ meanLatencyMs: 1 - (arrayPolicy(s) === 'mru' ? 0.3 : 0) - (s.protocol?.kind === 'demote' ? 0.5 : 0) });

describe('the eight designs', () => {
  it('are the base scenario with each design, two levels and no DU', () => {
    const base: any = defaultScenario();
    base.du = 'drop';
    base.topology.client.co = true;
    const built = designScenarios(base);
    if ('error' in built) throw new Error(built.error);
    expect(built.map((d) => d.name)).toEqual([
      'LRU-LRU-none',
      'LRU-LRU-demote',
      'LRU-MRU-none',
      'LRU-MRU-demote',
      'MRU-LRU-none',
      'MRU-LRU-demote',
      'MRU-MRU-none',
      'MRU-MRU-demote',
    ]);
    expect(built[3].scenario).toMatchObject({
      topology: { kind: 'two-level', client: { policy: { kind: 'lru' } }, array: { policy: { kind: 'mru' } } },
      protocol: { kind: 'demote' },
    });
    const t = built[3].scenario.topology;
    expect('du' in built[3].scenario || (t.kind === 'two-level' && 'co' in t.client)).toBe(false);
    // The inclusive designs leave the protocol out (none is its default).
    expect('protocol' in built[0].scenario).toBe(false);
  });

  it('run on a tree too: its clients take the client policy, every cache above them the array’s', () => {
    const base: any = defaultScenario();
    base.topology = { kind: 'tree', caches: treeFromScenario(base, 2, 1) };
    const built = designScenarios(base);
    if ('error' in built) throw new Error(built.error);
    const t = built[3].scenario.topology;
    if (t.kind !== 'tree') throw new Error('a tree');
    expect(t.caches.map((c) => [c.name, c.policy.kind])).toEqual([
      ['array', 'mru'],
      ['mid1', 'mru'],
      ['client1', 'lru'],
      ['client2', 'lru'],
    ]);
    expect(built[3].scenario.protocol).toEqual({ kind: 'demote' });
  });

  it('runs them on the pool and ranks them by mean latency', async () => {
    render(
      <DesignComparison base={defaultScenario()} createRunner={() => ({ run: fake, close: () => {}, parallel: 3 })} />,
    );
    fireEvent.click(screen.getByTestId('designs-run'));
    await waitFor(() => expect(screen.getByTestId('designs-progress').getAttribute('data-status')).toBe('done'));
    const rows = [...screen.getByTestId('designs-table').querySelectorAll('tr[data-design]')].map((r) =>
      r.getAttribute('data-design'),
    );
    expect(rows.slice(0, 2)).toEqual(['LRU-MRU-demote', 'MRU-MRU-demote']);
    expect(rows[7]).toBe('MRU-LRU-none');
    expect(screen.getByTestId('designs-table').querySelector('tr.best')?.textContent).toContain('★');
  });

  it('shows a failing run and stays usable', async () => {
    render(
      <DesignComparison
        base={defaultScenario()}
        createRunner={() => ({ run: () => Promise.reject(new Error('worker crashed')), close: () => {}, parallel: 2 })}
      />,
    );
    fireEvent.click(screen.getByTestId('designs-run'));
    expect((await screen.findByTestId('designs-error')).textContent).toBe('worker crashed');
    expect((screen.getByTestId('designs-run') as HTMLButtonElement).disabled).toBe(false);
  });
});
