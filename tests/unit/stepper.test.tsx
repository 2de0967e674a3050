// The teaching stepper: its request lists, layout and narration, and the panel driven by a
// fake engine — step, back, play, and clear messages for bad input.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutStep, narrate, resolveClients, Stepper, STEPPER_PRESETS, stepperScenario } from '../../web/features/teach/Stepper';
import { defaultScenario } from '../../web/scenario/defaults';
import { treeFromScenario } from '../../web/scenario/topology';
import { letterId, letterName, parseBlocks } from '../../web/features/teach/requests';
import type { TeachStep } from '../../web/worker/protocol';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // The stepper writes its state into the hash: each test opens a page without it.
  window.history.replaceState(null, '', window.location.pathname);
});

const q = (name: string, blocks: number[], ghost = false) => ({ name, ghost, blocks });
/** Two levels' caches, as the engine lists them: the client (under the array), then the array. */
const pair = (client: ReturnType<typeof q>[], array: ReturnType<typeof q>[], tally: [number, number, number, number] = [0, 0, 0, 0]) => [
  { name: 'client', parent: 1, queues: client, hits: tally[0], misses: tally[1] },
  { name: 'array', parent: null, queues: array, hits: tally[2], misses: tally[3] },
];
// Paper 000 §4.5: Start (client C D E, array D B E) then A read: Final (client D E A, array E C A).
/** The starting state, its request fields null as the engine sends them. */
const NO_REQUEST = { block: null, op: null, client: null, level: null, servedBy: null, miss: null, distance: null, pathCapacity: null } as const;
const START: TeachStep = { ...NO_REQUEST, latencyMs: 0, caches: pair([q('cache', [2, 3, 4])], [q('cache', [3, 1, 4])]), demotions: 0, diskReads: 0 };
const FINAL: TeachStep = { block: 0, op: 'read', client: 0, level: 'disk', servedBy: 'disk', latencyMs: 10.4, caches: pair([q('cache', [3, 4, 0])], [q('cache', [4, 2, 0])], [0, 1, 0, 1]), demotions: 1, diskReads: 1, miss: 'cold', distance: null, pathCapacity: 6 };

