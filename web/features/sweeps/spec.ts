// What a one-parameter sweep runs and draws, as pure data over the scenario: the swept values
// (a chosen range and point count), the runs (the scenario, and a chosen baseline: the inclusive
// design, another protocol, LRU, or none), and the lines read off their reports (the mean
// latency or hit ratio, each client's mean latency, or fairness). Nothing here runs or renders.
import { capacityBlocks } from '../../scenario/capacity';
import {
  blockSizeOf,
  checkScenario,
  clientNames,
  protocolKind,
  protocolName,
  type PolicyConfig,
  type ProtocolKind,
  type Scenario,
} from '../../scenario/document';
import { catalogue } from '../../engine/engine';
import { linkPresets } from '../../scenario/links';
import { asSingle, firstPath, setProtocol } from '../../scenario/topology';
import { formatMs, formatPercent, formatSig } from '../../format/numbers';
import type { Report } from '../../worker/protocol';

export type SweepParam = 'bandwidth' | 'ratio' | 'slru';
export const SWEEP_PARAMS: readonly SweepParam[] = ['bandwidth', 'ratio', 'slru'];

/** What the lines show: the mean (SLRU: the hit ratio), each client's mean latency, or fairness. */
export type SweepShow = 'mean' | 'clients' | 'fairness';
export const SWEEP_SHOWS: readonly SweepShow[] = ['mean', 'clients', 'fairness'];

/**
 * The second series: the inclusive design (LRU at every cache, no protocol, no DU), the scenario
 * under another protocol, plain LRU (SLRU's sweep), or none — the scenario alone.
 */
export type SweepBaseline = 'inclusive' | 'lru' | 'none' | `protocol:${ProtocolKind}`;

export interface SweepRange {
  from: number;
  to: number;
  points: number;
}

/** Everything a person chooses of a sweep (and a link carries). */
export interface SweepChoices extends SweepRange {
  param: SweepParam;
  baseline: SweepBaseline;
  show: SweepShow;
}

export const MIN_POINTS = 2;
export const MAX_POINTS = 24;

/** Each sweep's default range: the grids the sweeps had before they had a range (old links). */
export const DEFAULT_RANGE: Readonly<Record<SweepParam, SweepRange>> = {
  bandwidth: { from: 1, to: 10000, points: 8 },
  ratio: { from: 0.1, to: 0.9, points: 9 },
  slru: { from: 1 / 16, to: 15 / 16, points: 8 },
};

/**
 * Paper 000 Figure 19's bandwidths, in 1–3–10 steps with one jump to 10 Gbit/s: the default
 * range's points (not evenly spaced on the log scale), so a link of before gives its numbers.
 */
const FIGURE_19_MBIT = [1, 3, 10, 30, 100, 300, 1000, 10000];

export function defaultChoices(param: SweepParam): SweepChoices {
  return { param, ...DEFAULT_RANGE[param], baseline: param === 'slru' ? 'lru' : 'inclusive', show: 'mean' };
}

/** Whether `r` is `param`'s default range. */
export const isDefaultRange = (param: SweepParam, r: SweepRange) =>
  r.from === DEFAULT_RANGE[param].from && r.to === DEFAULT_RANGE[param].to && r.points === DEFAULT_RANGE[param].points;

/**
 * The swept values: the bandwidth evenly on a log scale (inner points to three significant
 * digits), the shares evenly (to twelve, so 0.1 + 0.2 is 0.3); the ends exactly as typed.
 */
export function sweptValues(param: SweepParam, r: SweepRange): number[] {
  if (param === 'bandwidth' && isDefaultRange(param, r)) return [...FIGURE_19_MBIT];
  const n = r.points;
  return Array.from({ length: n }, (_, k) => {
    if (k === 0) return r.from;
    if (k === n - 1) return r.to;
    const t = k / (n - 1);
    return param === 'bandwidth'
      ? Number((r.from * (r.to / r.from) ** t).toPrecision(3))
      : Number((r.from + (r.to - r.from) * t).toPrecision(12));
  });
}

export interface RangeIssue {
  field: 'from' | 'to' | 'points';
  message: string;
}

const FIELD_NAME = { from: 'From', to: 'To', points: 'Points' } as const;

/**
 * What is wrong with a range, one issue per field at most, each naming its field. A value the
 * engine refuses (a link's bandwidth, SLRU's protected share) is refused in the engine's words:
 * its check of the sweep's first and last points over `base`. The client's share is the sweep's
 * own rule: a share of the blocks in all, so neither level is empty.
 */
