// The teaching stepper: tiny caches served a short request list one request at a time — step,
// back, play — with every cache's queues drawn block by block, the "eject me next" and "eject me
// last" ends marked, ghost lists (ARC's B1/B2, 2Q's A1out, LIRS's non-resident HIR, S3-FIFO's
// G) dashed, and each block gliding to where the request moved it. Paper 000's §4.5 example
// (LRU-LRU-demote, blocks A–E) is a preset: one step shows why that pair is not one LRU cache.
import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_SCENARIO } from '../../scenario/defaults';
import { checkScenario, describeIssue, type PolicyKind, type Scenario } from '../../scenario/schema';
import { EngineClient } from '../../worker/client';
import type { Queue, TeachStep } from '../../worker/protocol';
import { POLICIES } from '../scenario/components/CacheFields';
import { SelectField } from '../scenario/components/SelectField';
import { blockLabel, parseBlocks } from './requests';

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
}

export const STEPPER_PRESETS: { id: string; label: string; config: StepperConfig }[] = [
  {
    id: 'paper000',
    label: 'Paper 000 §4.5: LRU-LRU-demote, A–E',
    config: { client: 'lru', array: 'lru', protocol: 'demote', clientSize: 3, arraySize: 3, requests: 'A B C D E A B', startClient: 'C D E', startArray: 'D B E' },
  },
  {
    id: 'exclusive',
    label: 'LRU-MRU-demote: one cache of N_c + N_a − 1',
    config: { client: 'lru', array: 'mru', protocol: 'demote', clientSize: 3, arraySize: 3, requests: 'A B C D E A B C D E A B C D E', startClient: '', startArray: '' },
  },
  {
    id: 'inclusive',
    label: 'LRU-LRU inclusive: the array duplicates the client',
    config: { client: 'lru', array: 'lru', protocol: 'none', clientSize: 3, arraySize: 3, requests: 'A B C D E A B C D E', startClient: '', startArray: '' },
  },
  {
    id: 'arc',
    label: "ARC's ghost lists B1 and B2",
    config: { client: 'arc', array: 'none', protocol: 'none', clientSize: 4, arraySize: 4, requests: 'A B C D A B E F G A B H C D', startClient: '', startArray: '' },
  },
  {
    id: 's3fifo',
    label: "S3-FIFO's small, main and ghost queues",
    config: { client: 's3-fifo', array: 'none', protocol: 'none', clientSize: 5, arraySize: 4, requests: 'A B C A D E F G A H B I J A', startClient: '', startArray: '' },
  },
];

const ONLINE = POLICIES.filter((p) => p.value !== 'lru+hints' && p.value !== 'mq+hints' && p.value !== 'tq');

/** The scenario the stepper runs: tiny caches, the config's policies, FC link, a 10 ms disk. */
export function stepperScenario(c: StepperConfig): Scenario | { error: string } {
  const s: Scenario = structuredClone(DEFAULT_SCENARIO);
  s.name = 'teaching stepper';
  s.client = { capacity: c.clientSize, policy: { kind: c.client } as Scenario['client']['policy'] };
  if (c.array === 'none') {
    s.topology = 'single';
    s.protocol = { kind: 'none' };
  } else {
    s.array = { capacity: c.arraySize, policy: { kind: c.array } as Scenario['array']['policy'] };
    s.protocol = { kind: c.protocol };
  }
  const check = checkScenario(s);
  if (!check.ok) return { error: describeIssue(check.issues[0]) };
  if (c.clientSize > 64 || c.arraySize > 64) return { error: 'the stepper draws caches of at most 64 blocks' };
  return check.scenario;
}

export interface Box {
  key: string;
  label: string;
  cache: 'client' | 'array';
  x: number;
  y: number;
  ghost: boolean;
}

export interface Row {
  cache: 'client' | 'array';
  queue: Queue;
  y: number;
}

export const BOX = 34;
export const GAP = 6;
export const ROW = 46;
export const LABEL_WIDTH = 116;

/**
 * Where each block sits: one row per queue, client's first; the next victim at the left. A
 * block's n-th resident appearance is keyed `label`, `label#2` … so a block moving between caches
 * keeps its key (and glides); ghost entries are keyed by their cache.
 */
export function layoutStep(step: TeachStep, letters: boolean): { rows: Row[]; boxes: Box[] } {
  const rows: Row[] = [];
  const boxes: Box[] = [];
  const seen = new Map<number, number>();
  for (const cache of ['client', 'array'] as const) {
    for (const queue of step[cache]) {
      const y = rows.length * ROW;
      rows.push({ cache, queue, y });
      queue.blocks.forEach((b, i) => {
        const label = blockLabel(b, letters);
        let key: string;
        if (queue.ghost) key = `${cache}:${queue.name}:${label}`;
        else {
          const n = (seen.get(b) ?? 0) + 1;
          seen.set(b, n);
          key = n === 1 ? label : `${label}#${n}`;
        }
        boxes.push({ key, label, cache, x: LABEL_WIDTH + i * (BOX + GAP), y: y + 6, ghost: queue.ghost });
      });
    }
  }
  return { rows, boxes };
}

