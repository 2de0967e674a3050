// Predict mode's panel under the narration: while a step is to come, where its request will be
// served and which block will leave (the choices the step could have); after a reveal, the
// verdict; and the score so far.
import type { PredictState } from '../hooks/usePredict';
import type { Walk } from '../hooks/useWalk';
import { blockLabel } from '../requests';
import { guessChoices } from '../walk';

function Guesses({ walk, at, predict }: { walk: Walk; at: number; predict: PredictState }) {
  const next = walk.steps[at + 1];
  const choices = guessChoices(walk.steps, at + 1, walk.letters);
  const g = predict.guess ?? { served: '', victim: '' };
  return (
    <div className="row">
      <label className="field">
        <span>
          Request {at + 1}, {next.op === 'write' ? 'write' : 'read'} {blockLabel(next.block ?? 0, walk.letters)}: served
          by
        </span>
        <select
          data-testid="stepper-guess-served"
          value={g.served}
          onChange={(e) => predict.setGuess({ ...g, served: e.target.value })}
        >
          <option value="">—</option>
          {choices.served.map((c) => (
            <option key={c} value={c}>
              {c === 'disk' ? 'the disk (a miss)' : `${c} (a hit)`}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>the block that leaves a cache</span>
        <select
          data-testid="stepper-guess-victim"
          value={g.victim}
          onChange={(e) => predict.setGuess({ ...g, victim: e.target.value })}
        >
          <option value="">—</option>
          {choices.victims.map((v) => (
            <option key={v} value={v}>
              {v === 'none' ? 'none leaves' : v}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export function PredictPanel({ walk, at, predict }: { walk: Walk; at: number; predict: PredictState }) {
  const { verdict, score } = predict;
  return (
    <div className="stepper-predict" data-testid="stepper-predict-panel">
      {predict.asking && <Guesses walk={walk} at={at} predict={predict} />}
      {verdict && verdict.step === at && (
        <p
          data-testid="stepper-verdict"
          data-right={String(verdict.served && verdict.victim)}
          data-served={String(verdict.served)}
          data-victim={String(verdict.victim)}
        >
          {verdict.text}
        </p>
      )}
      <p className="field-hint" data-testid="stepper-score" data-right={score.right} data-asked={score.asked}>
        {score.right} of {score.asked} predicted right
      </p>
    </div>
  );
}
