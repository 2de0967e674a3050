// The teaching stepper: tiny caches served a short request list one request at a time — step,
// back, play — with every cache's queues drawn block by block, the "eject me next" and "eject me
// last" ends marked, ghost lists (ARC's B1/B2, 2Q's A1out, LIRS's non-resident HIR, S3-FIFO's
// G) dashed, and each block gliding to where the request moved it. The hierarchy is a client
// over an array (or one cache), or a small tree — a preset's, or the scenario's own — whose
// requests name their client ("c2:A"). Paper 000's §4.5 example (LRU-LRU-demote, blocks A–E) is
// a preset: one step shows why that pair is not one LRU cache.
//
// For a classroom (issue 24): step 0 is the caches before any request; ← → step, space plays,
// Home and End jump, at a chosen speed; the walk — settings, step, notes a lecturer attaches to
// steps — is in the URL hash (link.ts), so a link opens that very moment. A request strip marks
// each past request where it was served and why a disk read missed (cold, capacity, or
// duplicate: it would have hit had the levels been exclusive — the engine judges it, teach.rs);
// each cache's running tally; the evicted tray; a predict mode that asks where the next request
// is served and which block leaves before revealing it; other pairs stepped side by side on the
// same requests; a presenter mode; and the walk exported as SVG frames or a printable page.
import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_SCENARIO } from '../../scenario/defaults';
import {
  checkScenario,
  clientNames,
  describeIssue,
  type PolicyConfig,
  type PolicyKind,
  type Protocol,
  type Scenario,
  type TreeCache,
  type WorkloadSource,
} from '../../scenario/schema';
import { EngineClient } from '../../worker/client';
import type { StackStatus, TeachQueue, TeachRequest, TeachStep } from '../../worker/protocol';
import { POLICIES } from '../../scenario/policies';
import { SelectField } from '../../ui/SelectField';
import { download } from '../../export/export';
import { frameName, frameSvg, printablePage, stackFrames, zipFrames } from './export';
import { linkedHash, publishStepperLink, readStepperLink, sameConfig, walkParams, type Notes } from './link';
import { blockLabel, parseBlocks } from './requests';
import {
  evictionsAt,
  evictionsOf,
  guessChoices,
  HINT_WORDS,
  judgeGuess,
  missWords,
  pathOf,
  requestWords,
  stripOf,
  tallyAt,
  type Guess,
} from './walk';

/** A small tree to step through: a preset's, or the page's scenario's. */
export interface StepperTree {
  /** `scenario`: the page's own tree; else a preset's id. */
  from: string;
  caches: TreeCache[];
  protocol?: Protocol;
  du?: Scenario['du'];
  se?: boolean;
  /** The scenario's generators (MC² partitions by their range hints); absent: the default. */
  source?: WorkloadSource;
}

