// Sweeps of one parameter of the current scenario, each a chart: the links' bandwidth (paper 000
// Figure 19: where DEMOTE stops paying; two levels, or every link of a tree), the client's share
// of a fixed total cache (paper 003 Figure 8; two levels) and SLRU's protected share (paper 001;
// the first client's cache alone) — every point a run on the worker pool.
import { capacityBlocks } from '../../scenario/capacity';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMs, formatPercent } from '../../format/numbers';
import { SWEEP_HEIGHT, SweepChart } from '../../charts/sweep/SweepChart';
import { computeSweepLayout as layOut, type SweepChartSpec, type SweepLayout } from '../../charts/sweep/useSweepLayout';
import { linkPresets } from '../../scenario/links';
import { blockSizeOf, checkScenario, describeIssue, type PolicyConfig, type Scenario } from '../../scenario/document';
import { asSingle, firstPath, setProtocol } from '../../scenario/topology';
import { runLink } from '../../scenario/url';
import type { Report } from '../../worker/protocol';
import { ChartExport } from '../../export/ChartExport';
import type { ChartData } from '../../export/export';
import { defaultRunner, usePoolRuns, type PoolRunner } from '../../worker/pool';
import { SelectField } from '../../ui/SelectField';
import { WorkProgress } from '../../ui/WorkProgress';

export type SweepParam = 'bandwidth' | 'ratio' | 'slru';

export interface SweepSeries {
  name: string;
  /** x values and the scenarios at them. */
  points: { x: number; scenario: Scenario }[];
}

export interface SweepSpec {
  param: SweepParam;
  xLabel: string;
  logX: boolean;
  yLabel: string;
  /** Which way is better: lower latency, higher hit ratio. */
  better: 'lower' | 'higher';
  /** What a point's report shows. */
  y: (r: Report) => number;
  format: (y: number) => string;
  series: SweepSeries[];
}

/** The 1 Gbit/s FC link, whose per-transfer cost the bandwidth sweep keeps. */
const fc = () => linkPresets().find((p) => p.preset === 'fc-1g')!;

/** The inclusive baseline of a scenario: LRU at every cache, no protocol, no DU. */
function baseline(s: Scenario): Scenario {
  const b = structuredClone(s);
  const t = b.topology;
  if (t.kind === 'two-level') {
    t.client.policy = { kind: 'lru' };
    t.array.policy = { kind: 'lru' };
  } else if (t.kind === 'tree') for (const c of t.caches) c.policy = { kind: 'lru' };
  setProtocol(b, { kind: 'none' });
  delete b.du;
  b.name = t.kind === 'tree' ? 'LRU everywhere, none' : 'LRU-LRU-none';
  return b;
}

/** The sweep's series over `base`, or why it cannot run. */
export function sweepSpec(base: Scenario, param: SweepParam): SweepSpec | { error: string } {
  const kind = base.topology.kind;
  if (param === 'bandwidth' && kind === 'single')
    return {
      error: 'this sweep varies the link between a client and the cache above it: use the two-level or tree topology',
    };
  if (param === 'ratio' && kind !== 'two-level')
    return { error: 'this sweep varies a client and an array: use the two-level topology' };
  const at = (s: Scenario, patch: (s: Scenario) => void) => {
    const c = structuredClone(s);
    patch(c);
    return c;
  };
  if (param === 'bandwidth') {
    const xs = [1, 3, 10, 30, 100, 300, 1000, 10000];
    // Two levels: the client ↔ array link; a tree: every link up to a parent.
    const link = (s: Scenario, mbit: number) =>
      at(s, (c) => {
        const l = { preset: 'custom' as const, latencyUs: fc().latencyUs, bandwidthMbit: mbit };
        const t = c.topology;
        if (t.kind === 'tree') for (const x of t.caches) if (x.parent !== undefined) x.link = { ...l };
        if (t.kind === 'two-level') t.link = l;
      });
    return {
      param,
      xLabel: 'link bandwidth (Mbit/s, log scale; FC overhead per transfer)',
      logX: true,
      yLabel: 'mean latency',
      better: 'lower',
      y: (r) => r.meanLatencyMs,
      format: formatMs,
      series: [
        { name: base.name || 'this scenario', points: xs.map((x) => ({ x, scenario: link(base, x) })) },
        {
          name: `${baseline(base).name} (inclusive)`,
          points: xs.map((x) => ({ x, scenario: link(baseline(base), x) })),
        },
      ],
    };
  }
  if (param === 'ratio') {
    const two = (s: Scenario) => s.topology as Extract<Scenario['topology'], { kind: 'two-level' }>;
    const bs = blockSizeOf(base);
    const total = capacityBlocks(two(base).client.capacity, bs) + capacityBlocks(two(base).array.capacity, bs);
    const xs = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
    const split = (s: Scenario, share: number) =>
      at(s, (c) => {
        const client = Math.max(1, Math.round(total * share));
        two(c).client.capacity = client;
        two(c).array.capacity = Math.max(1, total - client);
      });
    return {
      param,
      xLabel: `client's share of ${total.toLocaleString('en-US')} blocks in all`,
      logX: false,
      yLabel: 'mean latency',
      better: 'lower',
      y: (r) => r.meanLatencyMs,
      format: formatMs,
      series: [
        { name: base.name || 'this scenario', points: xs.map((x) => ({ x, scenario: split(base, x) })) },
        { name: 'LRU-LRU-none (inclusive)', points: xs.map((x) => ({ x, scenario: split(baseline(base), x) })) },
      ],
    };
  }
  const xs = [1, 3, 5, 7, 9, 11, 13, 15].map((k) => k / 16);
  // The first client's cache alone, over its link and its root's disk.
  const own = firstPath(base).client;
  const single = (s: Scenario, policy: PolicyConfig, name: string) => ({ ...asSingle(s, { ...own, policy }), name });
  return {
    param,
    xLabel: "SLRU's protected share of the cache",
    logX: false,
    yLabel: 'hit ratio',
    better: 'higher',
    y: (r) => r.hitFractions.client,
    format: formatPercent,
    series: [
      {
        name: 'SLRU',
        points: xs.map((x) => ({ x, scenario: single(base, { kind: 'slru', protectedShare: x }, `SLRU ${x}`) })),
      },
      { name: 'LRU', points: xs.map((x) => ({ x, scenario: single(base, { kind: 'lru' }, 'LRU') })) },
    ],
  };
}

