// One cache level of the form: capacity, replacement policy and that policy's parameters
// (SLRU's protected share, LFU's aging period…), all as the engine's policy catalogue describes
// them. Used for every cache of every topology.
import { useState, type ReactNode } from 'react';
import { catalogue } from '../../../engine/engine';
import {
  CAPACITY_UNITS,
  type Capacity,
  type CapacityUnit,
  capacityFrom,
  capacityIn,
  capacityInUnits,
} from '../../../scenario/capacity';
import {
  limits,
  paramValue,
  policyInfo,
  type AdmissionConfig,
  type PolicyConfig,
  type PolicyKind,
  type PolicyParam,
  type PrefetchConfig,
} from '../../../scenario/document';
import { offlinePolicies, onlinePolicies } from '../../../scenario/policies';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';
import { ChoiceAbout } from '../../../ui/ChoiceAbout';

export interface CacheFieldsProps {
  /** The cache's path in the scenario (`client`, `array`, `tree.caches.2`): prefixes error paths. */
  level: string;
  /** Prefixes test ids (default: `level`). */
  testPrefix?: string;
  /** Blocks (objects, for a trace read as objects), or bytes with a unit ("1GiB"). */
  capacity: Capacity;
  policy: PolicyConfig;
  /** Paper 003's CO flag for this cache. */
  co?: boolean;
  onCo?: (co: boolean) => void;
  /** The admission filter in front of the policy (absent: every block gets in). */
  admission?: AdmissionConfig;
  onAdmission?: (admission: AdmissionConfig | undefined) => void;
  /** Its prefetching (absent: only what is read is fetched). */
  prefetch?: PrefetchConfig;
  onPrefetch?: (prefetch: PrefetchConfig | undefined) => void;
  policyHelp: string;
  /** Also offer the offline policies (MIN, read-OPT): wherever the cache's stream is known in advance, which the scenario check says. */
  offline?: boolean;
  sizeHint?: ReactNode;
  /** Bytes per block: a capacity in bytes holds this many bytes a block where requests carry no sizes. */
  blockSize: number;
  errorAt: (path: string) => string | undefined;
  onCapacity: (capacity: Capacity) => void;
  onPolicy: (policy: PolicyConfig) => void;
}

