// Paper 000's eight designs compared side by side, driven by a fake engine.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DesignComparison, designScenarios } from '../../web/features/designs/DesignComparison';
import type { PointRunner } from '../../web/features/mrc/sweep';
import { defaultScenario } from '../../web/scenario/defaults';
import { makeReport } from './fixtures';

afterEach(cleanup);

/** Latency: 1 ms, less 0.3 for an MRU array and 0.5 for DEMOTE (so LRU-MRU-demote ties MRU-MRU-demote). */
const fake: PointRunner = async (s) =>
  makeReport({ meanLatencyMs: 1 - (s.array.policy.kind === 'mru' ? 0.3 : 0) - (s.protocol.kind === 'demote' ? 0.5 : 0) });

describe('the eight designs', () => {
  it('are the base scenario with each design, two levels and no DU', () => {
    const base = defaultScenario();
    base.du = 'drop';
    base.client.co = true;
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
    expect(built[3].scenario).toMatchObject({ client: { policy: { kind: 'lru' } }, array: { policy: { kind: 'mru' } }, protocol: { kind: 'demote' } });
    expect('du' in built[3].scenario || 'co' in built[3].scenario.client).toBe(false);
  });

  it('runs them on the pool and ranks them by mean latency', async () => {
    render(<DesignComparison base={defaultScenario()} createRunner={() => ({ run: fake, close: () => {}, parallel: 3 })} />);
    fireEvent.click(screen.getByTestId('designs-run'));
    await waitFor(() => expect(screen.getByTestId('designs-progress').getAttribute('data-status')).toBe('done'));
    const rows = [...screen.getByTestId('designs-table').querySelectorAll('tr[data-design]')].map((r) => r.getAttribute('data-design'));
    expect(rows.slice(0, 2)).toEqual(['LRU-MRU-demote', 'MRU-MRU-demote']);
    expect(rows[7]).toBe('MRU-LRU-none');
    expect(screen.getByTestId('designs-table').querySelector('tr.best')?.textContent).toContain('★');
  });

  it('shows a failing run and stays usable', async () => {
    render(<DesignComparison base={defaultScenario()} createRunner={() => ({ run: () => Promise.reject(new Error('worker crashed')), close: () => {}, parallel: 2 })} />);
    fireEvent.click(screen.getByTestId('designs-run'));
    expect((await screen.findByTestId('designs-error')).textContent).toBe('worker crashed');
    expect((screen.getByTestId('designs-run') as HTMLButtonElement).disabled).toBe(false);
  });
});