export function rangeIssues(base: Scenario | null, param: SweepParam, r: SweepRange): RangeIssue[] {
  const issues: RangeIssue[] = [];
  const got = (v: number) => (Number.isNaN(v) ? 'nothing' : v);
  const say = (field: RangeIssue['field'], what: string) =>
    issues.push({ field, message: `${FIELD_NAME[field]}: ${what} (got ${got(r[field])})` });
  for (const field of ['from', 'to'] as const) {
    const v = r[field];
    if (!Number.isFinite(v)) say(field, 'must be a number');
    else if (param === 'ratio') {
      if (!(v > 0 && v < 1)) say(field, 'must be a share above 0 and below 1');
    } else if (base) {
      const check = checkScenario(pointAt(base, param, v));
      if (!check.ok) issues.push({ field, message: `${FIELD_NAME[field]}: ${check.issues[0].message}` });
    }
  }
  if (!issues.length && !(r.from < r.to)) say('to', `must be above From, ${r.from}`);
  if (!Number.isInteger(r.points) || r.points < MIN_POINTS || r.points > MAX_POINTS)
    say('points', `must be a whole number from ${MIN_POINTS} to ${MAX_POINTS}`);
  else if (!issues.length && new Set(sweptValues(param, r)).size < r.points)
    say('points', 'too many for so narrow a range: two points would be equal');
  return issues;
}

/** The scenario with another protocol in place of its own (`setProtocol` keeps the rest valid). */
function withProtocol(s: Scenario, kind: ProtocolKind): Scenario {
  const b = structuredClone(s);
  setProtocol(b, { kind });
  return b;
}

/** The second series a sweep of `base` offers, the default first. */
export function baselineChoices(base: Scenario, param: SweepParam): { value: SweepBaseline; label: string }[] {
  if (param === 'slru')
    return [
      { value: 'lru', label: 'LRU' },
      { value: 'none', label: 'none: SLRU alone' },
    ];
  const own = protocolKind(base);
  // Every other protocol the engine offers, where the scenario under it checks.
  const others = catalogue()
    .protocols.filter((p) => p.kind !== own && checkScenario(withProtocol(base, p.kind)).ok)
    .map((p) => ({ value: `protocol:${p.kind}` as const, label: `this scenario with ${protocolLabel(p.kind)}` }));
  return [
    { value: 'inclusive', label: 'the inclusive baseline: LRU everywhere, no protocol' },
    { value: 'none', label: 'none: this scenario alone' },
    ...others,
  ];
}

/** What the lines of a sweep of `base` may show, the default first: per client with two or more. */
export function showChoices(base: Scenario, param: SweepParam): { value: SweepShow; label: string }[] {
  const mean = { value: 'mean' as const, label: param === 'slru' ? 'hit ratio' : 'mean latency' };
  // Only the bandwidth sweep keeps the scenario's clients (the others: one client, or one cache).
  if (param !== 'bandwidth' || clientNames(base.topology).length < 2) return [mean];
  return [
    mean,
    { value: 'clients', label: "each client's mean latency" },
    { value: 'fairness', label: 'fairness: smallest speedup ÷ largest (each client also run alone)' },
  ];
}

/** `c` with a baseline and a measure `base` offers for its sweep (else the defaults). */
export function offeredChoices(base: Scenario, c: SweepChoices): SweepChoices {
  const baseline = baselineChoices(base, c.param).some((b) => b.value === c.baseline)
    ? c.baseline
    : defaultChoices(c.param).baseline;
  const show = showChoices(base, c.param).some((s) => s.value === c.show) ? c.show : 'mean';
  return { ...c, baseline, show };
}

const protocolLabel = (kind: ProtocolKind) => (kind === 'none' ? 'no protocol' : protocolName(kind));

export interface SweepSeries {
  name: string;
  /** The run whose reports this line reads (lines of one run share its scenarios). */
  run: string;
  /** x values and the scenarios at them. */
  points: { x: number; scenario: Scenario }[];
  /** What a point's report shows on this line (undefined: the report has no such number). */
  y: (r: Report) => number | undefined;
  /** A client's line under the baseline: drawn in the colour of that client's line, dashed. */
  colourOf?: number;
}

export interface SweepSpec {
  param: SweepParam;
  show: SweepShow;
  xLabel: string;
  logX: boolean;
  yLabel: string;
  /** Which way is better: lower latency, higher hit ratio or fairness. */
  better: 'lower' | 'higher';
  format: (y: number) => string;
  series: SweepSeries[];
  /** Lines compared, by index: the scenario's (or a client's) against the baseline's. */
  pairs: [number, number][];
  /** Whether the comparison is paper 000 Figure 19's: DEMOTE against the inclusive design. */
  figure19: boolean;
}

