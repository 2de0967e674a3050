// The lecturer's note for the step shown: carried in the link, shown under the narration and
// written on the step's exported frame. An emptied note is dropped.
import type { Dispatch, SetStateAction } from 'react';
import type { Notes } from '../link';

export function NoteEditor({
  at,
  notes,
  setNotes,
}: {
  at: number;
  notes: Notes;
  setNotes: Dispatch<SetStateAction<Notes>>;
}) {
  return (
    <label className="field stepper-note">
      <span>Note for step {at} (carried in the link)</span>
      <textarea
        data-testid="stepper-note"
        rows={2}
        value={notes[at] ?? ''}
        onChange={(e) => {
          const text = e.target.value;
          setNotes((n) => {
            const next = { ...n };
            if (text) next[at] = text;
            else delete next[at];
            return next;
          });
        }}
      />
    </label>
  );
}
