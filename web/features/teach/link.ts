// The stepper's state in the URL hash, beside whatever else the hash carries (the scenario's
// `s`, the view): `teach` is the walk — a preset's id as it stands ("teach=paper000"), or
// "c" and the lz-string of its settings — `step` the step shown (0: before any request), and
// `notes` the lecturer's notes by step (lz-string of {"3": "…"}). A lecturer links each moment;
// reopening the link shows the same state. The walk is part of the Teach view's address: the
// page (app/App.tsx) puts these parameters after the scenario's and the view's while Teach is
// shown, and leaves them out elsewhere; the stepper tells it the walk (`walkParams`). On its
// own (no page around it) the stepper writes them into the hash itself, keeping every other
// parameter as it was, byte for byte, and replacing the history entry rather than adding one.
import LZString from 'lz-string';
import type { StepperConfig } from './config';

export const TEACH_PARAM = 'teach';
export const STEP_PARAM = 'step';
export const NOTES_PARAM = 'notes';
const OURS = [TEACH_PARAM, STEP_PARAM, NOTES_PARAM];

/** Notes by step number. */
export type Notes = Record<number, string>;

export interface StepperLink {
  config: StepperConfig;
  step: number;
  notes: Notes;
}

export type LinkRead = { ok: true; link: StepperLink } | { ok: false; message: string } | null;

// The hash the page was opened with: the app rewrites the hash (its scenario) as it starts, and
// the stepper may mount after that (below the results, or in its own view), so when the current
// hash has no walk, the one the document was loaded with is read instead — once, as a link opens.
let openedRead = false;
const snapshot: string | null = typeof window === 'undefined' ? null : window.location.hash;

/** The hash the document was loaded with (the navigation's URL keeps it), else as this module first saw it. */
function openedHash(): string {
  const nav =
    typeof performance === 'undefined'
      ? undefined
      : (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined);
  const at = nav?.name.indexOf('#') ?? -1;
  return nav && at >= 0 ? nav.name.slice(at) : (snapshot ?? '');
}

