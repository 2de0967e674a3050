// The results of the current (or last) run, one view for every topology: progress, mean latency,
// where the reads were served, writes, demotions and the latency CDF, all live while the run
// progresses; then, from the report's clients and caches, each client's CDF and path (when
// there are several, or a path deeper than two levels) and every cache's counters.
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatCount, formatMs, formatPercent, formatPercentiles } from '../../../format/numbers';
import { ChartExport } from '../../../export/ChartExport';
import { ExportButtons } from '../../../export/ExportButtons';
import { exportName, reportCsv, reportJson } from '../../../export/export';
import { CdfChart, PIN_COLOURS } from '../../../charts/cdf/CdfChart';
import { ScaleSelect } from '../../../charts/ScaleSelect';
import type { CdfScale, Pin } from '../../../charts/cdf/useCdfLayout';
import type { RunState } from '../../../worker/runState';
import type { Report } from '../../../worker/protocol';
import { checkScenario, type Scenario, type TopologyKind } from '../../../scenario/document';
import { MAX_COMPARE_RUNS, compareRun, decodeCompareRuns, runLink } from '../../../scenario/url';
import { defaultRunner, usePoolRuns, type PoolRunner } from '../../../worker/pool';
import { CacheTable } from './CacheTable';
import { ClientCdfs, ClientTable } from './ClientResults';
import { HitBars } from './HitBars';
import { ProgressBar } from './ProgressBar';
import { TimelineChart } from './TimelineChart';

/** "0.558 ms" with a smaller unit; the text content stays exactly formatMs(ms). */
function BigMs({ ms }: { ms: number }) {
  const [number, unit] = formatMs(ms).split(' ');
  return (
    <>
      {number}
      <span className="unit-small"> {unit}</span>
    </>
  );
}

export interface ResultsPanelProps {
  state: RunState;
  /** True when the form no longer matches the scenario these results came from. */
  stale?: boolean;
  /** A shared comparison's pinned runs (the part of "&run=compare:…" after "compare:"): run once on the pool and pinned. */
  autoCompare?: string | null;
  createRunner?: () => PoolRunner;
}

/**
 * How the results read: as one cache, as a client over an array, or as a tree — from the
 * scenario that ran, or (not known) from the report's shape.
 */
export function viewOf(scenario: Partial<Scenario> | null, report: Report | null): TopologyKind {
  const kind = (scenario?.topology as { kind?: unknown } | undefined)?.kind;
  if (kind === 'single' || kind === 'two-level' || kind === 'tree') return kind;
  if (!report) return 'two-level';
  if (report.caches.length === 1) return 'single';
  return report.clients.length === 1 && report.caches.length === 2 ? 'two-level' : 'tree';
}

/** A pinned run, with the scenario that made it (null: not known, e.g. not a valid scenario). */
interface PinnedRun extends Pin {
  scenario: Scenario | null;
}

