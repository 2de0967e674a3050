// The miss-ratio-curve sweep: pick policies and cache sizes, run every (policy, size) point of
// the current scenario's workload as a single cache on a pool of engine workers, and watch the
// curves fill in. Points are deterministic, so the pool size never changes a number. Over a
// trace file, the curves can instead come from miniature simulations (engine:
// analysis::minisim) fed as a reader worker streams the file: every policy's whole curve is
// drawn while the file is read, and grows sharper to its end, never holding the trace.
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatBytes, formatCount, formatPercent } from '../../../format/numbers';
import { MrcChart } from '../../../charts/mrc/MrcChart';
import { ScaleSelect } from '../../../charts/ScaleSelect';
import type { Curve, MrcScale } from '../../../charts/mrc/useMrcLayout';
import { policyKinds, policyOf, workloadBlocks, type PolicyKind, type Scenario } from '../../../scenario/document';
import { workloadOf } from '../../../scenario/topology';
import { bytePolicies, offlinePolicies, onlinePolicies } from '../../../scenario/policies';
import { ChartExport } from '../../../export/ChartExport';
import { curvesTable } from '../curvesTable';
import { NumberField } from '../../../ui/NumberField';
import { defaultPoolSize, defaultRunner, isCancel, type PoolRunner } from '../../../worker/pool';
import { EngineClient } from '../../../worker/client';
import type { ByteReport, MiniReport, WorkerMemory } from '../../../worker/protocol';
import { traceFile } from '../../../worker/traces';
import { traceOf, traceReadingOf } from '../../../scenario/topology';
import {
  defaultSizes,
  floorPoint,
  isOffline,
  offlineAllowed,
  runSweep,
  sweepPoints,
  type PointResult,
  type SweepPoint,
} from '../sweep';
import { WorkProgress } from '../../../ui/WorkProgress';
import { runLink } from '../../../scenario/url';
import { curvesRun, parseCurvesRun } from '../link';

/** Each policy's label as the pickers show it. */
const labels = (): Record<string, string> =>
  Object.fromEntries([...onlinePolicies(), ...offlinePolicies()].map((p) => [p.value, p.label]));
const DEFAULT_PICK: PolicyKind[] = ['lru', 'arc', 's3-fifo', 'min'];
const MAX_POINTS = 40;

export interface MrcPanelProps {
  /** The scenario whose workload is swept; null while the form is invalid. */
  base: Scenario | null;
  /** Tests inject a runner; the app uses a pool of engine workers. */
  createRunner?: () => PoolRunner;
  /** Distinct blocks of the workload when the generator does not say (a replayed trace). */
  blocks?: number;
  /** Whether the replayed trace's records give sizes (its scan's summary): read as objects, curves in bytes need them. */
  sized?: boolean;
  /** Tests inject the streamed curves' engine; the app gives each drawing a worker of its own. */
  createCurves?: () => CurvesClient;
  /** A shared link's curves (what follows `curves:` in its `run`): set, and drawn once they can be. */
  autoRun?: string | null;
}

type CurvesClient = Pick<EngineClient, 'miniCurves' | 'terminate'> &
  Partial<Pick<EngineClient, 'warmCurves' | 'byteCurves'>>;

/** What a curve's capacities count: blocks (objects when read as objects), or bytes — each object its size. */
type Unit = 'blocks' | 'bytes';
/** Which miss ratio a byte curve draws: per request, or per byte requested. */
type RatioBy = 'requests' | 'bytes';
const MiB = 2 ** 20;

/** How the curves are made: full runs at each size, or miniature simulations of a streamed trace. */
type Method = 'exact' | 'mini';

interface MiniState {
  status: Status;
  reports: MiniReport[];
  /** File bytes read, of all. */
  bytes: number;
  total: number;
  error: string | null;
  baseJson: string | null;
  /** The curves' worker's and its reader's WebAssembly memory, bytes. */
  memory: WorkerMemory | null;
  /** Curves in bytes: their reports, capacities (once the first pass counted), and the pass. */
  byteReports: ByteReport[];
  byteSizes: number[];
  pass: 1 | 2;
}

