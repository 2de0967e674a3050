// The teaching stepper: its request lists, layout and narration, and the panel driven by a
// fake engine — step, back, play, and clear messages for bad input.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import LZString from 'lz-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutStep, smallestObject } from '../../web/features/teach/layout';
import { narrate } from '../../web/features/teach/narrate';
import { STEPPER_PRESETS } from '../../web/features/teach/presets';
import { stepperScenario } from '../../web/features/teach/scenario';
import { Stepper } from '../../web/features/teach/Stepper';
import { defaultScenario } from '../../web/scenario/defaults';
import { treeFromScenario } from '../../web/scenario/topology';
import { blockLabel, walkInput } from '../../web/features/teach/requests';
import { readStepperLink, sameConfig, walkParams, walkParamsIn, writeStepperLink } from '../../web/features/teach/link';
import { unzipSync } from 'fflate';
import { frameName, frameSvg, printablePage, stackFrames, zipFrames } from '../../web/features/teach/export';
import {
  evictionsAt,
  evictionsOf,
  guessChoices,
  HINT_WORDS,
  judgeGuess,
  missWords,
  pathOf,
  requestWords,
  stripOf,
  tallyAt,
} from '../../web/features/teach/walk';
import type { TeachStep } from '../../web/worker/protocol';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // The stepper writes its state into the hash: each test opens a page without it.
  window.history.replaceState(null, '', window.location.pathname);
});

const q = (name: string, blocks: number[], ghost = false) => ({ name, ghost, blocks, partition: null });
/** Two levels' caches, as the engine lists them: the client (under the array), then the array. */
const pair = (
  client: ReturnType<typeof q>[],
  array: ReturnType<typeof q>[],
  tally: [number, number, number, number] = [0, 0, 0, 0],
) => [
  { name: 'client', policy: 'lru', stack: null, parent: 1, queues: client, hits: tally[0], misses: tally[1] },
  { name: 'array', policy: 'lru', stack: null, parent: null, queues: array, hits: tally[2], misses: tally[3] },
];
// Paper 000 §4.5: Start (client C D E, array D B E) then A read: Final (client D E A, array E C A).
/** The starting state, its request fields null as the engine sends them. */
const NO_REQUEST = {
  block: null,
  op: null,
  hint: null,
  client: null,
  level: null,
  servedBy: null,
  miss: null,
  distance: null,
  pathCapacity: null,
  inBytes: false,
} as const;
const START: TeachStep = {
  ...NO_REQUEST,
  events: [],
  latencyMs: 0,
  caches: pair([q('cache', [2, 3, 4])], [q('cache', [3, 1, 4])]),
  demotions: 0,
  diskReads: 0,
};
const FINAL: TeachStep = {
  block: 0,
  op: 'read',
  hint: null,
  client: 0,
  level: 'disk',
  servedBy: 'disk',
  latencyMs: 10.4,
  caches: pair([q('cache', [3, 4, 0])], [q('cache', [4, 2, 0])], [0, 1, 0, 1]),
  demotions: 1,
  diskReads: 1,
  miss: 'cold',
  distance: null,
  pathCapacity: 6,
  inBytes: false,
  events: [],
};

