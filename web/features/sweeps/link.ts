// A sweep's choices in a link (`&run=sweep:…`): the sweep's name alone when every other choice is
// its default — so the links of before (`sweep:bandwidth`) still open the same sweep — else
// compact JSON of the name and the choices that differ (`sweep:{"param":"bandwidth","points":3}`).
// A damaged field is left at its default (the panel's checks then say what is wrong with a
// range); text that is neither a name nor JSON of an object starts nothing.
import { catalogue } from '../../engine/engine';
import { finiteSetting, runSettings } from '../../scenario/url';
import {
  defaultChoices,
  SWEEP_PARAMS,
  SWEEP_SHOWS,
  type SweepBaseline,
  type SweepChoices,
  type SweepParam,
} from './spec';

/** The `run` parameter of a link to this sweep. */
export function sweepRun(c: SweepChoices): string {
  const d = defaultChoices(c.param);
  const changed = (['from', 'to', 'points', 'baseline', 'show'] as const).filter((k) => !Object.is(c[k], d[k]));
  if (!changed.length) return `sweep:${c.param}`;
  return `sweep:${JSON.stringify({ param: c.param, ...Object.fromEntries(changed.map((k) => [k, c[k]])) })}`;
}

const num = finiteSetting;

function isBaseline(v: unknown): v is SweepBaseline {
  if (v === 'inclusive' || v === 'lru' || v === 'none') return true;
  return (
    typeof v === 'string' &&
    v.startsWith('protocol:') &&
    catalogue().protocols.some((p) => p.kind === v.slice('protocol:'.length))
  );
}

/** A link's sweep (what follows `sweep:`), or null when it names none. */
export function parseSweepRun(text: string | null | undefined): SweepChoices | null {
  if (!text) return null;
  if ((SWEEP_PARAMS as readonly string[]).includes(text)) return defaultChoices(text as SweepParam);
  const d = runSettings(text);
  if (!d) return null;
  const param = SWEEP_PARAMS.find((p) => p === d.param) ?? 'bandwidth';
  const out = defaultChoices(param);
  for (const k of ['from', 'to', 'points'] as const) out[k] = num(d[k]) ?? out[k];
  if (isBaseline(d.baseline)) out.baseline = d.baseline;
  const show = SWEEP_SHOWS.find((s) => s === d.show);
  if (show) out.show = show;
  return out;
}
