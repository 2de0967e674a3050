// "What am I looking at": each view's short introduction, shown at its top, written once here.
// These are the page's words about itself, not engine rules, so they live in the UI. Whether a
// reader closed one is remembered per view in localStorage, so it stays out of the way after.
import type { View } from './views';

/** Each view's introduction: what it shows, and what to do first (two or three sentences). */
export const VIEW_INTROS: Record<View, string> = {
  explore:
    'A scenario on the left — a workload, the caches it passes through and the policy each one runs — and what ' +
    'happened to it on the right: hits at every level, mean latency and the upside of a bigger cache. Pick a ' +
    "design or change a field, then press Run; a policy's line under its picker says what it does and its paper.",
  trace:
    'What is in a trace before you simulate it: how many objects, how popular each is, how far apart reuses are, ' +
    'their sizes and the load over time. Drop a trace file on the page (or choose one in Explore) to fill it.',
  compare:
    "Several hierarchies side by side on the same workload: paper 000's eight client/array designs, the design " +
    'space of policies and protocols, and miss-ratio curves of policies over cache sizes. Choose what to compare ' +
    'and press its Run button.',
  sweeps:
    'One parameter of the scenario swept across a range — the link bandwidth, the client’s share of the cache, ' +
    'SLRU’s protected share — with the hit ratio or latency at each point. Pick the parameter and its range, then run.',
  teach:
    'A few requests stepped through one or two small caches, so you can watch each queue change, predict the ' +
    'next victim and check. Choose the policies and type a request list (or take an example), then step.',
  gallery:
    "The papers' experiments, each with the numbers the paper printed beside the engine's, and a verdict. " +
    'Press Run here to rerun one in your browser, or Load into editor to change it in Explore.',
};

const storageKey = (view: View) => `tiersim.intro.${view}`;

/** Whether the reader closed `view`'s introduction (open on a first visit, or without storage). */
export function introClosed(view: View): boolean {
  try {
    return globalThis.localStorage?.getItem(storageKey(view)) === 'closed';
  } catch {
    return false;
  }
}

/** Remembers whether `view`'s introduction is open. */
export function rememberIntro(view: View, open: boolean): void {
  try {
    if (open) globalThis.localStorage?.removeItem(storageKey(view));
    else globalThis.localStorage?.setItem(storageKey(view), 'closed');
  } catch {
    // Storage refused (private mode, quota): the introduction simply opens again next time.
  }
}