/**
 * What a finished sweep shows, in a sentence or two: for the bandwidth, where the first series
 * (the scenario) starts to beat the second (the inclusive baseline) — paper 000's Figure 19
 * crossover; for the split and SLRU's share, each series' best point. Null until every point
 * has run.
 */
export function sweepSummary(spec: SweepSpec, values: Record<string, number>): string | null {
  const got = spec.series.map((s) => s.points.map((p) => values[`${s.name}@${p.x}`]));
  if (got.some((ys) => ys.some((y) => y === undefined))) return null;
  const beats = (a: number, b: number) => (spec.better === 'lower' ? a < b : a > b);
  const at = (x: number) => `${sweptLabel(spec.param, x)}${spec.param === 'bandwidth' ? ' Mbit/s' : ''}`;
  const [first, second] = spec.series;
  if (spec.param === 'bandwidth') {
    const xs = first.points.map((p) => p.x);
    const wins = xs.map((_, i) => beats(got[0][i], got[1][i]));
    const who = `${first.name} is faster than ${second.name}`;
    if (wins.every(Boolean)) return `${who} at every bandwidth swept.`;
    if (!wins.some(Boolean)) return `${who} at no bandwidth swept.`;
    const from = wins.indexOf(true);
    if (wins.slice(from).every(Boolean))
      return `${who} from ${at(xs[from])} up, and slower below (paper 000 Fig. 19: DEMOTE stops paying on slow links).`;
    return `${who} at ${xs
      .filter((_, i) => wins[i])
      .map(at)
      .join(', ')}.`;
  }
  const best = spec.series.map((s, k) => {
    let i = 0;
    got[k].forEach((y, j) => void (beats(y, got[k][i]) && (i = j)));
    return { name: s.name, x: s.points[i].x, y: got[k][i] };
  });
  if (spec.param === 'slru') {
    const [slru, lru] = best;
    return `SLRU is best with ${at(slru.x)} protected: ${spec.format(slru.y)} hits, against ${spec.format(lru.y)} for LRU.`;
  }
  return `Best split: ${best.map((b) => `${b.name} with ${at(b.x)} in the client (${spec.format(b.y)})`).join('; ')}.`;
}

export interface ParamSweepProps {
  base: Scenario | null;
  createRunner?: () => PoolRunner;
  /** A shared link's sweep ("bandwidth", "ratio", "slru"): chosen and run once on arrival. */
  autoRun?: string | null;
}

const PARAMS: SweepParam[] = ['bandwidth', 'ratio', 'slru'];

