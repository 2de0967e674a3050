// One cache level of the form: capacity, replacement policy and that policy's parameters
// (SLRU's protected share, LFU's aging period). Used for the client and the array alike.
import { useState, type ReactNode } from 'react';
import type { PolicyConfig, PolicyKind } from '../../../scenario/schema';
import { NumberField } from './NumberField';
import { SelectField } from './SelectField';

export const POLICIES = [
  { value: 'lru', label: 'LRU' },
  { value: 'mru', label: 'MRU' },
  { value: 'fifo', label: 'FIFO' },
  { value: 'random', label: 'Random (RR)' },
  { value: 'clock', label: 'CLOCK' },
  { value: 'sieve', label: 'SIEVE' },
  { value: 'lfu', label: 'LFU' },
  { value: 'slru', label: 'SLRU' },
  { value: 'lru-2', label: 'LRU-2' },
  { value: 'lru-k', label: 'LRU-K' },
  { value: 'arc', label: 'ARC' },
  { value: 'car', label: 'CAR' },
  { value: '2q', label: '2Q' },
  { value: 'lirs', label: 'LIRS' },
  { value: 'clock-pro', label: 'CLOCK-Pro' },
  { value: 'mq', label: 'MQ' },
  { value: 'lru+hints', label: 'LRU+Hints (write hints)' },
  { value: 'mq+hints', label: 'MQ+Hints (write hints)' },
  { value: 'tq', label: 'TQ (write hints)' },
  { value: 's3-fifo', label: 'S3-FIFO' },
  { value: 'qd-lp-fifo', label: 'QD-LP-FIFO' },
  { value: 'w-tinylfu', label: 'W-TinyLFU' },
  { value: 'hyperbolic', label: 'Hyperbolic' },
  { value: 'lecar', label: 'LeCaR' },
  { value: 'cacheus', label: 'CACHEUS' },
] as const satisfies readonly { value: PolicyKind; label: string }[];

/** Offered at a cache whose reference stream is known before the run (a client; a cache above, from a first pass). */
export const OFFLINE_POLICIES = [
  { value: 'min', label: 'MIN (offline)' },
  { value: 'read-opt', label: 'read-OPT (offline)' },
] as const satisfies readonly { value: PolicyKind; label: string }[];

/** What a capacity may be typed in. */
export const CAPACITY_UNITS = ['blocks', 'KiB', 'MiB', 'GiB'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];

/** Blocks per `unit`: 1 for blocks, else the unit's bytes over the block size. */
function blocksPer(unit: CapacityUnit, blockSize: number): number {
  return unit === 'blocks' ? 1 : (unit === 'KiB' ? 1024 : unit === 'MiB' ? 1024 ** 2 : 1024 ** 3) / blockSize;
}

/**
 * A capacity typed as `value` `unit`s, in whole blocks (the nearest; a size under half a block
 * is 0 blocks, which the scenario check refuses). Not a number stays not a number.
 */
export function blocksOf(value: number, unit: CapacityUnit, blockSize: number): number {
  if (!Number.isFinite(value)) return value;
  return unit === 'blocks' ? value : Math.round(value * blocksPer(unit, blockSize));
}

/** Engine defaults, shown when the scenario leaves a parameter out. */
const DEFAULT_PROTECTED_SHARE = 0.8;
const DEFAULT_SMALL_SHARE = 0.1;
const DEFAULT_PROBATION_SHARE = 0.1;
const DEFAULT_HIR_SHARE = 0.01;
const DEFAULT_MIN_COLD_SHARE = 0.01;
const DEFAULT_WINDOW_SHARE = 0.01;
const DEFAULT_SAMPLE_SIZE = 64;
const DEFAULT_K = 2;

export interface CacheFieldsProps {
  /** The cache's path in the scenario (`client`, `array`, `tree.caches.2`): prefixes error paths. */
  level: string;
  /** Prefixes test ids (default: `level`). */
  testPrefix?: string;
  capacity: number;
  policy: PolicyConfig;
  /** Paper 003's CO flag for this cache. */
  co?: boolean;
  onCo?: (co: boolean) => void;
  policyHelp: string;
  /** Also offer the offline policies (MIN, read-OPT): wherever the cache's stream is known in advance, which the scenario check says. */
  offline?: boolean;
  sizeHint?: ReactNode;
  /** Bytes per block: the capacity can be typed in blocks or in KiB, MiB or GiB of them. */
  blockSize: number;
  errorAt: (path: string) => string | undefined;
  onCapacity: (capacity: number) => void;
  onPolicy: (policy: PolicyConfig) => void;
}

