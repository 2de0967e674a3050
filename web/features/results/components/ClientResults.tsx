// Each client's results, for any topology with several clients (or a client over more than
// one cache): one latency CDF per client on one chart, a table of where each client's reads
// were served (level by level along its own path) with its speedup, its write mix (paper
// 004) and the fairness of the run (paper 002).
import { schemeTableau10 } from 'd3';
import { curveStepAfter, line, scaleLinear, scaleLog } from 'd3';
import { useMemo } from 'react';
import { formatCount, formatDuration, formatMs, formatPercent, formatSig } from '../../../app/format';
import { cdfRows, type CdfRow } from '../../../charts/cdf/useCdfLayout';
import { useElementSize } from '../../../charts/useElementSize';
import type { ClientReport, Report } from '../../../worker/protocol';
import { ChartAxes } from '../../../charts/ChartAxes';
import { CdfRows } from '../../../charts/cdf/CdfChart';
import { LineSwatch, lineDash } from '../../../charts/lineDash';

const HEIGHT = 300;
const MARGIN = { top: 14, right: 18, bottom: 40, left: 46 };

export function clientColor(i: number): string {
  return schemeTableau10[i % schemeTableau10.length];
}

interface Series {
  name: string;
  color: string;
  dash?: string;
  rows: CdfRow[];
  path: string | null;
}

/** Per-client CDFs over a shared log axis spanning every client's data (whole decades). */
function useClientCdfs(clients: ClientReport[], width: number) {
  return useMemo(() => {
    const plot = { left: MARGIN.left, top: MARGIN.top, right: Math.max(MARGIN.left + 10, width - MARGIN.right), bottom: HEIGHT - MARGIN.bottom };
    const all = clients.map((c) => ({ c, rows: cdfRows(c.latency) }));
    const edges = clients[0]?.latency.edgesUs ?? [];
    const points: number[] = [];
    for (const { rows } of all) {
      for (const r of rows) {
        points.push(r.bin === 0 ? 1e-3 : edges[r.bin - 1] / 1000, Math.min(r.upperMs, 1e4));
      }
    }
    let lo = points.length ? 10 ** Math.floor(Math.log10(Math.min(...points)) + 1e-9) : 1e-3;
    let hi = points.length ? 10 ** Math.ceil(Math.log10(Math.max(...points)) - 1e-9) : 1e4;
    lo = Math.max(1e-3, lo);
    hi = Math.min(1e4, Math.max(hi, lo * 100));
    const x = scaleLog().domain([lo, hi]).range([plot.left, plot.right]).clamp(true);
    const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);
    const series: Series[] = all.map(({ c, rows }, i) => {
      if (!rows.length) return { name: c.name, color: clientColor(i), dash: lineDash(i), rows, path: null };
      const before = rows.filter((r) => r.upperMs <= lo);
      const pts: [number, number][] = [[lo, before.length ? before[before.length - 1].cum : 0]];
      for (const r of rows) if (r.upperMs > lo && r.upperMs <= hi) pts.push([r.upperMs, r.cum]);
      pts.push([hi, pts[pts.length - 1][1]]);
      const path = line<[number, number]>()
        .x((p) => x(p[0]))
        .y((p) => y(p[1]))
        .curve(curveStepAfter)(pts);
      return { name: c.name, color: clientColor(i), dash: lineDash(i), rows, path };
    });
    const xTicks: { ms: number; x: number; label: string }[] = [];
    for (let e = Math.round(Math.log10(lo)); 10 ** e <= hi * 1.0001; e++) xTicks.push({ ms: 10 ** e, x: x(10 ** e), label: formatDuration(10 ** e) });
    const yTicks = [0, 0.25, 0.5, 0.75, 1].map((v) => ({ v, y: y(v), label: `${v * 100}%` }));
    return { plot, series, xTicks, yTicks };
  }, [clients, width]);
}

