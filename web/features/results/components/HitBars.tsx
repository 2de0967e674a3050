import { formatBytes, formatCount, formatPercent } from '../../../format/numbers';
import type { Report } from '../../../worker/protocol';

const LEVELS = [
  { key: 'client', label: 'Client cache', count: (r: Report) => r.counters.clientHits },
  { key: 'array', label: 'Array cache', count: (r: Report) => r.counters.arrayHits },
  { key: 'disk', label: 'Disk', count: (r: Report) => r.counters.diskReads },
] as const;

/**
 * Where reads were served: one horizontal bar per level of the hierarchy (a single cache has no
 * array row), then the same split per block referenced, which differs for multi-block reads.
 */
export function HitBars({
  report,
  single = false,
  tree = false,
}: {
  report: Report | null;
  single?: boolean;
  tree?: boolean;
}) {
  const levels = single ? LEVELS.filter((l) => l.key !== 'array') : LEVELS;
  // A tree sums over its clients: their own caches, the shared caches above them, the disks.
  const treeLabel = { client: 'Clients’ own', array: 'Shared caches', disk: 'Disks' } as const;
  const b = report?.blockHitFractions;
  // Objects of any size (a trace read as objects, with sizes): a request is one object, so the
  // split that differs is by bytes — the byte hit ratio.
  const bytes = report?.bytes;
  const by = bytes?.hitFractions;
  return (
    <>
      <ul className="hit-bars">
        {levels.map(({ key, label: levelLabel, count }) => {
          const label = tree ? treeLabel[key] : single && key === 'client' ? 'Cache' : levelLabel;
          const value = report?.hitFractions[key];
          return (
            <li
              key={key}
              className={`hit-bar hit-${key}`}
              data-testid={`hit-${key}`}
              {...(value !== undefined ? { 'data-value': String(value) } : {})}
            >
              <span className="hit-label">{label}</span>
              <span className="hit-track" aria-hidden="true">
                <span className="hit-fill" style={{ transform: `scaleX(${(value ?? 0).toFixed(4)})` }} />
              </span>
              <span className="hit-value">{value !== undefined ? formatPercent(value) : '—'}</span>
              <span className="hit-count">{report ? formatCount(count(report)) : ''}</span>
            </li>
          );
        })}
      </ul>
      {by && bytes ? (
        <p
          className="stat-sub"
          data-testid="byte-hits"
          data-client={String(by.client)}
          data-array={String(by.array)}
          data-disk={String(by.disk)}
        >
          By bytes: {single ? 'cache' : tree ? 'own' : 'client'} {formatPercent(by.client)}
          {single ? '' : ` · ${tree ? 'shared' : 'array'} ${formatPercent(by.array)}`} · disk {formatPercent(by.disk)}{' '}
          of {formatBytes(bytes.read)} read — objects of any size, each its own bytes
        </p>
      ) : (
        <p
          className="stat-sub"
          data-testid="block-hits"
          {...(b ? { 'data-client': String(b.client), 'data-disk': String(b.disk) } : {})}
        >
          {b
            ? `Per block: ${single ? 'cache' : tree ? 'own' : 'client'} ${formatPercent(b.client)}${single ? '' : ` · ${tree ? 'shared' : 'array'} ${formatPercent(b.array)}`} · disk ${formatPercent(b.disk)} — a multi-block read is a hit only if every block is there`
            : 'per request; the per-block split follows the run'}
        </p>
      )}
    </>
  );
}
