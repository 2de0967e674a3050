// The paper gallery, driven by a fake engine: one click loads the primary scenario and shows
// each reading beside the paper's, marked as agreeing or not.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/features/gallery/experiments';
import { Gallery } from '../../web/features/gallery/Gallery';
import type { PointRunner } from '../../web/features/mrc/sweep';
import { checkScenario, type Scenario } from '../../web/scenario/schema';
import { makeReport } from './fixtures';

afterEach(cleanup);

describe('the paper gallery', () => {
  it('has a card per seed paper, every scenario valid', () => {
    expect(EXPERIMENTS.map((e) => e.id)).toEqual(['paper000', 'paper001', 'paper002', 'paper003', 'paper004']);
    for (const e of EXPERIMENTS) {
      expect(Object.keys(e.runs)).toContain(e.primary);
      for (const [k, s] of Object.entries(e.runs)) expect(checkScenario(s).ok, `${e.id}.${k}`).toBe(true);
    }
  });

  it('loads the primary scenario, runs the rest on the pool and shows paper beside ours', async () => {
    const loaded: Scenario[] = [];
    // LRU-LRU-none at 4.8 ms, LRU-MRU-demote at 0.6 ms.
    const fake: PointRunner = async (s) => makeReport({ meanLatencyMs: s.protocol?.kind === 'demote' ? 0.6 : 4.8 });
    render(<Gallery onLoad={(s) => loaded.push(s)} createRunner={() => ({ run: fake, close: () => {}, parallel: 2 })} />);
    fireEvent.click(screen.getByTestId('gallery-run-paper000'));
    await waitFor(() => expect(screen.getByTestId('gallery-paper000').getAttribute('data-status')).toBe('done'));
    expect(loaded.map((s) => s.name)).toEqual(['RANDOM LRU-MRU-demote']);
    const rows = [...screen.getByTestId('gallery-readings-paper000').querySelectorAll('tr[data-agrees]')].map((r) => [r.querySelector('th')!.textContent, r.getAttribute('data-agrees')]);
    expect(rows).toEqual([
      ['LRU-LRU-none', 'true'],
      ['LRU-MRU-demote', 'true'],
      ['speed-up', 'true'],
    ]);
    expect(screen.getByTestId('gallery-readings-paper000').textContent).toContain('8.0×');
  });

  it('says when ours differs, and shows a failing run', async () => {
    const slow: PointRunner = async () => makeReport({ meanLatencyMs: 3 });
    render(<Gallery onLoad={() => {}} createRunner={() => ({ run: slow, close: () => {}, parallel: 1 })} />);
    fireEvent.click(screen.getByTestId('gallery-run-paper000'));
    await waitFor(() => expect(screen.getByTestId('gallery-paper000').getAttribute('data-status')).toBe('done'));
    expect([...screen.getByTestId('gallery-readings-paper000').querySelectorAll('tr[data-agrees="false"]')]).toHaveLength(3);
    cleanup();
    render(<Gallery onLoad={() => {}} createRunner={() => ({ run: () => Promise.reject(new Error('worker crashed')), close: () => {}, parallel: 1 })} />);
    fireEvent.click(screen.getByTestId('gallery-run-paper004'));
    expect((await screen.findByRole('alert')).textContent).toBe('worker crashed');
  });
});
