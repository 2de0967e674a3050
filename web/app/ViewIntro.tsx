// A view's "what am I looking at": a <details> at its top, open until the reader closes it.
import { useState } from 'react';
import { introClosed, rememberIntro, VIEW_INTROS } from './intros';
import { VIEW_INFO, type View } from './views';

export function ViewIntro({ view }: { view: View }) {
  const [open, setOpen] = useState(() => !introClosed(view));
  return (
    <details
      className="view-intro"
      data-testid={`intro-${view}`}
      open={open}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now === open) return;
        setOpen(now);
        rememberIntro(view, now);
      }}
    >
      <summary>What am I looking at? ({VIEW_INFO[view].label})</summary>
      <p>{VIEW_INTROS[view]}</p>
    </details>
  );
}