export interface StepperConfig {
  client: PolicyKind;
  /** `none`: a single cache. */
  array: PolicyKind | 'none';
  protocol: 'none' | 'demote';
  clientSize: number;
  arraySize: number;
  requests: string;
  startClient: string;
  startArray: string;
  /** Step through this tree instead of the client and array. */
  tree?: StepperTree;
  /** A tree's caches' start lists, by cache name. */
  starts?: Record<string, string>;
  /** Other pairs of policies (or protocols) stepped side by side on the same requests and start (two levels or one cache only). */
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

/** Most caches, and largest cache, the stepper draws (engine: MAX_TEACH_CACHES, MAX_TEACH_CAPACITY). */
export const MAX_STEPPER_CACHES = 12;
export const MAX_STEPPER_BLOCKS = 64;

const SHARED_ARRAY: StepperTree = {
  from: 'shared',
  caches: [
    { name: 'array', capacity: 4, policy: { kind: 'lru' }, disk: { kind: 'constant', serviceMs: 10 } },
    { name: 'c1', capacity: 2, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
    { name: 'c2', capacity: 2, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
  ],
};

/**
 * Paper 002's MC² over the same two clients and array, c1 running TPC-H query 3 (loops over
 * CUSTOMER, ORDERS, LINEITEM: ranges 2, 3, 4) and c2 query 7 (reads them at random, and its own
 * ranges 0, 1, 5–9): the generators give only the range hints — Karma sizes each client's
 * partitions from them — and the typed requests name each block's range ("c1:A@2").
 */
const MC2_TREE: StepperTree = {
  from: 'mc2',
  caches: SHARED_ARRAY.caches,
  protocol: { kind: 'mc2', revision: 2 },
  source: {
    kind: 'workload',
    workload: { kind: 'tpch', query: 'q3', scale: 0.01 },
    clients: { c2: { kind: 'tpch', query: 'q7', scale: 0.01 } },
  },
};

export const STEPPER_PRESETS: { id: string; label: string; config: StepperConfig }[] = [
  {
    id: 'paper000',
    label: 'Paper 000 §4.5: LRU-LRU-demote, A–E',
    config: {
      client: 'lru',
      array: 'lru',
      protocol: 'demote',
      clientSize: 3,
      arraySize: 3,
      requests: 'A B C D E A B',
      startClient: 'C D E',
      startArray: 'D B E',
    },
  },
  {
    id: 'exclusive',
    label: 'LRU-MRU-demote: one cache of N_c + N_a − 1',
    config: {
      client: 'lru',
      array: 'mru',
      protocol: 'demote',
      clientSize: 3,
      arraySize: 3,
      requests: 'A B C D E A B C D E A B C D E',
      startClient: '',
      startArray: '',
    },
  },
  {
    id: 'inclusive',
    label: 'LRU-LRU inclusive: the array duplicates the client',
    config: {
      client: 'lru',
      array: 'lru',
      protocol: 'none',
      clientSize: 3,
      arraySize: 3,
      requests: 'A B C D E A B C D E',
      startClient: '',
      startArray: '',
    },
  },
  {
    id: 'arc',
    label: "ARC's ghost lists B1 and B2",
    config: {
      client: 'arc',
      array: 'none',
      protocol: 'none',
      clientSize: 4,
      arraySize: 4,
      requests: 'A B C D A B E F G A B H C D',
      startClient: '',
      startArray: '',
    },
  },
  {
    id: 's3fifo',
    label: "S3-FIFO's small, main and ghost queues",
    config: {
      client: 's3-fifo',
      array: 'none',
      protocol: 'none',
      clientSize: 5,
      arraySize: 4,
      requests: 'A B C A D E F G A H B I J A',
      startClient: '',
      startArray: '',
    },
  },
  {
    id: 'slru',
    label: "SLRU's probationary and protected segments",
    config: {
      client: 'slru',
      array: 'none',
      protocol: 'none',
      clientSize: 5,
      arraySize: 4,
      requests: 'A B C A B D E F A G H B I',
      startClient: '',
      startArray: '',
    },
  },
  {
    id: 'lirs',
    label: "LIRS's stack S (LIR, HIR, non-resident) and Q, its resident HIR",
    config: {
      client: 'lirs',
      array: 'none',
      protocol: 'none',
      clientSize: 4,
      arraySize: 4,
      requests: 'A B C D A B E A F B G C A',
      startClient: '',
      startArray: '',
    },
  },
  {
    id: 'mq',
    label: 'MQ under a client: queues by frequency, and Qout',
    config: {
      client: 'lru',
      array: 'mq',
      protocol: 'none',
      clientSize: 2,
      arraySize: 4,
      requests: 'A B C A D B E A F B G A H B',
      startClient: '',
      startArray: '',
    },
  },
  {
    id: 'tq',
    label: 'TQ (paper 004): a REPLACE write keeps A in Qhigh for its next read',
    config: {
      client: 'lru',
      array: 'tq',
      protocol: 'none',
      clientSize: 2,
      arraySize: 4,
      requests: 'A B C D A*replace B E F A G B',
      startClient: '',
      startArray: '',
    },
  },
  {
    id: 'side-by-side',
    label: 'Side by side: inclusive, LRU-LRU-demote, LRU-MRU-demote',
    config: {
      client: 'lru',
      array: 'lru',
      protocol: 'none',
      clientSize: 3,
      arraySize: 3,
      requests: 'A B C D E A B C D E',
      startClient: '',
      startArray: '',
      variants: [
        { client: 'lru', array: 'lru', protocol: 'demote' },
        { client: 'lru', array: 'mru', protocol: 'demote' },
      ],
    },
  },
  {
    id: 'shared',
    label: 'Two clients share an array: one reads what the other fetched',
    config: {
      client: 'lru',
      array: 'lru',
      protocol: 'none',
      clientSize: 2,
      arraySize: 4,
      requests: 'c1:A c1:B c2:A c2:C c1:D c2:B c1:A c2:D',
      startClient: '',
      startArray: '',
      tree: SHARED_ARRAY,
      starts: {},
    },
  },
  {
    id: 'mc2',
    label:
      "MC²'s partitions (paper 002): a block moves from c1's scan copies to the shared partition, another to c1's own",
    config: {
      client: 'lru',
      array: 'lru',
      protocol: 'none',
      clientSize: 2,
      arraySize: 4,
      requests: 'c1:A@2 c1:B@2 c2:A@2 c1:C@2 c2:D@5 c2:E@5 c2:F@5 c2:B@2',
      startClient: '',
      startArray: '',
      tree: MC2_TREE,
      starts: {},
    },
  },
];

// Every online policy: the hint-aware ones (TQ, LRU and MQ with hints) read the hints typed on writes ("A*replace").
const ONLINE = POLICIES;

/** The scenario the stepper runs: tiny caches, the config's policies (or its tree), FC link, a 10 ms disk. */
export function stepperScenario(c: StepperConfig): Scenario | { error: string } {
  const s: Scenario = structuredClone(DEFAULT_SCENARIO);
  s.name = 'teaching stepper';
  const t = s.topology;
  if (t.kind !== 'two-level') throw new Error('the default scenario is two levels');
  if (c.tree) {
    s.topology = { kind: 'tree', caches: structuredClone(c.tree.caches) };
    delete s.protocol;
    if (c.tree.protocol && c.tree.protocol.kind !== 'none') s.protocol = structuredClone(c.tree.protocol);
    if (c.tree.du) s.du = c.tree.du;
    if (c.tree.se) s.se = true;
    // The clients' generators matter only for MC²'s range hints; the stepper serves its own requests.
    if (c.tree.source) s.source = structuredClone(c.tree.source);
  } else if (c.array === 'none') {
    s.topology = {
      kind: 'single',
      cache: { capacity: c.clientSize, policy: { kind: c.client } as PolicyConfig },
      link: t.link,
      disk: t.disk,
    };
    delete s.protocol;
  } else {
    t.client = { capacity: c.clientSize, policy: { kind: c.client } as PolicyConfig };
    t.array = { capacity: c.arraySize, policy: { kind: c.array } as PolicyConfig };
    if (c.protocol === 'none') delete s.protocol;
    else s.protocol = { kind: c.protocol };
  }
  const check = checkScenario(s);
  if (!check.ok) return { error: describeIssue(check.issues[0]) };
  const caches = c.tree ? c.tree.caches : [];
  if (caches.length > MAX_STEPPER_CACHES)
    return { error: `the stepper draws at most ${MAX_STEPPER_CACHES} caches (this tree has ${caches.length})` };
  const big = c.tree
    ? caches.find((x) => x.capacity > MAX_STEPPER_BLOCKS)?.capacity
    : Math.max(c.clientSize, c.array === 'none' ? 0 : c.arraySize);
  if (big !== undefined && big > MAX_STEPPER_BLOCKS)
    return {
      error: `the stepper draws caches of at most ${MAX_STEPPER_BLOCKS} blocks${c.tree ? ` (this tree has one of ${big}: shrink its caches in the scenario)` : ''}`,
    };
  return check.scenario;
}

export interface Box {
  key: string;
  label: string;
  /** The cache's name. */
  cache: string;
  /** A client's own cache (coloured as the client), or one above. */
  client: boolean;
  x: number;
  y: number;
  ghost: boolean;
  /** In a recency stack (LIRS's S): what the entry is. */
  mark?: StackStatus;
}

export interface Row {
  cache: string;
  client: boolean;
  queue: TeachQueue;
  y: number;
  /** The evicted tray, not a cache's queue. */
  tray?: boolean;
  /** A policy's recency stack (LIRS's S, bottom first), each entry's status: not one of the cache's lists. */
  marks?: StackStatus[];
}

export const BOX = 34;
export const GAP = 6;
export const ROW = 46;
/** The labels' column at its narrowest, and the width a label's character takes (0.75rem type). */
export const LABEL_MIN = 116;
const LABEL_CHAR = 6.4;

/**
 * Where each block sits: one row per queue, cache by cache in the topology's order; the next
 * victim at the left. A block's n-th resident appearance is keyed `label`, `label#2` … so a
 * block moving between caches keeps its key (and glides); ghost entries are keyed by their cache.
 * `evicted` (labels a cache let go at this step): a last row, the evicted tray, where a block
 * no cache holds any more lands under its own key — so it glides out of its cache into the tray.
 * A cache whose policy keeps a recency stack (LIRS's S) shows it first, bottom at the left, each
 * entry marked LIR, resident HIR or non-resident, keyed by the cache as ghosts are (its
 * resident blocks are drawn, and glide, in the lists below it).
 */
export function layoutStep(
  step: TeachStep,
  letters: boolean,
  evicted: readonly string[] = [],
): { rows: Row[]; boxes: Box[]; labelWidth: number } {
  // The labels' column, wide enough for the longest (MC²'s partitions have long names).
  const longest = Math.max(
    0,
    ...step.caches.flatMap((c) => [
      c.stack ? rowLabel(c.name, 'S', false, true).length : 0,
      ...c.queues.map((q) => rowLabel(c.name, q.name, q.ghost, false, q.partition).length),
    ]),
  );
  const LABEL_WIDTH = Math.max(LABEL_MIN, Math.ceil(12 + longest * LABEL_CHAR));
  const rows: Row[] = [];
  const boxes: Box[] = [];
  const seen = new Map<number, number>();
  step.caches.forEach((cache, i) => {
    // A client's own cache is one nothing sits under.
    const client = !step.caches.some((o) => o.parent === i);
    if (cache.stack) {
      const y = rows.length * ROW;
      const stack = cache.stack;
      rows.push({
        cache: cache.name,
        client,
        queue: { name: 'S', ghost: false, blocks: stack.map((e) => e.block), partition: null },
        y,
        marks: stack.map((e) => e.status),
      });
      stack.forEach((e, k) => {
        const label = blockLabel(e.block, letters);
        boxes.push({
          key: `${cache.name}:S:${label}`,
          label,
          cache: cache.name,
          client,
          x: LABEL_WIDTH + k * (BOX + GAP),
          y: y + 6,
          ghost: e.status === 'hir-non-resident',
          mark: e.status,
        });
      });
    }
    for (const queue of cache.queues) {
      const y = rows.length * ROW;
      rows.push({ cache: cache.name, client, queue, y });
      queue.blocks.forEach((b, k) => {
        const label = blockLabel(b, letters);
        let key: string;
        if (queue.ghost) key = `${cache.name}:${queue.name}:${label}`;
        else {
          const n = (seen.get(b) ?? 0) + 1;
          seen.set(b, n);
          key = n === 1 ? label : `${label}#${n}`;
        }
        boxes.push({
          key,
          label,
          cache: cache.name,
          client,
          x: LABEL_WIDTH + k * (BOX + GAP),
          y: y + 6,
          ghost: queue.ghost,
        });
      });
    }
  });
  const gone = [...new Set(evicted)].filter((label) => !boxes.some((b) => b.key === label));
  if (evicted.length > 0) {
    const y = rows.length * ROW;
    rows.push({
      cache: 'evicted',
      client: false,
      queue: { name: 'tray', ghost: false, blocks: [], partition: null },
      y,
      tray: true,
    });
    gone.forEach((label, k) =>
      boxes.push({
        key: label,
        label,
        cache: 'evicted',
        client: false,
        x: LABEL_WIDTH + k * (BOX + GAP),
        y: y + 6,
        ghost: false,
      }),
    );
  }
  return { rows, boxes, labelWidth: LABEL_WIDTH };
}

/** A row's label: "array · range 2 · c1 · size 1", "cache · B1 (ghost)", "cache · S (stack)". */
export function rowLabel(
  cache: string,
  queue: string,
  ghost: boolean,
  stack: boolean,
  partition?: TeachQueue['partition'],
): string {
  return `${cache}${queue !== 'cache' ? ` · ${queue}` : ''}${ghost ? ' (ghost)' : ''}${stack ? ' (stack)' : ''}${partition && !partition.copies ? ` · size ${partition.size}` : ''}`;
}

/** "The client", "The array", "The cache" — and a tree's caches by their own names. */
const cacheWord = (name: string) => (name === 'client' || name === 'array' || name === 'cache' ? `The ${name}` : name);

/** What a step did, in words: who asked, where it was served, what entered and left each cache. */
export function narrate(prev: TeachStep, step: TeachStep, letters: boolean, clients: readonly string[] = []): string {
  // The engine sends the starting state's request fields as null.
  if (step.block === null) {
    const empty = step.caches.every((c) => c.queues.every((q) => q.ghost || q.blocks.length === 0));
    return `Step 0: no request yet — ${empty ? 'every cache is empty' : 'the caches hold their start lists'}.`;
  }
  const name = blockLabel(step.block, letters);
  const tree = clients.length > 1 || step.caches.length > 2;
  const who =
    clients.length > 1 && step.client !== null
      ? `${clients[step.client]} ${step.op === 'write' ? 'writes' : 'reads'} ${name}`
      : `${step.op === 'write' ? 'Write' : 'Read'} ${name}`;
  const where =
    step.level === 'client'
      ? tree
        ? 'a hit in its own cache'
        : 'a client hit'
      : step.level === 'array'
        ? tree
          ? `a hit at ${step.servedBy}`
          : 'an array hit'
        : 'from disk';
  const parts = [`${who}: ${where} (${step.latencyMs.toFixed(2)} ms).`];
  const resident = (s: TeachStep, i: number) =>
    new Set(s.caches[i]?.queues.filter((q) => !q.ghost).flatMap((q) => q.blocks) ?? []);
  step.caches.forEach((cache, i) => {
    const [before, after] = [resident(prev, i), resident(step, i)];
    const came = [...after].filter((b) => !before.has(b)).map((b) => blockLabel(b, letters));
    const went = [...before].filter((b) => !after.has(b)).map((b) => blockLabel(b, letters));
    if (came.length || went.length) {
      parts.push(
        `${cacheWord(cache.name)} ${[came.length ? `takes ${came.join(', ')}` : '', went.length ? `lets go of ${went.join(', ')}` : ''].filter(Boolean).join(' and ')}.`,
      );
    }
  });
  const demoted = step.demotions - prev.demotions;
  if (demoted > 0) parts.push(`${demoted} DEMOTE${demoted > 1 ? 's' : ''}.`);
  return parts.join(' ');
}

/**
 * The requests as the engine takes them: a named client resolved to a leaf of the hierarchy
 * (by name, or by its number from 1); an error names the request and the clients there are.
 */
export function resolveClients(
  requests: ReturnType<typeof parseBlocks> & { ok: true },
  clients: readonly string[],
): TeachRequest[] | { error: string } {
  const out: TeachRequest[] = [];
  for (const [i, r] of requests.requests.entries()) {
    if (r.length === 2) {
      out.push(r);
      continue;
    }
    const [block, op, who] = r;
    // A range alone ("A@2"): the first client's.
    if (who === null) {
      out.push([block, op, 0, r[3] as number]);
      continue;
    }
    const byNumber = /^\d+$/.test(who) && !clients.includes(who) ? clients[Number(who) - 1] : undefined;
    const name = clients.includes(who) ? who : byNumber;
    if (name === undefined)
      return {
        error: `request ${i + 1}: "${who}" is not a client of this hierarchy (its clients: ${clients.join(', ')}, or 1 to ${clients.length})`,
      };
    out.push(r.length === 4 ? [block, op, name, r[3]] : [block, op, name]);
  }
  return out;
}

export interface StepperProps {
  /** Tests pass a fake; the page starts a worker. */
  teach?: (s: Scenario, requests: TeachRequest[], start: Record<string, number[]>) => Promise<TeachStep[]>;
  /** The page's scenario: its tree, if small, can be stepped through. */
  scenario?: Scenario | null;
  /**
   * The walk's hash parameters ("teach=…&step=…&notes=…"), each time they change: the page puts
   * them in the Teach view's address. Without it the stepper writes them into the hash itself.
   */
  onWalk?: (params: string) => void;
}

type Shape = 'pair' | 'scenario' | 'shared';

export function Stepper({ teach, scenario = null, onWalk }: StepperProps) {
  const [config, setConfig] = useState<StepperConfig>(STEPPER_PRESETS[0].config);
  // The steps and the settings they were made from: editing a setting makes them stale, and
  // Step or Play then makes them afresh.
  const [steps, setSteps] = useState<{
    steps: TeachStep[];
    letters: boolean;
    config: StepperConfig;
    clients: string[];
    variants: { label: string; steps: TeachStep[] }[];
  } | null>(null);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>('1');
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<Notes>({});
  const [presenter, setPresenter] = useState(false);
  const engine = useRef<EngineClient | null>(null);
  const section = useRef<HTMLElement | null>(null);
  const last = steps ? steps.steps.length - 1 : 0;
  useEffect(() => () => engine.current?.terminate(), []);

  const build = async (c: StepperConfig, startAt = 0): Promise<boolean> => {
    setPlaying(false);
    const s = stepperScenario(c);
    const fail = (message: string) => {
      setError(message);
      return false;
    };
    if ('error' in s) return fail(s.error);
    const clients = clientNames(s.topology);
    const reqs = parseBlocks(c.requests);
    if (!reqs.ok) return fail(reqs.message);
    if (reqs.requests.length === 0) return fail('type at least one request');
    const resolved = resolveClients(reqs, clients);
    if ('error' in resolved) return fail(resolved.error);
    // Each cache's start list, next victim first.
    const lists: [string, string, string][] = c.tree
      ? c.tree.caches.map((x) => [x.name, c.starts?.[x.name] ?? '', `${x.name} start block`])
      : c.array === 'none'
        ? [['client', c.startClient, 'client start block']]
        : [
            ['client', c.startClient, 'client start block'],
            ['array', c.startArray, 'array start block'],
          ];
    const start: Record<string, number[]> = {};
    let letters = reqs.letters;
    for (const [name, text, what] of lists) {
      const parsed = parseBlocks(text, what, false);
      if (!parsed.ok) return fail(parsed.message);
      letters ||= parsed.letters;
      if (c.tree && parsed.requests.length === 0) continue;
      start[name] = parsed.requests.map(([b]) => b);
    }
    try {
      const run =
        teach ?? ((...a: Parameters<EngineClient['teach']>) => (engine.current ??= new EngineClient()).teach(...a));
      const out = await run(s, resolved, start);
      // The pairs beside it: the same requests and start, each its own policies.
      const variants: { label: string; steps: TeachStep[] }[] = [];
      for (const v of c.tree ? [] : (c.variants ?? []).slice(0, MAX_VARIANTS)) {
        const vs = stepperScenario({ ...c, ...v, variants: undefined });
        if ('error' in vs) return fail(`${variantLabel(v)}: ${vs.error}`);
        const vStart = v.array === 'none' ? { client: start.client ?? [] } : start;
        variants.push({ label: variantLabel(v), steps: await run(vs, resolved, vStart) });
      }
      setError(null);
      setSteps({ steps: out, letters, config: c, clients, variants });
      setAt(Math.min(startAt, out.length - 1));
      return true;
    } catch (e) {
      return fail(e instanceof Error ? e.message : String(e));
    }
  };

  // A link to a moment of a walk: its settings, its step, its notes — as the stepper opens, and
  // when a link is pasted into the address bar (the stepper's own writes fire no hashchange).
  useEffect(() => {
    const open = (hash: string) => {
      const read = readStepperLink(hash, STEPPER_PRESETS);
      if (read === null) return;
      if (!read.ok) {
        setError(read.message);
        return;
      }
      // The walk shown already (the page put it back in the address): nothing to open.
      const now = linked.current;
      if (
        now &&
        read.link.step === now.step &&
        sameConfig(read.link.config, now.config) &&
        JSON.stringify(read.link.notes) === JSON.stringify(now.notes)
      )
        return;
      setConfig(read.link.config);
      setNotes(read.link.notes);
      // Shown, and listening for the keys: a lecturer opens the link and presses →.
      void build(read.link.config, read.link.step).then(() => {
        section.current?.scrollIntoView?.({ block: 'start' });
        section.current?.focus({ preventScroll: true });
      });
    };
    open(linkedHash());
    const onHashChange = () => open(window.location.hash);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fresh = steps !== null && steps.config === config;
  // The address follows the walk — settings, step and notes — so each moment can be linked:
  // the page puts it in the Teach view's address, or on its own the stepper writes the hash.
  const linked = useRef<{ config: StepperConfig; step: number; notes: Notes } | null>(null);
  linked.current = steps && fresh ? { config: steps.config, step: at, notes } : linked.current;
  const report = useRef(onWalk);
  report.current = onWalk;
  useEffect(() => {
    if (!steps || !fresh) return;
    const link = { config: steps.config, step: at, notes };
    if (report.current) report.current(walkParams(link, STEPPER_PRESETS));
    else publishStepperLink(link, STEPPER_PRESETS);
  }, [steps, fresh, at, notes]);

  // Predict mode: before each step the student says where the request will be served and which
  // block will leave; Step then reveals it and scores the guess.
  const [predict, setPredict] = useState(false);
  const [guess, setGuess] = useState<Guess | null>(null);
  const [verdict, setVerdict] = useState<{ step: number; served: boolean; victim: boolean; text: string } | null>(null);
  const [score, setScore] = useState({ right: 0, asked: 0 });
  const asking = predict && fresh && at < last;
  const reveal = () => {
    if (!steps || !guess || !guess.served || !guess.victim) return;
    const n = at + 1;
    const j = judgeGuess(steps.steps, n, steps.letters, guess);
    const both = j.served && j.victim;
    const text = `${both ? 'Right' : j.served || j.victim ? 'Half right' : 'Not this time'}: served by ${j.servedBy}${j.left.length ? `; ${j.left.join(', ')} left` : '; no block left'}.`;
    setVerdict({ step: n, served: j.served, victim: j.victim, text });
    setScore((s) => ({ right: s.right + (both ? 1 : 0), asked: s.asked + 1 }));
    setGuess({ served: '', victim: '' });
    setAt(n);
  };

  /** Step and Play start from the settings as they are now, loading them first (at step 0) if need be. */
  const step = async () => {
    if (!fresh) await build(config);
    else if (asking) reveal();
    else setAt((a) => Math.min(last, a + 1));
  };
  const back = () => fresh && setAt((a) => Math.max(0, a - 1));
  const play = async () => {
    if (fresh) setPlaying((p) => !p && at < last);
    else if (await build(config)) setPlaying(true);
  };

  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setAt((a) => Math.min(a + 1, last)), SPEEDS[speed]);
    return () => clearTimeout(t);
  }, [playing, at, last, speed]);

  /**
   * ← → step, space plays or pauses, Home and End jump — with the focus anywhere in the stepper
   * (a click on it will do; a link opens it focused) but its text fields.
   */
  const onKey = (e: React.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const act: Record<string, () => void> = {
      ArrowRight: () => {
        setPlaying(false);
        void step();
      },
      ArrowLeft: () => {
        setPlaying(false);
        back();
      },
      ' ': () => void play(),
      Home: () => {
        setPlaying(false);
        if (fresh) setAt(0);
      },
      End: () => {
        setPlaying(false);
        if (fresh) setAt(last);
      },
    };
    const run = act[e.key];
    if (!run) return;
    e.preventDefault();
    run();
    // A button the key disables (Back at step 0) would drop the focus, and the keys with it.
    if (target !== section.current) section.current?.focus({ preventScroll: true });
  };
  /** After a click on a control that may disable itself: keep the focus, and so the keys, in the stepper. */
  const keepFocus = () => section.current?.focus({ preventScroll: true });

  /**
   * Every step of the walk as a frame (numbered from 0, before any request), with its note; a
   * side-by-side walk's frame holds every pair at that step, one under the other, each titled.
   */
  const frames = () => {
    if (!steps) return [];
    const sides = [
      { label: steps.variants.length ? variantLabel(steps.config) : undefined, steps: steps.steps },
      ...steps.variants,
    ];
    return steps.steps.map((_, n) =>
      stackFrames(
        sides.map((side, k) =>
          frameSvg({
            steps: side.steps,
            letters: steps.letters,
            at: n,
            narration: narrate(side.steps[Math.max(0, n - 1)], side.steps[n], steps.letters, steps.clients),
            note: k === 0 ? notes[n] : undefined,
            title: side.label,
          }),
        ),
      ),
    );
  };
  const exportFrames = () => {
    if (!steps) return;
    const enc = new TextEncoder();
    download(
      'stepper-frames.zip',
      new Blob([zipFrames(frames().map((f, n) => ({ name: frameName(n, last), data: enc.encode(f) })))], {
        type: 'application/zip',
      }),
    );
  };
  const exportPage = () => {
    if (!steps) return;
    const c = steps.config;
    const pairs = [variantLabel(c), ...steps.variants.map((v) => v.label)].join(' · ');
    const summary = c.tree
      ? `${c.tree.caches.map((x) => `${x.name}: ${x.policy.kind.toUpperCase()}, ${x.capacity} blocks`).join(' · ')} — requests ${c.requests}`
      : `${pairs}, ${c.clientSize}${c.array === 'none' ? '' : ` + ${c.arraySize}`} blocks — requests ${c.requests}`;
    download(
      'stepper-walk.html',
      printablePage('Teaching stepper: the walk step by step', summary, frames()),
      'text/html',
    );
  };

  const togglePresenter = () => {
    const el = section.current;
    const on = !presenter;
    setPresenter(on);
    if (on) void el?.requestFullscreen?.().catch(() => undefined);
    else if (typeof document !== 'undefined' && document.fullscreenElement)
      void document.exitFullscreen?.().catch(() => undefined);
  };
  useEffect(() => {
    const off = () => {
      if (!document.fullscreenElement) setPresenter(false);
    };
    document.addEventListener('fullscreenchange', off);
    return () => document.removeEventListener('fullscreenchange', off);
  }, []);

  const set = (patch: Partial<StepperConfig>) => {
    setPlaying(false);
    setConfig((c) => ({ ...c, ...patch }));
  };
  const policyOptions = ONLINE.map((p) => ({ value: p.value as PolicyKind, label: p.label }));
  const pageTree = scenario?.topology.kind === 'tree' ? scenario.topology : null;
  const shape: Shape = config.tree ? (config.tree.from === 'scenario' ? 'scenario' : 'shared') : 'pair';
  const chooseShape = (v: Shape) => {
    if (v === 'pair') return set({ tree: undefined, starts: undefined });
    if (v === 'shared') return set({ ...STEPPER_PRESETS.find((p) => p.id === 'shared')!.config });
    if (!scenario || !pageTree) return;
    const source = scenario.source.kind === 'workload' ? scenario.source : undefined;
    set({
      tree: {
        from: 'scenario',
        caches: structuredClone(pageTree.caches),
        protocol: scenario.protocol,
        du: scenario.du,
        se: scenario.se,
        source,
      },
      starts: {},
    });
  };
  const treeClients = config.tree ? clientNames({ kind: 'tree', caches: config.tree.caches }) : [];
  const current = steps?.steps[at];
  const note = notes[at] ?? '';

  return (
    <section
      className={`stepper ${presenter ? 'is-presenter' : ''}`}
      aria-labelledby="stepper-title"
      data-testid="stepper"
      ref={section}
      onKeyDown={onKey}
      tabIndex={-1}
    >
      <div className="chart-head">
        <h3 id="stepper-title">Teaching stepper</h3>
        <p className="chart-legend">
          tiny caches, one request at a time: watch each block move (← → step, space plays, Home and End jump)
        </p>
      </div>
      {/* Presenter mode shows the walk alone: the settings step aside. */}
      <div className="stepper-settings" data-testid="stepper-settings" hidden={presenter}>
        <div className="tree-presets" role="group" aria-label="examples">
          {STEPPER_PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              className="button secondary small"
              data-testid={`stepper-preset-${p.id}`}
              onClick={() => {
                setConfig(p.config);
                void build(p.config);
              }}
            >
              {p.label}
            </button>
          ))}
        </div>
        <SelectField<Shape>
          testId="stepper-shape"
          label="Hierarchy"
          value={shape}
          options={[
            { value: 'pair', label: 'a client over an array (or one cache)' },
            { value: 'shared', label: 'two clients sharing an array' },
            ...(pageTree
              ? [{ value: 'scenario' as const, label: `this scenario's tree (${pageTree.caches.length} caches)` }]
              : []),
          ]}
          onChange={chooseShape}
        />
        {config.tree ? (
          <>
            <p className="field-hint" data-testid="stepper-tree">
              {config.tree.caches
                .map(
                  (c) =>
                    `${c.name}${c.parent ? ` (under ${c.parent})` : ''}: ${c.policy.kind.toUpperCase()}, ${c.capacity} blocks`,
                )
                .join(' · ')}
              {config.tree.protocol && config.tree.protocol.kind !== 'none'
                ? ` · ${config.tree.protocol.kind}`
                : ' · inclusive'}
              {config.tree.from === 'scenario' ? ' — edit the tree in the scenario above, then pick it again' : ''}
            </p>
            <label className="field">
              <span>
                Requests (client:block — e.g. {treeClients[1] ?? treeClients[0]}:A; * for a write; no client:{' '}
                {treeClients[0]})
              </span>
              <input
                type="text"
                data-testid="stepper-requests"
                value={config.requests}
                onChange={(e) => set({ requests: e.target.value })}
              />
            </label>
            <div className="row">
              {config.tree.caches.map((c) => (
                <label className="field" key={c.name}>
                  <span>{c.name} starts with</span>
                  <input
                    type="text"
                    data-testid={`stepper-start-${c.name}`}
                    value={config.starts?.[c.name] ?? ''}
                    onChange={(e) => set({ starts: { ...config.starts, [c.name]: e.target.value } })}
                  />
                </label>
              ))}
            </div>
          </>
        ) : (
          <>
            <div className="row">
              <SelectField<PolicyKind>
                testId="stepper-client-policy"
                label="Client policy"
                value={config.client}
                options={policyOptions}
                onChange={(v) => set({ client: v })}
              />
              <SelectField<PolicyKind | 'none'>
                testId="stepper-array-policy"
                label="Array policy"
                value={config.array}
                options={[{ value: 'none', label: 'no array (a single cache)' }, ...policyOptions]}
                onChange={(v) => set({ array: v })}
              />
            </div>
            <div className="row">
              <label className="field">
                <span>Client blocks</span>
                <input
                  type="number"
                  min={1}
                  max={64}
                  data-testid="stepper-client-size"
                  value={config.clientSize}
                  onChange={(e) => set({ clientSize: Number(e.target.value) })}
                />
              </label>
              {config.array !== 'none' && (
                <label className="field">
                  <span>Array blocks</span>
                  <input
                    type="number"
                    min={1}
                    max={64}
                    data-testid="stepper-array-size"
                    value={config.arraySize}
                    onChange={(e) => set({ arraySize: Number(e.target.value) })}
                  />
                </label>
              )}
            </div>
            {config.array !== 'none' && (
              <SelectField<'none' | 'demote'>
                testId="stepper-protocol"
                label="Protocol"
                value={config.protocol}
                options={[
                  { value: 'none', label: 'inclusive: the array keeps its copy' },
                  { value: 'demote', label: 'DEMOTE: victims go down' },
                ]}
                onChange={(v) => set({ protocol: v })}
              />
            )}
            <label className="field">
              <span>Requests (letters or numbers; * for a write, *replace, *synch or *recov for a hinted one)</span>
              <input
                type="text"
                data-testid="stepper-requests"
                value={config.requests}
                onChange={(e) => set({ requests: e.target.value })}
              />
            </label>
            <div className="row">
              <label className="field">
                <span>Client starts with (next victim first)</span>
                <input
                  type="text"
                  data-testid="stepper-start-client"
                  value={config.startClient}
                  onChange={(e) => set({ startClient: e.target.value })}
                />
              </label>
              {config.array !== 'none' && (
                <label className="field">
                  <span>Array starts with</span>
                  <input
                    type="text"
                    data-testid="stepper-start-array"
                    value={config.startArray}
                    onChange={(e) => set({ startArray: e.target.value })}
                  />
                </label>
              )}
            </div>
          </>
        )}
        {!config.tree && (
          <div className="stepper-variants" data-testid="stepper-variants">
            <span className="field-hint">
              Side by side, on the same requests and start{config.variants?.length ? '' : ': add a pair'}
            </span>
            {(config.variants ?? []).map((v, k) => {
              const change = (patch: Partial<StepperVariant>) =>
                set({ variants: (config.variants ?? []).map((x, i) => (i === k ? { ...x, ...patch } : x)) });
              return (
                <div className="row" key={k} data-testid="stepper-variant-row">
                  <SelectField<PolicyKind>
                    testId={`stepper-variant-${k}-client`}
                    label="Client policy"
                    value={v.client}
                    options={policyOptions}
                    onChange={(x) => change({ client: x })}
                  />
                  <SelectField<PolicyKind | 'none'>
                    testId={`stepper-variant-${k}-array`}
                    label="Array policy"
                    value={v.array}
                    options={[{ value: 'none', label: 'no array (a single cache)' }, ...policyOptions]}
                    onChange={(x) => change({ array: x })}
                  />
                  {v.array !== 'none' && (
                    <SelectField<'none' | 'demote'>
                      testId={`stepper-variant-${k}-protocol`}
                      label="Protocol"
                      value={v.protocol}
                      options={[
                        { value: 'none', label: 'inclusive' },
                        { value: 'demote', label: 'DEMOTE' },
                      ]}
                      onChange={(x) => change({ protocol: x })}
                    />
                  )}
                  <button
                    type="button"
                    className="button secondary small"
                    data-testid={`stepper-variant-${k}-remove`}
                    onClick={() => set({ variants: (config.variants ?? []).filter((_, i) => i !== k) })}
                  >
                    Remove
                  </button>
                </div>
              );
            })}
            {(config.variants?.length ?? 0) < MAX_VARIANTS && (
              <button
                type="button"
                className="button secondary small"
                data-testid="stepper-variant-add"
                onClick={() =>
                  set({
                    variants: [
                      ...(config.variants ?? []),
                      {
                        client: config.client,
                        array: config.array,
                        protocol: config.array === 'none' ? 'none' : config.protocol === 'demote' ? 'none' : 'demote',
                      },
                    ],
                  })
                }
              >
                + a pair beside it
              </button>
            )}
          </div>
        )}
      </div>
      <div className="actions">
        <button type="button" className="button primary" data-testid="stepper-load" onClick={() => void build(config)}>
          Load
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="stepper-reset"
          disabled={!fresh || at === 0}
          onClick={() => (setAt(0), keepFocus())}
          aria-label="back to the start"
        >
          ⇤ Start
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="stepper-back"
          disabled={!fresh || at === 0}
          onClick={() => (back(), keepFocus())}
        >
          ◀ Back
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="stepper-step"
          disabled={(fresh && at >= last) || (asking && !(guess?.served && guess.victim))}
          onClick={() => void step().then(keepFocus)}
        >
          {asking ? 'Reveal ▶' : 'Step ▶'}
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="stepper-play"
          disabled={fresh && at >= last}
          onClick={() => void play().then(keepFocus)}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className="button secondary"
          data-testid="stepper-end"
          disabled={!fresh || at >= last}
          onClick={() => (setAt(last), keepFocus())}
          aria-label="to the end (the last step)"
        >
          End ⇥
        </button>
        <label className="stepper-speed">
          <span>speed</span>
          <select data-testid="stepper-speed" value={speed} onChange={(e) => setSpeed(e.target.value as Speed)}>
            {(Object.keys(SPEEDS) as Speed[]).map((k) => (
              <option key={k} value={k}>
                {k}×
              </option>
            ))}
          </select>
        </label>
        <label className="stepper-speed">
          <input
            type="checkbox"
            data-testid="stepper-predict"
            checked={predict}
            onChange={(e) => {
              setPredict(e.target.checked);
              setPlaying(false);
              setGuess({ served: '', victim: '' });
              setVerdict(null);
              setScore({ right: 0, asked: 0 });
            }}
          />
          <span>predict each step</span>
        </label>
        <button
          type="button"
          className="button secondary small"
          data-testid="stepper-presenter"
          aria-pressed={presenter}
          onClick={togglePresenter}
        >
          {presenter ? 'Leave presenter mode' : 'Presenter mode'}
        </button>
        {steps && fresh && (
          <>
            <button
              type="button"
              className="button secondary small"
              data-testid="stepper-export-frames"
              onClick={exportFrames}
            >
              Frames (SVG, zip)
            </button>
            <button
              type="button"
              className="button secondary small"
              data-testid="stepper-export-page"
              onClick={exportPage}
            >
              Printable page
            </button>
          </>
        )}
        <span
          className="mrc-progress"
          data-testid="stepper-at"
          data-at={at}
          data-steps={steps ? last : 0}
          data-fresh={String(fresh)}
          data-playing={String(playing)}
        >
          {!steps
            ? 'Step or Play starts from these settings'
            : fresh
              ? `step ${at} of ${last}`
              : 'settings changed: Step or Play starts again from them'}
        </span>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="stepper-error">
          {error}
        </p>
      )}
      {steps && current && (
        <>
          <div className="stepper-walks">
            <div className="stepper-walk">
              {steps.variants.length > 0 && <h4 data-testid="stepper-main-label">{variantLabel(steps.config)}</h4>}
              <WalkPanel
                steps={steps.steps}
                letters={steps.letters}
                clients={steps.clients}
                at={at}
                id={(x) => `stepper-${x}`}
                onJump={(n) => {
                  setPlaying(false);
                  setAt(n);
                }}
              >
                <p className="stepper-narration" data-testid="stepper-narration" aria-live="polite">
                  {narrate(steps.steps[Math.max(0, at - 1)], current, steps.letters, steps.clients)}
                </p>
                {predict && (
                  <div className="stepper-predict" data-testid="stepper-predict-panel">
                    {asking &&
                      (() => {
                        const next = steps.steps[at + 1];
                        const choices = guessChoices(steps.steps, at + 1, steps.letters);
                        const g = guess ?? { served: '', victim: '' };
                        return (
                          <div className="row">
                            <label className="field">
                              <span>
                                Request {at + 1}, {next.op === 'write' ? 'write' : 'read'}{' '}
                                {blockLabel(next.block ?? 0, steps.letters)}: served by
                              </span>
                              <select
                                data-testid="stepper-guess-served"
                                value={g.served}
                                onChange={(e) => setGuess({ ...g, served: e.target.value })}
                              >
                                <option value="">—</option>
                                {choices.served.map((c) => (
                                  <option key={c} value={c}>
                                    {c === 'disk' ? 'the disk (a miss)' : `${c} (a hit)`}
                                  </option>
                                ))}
                              </select>
                            </label>
                            <label className="field">
                              <span>the block that leaves a cache</span>
                              <select
                                data-testid="stepper-guess-victim"
                                value={g.victim}
                                onChange={(e) => setGuess({ ...g, victim: e.target.value })}
                              >
                                <option value="">—</option>
                                {choices.victims.map((v) => (
                                  <option key={v} value={v}>
                                    {v === 'none' ? 'none leaves' : v}
                                  </option>
                                ))}
                              </select>
                            </label>
                          </div>
                        );
                      })()}
                    {verdict && verdict.step === at && (
                      <p
                        data-testid="stepper-verdict"
                        data-right={String(verdict.served && verdict.victim)}
                        data-served={String(verdict.served)}
                        data-victim={String(verdict.victim)}
                      >
                        {verdict.text}
                      </p>
                    )}
                    <p
                      className="field-hint"
                      data-testid="stepper-score"
                      data-right={score.right}
                      data-asked={score.asked}
                    >
                      {score.right} of {score.asked} predicted right
                    </p>
                  </div>
                )}
                {note && (
                  <p className="stepper-note-shown" data-testid="stepper-note-shown">
                    {note}
                  </p>
                )}
              </WalkPanel>
            </div>
            {steps.variants.map((v, k) => (
              <div className="stepper-variant" key={k} data-testid="stepper-variant" data-label={v.label}>
                <h4>{v.label}</h4>
                <WalkPanel
                  steps={v.steps}
                  letters={steps.letters}
                  clients={steps.clients}
                  at={at}
                  id={(x) => `stepper-variant-${x}`}
                />
              </div>
            ))}
          </div>
          <label className="field stepper-note">
            <span>Note for step {at} (carried in the link)</span>
            <textarea
              data-testid="stepper-note"
              rows={2}
              value={note}
              onChange={(e) => {
                const text = e.target.value;
                setNotes((n) => {
                  const next = { ...n };
                  if (text) next[at] = text;
                  else delete next[at];
                  return next;
                });
              }}
            />
          </label>
        </>
      )}
    </section>
  );
}

