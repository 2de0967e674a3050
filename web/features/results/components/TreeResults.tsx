// Results of a tree scenario: one latency CDF per client on one chart, a table of where each
// client's reads were served (level by level along its own path) with its speedup, the
// fairness of the run, and a table per cache.
import { schemeTableau10 } from 'd3';
import { curveStepAfter, line, scaleLinear, scaleLog } from 'd3';
import { useMemo } from 'react';
import { formatCount, formatDuration, formatMs, formatPercent, formatSig } from '../../../app/format';
import { cdfRows, type CdfRow } from '../../../charts/cdf/useCdfLayout';
import { useElementSize } from '../../../charts/useElementSize';
import type { TreeReport } from '../../../worker/protocol';
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
function useClientCdfs(tree: TreeReport, width: number) {
  return useMemo(() => {
    const plot = { left: MARGIN.left, top: MARGIN.top, right: Math.max(MARGIN.left + 10, width - MARGIN.right), bottom: HEIGHT - MARGIN.bottom };
    const all = tree.clients.map((c) => ({ c, rows: cdfRows(c.latency) }));
    const edges = tree.clients[0]?.latency.edgesUs ?? [];
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
  }, [tree, width]);
}

export function TreeResults({ tree }: { tree: TreeReport }) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 640, height: HEIGHT });
  const { plot, series, xTicks, yTicks } = useClientCdfs(tree, size.width);
  const names = tree.caches.map((c) => c.name);
  const levels = Math.max(...tree.clients.map((c) => c.path.length));

  return (
    <div className="tree-results" data-testid="tree-results">
      <div className="card chart-card">
        <div className="chart-head">
          <h3>Latency CDF per client</h3>
          <p className="chart-legend">
            {tree.queueing ? 'queueing model: links, controllers and disks as FIFO servers' : 'additive model (paper 000 eq. 1)'}
            {tree.fairness !== undefined && (
              <>
                {' · '}
                <span data-testid="fairness" data-value={String(tree.fairness)}>
                  fairness {formatSig(tree.fairness)}
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

      <div className="card">
        <h3>Per client</h3>
        <div className="table-scroll">
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
                {tree.fairness !== undefined && <th scope="col">alone</th>}
                {tree.fairness !== undefined && <th scope="col">speedup</th>}
              </tr>
            </thead>
            <tbody>
              {tree.clients.map((c, i) => (
                <tr key={c.name} data-client={c.name} data-mean-ms={String(c.meanLatencyMs)} data-requests={String(c.requests)}>
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
                  {tree.fairness !== undefined && <td>{c.aloneMeanLatencyMs !== undefined ? formatMs(c.aloneMeanLatencyMs) : '—'}</td>}
                  {tree.fairness !== undefined && (
                    <td data-testid="speedup" data-value={String(c.speedup ?? '')}>
                      {c.speedup !== undefined ? `${formatSig(c.speedup)}×` : '—'}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="stat-sub">
          Fractions of each client’s measured reads served at each level of its own path. Speedup: its mean latency alone on the same
          hierarchy over its mean latency shared; fairness is the smallest speedup over the largest (paper 002).
        </p>
      </div>

      <div className="card">
        <h3>Per cache</h3>
        <div className="table-scroll">
          <table className="data-table" data-testid="cache-table">
            <thead>
              <tr>
                <th scope="col">cache</th>
                <th scope="col">above it</th>
                <th scope="col">held</th>
                <th scope="col">hit ratio</th>
                <th scope="col">demotions in</th>
                <th scope="col">reloads</th>
                <th scope="col">link traffic</th>
              </tr>
            </thead>
            <tbody>
              {tree.caches.map((c) => {
                const lookups = c.hits + c.misses;
                return (
                  <tr key={c.name} data-cache={c.name} data-depth={String(c.depth)} data-hits={String(c.hits)}>
                    <th scope="row" style={{ paddingLeft: `${0.5 + c.depth}em` }}>
                      {c.name}
                    </th>
                    <td>{c.parent === null ? 'disk' : names[c.parent]}</td>
                    <td>
                      {formatCount(c.blocks)} / {formatCount(c.capacity)}
                    </td>
                    <td>{lookups ? formatPercent(c.hits / lookups) : '—'}</td>
                    <td>
                      {formatCount(c.demotionsIn)}
                      {c.demotionsIn > 0 && <span className="muted"> ({formatCount(c.demotionsMovedIn)} moved)</span>}
                    </td>
                    <td>{formatCount(c.reloads)}</td>
                    <td>{formatSig(c.linkBytes / 2 ** 20)} MiB</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
