// The narration of each policy's decisions (decisions.ts, narrate.ts), from the events the engine
// reports: steps built by hand, as the engine's events tests work them (events_tests.rs).
import { describe, expect, it } from 'vitest';
import { decisions, listWords, nextUseWords } from '../../web/features/teach/decisions';
import { narrate } from '../../web/features/teach/narrate';
import { hitRatioWords } from '../../web/features/teach/components/TallyTable';
import { missWords } from '../../web/features/teach/walk';
import type { TeachEvent, TeachQueue, TeachStep } from '../../web/worker/protocol';

const q = (name: string, blocks: number[], ghost = false): TeachQueue => ({ name, ghost, blocks, partition: null });

/** One cache running `policy` with `queues`, after a read of `block` served at `level`. */
function single(
  policy: string,
  queues: TeachQueue[],
  events: TeachEvent[],
  block: number | null = 0,
  level: 'client' | 'disk' = 'disk',
  extra: Partial<TeachStep['caches'][number]> = {},
): TeachStep {
  return {
    block,
    op: block === null ? null : 'read',
    hint: null,
    client: block === null ? null : 0,
    level: block === null ? null : level,
    servedBy: block === null ? null : level === 'disk' ? 'disk' : 'cache',
    latencyMs: level === 'disk' ? 10 : 0.2,
    caches: [{ name: 'cache', policy, parent: null, queues, stack: null, hits: 0, misses: 0, ...extra }],
    demotions: 0,
    diskReads: 0,
    miss: null,
    distance: null,
    pathCapacity: null,
    inBytes: false,
    events,
  };
}

const moved = (
  block: number,
  from: string | null,
  to: string | null,
  ghost: [boolean, boolean] = [false, false],
  nextUse: number | null = null,
): TeachEvent => ({ kind: 'moved', cache: 0, block, from, to, fromGhost: ghost[0], toGhost: ghost[1], nextUse });

const L = (b: number) => 'ABCDEFGH'[b];

