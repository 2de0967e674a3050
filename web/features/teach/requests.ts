// The teaching stepper's typed lists, read by the engine (`rules::teach`): blocks named by
// letters (A, B, … Z, AA, …) or numbers, a trailing * for a write — "A B C A*" — or * and paper
// 004's hint ("A*replace"), in a hierarchy of several clients the client before a colon ("c2:A",
// by name, or its number from 1), under MC² a block's range after an @ ("c1:A@2"); each cache's
// starting contents in the same words, without writes or clients. What the stepper can draw is
// the engine's to say too (`teachCheck`).
import { engine } from '../../engine/engine';
import type { TeachItem } from '../../generated/engine';
import { describeIssue, type Scenario } from '../../scenario/document';
import type { StepperConfig } from './config';

/** A block's label as the list named it: its letters, or its number. */
export function blockLabel(id: number, letters: boolean): string {
  return letters ? engine().letterName(id) : String(id);
}

/** The requests and each cache's start list as the engine's teach takes them. */
export type WalkInput =
  | { ok: true; requests: TeachItem[]; start: Record<string, number[]>; letters: boolean; clients: string[] }
  | { ok: false; message: string };

/**
 * `c`'s request list (its clients resolved among `s`'s leaves) and each cache's start list,
 * next victim first, as the engine reads them; what is wrong, in the engine's words, if anything.
 */
export function walkInput(c: StepperConfig, s: Scenario): WalkInput {
  const starts = c.tree
    ? c.tree.caches.map((x) => ({
        cache: x.name,
        text: c.starts?.[x.name] ?? '',
        what: `${x.name} start block`,
        skipEmpty: true,
      }))
    : [
        { cache: 'client', text: c.startClient, what: 'client start block', skipEmpty: false },
        ...(c.array === 'none'
          ? []
          : [{ cache: 'array', text: c.startArray, what: 'array start block', skipEmpty: false }]),
      ];
  try {
    const input = engine().teachInput(s, c.requests, starts);
    return { ok: true, ...input };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** Why the stepper cannot serve `s` (too many caches to draw, one too big, …), or null when it can. */
export function drawLimitError(s: Scenario): string | null {
  const issue = engine().teachCheck(s);
  return issue ? describeIssue({ path: issue.path.map(String).join('.'), at: issue.at, message: issue.message }) : null;
}