/** What a step did, in words: where the request was served, what entered and left each cache. */
export function narrate(prev: TeachStep, step: TeachStep, letters: boolean): string {
  if (step.block === undefined) return 'The starting state.';
  const name = blockLabel(step.block, letters);
  const resident = (s: TeachStep, cache: 'client' | 'array') => new Set(s[cache].filter((q) => !q.ghost).flatMap((q) => q.blocks));
  const parts = [`${step.op === 'write' ? 'Write' : 'Read'} ${name}: ${step.level === 'client' ? 'a client hit' : step.level === 'array' ? 'an array hit' : 'from disk'} (${step.latencyMs.toFixed(2)} ms).`];
  for (const cache of ['client', 'array'] as const) {
    if (!step[cache].length) continue;
    const [before, after] = [resident(prev, cache), resident(step, cache)];
    const came = [...after].filter((b) => !before.has(b)).map((b) => blockLabel(b, letters));
    const went = [...before].filter((b) => !after.has(b)).map((b) => blockLabel(b, letters));
    if (came.length || went.length) {
      parts.push(`The ${cache} ${[came.length ? `takes ${came.join(', ')}` : '', went.length ? `lets go of ${went.join(', ')}` : ''].filter(Boolean).join(' and ')}.`);
    }
  }
  const demoted = step.demotions - prev.demotions;
  if (demoted > 0) parts.push(`${demoted} DEMOTE${demoted > 1 ? 's' : ''}.`);
  return parts.join(' ');
}

export interface StepperProps {
  /** Tests pass a fake; the page starts a worker. */
  teach?: (s: Scenario, requests: [number, 'read' | 'write'][], start: { client: number[]; array: number[] }) => Promise<TeachStep[]>;
}

