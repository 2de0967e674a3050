// The papers' reproductions as the gallery shows them: the checks `tiersim reproduce --json`
// recorded (public/reproduction.json, written by scripts/record-reproduction.sh), grouped and
// formatted. Verdicts are not read from the file: the engine judges every check shown
// (EngineClient.judgeChecks), so an expectation edited by hand is judged afresh.
import type { Check, Verdict } from '../../worker/protocol';

export type { Check, Verdict };

export const RECORDED_URL = `${import.meta.env.BASE_URL}reproduction.json`;

/** The recorded checks of every paper reproduced. */
export async function loadRecorded(): Promise<Check[]> {
  const r = await fetch(RECORDED_URL);
  if (!r.ok) throw new Error(`reproduction.json: HTTP ${r.status}`);
  const checks: unknown = await r.json();
  if (!Array.isArray(checks)) throw new Error('reproduction.json: not a list of checks');
  return checks as Check[];
}

export const MARK: Record<Verdict, string> = { pass: '✓', close: '≈', fail: '✗' };
export const VERDICT_WORD: Record<Verdict, string> = {
  pass: 'within tolerance',
  close: 'close',
  fail: 'beyond tolerance',
};

/** A check's place in its paper: the same exhibit and label in another run is the same check. */
export const checkKey = (c: Pick<Check, 'exhibit' | 'label'>) => `${c.exhibit}\u0000${c.label}`;

/** Checks by exhibit, exhibits in the order they first appear (the engine's order). */
export function byExhibit<T extends Pick<Check, 'exhibit'>>(checks: T[]): { exhibit: string; checks: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const c of checks) {
    const g = groups.get(c.exhibit);
    if (g) g.push(c);
    else groups.set(c.exhibit, [c]);
  }
  return [...groups].map(([exhibit, list]) => ({ exhibit, checks: list }));
}

/** "12 ✓ · 1 ≈ · 3 ✗". */
export function tally(verdicts: Verdict[]): string {
  const n = (v: Verdict) => verdicts.filter((x) => x === v).length;
  return (['pass', 'close', 'fail'] as const).map((v) => `${n(v)} ${MARK[v]}`).join(' · ');
}

/** The paper's side of a check: its number as the paper writes it, or its claim. */
export function paperText(c: Check): string {
  const e = c.expected;
  if (e.kind === 'claim') return e.text;
  // As the paper prints it (4.77, 7.5, 20), without binary noise (a value scaled by hand: 14.31).
  const v = Number(e.value.toPrecision(12));
  return e.unit === '×' ? `${v}×` : `${v}\u00a0${e.unit}`;
}

/**
 * A claim's words split into the paper's and ours: the engine writes the threshold it takes for
 * vague words as "(we take: …)" — that part is our reading, not the paper's.
 */
export function claimParts(text: string): { paper: string; ours?: string } {
  const ours: string[] = [];
  const paper = text
    .replace(/\s*\(we take[,:]?\s*([^()]*)\)/g, (_, x: string) => {
      ours.push(x.trim());
      return '';
    })
    .trim();
  return ours.length ? { paper, ours: ours.join('; ') } : { paper: text };
}

/** A value's tolerance, as ± a percentage. */
export function toleranceText(c: Check): string | undefined {
  return c.expected.kind === 'value' ? `±${Math.round(c.expected.tolerance * 100)}\u00a0%` : undefined;
}

/**
 * Ours over the paper's value, less 1 — computed from the two numbers shown rather than read
 * from the record's `difference`, so that it always describes the row as displayed.
 */
export function difference(c: Check): number | undefined {
  return c.expected.kind === 'value' ? c.ours / c.expected.value - 1 : undefined;
}

export function differenceText(d: number | undefined): string {
  if (d === undefined) return '';
  if (!Number.isFinite(d)) return '—';
  const pc = (Math.abs(d) * 100).toFixed(1);
  return `${d < 0 && pc !== '0.0' ? '−' : '+'}${pc}\u00a0%`;
}

/** Minutes and seconds: "0:07", "3:41". */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