export function ResultsPanel({
  state,
  stale = false,
  autoCompare = null,
  createRunner = defaultRunner,
}: ResultsPanelProps) {
  const { report, phase } = state;
  const warmup = phase === 'warmup' || report?.phase === 'warmup';
  const c = report?.counters;
  // The scenario these results came from, read once per run (not on every live report), and
  // checked, for the links to pinned runs.
  const scenario = useMemo(
    () => (state.scenarioJson === null ? null : (JSON.parse(state.scenarioJson) as Partial<Scenario>)),
    [state.scenarioJson],
  );
  const current = useMemo((): Scenario | null => {
    if (scenario === null) return null;
    const checked = checkScenario(scenario);
    return checked.ok ? checked.scenario : null;
  }, [scenario]);
  const view = viewOf(scenario, report);
  const single = view === 'single';
  const tree = view === 'tree';
  // Per-client results add something with several clients, or one client over a deeper path.
  const perClient = !!report && (report.clients.length > 1 || (report.clients[0]?.path.length ?? 0) > 2);
  const cdf = useRef<HTMLDivElement>(null);
  const timeline = useRef<HTMLDivElement>(null);
  const done = report !== null && report !== undefined && phase === 'done';
  const [pins, setPins] = useState<PinnedRun[]>([]);
  const [cdfScale, setCdfScale] = useState<CdfScale>('log');
  const pin = () => {
    if (!report) return;
    const base = scenario?.name || 'run';
    let name = base;
    for (let n = 2; pins.some((p) => p.name === name); n++) name = `${base} #${n}`;
    const { depthCurves: _unused, ...kept } = report;
    setPins((p) => [...p, { name, report: kept, scenario: current }].slice(-MAX_PINS));
  };

  // A shared comparison: its pinned runs, run once on the pool (the link's scenario is the
  // current run, which the app starts itself).
  const pool = usePoolRuns(createRunner);
  const [compareError, setCompareError] = useState<string | null>(null);
  const auto = useRef(autoCompare);
  useEffect(() => {
    const text = auto.current;
    if (text === null) return;
    auto.current = null;
    const decoded = decodeCompareRuns(text);
    if (!decoded.ok) {
      setCompareError(decoded.message);
      return;
    }
    void pool
      .start(
        decoded.runs.map((r) => r.scenario),
        () => {},
      )
      .then((reports) => {
        if (!reports) return;
        setPins(
          decoded.runs.map((r, i) => {
            const { depthCurves: _unused, ...kept } = reports[i];
            return { name: r.name, report: kept, scenario: r.scenario };
          }),
        );
      });
  }, [pool]);
  const shareable = useMemo(
    () => pins.filter((p) => p.scenario !== null && p.scenario.source.kind !== 'trace'),
    [pins],
  );
  const compareLink = useMemo(
    () =>
      current && current.source.kind !== 'trace' && shareable.length > 0
        ? runLink(
            window.location.href,
            current,
            compareRun(shareable.map((p) => ({ name: p.name, scenario: p.scenario! }))),
          )
        : null,
    [current, shareable],
  );

  return (
    <section className="results" aria-labelledby="results-title">
      <div className="results-head">
        <h2 id="results-title">Results</h2>
        {stale && report && (
          <p className="stale-note">The scenario has changed since this run — run it again to update.</p>
        )}
        {done && (
          <ExportButtons
            label="export the results"
            files={[
              {
                label: 'JSON',
                testId: 'export-report-json',
                make: () => ({
                  name: exportName(scenario?.name || 'tiersim', 'report', 'json'),
                  data: reportJson(scenario, report!),
                  type: 'application/json',
                }),
              },
              {
                label: 'CSV',
                testId: 'export-report-csv',
                make: () => ({
                  name: exportName(scenario?.name || 'tiersim', 'results', 'csv'),
                  data: reportCsv(report!, scenario?.name ?? ''),
                  type: 'text/csv',
                }),
              },
            ]}
          >
            <button
              type="button"
              className="button secondary small"
              data-testid="pin-run"
              onClick={pin}
              title="Keep this run to compare the next ones with: its CDF stays on the chart, dashed"
            >
              Pin to compare
            </button>
          </ExportButtons>
        )}
      </div>

      <ProgressBar state={state} />

      {state.error && (
        <div className="banner banner-error" role="alert" data-testid="run-error">
          {state.error}
        </div>
      )}

      <div className={`stats ${warmup ? 'is-warmup' : ''}`}>
        <div className="card stat-latency">
          <h3>{warmup ? 'Mean latency (warm-up)' : 'Mean latency'}</h3>
          <div
            className="big-number"
            data-testid="mean-latency"
            {...(report ? { 'data-value': String(report.meanLatencyMs) } : {})}
          >
            {report ? <BigMs ms={report.meanLatencyMs} /> : '—'}
          </div>
          {/* Every line is there from the start, so that nothing moves as a run reports. */}
          <p
            className="stat-sub latency-percentiles"
            data-testid="latency-percentiles"
            {...(report?.latency.counts.some((n) => n > 0)
              ? {
                  'data-p50': String(report.latency.p50Ms),
                  'data-p95': String(report.latency.p95Ms),
                  'data-p99': String(report.latency.p99Ms),
                }
              : {})}
            title="over the same requests as the mean; each the upper edge of its histogram bin (within 2.3 %)"
          >
            {report?.latency.counts.some((n) => n > 0) ? formatPercentiles(report.latency) : 'p50 — · p95 — · p99 —'}
          </p>
          <p className="stat-sub two-lines" data-testid="measured">
            {c
              ? warmup
                ? `${measured(c.reads, c.writes)} in warm-up, not yet measured`
                : `${measured(c.reads, c.writes)} measured`
              : 'per request, measured phase'}
          </p>
          <p
            className="stat-sub two-lines"
            data-testid="warmup-note"
            title="libCacheSim and the other peers count every request: set the warm-up to 0 (under Workload) to compare"
          >
            {!report
              ? 'after a warm-up (peers count all requests)'
              : report.warmupRequests > 0
                ? `after ${formatCount(report.warmupRequests)} warm-up requests (peers count all)`
                : 'every request counted (no warm-up)'}
          </p>
        </div>

        <div className="card stat-hits">
          <h3>{tree ? 'Reads served by (all clients)' : 'Reads served by'}</h3>
          <HitBars report={report} single={single} tree={tree} />
        </div>

        {c && c.writes > 0 && (
          <div className="card stat-writes">
            <h3>Writes and the warm read hit ratio</h3>
            <div
              className="mid-number"
              data-testid="warm-read-hit-ratio"
              data-value={String(c.warmBlockReads ? c.warmBlockHits / c.warmBlockReads : 0)}
            >
              {c.warmBlockReads ? formatPercent(c.warmBlockHits / c.warmBlockReads) : '—'}
            </div>
            <p className="stat-sub">
              of the {formatCount(c.warmBlockReads)} block reads that reached the{' '}
              {single ? 'cache' : tree ? 'roots' : 'array'} once it was full (paper 004 §5.1)
            </p>
            <p
              className="stat-sub"
              data-testid="write-mix"
              data-value={`${c.synchWrites},${c.replaceWrites},${c.recovWrites},${c.writes}`}
            >
              {formatCount(c.writes)} writes ({formatPercent(c.writes / Math.max(1, c.requests))} of requests):{' '}
              {c.synchWrites + c.replaceWrites + c.recovWrites === 0 ? (
                'none carries a paper 004 write hint'
              ) : (
                <>
                  SYNCH {formatPercent(c.synchWrites / c.writes)}, REPLACE {formatPercent(c.replaceWrites / c.writes)},
                  RECOV {formatPercent(c.recovWrites / c.writes)}
                  {c.writes > c.synchWrites + c.replaceWrites + c.recovWrites
                    ? `, no hint ${formatPercent((c.writes - c.synchWrites - c.replaceWrites - c.recovWrites) / c.writes)}`
                    : ''}
                </>
              )}
            </p>
          </div>
        )}

        {!single && (
          <div className="card stat-demotions">
            <h3>Demotions</h3>
            <div className="mid-number" data-testid="demotions" {...(c ? { 'data-value': String(c.demotions) } : {})}>
              {c ? formatCount(c.demotions) : '—'}
            </div>
            <p
              className="stat-sub"
              data-testid="demotions-moved"
              {...(c ? { 'data-value': String(c.demotionsMoved) } : {})}
            >
              {c
                ? c.demotions > 0
                  ? `${formatCount(c.demotionsMoved)} moved data (${formatPercent(c.demotionsMoved / c.demotions)}); the rest were already ${tree ? 'there' : 'in the array'}`
                  : 'none — DEMOTE is off or nothing was evicted'
                : tree
                  ? 'blocks pushed down to the cache below, at every level'
                  : 'blocks pushed from client to array'}
            </p>
            {c && c.reloads > 0 && (
              <p className="stat-sub" data-testid="reloads" data-value={String(c.reloads)}>
                HA_R: {formatCount(c.reloads)} client evictions reloaded from disk in the background
              </p>
            )}
          </div>
        )}
      </div>

      <div className="card chart-card" ref={cdf}>
        <div className="chart-head">
          <h3>{tree ? 'Latency distribution (CDF), all clients' : 'Latency distribution (CDF)'}</h3>
          {done && (
            <ChartExport
              target={cdf}
              view="latency-cdf"
              title={tree ? 'Latency distribution (CDF), all clients' : 'Latency distribution (CDF)'}
              yLabel="fraction of requests"
              scenario={current}
              testId="cdf-export"
            />
          )}
          {!tree && (
            // Always there (a placeholder before the first report): the chart below stays put.
            <p className="chart-legend">
              {!report
                ? 'path costs: after the first report'
                : single
                  ? `path costs: cache hit ${formatMs(report.pathCosts.clientHitMs)} · disk ${formatMs(report.pathCosts.diskReadMs)}`
                  : `path costs: client hit ${formatMs(report.pathCosts.clientHitMs)} · array hit ${formatMs(report.pathCosts.arrayHitMs)} · disk ${formatMs(report.pathCosts.diskReadMs)} · demotion +${formatMs(report.pathCosts.demotionMs)}`}
              {report?.queueing ? ' · queueing model: each adds its waits' : ''}
            </p>
          )}
        </div>
        <div className="chart-controls">
          <ScaleSelect label="Latency axis" testId="cdf-scale" value={cdfScale} onChange={setCdfScale} />
        </div>
        <CdfChart report={report} pins={pins} table={!(phase === 'warmup' || phase === 'measured')} scale={cdfScale} />
        {(pool.status === 'running' || compareError || pool.error) && (
          <p
            className={compareError || pool.error ? 'banner banner-error' : 'muted'}
            role={compareError || pool.error ? 'alert' : 'status'}
            data-testid="compare-status"
          >
            {compareError ?? (pool.error ? `the pinned runs failed: ${pool.error}` : 'Running the link’s pinned runs…')}
          </p>
        )}
        {pins.length > 0 && report && (
          <Compare
            current={report}
            name={scenario?.name || 'this run'}
            pins={pins}
            onUnpin={(name) => setPins((p) => p.filter((x) => x.name !== name))}
          />
        )}
        {pins.length > 0 && report && (
          <p className="compare-share">
            {compareLink ? (
              <a className="share-link" data-testid="compare-link" href={compareLink}>
                link to this comparison
              </a>
            ) : (
              <span className="muted">Runs of trace files cannot be shared as a link.</span>
            )}
            {compareLink && shareable.length < pins.length && (
              <span className="muted"> (without the runs of trace files)</span>
            )}
          </p>
        )}
      </div>

      <div className="card chart-card" ref={timeline}>
        <div className="chart-head">
          <h3>Hit ratio over time</h3>
          {done && (
            <ChartExport
              target={timeline}
              view="hit-ratio-over-time"
              title="Hit ratio over time"
              yLabel="share of reads"
              scenario={current}
              testId="timeline-export"
            />
          )}
          <p className="chart-legend">
            where the reads of each two-hundredth of the run landed — sampled by requests, the same on any machine
          </p>
        </div>
        <TimelineChart report={report} topology={view} />
      </div>

      {report && report.clients.length > 1 && <ClientCdfs report={report} />}
      {report && perClient && <ClientTable report={report} />}
      {report &&
        report.caches.length > 0 &&
        (tree ? (
          <div className="card">
            <h3>Per cache</h3>
            <CacheTable report={report} />
          </div>
        ) : (
          // One cache or a pair: their counters stay folded away, a click from the summary above.
          <details className="card per-cache" data-testid="per-cache">
            <summary>
              {single ? 'The cache’s counters' : 'Each cache’s counters'}: hits, evictions, link traffic
              {report.caches.some((x) => x.writes > 0) ? ', writes' : ''}
            </summary>
            <CacheTable report={report} />
          </details>
        ))}
    </section>
  );
}

