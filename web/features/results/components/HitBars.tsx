import { formatCount, formatPercent } from '../../../app/format';
import type { Report } from '../../../worker/protocol';

const LEVELS = [
  { key: 'client', label: 'Client cache', count: (r: Report) => r.counters.clientHits },
  { key: 'array', label: 'Array cache', count: (r: Report) => r.counters.arrayHits },
  { key: 'disk', label: 'Disk', count: (r: Report) => r.counters.diskReads },
] as const;

/** Where reads were served: one horizontal bar per level of the hierarchy. */
export function HitBars({ report }: { report: Report | null }) {
  return (
    <ul className="hit-bars">
      {LEVELS.map(({ key, label, count }) => {
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
              <span className="hit-fill" style={{ width: `${((value ?? 0) * 100).toFixed(2)}%` }} />
            </span>
            <span className="hit-value">{value !== undefined ? formatPercent(value) : '—'}</span>
            <span className="hit-count">{report ? formatCount(count(report)) : ''}</span>
          </li>
        );
      })}
    </ul>
  );
}
