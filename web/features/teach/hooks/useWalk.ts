// The walk's state: the settings as edited, the steps the engine made from the settings they
// were made from (editing a setting makes them stale; Step or Play then makes them afresh), the
// step shown, whether it plays, the lecturer's notes by step, and the last error.
import { useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../../scenario/document';
import { EngineClient } from '../../../worker/client';
import type { TeachItem, TeachStep } from '../../../worker/protocol';
import { MAX_VARIANTS, type StepperConfig, variantLabel } from '../config';
import type { Notes } from '../link';
import { STEPPER_PRESETS } from '../presets';
import { walkInput } from '../requests';
import { stepperScenario } from '../scenario';

/** The engine's teach: the steps of `requests` over `s`'s caches, each starting with its list. */
export type Teach = (s: Scenario, requests: TeachItem[], start: Record<string, number[]>) => Promise<TeachStep[]>;

/** The steps the engine made, and the settings they were made from. */
export interface Walk {
  steps: TeachStep[];
  letters: boolean;
  config: StepperConfig;
  clients: string[];
  /** The pairs stepped beside the first, each with its name. */
  variants: { label: string; steps: TeachStep[] }[];
}

export type WalkState = ReturnType<typeof useWalk>;

/** `teach`: tests pass a fake; without it the walk starts an engine worker when first built. */
export function useWalk(teach?: Teach) {
  const [config, setConfig] = useState<StepperConfig>(STEPPER_PRESETS[0].config);
  const [walk, setWalk] = useState<Walk | null>(null);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<Notes>({});
  const engine = useRef<EngineClient | null>(null);
  useEffect(() => () => engine.current?.terminate(), []);
  const last = walk ? walk.steps.length - 1 : 0;
  const fresh = walk !== null && walk.config === config;

  /** Makes the steps of `c` (and of its pairs beside it), showing step `startAt`; false if it could not. */
  const build = async (c: StepperConfig, startAt = 0): Promise<boolean> => {
    setPlaying(false);
    const fail = (message: string) => {
      setError(message);
      return false;
    };
    const s = stepperScenario(c);
    if ('error' in s) return fail(s.error);
    const input = walkInput(c, s);
    if (!input.ok) return fail(input.message);
    const { requests, start, letters, clients } = input;
    try {
      const run =
        teach ?? ((...a: Parameters<EngineClient['teach']>) => (engine.current ??= new EngineClient()).teach(...a));
      const steps = await run(s, requests, start);
      // The pairs beside it: the same requests and start, each its own policies.
      const variants: Walk['variants'] = [];
      for (const v of c.tree ? [] : (c.variants ?? []).slice(0, MAX_VARIANTS)) {
        const vs = stepperScenario({ ...c, ...v, variants: undefined });
        if ('error' in vs) return fail(`${variantLabel(v)}: ${vs.error}`);
        const vStart = v.array === 'none' ? { client: start.client ?? [] } : start;
        variants.push({ label: variantLabel(v), steps: await run(vs, requests, vStart) });
      }
      setError(null);
      setWalk({ steps, letters, config: c, clients, variants });
      setAt(Math.min(startAt, steps.length - 1));
      return true;
    } catch (e) {
      return fail(e instanceof Error ? e.message : String(e));
    }
  };

  /** Edits the settings (which stops the playing: the steps shown are now stale). */
  const set = (patch: Partial<StepperConfig>) => {
    setPlaying(false);
    setConfig((c) => ({ ...c, ...patch }));
  };

  return {
    config,
    setConfig,
    set,
    walk,
    build,
    fresh,
    at,
    setAt,
    last,
    playing,
    setPlaying,
    error,
    setError,
    notes,
    setNotes,
  };
}
