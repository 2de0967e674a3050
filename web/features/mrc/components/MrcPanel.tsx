// The miss-ratio-curve sweep: pick policies and cache sizes, run every (policy, size) point of
// the current scenario's workload as a single cache on a pool of engine workers, and watch the
// curves fill in. Points are deterministic, so the pool size never changes a number.
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatCount, formatPercent } from '../../../app/format';
import { MrcChart } from '../../../charts/mrc/MrcChart';
import { ScaleSelect } from '../../../charts/ScaleSelect';
import type { Curve, MrcScale } from '../../../charts/mrc/useMrcLayout';
import { POLICY_KINDS, workloadBlocks, type PolicyKind, type Scenario } from '../../../scenario/schema';
import { workloadOf } from '../../../scenario/topology';
import { OFFLINE_POLICIES, POLICIES } from '../../scenario/components/CacheFields';
import { ChartExport } from '../../export/ChartExport';
import { NumberField } from '../../scenario/components/NumberField';
import { defaultPoolSize, defaultRunner, isCancel, type PoolRunner } from '../../../worker/pool';
import { defaultSizes, isOffline, offlineAllowed, runSweep, sweepPoints, type PointResult, type SweepPoint } from '../sweep';
import { WorkProgress } from '../../sweeps/WorkProgress';

const LABELS: Record<string, string> = Object.fromEntries([...POLICIES, ...OFFLINE_POLICIES].map((p) => [p.value, p.label]));
const DEFAULT_PICK: PolicyKind[] = ['lru', 'arc', 's3-fifo', 'min'];
const MAX_POINTS = 40;

export interface MrcPanelProps {
  /** The scenario whose workload is swept; null while the form is invalid. */
  base: Scenario | null;
  /** Tests inject a runner; the app uses a pool of engine workers. */
  createRunner?: () => PoolRunner;
  /** Distinct blocks of the workload when the generator does not say (a replayed trace). */
  blocks?: number;
}

type Status = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

interface SweepState {
  status: Status;
  points: SweepPoint[];
  results: (PointResult | undefined)[];
  error: string | null;
  baseJson: string | null;
}

const IDLE: SweepState = { status: 'idle', points: [], results: [], error: null, baseJson: null };


