// Each cache's read hits and misses over the requests so far (walk.ts's tallyAt).
import type { Tally } from '../walk';

export function TallyTable({ tally, testId }: { tally: Tally[]; testId: (name: string) => string }) {
  return (
    <table className="stepper-tally" data-testid={testId('tally')}>
      <caption>reads so far, per cache</caption>
      <thead>
        <tr>
          <th scope="col">cache</th>
          <th scope="col">hits</th>
          <th scope="col">misses</th>
        </tr>
      </thead>
      <tbody>
        {tally.map((t) => (
          <tr
            key={t.cache}
            data-testid={testId('tally-row')}
            data-cache={t.cache}
            data-hits={t.hits}
            data-misses={t.misses}
          >
            <th scope="row">{t.cache}</th>
            <td>{t.hits}</td>
            <td>{t.misses}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
