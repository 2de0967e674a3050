// A step in words, for the narration under the request strip and for each exported frame: who
// asked for which block, where it was served, and what entered and left each cache.
import type { TeachStep } from '../../worker/protocol';
import { formatBytes } from '../../format/numbers';
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
  const who =
    clients.length > 1 && step.client !== null
      ? `${clients[step.client]} ${step.op === 'write' ? 'writes' : 'reads'} ${name}`
      : `${step.op === 'write' ? 'Write' : 'Read'} ${name}`;
  const where =
    step.level === 'client'
      ? tree
        ? 'a hit in its own cache'
        : 'a client hit'
      : step.level === 'array'
        ? tree
          ? `a hit at ${step.servedBy}`
          : 'an array hit'
        : 'from disk';
  const parts = [`${who}: ${where} (${step.latencyMs.toFixed(2)} ms).`];
  const resident = (s: TeachStep, i: number) =>
    new Set(s.caches[i]?.queues.filter((q) => !q.ghost).flatMap((q) => q.blocks) ?? []);
  step.caches.forEach((cache, i) => {
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