/** Most runs kept pinned at once. */
const MAX_PINS = MAX_COMPARE_RUNS;

/** What the mean is over: "1,000 reads", or "1,200 requests (1,000 reads, 200 writes)". */
const measured = (reads: number, writes: number) =>
  writes > 0
    ? `${formatCount(reads + writes)} requests (${formatCount(reads)} reads, ${formatCount(writes)} writes)`
    : `${formatCount(reads)} reads`;

/** The current run beside the pinned ones: mean latency (and its change), where the reads landed. */
function Compare({
  current,
  name,
  pins,
  onUnpin,
}: {
  current: Report;
  name: string;
  pins: Pin[];
  onUnpin: (name: string) => void;
}) {
  const rows = [
    { name, report: current, colour: undefined as string | undefined, pinned: false },
    ...pins.map((p, i) => ({ ...p, colour: PIN_COLOURS[i % PIN_COLOURS.length], pinned: true })),
  ];
  return (
    <table className="mrc-table compare-table" data-testid="compare-table">
      <caption className="muted">This run (solid) against pinned runs (dashed)</caption>
      <thead>
        <tr>
          <th scope="col">run</th>
          <th scope="col">mean latency</th>
          <th scope="col">vs this run</th>
          <th scope="col">client</th>
          <th scope="col">array</th>
          <th scope="col">disk</th>
          <th scope="col" aria-label="unpin" />
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={`${r.pinned}:${r.name}`}
            data-run={r.name}
            data-pinned={String(r.pinned)}
            data-mean={String(r.report.meanLatencyMs)}
          >
            <th scope="row">
              <span
                className={`swatch ${r.pinned ? '' : 'is-current'}`}
                style={r.colour ? { background: r.colour } : undefined}
              />{' '}
              {r.name}
            </th>
            <td>{formatMs(r.report.meanLatencyMs)}</td>
            <td>
              {r.pinned && current.meanLatencyMs > 0
                ? `${((r.report.meanLatencyMs / current.meanLatencyMs - 1) * 100).toFixed(1)} %`
                : '—'}
            </td>
            <td>{formatPercent(r.report.hitFractions.client)}</td>
            <td>{formatPercent(r.report.hitFractions.array)}</td>
            <td>{formatPercent(r.report.hitFractions.disk)}</td>
            <td>
              {r.pinned && (
                <button
                  type="button"
                  className="button secondary small"
                  aria-label={`unpin ${r.name}`}
                  data-testid="unpin"
                  onClick={() => onUnpin(r.name)}
                >
                  ×
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