describe('the teaching stepper', () => {
  it('reads request lists through the engine: letters or numbers, writes starred, clients resolved', () => {
    // The grammar is the engine's (rules::teach, tested there token by token); here, what the
    // stepper hands it and gets back.
    expect([blockLabel(0, true), blockLabel(25, true), blockLabel(26, true), blockLabel(27, false)]).toEqual([
      'A',
      'Z',
      'AA',
      '27',
    ]);
    const pair = STEPPER_PRESETS[0].config;
    const s = stepperScenario(pair);
    if ('error' in s) throw new Error(s.error);
    const read = walkInput({ ...pair, requests: 'A b, C*replace  7', startClient: 'B', startArray: '' }, s);
    expect(read).toEqual({
      ok: true,
      letters: true,
      clients: ['client'],
      start: { client: [1], array: [] },
      requests: [
        { block: 0, op: 'read', client: 0 },
        { block: 1, op: 'read', client: 0 },
        { block: 2, op: 'replace', client: 0 },
        { block: 7, op: 'read', client: 0 },
      ],
    });
    expect(walkInput({ ...pair, requests: 'A B? C' }, s)).toEqual({
      ok: false,
      message:
        'request 2: "B?" is not a block — letters (A, B, … AA) or a number up to 999999, with * for a write (*synch, *replace, *recov for a hinted one), after its client and a colon (c2:A) if not the first, its size after a colon for an object of any size (A:4K, up to 1 TiB), and before @ and its range (A@2) under MC²',
    });
    expect(walkInput({ ...pair, requests: 'c2:A' }, s)).toEqual({
      ok: false,
      message: 'request 1: "c2" is not a client of this hierarchy (its clients: client, or 1 to 1)',
    });
    expect(walkInput({ ...pair, requests: '' }, s)).toEqual({ ok: false, message: 'type at least one request' });
    expect(walkInput({ ...pair, startClient: 'A*' }, s)).toMatchObject({
      ok: false,
      message: expect.stringContaining('client start block 1: "A*" is not a block'),
    });
    // A tree's clients: by name, or their number from 1; a block's range after an @ (MC²).
    const shared = STEPPER_PRESETS.find((p) => p.id === 'shared')!.config;
    const t = stepperScenario(shared);
    if ('error' in t) throw new Error(t.error);
    const names = walkInput({ ...shared, requests: 'zz:A' }, t);
    expect(names).toMatchObject({ ok: false });
    const clients = (walkInput(shared, t) as { clients: string[] }).clients;
    const tree = walkInput({ ...shared, requests: `${clients[1]}:A B@5 1:C*` }, t);
    expect(tree).toMatchObject({
      ok: true,
      requests: [
        { block: 0, op: 'read', client: 1 },
        { block: 1, op: 'read', client: 0, range: 5 },
        { block: 2, op: 'write', client: 0 },
      ],
    });
  });

  it('builds a valid tiny scenario for every preset, and refuses big caches', () => {
    for (const p of STEPPER_PRESETS) expect('error' in stepperScenario(p.config), p.id).toBe(false);
    expect(stepperScenario({ ...STEPPER_PRESETS[0].config, clientSize: 65 })).toEqual({
      error: 'scenario.topology.client.capacity: the teaching stepper draws caches of at most 64 blocks (got 65)',
    });
    expect(stepperScenario({ ...STEPPER_PRESETS[0].config, clientSize: 0 })).toMatchObject({
      error: expect.stringContaining('topology.client.capacity'),
    });
    // One cache, two levels, a tree: each as the engine's scenario has it.
    expect(stepperScenario(STEPPER_PRESETS.find((p) => p.id === 'arc')!.config)).toMatchObject({
      topology: { kind: 'single', cache: { capacity: 4, policy: { kind: 'arc' } } },
    });
    expect(stepperScenario(STEPPER_PRESETS[0].config)).toMatchObject({
      topology: { kind: 'two-level' },
      protocol: { kind: 'demote' },
    });
    expect(stepperScenario(STEPPER_PRESETS.find((p) => p.id === 'shared')!.config)).toMatchObject({
      topology: { kind: 'tree' },
    });
    // The page's tree as it usually is: too big to draw, said so.
    const big = {
      ...STEPPER_PRESETS[0].config,
      tree: { from: 'scenario', caches: treeFromScenario(defaultScenario(), 2, 0) },
    };
    expect(stepperScenario(big)).toEqual({
      error: 'scenario.topology.caches[0].capacity: the teaching stepper draws caches of at most 64 blocks (got 16384)',
    });
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
    expect(narrate(START, FINAL, true)).toBe(
      'Read A: from disk (10.40 ms). The client takes A and lets go of C. The array takes C, A and lets go of D, B. 1 DEMOTE.',
    );
    const ghosts = layoutStep(
      {
        ...START,
        caches: [
          {
            name: 'cache',
            stack: null,
            policy: 'lru',
            parent: null,
            queues: [q('T1', [1]), q('B1', [1, 2], true)],
            hits: 0,
            misses: 0,
          },
        ],
      },
      false,
    );
    expect(ghosts.boxes.map((b) => [b.key, b.ghost])).toEqual([
      ['1', false],
      ['cache:B1:1', true],
      ['cache:B1:2', true],
    ]);
    // LIRS's stack S drawn first, each entry marked, keyed by its cache (the blocks glide in the lists below it).
    const lirs = layoutStep(
      {
        ...START,
        caches: [
          {
            name: 'cache',
            parent: null,
            policy: 'lirs',
            stack: [
              { block: 0, status: 'lir' },
              { block: 3, status: 'hir-non-resident' },
              { block: 4, status: 'hir-resident' },
            ],
            queues: [q('HIR resident', [4]), q('LIR', [0]), q('HIR non-resident', [3], true)],
            hits: 0,
            misses: 0,
          },
        ],
      },
      true,
    );
    expect(lirs.rows.map((r) => [r.queue.name, r.marks?.join(' ') ?? ''])).toEqual([
      ['S', 'lir hir-non-resident hir-resident'],
      ['HIR resident', ''],
      ['LIR', ''],
      ['HIR non-resident', ''],
    ]);
    expect(lirs.boxes.map((b) => [b.key, b.mark ?? '', b.ghost])).toEqual([
      ['cache:S:A', 'lir', false],
      ['cache:S:D', 'hir-non-resident', true],
      ['cache:S:E', 'hir-resident', false],
      ['E', '', false],
      ['A', '', false],
      ['cache:HIR non-resident:D', '', true],
    ]);
    // A tree: who asked, and which cache served it; each client's cache coloured as a client's.
    const tree = (c1: number[], c2: number[], array: number[]) => [
      { name: 'array', policy: 'lru', stack: null, parent: null, queues: [q('cache', array)], hits: 0, misses: 0 },
      { name: 'c1', policy: 'lru', stack: null, parent: 0, queues: [q('cache', c1)], hits: 0, misses: 0 },
      { name: 'c2', policy: 'lru', stack: null, parent: 0, queues: [q('cache', c2)], hits: 0, misses: 0 },
    ];
    const was: TeachStep = {
      ...NO_REQUEST,
      events: [],
      latencyMs: 0,
      caches: tree([0], [], [0]),
      demotions: 0,
      diskReads: 1,
    };
    const now: TeachStep = {
      block: 0,
      op: 'read',
      hint: null,
      client: 1,
      level: 'array',
      servedBy: 'array',
      latencyMs: 0.2,
      caches: tree([0], [0], [0]),
      demotions: 0,
      diskReads: 1,
      miss: null,
      distance: 1,
      pathCapacity: 4,
      inBytes: false,
      events: [],
    };
    expect(narrate(was, now, true, ['c1', 'c2'])).toBe('c2 reads A: a hit at array (0.20 ms). c2 takes A.');
    expect(layoutStep(now, true).boxes.map((b) => [b.key, b.cache, b.client])).toEqual([
      ['A', 'array', false],
      ['A#2', 'c1', true],
      ['A#3', 'c2', true],
    ]);
  });

  it("draws a walk of sizes by size, with each cache's bytes and GDSF's priorities, and says it in bytes", () => {
    const k = 1024;
    const cache = (blocks: number[], sizes: number[], priorities: number[], used: number, tooLarge = 0) => ({
      name: 'cache',
      stack: null,
      policy: 'lru',
      parent: null,
      queues: [{ name: 'by H', ghost: false, blocks, partition: null, sizes, priorities }],
      hits: 0,
      misses: 0,
      bytes: { capacity: 16 * k, used, tooLarge },
      inflation: 122.0703125,
      byteHits: 2 * k,
      byteMisses: 8 * k,
    });
    const before: TeachStep = {
      ...NO_REQUEST,
      events: [],
      latencyMs: 0,
      caches: [cache([0], [2 * k], [488.28], 2 * k)],
      demotions: 0,
      diskReads: 0,
    };
    const after: TeachStep = {
      ...NO_REQUEST,
      events: [],
      block: 3,
      op: 'read',
      client: 0,
      level: 'disk',
      servedBy: 'disk',
      bytes: 8 * k,
      latencyMs: 10,
      caches: [cache([3, 0], [8 * k, 2 * k], [244.14, 488.28], 10 * k)],
      demotions: 0,
      diskReads: 1,
      miss: 'capacity',
      distance: 18 * k,
      pathCapacity: 16 * k,
      inBytes: true,
    };
    const layout = layoutStep(after, true, [], smallestObject([before, after]));
    // √(8 KiB / the smallest, 8 KiB) = 1 box; the 2 KiB one is as wide: the smallest is 8 KiB here.
    expect(layout.boxes.map((b) => [b.label, b.width, b.size, b.priority])).toEqual([
      ['D', 46, '8 KiB', 244.14],
      ['A', 46, '2 KiB', 488.28],
    ]);
    const wide = layoutStep(after, true, [], 2 * k);
    expect(wide.boxes.map((b) => b.width)).toEqual([92, 46]);
    expect(wide.boxes[1].x).toBe(wide.boxes[0].x + 92 + 6);
    // Without sizes every box is a block's.
    expect(layoutStep(FINAL, true).boxes.every((b) => b.width === 34)).toBe(true);
    expect(wide.rows[0].note).toBe('10 KiB of 16 KiB · L 122.1');
    expect(narrate(before, after, true)).toBe('Read D (8 KiB): from disk (10.00 ms). The cache takes D.');
    expect(missWords(after)).toBe(
      // One cache: no levels.
      "a capacity miss: 18 KiB deep (its own bytes and the distinct objects' since), more than the 16 KiB the cache holds",
    );
    const refused = { ...after, caches: [cache([0], [2 * k], [488.28], 2 * k, 1)] };
    expect(narrate(before, refused, true)).toBe(
      'Read D (8 KiB): from disk (10.00 ms). The cache holds only 16 KiB: D (8 KiB) is larger, so it is not admitted.',
    );
    // Its frame says the same: sizes and priorities under each name, the bytes in use.
    const svg = frameSvg({ steps: [before, after], letters: true, at: 1, narration: 'n' });
    expect(svg).toContain('>8 KiB · H 244.1<');
    expect(svg).toContain('>10 KiB of 16 KiB · L 122.1<');
    expect(svg).toContain('cache: 0 hits, 1 misses · in bytes 2 KiB hit, 8 KiB missed<');
  });

  it('steps, goes back and plays through the steps the engine gives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const teach = vi.fn(async () => [
      START,
      FINAL,
      {
        ...FINAL,
        block: 1,
        level: 'array' as const,
        servedBy: 'array',
        caches: pair([q('cache', [4, 0, 1])], [q('cache', [2, 0, 3])]),
      },
    ]);
    render(<Stepper teach={teach} />);
    fireEvent.click(screen.getByTestId('stepper-preset-paper000'));
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('2'));
    expect((teach.mock.calls[0] as unknown[])[1]).toEqual(
      [0, 1, 2, 3, 4, 0, 1].map((b) => ({ block: b, op: 'read', client: 0 })),
    );
    expect((teach.mock.calls[0] as unknown[])[2]).toEqual({ client: [2, 3, 4], array: [3, 1, 4] });
    const blocks = () =>
      screen
        .getAllByTestId('stepper-queue')
        .map((r) => `${r.getAttribute('data-cache')}: ${r.getAttribute('data-blocks')}`);
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
      { block: 4, op: 'read', client: 0 },
      { block: 3, op: 'read', client: 0 },
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
    expect(requests).toEqual([
      { block: 0, op: 'read', client: 0 },
      { block: 1, op: 'read', client: 0 },
      { block: 0, op: 'read', client: 1 },
      { block: 2, op: 'read', client: 1 },
      { block: 3, op: 'read', client: 0 },
      { block: 1, op: 'read', client: 1 },
      { block: 0, op: 'read', client: 0 },
      { block: 3, op: 'read', client: 1 },
    ]);
    expect(start).toEqual({});
    // A start list per cache, by name; a request naming no client of the tree is refused here.
    fireEvent.change(screen.getByTestId('stepper-start-c2'), { target: { value: 'D' } });
    fireEvent.change(screen.getByTestId('stepper-requests'), { target: { value: 'c2:A 2:B A' } });
    fireEvent.click(screen.getByTestId('stepper-load'));
    await waitFor(() => expect(teach).toHaveBeenCalledTimes(2));
    expect((teach.mock.calls[1] as unknown[])[1]).toEqual([
      { block: 0, op: 'read', client: 1 },
      { block: 1, op: 'read', client: 1 },
      { block: 0, op: 'read', client: 0 },
    ]);
    expect((teach.mock.calls[1] as unknown[])[2]).toEqual({ c2: [3] });
    fireEvent.change(screen.getByTestId('stepper-requests'), { target: { value: 'c3:A' } });
    fireEvent.click(screen.getByTestId('stepper-load'));
    expect((await screen.findByTestId('stepper-error')).textContent).toBe(
      'request 1: "c3" is not a client of this hierarchy (its clients: c1, c2, or 1 to 2)',
    );
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
    expect((teach.mock.calls[0] as unknown as [any])[0]).toMatchObject({
      topology: { kind: 'tree' },
      protocol: { kind: 'demote' },
    });
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

  it('marks each request by where it was served, tallies each cache as the engine does, and fills the evicted tray', () => {
    // LRU-LRU inclusive, two blocks each, A B A C D A, by hand (next victim first):
    //   A: disk (cold) client A, array A · B: disk (cold) client A B, array A B
    //   A: client hit, client B A · C: disk (cold) client A C (B evicted: the array keeps it), array B C (A evicted)
    //   D: disk (cold) client C D (A evicted), array C D (B evicted) · A: disk, 4 deep in the 4 blocks the levels hold: duplicate
    const st = (
      block: number | null,
      servedBy: string | null,
      c: number[],
      a: number[],
      t: [number, number, number, number],
      miss: TeachStep['miss'] = null,
    ): TeachStep => ({
      block,
      op: block === null ? null : 'read',
      hint: null,
      client: block === null ? null : 0,
      level: servedBy === null ? null : servedBy === 'disk' ? 'disk' : servedBy === 'client' ? 'client' : 'array',
      servedBy,
      latencyMs: 0,
      caches: pair([q('cache', c)], [q('cache', a)], t),
      demotions: 0,
      diskReads: 0,
      miss,
      distance: null,
      pathCapacity: null,
      inBytes: false,
      events: [],
    });
    const steps = [
      st(null, null, [], [], [0, 0, 0, 0]),
      st(0, 'disk', [0], [0], [0, 1, 0, 1], 'cold'),
      st(1, 'disk', [0, 1], [0, 1], [0, 2, 0, 2], 'cold'),
      st(0, 'client', [1, 0], [0, 1], [1, 2, 0, 2]),
      st(2, 'disk', [0, 2], [1, 2], [1, 3, 0, 3], 'cold'),
      st(3, 'disk', [2, 3], [2, 3], [1, 4, 0, 4], 'cold'),
      st(0, 'disk', [3, 0], [3, 0], [1, 5, 0, 5], 'duplicate'),
    ];
    expect(pathOf(steps[1], 0)).toEqual([0, 1]);
    // A hinted write keeps its hint on the strip: a short mark, and its name in words.
    const hinted: TeachStep = { ...steps[1], op: 'write', hint: 'replace', miss: null };
    const item = stripOf([steps[0], hinted], true)[0];
    expect([item.hint, requestWords(item), requestWords({ op: 'write', hint: null }), HINT_WORDS.synch.short]).toEqual([
      'replace',
      'write, REPLACE hint',
      'write',
      'syn',
    ]);
    expect(stripOf(steps, true).map((r) => `${r.label}:${r.servedBy}:${r.miss ?? ''}`)).toEqual([
      'A:disk:cold',
      'B:disk:cold',
      'A:client:',
      'C:disk:cold',
      'D:disk:cold',
      'A:disk:duplicate',
    ]);
    // The tally counted from the strip is the engine's, step by step.
    for (let n = 0; n < steps.length; n++) {
      expect(
        tallyAt(steps, n).map((t) => [t.hits, t.misses]),
        `step ${n}`,
      ).toEqual(steps[n].caches.map((c) => [c.hits, c.misses]));
    }
    expect(evictionsOf(steps, 4, true)).toEqual([
      { step: 4, cache: 'client', label: 'B' },
      { step: 4, cache: 'array', label: 'A' },
    ]);
    expect(evictionsAt(steps, 6, true).map((e) => `${e.step}${e.cache[0]}${e.label}`)).toEqual([
      '6aC',
      '6cC',
      '5aB',
      '5cA',
      '4aA',
      '4cB',
    ]);
    // A block the client lets go that the array holds already: evicted (an inclusive copy stays
    // below) — unless the step sent a DEMOTE (MC² moving it between the array's partitions).
    const drops = { ...FINAL, caches: pair([q('cache', [4, 0])], [q('cache', [3, 1, 4])]) };
    expect(evictionsOf([START, { ...drops, demotions: 0 }], 1, true)).toEqual([
      { step: 1, cache: 'client', label: 'C' },
      { step: 1, cache: 'client', label: 'D' },
    ]);
    expect(evictionsOf([START, drops], 1, true)).toEqual([{ step: 1, cache: 'client', label: 'C' }]);
    // DEMOTE: a block the client lets go that the array takes moved; it was not evicted.
    expect(evictionsOf([START, FINAL], 1, true)).toEqual([
      { step: 1, cache: 'array', label: 'D' },
      { step: 1, cache: 'array', label: 'B' },
    ]);
    // The stage lays a block evicted at this step, held nowhere now, in the tray under its own key (it glides there).
    // (D left the array but the client still holds it: it stays there.)
    const l = layoutStep(FINAL, true, ['D', 'B']);
    expect(l.rows.at(-1)).toMatchObject({ cache: 'evicted', tray: true });
    expect(l.boxes.filter((b) => b.cache === 'evicted').map((b) => b.key)).toEqual(['B']);
    // A block still held elsewhere stays where it is.
    expect(layoutStep(FINAL, true, ['A']).boxes.filter((b) => b.cache === 'evicted')).toEqual([]);
  });

  it('writes its state into the hash beside the other parameters, and reads it back', () => {
    const presets = STEPPER_PRESETS;
    const paper = presets[0].config;
    // A preset as it stands is named; every other parameter is kept byte for byte.
    const hash = writeStepperLink('#s=N4Ig+Lg$x-y&view=teach&step=3', { config: paper, step: 7, notes: {} }, presets);
    expect(hash).toBe('#s=N4Ig+Lg$x-y&view=teach&teach=paper000&step=7');
    expect(readStepperLink(hash, presets)).toEqual({ ok: true, link: { config: paper, step: 7, notes: {} } });
    // Changed settings travel whole, with the notes by step.
    const custom = { ...paper, requests: 'A B C D E A', client: 'arc' as const };
    const notes = { 0: 'Before any request: C D E & D B E.', 6: 'A again: a duplicate miss?' };
    const linked = writeStepperLink('', { config: custom, step: 6, notes: { ...notes, 3: '  ' } }, presets);
    expect(linked).toMatch(/^#teach=c[^&]+&step=6&notes=[^&]+$/);
    const back = readStepperLink(linked, presets);
    expect(back).toEqual({ ok: true, link: { config: custom, step: 6, notes } });
    expect(sameConfig(custom, { ...custom, tree: undefined })).toBe(true);
    // The walk's own parameters, as the page puts them in the Teach view's address, and read back from one.
    expect(walkParams({ config: paper, step: 7, notes: {} }, presets)).toBe('teach=paper000&step=7');
    expect(walkParamsIn(`#s=x&view=teach&${linked.slice(1)}`)).toBe(linked.slice(1));
    expect(walkParamsIn('#s=x&view=teach&step=3')).toBe('');
    // No stepper in the hash: nothing; a damaged one says what is wrong.
    expect(readStepperLink('#s=abc&view=teach', presets)).toBeNull();
    const damaged = (h: string) => {
      const r = readStepperLink(h, presets);
      return r && !r.ok ? r.message : r;
    };
    expect(damaged('#teach=lecture9')).toBe(
      `the link's stepper settings are damaged: no example is called "lecture9" (the examples: ${presets.map((p) => p.id).join(', ')})`,
    );
    expect(damaged('#teach=c%25%25%25')).toMatch(/damaged: (could not decompress them|they are not JSON)/);
    expect(damaged('#teach=paper000&step=-1')).toBe(
      `the link's stepper settings are damaged: step: expected a step number (got "-1")`,
    );
    const lz = (v: unknown) =>
      linked.replace(
        /teach=c[^&]+/,
        `teach=c${encodeURIComponent(LZString.compressToEncodedURIComponent(JSON.stringify(v)))}`,
      );
    expect(damaged(lz({ ...custom, clientSize: true }))).toBe(
      `the link's stepper settings are damaged: clientSize: expected a whole number of blocks or bytes with a unit`,
    );
    // Bytes as typed pass the link's check; the engine reads them (a bad unit is its message).
    expect(readStepperLink(lz({ ...custom, clientSize: '16K' }), presets)).toMatchObject({ ok: true });
    expect(damaged(lz({ ...custom, protocol: 'ha-r' }))).toBe(
      `the link's stepper settings are damaged: protocol: expected "none" or "demote"`,
    );
  });

  it('is driven by keys: → and ← step, Home and End jump, space plays and pauses — not while typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const teach = vi.fn(async () => [START, FINAL, FINAL, FINAL]);
    render(<Stepper teach={teach} />);
    const stepper = screen.getByTestId('stepper');
    const at = () => screen.getByTestId('stepper-at').getAttribute('data-at');
    const key = (k: string, target: Element = stepper) => fireEvent.keyDown(target, { key: k });
    key('ArrowRight');
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('3'));
    expect(at()).toBe('0');
    key('ArrowRight');
    key('ArrowRight');
    expect(at()).toBe('2');
    key('ArrowLeft');
    expect(at()).toBe('1');
    key('End');
    expect(at()).toBe('3');
    key('Home');
    expect(at()).toBe('0');
    // Typing in a field is typing.
    key('ArrowRight', screen.getByTestId('stepper-requests'));
    expect(at()).toBe('0');
    // Space from a button plays (not the button's own click).
    key(' ', screen.getByTestId('stepper-back'));
    expect(screen.getByTestId('stepper-at').getAttribute('data-playing')).toBe('true');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(750);
    });
    expect(at()).toBe('1');
    key(' ');
    expect(screen.getByTestId('stepper-at').getAttribute('data-playing')).toBe('false');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(at()).toBe('1');
    // Faster: 4× steps every 175 ms.
    fireEvent.change(screen.getByTestId('stepper-speed'), { target: { value: '4' } });
    key(' ');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(at()).toBe('2');
  });

  it('hears its keys anywhere in the Teach view — a button, a checkbox, the view around it, nothing focused — but not in a field, nor while hidden', async () => {
    const teach = vi.fn(async () => [START, FINAL, FINAL, FINAL]);
    // The page's Teach view: a tab panel, the stepper in a card inside it, and an input elsewhere on the page.
    const page = render(
      <>
        <input data-testid="elsewhere" />
        <section role="tabpanel" data-testid="view-teach">
          <div data-testid="card">
            <Stepper teach={teach} />
          </div>
        </section>
      </>,
    );
    const at = () => screen.getByTestId('stepper-at').getAttribute('data-at');
    const key = (k: string, target: Element) => fireEvent.keyDown(target, { key: k });
    // Nothing focused (the key lands on the body): → loads the walk at step 0.
    key('ArrowRight', document.body);
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('3'));
    expect(at()).toBe('0');
    key('ArrowRight', document.body);
    expect(at()).toBe('1');
    // From a button, a checkbox, the request strip, the card and the view around the stepper.
    key('ArrowRight', screen.getByTestId('stepper-step'));
    expect(at()).toBe('2');
    key('ArrowLeft', screen.getByTestId('stepper-predict'));
    expect(at()).toBe('1');
    key('End', screen.getAllByTestId('stepper-strip-item')[0]);
    expect(at()).toBe('3');
    key('Home', screen.getByTestId('card'));
    expect(at()).toBe('0');
    key('ArrowRight', screen.getByTestId('view-teach'));
    expect(at()).toBe('1');
    // Typing is typing: a text field, the note, the speed list, a field outside the view.
    for (const field of ['stepper-requests', 'stepper-note', 'stepper-speed', 'elsewhere']) {
      key('ArrowRight', screen.getByTestId(field));
      expect(at(), field).toBe('1');
    }
    // With a modifier the key is the browser's; a key another handler took is not the stepper's.
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    expect(at()).toBe('1');
    screen.getByTestId('card').addEventListener('keydown', (e) => e.preventDefault(), { once: true });
    key('ArrowRight', screen.getByTestId('card'));
    expect(at()).toBe('1');
    // The view hidden (another tab shown): the stepper hears nothing.
    screen.getByTestId('view-teach').hidden = true;
    key('ArrowRight', document.body);
    key('ArrowRight', screen.getByTestId('stepper-step'));
    expect(at()).toBe('1');
    screen.getByTestId('view-teach').hidden = false;
    key('ArrowRight', document.body);
    expect(at()).toBe('2');
    // Unmounted, it stops listening.
    page.unmount();
    expect(() => key('ArrowRight', document.body)).not.toThrow();
  });

  it('leaves presenter mode on Escape from anywhere in the view, giving the focus back to its button', async () => {
    const teach = vi.fn(async () => [START, FINAL]);
    render(<Stepper teach={teach} />);
    fireEvent.click(screen.getByTestId('stepper-preset-paper000'));
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('1'));
    const presenter = screen.getByTestId('stepper-presenter');
    const isPresenting = () => screen.getByTestId('stepper').className.includes('is-presenter');
    // From a step button, from the note being typed, with nothing focused.
    for (const from of [screen.getByTestId('stepper-step'), screen.getByTestId('stepper-note'), document.body]) {
      fireEvent.click(presenter);
      expect(isPresenting()).toBe(true);
      expect(presenter.getAttribute('aria-keyshortcuts')).toBe('Escape');
      (from as HTMLElement).focus();
      fireEvent.keyDown(from, { key: 'Escape' });
      expect(isPresenting()).toBe(false);
      expect(presenter.getAttribute('aria-pressed')).toBe('false');
      expect(document.activeElement).toBe(presenter);
    }
    // Out of presenter mode Escape is not the stepper's (the page's: it cancels a run).
    const esc = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.body.dispatchEvent(esc);
    expect(esc.defaultPrevented).toBe(false);
    // Leaving full screen (the browser's own Escape) leaves the mode too.
    fireEvent.click(presenter);
    screen.getByTestId('stepper-step').focus();
    fireEvent(document, new Event('fullscreenchange'));
    expect(isPresenting()).toBe(false);
    expect(document.activeElement).toBe(presenter);
  });

  it('copies the link that reopens the walk at its step, says so, and shows the link selected where the clipboard is refused', async () => {
    const teach = vi.fn(async () => [START, FINAL]);
    const written: string[] = [];
    let refuse = false;
    const clipboard = {
      writeText: vi.fn(async (text: string) => {
        if (refuse) throw new DOMException('denied', 'NotAllowedError');
        written.push(text);
      }),
    };
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    try {
      // The page's address: the scenario and the view before the walk.
      window.history.replaceState(null, '', '/#s=N4Ig+x&view=teach');
      render(<Stepper teach={teach} onWalk={() => {}} />);
      // No walk, no link to copy.
      expect(screen.queryByTestId('stepper-copy-link')).toBeNull();
      fireEvent.click(screen.getByTestId('stepper-preset-paper000'));
      await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('1'));
      fireEvent.click(screen.getByTestId('stepper-step'));
      fireEvent.change(screen.getByTestId('stepper-note'), { target: { value: 'C goes down.' } });
      const copy = screen.getByTestId('stepper-copy-link');
      await act(async () => {
        fireEvent.click(copy);
      });
      expect(written).toHaveLength(1);
      const url = new URL(written[0]);
      expect(url.href.split('#')[0]).toBe(window.location.href.split('#')[0]);
      expect(url.hash).toMatch(/^#s=N4Ig\+x&view=teach&teach=paper000&step=1&notes=/);
      // It is the walk as the stepper reads a link: the same settings, step and note.
      const read = readStepperLink(url.hash, STEPPER_PRESETS);
      expect(read).toEqual({
        ok: true,
        link: { config: STEPPER_PRESETS[0].config, step: 1, notes: { 1: 'C goes down.' } },
      });
      expect(copy.textContent).toBe('Copied ✓');
      expect(screen.getByTestId('stepper-link-status').textContent).toBe('Copied: the link reopens this step.');
      expect(screen.queryByTestId('stepper-link')).toBeNull();
      // Refused: the link in a field, selected for Ctrl+C, and no "Copied".
      refuse = true;
      fireEvent.click(screen.getByTestId('stepper-back'));
      await act(async () => {
        fireEvent.click(screen.getByTestId('stepper-copy-link'));
      });
      const field = screen.getByTestId('stepper-link') as HTMLInputElement;
      expect(field.value).toMatch(/#s=N4Ig\+x&view=teach&teach=paper000&step=0&notes=/);
      expect(document.activeElement).toBe(field);
      expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
      expect(screen.getByTestId('stepper-copy-link').textContent).toBe('Copy link');
      expect(screen.getByTestId('stepper-link-status').getAttribute('data-state')).toBe('refused');
      // Keys typed in that field are the field's.
      fireEvent.keyDown(field, { key: 'ArrowRight' });
      expect(screen.getByTestId('stepper-at').getAttribute('data-at')).toBe('0');
      // No clipboard at all is refused the same way.
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      refuse = false;
      await act(async () => {
        fireEvent.click(screen.getByTestId('stepper-copy-link'));
      });
      expect(screen.getByTestId('stepper-link')).toBeTruthy();
      expect(written).toHaveLength(1);
    } finally {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    }
  });

  it('puts each moment in the URL and reopens it from there, notes and all', async () => {
    const teach = vi.fn(async () => [START, FINAL, FINAL]);
    const first = render(<Stepper teach={teach} />);
    fireEvent.click(screen.getByTestId('stepper-preset-paper000'));
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('2'));
    expect(window.location.hash).toBe('#teach=paper000&step=0');
    fireEvent.click(screen.getByTestId('stepper-step'));
    fireEvent.change(screen.getByTestId('stepper-note'), { target: { value: 'C goes down to the array.' } });
    expect(window.location.hash).toMatch(/^#teach=paper000&step=1&notes=/);
    const link = window.location.hash;
    first.unmount();
    // A page opened on that link: the same walk, at the same step, with the note shown.
    window.history.replaceState(null, '', `/${link}`);
    render(<Stepper teach={teach} />);
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-at')).toBe('1'));
    expect(teach).toHaveBeenCalledTimes(2);
    expect(teach.mock.calls[1]).toEqual(teach.mock.calls[0]);
    expect(screen.getByTestId('stepper-note-shown').textContent).toBe('C goes down to the array.');
    expect(screen.getByTestId('stepper-narration').textContent).toContain('Read A: from disk');
    expect(screen.getByTestId('stepper-miss').getAttribute('data-miss')).toBe('cold');
    expect(screen.getAllByTestId('stepper-strip-item').map((b) => b.getAttribute('data-served'))).toEqual(['disk', '']);
    expect(
      screen
        .getAllByTestId('stepper-tally-row')
        .map((r) => [r.getAttribute('data-cache'), r.getAttribute('data-hits'), r.getAttribute('data-misses')]),
    ).toEqual([
      ['client', '0', '1'],
      ['array', '0', '1'],
    ]);
    expect(screen.getByTestId('stepper-evicted').getAttribute('data-blocks')).toBe('B D');
    // A step past the end is the last step; a damaged link is said so.
    cleanup();
    window.history.replaceState(null, '', '/#teach=paper000&step=99');
    render(<Stepper teach={teach} />);
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-at')).toBe('2'));
    cleanup();
    window.history.replaceState(null, '', '/#teach=nope');
    render(<Stepper teach={teach} />);
    expect((await screen.findByTestId('stepper-error')).textContent).toContain('no example is called "nope"');
    // A link pasted into the address bar opens its moment.
    window.history.replaceState(null, '', '/#s=abc&teach=paper000&step=1');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-at')).toBe('1'));
    expect(screen.queryByTestId('stepper-error')).toBeNull();
  });

  it('in predict mode asks where the next request is served and which block leaves, then reveals and scores', async () => {
    // §4.5's step: reading A from disk, the client lets go of C (demoted), the array of D and B.
    expect(guessChoices([START, FINAL], 1, true)).toEqual({
      served: ['client', 'array', 'disk'],
      victims: ['none', 'C', 'D', 'E', 'B'],
    });
    expect(judgeGuess([START, FINAL], 1, true, { served: 'disk', victim: 'B' })).toEqual({
      served: true,
      victim: true,
      left: ['C', 'D', 'B'],
      servedBy: 'disk',
    });
    expect(judgeGuess([START, FINAL], 1, true, { served: 'array', victim: 'none' })).toMatchObject({
      served: false,
      victim: false,
    });
    const teach = vi.fn(async () => [
      START,
      FINAL,
      { ...FINAL, block: 3, servedBy: 'client', level: 'client' as const, miss: null },
    ]);
    render(<Stepper teach={teach} />);
    fireEvent.click(screen.getByTestId('stepper-preset-paper000'));
    await waitFor(() => expect(screen.getByTestId('stepper-at').getAttribute('data-steps')).toBe('2'));
    fireEvent.click(screen.getByTestId('stepper-predict'));
    const stepButton = screen.getByTestId('stepper-step') as HTMLButtonElement;
    // Nothing is revealed until both are picked.
    expect(stepButton.textContent).toBe('Reveal ▶');
    expect(stepButton.disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('stepper'), { key: 'ArrowRight' });
    expect(screen.getByTestId('stepper-at').getAttribute('data-at')).toBe('0');
    fireEvent.change(screen.getByTestId('stepper-guess-served'), { target: { value: 'disk' } });
    fireEvent.change(screen.getByTestId('stepper-guess-victim'), { target: { value: 'C' } });
    fireEvent.click(stepButton);
    expect(screen.getByTestId('stepper-at').getAttribute('data-at')).toBe('1');
    expect(screen.getByTestId('stepper-verdict').getAttribute('data-right')).toBe('true');
    expect(screen.getByTestId('stepper-verdict').textContent).toBe('Right: served by disk; C, D, B left.');
    // The next one, guessed wrong: a client hit, no block leaving.
    fireEvent.change(screen.getByTestId('stepper-guess-served'), { target: { value: 'disk' } });
    fireEvent.change(screen.getByTestId('stepper-guess-victim'), { target: { value: 'none' } });
    fireEvent.keyDown(screen.getByTestId('stepper'), { key: 'ArrowRight' });
    expect(screen.getByTestId('stepper-verdict')).toMatchObject({ dataset: { served: 'false', victim: 'true' } });
    expect(screen.getByTestId('stepper-score').textContent).toBe('1 of 2 predicted right');
  });

  it('steps several pairs side by side on the same requests and start, at the same step', async () => {
    // Each pair's steps told apart by the client's first block: 0 inclusive, 1 and 2 for the others.
    const teach = vi.fn(async (sc: any) => {
      const tag = sc.protocol?.kind !== 'demote' ? 0 : sc.topology.array.policy.kind === 'lru' ? 1 : 2;
      return [START, { ...FINAL, caches: pair([q('cache', [tag, 4, 0])], [q('cache', [4, 2, 0])], [0, 1, 0, 1]) }];
    });
    render(<Stepper teach={teach} />);
    fireEvent.click(screen.getByTestId('stepper-preset-side-by-side'));
    await waitFor(() => expect(screen.getAllByTestId('stepper-variant')).toHaveLength(2));
    expect(teach).toHaveBeenCalledTimes(3);
    const calls = teach.mock.calls as unknown as [any, unknown, unknown][];
    expect(
      calls.map(
        ([sc]) => `${sc.topology.client.policy.kind}-${sc.topology.array.policy.kind}-${sc.protocol?.kind ?? 'none'}`,
      ),
    ).toEqual(['lru-lru-none', 'lru-lru-demote', 'lru-mru-demote']);
    expect(new Set(calls.map(([, r, st]) => JSON.stringify([r, st]))).size).toBe(1);
    expect(screen.getByTestId('stepper-main-label').textContent).toBe('LRU-LRU inclusive');
    expect(screen.getAllByTestId('stepper-variant').map((v) => v.getAttribute('data-label'))).toEqual([
      'LRU-LRU-demote',
      'LRU-MRU-demote',
    ]);
    fireEvent.keyDown(screen.getByTestId('stepper'), { key: 'End' });
    const rows = (id: string) =>
      screen.getAllByTestId(id).map((r) => `${r.getAttribute('data-cache')}: ${r.getAttribute('data-blocks')}`);
    expect(rows('stepper-queue')).toEqual(['client: A E A', 'array: E C A']);
    expect(rows('stepper-variant-queue')).toEqual(['client: B E A', 'array: E C A', 'client: C E A', 'array: E C A']);
    expect(screen.getAllByTestId('stepper-variant-tally-row')).toHaveLength(4);
    // The variants travel in the link: the preset by name; an edited one whole.
    expect(window.location.hash).toBe('#teach=side-by-side&step=1');
    fireEvent.click(screen.getByTestId('stepper-variant-1-remove'));
    fireEvent.click(screen.getByTestId('stepper-variant-add'));
    expect(screen.getAllByTestId('stepper-variant-row')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('stepper-variant-1-array'), { target: { value: 'none' } });
    fireEvent.click(screen.getByTestId('stepper-load'));
    // Loaded (the sixth call made is not yet the walk shown): the link then holds the edited pairs.
    await waitFor(() => expect(window.location.hash).toMatch(/^#teach=c/));
    expect(teach).toHaveBeenCalledTimes(6);
    expect((teach.mock.calls[5] as unknown as [any])[0].topology.kind).toBe('single');
    const read = readStepperLink(window.location.hash, STEPPER_PRESETS);
    expect(read).toMatchObject({
      ok: true,
      link: {
        config: {
          variants: [
            { client: 'lru', array: 'lru', protocol: 'demote' },
            { client: 'lru', array: 'none' },
          ],
        },
      },
    });
  });

  it('exports each step as a numbered SVG frame, all in a ZIP or on one printable page', () => {
    const steps = [START, FINAL];
    const frame = frameSvg({
      steps,
      letters: true,
      at: 1,
      narration: narrate(START, FINAL, true),
      note: 'C goes down & <stays>',
    });
    const doc = new DOMParser().parseFromString(frame, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const texts = [...doc.getElementsByTagName('text')].map((t) => t.textContent);
    expect(texts).toContain('step 1 of 1');
    expect(texts).toContain('C goes down & <stays>');
    expect(texts).toContain('a cold miss: its first reference');
    expect(texts).toContain('client: 0 hits, 1 misses');
    // The lists drawn block by block, next victim first: client D E A, array E C A; D and B evicted from the array.
    const blocks = texts.filter((t) => /^[A-E]$/.test(t ?? ''));
    expect(blocks.join(' ')).toBe(['A', 'D E A', 'E C A', 'D B'].join(' ')); // the strip's A, the caches, the tray
    expect(texts.filter((t) => t?.startsWith('←'))).toEqual(['← array', '← array']);
    expect(frameSvg({ steps, letters: true, at: 0, narration: narrate(START, START, true) })).toContain('step 0 of 1');
    // A side-by-side walk: every pair in one frame, one under the other, each titled.
    const other = frameSvg({
      steps,
      letters: true,
      at: 1,
      narration: narrate(START, FINAL, true),
      title: 'LRU-MRU-demote',
    });
    const first = frameSvg({
      steps,
      letters: true,
      at: 1,
      narration: narrate(START, FINAL, true),
      title: 'LRU-LRU inclusive',
    });
    const both = stackFrames([first, other]);
    const stacked = new DOMParser().parseFromString(both, 'image/svg+xml');
    expect(stacked.getElementsByTagName('parsererror')).toHaveLength(0);
    const nested = [...stacked.documentElement.children].filter((e) => e.tagName === 'svg');
    expect(nested.map((e) => e.getAttribute('y'))).toEqual([
      '0',
      String(Number(/height="(\d+)"/.exec(first)![1]) + 12),
    ]);
    expect(
      [...stacked.getElementsByTagName('text')].map((t) => t.textContent).filter((t) => t?.includes('step 1 of 1')),
    ).toEqual(['LRU-LRU inclusive — step 1 of 1', 'LRU-MRU-demote — step 1 of 1']);
    expect(stackFrames([frame])).toBe(frame);
    expect([frameName(0, 7), frameName(12, 120)]).toEqual(['step-00.svg', 'step-012.svg']);
    const page = printablePage('The walk', 'LRU-LRU <inclusive>', [frame, frame]);
    expect(page).toContain('<figure id="step-1"><svg');
    expect(page).toContain('LRU-LRU &lt;inclusive&gt;');
    // The ZIP reads back, every frame whole and under its name; the same walk gives the same bytes.
    const enc = new TextEncoder();
    const files = [
      { name: 'step-00.svg', data: enc.encode('<svg/>') },
      { name: 'step-01.svg', data: enc.encode(frame) },
    ];
    const zip = zipFrames(files);
    expect(new DataView(zip.buffer).getUint32(0, true)).toBe(0x04034b50);
    const back = unzipSync(zip);
    expect(Object.keys(back)).toEqual(['step-00.svg', 'step-01.svg']);
    expect(new TextDecoder().decode(back['step-01.svg'])).toBe(frame);
    expect(zipFrames(files)).toEqual(zip);
  });

  it('tells the page its walk rather than writing the hash when the page asks, and has a presenter mode', async () => {
    const teach = vi.fn(async () => [START, FINAL]);
    const small: any = defaultScenario();
    const onWalk = vi.fn();
    window.history.replaceState(null, '', '/#s=N4Ig+x&view=teach');
    render(<Stepper teach={teach} scenario={small} onWalk={onWalk} />);
    fireEvent.click(screen.getByTestId('stepper-preset-paper000'));
    await waitFor(() => expect(onWalk).toHaveBeenLastCalledWith('teach=paper000&step=0'));
    fireEvent.keyDown(screen.getByTestId('stepper'), { key: 'ArrowRight' });
    await waitFor(() => expect(onWalk).toHaveBeenLastCalledWith('teach=paper000&step=1'));
    // The address is the page's to write (it puts the walk in the Teach view's address).
    expect(window.location.hash).toBe('#s=N4Ig+x&view=teach');
    // The page puts the walk it was told back in the address, with the scenario's parameters: a
    // hashchange then is no news to the stepper (no second run of the engine).
    const calls = teach.mock.calls.length;
    window.history.replaceState(null, '', '/#s=N4Ig+x&view=teach&teach=paper000&step=1');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(teach).toHaveBeenCalledTimes(calls);
    // Presenter mode: the stepper alone, in large type (full screen where the browser allows).
    fireEvent.click(screen.getByTestId('stepper-presenter'));
    expect(screen.getByTestId('stepper').className).toContain('is-presenter');
    expect(screen.getByTestId('stepper-presenter').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('stepper-settings') as HTMLElement).hidden).toBe(true);
    fireEvent.click(screen.getByTestId('stepper-presenter'));
    expect(screen.getByTestId('stepper').className).not.toContain('is-presenter');
  });
});
