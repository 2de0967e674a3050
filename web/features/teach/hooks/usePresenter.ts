// Presenter mode: the walk alone, full screen where the browser allows; leaving full screen
// (Esc) leaves the mode too.
import { type RefObject, useEffect, useState } from 'react';

export function usePresenter(section: RefObject<HTMLElement | null>) {
  const [presenter, setPresenter] = useState(false);
  const toggle = () => {
    const el = section.current;
    const on = !presenter;
    setPresenter(on);
    if (on) void el?.requestFullscreen?.().catch(() => undefined);
    else if (typeof document !== 'undefined' && document.fullscreenElement)
      void document.exitFullscreen?.().catch(() => undefined);
  };
  useEffect(() => {
    const off = () => {
      if (!document.fullscreenElement) setPresenter(false);
    };
    document.addEventListener('fullscreenchange', off);
    return () => document.removeEventListener('fullscreenchange', off);
  }, []);
  return { presenter, toggle };
}
