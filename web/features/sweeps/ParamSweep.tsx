// Sweeps of one parameter of the current scenario, each a chart: the links' bandwidth (paper 000
// Figure 19: where DEMOTE stops paying; two levels, or every link of a tree), the client's share
// of a fixed total cache (paper 003 Figure 8; two levels) and SLRU's protected share (paper 001;
// the first client's cache alone) — over a chosen range, against a chosen baseline, showing the
// mean, each client or fairness; every point a run on the worker pool. What runs is ./spec.
import { useEffect, useMemo, useRef, useState } from 'react';
import { SWEEP_HEIGHT, SweepChart } from '../../charts/sweep/SweepChart';
import { computeSweepLayout as layOut, type SweepChartSpec, type SweepLayout } from '../../charts/sweep/useSweepLayout';
import { checkScenario, describeIssue, type Scenario } from '../../scenario/document';
import { runLink } from '../../scenario/url';
import { ChartExport } from '../../export/ChartExport';
import type { ChartData } from '../../export/export';
import { defaultRunner, usePoolRuns, type PoolRunner } from '../../worker/pool';
import { NumberField } from '../../ui/NumberField';
import { SelectField } from '../../ui/SelectField';
import { WorkProgress } from '../../ui/WorkProgress';
import { parseSweepRun, sweepRun } from './link';
import {
  baselineChoices,
  defaultChoices,
  isDefaultRange,
  MAX_POINTS,
  MIN_POINTS,
  offeredChoices,
  pointKey,
  rangeIssues,
  readReport,
  showChoices,
  SWEEP_PARAMS,
  sweepJobs,
  sweepSpec,
  sweptLabel,
  type SweepBaseline,
  type SweepChoices,
  type SweepParam,
  type SweepShow,
  type SweepSpec,
} from './spec';
import { sweepSummary } from './summary';

export interface ParamSweepProps {
  base: Scenario | null;
  createRunner?: () => PoolRunner;
  /** A shared link's sweep (what follows `sweep:`, see ./link): chosen and run once on arrival. */
  autoRun?: string | null;
}

const PARAM_LABELS: Record<SweepParam, string> = {
  bandwidth: 'link bandwidth: where DEMOTE stops paying (paper 000 Fig. 19)',
  ratio: 'client : array split of the same total (paper 003 Fig. 8)',
  slru: "SLRU's protected share, one cache (paper 001)",
};