export function MrcPanel({ base, createRunner = defaultRunner, blocks: known }: MrcPanelProps) {
  const panel = useRef<HTMLElement>(null);
  const [picked, setPicked] = useState<Set<PolicyKind>>(new Set(DEFAULT_PICK));
  const [count, setCount] = useState(8);
  const [minSize, setMinSize] = useState<number | null>(null);
  const [maxSize, setMaxSize] = useState<number | null>(null);
  const [state, setState] = useState<SweepState>(IDLE);
  const [scale, setScale] = useState<MrcScale>('log');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const w = base ? workloadOf(base) : null;
  const blocks = known ?? (w ? workloadBlocks(w) : 1000);
  const auto = defaultSizes(blocks, 2);
  const lo = minSize ?? auto[0];
  const hi = maxSize ?? auto[auto.length - 1];
  const offlineOk = base ? offlineAllowed(base) : false;
  const policies = POLICY_KINDS.filter((k) => picked.has(k) && (!isOffline(k) || offlineOk));
  const countOk = Number.isInteger(count) && count >= 2 && count <= MAX_POINTS;
  const rangeOk = Number.isInteger(lo) && Number.isInteger(hi) && lo >= 1 && hi > lo && hi <= 2 ** 25;
  // Untouched bounds: exactly the CLI's default sizes (`tiersim sweep --points N`).
  const sizes = !countOk || !rangeOk ? [] : minSize === null && maxSize === null ? defaultSizes(blocks, count) : defaultSizes(0, count, lo, hi);
  const running = state.status === 'running';
  const stale = state.baseJson !== null && JSON.stringify(base) !== state.baseJson;

  const start = async () => {
    if (!base) return;
    const built = sweepPoints(base, policies, sizes);
    if ('error' in built) {
      setState({ ...IDLE, status: 'error', error: built.error });
      return;
    }
    const controller = new AbortController();
    abort.current?.abort();
    abort.current = controller;
    const runner = createRunner();
    setState({ status: 'running', points: built.points, results: [], error: null, baseJson: JSON.stringify(base) });
    try {
      await runSweep(built.points, runner.run, runner.parallel, controller.signal, (i, r) =>
        setState((s) => {
          if (s.points !== built.points) return s;
          const results = [...s.results];
          results[i] = r;
          return { ...s, results };
        }),
      );
      setState((s) => (s.points === built.points ? { ...s, status: 'done' } : s));
    } catch (e) {
      controller.abort();
      const cancelled = isCancel(e);
      setState((s) =>
        s.points === built.points
          ? { ...s, status: cancelled ? 'cancelled' : 'error', error: cancelled ? null : e instanceof Error ? e.message : String(e) }
          : s,
      );
    } finally {
      runner.close();
    }
  };

  const curves: Curve[] = useMemo(() => {
    const by = new Map<string, Curve>();
    state.points.forEach((p, i) => {
      const r = state.results[i];
      if (!by.has(p.policy)) by.set(p.policy, { policy: p.policy, label: LABELS[p.policy] ?? p.policy, points: [] });
      if (r) by.get(p.policy)!.points.push({ size: r.size, missRatio: r.missRatio });
    });
    return [...by.values()];
  }, [state.points, state.results]);

  const done = state.results.filter(Boolean).length;
  const toggle = (k: PolicyKind) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });

  return (
    <section className="mrc-panel" aria-labelledby="mrc-title" ref={panel}>
      <div className="chart-head">
        <h3 id="mrc-title">Miss-ratio curves</h3>
        {curves.length > 0 && <ChartExport target={panel} view="miss-ratio-curves" title="Miss-ratio curves" yLabel="read miss ratio" scenario={state.baseJson ? (JSON.parse(state.baseJson) as Scenario) : base} testId="mrc-export" />}
        <p className="chart-legend">
          each point: this workload through one cache of that policy and size · {defaultPoolSize()} workers in parallel
        </p>
      </div>
      <fieldset className="mrc-policies">
        <legend>Policies</legend>
        {[...POLICIES, ...OFFLINE_POLICIES].map((p) => {
          const disabled = isOffline(p.value) && !offlineOk;
          return (
            <label key={p.value} className="check mrc-check" title={disabled ? 'offline policies precompute the whole run: at most 16,777,216 block references' : undefined}>
              <input
                type="checkbox"
                data-testid={`sweep-policy-${p.value}`}
                checked={picked.has(p.value) && !disabled}
                disabled={disabled || running}
                onChange={() => toggle(p.value)}
              />
              <span>{p.label}</span>
            </label>
          );
        })}
      </fieldset>
      <div className="row row-loose mrc-sizes">
        <NumberField
          testId="sweep-points"
          label="Sizes"
          min={2}
          max={MAX_POINTS}
          value={count}
          error={countOk ? undefined : `must be between 2 and ${MAX_POINTS}`}
          onChange={setCount}
        />
        <NumberField
          testId="sweep-min"
          label="Smallest"
          unit="blocks"
          min={1}
          value={lo}
          error={rangeOk ? undefined : 'smallest must be ≥ 1 and below largest'}
          onChange={setMinSize}
        />
        <NumberField testId="sweep-max" label="Largest" unit="blocks" min={2} value={hi} onChange={setMaxSize} />
      </div>
      <div className="actions">
        <button
          type="button"
          className="button primary"
          data-testid="sweep-run"
          disabled={!base || running || !policies.length || !sizes.length}
          title={!base ? 'Fix the scenario first' : undefined}
          onClick={() => void start()}
        >
          {running ? 'Sweeping…' : 'Run sweep'}
        </button>
        <button type="button" className="button secondary" data-testid="sweep-cancel" disabled={!running} onClick={() => abort.current?.abort()}>
          Cancel
        </button>
        <WorkProgress
          testId="sweep-progress"
          status={state.status}
          done={done}
          total={state.points.length}
          unit="points"
          note={stale ? ' — the scenario has changed since' : undefined}
          idleText={!base ? 'Fix the scenario to sweep it.' : state.status === 'idle' ? `${policies.length} policies × ${sizes.length} sizes` : undefined}
        />
      </div>
      {state.error && (
        <div className="banner banner-error" role="alert" data-testid="sweep-error">
          {state.error}
        </div>
      )}
      <div className="chart-controls">
        <ScaleSelect label="Cache-size axis" testId="mrc-scale" value={scale} onChange={setScale} />
      </div>
      <MrcChart curves={curves} order={POLICY_KINDS} scale={scale} span={sizes.length ? [sizes[0], sizes[sizes.length - 1]] : undefined} />
      {done > 0 && (
        <details className="mrc-numbers">
          <summary>Numbers</summary>
          <table data-testid="sweep-table" className="mrc-table">
            <thead>
              <tr>
                <th scope="col">policy</th>
                <th scope="col">size (blocks)</th>
                <th scope="col">read miss ratio</th>
                <th scope="col">block miss ratio</th>
              </tr>
            </thead>
            <tbody>
              {state.points.map((p, i) => {
                const r = state.results[i];
                return r ? (
                  <tr key={`${p.policy}-${p.size}`} data-policy={p.policy} data-size={p.size} data-miss={String(r.missRatio)} data-block-miss={String(r.blockMissRatio)}>
                    <td>{LABELS[p.policy] ?? p.policy}</td>
                    <td>{formatCount(p.size)}</td>
                    <td>{formatPercent(r.missRatio)}</td>
                    <td>{formatPercent(r.blockMissRatio)}</td>
                  </tr>
                ) : null;
              })}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