/** The hash to read the stepper's state from: the current one, else (once) the one the page opened with. */
export function linkedHash(): string {
  const now = window.location.hash;
  const first = !openedRead;
  openedRead = true;
  if (new URLSearchParams(now.replace(/^#/, '')).has(TEACH_PARAM) || !first) return now;
  return openedHash();
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 20_000;
const isSize = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && v.length <= 40);

/** A config from a link, checked field by field (the scenario it makes is checked when built). */
function checkConfig(v: unknown): StepperConfig | string {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'the settings are not an object';
  const c = v as Record<string, unknown>;
  for (const k of ['client', 'array', 'protocol', 'requests', 'startClient', 'startArray'] as const)
    if (!isText(c[k])) return `${k}: expected text`;
  for (const k of ['clientSize', 'arraySize'] as const)
    if (!isSize(c[k])) return `${k}: expected a whole number of blocks or bytes with a unit`;
  if (c.protocol !== 'none' && c.protocol !== 'demote') return `protocol: expected "none" or "demote"`;
  if (c.tree !== undefined) {
    const t = c.tree as Record<string, unknown>;
    if (typeof t !== 'object' || t === null || !isText(t.from) || !Array.isArray(t.caches))
      return 'tree: expected {from, caches: […]}';
  }
  if (
    c.starts !== undefined &&
    (typeof c.starts !== 'object' || c.starts === null || Object.values(c.starts).some((s) => !isText(s)))
  )
    return 'starts: expected text by cache name';
  return c as unknown as StepperConfig;
}

/**
 * The stepper's state in `hash`, or null when it has none; a damaged one is a message saying
 * what is wrong.
 */
export function readStepperLink(hash: string, presets: readonly { id: string; config: StepperConfig }[]): LinkRead {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const teach = params.get(TEACH_PARAM);
  if (teach === null) return null;
  const bad = (why: string) => ({ ok: false as const, message: `the link's stepper settings are damaged: ${why}` });
  let config: StepperConfig;
  const preset = presets.find((p) => p.id === teach);
  if (preset) config = preset.config;
  else if (teach.startsWith('c')) {
    const text = LZString.decompressFromEncodedURIComponent(teach.slice(1));
    if (!text) return bad('could not decompress them');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return bad('they are not JSON');
    }
    const checked = checkConfig(value);
    if (typeof checked === 'string') return bad(checked);
    config = checked;
  } else return bad(`no example is called "${teach}" (the examples: ${presets.map((p) => p.id).join(', ')})`);
  const stepText = params.get(STEP_PARAM) ?? '0';
  if (!/^\d{1,4}$/.test(stepText)) return bad(`step: expected a step number (got "${stepText.slice(0, 12)}")`);
  const notes: Notes = {};
  const notesText = params.get(NOTES_PARAM);
  if (notesText) {
    const text = LZString.decompressFromEncodedURIComponent(notesText);
    let value: unknown = null;
    try {
      value = text ? JSON.parse(text) : null;
    } catch {
      value = null;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad('notes: could not read them');
    for (const [k, v] of Object.entries(value)) {
      if (!/^\d{1,4}$/.test(k) || !isText(v)) return bad(`notes: step "${k.slice(0, 12)}" is not a step with a note`);
      if (v) notes[Number(k)] = v;
    }
  }
  return { ok: true, link: { config, step: Number(stepText), notes } };
}

/** The walk as hash parameters, "teach=…&step=…[&notes=…]" (a preset by its id). */
export function walkParams(link: StepperLink, presets: readonly { id: string; config: StepperConfig }[]): string {
  const preset = presets.find((p) => sameConfig(p.config, link.config));
  const teach = preset ? preset.id : `c${LZString.compressToEncodedURIComponent(JSON.stringify(link.config))}`;
  const ours = [`${TEACH_PARAM}=${encodeURIComponent(teach)}`, `${STEP_PARAM}=${link.step}`];
  const notes = Object.entries(link.notes).filter(([, v]) => v.trim() !== '');
  if (notes.length)
    ours.push(
      `${NOTES_PARAM}=${encodeURIComponent(LZString.compressToEncodedURIComponent(JSON.stringify(Object.fromEntries(notes))))}`,
    );
  return ours.join('&');
}

/** The walk's parameters in `hash` as they are written there ("teach=…&step=…"), '' when it has none. */
export function walkParamsIn(hash: string): string {
  const parts = hash.replace(/^#/, '').split('&');
  if (!parts.some((p) => p.split('=')[0] === TEACH_PARAM)) return '';
  return OURS.flatMap((name) => parts.filter((p) => p.split('=')[0] === name)).join('&');
}

/** `hash` with the stepper's state set (every other parameter kept as it was), "#…". */
export function writeStepperLink(
  hash: string,
  link: StepperLink,
  presets: readonly { id: string; config: StepperConfig }[],
): string {
  const others = hash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => part && !OURS.includes(part.split('=')[0]));
  return `#${[...others, walkParams(link, presets)].join('&')}`;
}

/** The address `href` with the walk `link` in its hash (every other parameter kept): the link that reopens it. */
export function walkUrl(
  href: string,
  link: StepperLink,
  presets: readonly { id: string; config: StepperConfig }[],
): string {
  const at = href.indexOf('#');
  return at < 0
    ? href + writeStepperLink('', link, presets)
    : href.slice(0, at) + writeStepperLink(href.slice(at), link, presets);
}

/** Puts the stepper's state in the address bar, replacing the history entry. */
export function publishStepperLink(link: StepperLink, presets: readonly { id: string; config: StepperConfig }[]): void {
  const hash = writeStepperLink(window.location.hash, link, presets);
  if (hash === window.location.hash) return;
  window.history.replaceState(window.history.state, '', `${window.location.href.split('#')[0]}${hash}`);
}

/** Two configs alike field by field (key order aside). */
export function sameConfig(a: StepperConfig, b: StepperConfig): boolean {
  const norm = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(norm)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([, x]) => x !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : 1))
              .map(([k, x]) => [k, norm(x)]),
          )
        : v;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
