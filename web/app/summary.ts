// The scenario in one line, for the run bar: its name, its topology and policies, how the caches
// cooperate, and where its requests come from — and how many requests a run of it serves.
import { formatCount } from './format';
import { protocolKind, protocolNames, shapeOf, workloadBlocks, type Scenario } from '../scenario/schema';
import { sourceRequests, traceOf, workloadOf } from '../scenario/topology';

/** 360448 → "360,448"; 2_500_000 → "2.5 M"; 3e9 → "3 G": a count read at a glance. */
export function formatShort(n: number): string {
  if (n < 1e6) return formatCount(n);
  if (n < 1e9) return `${Number((n / 1e6).toPrecision(n < 1e7 ? 2 : 3))} M`;
  return `${Number((n / 1e9).toPrecision(3))} G`;
}

const policy = (p: { kind: string }) => p.kind.toUpperCase();

/** "LRU 16,384 → MRU 16,384", "ARC 8,192", "tree of 4 clients × 3 levels (LRU, MRU)". */
export function topologySummary(s: Scenario): string {
  const t = s.topology;
  if (t.kind === 'single') return `one cache: ${policy(t.cache.policy)} ${formatShort(t.cache.capacity)}`;
  if (t.kind === 'two-level') return `${policy(t.client.policy)} ${formatShort(t.client.capacity)} → ${policy(t.array.policy)} ${formatShort(t.array.capacity)}`;
  const shape = shapeOf(t);
  const levels = Math.max(...shape.paths.map((p) => p.length));
  const policies = [...new Set(t.caches.map((c) => policy(c.policy)))].join(', ');
  return `tree of ${shape.leaves.length} clients × ${levels} levels (${policies})`;
}

/** "random, 32,768 blocks", "trace zipf-3072.csv.gz". */
export function sourceSummary(s: Scenario): string {
  const trace = traceOf(s);
  if (trace) return `trace ${trace.name}`;
  const w = workloadOf(s)!;
  return `${w.kind}, ${formatShort(workloadBlocks(w))} blocks`;
}

/**
 * Requests a run serves, warm-up included, all clients together: a generator's by the engine's
 * count, a trace's once it is read (`traceRequests`), else null (not known yet).
 */
export function runRequests(s: Scenario, traceRequests?: number): number | null {
  if (traceOf(s)) return traceRequests ?? null;
  const [warm, measured] = sourceRequests(s);
  return warm + measured;
}

/** The one-line summary: name · topology · protocol · source · requests. */
export function scenarioSummary(s: Scenario, traceRequests?: number): string {
  const requests = runRequests(s, traceRequests);
  return [
    s.name || '(unnamed)',
    topologySummary(s),
    s.topology.kind === 'single' ? null : protocolKind(s) === 'none' ? 'inclusive' : protocolNames[protocolKind(s)],
    sourceSummary(s),
    requests === null ? null : `${formatShort(requests)} requests`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}