const MINI_IDLE: MiniState = {
  status: 'idle',
  reports: [],
  byteReports: [],
  byteSizes: [],
  pass: 1,
  bytes: 0,
  total: 0,
  error: null,
  baseJson: null,
  memory: null,
};

type Status = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

/** The axis span of capacities in bytes, before the curves have points. */
const byteSpan = (sizes: number[]): readonly [number, number] | undefined =>
  sizes.length ? [sizes[0], sizes[sizes.length - 1]] : undefined;

const notLoaded = (name: string) =>
  `${name}: the trace file is not loaded — drop it on the page or pick it under Workload`;

/** How the curves' reader reads the scenario's trace (as its runs do). */
const readingOf = (base: Scenario) => traceReadingOf(base)!;

interface SweepState {
  status: Status;
  /** The curves' points, then the floor's own run where no point is it. */
  points: SweepPoint[];
  results: (PointResult | undefined)[];
  /** How many of `points` the curves draw. */
  drawn: number;
  /** The run whose miss ratio is the curves' floor (`floorPoint`), or -1. */
  floorAt: number;
  error: string | null;
  baseJson: string | null;
}

const IDLE: SweepState = {
  status: 'idle',
  points: [],
  results: [],
  drawn: 0,
  floorAt: -1,
  error: null,
  baseJson: null,
};