/** Each client's latency CDF on one chart, with the latency model and the run's fairness. */
export function ClientCdfs({ report }: { report: Report }) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 640, height: HEIGHT });
  const { plot, series, xTicks, yTicks } = useClientCdfs(report.clients, size.width);
  return (
    <div className="card chart-card" data-testid="client-cdfs">
      <div className="chart-head">
        <h3>Latency CDF per client</h3>
        <p className="chart-legend">
          {report.queueing ? 'queueing model: links, controllers and disks as FIFO servers' : 'additive model (paper 000 eq. 1)'}
          {report.fairness !== undefined && (
            <>
              {' · '}
              <span data-testid="fairness" data-value={String(report.fairness)}>
                fairness {formatSig(report.fairness)}
              </span>
            </>
          )}
        </p>
      </div>
      <div className="cdf" ref={ref}>
        <svg
          data-testid="client-cdf-chart"
          className="cdf-svg"
          width={size.width}
          height={HEIGHT}
          viewBox={`0 0 ${size.width} ${HEIGHT}`}
          role="img"
          aria-label="Latency CDF of each client: cumulative fraction of its requests against latency, log scale"
        >
          <g className="cdf-grid">
            {xTicks.map((t) => (
              <line key={`x${t.ms}`} x1={t.x} x2={t.x} y1={plot.top} y2={plot.bottom} />
            ))}
            {yTicks.map((t) => (
              <line key={`y${t.v}`} x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} />
            ))}
          </g>
          {series.map(
            (s) =>
              s.path && (
                <path key={s.name} className="client-cdf-line" data-client={s.name} d={s.path} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray={s.dash} />
              ),
          )}
          <ChartAxes plot={plot} height={HEIGHT} xTicks={xTicks} yTicks={yTicks} title="latency (log scale)" />
        </svg>
        <ul className="mrc-legend">
          {series.map((s) => (
            <li key={s.name}>
              <LineSwatch color={s.color} dash={s.dash} /> {s.name}
            </li>
          ))}
        </ul>
        {series.map((s) => (
          <div key={s.name} className="visually-hidden">
            <table data-testid="client-cdf-table" data-client={s.name}>
              <caption>Latency CDF of {s.name}: each bin's upper edge and the fraction of its requests faster than it.</caption>
              <CdfRows rows={s.rows} />
            </table>
          </div>
        ))}
      </div>
    </div>
  );
}

/** "1,204 (SYNCH 12.0 %, REPLACE 80.1 %, RECOV 7.9 %)": writes and their paper 004 hints. */
export function writeMix(w: { writes: number; synchWrites: number; replaceWrites: number; recovWrites: number }): string {
  if (!w.writes) return '—';
  const share = (n: number) => formatPercent(n / w.writes);
  const none = w.writes - w.synchWrites - w.replaceWrites - w.recovWrites;
  if (none === w.writes) return `${formatCount(w.writes)} (none hinted)`;
  return `${formatCount(w.writes)} (SYNCH ${share(w.synchWrites)}, REPLACE ${share(w.replaceWrites)}, RECOV ${share(w.recovWrites)}${none > 0 ? `, no hint ${share(none)}` : ''})`;
}

/** Where each client's reads were served, level by level along its own path; its latency, speedup and writes. */
export function ClientTable({ report }: { report: Report }) {
  const names = report.caches.map((c) => c.name);
  const levels = Math.max(...report.clients.map((c) => c.path.length));
  const fair = report.fairness !== undefined;
  const writes = report.clients.some((c) => c.writes > 0);
  return (
    <div className="card">
      <h3>Per client</h3>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Per client (scrolls sideways)">
        <table className="data-table" data-testid="client-table">
          <thead>
            <tr>
              <th scope="col">client</th>
              {Array.from({ length: levels }, (_, l) => (
                <th scope="col" key={l}>
                  {l === 0 ? 'own cache' : `level ${l + 1}`}
                </th>
              ))}
              <th scope="col">disk</th>
              <th scope="col">mean</th>
              {fair && <th scope="col">alone</th>}
              {fair && <th scope="col">speedup</th>}
              {writes && <th scope="col">writes</th>}
            </tr>
          </thead>
          <tbody>
            {report.clients.map((c, i) => (
              <tr key={c.name} data-client={c.name} data-mean-ms={String(c.meanLatencyMs)} data-requests={String(c.requests)} data-reads={String(c.reads)}>
                <th scope="row" title={c.path.map((p) => names[p]).join(' → ') + ' → disk'}>
                  <span className="mrc-swatch" style={{ background: clientColor(i) }} aria-hidden="true" /> {c.name}
                </th>
                {Array.from({ length: levels }, (_, l) => (
                  <td key={l} data-level={l} data-value={l < c.path.length ? String(c.hitFractions[l]) : ''}>
                    {l < c.path.length ? (
                      <>
                        {formatPercent(c.hitFractions[l])} <span className="muted">{names[c.path[l]]}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
                <td data-level="disk" data-value={String(c.hitFractions[c.path.length])}>
                  {formatPercent(c.hitFractions[c.path.length])}
                </td>
                <td>{formatMs(c.meanLatencyMs)}</td>
                {fair && <td>{c.aloneMeanLatencyMs !== undefined ? formatMs(c.aloneMeanLatencyMs) : '—'}</td>}
                {fair && (
                  <td data-testid="speedup" data-value={String(c.speedup ?? '')}>
                    {c.speedup !== undefined ? `${formatSig(c.speedup)}×` : '—'}
                  </td>
                )}
                {writes && (
                  <td data-testid="client-writes" data-value={`${c.synchWrites},${c.replaceWrites},${c.recovWrites},${c.writes}`}>
                    {writeMix(c)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="stat-sub">
        Fractions of each client’s measured reads served at each level of its own path.
        {fair && ' Speedup: its mean latency alone on the same hierarchy over its mean latency shared; fairness is the smallest speedup over the largest (paper 002).'}
      </p>
    </div>
  );
}
