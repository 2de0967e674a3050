// Paper 003's cooperation knobs: AC_CA's candidate count k and DU, what a cache above the
// clients does with a block it has just sent up (two levels and trees), and SE, importance
// hints (at the client, and above it where the protocol passes them down); how DEMOTEs are
// accounted (papers 000 and 003 differ); and MC²'s revision.
import type { ReactNode } from 'react';
import { catalogue } from '../../../engine/engine';
import type { ProtocolKind } from '../../../scenario/document';
import { limits, protocolKind, sendsDemotes } from '../../../scenario/document';
import type { Scenario } from '../../../scenario/document';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';
import { ChoiceAbout } from '../../../ui/ChoiceAbout';

/** What the chosen protocol does and its paper, as the engine's catalogue says. */
export function ProtocolAbout({ kind, testId }: { kind: ProtocolKind; testId: string }) {
  const info = catalogue().protocols.find((p) => p.kind === kind);
  if (!info) return null;
  return <ChoiceAbout testId={testId} description={`${info.name}: ${info.hint}`} source={info.source} />;
}

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
      max={limits().maxAcCaK}
      value={s.protocol.k ?? limits().defaultAcCaK}
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

/**
 * SE: blocks the application marks unimportant (importance 0) go in next in line for eviction;
 * under DEMOTE or AC_CC, which pass the hints up, at both levels or at one (paper 003 §5.3).
 */
export function SeField({ scenario: s, testId, errorAt, update }: Props) {
  const single = s.topology.kind === 'single';
  const error = errorAt('se');
  const protocol = protocolKind(s);
  const passesHints = !single && (protocol === 'demote' || protocol === 'ac-cc');
  const above = s.topology.kind === 'tree' ? 'the caches above' : 'the array';
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
              else {
                delete n.se;
                delete n.seAt;
              }
            })
          }
        />
        <span>
          <strong>SE</strong> — importance hints: a block the workload marks unimportant (the OLTP buffer stream's
          history pages) enters the {single ? 'cache' : 'client'} next in line for eviction
          {single
            ? ''
            : `, and ${s.topology.kind === 'tree' ? 'the caches above it' : 'the array'} too under DEMOTE or AC_CC`}{' '}
          (paper 003)
          {!single && s.se && protocol !== 'demote' && protocol !== 'ac-cc'
            ? ' — with this protocol, only at the client'
            : ''}
        </span>
      </label>
      {error && <p className="field-error">{error}</p>}
      {s.se && (passesHints || s.seAt) && (
        <SelectField<'both' | 'client' | 'above'>
          testId={`${testId}-at`}
          label="SE applies at"
          value={s.seAt ?? 'both'}
          options={[
            { value: 'both', label: `the client and ${above}` },
            { value: 'client', label: 'the client alone' },
            { value: 'above', label: `${above} alone (the hints passed up)` },
          ]}
          error={errorAt('seAt')}
          onChange={(v) =>
            update((n) => {
              if (v === 'both') delete n.seAt;
              else n.seAt = v;
            })
          }
        />
      )}
    </>
  );
}

/**
 * How DEMOTEs are paid for (paper 000 charges each transfer to the request that caused it;
 * paper 003 §5 hides them, compared at their best) and what one carries when the cache above
 * holds the block (paper 000 §2: the command alone, whose round trip may cost). Shown while the
 * protocol sends DEMOTEs.
 */
export function DemotionFields({ scenario: s, testId, errorAt, update }: Props) {
  if (!sendsDemotes(protocolKind(s))) return null;
  return (
    <div className="row">
      <SelectField<'charged' | 'hidden'>
        testId={`${testId}-cost`}
        label={
          <abbr title="paper 000 eq. 1 charges DEMOTEs to the request; paper 003 §5 overlaps them with reads">
            DEMOTEs
          </abbr>
        }
        value={s.demotions ?? 'charged'}
        options={[
          { value: 'charged', label: 'charged to the request (paper 000)' },
          { value: 'hidden', label: 'off the request path, still on the links (paper 003)' },
        ]}
        error={errorAt('demotions')}
        onChange={(v) =>
          update((n) => {
            if (v === 'hidden') n.demotions = 'hidden';
            else delete n.demotions;
          })
        }
      />
      <SelectField<'when-absent' | 'always'>
        testId={`${testId}-data`}
        label="A DEMOTE of a block the array holds"
        value={s.demoteData ?? 'when-absent'}
        options={[
          { value: 'when-absent', label: 'sends only the command (paper 000 §2)' },
          { value: 'always', label: 'sends the block anyway; the array drops the copy' },
        ]}
        error={errorAt('demoteData')}
        onChange={(v) =>
          update((n) => {
            if (v === 'always') n.demoteData = 'always';
            else delete n.demoteData;
          })
        }
      />
      <NumberField
        testId={`${testId}-command`}
        label={
          <abbr
            title={`the round trip of a DEMOTE the array already holds: it returns "success" without data (paper 000 Table 2: ${limits().paper000DemoteCommandMs} ms)`}
          >
            Command-only DEMOTE
          </abbr>
        }
        unit="ms"
        step="any"
        min={0}
        max={limits().maxDemoteCommandMs}
        value={s.demoteCommandMs ?? 0}
        error={errorAt('demoteCommandMs')}
        onChange={(ms) =>
          update((n) => {
            if (ms !== 0) n.demoteCommandMs = ms;
            else delete n.demoteCommandMs;
          })
        }
      />
    </div>
  );
}

/** MC²'s revision, shown under MC²: 2 lends the array's unclaimed space; 1 is version 1's. */
export function Mc2RevisionField({ scenario: s, testId, errorAt, update }: Props) {
  if (s.protocol?.kind !== 'mc2') return null;
  return (
    <SelectField<'1' | '2'>
      testId={testId}
      label="MC² revision"
      value={String(s.protocol.revision ?? 2) as '1' | '2'}
      options={[
        { value: '2', label: '2: the array space no partition claims goes to whoever misses' },
        { value: '1', label: '1: that space stays idle (links from before version 2)' },
      ]}
      error={errorAt('protocol.revision')}
      onChange={(v) => update((n) => void (n.protocol = v === '1' ? { kind: 'mc2', revision: 1 } : { kind: 'mc2' }))}
    />
  );
}
