// Every cache's counters, for any topology: what it holds, how often it hits, what it evicts,
// the DEMOTEs and HA_R reloads it took in, the traffic on its link, and — where there are
// writes — its write mix and paper 004's read hit ratio once it was warm (§5.1); where a cache
// has an admission filter, the share of brought-in blocks it turned away; where a cache
// prefetches, how many blocks it fetched ahead and how many of those were read (prefetch hits)
// or left unread (wasted).
import { formatBytes, formatCount, formatPercent, formatSig } from '../../../format/numbers';
import type { Report } from '../../../worker/protocol';
import { writeMix } from './ClientResults';

export function CacheTable({ report }: { report: Report }) {
  const names = report.caches.map((c) => c.name);
  const writes = report.caches.some((c) => c.writes > 0);
  const admission = report.caches.some((c) => c.admission);
  const prefetch = report.caches.some((c) => c.prefetch);
  // Objects of any size: each cache's hits by bytes too, and what its disk (origin) sent.
  const sized = report.bytes !== undefined;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes the focus, so the keys can scroll it
    <section className="table-scroll" tabIndex={0} aria-label="Each cache (scrolls sideways)">
      <table className="data-table" data-testid="cache-table">
        <thead>
          <tr>
            <th scope="col">cache</th>
            <th scope="col">policy</th>
            <th scope="col">above it</th>
            <th scope="col">held</th>
            <th scope="col">hit ratio</th>
            {sized && <th scope="col">byte hit ratio</th>}
            {sized && <th scope="col">from disk</th>}
            <th scope="col">evictions</th>
            {admission && <th scope="col">declined</th>}
            {prefetch && <th scope="col">prefetch hits</th>}
            {prefetch && <th scope="col">wasted prefetches</th>}
            <th scope="col">demotions in</th>
            <th scope="col">reloads</th>
            <th scope="col">link traffic</th>
            {writes && <th scope="col">writes</th>}
            {writes && <th scope="col">warm read hits</th>}
          </tr>
        </thead>
        <tbody>
          {report.caches.map((c) => {
            const lookups = c.hits + c.misses;
            const warm = c.warmBlockReads ? c.warmBlockHits / c.warmBlockReads : null;
            return (
              <tr
                key={c.name}
                data-cache={c.name}
                data-depth={String(c.depth)}
                data-hits={String(c.hits)}
                data-client={String(c.client)}
              >
                <th scope="row" style={{ paddingLeft: `${0.5 + c.depth}em` }}>
                  {c.name}
                </th>
                <td>{c.policy.toUpperCase()}</td>
                <td>{c.parent === null ? 'disk' : names[c.parent]}</td>
                <td data-testid="cache-held">
                  {c.bytes?.capacity !== undefined ? (
                    <>
                      {formatBytes(c.bytes.held ?? 0)} / {formatBytes(c.bytes.capacity)}{' '}
                      <span className="muted">({formatCount(c.blocks)} objects)</span>
                    </>
                  ) : (
                    <>
                      {formatCount(c.blocks)} / {formatCount(c.capacity)}
                    </>
                  )}
                </td>
                <td>{lookups ? formatPercent(c.hits / lookups) : '—'}</td>
                {sized && (
                  <td data-testid="cache-byte-hits" data-value={c.bytes ? `${c.bytes.hits},${c.bytes.misses}` : ''}>
                    {c.bytes && c.bytes.hits + c.bytes.misses > 0
                      ? formatPercent(c.bytes.hits / (c.bytes.hits + c.bytes.misses))
                      : '—'}
                  </td>
                )}
                {sized && (
                  <td data-testid="cache-from-disk">
                    {c.parent === null && c.bytes ? formatBytes(c.bytes.fromDisk) : '—'}
                  </td>
                )}
                <td>{formatCount(c.evictions)}</td>
                {admission && (
                  <td
                    data-testid="cache-declined"
                    data-value={c.admission ? `${c.admission.admitted},${c.admission.declined}` : ''}
                    title={
                      c.admission
                        ? `its admission filter let in ${formatCount(c.admission.admitted)} and turned away ${formatCount(c.admission.declined)} of the blocks its misses brought (each turned away also counts as an eviction)`
                        : 'no admission filter'
                    }
                  >
                    {c.admission
                      ? `${formatCount(c.admission.declined)} (${formatPercent(c.admission.declined / Math.max(1, c.admission.admitted + c.admission.declined))})`
                      : '—'}
                  </td>
                )}
                {prefetch && (
                  <td
                    data-testid="cache-prefetch-hits"
                    data-value={
                      c.prefetch
                        ? `${c.prefetch.prefetched},${c.prefetch.hits},${c.prefetch.wasted},${c.prefetch.pending}`
                        : ''
                    }
                    title={
                      c.prefetch
                        ? `it fetched ${formatCount(c.prefetch.prefetched)} blocks ahead: ${formatCount(c.prefetch.hits)} were read while it held them, ${formatCount(c.prefetch.wasted)} left unread, ${formatCount(c.prefetch.pending)} are still held unread`
                        : 'no prefetching'
                    }
                  >
                    {c.prefetch
                      ? `${formatCount(c.prefetch.hits)} (${formatPercent(c.prefetch.hits / Math.max(1, c.prefetch.prefetched))})`
                      : '—'}
                  </td>
                )}
                {prefetch && (
                  <td data-testid="cache-prefetch-wasted">
                    {c.prefetch
                      ? `${formatCount(c.prefetch.wasted)} (${formatPercent(c.prefetch.wasted / Math.max(1, c.prefetch.prefetched))})`
                      : '—'}
                  </td>
                )}
                <td>
                  {formatCount(c.demotionsIn)}
                  {c.demotionsIn > 0 && <span className="muted"> ({formatCount(c.demotionsMovedIn)} moved)</span>}
                </td>
                <td>{formatCount(c.reloads)}</td>
                <td>{formatSig(c.linkBytes / 2 ** 20)} MiB</td>
                {writes && (
                  <td
                    data-testid="cache-writes"
                    data-value={`${c.synchWrites},${c.replaceWrites},${c.recovWrites},${c.writes}`}
                  >
                    {writeMix(c)}
                  </td>
                )}
                {writes && (
                  <td
                    data-testid="cache-warm-hits"
                    data-value={warm === null ? '' : String(warm)}
                    title={`of ${formatCount(c.warmBlockReads)} block reads once it was full`}
                  >
                    {warm === null ? '—' : formatPercent(warm)}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