export function ParamSweep({ base, createRunner = defaultRunner, autoRun }: ParamSweepProps) {
  const [linked] = useState(() => parseSweepRun(autoRun));
  const [param, setParam] = useState<SweepParam>(linked?.param ?? 'bandwidth');
  // Each sweep keeps its own choices while another is shown.
  const [chosen, setChosen] = useState(() => {
    const all = Object.fromEntries(SWEEP_PARAMS.map((p) => [p, defaultChoices(p)])) as Record<SweepParam, SweepChoices>;
    if (linked) all[linked.param] = linked;
    return all;
  });
  const [spec, setSpec] = useState<SweepSpec | null>(null);
  const [values, setValues] = useState<Record<string, number>>({});
  const [done, setDone] = useState(0);
  const pool = usePoolRuns(createRunner);
  const { status, error } = pool;
  const panel = useRef<HTMLElement>(null);

  const baselines = useMemo(() => (base ? baselineChoices(base, param) : []), [base, param]);
  const shows = useMemo(() => (base ? showChoices(base, param) : []), [base, param]);
  // What runs: the choices, with a baseline and a measure this scenario offers.
  const choices = useMemo(() => (base ? offeredChoices(base, chosen[param]) : chosen[param]), [base, chosen, param]);
  const issues = rangeIssues(base ?? null, param, choices);
  const issueAt = (field: 'from' | 'to' | 'points') => issues.find((i) => i.field === field)?.message;
  const choose = (patch: Partial<SweepChoices>) =>
    setChosen((all) => ({ ...all, [param]: { ...all[param], ...patch } }));

  const start = async (c: SweepChoices = choices) => {
    if (!base) return;
    const s = sweepSpec(base, c);
    if ('error' in s) return pool.fail(s.error);
    const jobs = sweepJobs(s);
    for (const j of jobs) {
      const check = checkScenario(j.scenario);
      if (!check.ok) return pool.fail(`${pointKey(j.run, j.x)}: ${describeIssue(check.issues[0])}`);
    }
    setSpec(s);
    setValues({});
    setDone(0);
    await pool.start(
      jobs.map((j) => j.scenario),
      (i, report) => {
        setValues((v) => ({ ...v, ...readReport(s, jobs[i].run, jobs[i].x, report) }));
        setDone((n) => n + 1);
      },
    );
  };

  const auto = useRef(linked);
  useEffect(() => {
    if (auto.current && base) {
      const c = offeredChoices(base, auto.current);
      auto.current = null;
      void start(c);
    }
  });

  const total = spec ? sweepJobs(spec).length : 0;
  const summary = spec ? sweepSummary(spec, values) : null;
  const chartSpec = useMemo(() => (spec ? sweepChartSpec(spec) : null), [spec]);
  const bandwidth = param === 'bandwidth';
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
          options={SWEEP_PARAMS.map((p) => ({ value: p, label: PARAM_LABELS[p] }))}
          onChange={setParam}
        />
      </div>
      <div className="row row-loose">
        <NumberField
          testId="param-sweep-from"
          label="From"
          unit={bandwidth ? 'Mbit/s' : 'share'}
          step="any"
          value={choices.from}
          error={issueAt('from')}
          onChange={(from) => choose({ from })}
        />
        <NumberField
          testId="param-sweep-to"
          label="To"
          unit={bandwidth ? 'Mbit/s' : 'share'}
          step="any"
          value={choices.to}
          error={issueAt('to')}
          onChange={(to) => choose({ to })}
        />
        <NumberField
          testId="param-sweep-points"
          label="Points"
          hint={
            !bandwidth
              ? 'spaced evenly'
              : isDefaultRange('bandwidth', choices)
                ? 'paper 000 Fig. 19’s 1–3–10 steps; any other range: evenly on a log scale'
                : 'spaced evenly on a log scale'
          }
          min={MIN_POINTS}
          max={MAX_POINTS}
          value={choices.points}
          error={issueAt('points')}
          onChange={(points) => choose({ points })}
        />
        <SelectField<SweepBaseline>
          testId="param-sweep-baseline"
          label="Compare with"
          value={choices.baseline}
          options={baselines}
          onChange={(baseline) => choose({ baseline })}
        />
        <SelectField<SweepShow>
          testId="param-sweep-show"
          label="Show"
          value={choices.show}
          options={shows}
          onChange={(show) => choose({ show })}
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
            href={runLink(window.location.href, base, sweepRun(choices))}
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

/** What web/charts/sweep draws of `spec`: its axes, labels and series. */
function sweepChartSpec(spec: SweepSpec): SweepChartSpec {
  return { ...spec, xTick: (v) => sweptLabel(spec.param, v), xUnit: spec.param === 'bandwidth' ? ' Mbit/s' : '' };
}

/** The chart of `spec` with the values run so far (keyed "series@x"), `width` pixels wide. */
export function computeSweepLayout(spec: SweepSpec, values: Record<string, number>, width: number): SweepLayout {
  return layOut(sweepChartSpec(spec), values, { width, height: SWEEP_HEIGHT });
}

/** The sweep's numbers: a row per swept value, a column per line drawn (`null` where not run). */
export function sweepTable(
  spec: Pick<SweepChartSpec, 'xLabel' | 'yLabel' | 'series'>,
  values: Record<string, number>,
): ChartData {
  return {
    columns: [spec.xLabel, ...spec.series.map((sr) => `${sr.name} ${spec.yLabel}`)],
    rows: (spec.series[0]?.points ?? []).map(({ x }) => [
      x,
      ...spec.series.map((sr) => values[pointKey(sr.name, x)] ?? null),
    ]),
  };
}
