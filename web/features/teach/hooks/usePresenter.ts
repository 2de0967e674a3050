// Presenter mode: the walk alone, full screen where the browser allows. Escape leaves it (the
// stepper's keys call `leave`), and so does leaving full screen (the browser's own Escape, which
// the page never sees); either way the focus goes back to the button that entered it, so the
// keyboard user is where they were.
import { type RefObject, useEffect, useRef, useState } from 'react';

export type Presenter = ReturnType<typeof usePresenter>;

export function usePresenter(section: RefObject<HTMLElement | null>) {
  const [presenter, setPresenter] = useState(false);
  /** The button that enters and leaves the mode (StepControls'). */
  const button = useRef<HTMLButtonElement | null>(null);
  const on = useRef(false);
  on.current = presenter;

  const leave = () => {
    if (!on.current) return;
    on.current = false;
    setPresenter(false);
    if (typeof document !== 'undefined' && document.fullscreenElement)
      void document.exitFullscreen?.().catch(() => undefined);
    button.current?.focus({ preventScroll: true });
  };
  const toggle = () => {
    if (on.current) return leave();
    on.current = true;
    setPresenter(true);
    void section.current?.requestFullscreen?.().catch(() => undefined);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `leave` reads refs only; one listener for the stepper's life
  useEffect(() => {
    const off = () => {
      if (!document.fullscreenElement) leave();
    };
    document.addEventListener('fullscreenchange', off);
    return () => document.removeEventListener('fullscreenchange', off);
  }, []);
  return { presenter, toggle, leave, button };
}
