// Other pairs stepped side by side with the first, on the same requests and start: each pair's
// policies and protocol, removable; up to MAX_VARIANTS of them.
import type { PolicyKind } from '../../../scenario/document';
import { SelectField } from '../../../ui/SelectField';
import { MAX_VARIANTS, type StepperConfig, type StepperVariant } from '../config';
import { arrayOptions, type PolicyOption } from './PairFields';

/** A new pair beside the first: its policies, and the other protocol (so the two differ). */
function nextPair(c: StepperConfig): StepperVariant {
  const protocol = c.array === 'none' ? 'none' : c.protocol === 'demote' ? 'none' : 'demote';
  return { client: c.client, array: c.array, protocol };
}

export function VariantsEditor({
  config,
  policies,
  set,
}: {
  config: StepperConfig;
  policies: readonly PolicyOption[];
  set: (patch: Partial<StepperConfig>) => void;
}) {
  const variants = config.variants ?? [];
  return (
    <div className="stepper-variants" data-testid="stepper-variants">
      <span className="field-hint">
        Side by side, on the same requests and start{config.variants?.length ? '' : ': add a pair'}
      </span>
      {variants.map((v, k) => {
        const change = (patch: Partial<StepperVariant>) =>
          set({ variants: variants.map((x, i) => (i === k ? { ...x, ...patch } : x)) });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pair is its place in the list (two may be alike)
          <div className="row" key={k} data-testid="stepper-variant-row">
            <SelectField<PolicyKind>
              testId={`stepper-variant-${k}-client`}
              label="Client policy"
              value={v.client}
              options={policies}
              onChange={(x) => change({ client: x })}
            />
            <SelectField<PolicyKind | 'none'>
              testId={`stepper-variant-${k}-array`}
              label="Array policy"
              value={v.array}
              options={arrayOptions(policies)}
              onChange={(x) => change({ array: x })}
            />
            {v.array !== 'none' && (
              <SelectField<'none' | 'demote'>
                testId={`stepper-variant-${k}-protocol`}
                label="Protocol"
                value={v.protocol}
                options={[
                  { value: 'none', label: 'inclusive' },
                  { value: 'demote', label: 'DEMOTE' },
                ]}
                onChange={(x) => change({ protocol: x })}
              />
            )}
            <button
              type="button"
              className="button secondary small"
              data-testid={`stepper-variant-${k}-remove`}
              onClick={() => set({ variants: variants.filter((_, i) => i !== k) })}
            >
              Remove
            </button>
          </div>
        );
      })}
      {variants.length < MAX_VARIANTS && (
        <button
          type="button"
          className="button secondary small"
          data-testid="stepper-variant-add"
          onClick={() => set({ variants: [...variants, nextPair(config)] })}
        >
          + a pair beside it
        </button>
      )}
    </div>
  );
}