/** A point's key in the values run so far: "series@x". */
export const pointKey = (series: string, x: number) => `${series}@${x}`;

/** The 1 Gbit/s FC link, whose per-transfer cost the bandwidth sweep keeps. */
const fc = () => linkPresets().find((p) => p.preset === 'fc-1g')!;

/** The inclusive baseline of a scenario: LRU at every cache, no protocol, no DU. */
function inclusive(s: Scenario): Scenario {
  const b = structuredClone(s);
  const t = b.topology;
  if (t.kind === 'two-level') {
    t.client.policy = { kind: 'lru' };
    t.array.policy = { kind: 'lru' };
  } else if (t.kind === 'tree') for (const c of t.caches) c.policy = { kind: 'lru' };
  setProtocol(b, { kind: 'none' });
  delete b.du;
  b.name = t.kind === 'tree' ? 'LRU everywhere, none' : 'LRU-LRU-none';
  return b;
}

const at = (s: Scenario, patch: (s: Scenario) => void) => {
  const c = structuredClone(s);
  patch(c);
  return c;
};

/**
 * How a bandwidth or client-share sweep of `base` changes a scenario at `x`: two levels, the
 * client ↔ array link (a tree: every link up to a parent) or the split of the blocks in all.
 */
function varying(
  base: Scenario,
  param: 'bandwidth' | 'ratio',
): { vary: (s: Scenario, x: number) => Scenario; xLabel: string } {
  if (param === 'bandwidth')
    return {
      vary: (s, mbit) =>
        at(s, (n) => {
          const l = { preset: 'custom' as const, latencyUs: fc().latencyUs, bandwidthMbit: mbit };
          const t = n.topology;
          if (t.kind === 'tree') for (const x of t.caches) if (x.parent !== undefined) x.link = { ...l };
          if (t.kind === 'two-level') t.link = l;
        }),
      xLabel: 'link bandwidth (Mbit/s, log scale; FC overhead per transfer)',
    };
  const two = (s: Scenario) => s.topology as Extract<Scenario['topology'], { kind: 'two-level' }>;
  const bs = blockSizeOf(base);
  const total = capacityBlocks(two(base).client.capacity, bs) + capacityBlocks(two(base).array.capacity, bs);
  return {
    vary: (s, share) =>
      at(s, (n) => {
        const client = Math.max(1, Math.round(total * share));
        two(n).client.capacity = client;
        two(n).array.capacity = Math.max(1, total - client);
      }),
    xLabel: `client's share of ${total.toLocaleString('en-US')} blocks in all`,
  };
}

/** The first client's cache alone as `policy`, over its link and its root's disk (SLRU's sweep). */
function firstCacheAs(base: Scenario, policy: PolicyConfig, name: string): Scenario {
  return { ...asSingle(base, { ...firstPath(base).client, policy }), name };
}

/** The scenario a sweep of `base` runs at `x` (its first run's), as the engine checks it. */
function pointAt(base: Scenario, param: SweepParam, x: number): Scenario {
  return param === 'slru'
    ? firstCacheAs(base, { kind: 'slru', protectedShare: x }, `SLRU ${x}`)
    : varying(base, param).vary(base, x);
}

/** A run: a name, and its scenario at each swept value. */
interface Run {
  name: string;
  at: (x: number) => Scenario;
}

