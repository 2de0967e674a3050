// Paper 003's design space run on the current scenario's workload and cache sizes: all 248
// designs (approach × LRU/ARC at each level × DU, CO, SE where each level takes them) per
// configuration — a SAN of Table 3 and a client : array split of the same total (Figure 8) —
// on a pool of engine workers; for
// each configuration, each approach's best design beside its plain LRU one, and the gap
// between the best hierarchy-aware and the best aggressively-collaborative design (Table 4).
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMs } from '../../format/numbers';
import { DesignBarsChart } from '../../charts/designspace/DesignBarsChart';
import type { ApproachBars } from '../../charts/designspace/useDesignBarsLayout';
import { catalogue } from '../../engine/engine';
import type { Scenario } from '../../scenario/document';
import { runLink } from '../../scenario/url';
import { SelectField } from '../../ui/SelectField';
import { ChartExport } from '../../export/ChartExport';
import { defaultRunner, usePoolRuns, type PoolRunner } from '../../worker/pool';
import { WorkProgress } from '../../ui/WorkProgress';
import {
  APPROACH_LABELS,
  atRatio,
  designSpace,
  onSan,
  sans,
  summarize,
  type Outcome,
  type San,
  type Summary,
} from '../../scenario/designSpace';

/** Runs one configuration takes: every design once, AC_CA once per candidate count (the engine's). */
const runsPerConfig = () => catalogue().designSpace.runsPerConfig;
const sanLabel = (s: San) => sans().find((x) => x.preset === s)?.label ?? s;

type SanChoice = 'scenario' | San | 'all';
type RatioChoice = 'one' | 'sweep';

/** One configuration: a SAN (or the scenario's own link and disk) and a client : array ratio. */
export interface Config {
  key: string;
  san: San | 'scenario';
  /** client ÷ array; null: the scenario's own sizes. */
  ratio: number | null;
  label: string;
}

export function configs(san: SanChoice, ratio: RatioChoice): Config[] {
  const sans: (San | 'scenario')[] = san === 'all' ? ['vi-fc', 'ip-storage', 'future-san'] : [san];
  const ratios: (number | null)[] = ratio === 'sweep' ? [1 / 3, 1, 3] : [null];
  const ratioLabel = (r: number | null) =>
    r === null ? 'these sizes' : r < 1 ? `1 : ${Math.round(1 / r)}` : `${Math.round(r)} : 1`;
  return sans.flatMap((s) =>
    ratios.map((r) => ({
      key: `${s}/${r ?? 'own'}`,
      san: s,
      ratio: r,
      label: `${s === 'scenario' ? 'this link and disk' : sanLabel(s)} · client : array ${ratioLabel(r)}`,
    })),
  );
}

interface Job {
  config: string;
  /** What its result will be, but for its time. */
  outcome: Omit<Outcome, 'meanMs'>;
  scenario: Scenario;
}

