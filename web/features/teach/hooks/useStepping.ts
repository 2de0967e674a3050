// Stepping through the walk, by the buttons and by the keys: ← → step, space plays or pauses,
// Home and End jump — with the focus anywhere in the stepper (a click on it will do; a link
// opens it focused) but its text fields. Step and Play start from the settings as they are now,
// loading them first (at step 0) if need be; in predict mode Step reveals the guessed step.
import type { KeyboardEvent, RefObject } from 'react';
import type { PredictState } from './usePredict';
import type { WalkState } from './useWalk';

export type Stepping = ReturnType<typeof useStepping>;

export function useStepping(w: WalkState, p: PredictState, section: RefObject<HTMLElement | null>) {
  const { fresh, last, setAt, setPlaying } = w;
  const step = async () => {
    if (!fresh) await w.build(w.config);
    else if (p.asking) p.reveal();
    else setAt((a) => Math.min(last, a + 1));
  };
  const back = () => fresh && setAt((a) => Math.max(0, a - 1));
  const play = async () => {
    if (fresh) setPlaying((on) => !on && w.at < last);
    else if (await w.build(w.config)) setPlaying(true);
  };
  /** Shows step `n`, stopping the playing. */
  const jump = (n: number) => {
    setPlaying(false);
    setAt(n);
  };

  /** What a key does, if it does anything. */
  const keyAction = (key: string): (() => void) | undefined => {
    switch (key) {
      case 'ArrowRight':
        return () => {
          setPlaying(false);
          void step();
        };
      case 'ArrowLeft':
        return () => {
          setPlaying(false);
          back();
        };
      case ' ':
        return () => void play();
      case 'Home':
        return () => {
          setPlaying(false);
          if (fresh) setAt(0);
        };
      case 'End':
        return () => {
          setPlaying(false);
          if (fresh) setAt(last);
        };
      default:
        return undefined;
    }
  };

  const onKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const run = keyAction(e.key);
    if (!run) return;
    e.preventDefault();
    run();
    // A button the key disables (Back at step 0) would drop the focus, and the keys with it.
    if (target !== section.current) section.current?.focus({ preventScroll: true });
  };

  /** After a click on a control that may disable itself: keep the focus, and so the keys, in the stepper. */
  const keepFocus = () => section.current?.focus({ preventScroll: true });

  return { step, back, play, jump, onKey, keepFocus };
}
