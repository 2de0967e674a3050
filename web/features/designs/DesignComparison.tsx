// Paper 000's eight designs (client LRU/MRU × array LRU/MRU × DEMOTE or not) run side by side
// on the current scenario's workload, sizes, links and disks — two levels, or a tree whose
// clients take the client policy and every cache above them the array's — on a pool of engine
// workers, and ranked by mean latency, the way the paper's Figures 8–16 compare them.
import { useEffect, useRef, useState } from 'react';
import { formatMs, formatPercent } from '../../format/numbers';
import { PAPER000_DESIGNS, designName } from '../../scenario/defaults';
import { checkScenario, describeIssue, treeLeaves, type Scenario } from '../../scenario/document';
import { setProtocol, traceOf, workloadOf } from '../../scenario/topology';
import { runLink } from '../../scenario/url';
import type { Report } from '../../worker/protocol';
import { defaultRunner, usePoolRuns, type PoolRunner } from '../../worker/pool';

export interface DesignRow {
  name: string;
  report: Report;
}

/**
 * The eight scenarios: the base with each design's policies and protocol, no DU or CO — two
 * levels (a single cache becomes the client over an array of its size), or the base's tree,
 * its clients with the client policy and every other cache the array's.
 */
export function designScenarios(base: Scenario): { name: string; scenario: Scenario }[] | { error: string } {
  const out: { name: string; scenario: Scenario }[] = [];
  for (const d of PAPER000_DESIGNS) {
    const s = structuredClone(base);
    const t = s.topology;
    delete s.du;
    if (t.kind === 'tree') {
      const leaves = new Set(treeLeaves(t.caches).map((c) => c.name));
      for (const c of t.caches) {
        c.policy = { kind: leaves.has(c.name) ? d.client : d.array };
        delete c.co;
      }
    } else {
      const [client, array] = t.kind === 'single' ? [t.cache, t.cache] : [t.client, t.array];
      s.topology = {
        kind: 'two-level',
        client: { capacity: client.capacity, policy: { kind: d.client } },
        array: { capacity: array.capacity, policy: { kind: d.array } },
        link: t.link,
        disk: t.disk,
      };
    }
    setProtocol(s, { kind: d.protocol });
    s.name = `${workloadOf(s)?.kind.toUpperCase() ?? traceOf(s)!.name} ${designName(d)}`;
    const check = checkScenario(s);
    if (!check.ok) return { error: `${designName(d)}: ${describeIssue(check.issues[0])}` };
    out.push({ name: designName(d), scenario: check.scenario });
  }
  return out;
}

export interface DesignComparisonProps {
  /** Run once on arrival (a shared link's "designs"). */
  autoRun?: boolean;
  base: Scenario | null;
  createRunner?: () => PoolRunner;
}

export function DesignComparison({ base, createRunner = defaultRunner, autoRun = false }: DesignComparisonProps) {
  const [rows, setRows] = useState<DesignRow[]>([]);
  const pool = usePoolRuns(createRunner);
  const { status, error } = pool;

  const start = async () => {
    if (!base) return;
    const built = designScenarios(base);
    if ('error' in built) return pool.fail(built.error);
    setRows([]);
    await pool.start(
      built.map((b) => b.scenario),
      (i, report) => setRows((r) => [...r, { name: built[i].name, report }]),
    );
  };

  const auto = useRef(autoRun);
  useEffect(() => {
    if (auto.current && base) {
      auto.current = false;
      void start();
    }
  });

  const ranked = [...rows].sort(
    (a, b) => a.report.meanLatencyMs - b.report.meanLatencyMs || a.name.localeCompare(b.name),
  );
  const worst = ranked.length ? ranked[ranked.length - 1].report.meanLatencyMs : 0;
  const running = status === 'running';
  return (
    <section className="designs-compare" aria-labelledby="designs-title">
      <div className="chart-head">
        <h3 id="designs-title">The eight designs of paper 000</h3>
        <p className="chart-legend">this workload, sizes, link and disk · client LRU/MRU × array LRU/MRU × DEMOTE</p>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button primary"
          data-testid="designs-run"
          disabled={!base || running}
          onClick={() => void start()}
        >
          {running ? 'Running…' : 'Compare all eight'}
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="designs-cancel"
          disabled={!running}
          onClick={pool.cancel}
        >
          Cancel
        </button>
        {base && (
          <a className="share-link" data-testid="designs-link" href={runLink(window.location.href, base, 'designs')}>
            link to this comparison
          </a>
        )}
        <span className="mrc-progress" data-testid="designs-progress" data-status={status} data-done={rows.length}>
          {!base
            ? 'Fix the scenario to compare designs.'
            : status === 'idle'
              ? ''
              : `${rows.length} / 8 designs${status === 'cancelled' ? ' — cancelled' : ''}`}
        </span>
      </div>
      {error && (
        <div className="banner banner-error" role="alert" data-testid="designs-error">
          {error}
        </div>
      )}
      {ranked.length > 0 && (
        <table className="mrc-table designs-table" data-testid="designs-table">
          <thead>
            <tr>
              <th scope="col">design</th>
              <th scope="col">mean latency</th>
              {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty header cell (over the bars) takes no focus; hidden, screen readers skip it */}
              <th scope="col" aria-hidden="true" />
              <th scope="col">client</th>
              <th scope="col">array</th>
              <th scope="col">disk</th>
            </tr>
          </thead>
          <tbody>
            {ranked.map(({ name, report }, i) => (
              <tr
                key={name}
                data-design={name}
                data-mean={String(report.meanLatencyMs)}
                className={i === 0 ? 'best' : undefined}
              >
                <td>
                  {name}
                  {i === 0 && status === 'done' ? ' ★' : ''}
                </td>
                <td>{formatMs(report.meanLatencyMs)}</td>
                <td className="designs-bar-cell">
                  <span
                    className="designs-bar"
                    style={{ width: `${worst > 0 ? (100 * report.meanLatencyMs) / worst : 0}%` }}
                  />
                </td>
                <td>{formatPercent(report.hitFractions.client)}</td>
                <td>{formatPercent(report.hitFractions.array)}</td>
                <td>{formatPercent(report.hitFractions.disk)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
