// Each cache's read hits and misses over the requests so far (walk.ts's tallyAt) and its running
// hit ratio (hits over the reads that reached it), and in a walk of sizes the same in bytes with
// the byte hit ratio (the engine's counts at the step shown).
import { formatBytes, formatPercent } from '../../../format/numbers';
import type { Tally } from '../walk';

/** A cache's read lookups in bytes so far: answered, passed on. */
export interface ByteTally {
  hits: number;
  misses: number;
}

/** "2 of 5 (40%)": the hits over the reads that reached the cache so far; "—" before any. */
export function hitRatioWords(hits: number, misses: number): string {
  const reads = hits + misses;
  return reads > 0 ? `${hits} of ${reads} (${formatPercent(hits / reads)})` : '—';
}

export function TallyTable({
  tally,
  bytes,
  testId,
}: {
  tally: Tally[];
  /** Per cache (as `tally`), in a walk of sizes. */
  bytes?: ByteTally[];
  testId: (name: string) => string;
}) {
  return (
    <table className="stepper-tally" data-testid={testId('tally')}>
      <caption>reads so far, per cache</caption>
      <thead>
        <tr>
          <th scope="col">cache</th>
          <th scope="col">hits</th>
          <th scope="col">misses</th>
          <th scope="col">hit ratio</th>
          {bytes && (
            <>
              <th scope="col">bytes hit</th>
              <th scope="col">bytes missed</th>
              <th scope="col">byte hit ratio</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {tally.map((t, i) => {
          const b = bytes?.[i];
          return (
            <tr
              key={t.cache}
              data-testid={testId('tally-row')}
              data-cache={t.cache}
              data-hits={t.hits}
              data-misses={t.misses}
              data-byte-hits={b?.hits}
              data-byte-misses={b?.misses}
            >
              <th scope="row">{t.cache}</th>
              <td>{t.hits}</td>
              <td>{t.misses}</td>
              <td data-testid={testId('hit-ratio')}>{hitRatioWords(t.hits, t.misses)}</td>
              {b && (
                <>
                  <td>{formatBytes(b.hits)}</td>
                  <td>{formatBytes(b.misses)}</td>
                  <td>{b.hits + b.misses > 0 ? formatPercent(b.hits / (b.hits + b.misses)) : '—'}</td>
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
