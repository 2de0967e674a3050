// Miss-ratio curves: the points of a sweep (policies × cache sizes of one scenario's workload,
// each a single cache), run in parallel on the page's pool (worker/pool.ts). The same sweep
// natively is `tiersim sweep` (engine-wasm/crates/cli/src/sweep.rs), with the same default sizes.
import { runScenarios, type PointRunner } from '../../worker/pool';
import type { Report } from '../../worker/protocol';
import { asSingle, floorScenario } from '../../scenario/topology';
import {
  checkScenario,
  describeIssue,
  offlinePolicyKinds,
  type PolicyConfig,
  type PolicyKind,
  type Scenario,
} from '../../scenario/document';

export interface SweepPoint {
  policy: PolicyKind;
  size: number;
  scenario: Scenario;
}

export interface PointResult {
  policy: PolicyKind;
  size: number;
  /** Read requests that missed. */
  missRatio: number;
  /** Blocks that missed (differs for multi-block requests). */
  blockMissRatio: number;
}

/** `points` sizes from 1 % to 100 % of `blocks`, geometric, rounded, distinct (the CLI's rule). */
export function defaultSizes(blocks: number, points: number, lo = Math.max(blocks / 100, 1), hi = blocks): number[] {
  const out: number[] = [];
  for (let i = 0; i < points; i++) {
    const v = Math.max(1, Math.round(lo * (hi / lo) ** (points === 1 ? 0 : i / (points - 1))));
    if (out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

/**
 * Whether the offline policies may run over this scenario's workload through one cache: they
 * precompute every block reference, and the engine bounds how many (a trace's length it checks
 * once read). The engine's own check of such a point says.
 */
export function offlineAllowed(base: Scenario): boolean {
  const offline = offlinePolicyKinds()[0];
  if (offline === undefined) return false;
  return checkScenario(asSingle(base, { capacity: 1, policy: { kind: offline } as PolicyConfig })).ok;
}

/**
 * Every point, policy-major, validated. An invalid point (e.g. an offline policy on too long a
 * run) gives `{ error }` naming the policy, the size and the field.
 */
export function sweepPoints(
  base: Scenario,
  policies: PolicyKind[],
  sizes: number[],
): { points: SweepPoint[] } | { error: string } {
  if (!policies.length) return { error: 'pick at least one policy' };
  if (!sizes.length) return { error: 'pick at least one cache size' };
  const points: SweepPoint[] = [];
  for (const policy of policies) {
    for (const size of sizes) {
      const candidate = asSingle(base, { capacity: size, policy: { kind: policy } as PolicyConfig });
      const check = checkScenario(candidate);
      if (!check.ok) return { error: `${policy} at ${size} blocks: ${describeIssue(check.issues[0])}` };
      points.push({ policy, size, scenario: check.scenario });
    }
  }
  return { points };
}

/**
 * The full runs' floor: the scenario's cache as LRU holding every block of the workload
 * (`blocks`), which evicts nothing: what it misses are first references, counted after the same
 * warm-up as every point's — no cache of any size misses less. Null where the engine refuses that
 * size (past its largest cache).
 */
export function floorPoint(base: Scenario, blocks: number): SweepPoint | null {
  const check = checkScenario(floorScenario(base, blocks));
  return check.ok ? { policy: 'lru', size: Math.max(1, blocks), scenario: check.scenario } : null;
}

export function isOffline(kind: PolicyKind): boolean {
  return offlinePolicyKinds().includes(kind);
}

/**
 * Runs `points` as [`runScenarios`] does; `onPoint` hears each result as it lands; resolves
 * with all results in point order.
 */
export async function runSweep(
  points: SweepPoint[],
  run: PointRunner,
  parallel: number,
  signal: AbortSignal,
  onPoint: (index: number, result: PointResult) => void,
): Promise<PointResult[]> {
  const result = (i: number, report: Report): PointResult => ({
    policy: points[i].policy,
    size: points[i].size,
    missRatio: report.hitFractions.disk,
    blockMissRatio: report.blockHitFractions.disk,
  });
  const reports = await runScenarios(
    points.map((p) => p.scenario),
    run,
    parallel,
    signal,
    (i, report) => onPoint(i, result(i, report)),
  );
  return reports.map((r, i) => result(i, r));
}
