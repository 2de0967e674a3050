// The page's views: each an address ("#s=…&view=teach"), so a link opens the panel its author
// was looking at. The scenario's link says nothing of the view when it is the default (Explore),
// so every link shared before views existed opens as it did, and a link to a sweep or a
// comparison ("&run=…") opens the view that holds that panel.
import { hashParam } from '../scenario/url';

export const VIEWS = ['explore', 'trace', 'compare', 'sweeps', 'teach', 'gallery'] as const;
export type View = (typeof VIEWS)[number];
export const DEFAULT_VIEW: View = 'explore';

/** Each view's tab: its name and what it holds (the tab's tooltip). */
export const VIEW_INFO: Record<View, { label: string; holds: string }> = {
  explore: { label: 'Explore', holds: 'The scenario, its results, stack depths and the upside of a bigger cache' },
  trace: {
    label: 'Trace',
    holds: 'What is in the trace: objects, popularity, reuse distances, sizes, the load over time',
  },
  compare: { label: 'Compare', holds: "Paper 000's eight designs, the design space and miss-ratio curves" },
  sweeps: { label: 'Sweeps', holds: 'One parameter swept: link bandwidth, the client’s share, SLRU’s protected share' },
  teach: { label: 'Teach', holds: 'Step through requests and watch every queue change' },
  gallery: { label: 'Gallery', holds: "The papers' experiments, their recorded numbers checked by the engine" },
};

export function isView(v: string | null): v is View {
  return v !== null && (VIEWS as readonly string[]).includes(v);
}

/**
 * The view a hash asks for: its `view` parameter; without one, the view holding the panel a
 * `run` parameter starts (a sweep → Sweeps; the designs or the design space → Compare; a pinned
 * comparison → Explore, whose results hold it); else Explore. An unknown name is Explore.
 */
export function viewFromHash(hash: string): View {
  const named = hashParam(hash, 'view');
  if (named !== null) return isView(named) ? named : DEFAULT_VIEW;
  const run = hashParam(hash, 'run');
  if (run?.startsWith('sweep:')) return 'sweeps';
  if (run === 'designs' || run?.startsWith('design-space:') || run?.startsWith('curves:')) return 'compare';
  // A lecturer's link to a moment of a walk (`#teach=…&step=7`) opens the stepper.
  if (hashParam(hash, 'teach') !== null) return 'teach';
  return DEFAULT_VIEW;
}

/** What a link adds for `view`: nothing for the default, so older links and new ones agree. */
export function viewSuffix(view: View): string {
  return view === DEFAULT_VIEW ? '' : `&view=${view}`;
}
