// The walk's controls: Load, to the start, back, step (or reveal, predicting), play, to the end,
// the speed, predict mode, presenter mode, the exports, Copy link, and where the walk is.
import type { Speed } from '../hooks/usePlayback';
import { SPEEDS } from '../hooks/usePlayback';
import type { PredictState } from '../hooks/usePredict';
import type { Presenter } from '../hooks/usePresenter';
import type { Stepping } from '../hooks/useStepping';
import type { WalkState } from '../hooks/useWalk';
import { CopyWalkLink } from './CopyWalkLink';
import { WalkExport } from './WalkExport';

export interface StepControlsProps {
  w: WalkState;
  stepping: Stepping;
  predict: PredictState;
  speed: Speed;
  setSpeed: (s: Speed) => void;
  presenter: Presenter;
}

/** Where the walk is: its step, or what Step or Play would do. */
function statusText({ walk, fresh, at, last }: WalkState): string {
  if (!walk) return 'Step or Play starts from these settings';
  return fresh ? `step ${at} of ${last}` : 'settings changed: Step or Play starts again from them';
}

export function StepControls({ w, stepping, predict, speed, setSpeed, presenter }: StepControlsProps) {
  const { fresh, at, last, playing } = w;
  const { keepFocus } = stepping;
  const { asking, guess } = predict;
  return (
    <div className="actions">
      <button
        type="button"
        className="button primary"
        data-testid="stepper-load"
        onClick={() => void w.build(w.config)}
      >
        Load
      </button>
      <button
        type="button"
        className="button secondary"
        data-testid="stepper-reset"
        disabled={!fresh || at === 0}
        onClick={() => {
          w.setAt(0);
          keepFocus();
        }}
        aria-label="back to the start"
      >
        ⇤ Start
      </button>
      <button
        type="button"
        className="button secondary"
        data-testid="stepper-back"
        disabled={!fresh || at === 0}
        onClick={() => {
          stepping.back();
          keepFocus();
        }}
      >
        ◀ Back
      </button>
      <button
        type="button"
        className="button secondary"
        data-testid="stepper-step"
        disabled={(fresh && at >= last) || (asking && !(guess?.served && guess.victim))}
        onClick={() => void stepping.step().then(keepFocus)}
      >
        {asking ? 'Reveal ▶' : 'Step ▶'}
      </button>
      <button
        type="button"
        className="button secondary"
        data-testid="stepper-play"
        disabled={fresh && at >= last}
        onClick={() => void stepping.play().then(keepFocus)}
      >
        {playing ? 'Pause' : 'Play'}
      </button>
      <button
        type="button"
        className="button secondary"
        data-testid="stepper-end"
        disabled={!fresh || at >= last}
        onClick={() => {
          w.setAt(last);
          keepFocus();
        }}
        aria-label="to the end (the last step)"
      >
        End ⇥
      </button>
      <label className="stepper-speed">
        <span>speed</span>
        <select data-testid="stepper-speed" value={speed} onChange={(e) => setSpeed(e.target.value as Speed)}>
          {(Object.keys(SPEEDS) as Speed[]).map((k) => (
            <option key={k} value={k}>
              {k}×
            </option>
          ))}
        </select>
      </label>
      <label className="stepper-speed">
        <input
          type="checkbox"
          data-testid="stepper-predict"
          checked={predict.predict}
          onChange={(e) => predict.choose(e.target.checked)}
        />
        <span>predict each step</span>
      </label>
      <button
        type="button"
        className="button secondary small"
        data-testid="stepper-presenter"
        ref={presenter.button}
        aria-pressed={presenter.presenter}
        aria-keyshortcuts={presenter.presenter ? 'Escape' : undefined}
        title={presenter.presenter ? 'Leave presenter mode (Escape)' : undefined}
        onClick={presenter.toggle}
      >
        {presenter.presenter ? 'Leave presenter mode' : 'Presenter mode'}
      </button>
      {w.walk && fresh && (
        <>
          <WalkExport walk={w.walk} notes={w.notes} />
          <CopyWalkLink link={{ config: w.walk.config, step: at, notes: w.notes }} />
        </>
      )}
      <span
        className="mrc-progress"
        data-testid="stepper-at"
        data-at={at}
        data-steps={w.walk ? last : 0}
        data-fresh={String(fresh)}
        data-playing={String(playing)}
      >
        {statusText(w)}
      </span>
    </div>
  );
}
