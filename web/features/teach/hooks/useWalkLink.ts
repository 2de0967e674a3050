// The walk in the address, both ways (link.ts has the format). A link to a moment of a walk —
// its settings, its step, its notes — opens as the stepper mounts, and again when one is pasted
// into the address bar (the stepper's own writes fire no hashchange). And the address follows
// the walk, so each moment can be linked: the page puts the parameters in the Teach view's
// address (`onWalk`), or on its own the stepper writes the hash.
import { type RefObject, useEffect, useRef } from 'react';
import type { StepperConfig } from '../config';
import { linkedHash, type Notes, publishStepperLink, readStepperLink, sameConfig, walkParams } from '../link';
import { STEPPER_PRESETS } from '../presets';
import type { WalkState } from './useWalk';

export function useWalkLink(
  w: WalkState,
  section: RefObject<HTMLElement | null>,
  onWalk: ((params: string) => void) | undefined,
) {
  // The walk the address shows: a link to it opens nothing new.
  const linked = useRef<{ config: StepperConfig; step: number; notes: Notes } | null>(null);
  linked.current = w.walk && w.fresh ? { config: w.walk.config, step: w.at, notes: w.notes } : linked.current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mounting; later links come by hashchange
  useEffect(() => {
    const open = (hash: string) => {
      const read = readStepperLink(hash, STEPPER_PRESETS);
      if (read === null) return;
      if (!read.ok) {
        w.setError(read.message);
        return;
      }
      // The walk shown already (the page put it back in the address): nothing to open.
      const now = linked.current;
      if (
        now &&
        read.link.step === now.step &&
        sameConfig(read.link.config, now.config) &&
        JSON.stringify(read.link.notes) === JSON.stringify(now.notes)
      )
        return;
      w.setConfig(read.link.config);
      w.setNotes(read.link.notes);
      // Shown, and listening for the keys: a lecturer opens the link and presses →.
      void w.build(read.link.config, read.link.step).then(() => {
        section.current?.scrollIntoView?.({ block: 'start' });
        section.current?.focus({ preventScroll: true });
      });
    };
    open(linkedHash());
    const onHashChange = () => open(window.location.hash);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  const report = useRef(onWalk);
  report.current = onWalk;
  const { walk, fresh, at, notes } = w;
  useEffect(() => {
    if (!walk || !fresh) return;
    const link = { config: walk.config, step: at, notes };
    if (report.current) report.current(walkParams(link, STEPPER_PRESETS));
    else publishStepperLink(link, STEPPER_PRESETS);
  }, [walk, fresh, at, notes]);
}