export function CacheFields({
  level,
  testPrefix = level,
  capacity,
  policy,
  co = false,
  onCo,
  policyHelp,
  offline = true,
  sizeHint,
  blockSize,
  errorAt,
  onCapacity,
  onPolicy,
}: CacheFieldsProps) {
  const [unit, setUnit] = useState<CapacityUnit>('blocks');
  const per = blocksPer(unit, blockSize);
  const capacityError = errorAt(`${level}.capacity`);
  return (
    <>
      <div className="row">
        <NumberField
          testId={`${testPrefix}-capacity`}
          label="Capacity"
          units={{ choices: CAPACITY_UNITS, value: unit, onChange: (u) => setUnit(u as CapacityUnit) }}
          min={unit === 'blocks' ? 1 : 0}
          step={unit === 'blocks' ? 1 : 'any'}
          value={Number.isNaN(capacity) ? NaN : capacity / per}
          error={capacityError && unit !== 'blocks' ? `${capacityError} blocks of ${blockSize / 1024} KiB` : capacityError}
          hint={sizeHint}
          onChange={(v) => onCapacity(blocksOf(v, unit, blockSize))}
        />
        <SelectField
          testId={`${testPrefix}-policy`}
          label={<abbr title={policyHelp}>Policy</abbr>}
          value={policy.kind}
          options={offline ? [...POLICIES, ...OFFLINE_POLICIES] : POLICIES}
          error={errorAt(`${level}.policy.kind`) ?? (errorAt(`${level}.policy`) && !policyParamError(level, errorAt) ? errorAt(`${level}.policy`) : undefined)}
          onChange={(kind) => onPolicy({ kind } as PolicyConfig)}
        />
      </div>
      {onCo && (
        <label className="check">
          <input type="checkbox" data-testid={`${testPrefix}-co`} checked={co} onChange={(e) => onCo(e.target.checked)} />
          <span>
            <strong>CO</strong> — cold blocks (not among the last {capacity.toLocaleString('en-US')} accesses) go next in line
          </span>
        </label>
      )}
      {policy.kind === 'slru' && (
        <NumberField
          testId={`${testPrefix}-slru-share`}
          label="Protected segment"
          unit="%"
          step="any"
          min={0}
          max={100}
          value={100 * (policy.protectedShare ?? DEFAULT_PROTECTED_SHARE)}
          error={errorAt(`${level}.policy.protectedShare`)}
          hint="share of the cache for blocks hit at least twice; paper 001 found 60–80 % best"
          onChange={(pct) => onPolicy({ kind: 'slru', protectedShare: pct / 100 })}
        />
      )}
      {policy.kind === 's3-fifo' && (
        <NumberField
          testId={`${testPrefix}-s3-small`}
          label="Small queue"
          unit="%"
          step="any"
          min={0}
          max={100}
          value={100 * (policy.smallShare ?? DEFAULT_SMALL_SHARE)}
          error={errorAt(`${level}.policy.smallShare`)}
          hint="share of the cache that filters one-hit wonders; the paper uses 10 %"
          onChange={(pct) => onPolicy({ kind: 's3-fifo', smallShare: pct / 100 })}
        />
      )}
      {policy.kind === 'qd-lp-fifo' && (
        <NumberField
          testId={`${testPrefix}-qdlp-probation`}
          label="Probationary FIFO"
          unit="%"
          step="any"
          min={0}
          max={100}
          value={100 * (policy.probationShare ?? DEFAULT_PROBATION_SHARE)}
          error={errorAt(`${level}.policy.probationShare`)}
          hint="share of the cache where new blocks must be requested again to stay; the paper uses 10 %"
          onChange={(pct) => onPolicy({ kind: 'qd-lp-fifo', probationShare: pct / 100 })}
        />
      )}
      {policy.kind === 'lirs' && (
        <NumberField
          testId={`${testPrefix}-lirs-hir`}
          label="HIR share"
          unit="%"
          step="any"
          min={0}
          max={100}
          value={100 * (policy.hirShare ?? DEFAULT_HIR_SHARE)}
          error={errorAt(`${level}.policy.hirShare`)}
          hint="cache share for resident HIR blocks; the paper uses 1 %"
          onChange={(pct) => onPolicy({ kind: 'lirs', hirShare: pct / 100 })}
        />
      )}
      {policy.kind === 'clock-pro' && (
        <NumberField
          testId={`${testPrefix}-clockpro-cold`}
          label="Least cold share"
          unit="%"
          step="any"
          min={0}
          max={100}
          value={100 * (policy.minColdShare ?? DEFAULT_MIN_COLD_SHARE)}
          error={errorAt(`${level}.policy.minColdShare`)}
          hint="cache share for cold pages that the adaptive target starts at and never falls below; LIRS's 1 %"
          onChange={(pct) => onPolicy({ kind: 'clock-pro', minColdShare: pct / 100 })}
        />
      )}
      {(policy.kind === 'mq' || policy.kind === 'mq+hints') && (
        <NumberField
          testId={`${testPrefix}-mq-life`}
          label="Life time"
          unit="refs"
          min={0}
          value={policy.lifeTime ?? 0}
          error={errorAt(`${level}.policy.lifeTime`)}
          hint="references a block may go unused before dropping a queue; 0 = the cache size"
          onChange={(lifeTime) => onPolicy({ kind: policy.kind, lifeTime })}
        />
      )}
      {(policy.kind === 'mq' || policy.kind === 'mq+hints' || policy.kind === 'tq') && (
        <p className="field-hint" data-testid={`${testPrefix}-out-queue`}>
          Its out queue remembers as many evicted blocks as it caches; their space comes out of the cache (paper 004's equal-space comparison).
        </p>
      )}
      {(policy.kind === 'lru+hints' || policy.kind === 'mq+hints' || policy.kind === 'tq') && (
        <p className="field-hint" data-testid={`${testPrefix}-hints`}>
          Reads SYNCH / REPLACE / RECOV write hints (the OLTP workload, or a trace's hint column); unhinted writes count as REPLACE.
        </p>
      )}
      {policy.kind === 'w-tinylfu' && (
        <NumberField
          testId={`${testPrefix}-tinylfu-window`}
          label="Window"
          unit="%"
          step="any"
          min={0}
          max={100}
          value={100 * (policy.windowShare ?? DEFAULT_WINDOW_SHARE)}
          error={errorAt(`${level}.policy.windowShare`)}
          hint="LRU window in front of the frequency-filtered main cache; Caffeine uses 1 %"
          onChange={(pct) => onPolicy({ kind: 'w-tinylfu', windowShare: pct / 100 })}
        />
      )}
      {policy.kind === 'lru-k' && (
        <>
          <NumberField
            testId={`${testPrefix}-lru-k`}
            label="K"
            unit="refs"
            min={2}
            max={8}
            value={policy.k ?? DEFAULT_K}
            error={errorAt(`${level}.policy.k`)}
            hint="the victim's K-th latest reference is the oldest; blocks seen fewer than K times go first"
            onChange={(k) => onPolicy({ ...policy, k })}
          />
          <NumberField
            testId={`${testPrefix}-lru-k-crp`}
            label="Correlated period"
            unit="refs"
            min={0}
            value={policy.correlatedPeriod ?? 0}
            error={errorAt(`${level}.policy.correlatedPeriod`)}
            hint="references to a block this close together count as one; 0 = every reference counts"
            onChange={(correlatedPeriod) => onPolicy({ ...policy, correlatedPeriod })}
          />
        </>
      )}
      {policy.kind === 'hyperbolic' && (
        <NumberField
          testId={`${testPrefix}-hyperbolic-sample`}
          label="Sample"
          unit="blocks"
          min={1}
          max={1024}
          value={policy.sampleSize ?? DEFAULT_SAMPLE_SIZE}
          error={errorAt(`${level}.policy.sampleSize`)}
          hint="blocks drawn at random (from the run's seed) per eviction; the lowest hit rate since entry goes; the paper uses 64"
          onChange={(sampleSize) => onPolicy({ kind: 'hyperbolic', sampleSize })}
        />
      )}
      {policy.kind === 'lfu' && (
        <NumberField
          testId={`${testPrefix}-lfu-aging`}
          label="Aging period"
          unit="refs"
          min={0}
          value={policy.agingPeriod ?? 0}
          error={errorAt(`${level}.policy.agingPeriod`)}
          hint="halve every frequency after this many references; 0 = never"
          onChange={(agingPeriod) => onPolicy({ kind: 'lfu', agingPeriod })}
        />
      )}
    </>
  );
}

function policyParamError(level: string, errorAt: (path: string) => string | undefined): boolean {
  return Boolean(
    errorAt(`${level}.policy.protectedShare`) ??
      errorAt(`${level}.policy.agingPeriod`) ??
      errorAt(`${level}.policy.smallShare`) ??
      errorAt(`${level}.policy.probationShare`) ??
      errorAt(`${level}.policy.lifeTime`) ??
      errorAt(`${level}.policy.hirShare`) ??
      errorAt(`${level}.policy.minColdShare`) ??
      errorAt(`${level}.policy.windowShare`) ??
      errorAt(`${level}.policy.sampleSize`) ??
      errorAt(`${level}.policy.k`) ??
      errorAt(`${level}.policy.correlatedPeriod`),
  );
}