export function Stepper({ teach }: StepperProps) {
  const [config, setConfig] = useState<StepperConfig>(STEPPER_PRESETS[0].config);
  // The steps and the settings they were made from: editing a setting makes them stale, and
  // Step or Play then makes them afresh.
  const [steps, setSteps] = useState<{ steps: TeachStep[]; letters: boolean; config: StepperConfig } | null>(null);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const engine = useRef<EngineClient | null>(null);
  const last = steps ? steps.steps.length - 1 : 0;
  useEffect(() => () => engine.current?.terminate(), []);

  const build = async (c: StepperConfig): Promise<boolean> => {
    setPlaying(false);
    const s = stepperScenario(c);
    const reqs = parseBlocks(c.requests);
    const sc = parseBlocks(c.startClient, 'client start block', false);
    const sa = parseBlocks(c.startArray, 'array start block', false);
    const bad = 'error' in s ? s.error : !reqs.ok ? reqs.message : !sc.ok ? sc.message : !sa.ok ? sa.message : reqs.requests.length === 0 ? 'type at least one request' : null;
    if (bad || 'error' in s || !reqs.ok || !sc.ok || !sa.ok) {
      setError(bad);
      return false;
    }
    try {
      const run = teach ?? ((...a: Parameters<EngineClient['teach']>) => (engine.current ??= new EngineClient()).teach(...a));
      const out = await run(s, reqs.requests, { client: sc.requests.map(([b]) => b), array: c.array === 'none' ? [] : sa.requests.map(([b]) => b) });
      setError(null);
      setSteps({ steps: out, letters: reqs.letters || sc.letters || sa.letters, config: c });
      setAt(0);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return false;
    }
  };
  const fresh = steps !== null && steps.config === config;
  /** Step and Play start from the settings as they are now, loading them first if need be. */
  const step = async () => {
    if (fresh) setAt((a) => Math.min(last, a + 1));
    else if (await build(config)) setAt(1);
  };
  const play = async () => {
    if (fresh) setPlaying((p) => !p);
    else if (await build(config)) setPlaying(true);
  };

  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setAt((a) => Math.min(a + 1, last)), 700);
    return () => clearTimeout(t);
  }, [playing, at, last]);

  const layout = useMemo(() => (steps ? layoutStep(steps.steps[at], steps.letters) : null), [steps, at]);
  const width = layout ? Math.max(360, ...layout.rows.map((r) => LABEL_WIDTH + Math.max(1, r.queue.blocks.length) * (BOX + GAP) + 70)) : 360;
  const set = (patch: Partial<StepperConfig>) => {
    setPlaying(false);
    setConfig((c) => ({ ...c, ...patch }));
  };
  const policyOptions = ONLINE.map((p) => ({ value: p.value as PolicyKind, label: p.label }));

  return (
    <section className="stepper" aria-labelledby="stepper-title" data-testid="stepper">
      <div className="chart-head">
        <h3 id="stepper-title">Teaching stepper</h3>
        <p className="chart-legend">tiny caches, one request at a time: watch each block move</p>
      </div>
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
      <div className="row">
        <SelectField<PolicyKind> testId="stepper-client-policy" label="Client policy" value={config.client} options={policyOptions} onChange={(v) => set({ client: v })} />
        <SelectField<PolicyKind | 'none'> testId="stepper-array-policy" label="Array policy" value={config.array} options={[{ value: 'none', label: 'no array (a single cache)' }, ...policyOptions]} onChange={(v) => set({ array: v })} />
      </div>
      <div className="row">
        <label className="field">
          <span>Client blocks</span>
          <input type="number" min={1} max={64} data-testid="stepper-client-size" value={config.clientSize} onChange={(e) => set({ clientSize: Number(e.target.value) })} />
        </label>
        {config.array !== 'none' && (
          <label className="field">
            <span>Array blocks</span>
            <input type="number" min={1} max={64} data-testid="stepper-array-size" value={config.arraySize} onChange={(e) => set({ arraySize: Number(e.target.value) })} />
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
        <span>Requests (letters or numbers; * for a write)</span>
        <input type="text" data-testid="stepper-requests" value={config.requests} onChange={(e) => set({ requests: e.target.value })} />
      </label>
      <div className="row">
        <label className="field">
          <span>Client starts with (next victim first)</span>
          <input type="text" data-testid="stepper-start-client" value={config.startClient} onChange={(e) => set({ startClient: e.target.value })} />
        </label>
        {config.array !== 'none' && (
          <label className="field">
            <span>Array starts with</span>
            <input type="text" data-testid="stepper-start-array" value={config.startArray} onChange={(e) => set({ startArray: e.target.value })} />
          </label>
        )}
      </div>
      <div className="actions">
        <button type="button" className="button primary" data-testid="stepper-load" onClick={() => void build(config)}>
          Load
        </button>
        <button type="button" className="button secondary" data-testid="stepper-reset" disabled={!fresh || at === 0} onClick={() => setAt(0)} aria-label="back to the start">
          ⇤ Start
        </button>
        <button type="button" className="button secondary" data-testid="stepper-back" disabled={!fresh || at === 0} onClick={() => setAt((a) => Math.max(0, a - 1))}>
          ◀ Back
        </button>
        <button type="button" className="button secondary" data-testid="stepper-step" disabled={fresh && at >= last} onClick={() => void step()}>
          Step ▶
        </button>
        <button type="button" className="button secondary" data-testid="stepper-play" disabled={fresh && at >= last} onClick={() => void play()}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <span className="mrc-progress" data-testid="stepper-at" data-at={at} data-steps={steps ? last : 0} data-fresh={String(fresh)}>
          {!steps ? 'Step or Play starts from these settings' : fresh ? `request ${at} of ${last}` : 'settings changed: Step or Play starts again from them'}
        </span>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="stepper-error">
          {error}
        </p>
      )}
      {steps && layout && (
        <>
          <p className="stepper-narration" data-testid="stepper-narration" aria-live="polite">
            {narrate(steps.steps[Math.max(0, at - 1)], steps.steps[at], steps.letters)}
          </p>
          <div className="stepper-stage" style={{ height: layout.rows.length * ROW, width }}>
            {layout.rows.map((r) => (
              <div
                key={`${r.cache}:${r.queue.name}`}
                className={`stepper-row ${r.queue.ghost ? 'is-ghost' : ''}`}
                style={{ top: r.y }}
                data-testid="stepper-queue"
                data-cache={r.cache}
                data-name={r.queue.name}
                data-ghost={String(r.queue.ghost)}
                data-blocks={r.queue.blocks.map((b) => blockLabel(b, steps.letters)).join(' ')}
              >
                <span className="stepper-row-label">
                  {r.cache}
                  {r.queue.name !== 'cache' ? ` · ${r.queue.name}` : ''}
                  {r.queue.ghost ? ' (ghost)' : ''}
                </span>
                <span className="stepper-end is-next" style={{ left: LABEL_WIDTH - 4 }}>
                  eject next
                </span>
                <span className="stepper-end is-last" style={{ left: LABEL_WIDTH + Math.max(1, r.queue.blocks.length) * (BOX + GAP) }}>
                  eject last
                </span>
              </div>
            ))}
            {layout.boxes.map((b) => (
              <span key={b.key} className={`stepper-block in-${b.cache} ${b.ghost ? 'is-ghost' : ''} ${steps.steps[at].block !== undefined && blockLabel(steps.steps[at].block!, steps.letters) === b.label ? 'is-current' : ''}`} style={{ transform: `translate(${b.x}px, ${b.y}px)` }}>
                {b.label}
              </span>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
