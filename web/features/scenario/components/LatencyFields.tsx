// The latency model, for every topology: additive (paper 000 eq. 1: each request pays its
// path's costs) or queueing — links, controllers and disks as FIFO servers, with one request
// outstanding per client (closed loop) or Poisson arrivals per client (open loop) — and, with
// several clients, fairness: each client also timed alone, for its speedup (paper 002).
import type { Scenario } from '../../../scenario/document';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';

type TimingChoice = 'additive' | 'closed' | 'open';

export interface LatencyFieldsProps {
  scenario: Scenario;
  errorAt: (path: string) => string | undefined;
  update: (edit: (next: Scenario) => void) => void;
  /** Offer fairness (two or more clients). */
  fairness: boolean;
}

export function LatencyFields({ scenario: s, errorAt, update, fairness }: LatencyFieldsProps) {
  const timing: TimingChoice = s.queueing?.arrivals ?? 'additive';
  return (
    <>
      <div className="row row-loose">
        <SelectField<TimingChoice>
          testId="timing"
          label="Latency model"
          value={timing}
          options={[
            { value: 'additive', label: 'Additive (paper 000 eq. 1)' },
            { value: 'closed', label: 'Queueing, closed loop' },
            { value: 'open', label: 'Queueing, open loop (Poisson)' },
          ]}
          error={errorAt('queueing')}
          onChange={(v) =>
            update((n) => {
              if (v === 'additive') delete n.queueing;
              else n.queueing = v === 'closed' ? { arrivals: 'closed' } : { arrivals: 'open', meanInterarrivalMs: 20 };
            })
          }
        />
        {s.queueing?.arrivals === 'open' && (
          <NumberField
            testId="open-gap"
            label="Mean gap per client"
            unit="ms"
            step="any"
            min={0}
            value={s.queueing.meanInterarrivalMs}
            error={errorAt('queueing.meanInterarrivalMs')}
            onChange={(v) => update((n) => void (n.queueing = { arrivals: 'open', meanInterarrivalMs: v }))}
          />
        )}
      </div>
      {fairness && (
        <label className="check">
          <input
            type="checkbox"
            data-testid="fairness-check"
            checked={s.fairness ?? true}
            onChange={(e) =>
              update((n) => {
                if (e.target.checked) delete n.fairness;
                else n.fairness = false;
              })
            }
          />
          <span>
            <strong>Fairness</strong> — also time each client alone, for its speedup (paper 002: min speedup ÷ max
            speedup)
          </span>
        </label>
      )}
    </>
  );
}