/**
 * One walk at step `at`: the request strip (each past request marked where it was served; a
 * click jumps to it), `children` (the narration and what goes with it), why the request missed,
 * the caches with the evicted tray, and the tally and evictions so far. `id` names its test ids.
 */
function WalkPanel({
  steps,
  letters,
  clients,
  at,
  id,
  onJump,
  children,
}: {
  steps: TeachStep[];
  letters: boolean;
  clients: string[];
  at: number;
  id: (name: string) => string;
  onJump?: (step: number) => void;
  children?: React.ReactNode;
}) {
  const current = steps[at];
  const evictedNow = useMemo(
    () => (at > 0 ? evictionsOf(steps, at, letters).map((e) => e.label) : []),
    [steps, at, letters],
  );
  const layout = useMemo(() => layoutStep(current, letters, evictedNow), [current, letters, evictedNow]);
  const strip = useMemo(() => stripOf(steps, letters), [steps, letters]);
  const tally = useMemo(() => tallyAt(steps, at), [steps, at]);
  const tray = useMemo(() => evictionsAt(steps, at, letters), [steps, at, letters]);
  const LABEL_WIDTH = layout.labelWidth;
  const width = Math.max(
    360,
    ...layout.rows.map((r) => LABEL_WIDTH + Math.max(1, r.queue.blocks.length) * (BOX + GAP) + 70),
  );
  const missText = missWords(current);
  return (
    <>
      <ol className="stepper-strip" data-testid={id('strip')} aria-label="the requests">
        {strip.map((r) => {
          const past = r.step <= at;
          const where = r.op === 'write' ? 'write' : r.servedBy === 'disk' ? 'disk' : r.servedBy;
          return (
            <li key={r.step}>
              <button
                type="button"
                className={`stepper-req ${past ? `is-past at-${r.servedBy === 'disk' ? 'disk' : pathRank(steps[r.step], r.servedBy)}` : ''} ${r.step === at ? 'is-now' : ''}`}
                data-testid={id('strip-item')}
                data-step={r.step}
                data-served={past ? where : ''}
                data-miss={past && r.miss ? r.miss : ''}
                data-hint={r.hint ?? ''}
                title={`${r.label} (${requestWords(r)})${past ? `: ${r.op === 'write' ? 'written' : r.servedBy === 'disk' ? `from disk — ${r.miss} miss` : `hit at ${r.servedBy}`}` : `, step ${r.step}`}`}
                disabled={!onJump}
                onClick={() => onJump?.(r.step)}
              >
                {clients.length > 1 ? `${clients[r.client]}:` : ''}
                {r.label}
                {r.op === 'write' ? '*' : ''}
                {r.hint ? <sup className="stepper-hint">{HINT_WORDS[r.hint].short}</sup> : null}
                <small>
                  {past
                    ? r.op === 'write'
                      ? 'w'
                      : r.servedBy === 'disk'
                        ? r.miss
                          ? MISS_SHORT[r.miss]
                          : 'disk'
                        : r.servedBy === 'client' || r.servedBy === 'cache'
                          ? 'hit'
                          : r.servedBy
                    : ''}
                </small>
              </button>
            </li>
          );
        })}
      </ol>
      {children}
      {missText && (
        <p className="stepper-miss" data-testid={id('miss')} data-miss={current.miss ?? ''}>
          {missText}
        </p>
      )}
      <div className="stepper-stage" style={{ height: layout.rows.length * ROW, width }}>
        {layout.rows.map((r) =>
          r.tray ? (
            <div
              key="tray"
              className="stepper-row is-tray"
              style={{ top: r.y }}
              data-testid={id('tray-row')}
              data-blocks={evictedNow.join(' ')}
            >
              <span className="stepper-row-label">evicted</span>
            </div>
          ) : (
            <div
              key={`${r.cache}:${r.queue.name}`}
              className={`stepper-row ${r.queue.ghost ? 'is-ghost' : ''}`}
              style={{ top: r.y }}
              data-testid={id('queue')}
              data-cache={r.cache}
              data-name={r.queue.name}
              data-ghost={String(r.queue.ghost)}
              data-blocks={r.queue.blocks.map((b) => blockLabel(b, letters)).join(' ')}
              data-marks={r.marks?.join(' ')}
              data-partition-size={r.queue.partition?.size}
              title={
                r.marks
                  ? 'stack S, bottom (always LIR) at the left: LIR blocks solid, resident HIR ringed, non-resident HIR dashed'
                  : r.queue.partition
                    ? partitionWords(r.queue)
                    : undefined
              }
            >
              <span className="stepper-row-label">
                {rowLabel(r.cache, r.queue.name, r.queue.ghost, !!r.marks, r.queue.partition)}
              </span>
              <span className="stepper-end is-next" style={{ left: LABEL_WIDTH - 4 }}>
                eject next
              </span>
              <span
                className="stepper-end is-last"
                style={{ left: LABEL_WIDTH + Math.max(1, r.queue.blocks.length) * (BOX + GAP) }}
              >
                eject last
              </span>
            </div>
          ),
        )}
        {layout.boxes.map((b) => (
          <span
            key={b.key}
            className={`stepper-block ${b.cache === 'evicted' ? 'is-evicted' : b.client ? 'in-client' : 'in-array'} ${b.ghost ? 'is-ghost' : ''} ${b.mark ? `is-${b.mark}` : ''} ${current.block !== null && blockLabel(current.block, letters) === b.label ? 'is-current' : ''}`}
            style={{ transform: `translate(${b.x}px, ${b.y}px)` }}
          >
            {b.label}
          </span>
        ))}
      </div>
      <div className="stepper-side">
        <table className="stepper-tally" data-testid={id('tally')}>
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
                data-testid={id('tally-row')}
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
        <div className="stepper-tray" data-testid={id('evicted')} data-blocks={tray.map((e) => e.label).join(' ')}>
          <strong>evicted</strong>
          {tray.length === 0 ? (
            <span className="field-hint"> nothing yet</span>
          ) : (
            <ul>
              {tray.map((e, k) => (
                <li key={k} className={e.step === at ? 'is-now' : ''}>
                  {e.label}{' '}
                  <small>
                    from {e.cache}, step {e.step}
                  </small>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </>
  );
}

/** "c1's own partition of range 2, sized 1 block by Karma" — a partition row's tooltip. */
function partitionWords(q: TeachQueue): string {
  const p = q.partition!;
  const range = p.range === null ? 'its rest (references no hint covers)' : `range ${p.range}`;
  if (p.copies)
    return `copies the scanning sharers of ${range} keep below its shared partition, in free space (evicted first)`;
  const whose = p.owner === null ? `the shared partition of ${range}` : `${p.owner}'s own partition of ${range}`;
  return `${whose}, sized ${p.size} block${p.size === 1 ? '' : 's'} by Karma${p.size === 0 ? ' (it holds only what free space gave it)' : ''}`;
}

const MISS_SHORT = { cold: 'cold', capacity: 'cap', duplicate: 'dup' } as const;

/** How fast Play goes: the pause between steps, in ms, by speed. */
const SPEEDS = { '0.5': 1400, '1': 700, '2': 350, '4': 175 } as const;
type Speed = keyof typeof SPEEDS;

/** 0 for a client's own cache, 1 for the one above it, … (the strip colours a hit by it). */
function pathRank(step: TeachStep, servedBy: string): number {
  const path = pathOf(step, step.client ?? 0);
  const k = path.findIndex((c) => step.caches[c].name === servedBy);
  return Math.max(0, Math.min(2, k));
}
