// The evicted tray: every block a cache let go so far (and went nowhere), the latest first,
// with the cache and step it left; this step's evictions marked.
import type { Eviction } from '../walk';

export function EvictedTray({ tray, at, testId }: { tray: Eviction[]; at: number; testId: (name: string) => string }) {
  return (
    <div className="stepper-tray" data-testid={testId('evicted')} data-blocks={tray.map((e) => e.label).join(' ')}>
      <strong>evicted</strong>
      {tray.length === 0 ? (
        <span className="field-hint"> nothing yet</span>
      ) : (
        <ul>
          {tray.map((e) => (
            // A cache lets a block go at most once a step.
            <li key={`${e.step}:${e.cache}:${e.label}`} className={e.step === at ? 'is-now' : ''}>
              {e.label}{' '}
              <small>
                from {e.cache}, step {e.step}
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
