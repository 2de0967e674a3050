// A step in words, for the narration under the request strip and for each exported frame: who
// asked for which block, where it was served, and what each cache's policy decided (decisions.ts:
// what entered and left, and why, in the policy's own terms). The words fit the shape: one cache
// is "the cache" and has hits, not client hits; two levels are the client and the array; a tree's
// caches go by their names.
import type { TeachStep } from '../../worker/protocol';
import { formatBytes } from '../../format/numbers';
import { decisions } from './decisions';
import { blockLabel } from './requests';

/** "The client", "The array", "The cache" — and a tree's caches by their own names. */
const cacheWord = (name: string) => (name === 'client' || name === 'array' || name === 'cache' ? `The ${name}` : name);

/** What a step did, in words: who asked, where it was served, what entered and left each cache. */
export function narrate(prev: TeachStep, step: TeachStep, letters: boolean, clients: readonly string[] = []): string {
  // The engine sends the starting state's request fields as null.
  if (step.block === null) {
    const empty = step.caches.every((c) => c.queues.every((q) => q.ghost || q.blocks.length === 0));
    return `Step 0: no request yet — ${empty ? 'every cache is empty' : 'the caches hold their start lists'}.`;
  }
  const name = `${blockLabel(step.block, letters)}${step.bytes !== undefined ? ` (${formatBytes(step.bytes)})` : ''}`;
  const tree = clients.length > 1 || step.caches.length > 2;
  const single = step.caches.length === 1;
  const who =
    clients.length > 1 && step.client !== null
      ? `${clients[step.client]} ${step.op === 'write' ? 'writes' : 'reads'} ${name}`
      : `${step.op === 'write' ? 'Write' : 'Read'} ${name}`;
  const where =
    step.level === 'client'
      ? tree
        ? 'a hit in its own cache'
        : single
          ? 'a hit'
          : 'a client hit'
      : step.level === 'array'
        ? tree
          ? `a hit at ${step.servedBy}`
          : 'an array hit'
        : 'from disk';
  const parts = [`${who}: ${where} (${step.latencyMs.toFixed(2)} ms).`];
  const resident = (s: TeachStep, i: number) =>
    new Set(s.caches[i]?.queues.filter((q) => !q.ghost).flatMap((q) => q.blocks) ?? []);
  const label = (b: number) => blockLabel(b, letters);
  step.caches.forEach((cache, i) => {
    // A policy of several lists, or one deciding by more than recency, says what it decided.
    const plain = cache.queues.length === 1 && cache.queues[0].name === 'cache' && !cache.mark;
    const said = plain && !['min', 'read-opt', 'belady-size'].includes(cache.policy) ? [] : decisions(step, i, label);
    if (said.length) {
      const text = said.join('; ');
      parts.push(single ? `${text[0].toUpperCase()}${text.slice(1)}.` : `${cacheWord(cache.name)}: ${text}.`);
      return;
    }
    const [before, after] = [resident(prev, i), resident(step, i)];
    const came = [...after].filter((b) => !before.has(b)).map((b) => blockLabel(b, letters));
    const went = [...before].filter((b) => !after.has(b)).map((b) => blockLabel(b, letters));
    if (came.length || went.length) {
      const moves = [came.length ? `takes ${came.join(', ')}` : '', went.length ? `lets go of ${went.join(', ')}` : ''];
      parts.push(`${cacheWord(cache.name)} ${moves.filter(Boolean).join(' and ')}.`);
    }
  });
  step.caches.forEach((cache, i) => {
    const [before, after] = [prev.caches[i]?.bytes?.tooLarge ?? 0, cache.bytes?.tooLarge ?? 0];
    if (after > before && cache.bytes)
      parts.push(
        `${cacheWord(cache.name)} holds only ${formatBytes(cache.bytes.capacity)}: ${name} is larger, so it is not admitted.`,
      );
  });
  const demoted = step.demotions - prev.demotions;
  if (demoted > 0) parts.push(`${demoted} DEMOTE${demoted > 1 ? 's' : ''}.`);
  return parts.join(' ');
}
