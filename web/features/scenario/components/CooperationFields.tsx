// Paper 003's cooperation knobs that two levels and a tree share: AC_CA's candidate count k and
// DU, what a cache below does with a block it has just sent up.
import type { ReactNode } from 'react';
import { DEFAULT_AC_CA_K } from '../../../scenario/schema';
import type { Scenario } from '../../../scenario/schema';
import { NumberField } from './NumberField';
import { SelectField } from './SelectField';

interface Props {
  scenario: Scenario;
  testId: string;
  errorAt: (path: string) => string | undefined;
  update: (edit: (next: Scenario) => void) => void;
}

/** AC_CA's k, shown while the protocol is AC_CA. */
export function AcCaKField({ scenario: s, testId, errorAt, update }: Props) {
  if (s.protocol.kind !== 'ac-ca') return null;
  return (
    <NumberField
      testId={testId}
      label="Candidates k"
      min={1}
      max={1024}
      value={s.protocol.k ?? DEFAULT_AC_CA_K}
      error={errorAt('protocol.k')}
      onChange={(k) => update((n) => void (n.protocol = { kind: 'ac-ca', k }))}
    />
  );
}

/** DU: keep a block sent up where the policy says, next in line, or drop it. */
export function DuField({ scenario: s, testId, label, errorAt, update }: Props & { label: ReactNode }) {
  return (
    <SelectField<'keep' | 'drop' | 'lru-end'>
      testId={testId}
      label={label}
      value={s.du ?? 'keep'}
      options={[
        { value: 'keep', label: 'Keeps it where its policy says' },
        { value: 'lru-end', label: 'DU: next in line for eviction' },
        { value: 'drop', label: 'DU: drops it at once' },
      ]}
      error={errorAt('du')}
      onChange={(v) =>
        update((n) => {
          if (v === 'keep') delete n.du;
          else n.du = v;
        })
      }
    />
  );
}
