// A finished sweep in a sentence or two, true of whatever its lines show.
import { pointKey, sweptLabel, type SweepSpec } from './spec';

/**
 * For the bandwidth, where each line (the scenario's, or a client's) starts to beat its
 * baseline's — paper 000's Figure 19 crossover when it is DEMOTE against the inclusive design;
 * otherwise (the split, SLRU's share, or no baseline) each line's best point. Null until every
 * point has run.
 */
export function sweepSummary(spec: SweepSpec, values: Record<string, number>): string | null {
  const got = spec.series.map((s) => s.points.map((p) => values[pointKey(s.name, p.x)]));
  if (got.some((ys) => ys.some((y) => y === undefined))) return null;
  const beats = (a: number, b: number) => (spec.better === 'lower' ? a < b : a > b);
  const at = (x: number) => `${sweptLabel(spec.param, x)}${spec.param === 'bandwidth' ? ' Mbit/s' : ''}`;
  if (spec.param === 'bandwidth' && spec.pairs.length) {
    const xs = spec.series[0].points.map((p) => p.x);
    const word = spec.show === 'fairness' ? 'fairer' : 'faster';
    return spec.pairs
      .map(([a, b]) => {
        const wins = xs.map((_, i) => beats(got[a][i], got[b][i]));
        const who = `${spec.series[a].name} is ${word} than ${spec.series[b].name}`;
        if (wins.every(Boolean)) return `${who} at every bandwidth swept.`;
        if (!wins.some(Boolean)) return `${who} at no bandwidth swept.`;
        const from = wins.indexOf(true);
        if (wins.slice(from).every(Boolean))
          return `${who} from ${at(xs[from])} up, and ${spec.show === 'fairness' ? 'less fair' : 'slower'} below${
            spec.figure19 ? ' (paper 000 Fig. 19: DEMOTE stops paying on slow links)' : ''
          }.`;
        return `${who} at ${xs
          .filter((_, i) => wins[i])
          .map(at)
          .join(', ')}.`;
      })
      .join(' ');
  }
  const best = spec.series.map((s, k) => {
    let i = 0;
    got[k].forEach((y, j) => void (beats(y, got[k][i]) && (i = j)));
    return { name: s.name, x: s.points[i].x, y: got[k][i] };
  });
  if (spec.param === 'slru') {
    const [slru, lru] = best;
    const against = lru ? `, against ${spec.format(lru.y)} for LRU` : '';
    return `SLRU is best with ${at(slru.x)} protected: ${spec.format(slru.y)} hits${against}.`;
  }
  if (spec.param === 'ratio')
    return `Best split: ${best.map((b) => `${b.name} with ${at(b.x)} in the client (${spec.format(b.y)})`).join('; ')}.`;
  const measure = spec.show === 'fairness' ? 'Fairest' : 'Fastest';
  return `${measure} at: ${best.map((b) => `${b.name}, ${at(b.x)} (${spec.format(b.y)})`).join('; ')}.`;
}