describe('the narration of each policy’s decisions', () => {
  it('ARC: a ghost hit in B2 lowers p, and the words say T2 may grow', () => {
    // T1 [C, D], T2 [], B2 [A, B], p = 1; reading A: p falls to 0, C goes to B1, A to T2.
    const before = single('arc', [q('T1', [2, 3]), q('T2', []), q('B1', [], true), q('B2', [0, 1], true)], [], null);
    const after = single(
      'arc',
      [q('T1', [3]), q('T2', [0]), q('B1', [2], true), q('B2', [1], true)],
      [
        { kind: 'target', cache: 0, name: 'p', from: 1, to: 0 },
        moved(2, 'T1', 'B1', [false, true]),
        moved(0, 'B2', 'T2', [true, false]),
      ],
      0,
      'disk',
      { target: { name: 'p', value: 0 } },
    );
    expect(decisions(after, 0, L)).toEqual([
      'evicts C, remembering it in B1',
      'A was in B2: p falls from 1 to 0, so T2 may grow; A enters T2',
    ]);
    expect(narrate(before, after, true)).toBe(
      'Read A: from disk (10.00 ms). Evicts C, remembering it in B1; A was in B2: p falls from 1 to 0, so T2 may grow; A enters T2.',
    );
    // A ghost hit in B1 raises p: T1 may grow.
    const b1 = single(
      'arc',
      [],
      [{ kind: 'target', cache: 0, name: 'p', from: 0, to: 1 }, moved(1, 'B1', 'T2', [true, false])],
    );
    expect(decisions(b1, 0, L)).toEqual(['B was in B1: p rises from 0 to 1, so T1 may grow; B enters T2']);
    // A second reference moves a block from T1 to T2.
    expect(decisions(single('arc', [], [moved(0, 'T1', 'T2')]), 0, L)).toEqual([
      'A moves from T1 to T2 (seen twice recently)',
    ]);
  });

  it('LIRS: status changes, demotion of the bottom LIR block, pruning', () => {
    const step = single(
      'lirs',
      [],
      [
        moved(1, 'LIR', 'HIR resident'),
        moved(4, 'HIR resident', 'HIR non-resident', [false, true], null),
        moved(3, 'HIR non-resident', 'LIR', [true, false]),
        { kind: 'status', cache: 0, block: 1, from: 'lir', to: null },
      ],
    );
    expect(decisions(step, 0, L)).toEqual([
      "the LIR block at the stack's bottom, B, is demoted to HIR (resident, into Q)",
      'evicts E, remembering it in HIR non-resident (it stays in the stack S as non-resident HIR)',
      'D was non-resident HIR in the stack S: it came back soon, so it becomes LIR (LIR)',
    ]);
    const pruned = single(
      'lirs',
      [],
      [
        moved(2, 'HIR non-resident', null, [true, false]),
        { kind: 'status', cache: 0, block: 2, from: 'hir-non-resident', to: null },
        { kind: 'status', cache: 0, block: 3, from: 'hir-resident', to: null },
      ],
    );
    expect(decisions(pruned, 0, L)).toEqual([
      'the non-resident entry C is pruned from the stack S',
      'the stack S is pruned to a LIR bottom: D leaves it, still resident in Q',
    ]);
  });

  it('S3-FIFO, SLRU, MQ and TQ: promotions, demotions, queue moves, hint routing', () => {
    const s3 = single(
      's3-fifo',
      [],
      [
        moved(0, 'S', 'M'),
        moved(1, 'S', 'G', [false, true], null),
        moved(3, null, 'S'),
        { kind: 'mark', cache: 0, block: 0, name: 'freq', from: 2, to: 0 },
      ],
    );
    expect(decisions(s3, 0, L)).toEqual([
      'A reached the head of S having been referenced there, so it is promoted to M',
      'evicts B, remembering it in G',
      'D enters S',
    ]);
    expect(decisions(single('s3-fifo', [], [moved(1, 'G', 'M', [true, false])]), 0, L)).toEqual([
      'B was remembered in G, so it goes straight into M',
    ]);
    const slru = single('slru', [], [moved(2, 'probationary', 'protected'), moved(0, 'protected', 'probationary')]);
    expect(decisions(slru, 0, L)).toEqual([
      'C is hit again: promoted from probationary to protected',
      'the protected segment is full: its least recent block A is demoted to probationary',
    ]);
    const mq = single('mq', [], [moved(0, 'Q0', 'Q1'), moved(1, 'Q1', 'Q0')]);
    expect(decisions(mq, 0, L)).toEqual([
      "A's count rises, so it moves up from Q0 to Q1",
      'B went unreferenced past its expiry: it drops from Q1 to Q0',
    ]);
    const tq = { ...single('tq', [], [moved(1, null, 'Qhigh')]), op: 'write' as const, hint: 'replace' as const };
    expect(decisions(tq, 0, L)).toEqual([
      'a REPLACE write: the client is letting B go, so it enters Qhigh, ordered by its predicted next read',
    ]);
    expect(decisions(single('tq', [], [moved(0, null, 'Qlow')]), 0, L)).toEqual([
      'A enters Qlow: the client has just read it, so it holds its own copy',
    ]);
  });

  it('CLOCK: the hand clears reference bits, evicts, and points on; MIN: the victim’s next use', () => {
    // Ring [A, B, C], A's bit set; reading D: the hand clears A's bit, evicts B: ring [C, A, D].
    const before = single('clock', [{ ...q('cache', [0, 1, 2]), marks: [1, 0, 0] }], [], null, 'disk', { mark: 'ref' });
    const after = single(
      'clock',
      [{ ...q('cache', [2, 0, 3]), marks: [0, 0, 0] }],
      [
        moved(1, 'cache', null, [false, false], 7),
        moved(3, null, 'cache'),
        { kind: 'mark', cache: 0, block: 0, name: 'ref', from: 1, to: 0 },
      ],
      3,
      'disk',
      { mark: 'ref' },
    );
    expect(narrate(before, after, true)).toBe(
      'Read D: from disk (10.00 ms). The hand passes A, clearing its reference bit (a second chance); evicts B; takes D; the hand now points at C.',
    );
    const hit = single(
      'clock',
      [q('cache', [0])],
      [{ kind: 'mark', cache: 0, block: 0, name: 'ref', from: 0, to: 1 }],
      0,
      'client',
      { mark: 'ref' },
    );
    expect(decisions(hit, 0, L)).toEqual(['sets the reference bit of A']);
    const min = single(
      'min',
      [q('cache', [1, 2])],
      [moved(0, 'cache', null, [false, false], 5), moved(2, null, 'cache')],
      2,
    );
    expect(narrate(single('min', [q('cache', [0, 1])], [], null), min, true)).toBe(
      'Read C: from disk (10.00 ms). Evicts A, the block used furthest ahead (next used at step 5); takes C.',
    );
    expect(nextUseWords(null)).toBe('never used again');
    // LRU says it plainly, as before.
    const lru = single(
      'lru',
      [q('cache', [1, 2])],
      [moved(0, 'cache', null, [false, false], 5), moved(2, null, 'cache')],
      2,
    );
    expect(narrate(single('lru', [q('cache', [0, 1])], [], null), lru, true)).toBe(
      'Read C: from disk (10.00 ms). The cache takes C and lets go of A.',
    );
  });

  it('fits the shape: one cache has hits and no levels; the hit ratio so far', () => {
    const start = single('lru', [q('cache', [0])], [], null);
    expect(narrate(start, single('lru', [q('cache', [0])], [], 0, 'client'), true)).toBe('Read A: a hit (0.20 ms).');
    const miss = { ...single('arc', [], []), miss: 'duplicate' as const, distance: 3, pathCapacity: 4 };
    expect(missWords(miss)).toBe(
      'a miss its policy chose: an LRU cache as big would have hit (3 deep; the cache holds 4 blocks)',
    );
    expect(missWords({ ...miss, miss: 'capacity', distance: 5 })).toBe(
      'a capacity miss: 5 deep, more than the 4 blocks the cache holds',
    );
    expect(listWords(['A', 'B', 'C'])).toBe('A, B and C');
    expect(hitRatioWords(2, 3)).toBe('2 of 5 (40.0 %)');
    expect(hitRatioWords(0, 0)).toBe('—');
  });
});
