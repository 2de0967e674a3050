// Two levels' settings (or one cache's): the client's and the array's policies, their sizes, the
// protocol between them, the request list and each level's start list. A start list is written
// for the policies and sizes it starts (an example's is): changing a policy or a size clears
// both, and says so. The client may run MIN, which knows the future: its requests are the walk's.
import { catalogue } from '../../../engine/engine';
import type { Capacity } from '../../../scenario/capacity';
import { useState } from 'react';
import { policyInfo, type PolicyKind } from '../../../scenario/document';
import { offlinePolicies } from '../../../scenario/policies';
import { ChoiceAbout } from '../../../ui/ChoiceAbout';
import { SelectField } from '../../../ui/SelectField';
import type { StepperConfig } from '../config';

export type PolicyOption = { value: PolicyKind; label: string };

/** What a chosen policy does and its paper, from the engine's catalogue. */
function PolicyAbout({ testId, kind }: { testId: string; kind: PolicyKind }) {
  const info = policyInfo(kind);
  return <ChoiceAbout testId={testId} description={`${info.label}: ${info.description}`} source={info.source} />;
}

/** What the chosen protocol does and its paper, from the engine's catalogue. */
function ProtocolAbout({ kind }: { kind: 'none' | 'demote' }) {
  const info = catalogue().protocols.find((p) => p.kind === kind);
  if (!info) return null;
  return (
    <ChoiceAbout testId="stepper-protocol-about" description={`${info.name}: ${info.hint}`} source={info.source} />
  );
}

/** The array's choices: none (one cache), or a policy. */
export function arrayOptions(policies: readonly PolicyOption[]): { value: PolicyKind | 'none'; label: string }[] {
  return [{ value: 'none', label: 'no array (a single cache)' }, ...policies];
}

/** A size as typed: a whole number is blocks; anything else is bytes with a unit ("16K"), which the engine reads. */
export function sizeFrom(text: string): Capacity {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : t;
}

function SizeField({
  label,
  value,
  testId,
  onChange,
}: {
  label: string;
  value: Capacity;
  testId: string;
  onChange: (c: Capacity) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="text"
        inputMode="text"
        data-testid={testId}
        title={`blocks (at most ${catalogue().teach.maxCapacity}), or bytes with a unit: 16K, 64KiB, 1500B — counted in bytes when the requests give sizes (A:4K)`}
        value={String(value)}
        onChange={(e) => onChange(sizeFrom(e.target.value))}
      />
    </label>
  );
}

function TextField({
  label,
  value,
  testId,
  onChange,
}: {
  label: string;
  value: string;
  testId: string;
  onChange: (text: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input type="text" data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export function PairFields({
  config,
  policies,
  set,
}: {
  config: StepperConfig;
  policies: readonly PolicyOption[];
  set: (patch: Partial<StepperConfig>) => void;
}) {
  const array = config.array !== 'none';
  const [cleared, setCleared] = useState(false);
  // MIN needs the requests its cache will see: a client's are the walk's own.
  const clientPolicies = [...policies, ...offlinePolicies().filter((p) => p.value === 'min')];
  /** A policy or size changed: the start lists, written for the old ones, go. */
  const setShape = (patch: Partial<StepperConfig>) => {
    const starts = config.startClient.trim() !== '' || config.startArray.trim() !== '';
    if (starts) setCleared(true);
    set(starts ? { ...patch, startClient: '', startArray: '' } : patch);
  };
  return (
    <>
      <div className="row">
        <SelectField<PolicyKind>
          testId="stepper-client-policy"
          label="Client policy"
          value={config.client}
          options={clientPolicies}
          onChange={(v) => setShape({ client: v })}
        />
        <SelectField<PolicyKind | 'none'>
          testId="stepper-array-policy"
          label="Array policy"
          value={config.array}
          options={arrayOptions(policies)}
          onChange={(v) => setShape({ array: v })}
        />
      </div>
      <PolicyAbout testId="stepper-client-policy-about" kind={config.client} />
      {config.array !== 'none' && <PolicyAbout testId="stepper-array-policy-about" kind={config.array} />}
      <div className="row">
        <SizeField
          label="Client size (blocks, or bytes: 16K)"
          testId="stepper-client-size"
          value={config.clientSize}
          onChange={(n) => setShape({ clientSize: n })}
        />
        {array && (
          <SizeField
            label="Array size"
            testId="stepper-array-size"
            value={config.arraySize}
            onChange={(n) => setShape({ arraySize: n })}
          />
        )}
      </div>
      {array && (
        <SelectField<'none' | 'demote'>
          testId="stepper-protocol"
          label="Protocol"
          value={config.protocol}
          options={[
            { value: 'none', label: 'inclusive: the array keeps its copy' },
            { value: 'demote', label: 'DEMOTE: victims go down' },
          ]}
          onChange={(v) => set({ protocol: v })}
        />
      )}
      {array && <ProtocolAbout kind={config.protocol} />}
      <TextField
        label="Requests (letters or numbers; * for a write, *replace, *synch or *recov for a hinted one; :4K after a block for its size)"
        testId="stepper-requests"
        value={config.requests}
        onChange={(text) => set({ requests: text })}
      />
      <div className="row">
        <TextField
          label="Client starts with (next victim first)"
          testId="stepper-start-client"
          value={config.startClient}
          onChange={(text) => {
            setCleared(false);
            set({ startClient: text });
          }}
        />
        {array && (
          <TextField
            label="Array starts with"
            testId="stepper-start-array"
            value={config.startArray}
            onChange={(text) => {
              setCleared(false);
              set({ startArray: text });
            }}
          />
        )}
      </div>
      {cleared && (
        <p className="field-hint" role="status" data-testid="stepper-starts-cleared">
          The start lists were cleared: they were written for the previous policies and sizes. Type new ones to start
          the caches full.
        </p>
      )}
    </>
  );
}