/** Every run of the sweep, as the engine builds and checks them; an invalid one names its design and field. */
export function jobs(base: Scenario, list: Config[]): Job[] | { error: string } {
  const out: Job[] = [];
  try {
    for (const c of list) {
      let b = c.san === 'scenario' ? base : onSan(base, c.san);
      if (c.ratio !== null) b = atRatio(b, c.ratio);
      for (const e of designSpace(b)) {
        for (const r of e.runs) {
          const outcome = {
            name: e.name,
            label: r.label,
            approach: e.design.approach,
            hierarchyAware: e.hierarchyAware,
            plain: e.plain,
            k: r.k,
          };
          out.push({ config: c.key, outcome, scenario: r.scenario });
        }
      }
    }
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  return out;
}

export interface DesignSpaceProps {
  base: Scenario | null;
  createRunner?: () => PoolRunner;
  /** A shared link's configuration ("vi-fc:one", "all:sweep"…): chosen and run once on arrival. */
  autoRun?: string | null;
}

const SAN_CHOICES: SanChoice[] = ['scenario', 'vi-fc', 'ip-storage', 'future-san', 'all'];

/** "vi-fc:one" → its SAN and ratio choices, if both are known. */
function parseAuto(run: string | null | undefined): { san: SanChoice; ratio: RatioChoice } | null {
  const [san, ratio] = (run ?? '').split(':');
  return SAN_CHOICES.includes(san as SanChoice) && (ratio === 'one' || ratio === 'sweep')
    ? { san: san as SanChoice, ratio }
    : null;
}

/** A relative gap in words: "5.6 % slower", "2.1 % faster", "as fast". */
export const slowerBy = (x: number) => {
  const p = Math.abs(x * 100).toFixed(1);
  return p === '0.0' ? 'as fast' : `${p}\u00a0% ${x > 0 ? 'slower' : 'faster'}`;
};

export function DesignSpace({ base, createRunner = defaultRunner, autoRun }: DesignSpaceProps) {
  const [san, setSan] = useState<SanChoice>(parseAuto(autoRun)?.san ?? 'vi-fc');
  const [ratio, setRatio] = useState<RatioChoice>(parseAuto(autoRun)?.ratio ?? 'one');
  const [ran, setRan] = useState<Config[]>([]);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome[]>>({});
  const pool = usePoolRuns(createRunner);
  const { status, error } = pool;

  // A tree has no one client : array split to sweep: its own sizes only.
  const tree = base?.topology.kind === 'tree';
  const start = async (which = { san, ratio }) => {
    if (!base) return;
    const list = configs(which.san, tree ? 'one' : which.ratio);
    const built = jobs(base, list);
    if ('error' in built) return pool.fail(built.error);
    setRan(list);
    setOutcomes({});
    await pool.start(
      built.map((j) => j.scenario),
      (i, report) => {
        const job = built[i];
        const outcome = { ...job.outcome, meanMs: report.meanLatencyMs };
        setOutcomes((o) => ({ ...o, [job.config]: [...(o[job.config] ?? []), outcome] }));
      },
    );
  };

  const auto = useRef(parseAuto(autoRun));
  useEffect(() => {
    if (auto.current && base) {
      const which = auto.current;
      auto.current = null;
      void start(which);
    }
  });

  const total = ran.length * runsPerConfig();
  const done = Object.values(outcomes).reduce((n, o) => n + o.length, 0);
  const running = status === 'running';
  return (
    <section className="design-space" aria-labelledby="design-space-title" data-testid="design-space">
      <div className="chart-head">
        <h3 id="design-space-title">Paper 003's design space</h3>
        <p className="chart-legend">
          {catalogue().designSpace.designs} designs on this workload
          {tree ? ' and tree (its clients take the client algorithm, every cache above the array one)' : ''}: HA_B,
          HA_R, AC_HB, AC_CA, AC_CC × LRU/ARC at each level × DU, CO, SE (AC_CA at its best of k ={' '}
          {catalogue().designSpace.acCaKs.join(', ')} victim candidates, as the paper tunes it; DEMOTEs not charged, as
          the paper compares them)
        </p>
      </div>
      <div className="row row-loose">
        <SelectField<SanChoice>
          testId="design-space-san"
          label="SAN (paper 003 Table 3)"
          value={san}
          options={[
            { value: 'scenario', label: "this scenario's link and disk" },
            ...sans().map((x) => ({ value: x.preset, label: x.label })),
            { value: 'all', label: 'all three SANs' },
          ]}
          onChange={setSan}
        />
        {!tree && (
          <SelectField<RatioChoice>
            testId="design-space-ratio"
            label="Client : array"
            value={ratio}
            options={[
              { value: 'one', label: 'these sizes' },
              { value: 'sweep', label: '1 : 3, 1 : 1, 3 : 1 of the same total (Figure 8)' },
            ]}
            onChange={setRatio}
          />
        )}
      </div>
      <div className="actions">
        <button
          type="button"
          className="button primary"
          data-testid="design-space-run"
          disabled={!base || running}
          onClick={() => void start()}
        >
          {running ? 'Running…' : 'Explore the design space'}
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="design-space-cancel"
          disabled={!running}
          onClick={pool.cancel}
        >
          Cancel
        </button>
        {base && (
          <a
            className="share-link"
            data-testid="design-space-link"
            href={runLink(window.location.href, base, `design-space:${san}:${tree ? 'one' : ratio}`)}
          >
            link to this comparison
          </a>
        )}
        <WorkProgress
          testId="design-space-progress"
          status={status}
          done={done}
          total={total}
          unit="runs"
          idleText={!base ? 'Fix the scenario to explore.' : undefined}
        />
      </div>
      {error && (
        <div className="banner banner-error" role="alert" data-testid="design-space-error">
          {error}
        </div>
      )}
      {ran.map((c) => {
        const summary =
          outcomes[c.key] && outcomes[c.key].length === runsPerConfig() ? summarize(outcomes[c.key]) : null;
        return summary ? <ConfigResult key={c.key} config={c} summary={summary} scenario={base} /> : null;
      })}
    </section>
  );
}

/** One configuration's outcome: the gap, a bar chart (with its export) and the table of each approach's best. */
function ConfigResult({ config, summary, scenario }: { config: Config; summary: Summary; scenario: Scenario | null }) {
  const chart = useRef<HTMLDivElement>(null);
  const bars = useMemo<ApproachBars[]>(
    () =>
      summary.approaches.map((a) => ({
        approach: a.approach,
        bestMs: a.best.meanMs,
        bestName: a.best.label,
        plainMs: a.plain ? a.plain.meanMs : null,
      })),
    [summary],
  );
  return (
    <div
      className="design-space-config"
      data-testid="design-space-config"
      data-config={config.key}
      data-gap={String(summary.gap)}
      data-plain-gap={String(summary.plainGap ?? '')}
    >
      <h4>{config.label}</h4>
      <p className="design-space-gap">
        Best hierarchy-aware <strong>{summary.bestHa.approach}</strong> ({summary.bestHa.label},{' '}
        {formatMs(summary.bestHa.meanMs)}) against best aggressively-collaborative{' '}
        <strong>{summary.bestAc.approach}</strong> ({summary.bestAc.label}, {formatMs(summary.bestAc.meanMs)}
        ): hierarchy-aware is <strong data-testid="design-space-gap">{slowerBy(summary.gap)}</strong>
        {summary.plainGap !== undefined && <> — with plain LRU and no optimization, {slowerBy(summary.plainGap)}</>}{' '}
        (paper 003: within 2.5&nbsp;% when tuned; far slower with plain LRU).
      </p>
      <div className="chart-head">
        <ChartExport
          target={chart}
          view={`design-space-${config.key}`}
          title={`Paper 003's design space: ${config.label}`}
          yLabel="mean read latency"
          scenario={scenario}
          testId="design-space-export"
        />
      </div>
      <div ref={chart}>
        <DesignBarsChart bars={bars} />
      </div>
      <table className="mrc-table" data-testid="design-space-table">
        <thead>
          <tr>
            <th scope="col">approach</th>
            <th scope="col">its best design</th>
            <th scope="col">mean read</th>
            <th scope="col">plain LRU</th>
          </tr>
        </thead>
        <tbody>
          {summary.approaches.map((a) => (
            <tr
              key={a.approach}
              data-approach={a.approach}
              data-design={a.best.label}
              data-mean={String(a.best.meanMs)}
              data-plain={String(a.plain?.meanMs ?? '')}
            >
              <td>
                <abbr title={APPROACH_LABELS[a.approach]}>{a.approach}</abbr>
              </td>
              <td>{a.best.label}</td>
              <td>{formatMs(a.best.meanMs)}</td>
              <td>{a.plain ? formatMs(a.plain.meanMs) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
