// The scenario document as the engine reads it: its types (web/generated/engine.ts, generated
// from the engine's Rust types) and what the engine says of one — every issue with its field,
// old versions migrated, the topology's shape, a workload's size, the catalogue of choices and
// limits. Nothing here decides a rule: every answer is the engine's own, asked synchronously of
// the engine the page loaded on its thread (../engine/engine.ts).
import { catalogue, engine } from '../engine/engine';
import type * as E from '../generated/engine';

export type Scenario = E.Scenario;
export type PolicyConfig = E.PolicyConfig;
export type PolicyKind = PolicyConfig['kind'];
export type PolicyInfo = E.PolicyInfo;
export type PolicyParam = E.Param;
export type AdmissionConfig = E.AdmissionConfig;
export type PrefetchConfig = E.PrefetchConfig;
export type CacheConfig = E.CacheConfig;
export type TreeCache = E.TreeCache;
export type LinkConfig = E.LinkConfig;
export type LinkPresetId = Exclude<LinkConfig['preset'], 'custom'>;
export type DiskConfig = E.DiskConfig;
export type Topology = E.Topology;
export type TopologyKind = Topology['kind'];
export type TreeTopology = Extract<Topology, { kind: 'tree' }>;
export type Protocol = E.Protocol;
export type ProtocolKind = Protocol['kind'];
export type Workload = E.WorkloadConfig;
export type WorkloadKind = Workload['kind'];
/** A generator: every workload but the database clients and phases. */
export type Generator = Exclude<Workload, { kind: 'oltp' | 'tpch' | 'phases' }>;
export type OltpWorkload = Extract<Workload, { kind: 'oltp' }>;
export type TpchWorkload = Extract<Workload, { kind: 'tpch' }>;
export type PhaseConfig = E.PhaseConfig;
export type Sharing = E.Sharing;
export type Arrivals = E.Arrivals;
export type TraceClients = E.TraceClients;
export type Source = E.Source;
export type WorkloadSource = Extract<Source, { kind: 'workload' }>;
export type TraceSource = Extract<Source, { kind: 'trace' }>;
export type TraceFormat = E.TraceFormat;
export type Shape = E.Shape;
export type ShapeNode = E.Node;

/** The topology kinds in the order the form offers them. */
export const TOPOLOGY_KINDS = ['two-level', 'single', 'tree'] as const satisfies readonly TopologyKind[];

// ---- the catalogue: choices, bounds and defaults (engine: rules::catalogue) ---------------

/** Every bound and default of a scenario. */
export function limits(): E.Limits {
  return catalogue().limits;
}

/** The scenario's bytes per block (absent: the engine's default). */
export function blockSizeOf(s: Pick<Scenario, 'blockSize'>): number {
  return s.blockSize ?? limits().defaultBlockSize;
}

/** Every replacement policy's kind, online ones first, in the order pickers list them. */
export function policyKinds(): PolicyKind[] {
  return catalogue().policies.map((p) => p.kind);
}

/** Policies that must see their cache's whole stream before the run (MIN, read-OPT). */
export function offlinePolicyKinds(): PolicyKind[] {
  return catalogue()
    .policies.filter((p) => p.offline)
    .map((p) => p.kind);
}

/** `kind`'s catalogue entry. */
export function policyInfo(kind: PolicyKind): PolicyInfo {
  const info = catalogue().policies.find((p) => p.kind === kind);
  if (!info) throw new Error(`the engine has no policy "${kind}"`);
  return info;
}

/** A policy of `kind` with every parameter left to the engine's default. */
export function policyOf(kind: PolicyKind): PolicyConfig {
  // Each kind's parameters are optional, so `{ kind }` is that kind's config; TypeScript cannot
  // see it through the union of kinds.
  return { kind } as PolicyConfig;
}

/** A parameter's value in `policy`, or the engine's default when it is left out. */
export function paramValue(policy: PolicyConfig, param: PolicyParam): number {
  const v = (policy as Record<string, unknown>)[param.name];
  return typeof v === 'number' ? v : param.default;
}

/** The name the papers give a protocol ("DEMOTE", "MC²"). */
export function protocolName(kind: ProtocolKind): string {
  return catalogue().protocols.find((p) => p.kind === kind)?.name ?? kind;
}

/** Whether a protocol sends DEMOTEs, so that how they are charged and what they carry matter. */
export function sendsDemotes(kind: ProtocolKind): boolean {
  return catalogue().protocols.find((p) => p.kind === kind)?.sendsDemotes ?? false;
}

/** The protocol's kind; absent is `none`. */
export function protocolKind(s: Pick<Scenario, 'protocol'>): ProtocolKind {
  return s.protocol?.kind ?? 'none';
}

// ---- what the engine says of a document -------------------------------------------------

/** One problem with a scenario: `path` is dotted ("topology.caches.2.parent"), `at` as errors print it. */
export interface ScenarioIssue {
  path: string;
  /** The place as the engine prints it ("topology.caches[2].parent"). */
  at: string;
  message: string;
}

export type ScenarioCheck =
  | { ok: true; scenario: Scenario; migratedFrom?: number }
  | { ok: false; issues: ScenarioIssue[]; migratedFrom?: number };

function issueOf(i: E.Issue): ScenarioIssue {
  return { path: i.path.map(String).join('.'), at: i.at, message: i.message };
}

/**
 * Reads anything claiming to be a scenario of any version and checks it (engine:
 * `Scenario::check`): the scenario, migrated to this version with its defaults filled in, or
 * every issue with its field.
 */
export function checkScenario(value: unknown): ScenarioCheck {
  const c = engine().checkScenario(value);
  return c.scenario
    ? { ok: true, scenario: c.scenario, migratedFrom: c.migratedFrom }
    : { ok: false, issues: c.issues.map(issueOf), migratedFrom: c.migratedFrom };
}

/** "scenario.topology.client.capacity: must be between 1 and 33554432 blocks (got 0)". */
export function describeIssue(issue: ScenarioIssue): string {
  return issue.at ? `scenario.${issue.at}: ${issue.message}` : `scenario: ${issue.message}`;
}

/**
 * The hierarchy as the engine sees it: caches, clients (the leaves, in list order) and each
 * client's path to its root — for a tree being edited, as far as its list goes.
 */
export function shapeOf(t: Topology): Shape {
  return engine().shapeOf(t).shape;
}

/** The leaves of a tree's caches, in order: its clients. */
export function treeLeaves(caches: readonly TreeCache[]): TreeCache[] {
  return shapeOf({ kind: 'tree', caches: [...caches] }).leaves.map((i) => caches[i]);
}

/** The clients' names, in order ("cache" for a single cache, "client" for two levels). */
export function clientNames(t: Topology): string[] {
  const s = shapeOf(t);
  return s.leaves.map((i) => s.nodes[i].name);
}

/** A workload's size with the engine's defaults, and a database client's layout. */
export function workloadFacts(w: Workload): E.WorkloadFacts {
  return engine().workloadFacts(w);
}

/** The blocks a workload spans (phases: the highest phase's end; a database: its universe). */
export function workloadBlocks(w: Workload): number {
  return workloadFacts(w).blocks;
}

/** `[warm-up, measured]` requests, with the engine's defaults. */
export function workloadRequests(w: Workload): [number, number] {
  const f = workloadFacts(w);
  return [f.warmupRequests, f.measuredRequests];
}
