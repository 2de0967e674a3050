// The miss-ratio curves' settings in a link (`&run=curves:{…}`): a shared Compare view opens on
// the same curves, drawn by themselves — the policies, the point count, the size range, the
// method, and for a trace read as objects the unit and the ratio. Compact JSON; a damaged or
// unknown field is left at its default (the panel's own checks then say what is wrong).
import type { PolicyKind } from '../../scenario/document';
import { policyKinds } from '../../scenario/document';
import { finiteSetting, runSettings } from '../../scenario/url';

export interface CurvesLink {
  policies: PolicyKind[];
  count: number;
  /** Typed bounds in blocks, or null for the defaults. */
  minSize: number | null;
  maxSize: number | null;
  method: 'mini' | 'exact';
  unit: 'blocks' | 'bytes';
  ratioBy: 'requests' | 'bytes';
  /** Typed bounds in MiB (capacities in bytes), or null for the engine's defaults. */
  minMiB: number | null;
  maxMiB: number | null;
}

/** The `run` parameter of a link to these curves. */
export function curvesRun(c: CurvesLink): string {
  const doc: Record<string, unknown> = { p: c.policies, n: c.count, m: c.method, u: c.unit, r: c.ratioBy };
  if (c.minSize !== null) doc.lo = c.minSize;
  if (c.maxSize !== null) doc.hi = c.maxSize;
  if (c.minMiB !== null) doc.loMiB = c.minMiB;
  if (c.maxMiB !== null) doc.hiMiB = c.maxMiB;
  return `curves:${JSON.stringify(doc)}`;
}

const num = finiteSetting;

/** A link's curves (what follows `curves:`), or null when it is not JSON of an object. */
export function parseCurvesRun(text: string): Partial<CurvesLink> | null {
  const d = runSettings(text);
  if (!d) return null;
  const known = new Set<string>(policyKinds());
  const out: Partial<CurvesLink> = {};
  if (Array.isArray(d.p)) out.policies = d.p.filter((k): k is PolicyKind => typeof k === 'string' && known.has(k));
  if (num(d.n) !== null) out.count = num(d.n)!;
  if (num(d.lo) !== null) out.minSize = num(d.lo);
  if (num(d.hi) !== null) out.maxSize = num(d.hi);
  if (d.m === 'mini' || d.m === 'exact') out.method = d.m;
  if (d.u === 'blocks' || d.u === 'bytes') out.unit = d.u;
  if (d.r === 'requests' || d.r === 'bytes') out.ratioBy = d.r;
  if (num(d.loMiB) !== null) out.minMiB = num(d.loMiB);
  if (num(d.hiMiB) !== null) out.maxMiB = num(d.hiMiB);
  return out;
}
