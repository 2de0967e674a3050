// The stepper's examples: each a walk a lecturer can open by its id (a link's "teach=paper000"),
// from paper 000's §4.5 pair to the policies' own lists (ARC's ghosts, S3-FIFO's queues, LIRS's
// stack), pairs side by side, and trees of two clients over a shared array (MC² among them).
import type { StepperConfig, StepperTree } from './config';

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
    id: 'gdsf',
    label: 'GDSF in bytes: small popular objects stay where LRU lets them go (LRU beside it)',
    config: {
      client: 'gdsf',
      array: 'none',
      protocol: 'none',
      clientSize: '16K',
      arraySize: 4,
      // Two small objects read again and again between pairs of large ones read once: GDSF's
      // H = L + frequency × 10⁶ / size ranks the small popular ones above every newcomer of 8 KiB.
      requests: 'A:2K B:2K A B C:8K D:8K A B E:8K F:8K A B',
      startClient: '',
      startArray: '',
      variants: [{ client: 'lru', array: 'none', protocol: 'none' }],
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