export function MrcPanel({
  base,
  createRunner = defaultRunner,
  blocks: known,
  sized = false,
  createCurves = () => new EngineClient(),
  autoRun = null,
}: MrcPanelProps) {
  const panel = useRef<HTMLElement>(null);
  const [linked] = useState(() => (autoRun ? parseCurvesRun(autoRun) : null));
  const [picked, setPicked] = useState<Set<PolicyKind>>(
    () => new Set(linked?.policies?.length ? linked.policies : DEFAULT_PICK),
  );
  const [count, setCount] = useState(linked?.count ?? 8);
  const [minSize, setMinSize] = useState<number | null>(linked?.minSize ?? null);
  const [maxSize, setMaxSize] = useState<number | null>(linked?.maxSize ?? null);
  const [state, setState] = useState<SweepState>(IDLE);
  const [scale, setScale] = useState<MrcScale>('log');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const trace = base ? traceOf(base) : null;
  const [chosen, setMethod] = useState<Method>(linked?.method ?? 'mini');
  // Miniature simulations need the file (streamed again) and its distinct blocks (its scan).
  const method: Method = trace && known !== undefined ? chosen : 'exact';
  const [mini, setMini] = useState<MiniState>(MINI_IDLE);
  // A trace read as objects with sizes may count its curves' capacities in bytes (streamed).
  const [chosenUnit, setUnit] = useState<Unit>(linked?.unit ?? 'bytes');
  const bytesOffered = !!trace?.objectMode && known !== undefined && sized;
  const unit: Unit = bytesOffered ? chosenUnit : 'blocks';
  const [ratioBy, setRatioBy] = useState<RatioBy>(linked?.ratioBy ?? 'bytes');
  const [minMiB, setMinMiB] = useState<number | null>(linked?.minMiB ?? null);
  const [maxMiB, setMaxMiB] = useState<number | null>(linked?.maxMiB ?? null);
  // The next drawing's worker, readied while the panel waits (engine loaded, its reader started):
  // the click then starts reading at once, not ~50 ms later. One at a time, while mini is on.
  const spare = useRef<CurvesClient | null>(null);
  const miniReady = method === 'mini';
  const miniOn = useRef(false);
  const warm = () => {
    if (spare.current || !miniOn.current) return;
    spare.current = createCurves();
    void spare.current.warmCurves?.();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `createCurves`, behind `warm`, is fixed for the panel's life
  useEffect(() => {
    if (!miniReady) return;
    miniOn.current = true;
    warm();
    return () => {
      miniOn.current = false;
      spare.current?.terminate();
      spare.current = null;
    };
  }, [miniReady]);

  const w = base ? workloadOf(base) : null;
  const blocks = known ?? (w ? workloadBlocks(w) : 1000);
  const auto = defaultSizes(blocks, 2);
  const lo = minSize ?? auto[0];
  const hi = maxSize ?? auto[auto.length - 1];
  const offlineOk = base ? offlineAllowed(base) : false;
  const policyOk = (k: PolicyKind) =>
    unit === 'bytes' ? bytePolicies().has(k) : !isOffline(k) || (method === 'exact' && offlineOk);
  const policies = policyKinds().filter((k) => picked.has(k) && policyOk(k));
  const countOk = Number.isInteger(count) && count >= 2 && count <= MAX_POINTS;
  const rangeOk = Number.isInteger(lo) && Number.isInteger(hi) && lo >= 1 && hi > lo && hi <= 2 ** 25;
  // Untouched bounds: exactly the CLI's default sizes (`tiersim sweep --points N`).
  const sizes =
    !countOk || !rangeOk
      ? []
      : minSize === null && maxSize === null
        ? defaultSizes(blocks, count)
        : defaultSizes(0, count, lo, hi);
  // In bytes: the engine's defaults (1 % to 100 % of the distinct bytes) unless both bounds are typed.
  const bytesRangeOk =
    minMiB === null && maxMiB === null ? true : minMiB !== null && maxMiB !== null && minMiB > 0 && maxMiB > minMiB;
  const byteSizes =
    countOk && bytesRangeOk && minMiB !== null && maxMiB !== null
      ? defaultSizes(0, count, minMiB * MiB, maxMiB * MiB)
      : [];
  const streamed = method === 'mini' || unit === 'bytes';
  const running = state.status === 'running' || mini.status === 'running';
  const shown = streamed ? mini.baseJson : state.baseJson;
  const stale = shown !== null && JSON.stringify(base) !== shown;

  /**
   * A drawing over the streamed file: the file, a ready worker, progress, cancel and errors;
   * `draw` asks the worker for its curves, passing on each `live` update, and resolves with
   * what "done" shows.
   */
  const streamCurves = async (
    draw: (
      client: CurvesClient,
      file: Blob,
      ctx: { name: string; distinct: number; signal: AbortSignal; live: (patch: Partial<MiniState>) => void },
    ) => Promise<Partial<MiniState>>,
  ) => {
    if (!base || !trace || known === undefined) return;
    const file = traceFile(trace.name);
    const baseJson = JSON.stringify(base);
    if (!file) {
      setMini({ ...MINI_IDLE, status: 'error', error: notLoaded(trace.name), baseJson });
      return;
    }
    const controller = new AbortController();
    abort.current?.abort();
    abort.current = controller;
    setMini({ ...MINI_IDLE, status: 'running', total: file.size, baseJson });
    const client = spare.current ?? createCurves();
    spare.current = null;
    const live = (patch: Partial<MiniState>) =>
      setMini((m) => (m.baseJson === baseJson && m.status === 'running' ? { ...m, ...patch } : m));
    try {
      const done = await draw(client, file, { name: trace.name, distinct: known, signal: controller.signal, live });
      setMini((m) => ({ ...m, status: 'done', bytes: m.total, ...done }));
    } catch (e) {
      controller.abort();
      const cancelled = isCancel(e);
      setMini((m) => ({
        ...m,
        status: cancelled ? 'cancelled' : 'error',
        error: cancelled ? null : e instanceof Error ? e.message : String(e),
      }));
    } finally {
      client.terminate();
      warm();
    }
  };

  /**
   * The streamed curves: one pass of the file through every policy's miniature simulations.
   * Every policy on one worker, in one pass over one shared sample, fed by one reader worker
   * that decodes, samples and counts (engine: minisim::Sampler) and hands on only the sampled
   * references: the two threads a pipeline needs, the curves' one busy with the mini-caches
   * alone. Splitting the policies over more workers, each with its reader, measured slower —
   * every reader decodes the whole file.
   */
  const startMini = (b: Scenario) =>
    streamCurves(async (client, file, { name, distinct, signal, live }) => {
      const request = { policies: policies.map(policyOf), sizes, method: 'mini' as const, rate: 0, distinct, name };
      const { curves } = await client.miniCurves({ ...request, options: readingOf(b) }, file, {
        signal,
        onProgress: (p) => live({ reports: p.curves, bytes: p.bytes, total: p.total, memory: p.memory }),
      });
      return { reports: curves };
    });

  /** Curves in bytes: two passes of the file, the first counting its objects (engine: minisim::bytes). */
  const startBytes = (b: Scenario) =>
    streamCurves(async (client, file, { name, signal, live }) => {
      const request = { policies: policies.map(policyOf), sizes: byteSizes, points: count, method, rate: 0, name };
      const { curves, sizes: ran } = await client.byteCurves!({ ...request, options: readingOf(b) }, file, {
        signal,
        onProgress: (p) =>
          live({
            byteReports: p.curves,
            byteSizes: p.sizes,
            pass: p.pass,
            bytes: p.bytes,
            total: p.total,
            memory: p.memory,
          }),
      });
      return { byteReports: curves, byteSizes: ran, pass: 2 };
    });

  const start = async () => {
    if (!base) return;
    if (unit === 'bytes') return startBytes(base);
    if (method === 'mini') return startMini(base);
    const built = sweepPoints(base, policies, sizes);
    if ('error' in built) {
      setState({ ...IDLE, status: 'error', error: built.error });
      return;
    }
    // The floor: an LRU point that holds every block, or one more run of it.
    const drawn = built.points.length;
    const floor = floorPoint(base, blocks);
    const own = floor ? built.points.findIndex((p) => p.policy === 'lru' && p.size >= blocks) : -1;
    const points = floor && own < 0 ? [...built.points, floor] : built.points;
    const floorAt = own >= 0 ? own : points.length > drawn ? drawn : -1;
    const controller = new AbortController();
    abort.current?.abort();
    abort.current = controller;
    const runner = createRunner();
    setState({ status: 'running', points, results: [], drawn, floorAt, error: null, baseJson: JSON.stringify(base) });
    try {
      await runSweep(points, runner.run, runner.parallel, controller.signal, (i, r) =>
        setState((s) => {
          if (s.points !== points) return s;
          const results = [...s.results];
          results[i] = r;
          return { ...s, results };
        }),
      );
      setState((s) => (s.points === points ? { ...s, status: 'done' } : s));
    } catch (e) {
      controller.abort();
      const cancelled = isCancel(e);
      setState((s) =>
        s.points === points
          ? {
              ...s,
              status: cancelled ? 'cancelled' : 'error',
              error: cancelled ? null : e instanceof Error ? e.message : String(e),
            }
          : s,
      );
    } finally {
      runner.close();
    }
  };

  const canStart =
    !!base && !running && policies.length > 0 && (unit === 'bytes' ? countOk && bytesRangeOk : sizes.length > 0);
  // A shared link's curves draw themselves once they can: the scenario valid and, for a trace,
  // its file read (the scan gives the distinct blocks the sampled curves size themselves by).
  const autoStarted = useRef(false);
  const autoReady = canStart && (!trace || (known !== undefined && traceFile(trace.name) !== undefined));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `start` reads this render's settings; it runs once
  useEffect(() => {
    if (!linked || autoStarted.current || !autoReady) return;
    autoStarted.current = true;
    void start();
  }, [linked, autoReady]);
  const link =
    base &&
    runLink(
      window.location.href,
      base,
      curvesRun({ policies, count, minSize, maxSize, method, unit, ratioBy, minMiB, maxMiB }),
    );

  // The curves' floor: first references miss in a cache of any size. Streamed curves know it
  // once the whole trace is fed; full runs, which count after a warm-up, once their floor's run is.
  const floor = useMemo(() => {
    if (!streamed) return state.results[state.floorAt]?.missRatio;
    if (mini.status !== 'done') return undefined;
    if (unit === 'bytes') {
      const r = mini.byteReports[0];
      return r && (ratioBy === 'bytes' ? r.compulsoryByteMissRatio : r.compulsoryMissRatio);
    }
    return mini.reports[0]?.compulsoryMissRatio;
  }, [streamed, state.results, state.floorAt, mini.status, mini.byteReports, mini.reports, unit, ratioBy]);
  const curves: Curve[] = useMemo(() => {
    if (unit === 'bytes') {
      return mini.byteReports.map((r) => ({
        policy: r.policy as PolicyKind,
        label: labels()[r.policy] ?? r.policy,
        points: r.points
          .map((p) => ({ size: p.bytes, missRatio: ratioBy === 'bytes' ? p.byteMissRatio : p.missRatio }))
          .filter((p) => Number.isFinite(p.missRatio)),
      }));
    }
    if (method === 'mini') {
      return mini.reports.map((r) => ({
        policy: r.policy as PolicyKind,
        label: labels()[r.policy] ?? r.policy,
        points: r.points
          .filter((p) => Number.isFinite(p.missRatio))
          .map((p) => ({ size: p.size, missRatio: p.missRatio })),
      }));
    }
    const by = new Map<string, Curve>();
    state.points.slice(0, state.drawn).forEach((p, i) => {
      const r = state.results[i];
      if (!by.has(p.policy)) by.set(p.policy, { policy: p.policy, label: labels()[p.policy] ?? p.policy, points: [] });
      if (r) by.get(p.policy)!.points.push({ size: r.size, missRatio: r.missRatio });
    });
    return [...by.values()];
  }, [unit, ratioBy, method, mini.byteReports, mini.reports, state.points, state.drawn, state.results]);

  const done = state.results.filter(Boolean).length;
  const MB = 1e6;
  const toggle = (k: PolicyKind) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });

  const ratioLabel =
    unit === 'bytes'
      ? ratioBy === 'bytes'
        ? 'byte miss ratio'
        : 'miss ratio (per request)'
      : method === 'mini'
        ? 'miss ratio (per block reference)'
        : 'read miss ratio';
  return (
    <section className="mrc-panel" aria-labelledby="mrc-title" ref={panel}>
      <div className="chart-head">
        <h3 id="mrc-title">Miss-ratio curves</h3>
        {curves.length > 0 && (
          <ChartExport
            target={panel}
            view="miss-ratio-curves"
            title="Miss-ratio curves"
            yLabel={ratioLabel}
            scenario={shown ? (JSON.parse(shown) as Scenario) : base}
            testId="mrc-export"
            data={() => curvesTable(curves, unit === 'bytes' ? 'capacity (bytes)' : 'size (blocks)', ratioLabel, floor)}
          />
        )}
        <p className="chart-legend">
          {unit === 'bytes'
            ? `each curve: ${method === 'mini' ? 'miniature simulations (sampled objects, scaled-down caches)' : 'a full cache'} at every capacity in bytes, each object its size, fed as the file streams a second time`
            : method === 'mini'
              ? 'each curve: miniature simulations of every size in one pass as the file streams (spatially sampled blocks, scaled-down caches); misses per block reference'
              : `each point: this workload through one cache of that policy and size · ${defaultPoolSize()} workers in parallel`}
        </p>
      </div>
      {trace && known !== undefined && (
        <fieldset className="mrc-method" data-testid="mrc-method">
          <legend>Method</legend>
          <label className="check">
            <input
              type="radio"
              name="mrc-method"
              data-testid="mrc-method-mini"
              checked={method === 'mini'}
              disabled={running}
              onChange={() => setMethod('mini')}
            />
            <span>Miniature simulations — live while the file streams, any size of file</span>
          </label>
          <label className="check">
            <input
              type="radio"
              name="mrc-method"
              data-testid="mrc-method-exact"
              checked={method === 'exact'}
              disabled={running}
              onChange={() => setMethod('exact')}
            />
            <span>Full simulation at each size</span>
          </label>
        </fieldset>
      )}
      {bytesOffered && (
        <fieldset className="mrc-method" data-testid="mrc-unit">
          <legend>Capacities in</legend>
          <label className="check">
            <input
              type="radio"
              name="mrc-unit"
              data-testid="mrc-unit-bytes"
              checked={unit === 'bytes'}
              disabled={running}
              onChange={() => setUnit('bytes')}
            />
            <span>Bytes — each object its size (two passes: the first counts the objects)</span>
          </label>
          <label className="check">
            <input
              type="radio"
              name="mrc-unit"
              data-testid="mrc-unit-objects"
              checked={unit === 'blocks'}
              disabled={running}
              onChange={() => setUnit('blocks')}
            />
            <span>Objects — every object one slot</span>
          </label>
        </fieldset>
      )}
      <fieldset className="mrc-policies">
        <legend>Policies</legend>
        {[...onlinePolicies(), ...offlinePolicies()].map((p) => {
          const disabled = !policyOk(p.value);
          const why =
            unit === 'bytes'
              ? 'this policy does not take a capacity in bytes'
              : method === 'mini'
                ? 'offline policies need the whole future of the trace: choose full simulation'
                : 'offline policies precompute the whole run: at most 16,777,216 block references';
          return (
            <label key={p.value} className="check mrc-check" title={disabled ? why : p.about}>
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
        {unit === 'bytes' ? (
          <>
            <NumberField
              testId="sweep-min-mib"
              label="Smallest"
              unit="MiB"
              step="any"
              value={minMiB ?? Number.NaN}
              hint={minMiB === null && maxMiB === null ? 'empty: 1 % of the distinct bytes' : undefined}
              error={bytesRangeOk ? undefined : 'give both, the smallest above 0 and below the largest'}
              onChange={(v) => setMinMiB(Number.isNaN(v) ? null : v)}
            />
            <NumberField
              testId="sweep-max-mib"
              label="Largest"
              unit="MiB"
              step="any"
              value={maxMiB ?? Number.NaN}
              hint={minMiB === null && maxMiB === null ? 'empty: all of them' : undefined}
              onChange={(v) => setMaxMiB(Number.isNaN(v) ? null : v)}
            />
          </>
        ) : (
          <>
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
          </>
        )}
      </div>
      <div className="actions">
        <button
          type="button"
          className="button primary"
          data-testid="sweep-run"
          disabled={!canStart}
          title={!base ? 'Fix the scenario first' : undefined}
          onClick={() => void start()}
        >
          {running ? 'Sweeping…' : streamed ? 'Draw curves' : 'Run sweep'}
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="sweep-cancel"
          disabled={!running}
          onClick={() => abort.current?.abort()}
        >
          Cancel
        </button>
        {link && (
          <a className="share-link" data-testid="mrc-link" href={link}>
            link to these curves
          </a>
        )}
        {unit === 'bytes' ? (
          <WorkProgress
            testId="sweep-progress"
            status={mini.status}
            done={Math.round(((mini.pass === 2 ? mini.total : 0) + mini.bytes) / MB)}
            total={Math.round((2 * mini.total) / MB)}
            unit={mini.pass === 1 ? 'MB read (pass 1 of 2: counting the objects)' : 'MB read (pass 2 of 2: the curves)'}
            note={stale ? ' — the scenario has changed since' : undefined}
            idleText={
              !base
                ? 'Fix the scenario to sweep it.'
                : mini.status === 'idle'
                  ? `${policies.length} policies × ${byteSizes.length || count} capacities in bytes, two passes over the file`
                  : undefined
            }
          />
        ) : method === 'mini' ? (
          <WorkProgress
            testId="sweep-progress"
            status={mini.status}
            done={Math.round(mini.bytes / MB)}
            total={Math.round(mini.total / MB)}
            unit="MB read"
            note={stale ? ' — the scenario has changed since' : undefined}
            idleText={
              !base
                ? 'Fix the scenario to sweep it.'
                : mini.status === 'idle'
                  ? `${policies.length} policies × ${sizes.length} sizes, one pass over the file`
                  : undefined
            }
          />
        ) : (
          <WorkProgress
            testId="sweep-progress"
            status={state.status}
            done={done}
            total={state.points.length}
            unit="points"
            note={stale ? ' — the scenario has changed since' : undefined}
            idleText={
              !base
                ? 'Fix the scenario to sweep it.'
                : state.status === 'idle'
                  ? `${policies.length} policies × ${sizes.length} sizes`
                  : undefined
            }
          />
        )}
      </div>
      {streamed && mini.memory && (
        <p
          className="chart-legend"
          data-testid="mini-memory"
          data-engine={mini.memory.engine}
          data-reader={mini.memory.reader}
        >
          streamed, never held · each worker's memory at most {Math.round(mini.memory.engine / 2 ** 20)} MiB, its
          reader's {Math.round(mini.memory.reader / 2 ** 20)} MiB
        </p>
      )}
      {(streamed ? mini.error : state.error) && (
        <div className="banner banner-error" role="alert" data-testid="sweep-error">
          {streamed ? mini.error : state.error}
        </div>
      )}
      <div className="chart-controls">
        <ScaleSelect label="Cache-size axis" testId="mrc-scale" value={scale} onChange={setScale} />
        {unit === 'bytes' && (
          <label className="field-inline">
            Miss ratio{' '}
            <select data-testid="mrc-ratio" value={ratioBy} onChange={(e) => setRatioBy(e.target.value as RatioBy)}>
              <option value="bytes">by bytes (bytes missed per byte requested)</option>
              <option value="requests">by requests (misses per request)</option>
            </select>
          </label>
        )}
      </div>
      <MrcChart
        curves={curves}
        order={policyKinds()}
        scale={scale}
        unit={unit}
        ratioBy={unit === 'bytes' ? ratioBy : undefined}
        floor={floor}
        span={
          unit === 'bytes'
            ? byteSpan(byteSizes.length ? byteSizes : mini.byteSizes)
            : sizes.length
              ? [sizes[0], sizes[sizes.length - 1]]
              : undefined
        }
      />
      {unit === 'bytes' && mini.byteReports.length > 0 && (
        <details className="mrc-numbers">
          <summary>Numbers</summary>
          <table data-testid="byte-table" className="mrc-table">
            <thead>
              <tr>
                <th scope="col">policy</th>
                <th scope="col">capacity</th>
                <th scope="col">miss ratio (per request)</th>
                <th scope="col">byte miss ratio</th>
                <th scope="col">sampled at</th>
              </tr>
            </thead>
            <tbody>
              {mini.byteReports.flatMap((r) =>
                r.points.map((p) => (
                  <tr
                    key={`${r.policy}-${p.bytes}`}
                    data-policy={r.policy}
                    data-bytes={p.bytes}
                    data-miss={String(p.missRatio)}
                    data-byte-miss={String(p.byteMissRatio)}
                    data-references={r.references}
                    data-method={r.method}
                  >
                    <td>{labels()[r.policy] ?? r.policy}</td>
                    <td>{formatBytes(p.bytes)}</td>
                    <td>{formatPercent(p.missRatio)}</td>
                    <td>{formatPercent(p.byteMissRatio)}</td>
                    <td>{formatPercent(p.rate)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </details>
      )}
      {unit === 'blocks' && method === 'mini' && mini.reports.length > 0 && (
        <details className="mrc-numbers">
          <summary>Numbers</summary>
          <table data-testid="mini-table" className="mrc-table">
            <thead>
              <tr>
                <th scope="col">policy</th>
                <th scope="col">size (blocks)</th>
                <th scope="col">miss ratio (per block reference)</th>
                <th scope="col">sampled at</th>
              </tr>
            </thead>
            <tbody>
              {mini.reports.flatMap((r) =>
                r.points.map((p) => (
                  <tr
                    key={`${r.policy}-${p.size}`}
                    data-policy={r.policy}
                    data-size={p.size}
                    data-miss={String(p.missRatio)}
                    data-references={r.references}
                  >
                    <td>{labels()[r.policy] ?? r.policy}</td>
                    <td>{formatCount(p.size)}</td>
                    <td>{Number.isFinite(p.missRatio) ? formatPercent(p.missRatio) : '—'}</td>
                    <td>{formatPercent(p.rate)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </details>
      )}
      {unit === 'blocks' && method === 'exact' && done > 0 && (
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
              {state.points.slice(0, state.drawn).map((p, i) => {
                const r = state.results[i];
                return r ? (
                  <tr
                    key={`${p.policy}-${p.size}`}
                    data-policy={p.policy}
                    data-size={p.size}
                    data-miss={String(r.missRatio)}
                    data-block-miss={String(r.blockMissRatio)}
                  >
                    <td>{labels()[p.policy] ?? p.policy}</td>
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
