// The teaching stepper: its request lists, layout and narration, and the panel driven by a
// fake engine — step, back, play, and clear messages for bad input.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutStep, narrate, Stepper, STEPPER_PRESETS, stepperScenario } from '../../web/features/teach/Stepper';
import { letterId, letterName, parseBlocks } from '../../web/features/teach/requests';
import type { TeachStep } from '../../web/worker/protocol';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const q = (name: string, blocks: number[], ghost = false) => ({ name, ghost, blocks });
// Paper 000 §4.5: Start (client C D E, array D B E) then A read: Final (client D E A, array E C A).
const START: TeachStep = { latencyMs: 0, client: [q('cache', [2, 3, 4])], array: [q('cache', [3, 1, 4])], demotions: 0, diskReads: 0 };
const FINAL: TeachStep = { block: 0, op: 'read', level: 'disk', latencyMs: 10.4, client: [q('cache', [3, 4, 0])], array: [q('cache', [4, 2, 0])], demotions: 1, diskReads: 1 };

describe('the teaching stepper', () => {
  it('reads request lists of letters or numbers, writes starred, and names a bad token', () => {
    expect([letterId('A'), letterId('Z'), letterId('AA'), letterName(27)]).toEqual([0, 25, 26, 'AB']);
    expect(parseBlocks('A b, C*  7')).toEqual({ ok: true, letters: true, requests: [[0, 'read'], [1, 'read'], [2, 'write'], [7, 'read']] });
    expect(parseBlocks('3 4 5')).toMatchObject({ ok: true, letters: false });
    expect(parseBlocks('A B? C')).toEqual({ ok: false, message: 'request 2: "B?" is not a block — letters (A, B, … AA) or a number up to 999999, with * for a write' });
    expect(parseBlocks('A*', 'client start block', false)).toMatchObject({ ok: false });
    expect(parseBlocks('1 '.repeat(1001))).toMatchObject({ ok: false, message: 'requests: at most 1000 (got 1001)' });
  });

  it('builds a valid tiny scenario for every preset, and refuses big caches', () => {
    for (const p of STEPPER_PRESETS) expect('error' in stepperScenario(p.config), p.id).toBe(false);
    expect(stepperScenario({ ...STEPPER_PRESETS[0].config, clientSize: 65 })).toEqual({ error: 'the stepper draws caches of at most 64 blocks' });
    expect(stepperScenario({ ...STEPPER_PRESETS[0].config, clientSize: 0 })).toMatchObject({ error: expect.stringContaining('client.capacity') });
  });

  it('lays a block out so that it keeps its key as it moves between caches, and narrates the move', () => {
    const before = layoutStep(START, true);
    const after = layoutStep(FINAL, true);
    const pos = (l: typeof before, key: string) => l.boxes.find((b) => b.key === key);
    // D is in both caches at the start: its client copy is D, its array copy D#2.
    expect(before.boxes.map((b) => b.key)).toEqual(['C', 'D', 'E', 'D#2', 'B', 'E#2']);
    // C moved from the client's eject-next end to the array's middle: same key, new place.
    expect(pos(before, 'C')!.y).toBeLessThan(pos(after, 'C')!.y);
    expect(pos(after, 'A')!.x).toBeGreaterThan(pos(after, 'D')!.x);
    expect(narrate(START, FINAL, true)).toBe('Read A: from disk (10.40 ms). The client takes A and lets go of C. The array takes C, A and lets go of D, B. 1 DEMOTE.');
    const ghosts = layoutStep({ ...START, array: [], client: [q('T1', [1]), q('B1', [1, 2], true)] }, false);
    expect(ghosts.boxes.map((b) => [b.key, b.ghost])).toEqual([
      ['1', false],
      ['client:B1:1', true],
      ['client:B1:2', true],
    ]);
  });

  it('steps, goes back and plays through the steps the engine gives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const teach = vi.fn(async () => [START, FINAL, { ...FINAL, block: 1, level: 'array' as const, client: [q('cache', [4, 0, 1])], array: [q('cache', [2, 0, 3])] }]);
    render(<Stepper teach={teach} />);
    fireEvent.click(screen.getByTestId('stepper-preset-paper000'));
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('2'));
    expect((teach.mock.calls[0] as unknown[])[1]).toEqual([0, 1, 2, 3, 4, 0, 1].map((b) => [b, 'read']));
    expect((teach.mock.calls[0] as unknown[])[2]).toEqual({ client: [2, 3, 4], array: [3, 1, 4] });
    const blocks = () => screen.getAllByTestId('stepper-queue').map((r) => `${r.getAttribute('data-cache')}: ${r.getAttribute('data-blocks')}`);
    expect(blocks()).toEqual(['client: C D E', 'array: D B E']);
    fireEvent.click(screen.getByTestId('stepper-step'));
    expect(blocks()).toEqual(['client: D E A', 'array: E C A']);
    expect(screen.getByTestId('stepper-narration').textContent).toContain('Read A: from disk');
    fireEvent.click(screen.getByTestId('stepper-back'));
    expect(blocks()).toEqual(['client: C D E', 'array: D B E']);
    fireEvent.click(screen.getByTestId('stepper-play'));
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(750);
      });
    }
    expect(screen.getByTestId('stepper-at').getAttribute('data-at')).toBe('2');
    expect((screen.getByTestId('stepper-step') as HTMLButtonElement).disabled).toBe(true);
  });

  it('steps without a Load, from the settings as they are, and starts again when they change', async () => {
    const teach = vi.fn(async () => [START, FINAL, FINAL]);
    render(<Stepper teach={teach} />);
    const at = () => screen.getByTestId('stepper-at');
    expect(at().textContent).toBe('Step or Play starts from these settings');
    fireEvent.click(screen.getByTestId('stepper-step'));
    await waitFor(() => expect(at().getAttribute('data-at')).toBe('1'));
    expect(teach).toHaveBeenCalledTimes(1);
    expect(at().textContent).toBe('request 1 of 2');
    fireEvent.change(screen.getByTestId('stepper-requests'), { target: { value: 'E D' } });
    expect(at().getAttribute('data-fresh')).toBe('false');
    expect(at().textContent).toBe('settings changed: Step or Play starts again from them');
    expect((screen.getByTestId('stepper-back') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('stepper-step'));
    await waitFor(() => expect(at().getAttribute('data-fresh')).toBe('true'));
    expect(teach).toHaveBeenCalledTimes(2);
    expect((teach.mock.calls[1] as unknown[])[1]).toEqual([
      [4, 'read'],
      [3, 'read'],
    ]);
    expect(at().getAttribute('data-at')).toBe('1');
  });

  it('says what is wrong with the input and keeps the steps it had', async () => {
    const teach = vi.fn(async () => [START, FINAL]);
    render(<Stepper teach={teach} />);
    fireEvent.click(screen.getByTestId('stepper-preset-paper000'));
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('1'));
    fireEvent.change(screen.getByTestId('stepper-requests'), { target: { value: 'A B %' } });
    fireEvent.click(screen.getByTestId('stepper-load'));
    expect((await screen.findByTestId('stepper-error')).textContent).toContain('request 3: "%" is not a block');
    expect(screen.getAllByTestId('stepper-queue')).toHaveLength(2);
    expect(teach).toHaveBeenCalledTimes(1);
  });
});