export function CacheFields({
  level,
  testPrefix = level,
  capacity,
  policy,
  co = false,
  onCo,
  admission,
  onAdmission,
  prefetch,
  onPrefetch,
  policyHelp,
  offline = true,
  sizeHint,
  blockSize,
  errorAt,
  onCapacity,
  onPolicy,
}: CacheFieldsProps) {
  // An emptied field (NaN) keeps the unit it was typed in.
  const [emptyUnit, setEmptyUnit] = useState<CapacityUnit>('blocks');
  const shown = capacityInUnits(capacity, blockSize);
  const unit = typeof capacity === 'number' && Number.isNaN(capacity) ? emptyUnit : shown.unit;
  const capacityError = errorAt(`${level}.capacity`);
  const info = policyInfo(policy.kind);
  return (
    <>
      <div className="row">
        <NumberField
          testId={`${testPrefix}-capacity`}
          label="Capacity"
          units={{
            choices: CAPACITY_UNITS,
            value: unit,
            onChange: (u) => {
              setEmptyUnit(u as CapacityUnit);
              onCapacity(capacityIn(capacity, u as CapacityUnit, blockSize));
            },
          }}
          min={unit === 'blocks' ? 1 : 0}
          step={unit === 'blocks' ? 1 : 'any'}
          value={unit === shown.unit ? shown.value : Number.NaN}
          error={capacityError}
          hint={sizeHint}
          onChange={(v) => {
            setEmptyUnit(unit);
            onCapacity(capacityFrom(v, unit));
          }}
        />
        <SelectField
          testId={`${testPrefix}-policy`}
          label={<abbr title={policyHelp}>Policy</abbr>}
          value={policy.kind}
          options={offline ? [...onlinePolicies(), ...offlinePolicies()] : onlinePolicies()}
          error={
            errorAt(`${level}.policy.kind`) ??
            (errorAt(`${level}.policy`) && !policyParamError(level, policy.kind, errorAt)
              ? errorAt(`${level}.policy`)
              : undefined)
          }
          onChange={(kind) => onPolicy({ kind } as PolicyConfig)}
        />
      </div>
      <ChoiceAbout testId={`${testPrefix}-policy-about`} description={info.description} source={info.source} />
      {onCo && (
        <label className="check">
          <input
            type="checkbox"
            data-testid={`${testPrefix}-co`}
            checked={co}
            onChange={(e) => onCo(e.target.checked)}
          />
          <span>
            <strong>CO</strong> — cold blocks (not among the last {capacity.toLocaleString('en-US')} accesses) go next
            in line
          </span>
        </label>
      )}
      {onAdmission && (
        <AdmissionFields
          level={level}
          testPrefix={testPrefix}
          admission={admission}
          errorAt={errorAt}
          onAdmission={onAdmission}
        />
      )}
      {onPrefetch && (
        <PrefetchFields
          level={level}
          testPrefix={testPrefix}
          prefetch={prefetch}
          errorAt={errorAt}
          onPrefetch={onPrefetch}
        />
      )}
      {info.params.map((param: PolicyParam) => (
        <ParamField
          key={param.name}
          param={param}
          policy={policy}
          testPrefix={testPrefix}
          error={errorAt(`${level}.policy.${param.name}`)}
          onPolicy={onPolicy}
        />
      ))}
      {info.outQueue && (
        <p className="field-hint" data-testid={`${testPrefix}-out-queue`}>
          Its out queue remembers as many evicted blocks as it caches; their space comes out of the cache (paper 004's
          equal-space comparison).
        </p>
      )}
      {info.hints && (
        <p className="field-hint" data-testid={`${testPrefix}-hints`}>
          Reads SYNCH / REPLACE / RECOV write hints (the OLTP workload, or a trace's hint column); unhinted writes count
          as REPLACE.
        </p>
      )}
    </>
  );
}

/** One parameter of the cache's policy, as the engine's catalogue describes it: a share in %, or a whole number. */
function ParamField({
  param,
  policy,
  testPrefix,
  error,
  onPolicy,
}: {
  param: PolicyParam;
  policy: PolicyConfig;
  testPrefix: string;
  error: string | undefined;
  onPolicy: (policy: PolicyConfig) => void;
}) {
  const value = paramValue(policy, param);
  const set = (x: number) => onPolicy({ ...policy, [param.name]: x } as PolicyConfig);
  const common = { testId: `${testPrefix}-param-${param.name}`, label: param.label, error, hint: param.hint };
  if (param.unit === 'share') {
    return (
      <NumberField
        {...common}
        unit="%"
        step="any"
        min={0}
        max={100}
        value={100 * value}
        onChange={(pct) => set(pct / 100)}
      />
    );
  }
  return (
    <NumberField
      {...common}
      unit={param.unit}
      min={param.min}
      max={param.max < 1e9 ? param.max : undefined}
      value={value}
      onChange={set}
    />
  );
}

/** Whether one of the policy's parameters has an error of its own (shown at its field, not at the picker). */
function policyParamError(level: string, kind: PolicyKind, errorAt: (path: string) => string | undefined): boolean {
  return policyInfo(kind).params.some((p: PolicyParam) => errorAt(`${level}.policy.${p.name}`) !== undefined);
}

/** The cache's admission filter: none, TinyLFU, probabilistic (with its probability in %), second hit, size-below (its threshold in KiB) or AdaptSize. */
function AdmissionFields({
  level,
  testPrefix,
  admission,
  errorAt,
  onAdmission,
}: {
  level: string;
  testPrefix: string;
  admission: AdmissionConfig | undefined;
  errorAt: (path: string) => string | undefined;
  onAdmission: (admission: AdmissionConfig | undefined) => void;
}) {
  type Choice = AdmissionConfig['kind'] | 'none';
  return (
    <div className="row">
      <SelectField<Choice>
        testId={`${testPrefix}-admission`}
        label={
          <abbr title="which blocks a miss brings in this cache keeps at all; DEMOTEs always get in">Admission</abbr>
        }
        value={admission?.kind ?? 'none'}
        options={[
          { value: 'none', label: 'Every block' },
          ...catalogue().admissions.map((a) => ({ value: a.kind as AdmissionConfig['kind'], label: a.label })),
        ]}
        error={errorAt(`${level}.admission`) ?? errorAt(`${level}.admission.kind`)}
        onChange={(kind) => onAdmission(kind === 'none' ? undefined : ({ kind } as AdmissionConfig))}
      />
      {admission?.kind === 'probabilistic' && (
        <NumberField
          testId={`${testPrefix}-admission-probability`}
          label="Admit"
          unit="%"
          step="any"
          min={0}
          max={100}
          value={100 * (admission.probability ?? limits().defaultAdmissionProbability)}
          error={errorAt(`${level}.admission.probability`)}
          hint="the chance a brought-in block is kept (seeded)"
          onChange={(pct) => onAdmission({ kind: 'probabilistic', probability: pct / 100 })}
        />
      )}
      {admission?.kind === 'size-below' && (
        <NumberField
          testId={`${testPrefix}-admission-bytes`}
          label="Admit objects below"
          unit="KiB"
          step="any"
          min={0}
          value={(admission.bytes ?? limits().defaultSizeBelow) / 1024}
          error={errorAt(`${level}.admission.bytes`)}
          hint="an object this size or larger is never kept (libCacheSim's size admission)"
          onChange={(kib) => onAdmission({ kind: 'size-below', bytes: Math.round(kib * 1024) })}
        />
      )}
    </div>
  );
}

/** The cache's prefetching: none, one-block lookahead, or sequential read-ahead with its trigger and window (blocks). */
function PrefetchFields({
  level,
  testPrefix,
  prefetch,
  errorAt,
  onPrefetch,
}: {
  level: string;
  testPrefix: string;
  prefetch: PrefetchConfig | undefined;
  errorAt: (path: string) => string | undefined;
  onPrefetch: (prefetch: PrefetchConfig | undefined) => void;
}) {
  type Choice = PrefetchConfig['kind'] | 'none';
  return (
    <div className="row">
      <SelectField<Choice>
        testId={`${testPrefix}-prefetch`}
        label={
          <abbr title="blocks this cache fetches ahead of the reads, in the background (paper 001's read-ahead); counted apart: prefetch hits and wasted prefetches">
            Prefetch
          </abbr>
        }
        value={prefetch?.kind ?? 'none'}
        options={[
          { value: 'none', label: 'None' },
          ...catalogue().prefetchers.map((p) => ({ value: p.kind as PrefetchConfig['kind'], label: p.label })),
        ]}
        error={errorAt(`${level}.prefetch`) ?? errorAt(`${level}.prefetch.kind`)}
        onChange={(kind) => onPrefetch(kind === 'none' ? undefined : ({ kind } as PrefetchConfig))}
      />
      {prefetch?.kind === 'readahead' && (
        <>
          <NumberField
            testId={`${testPrefix}-prefetch-trigger`}
            label="Trigger"
            unit="blocks"
            min={1}
            max={limits().maxPrefetchTrigger}
            value={prefetch.trigger ?? limits().defaultPrefetchTrigger}
            error={errorAt(`${level}.prefetch.trigger`)}
            hint="consecutive blocks a stream reads before it is read ahead"
            onChange={(trigger) => onPrefetch({ ...prefetch, trigger })}
          />
          <NumberField
            testId={`${testPrefix}-prefetch-window`}
            label="Window"
            unit="blocks"
            min={1}
            max={limits().maxPrefetchWindow}
            value={prefetch.window ?? limits().defaultPrefetchWindow}
            error={errorAt(`${level}.prefetch.window`)}
            hint="blocks kept ahead of the stream"
            onChange={(window) => onPrefetch({ ...prefetch, window })}
          />
        </>
      )}
    </div>
  );
}
