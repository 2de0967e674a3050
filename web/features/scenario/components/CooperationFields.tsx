// Paper 003's cooperation knobs: AC_CA's candidate count k and DU, what a cache above the
// clients does with a block it has just sent up (two levels and trees), and SE, importance
// hints (at the client, and above it where the protocol passes them down).
import type { ReactNode } from 'react';
import { DEFAULT_AC_CA_K, protocolKind } from '../../../scenario/schema';
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
  if (s.protocol?.kind !== 'ac-ca') return null;
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

/** SE: blocks the application marks unimportant (importance 0) go in next in line for eviction. */
export function SeField({ scenario: s, testId, errorAt, update }: Props) {
  const single = s.topology.kind === 'single';
  const error = errorAt('se');
  const protocol = protocolKind(s);
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          data-testid={testId}
          checked={s.se ?? false}
          onChange={(e) =>
            update((n) => {
              if (e.target.checked) n.se = true;
              else delete n.se;
            })
          }
        />
        <span>
          <strong>SE</strong> — importance hints: a block the workload marks unimportant (the OLTP buffer stream's history pages) enters the{' '}
          {single ? 'cache' : 'client'} next in line for eviction
          {single ? '' : `, and ${s.topology.kind === 'tree' ? 'the caches above it' : 'the array'} too under DEMOTE or AC_CC`} (paper 003)
          {!single && s.se && protocol !== 'demote' && protocol !== 'ac-cc' ? ' — with this protocol, only at the client' : ''}
        </span>
      </label>
      {error && <p className="field-error">{error}</p>}
    </>
  );
}