export function ParamSweep({ base, createRunner = defaultRunner, autoRun }: ParamSweepProps) {
  const [param, setParam] = useState<SweepParam>(PARAMS.find((p) => p === autoRun) ?? 'bandwidth');
  const [spec, setSpec] = useState<SweepSpec | null>(null);
  const [values, setValues] = useState<Record<string, number>>({});
  const pool = usePoolRuns(createRunner);
  const { status, error } = pool;
  const panel = useRef<HTMLElement>(null);

  const start = async (which: SweepParam = param) => {
    if (!base) return;
    const s = sweepSpec(base, which);
    if ('error' in s) return pool.fail(s.error);
    const jobs = s.series.flatMap((series) =>
      series.points.map((p) => ({ key: `${series.name}@${p.x}`, scenario: p.scenario })),
    );
    for (const j of jobs) {
      const check = checkScenario(j.scenario);
      if (!check.ok) return pool.fail(`${j.key}: ${describeIssue(check.issues[0])}`);
    }
    setSpec(s);
    setValues({});
    await pool.start(
      jobs.map((j) => j.scenario),
      (i, report) => setValues((v) => ({ ...v, [jobs[i].key]: s.y(report) })),
    );
  };

  const auto = useRef(PARAMS.find((p) => p === autoRun) ?? null);
  useEffect(() => {
    if (auto.current && base) {
      const which = auto.current;
      auto.current = null;
      void start(which);
    }
  });

  const total = spec ? spec.series.reduce((n, s) => n + s.points.length, 0) : 0;
  const done = Object.keys(values).length;
  const summary = spec ? sweepSummary(spec, values) : null;
  const chartSpec = useMemo(() => (spec ? sweepChartSpec(spec) : null), [spec]);
  return (
    <section className="param-sweep" aria-labelledby="param-sweep-title" ref={panel}>
      <div className="chart-head">
        <h3 id="param-sweep-title">Sweeps</h3>
        {status === 'done' && (
          <ChartExport
            target={panel}
            view={`sweep-${spec?.param}`}
            title={spec ? `Sweep: ${spec.yLabel} against ${spec.xLabel}` : 'Sweep'}
            yLabel={spec?.yLabel}
            scenario={base}
            testId="param-sweep-export"
            data={chartSpec ? () => sweepTable(chartSpec, values) : undefined}
          />
        )}
      </div>
      <div className="row row-loose">
        <SelectField<SweepParam>
          testId="param-sweep-param"
          label="Vary"
          value={param}
          options={[
            { value: 'bandwidth', label: 'link bandwidth: where DEMOTE stops paying (paper 000 Fig. 19)' },
            { value: 'ratio', label: 'client : array split of the same total (paper 003 Fig. 8)' },
            { value: 'slru', label: "SLRU's protected share, one cache (paper 001)" },
          ]}
          onChange={setParam}
        />
      </div>
      <div className="actions">
        <button
          type="button"
          className="button primary"
          data-testid="param-sweep-run"
          disabled={!base || status === 'running'}
          onClick={() => void start()}
        >
          {status === 'running' ? 'Running…' : 'Sweep'}
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="param-sweep-cancel"
          disabled={status !== 'running'}
          onClick={pool.cancel}
        >
          Cancel
        </button>
        {base && (
          <a
            className="share-link"
            data-testid="param-sweep-link"
            href={runLink(window.location.href, base, `sweep:${param}`)}
          >
            link to this sweep
          </a>
        )}
        <WorkProgress
          testId="param-sweep-progress"
          status={status}
          done={done}
          total={total}
          unit="runs"
          idleText={spec ? undefined : ''}
        />
      </div>
      {error && (
        <div className="banner banner-error" role="alert" data-testid="param-sweep-error">
          {error}
        </div>
      )}
      {chartSpec && <SweepChart spec={chartSpec} values={values} />}
      {summary && (
        <p className="sweep-summary" data-testid="param-sweep-summary">
          {summary}
        </p>
      )}
    </section>
  );
}

// The chart's layout as this sweep lays it out (what tests/unit/paramSweep reads).
export { nearestSwept } from '../../charts/sweep/useSweepLayout';
export type { SweepLayout };

/** The swept value as the axis labels it: "10" (Mbit/s), "30 %", "5/16". */
function sweptLabel(param: SweepParam, v: number): string {
  return param === 'bandwidth'
    ? String(v)
    : param === 'ratio'
      ? `${Math.round(v * 100)} %`
      : `${Math.round(v * 16)}/16`;
}

/** What web/charts/sweep draws of `spec`: its axes, labels and series. */
function sweepChartSpec(spec: SweepSpec): SweepChartSpec {
  return { ...spec, xTick: (v) => sweptLabel(spec.param, v), xUnit: spec.param === 'bandwidth' ? ' Mbit/s' : '' };
}

/** The chart of `spec` with the values run so far (keyed "series@x"), `width` pixels wide. */
export function computeSweepLayout(spec: SweepSpec, values: Record<string, number>, width: number): SweepLayout {
  return layOut(sweepChartSpec(spec), values, { width, height: SWEEP_HEIGHT });
}

/** The sweep's numbers: a row per swept value, a column per series (`null` where not run). */
function sweepTable(spec: SweepChartSpec, values: Record<string, number>): ChartData {
  return {
    columns: [spec.xLabel, ...spec.series.map((sr) => `${sr.name} ${spec.yLabel}`)],
    rows: (spec.series[0]?.points ?? []).map(({ x }) => [
      x,
      ...spec.series.map((sr) => values[`${sr.name}@${x}`] ?? null),
    ]),
  };
}
