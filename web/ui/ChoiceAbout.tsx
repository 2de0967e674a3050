// One line under a picker on what the chosen policy or protocol does, and, in smaller type,
// the paper it comes from. The words are the engine catalogue's (`description`/`hint` and
// `source`); this only lays them out.

export interface ChoiceAboutProps {
  testId: string;
  /** What the choice does, in one plain line. */
  description: string;
  /** Its paper (authors, venue, year), or "classic". */
  source: string;
}

export function ChoiceAbout({ testId, description, source }: ChoiceAboutProps) {
  return (
    <p className="field-hint choice-about" data-testid={testId}>
      {description}
      <small className="choice-source"> — {source}</small>
    </p>
  );
}
