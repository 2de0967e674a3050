// Stepping through the walk, by the buttons and by the keys: ← → step, space plays or pauses,
// Home and End jump, Escape leaves presenter mode — with the focus anywhere in the Teach view (a
// button, the request strip, a checkbox, the view's blank space, or nothing focused while the view
// is shown) but where keys are typing: a text field, a list, a text area. The keys are heard on
// the document rather than on the stepper, so focus on the view around the stepper, or on none,
// drives it too; a stepper whose view is hidden hears nothing. Step and Play start from the
// settings as they are now, loading them first (at step 0) if need be; in predict mode Step
// reveals the guessed step.
import { type RefObject, useEffect, useRef } from 'react';
import type { PredictState } from './usePredict';
import type { WalkState } from './useWalk';

export type Stepping = ReturnType<typeof useStepping>;

/** Inputs a key does nothing in but press or toggle them: the stepper's keys apply there. */
const KEYLESS_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'color', 'file']);

/** Whether keys pressed on `target` are its own: typing in a field, choosing in a list, a slider. */
export function isTyping(target: Element): boolean {
  if (target.closest('textarea, select, [contenteditable="true"], [contenteditable=""]')) return true;
  return target instanceof HTMLInputElement && !KEYLESS_INPUTS.has(target.type);
}

/**
 * Where the stepper's keys apply: its view (the page's tab panel holding it, else the stepper
 * itself), while shown; a key pressed with nothing focused (the document's body) is the shown
 * view's too.
 */
function heardAt(section: HTMLElement, target: EventTarget | null): boolean {
  if (!section.isConnected || section.closest('[hidden]')) return false;
  const view = section.closest('[role="tabpanel"]') ?? section;
  return target instanceof Node && (view.contains(target) || target === document.body || target === document);
}

export function useStepping(
  w: WalkState,
  p: PredictState,
  section: RefObject<HTMLElement | null>,
  presenter: { presenter: boolean; leave: () => void },
) {
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
    const el = section.current;
    if (!el || e.defaultPrevented || !heardAt(el, e.target)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // Escape leaves presenter mode from anywhere in the view, a field included (it types nothing).
    if (e.key === 'Escape') {
      if (!presenter.presenter) return;
      e.preventDefault();
      presenter.leave();
      return;
    }
    const target = e.target instanceof Element ? e.target : null;
    if (target && isTyping(target)) return;
    const run = keyAction(e.key);
    if (!run) return;
    e.preventDefault();
    run();
    // A button the key disables (Back at step 0) would drop the focus to the page: keep it here.
    if (target && target !== el && el.contains(target)) el.focus({ preventScroll: true });
  };
  // The latest handler, heard on the document for as long as the stepper is mounted.
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    const hear = (e: KeyboardEvent) => latest.current(e);
    document.addEventListener('keydown', hear);
    return () => document.removeEventListener('keydown', hear);
  }, []);

  /** After a click on a control that may disable itself: keep the focus, and so the keys, in the stepper. */
  const keepFocus = () => section.current?.focus({ preventScroll: true });

  return { step, back, play, jump, keepFocus };
}
