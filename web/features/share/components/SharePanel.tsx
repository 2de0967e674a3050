// The share link of the current scenario (its results are not in it: the link reruns them).
import { useEffect, useRef, useState } from 'react';

export function SharePanel({ url }: { url: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copied === 'idle') return;
    const t = setTimeout(() => setCopied('idle'), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      // No clipboard permission (e.g. plain http): select the text so Ctrl+C works.
      inputRef.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div className="share">
      <label htmlFor="share-url">Share this scenario</label>
      <div className="share-row">
        <input
          id="share-url"
          ref={inputRef}
          data-testid="share-url"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button secondary" data-testid="copy-link" onClick={copy}>
          {copied === 'copied' ? 'Copied ✓' : 'Copy link'}
        </button>
      </div>
      <p className="field-hint" aria-live="polite">
        {copied === 'failed'
          ? 'Could not reach the clipboard — the link is selected, press Ctrl+C.'
          : 'The link holds the scenario; opening it reruns the same numbers.'}
      </p>
    </div>
  );
}
