// The policies the form offers, as the engine's catalogue lists and names them: the online ones
// for any cache, the offline ones (which need the reference stream before the run) where that
// stream is known. The form, the miss-ratio curves and the teaching stepper all offer these.
import { catalogue } from '../engine/engine';
import type { PolicyInfo } from '../generated/engine';
import type { PolicyKind } from './document';

export interface PolicyChoice {
  value: PolicyKind;
  label: string;
  /** What it does and its paper, in one line (a checkbox's tooltip). */
  about: string;
}

const about = (p: PolicyInfo): string => `${p.description} — ${p.source}`;

/** The online policies, as the engine's catalogue lists and names them. */
export function onlinePolicies(): PolicyChoice[] {
  return catalogue()
    .policies.filter((p) => !p.offline)
    .map((p) => ({ value: p.kind, label: p.hints ? `${p.label} (write hints)` : p.label, about: about(p) }));
}

/** The policies a miss-ratio curve in bytes can draw (the engine's list: online, a capacity in bytes). */
export function bytePolicies(): Set<string> {
  return new Set(catalogue().byteCurves);
}

/** Offered at a cache whose reference stream is known before the run (a client; a cache above, from a first pass). */
export function offlinePolicies(): PolicyChoice[] {
  return catalogue()
    .policies.filter((p) => p.offline)
    .map((p) => ({ value: p.kind, label: `${p.label} (offline)`, about: about(p) }));
}
