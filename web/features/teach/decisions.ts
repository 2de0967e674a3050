// What each cache's policy decided at a step, in words: the engine reports the decisions as
// events (engine: run::teach::events — a block changing list, LIRS's stack statuses, ARC's p, a
// reference bit or frequency changing) and this turns one cache's into sentences, in its
// policy's own terms: "A was in B2: p falls from 2 to 1, so T2 may grow", "B becomes LIR",
// "the hand passes A, clearing its reference bit", "evicts C: next used at step 12".
import type { TeachEvent, TeachStep } from '../../worker/protocol';

type Moved = Extract<TeachEvent, { kind: 'moved' }>;
type Cache = TeachStep['caches'][number];

/** "A", "A and B", "A, B and C". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A number as the narration says it: whole, or to two decimals (ARC's p may be fractional). */
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));

/** "next used at step 12", "never used again" — an evicted block's future, as MIN reasons. */
export function nextUseWords(step: number | null): string {
  return step === null ? 'never used again' : `next used at step ${step}`;
}

/** The offline policies that evict by the future: their evictions say when the block comes back. */
const BY_FUTURE = new Set(['min', 'read-opt', 'belady-size']);

/** Says an eviction: MIN's with the victim's next use. */
function evictWords(policy: string, e: Moved, label: string): string {
  return BY_FUTURE.has(policy)
    ? `evicts ${label}, the block used furthest ahead (${nextUseWords(e.nextUse)})`
    : `evicts ${label}`;
}

/** One block's move between two lists, in its policy's terms; null when another sentence says it. */
function moveWords(policy: string, e: Moved, label: string, step: TeachStep, target: string | null): string | null {
  const { from, to } = e;
  if (from === null && to !== null) {
    if (e.toGhost) return null;
    if (policy === 'tq') {
      if (step.op === 'read') return `${label} enters Qlow: the client has just read it, so it holds its own copy`;
      return `a ${(step.hint ?? 'replace').toUpperCase()} write: the client is letting ${label} go, so it enters Qhigh, ordered by its predicted next read`;
    }
    return to === 'cache' ? `takes ${label}` : `${label} enters ${to}`;
  }
  if (from !== null && to === null) {
    if (!e.fromGhost) return evictWords(policy, e, label);
    if (policy === 'lirs') return `the non-resident entry ${label} is pruned from the stack S`;
    return `forgets ${label} (it drops off ${from})`;
  }
  if (from === null || to === null) return null;
  if (!e.fromGhost && e.toGhost) {
    const why = policy === 'lirs' ? ' (it stays in the stack S as non-resident HIR)' : '';
    return `${evictWords(policy, e, label)}, remembering it in ${to}${why}`;
  }
  if (e.fromGhost) {
    if (policy === 'arc') return `${label} was in ${from}: ${target ?? ''}${label} enters ${to}`;
    if (policy === 'lirs')
      return `${label} was non-resident HIR in the stack S: it came back soon, so it becomes LIR (${to})`;
    if (policy === 's3-fifo') return `${label} was remembered in ${from}, so it goes straight into ${to}`;
    if (policy === 'mq' || policy === 'mq+hints' || policy === 'tq')
      return `${label} was remembered in ${from}: it resumes its count, into ${to}`;
    return `${label} comes back from ${from} into ${to}`;
  }
  switch (policy) {
    case 'arc':
      return `${label} moves from ${from} to ${to} (seen twice recently)`;
    case 'slru':
      return from === 'protected'
        ? `the protected segment is full: its least recent block ${label} is demoted to probationary`
        : `${label} is hit again: promoted from probationary to protected`;
    case 's3-fifo':
      return `${label} reached the head of ${from} having been referenced there, so it is promoted to ${to}`;
    case 'lirs':
      return from === 'LIR'
        ? `the LIR block at the stack's bottom, ${label}, is demoted to HIR (resident, into Q)`
        : `${label} is hit while in the stack S: it becomes LIR`;
    case 'mq':
    case 'mq+hints': {
      const up = Number(to.slice(1)) > Number(from.slice(1));
      return up
        ? `${label}'s count rises, so it moves up from ${from} to ${to}`
        : `${label} went unreferenced past its expiry: it drops from ${from} to ${to}`;
    }
    case 'tq':
      return to === 'Qhigh'
        ? `a ${(step.hint ?? 'replace').toUpperCase()} write: the client is letting ${label} go, so it moves to Qhigh`
        : `a read: the client now holds ${label} itself, so it moves to Qlow`;
    default:
      return `${label} moves from ${from} to ${to}`;
  }
}

/** ARC's p (the target size of T1) moving: "p falls from 2 to 1, so T2 may grow; ". */
function targetWords(step: TeachStep, cache: number): string | null {
  const t = step.events.find((e) => e.kind === 'target' && e.cache === cache);
  if (t?.kind !== 'target') return null;
  const grow = t.to > t.from ? 'T1' : 'T2';
  return `${t.name} ${t.to > t.from ? 'rises' : 'falls'} from ${num(t.from)} to ${num(t.to)}, so ${grow} may grow; `;
}

/** Each sentence of what cache `i`'s policy decided at `step` (empty when nothing changed but order). */
export function decisions(step: TeachStep, i: number, label: (b: number) => string): string[] {
  const cache: Cache | undefined = step.caches[i];
  if (!cache) return [];
  const policy = cache.policy;
  const events = step.events.filter((e) => e.cache === i);
  const target = targetWords(step, i);
  const out: string[] = [];
  const moved = events.filter((e): e is Moved => e.kind === 'moved');
  // A ghost hit carries p's change; a change of p without one (none in ARC) is said alone.
  if (target && !moved.some((e) => e.fromGhost && e.to !== null)) out.push(target.replace(/; $/, ''));
  // CLOCK: the hand passes the blocks whose bits it clears, before it evicts.
  const marks = events.filter((e): e is Extract<TeachEvent, { kind: 'mark' }> => e.kind === 'mark');
  if (policy === 'clock') {
    const set = marks.filter((e) => e.to > e.from).map((e) => label(e.block));
    const cleared = marks.filter((e) => e.to < e.from).map((e) => label(e.block));
    if (set.length) out.push(`sets the reference bit of ${listWords(set)}`);
    if (cleared.length)
      out.push(
        `the hand passes ${listWords(cleared)}, clearing ${cleared.length > 1 ? 'their reference bits' : 'its reference bit'} (a second chance)`,
      );
  }
  for (const e of moved) {
    const words = moveWords(policy, e, label(e.block), step, target);
    if (words) out.push(words);
  }
  if (policy === 'clock' && moved.some((e) => e.to === null)) {
    const hand = cache.queues[0]?.blocks[0];
    if (hand !== undefined) out.push(`the hand now points at ${label(hand)}`);
  }
  if (policy === 's3-fifo') {
    const up = marks.filter((e) => e.to > e.from).map((e) => `${label(e.block)}'s count to ${e.to}`);
    if (up.length) out.push(`a hit raises ${listWords(up)}`);
  }
  if (policy === 'lirs') {
    const left = events.filter(
      (e): e is Extract<TeachEvent, { kind: 'status' }> =>
        e.kind === 'status' && e.to === null && e.from === 'hir-resident',
    );
    if (left.length)
      out.push(
        `the stack S is pruned to a LIR bottom: ${listWords(left.map((e) => label(e.block)))} leave${left.length > 1 ? '' : 's'} it, still resident in Q`,
      );
  }
  return out;
}