describe('the teaching stepper', () => {
  it('reads request lists of letters or numbers, writes starred, and names a bad token', () => {
    expect([letterId('A'), letterId('Z'), letterId('AA'), letterName(27)]).toEqual([0, 25, 26, 'AB']);
    expect(parseBlocks('A b, C*  7')).toEqual({ ok: true, letters: true, requests: [[0, 'read'], [1, 'read'], [2, 'write'], [7, 'read']] });
    expect(parseBlocks('3 4 5')).toMatchObject({ ok: true, letters: false });
    expect(parseBlocks('A B? C')).toEqual({ ok: false, message: 'request 2: "B?" is not a block — letters (A, B, … AA) or a number up to 999999, with * for a write, after its client and a colon (c2:A) if not the first' });
    expect(parseBlocks('A*', 'client start block', false)).toMatchObject({ ok: false });
    // A request may name its client: by name, or its number from 1.
    expect(parseBlocks('c2:A B c1:7* 2:C')).toEqual({ ok: true, letters: true, requests: [[0, 'read', 'c2'], [1, 'read'], [7, 'write', 'c1'], [2, 'read', '2']] });
    expect(parseBlocks('c2:A', 'client start block', false)).toMatchObject({ ok: false });
    const parsed = parseBlocks('c2:A B 1:C');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(resolveClients(parsed, ['c1', 'c2'])).toEqual([[0, 'read', 'c2'], [1, 'read'], [2, 'read', 'c1']]);
    expect(resolveClients(parsed, ['client'])).toEqual({ error: 'request 1: "c2" is not a client of this hierarchy (its clients: client, or 1 to 1)' });
    expect(parseBlocks('1 '.repeat(1001))).toMatchObject({ ok: false, message: 'requests: at most 1000 (got 1001)' });
  });

  it('builds a valid tiny scenario for every preset, and refuses big caches', () => {
    for (const p of STEPPER_PRESETS) expect('error' in stepperScenario(p.config), p.id).toBe(false);
    expect(stepperScenario({ ...STEPPER_PRESETS[0].config, clientSize: 65 })).toEqual({ error: 'the stepper draws caches of at most 64 blocks' });
    expect(stepperScenario({ ...STEPPER_PRESETS[0].config, clientSize: 0 })).toMatchObject({ error: expect.stringContaining('topology.client.capacity') });
    // One cache, two levels, a tree: each as the engine's scenario has it.
    expect(stepperScenario(STEPPER_PRESETS.find((p) => p.id === 'arc')!.config)).toMatchObject({ topology: { kind: 'single', cache: { capacity: 4, policy: { kind: 'arc' } } } });
    expect(stepperScenario(STEPPER_PRESETS[0].config)).toMatchObject({ topology: { kind: 'two-level' }, protocol: { kind: 'demote' } });
    expect(stepperScenario(STEPPER_PRESETS.find((p) => p.id === 'shared')!.config)).toMatchObject({ topology: { kind: 'tree' } });
    // The page's tree as it usually is: too big to draw, said so.
    const big = { ...STEPPER_PRESETS[0].config, tree: { from: 'scenario', caches: treeFromScenario(defaultScenario(), 2, 0) } };
    expect(stepperScenario(big)).toEqual({ error: 'the stepper draws caches of at most 64 blocks (this tree has one of 16384: shrink its caches in the scenario)' });
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
    // The starting state as the engine sends it (no request: nulls).
    expect(narrate(START, START, true)).toBe('Step 0: no request yet — the caches hold their start lists.');
    const empty = { ...START, caches: pair([q('cache', [])], [q('cache', [])]) };
    expect(narrate(empty, empty, true)).toBe('Step 0: no request yet — every cache is empty.');
    expect(narrate(START, FINAL, true)).toBe('Read A: from disk (10.40 ms). The client takes A and lets go of C. The array takes C, A and lets go of D, B. 1 DEMOTE.');
    const ghosts = layoutStep({ ...START, caches: [{ name: 'cache', parent: null, queues: [q('T1', [1]), q('B1', [1, 2], true)], hits: 0, misses: 0 }] }, false);
    expect(ghosts.boxes.map((b) => [b.key, b.ghost])).toEqual([
      ['1', false],
      ['cache:B1:1', true],
      ['cache:B1:2', true],
    ]);
    // A tree: who asked, and which cache served it; each client's cache coloured as a client's.
    const tree = (c1: number[], c2: number[], array: number[]) => [
      { name: 'array', parent: null, queues: [q('cache', array)], hits: 0, misses: 0 },
      { name: 'c1', parent: 0, queues: [q('cache', c1)], hits: 0, misses: 0 },
      { name: 'c2', parent: 0, queues: [q('cache', c2)], hits: 0, misses: 0 },
    ];
    const was: TeachStep = { ...NO_REQUEST, latencyMs: 0, caches: tree([0], [], [0]), demotions: 0, diskReads: 1 };
    const now: TeachStep = { block: 0, op: 'read', client: 1, level: 'array', servedBy: 'array', latencyMs: 0.2, caches: tree([0], [0], [0]), demotions: 0, diskReads: 1, miss: null, distance: 1, pathCapacity: 4 };
    expect(narrate(was, now, true, ['c1', 'c2'])).toBe('c2 reads A: a hit at array (0.20 ms). c2 takes A.');
    expect(layoutStep(now, true).boxes.map((b) => [b.key, b.cache, b.client])).toEqual([
      ['A', 'array', false],
      ['A#2', 'c1', true],
      ['A#3', 'c2', true],
    ]);
  });

  it('steps, goes back and plays through the steps the engine gives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const teach = vi.fn(async () => [START, FINAL, { ...FINAL, block: 1, level: 'array' as const, servedBy: 'array', caches: pair([q('cache', [4, 0, 1])], [q('cache', [2, 0, 3])]) }]);
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

  it('steps without a Load, from the settings as they are — to step 0 first — and starts again when they change', async () => {
    const teach = vi.fn(async () => [START, FINAL, FINAL]);
    render(<Stepper teach={teach} />);
    const at = () => screen.getByTestId('stepper-at');
    expect(at().textContent).toBe('Step or Play starts from these settings');
    fireEvent.click(screen.getByTestId('stepper-step'));
    await waitFor(() => expect(at().getAttribute('data-steps')).toBe('2'));
    // The first Step shows the caches before any request: no request in the narration yet.
    expect(at().textContent).toBe('step 0 of 2');
    expect(screen.getByTestId('stepper-narration').textContent).toMatch(/^Step 0: no request yet/);
    fireEvent.click(screen.getByTestId('stepper-step'));
    expect(at().getAttribute('data-at')).toBe('1');
    expect(teach).toHaveBeenCalledTimes(1);
    expect(at().textContent).toBe('step 1 of 2');
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
    expect(at().getAttribute('data-at')).toBe('0');
  });

  it('steps through a small tree whose requests name their client, starting each cache as typed', async () => {
    const teach = vi.fn(async () => [START, FINAL]);
    render(<Stepper teach={teach} />);
    fireEvent.click(screen.getByTestId('stepper-preset-shared'));
    await waitFor(() => expect(teach).toHaveBeenCalledTimes(1));
    const [s, requests, start] = teach.mock.calls[0] as unknown as [any, unknown, unknown];
    expect(s.topology.caches.map((c: any) => c.name)).toEqual(['array', 'c1', 'c2']);
    expect(requests).toEqual([[0, 'read', 'c1'], [1, 'read', 'c1'], [0, 'read', 'c2'], [2, 'read', 'c2'], [3, 'read', 'c1'], [1, 'read', 'c2'], [0, 'read', 'c1'], [3, 'read', 'c2']]);
    expect(start).toEqual({});
    // A start list per cache, by name; a request naming no client of the tree is refused here.
    fireEvent.change(screen.getByTestId('stepper-start-c2'), { target: { value: 'D' } });
    fireEvent.change(screen.getByTestId('stepper-requests'), { target: { value: 'c2:A 2:B A' } });
    fireEvent.click(screen.getByTestId('stepper-load'));
    await waitFor(() => expect(teach).toHaveBeenCalledTimes(2));
    expect((teach.mock.calls[1] as unknown[])[1]).toEqual([[0, 'read', 'c2'], [1, 'read', 'c2'], [0, 'read']]);
    expect((teach.mock.calls[1] as unknown[])[2]).toEqual({ c2: [3] });
    fireEvent.change(screen.getByTestId('stepper-requests'), { target: { value: 'c3:A' } });
    fireEvent.click(screen.getByTestId('stepper-load'));
    expect((await screen.findByTestId('stepper-error')).textContent).toBe('request 1: "c3" is not a client of this hierarchy (its clients: c1, c2, or 1 to 2)');
    expect(teach).toHaveBeenCalledTimes(2);
    // Back to a client over an array: its own inputs again.
    fireEvent.change(screen.getByTestId('stepper-shape'), { target: { value: 'pair' } });
    expect(screen.getByTestId('stepper-start-client')).toBeTruthy();
  });

  it("offers the scenario's own tree, and sends a single cache's start as the engine names it", async () => {
    const small: any = defaultScenario();
    small.topology = { kind: 'tree', caches: treeFromScenario(small, 2, 0).map((c) => ({ ...c, capacity: 4 })) };
    const teach = vi.fn(async () => [START]);
    render(<Stepper teach={teach} scenario={small} />);
    fireEvent.change(screen.getByTestId('stepper-shape'), { target: { value: 'scenario' } });
    expect(screen.getByTestId('stepper-tree').textContent).toContain('client2 (under array): LRU, 4 blocks');
    fireEvent.change(screen.getByTestId('stepper-requests'), { target: { value: 'client2:A' } });
    fireEvent.click(screen.getByTestId('stepper-load'));
    await waitFor(() => expect(teach).toHaveBeenCalledTimes(1));
    expect((teach.mock.calls[0] as unknown as [any])[0]).toMatchObject({ topology: { kind: 'tree' }, protocol: { kind: 'demote' } });
    fireEvent.click(screen.getByTestId('stepper-preset-arc'));
    await waitFor(() => expect(teach).toHaveBeenCalledTimes(2));
    expect((teach.mock.calls[1] as unknown[])[2]).toEqual({ client: [] });
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
