// Copy link: the address that reopens the walk at the step shown, with its notes, on the
// clipboard. Where the clipboard is refused (plain http, a denied permission) the link shows in
// a text field, selected, for Ctrl+C.
import { useEffect, useRef, useState } from 'react';
import { type StepperLink, walkUrl } from '../link';
import { STEPPER_PRESETS } from '../presets';

export function CopyWalkLink({ link }: { link: StepperLink }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'refused'>('idle');
  // The link as it was copied (the walk may move on; the field keeps what the clipboard would have had).
  const [url, setUrl] = useState('');

  useEffect(() => {
    if (copied !== 'copied') return;
    const t = setTimeout(() => setCopied('idle'), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each refused copy (its link new) selects the field again
  useEffect(() => {
    if (copied !== 'refused') return;
    field.current?.focus();
    field.current?.select();
  }, [copied, url]);

  const copy = async () => {
    const now = walkUrl(window.location.href, link, STEPPER_PRESETS);
    setUrl(now);
    try {
      await navigator.clipboard.writeText(now);
      setCopied('copied');
    } catch {
      setCopied('refused');
    }
  };

  return (
    <>
      <button type="button" className="button secondary small" data-testid="stepper-copy-link" onClick={copy}>
        {copied === 'copied' ? 'Copied ✓' : 'Copy link'}
      </button>
      <span className="stepper-link-status" data-testid="stepper-link-status" data-state={copied} aria-live="polite">
        {copied === 'copied' ? 'Copied: the link reopens this step.' : ''}
      </span>
      {copied === 'refused' && (
        <label className="stepper-link">
          <span className="field-hint">Could not reach the clipboard — the link is selected, press Ctrl+C:</span>
          <input ref={field} data-testid="stepper-link" readOnly value={url} onFocus={(e) => e.target.select()} />
        </label>
      )}
    </>
  );
}
