// The stepper's settings as the user makes them and a link carries them (link.ts): two levels
// (a client over an array, or one cache) with their policies, sizes and start lists, or a small
// tree; the request list as typed; and other pairs stepped side by side on the same requests.
import type { Capacity } from '../../scenario/capacity';
import type { PolicyKind, Protocol, Scenario, TreeCache, WorkloadSource } from '../../scenario/document';

/** A small tree to step through: a preset's, or the page's scenario's. */
export interface StepperTree {
  /** `scenario`: the page's own tree; else a preset's id. */
  from: string;
  caches: TreeCache[];
  protocol?: Protocol;
  du?: Scenario['du'];
  se?: boolean;
  seAt?: Scenario['seAt'];
  /** The scenario's generators (MC² partitions by their range hints); absent: the default. */
  source?: WorkloadSource;
}

export interface StepperConfig {
  client: PolicyKind;
  /** `none`: a single cache. */
  array: PolicyKind | 'none';
  protocol: 'none' | 'demote';
  /** Blocks, or bytes with a unit ("16K"): a cache in bytes, counted in bytes when the requests carry sizes. */
  clientSize: Capacity;
  arraySize: Capacity;
  requests: string;
  startClient: string;
  startArray: string;
  /** Step through this tree instead of the client and array. */
  tree?: StepperTree;
  /** A tree's caches' start lists, by cache name. */
  starts?: Record<string, string>;
  /**
   * Other pairs of policies (or protocols) stepped side by side on the same requests and start
   * (two levels or one cache only).
   */
  variants?: StepperVariant[];
}

/** A pair stepped beside the first: its policies and protocol; sizes, requests and start as the first's. */
export interface StepperVariant {
  client: PolicyKind;
  array: PolicyKind | 'none';
  protocol: 'none' | 'demote';
}

/** Most pairs shown beside the first. */
export const MAX_VARIANTS = 3;

/** "LRU-MRU-demote", "LRU-LRU inclusive", "ARC" — a pair's name as the papers write it. */
export function variantLabel(v: StepperVariant): string {
  const up = (k: string) => k.toUpperCase();
  if (v.array === 'none') return up(v.client);
  return `${up(v.client)}-${up(v.array)}${v.protocol === 'demote' ? '-demote' : ' inclusive'}`;
}

/** The hierarchy's shape: a client over an array (or one cache), the page's tree, or a preset's shared array. */
export type Shape = 'pair' | 'scenario' | 'shared';

export function shapeOf(c: StepperConfig): Shape {
  if (!c.tree) return 'pair';
  return c.tree.from === 'scenario' ? 'scenario' : 'shared';
}
