// A trace file the engine refused (not a trace, or a bad record), said where the person is
// looking: fixed at the bottom of the viewport — wherever on the page the file was dropped or
// picked — and announced (role=alert). The scenario and the trace it had stay as they were; this
// says so. Dismissed by its button, or replaced by the next file's outcome. A text file no
// reader recognised can be read through a column map set up against its first lines (`mapper`).
import { useState, type ReactNode } from 'react';

export interface TraceRefusalProps {
  /** The file and the engine's reason (which starts with the file's name), or null. */
  refusal: { name: string; message: string } | null;
  /** The trace the scenario keeps replaying, if any. */
  kept?: string | null;
  onDismiss: () => void;
  /** A column map for the refused file, offered behind a button. */
  mapper?: ReactNode;
}

export function TraceRefusal({ refusal, kept, onDismiss, mapper }: TraceRefusalProps) {
  const [mapping, setMapping] = useState<string | null>(null);
  if (!refusal) return null;
  const open = mapping === refusal.name;
  return (
    <div className="trace-refusal" role="alert" data-testid="trace-refused" data-file={refusal.name}>
      <p>
        <strong>{refusal.name} was not read.</strong> {refusal.message}
      </p>
      <p className="muted">{kept ? `The scenario still replays ${kept}.` : 'The scenario is unchanged.'}</p>
      {mapper && !open && (
        <button
          type="button"
          className="button secondary small"
          data-testid="trace-refused-map"
          onClick={() => setMapping(refusal.name)}
        >
          Is it delimited text? Map its columns…
        </button>
      )}
      {mapper && open && mapper}
      <button
        type="button"
        className="banner-close"
        aria-label="Dismiss"
        data-testid="trace-refused-dismiss"
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}
