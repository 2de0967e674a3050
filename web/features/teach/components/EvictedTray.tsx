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
        // A long list scrolls inside its box: focusable and named, so a keyboard can reach and scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1)
        <ul tabIndex={0} aria-label={`evicted so far, ${tray.length} block${tray.length === 1 ? '' : 's'}`}>
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
