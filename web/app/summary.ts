// The scenario in one line, for the run bar: its name, its topology and policies, how the caches
// cooperate, and where its requests come from — and how many requests a run of it serves. The
// facts are web/scenario/summary.ts's, which an exported figure's line renders its own way.
import { formatCount } from '../format/numbers';
import { type Capacity, formatCapacity } from '../scenario/capacity';
import { protocolName, type Scenario, type TraceSource } from '../scenario/document';
import { scenarioFacts, type ScenarioFacts, type TopologyFacts } from '../scenario/summary';
import { describeColumns } from '../features/scenario/components/columns';

/** 360448 → "360,448"; 2_500_000 → "2.5 M"; 3e9 → "3 G": a count read at a glance. */
export function formatShort(n: number): string {
  if (n < 1e6) return formatCount(n);
  if (n < 1e9) return `${Number((n / 1e6).toPrecision(n < 1e7 ? 2 : 3))} M`;
  return `${Number((n / 1e9).toPrecision(3))} G`;
}

/** A capacity at a glance: blocks short ("2.5 M"), bytes as written ("1GiB"). */
function shortCapacity(c: Capacity): string {
  return typeof c === 'number' ? formatShort(c) : formatCapacity(c);
}

/** "LRU 16,384 → MRU 16,384", "one cache: ARC 8,192", "tree of 4 clients × 3 levels (LRU, MRU)". */
export function topologySummary(t: TopologyFacts): string {
  if (t.kind === 'single') return `one cache: ${t.cache.policy} ${shortCapacity(t.cache.capacity)}`;
  if (t.kind === 'two-level')
    return `${t.client.policy} ${shortCapacity(t.client.capacity)} → ${t.array.policy} ${shortCapacity(t.array.capacity)}`;
  return `tree of ${t.clients} clients × ${t.levels} levels (${[...new Set(t.caches.map((c) => c.policy))].join(', ')})`;
}

/** "random, 32,768 blocks", "trace zipf-3072.csv.gz". */
export function sourceSummary(source: ScenarioFacts['source']): string {
  return source.kind === 'trace' ? `trace ${source.name}` : `${source.workload}, ${formatShort(source.blocks)} blocks`;
}

/**
 * Requests a run serves, warm-up included, all clients together: a generator's by the engine's
 * count, a trace's once it is read (`traceRequests`), else null (not known yet).
 */
export function runRequests(s: Scenario, traceRequests?: number): number | null {
  return scenarioFacts(s, traceRequests).requests;
}

/** The run bar's line, at a glance: name · topology · protocol · source · requests. */
export function scenarioSummary(s: Scenario, traceRequests?: number): string {
  const f = scenarioFacts(s, traceRequests);
  return [
    f.name || '(unnamed)',
    topologySummary(f.topology),
    f.protocol === null ? null : f.protocol === 'none' ? 'inclusive' : protocolName(f.protocol),
    sourceSummary(f.source),
    f.requests === null ? null : `${formatShort(f.requests)} requests`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/**
 * How a trace source reads its file, every setting it names: what a link that names a file will
 * apply once the file is picked ("format msr · warm-up 0 requests · object mode · bad records
 * skipped · clients merged"). Settings left to the engine say so ("warm-up: the first tenth").
 */
export function traceSettings(t: Omit<TraceSource, 'kind'>): string {
  const clients = t.clients;
  return [
    t.format ? `format ${t.format}` : 'format recognised from the file',
    t.columns ? `columns: ${describeColumns(t.columns)}` : null,
    t.warmupRequests === undefined
      ? 'warm-up: the first tenth'
      : `warm-up ${formatCount(t.warmupRequests)} request${t.warmupRequests === 1 ? '' : 's'}`,
    t.objectMode ? 'object mode' : null,
    t.ignoreSizes ? 'sizes ignored (an object is one block)' : null,
    t.skipBad ? 'bad records skipped' : null,
    clients?.kind === 'merged'
      ? 'clients merged'
      : clients?.kind === 'map'
        ? `clients mapped (${Object.entries(clients.map)
            .map(([id, leaf]) => `${id} → ${leaf}`)
            .join(', ')})`
        : 'clients in order of appearance',
  ]
    .filter((part) => part !== null)
    .join(' · ');
}