/** The sweep's series over `base` (a sweep's name alone: its defaults), or why it cannot run. */
export function sweepSpec(base: Scenario, choice: SweepParam | SweepChoices): SweepSpec | { error: string } {
  const c = typeof choice === 'string' ? defaultChoices(choice) : choice;
  const { param } = c;
  const kind = base.topology.kind;
  if (param === 'bandwidth' && kind === 'single')
    return {
      error: 'this sweep varies the link between a client and the cache above it: use the two-level or tree topology',
    };
  if (param === 'ratio' && kind !== 'two-level')
    return { error: 'this sweep varies a client and an array: use the two-level topology' };
  const issue = rangeIssues(base, param, c)[0];
  if (issue) return { error: issue.message };
  if (!baselineChoices(base, param).some((b) => b.value === c.baseline))
    return { error: `Compare with: "${c.baseline}" is not offered for this scenario` };
  if (!showChoices(base, param).some((s) => s.value === c.show))
    return { error: `Show: "${c.show}" needs the bandwidth sweep of a scenario with two or more clients` };
  const xs = sweptValues(param, c);
  if (param === 'slru') return slruSpec(base, c, xs);

  // Fairness times each client alone too: on for every point when it is shown.
  const measured = c.show === 'fairness' ? at(base, (s) => delete s.fairness) : base;
  const second: Run['name'] | null =
    c.baseline === 'inclusive'
      ? `${inclusive(base).name} (inclusive)`
      : c.baseline.startsWith('protocol:')
        ? `with ${protocolLabel(c.baseline.slice('protocol:'.length) as ProtocolKind)}`
        : null;
  const other = (s: Scenario) =>
    c.baseline === 'inclusive' ? inclusive(s) : withProtocol(s, c.baseline.slice('protocol:'.length) as ProtocolKind);
  const { vary, xLabel } = varying(base, param);
  const runs: Run[] = [{ name: base.name || 'this scenario', at: (x) => vary(measured, x) }];
  if (second !== null) runs.push({ name: second, at: (x) => vary(other(measured), x) });
  const lines = (run: Run, k: number) => {
    const points = xs.map((x) => ({ x, scenario: run.at(x) }));
    if (c.show !== 'clients')
      return [{ name: run.name, run: run.name, points, y: c.show === 'mean' ? meanOf : fairnessOf }];
    // One line per client, named by it (the baseline's: "client · baseline").
    return clientNames(base.topology).map((client, i) => ({
      name: k === 0 ? client : `${client} · ${run.name}`,
      run: run.name,
      points,
      y: (r: Report) => r.clients.find((x) => x.name === client)?.meanLatencyMs,
      ...(k === 0 ? {} : { colourOf: i }),
    }));
  };
  const series = runs.flatMap(lines);
  const half = series.length / runs.length;
  return {
    param,
    show: c.show,
    xLabel,
    logX: param === 'bandwidth',
    yLabel: c.show === 'fairness' ? 'fairness' : 'mean latency',
    better: c.show === 'fairness' ? 'higher' : 'lower',
    format: c.show === 'fairness' ? formatSig : formatMs,
    series,
    pairs: runs.length === 2 ? Array.from({ length: half }, (_, i) => [i, half + i] as [number, number]) : [],
    figure19: c.show === 'mean' && c.baseline === 'inclusive' && protocolKind(base) === 'demote',
  };
}

const meanOf = (r: Report) => r.meanLatencyMs;
const fairnessOf = (r: Report) => r.fairness;

/** SLRU's protected share: the first client's cache alone, over its link and its root's disk. */
function slruSpec(base: Scenario, c: SweepChoices, xs: number[]): SweepSpec {
  const single = (policy: PolicyConfig, name: string) => firstCacheAs(base, policy, name);
  const hits = (r: Report) => r.hitFractions.client;
  const series: SweepSeries[] = [
    {
      name: 'SLRU',
      run: 'SLRU',
      points: xs.map((x) => ({ x, scenario: single({ kind: 'slru', protectedShare: x }, `SLRU ${x}`) })),
      y: hits,
    },
  ];
  if (c.baseline === 'lru')
    series.push({
      name: 'LRU',
      run: 'LRU',
      points: xs.map((x) => ({ x, scenario: single({ kind: 'lru' }, 'LRU') })),
      y: hits,
    });
  return {
    param: 'slru',
    show: 'mean',
    xLabel: "SLRU's protected share of the cache",
    logX: false,
    yLabel: 'hit ratio',
    better: 'higher',
    format: formatPercent,
    series,
    pairs: series.length === 2 ? [[0, 1]] : [],
    figure19: false,
  };
}

/**
 * The runs a sweep needs: one per run and swept value (the lines of one run read the same
 * report), each keyed "run@x".
 */
export function sweepJobs(spec: SweepSpec): { run: string; x: number; scenario: Scenario }[] {
  const seen = new Set<string>();
  return spec.series.flatMap((s) => {
    if (seen.has(s.run)) return [];
    seen.add(s.run);
    return s.points.map((p) => ({ run: s.run, x: p.x, scenario: p.scenario }));
  });
}

/** The values a run's report at `x` gives its lines (those it has a number for). */
export function readReport(spec: SweepSpec, run: string, x: number, report: Report): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of spec.series) {
    if (s.run !== run) continue;
    const y = s.y(report);
    if (y !== undefined && Number.isFinite(y)) out[pointKey(s.name, x)] = y;
  }
  return out;
}

/** The swept value as the axis labels it: "10" (Mbit/s), "30 %", "5/16" (else a percentage). */
export function sweptLabel(param: SweepParam, v: number): string {
  if (param === 'bandwidth') return String(v);
  const sixteenths = v * 16;
  if (param === 'slru' && Math.abs(sixteenths - Math.round(sixteenths)) < 1e-9) return `${Math.round(sixteenths)}/16`;
  return `${formatSig(v * 100)} %`;
}
