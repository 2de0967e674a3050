// Each client's results, for any topology with several clients (or a client over more than
// one cache): one latency CDF per client on one chart, a table of where each client's reads
// were served (level by level along its own path) with its speedup, its write mix (paper
// 004) and the fairness of the run (paper 002).
import {
  formatCount,
  formatMs,
  formatPercent,
  formatPercentiles,
  formatSig,
  formatSpeedup,
} from '../../../format/numbers';
import { ClientCdfChart } from '../../../charts/clientcdf/ClientCdfChart';
import { clientColor } from '../../../charts/clientcdf/useClientCdfLayout';
import type { Report } from '../../../worker/protocol';

export { clientColor };

/** Each client's latency CDF on one chart, with the latency model and the run's fairness. */
export function ClientCdfs({ report }: { report: Report }) {
  return (
    <div className="card chart-card" data-testid="client-cdfs">
      <div className="chart-head">
        <h3>Latency CDF per client</h3>
        <p className="chart-legend">
          {report.queueing
            ? 'queueing model: links, controllers and disks as FIFO servers'
            : 'additive model (paper 000 eq. 1)'}
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
      <ClientCdfChart clients={report.clients} />
    </div>
  );
}

/** "1,204 (SYNCH 12.0 %, REPLACE 80.1 %, RECOV 7.9 %)": writes and their paper 004 hints. */
export function writeMix(w: {
  writes: number;
  synchWrites: number;
  replaceWrites: number;
  recovWrites: number;
}): string {
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
  /** The levels of the deepest client's path, 0 its own cache: the columns of hit fractions. */
  const levelNumbers = Array.from({ length: levels }, (_, l) => l);
  const fair = report.fairness !== undefined;
  const writes = report.clients.some((c) => c.writes > 0);
  return (
    <div className="card">
      <h3>Per client</h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes the focus, so the keys can scroll it */}
      <section className="table-scroll" tabIndex={0} aria-label="Per client (scrolls sideways)">
        <table className="data-table" data-testid="client-table">
          <thead>
            <tr>
              <th scope="col">client</th>
              {levelNumbers.map((l) => (
                <th scope="col" key={l}>
                  {l === 0 ? 'own cache' : `level ${l + 1}`}
                </th>
              ))}
              <th scope="col">disk</th>
              <th scope="col">mean</th>
              <th scope="col">p50 / p95 / p99</th>
              {fair && <th scope="col">alone</th>}
              {fair && <th scope="col">speedup</th>}
              {writes && <th scope="col">writes</th>}
            </tr>
          </thead>
          <tbody>
            {report.clients.map((c, i) => (
              <tr
                key={c.name}
                data-client={c.name}
                data-mean-ms={String(c.meanLatencyMs)}
                data-requests={String(c.requests)}
                data-reads={String(c.reads)}
              >
                <th scope="row" title={`${c.path.map((p) => names[p]).join(' → ')} → disk`}>
                  <span className="mrc-swatch" style={{ background: clientColor(i) }} aria-hidden="true" /> {c.name}
                </th>
                {levelNumbers.map((l) => (
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
                <td data-testid="client-percentiles">{formatPercentiles(c.latency, true)}</td>
                {fair && <td>{c.aloneMeanLatencyMs !== undefined ? formatMs(c.aloneMeanLatencyMs) : '—'}</td>}
                {fair && (
                  <td data-testid="speedup" data-value={String(c.speedup ?? '')}>
                    {c.speedup !== undefined ? formatSpeedup(c.speedup) : '—'}
                  </td>
                )}
                {writes && (
                  <td
                    data-testid="client-writes"
                    data-value={`${c.synchWrites},${c.replaceWrites},${c.recovWrites},${c.writes}`}
                  >
                    {writeMix(c)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="stat-sub">
        Fractions of each client’s measured reads served at each level of its own path.
        {fair &&
          ' Speedup: its mean latency alone on the same hierarchy over its mean latency shared, written as how much faster or slower it is shared; fairness is the smallest speedup over the largest (paper 002).'}
      </p>
    </div>
  );
}
