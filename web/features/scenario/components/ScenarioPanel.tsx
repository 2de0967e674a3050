// The scenario form: the topology and its caches (one cache; a client over an array; or a tree
// built cache by cache), how they cooperate, the link and the disk, the latency model, and where
// the requests come from (a generator, or a trace file). Every change goes straight to the
// draft; fields the schema rejects show why inline.
import { type Capacity, capacityBlocks, inBytes } from '../../../scenario/capacity';
import { useEffect, useRef } from 'react';
import { formatBytes, formatCount } from '../../../format/numbers';
import { autoName, designOf, isDesignKind, type Design } from '../../../scenario/defaults';
import { blockSizeOf, clientNames, limits, policyInfo, protocolKind } from '../../../scenario/document';
import type {
  CacheConfig,
  DiskConfig,
  ProtocolKind,
  Scenario,
  ScenarioIssue,
  TopologyKind,
  Workload,
  WorkloadSource,
} from '../../../scenario/document';
import { cachesOf, defaultWorkloadSource, firstPath, setProtocol, withTopology } from '../../../scenario/topology';
import type { TraceReading, TraceSummary } from '../../../worker/protocol';
import { CacheFields } from './CacheFields';
import { AcCaKField, DemotionFields, DuField, Mc2RevisionField, ProtocolAbout, SeField } from './CooperationFields';
import { DesignPicker } from './DesignPicker';
import { DiskFields } from './DiskFields';
import { LatencyFields } from './LatencyFields';
import { LinkFields } from './LinkFields';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';
import { TraceFields } from './TraceFields';
import { TreeBuilder } from './TreeBuilder';
import { WorkloadFields, switchKind } from './WorkloadFields';

export interface ScenarioPanelProps {
  scenario: Scenario;
  issues: ScenarioIssue[];
  onChange: (next: Scenario) => void;
  /** The trace file the scenario names, once read in this page (else the user must load it). */
  trace?: { name: string; summary: TraceSummary } | null;
  /** A trace file picked in the form. */
  onTraceFile?: (file: File, reading?: TraceReading) => void;
  /**
   * Told, after each render, the issues no field of the form shows (a path the form has no
   * field for as it stands), so the page can name them beside Run.
   */
  onUnshown?: (issues: ScenarioIssue[]) => void;
}

const MIB = 1024 * 1024;
/** What a capacity comes to: blocks in bytes, or bytes in whole blocks (objects read as objects take their own sizes). */
function sizeHint(c: Capacity, blockSize: number): string | undefined {
  const blocks = capacityBlocks(c, blockSize);
  if (!Number.isFinite(blocks) || blocks <= 0) return undefined;
  if (inBytes(c))
    return `${formatCount(blocks)} blocks of ${blockSize / 1024} KiB; objects of any size, read as objects`;
  const mib = (blocks * blockSize) / MIB;
  return `${formatCount(blocks)} blocks × ${blockSize / 1024} KiB = ${mib >= 1024 ? `${(mib / 1024).toFixed(mib >= 10240 ? 0 : 1)} GiB` : `${Number(mib.toPrecision(3))} MiB`}`;
}

const WORKLOAD_KINDS = [
  'random',
  'sequential',
  'zipf',
  'mix',
  'oltp',
  'tpch',
  'phases',
] as const satisfies readonly Workload['kind'][];
/** Leaving a trace: the generator used before it, or a fresh one of a kind. */
type GeneratorChoice = '' | 'before' | Workload['kind'];

/** Fields shown above; problems anywhere else are listed at the bottom. */
const KNOWN_PATHS = [
  'topology',
  'protocol',
  'du',
  'se',
  'seAt',
  'queueing',
  'fairness',
  'multiBlock',
  'demotions',
  'demoteData',
  'demoteCommandMs',
  'coWrites',
  'source',
  'seed',
];

/** Whether a generator issues requests of several blocks (phases: any of its phases). */
function severalBlocks(w: Workload): boolean {
  if (w.kind === 'phases') return w.phases.some((p) => severalBlocks(p.workload as Workload));
  return 'requestBlocks' in w && (w.requestBlocks ?? 1) > 1;
}

export function ScenarioPanel({
  scenario: s,
  issues,
  onChange,
  trace: loaded = null,
  onTraceFile,
  onUnshown,
}: ScenarioPanelProps) {
  // Every path a field asks about while this render draws the form: an issue under none of
  // them is shown by no field (nor by the list at the bottom, which takes the unknown paths).
  const asked = useRef<string[]>([]);
  asked.current = [];
  const errorAt = (path: string) => {
    asked.current.push(path);
    return issues.find((i) => i.path === path || i.path.startsWith(`${path}.`))?.message;
  };
  const under = (i: ScenarioIssue, paths: readonly string[]) =>
    paths.some((p) => i.path === p || i.path.startsWith(`${p}.`));
  useEffect(() => {
    onUnshown?.(issues.filter((i) => i.path !== 'source' && under(i, KNOWN_PATHS) && !under(i, asked.current)));
  });
  // The generator (and a tree's per-client ones) the scenario ran before a trace replaced it:
  // picking a generator again goes back to it. Not in the document, which keeps only what runs.
  const lastWorkload = useRef<WorkloadSource>(defaultWorkloadSource());
  if (s.source.kind === 'workload') lastWorkload.current = s.source;

  /** Applies an edit; a name that was automatic follows the design. */
  const update = (edit: (next: Scenario) => void) => {
    const next = structuredClone(s);
    edit(next);
    if (s.name === autoName(s)) next.name = autoName(next);
    onChange(next);
  };
  const replace = (next: Scenario) => onChange(s.name === autoName(s) ? { ...next, name: autoName(next) } : next);

  const pickDesign = (d: Design) =>
    update((n) => {
      if (n.topology.kind !== 'two-level') return;
      n.topology.client.policy = { kind: d.client };
      n.topology.array.policy = { kind: d.array };
      setProtocol(n, { kind: d.protocol });
    });

  const t = s.topology;
  const protocol = protocolKind(s);
  const clients = clientNames(t).length;
  /** Every root's disk, as the form shows it: the first client's root's. */
  const disk = firstPath(s).disk;
  const setDisk = (d: DiskConfig) =>
    update((n) => {
      if (n.topology.kind === 'tree')
        for (const c of n.topology.caches) if (c.parent === undefined) c.disk = structuredClone(d);
      if (n.topology.kind !== 'tree') n.topology.disk = d;
    });
  const diskPath =
    t.kind === 'tree' ? `topology.caches.${t.caches.findIndex((c) => c.parent === undefined)}.disk` : 'topology.disk';

  const cacheFields = (level: 'cache' | 'client' | 'array', c: CacheConfig, policyHelp: string) => (
    <CacheFields
      level={`topology.${level}`}
      testPrefix={level === 'cache' ? 'client' : level}
      capacity={c.capacity}
      policy={c.policy}
      policyHelp={policyHelp}
      sizeHint={sizeHint(c.capacity, blockSizeOf(s))}
      blockSize={blockSizeOf(s)}
      errorAt={errorAt}
      onCapacity={(v) => update((n) => void (cacheAt(n, level).capacity = v))}
      onPolicy={(p) => update((n) => void (cacheAt(n, level).policy = p))}
      co={c.co ?? false}
      onCo={(co) =>
        update((n) => {
          if (co) cacheAt(n, level).co = true;
          else delete cacheAt(n, level).co;
        })
      }
      admission={c.admission}
      onAdmission={(a) =>
        update((n) => {
          if (a) cacheAt(n, level).admission = a;
          else delete cacheAt(n, level).admission;
        })
      }
      prefetch={c.prefetch}
      onPrefetch={(p) =>
        update((n) => {
          if (p) cacheAt(n, level).prefetch = p;
          else delete cacheAt(n, level).prefetch;
        })
      }
    />
  );

  return (
    <form className="scenario" aria-labelledby="scenario-title" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="panel-head">
        <h2 id="scenario-title">Scenario</h2>
        <p className="scenario-name" title="scenario name">
          {s.name || 'untitled'}
        </p>
      </div>

      <SelectField<TopologyKind>
        testId="topology"
        label="Topology"
        value={t.kind}
        options={[
          { value: 'two-level', label: 'Client + array cache (paper 000)' },
          { value: 'single', label: 'Single cache (policy study)' },
          { value: 'tree', label: 'Many clients, tiers and arrays (tree)' },
        ]}
        error={errorAt('topology.kind')}
        onChange={(kind) => replace(withTopology(s, kind))}
      />

      {isDesignKind(s) && <DesignPicker current={designOf(s)} onPick={pickDesign} />}

      {t.kind === 'tree' && <TreeBuilder scenario={s} errorAt={errorAt} update={update} />}

      {t.kind === 'single' && (
        <fieldset>
          <legend>Cache</legend>
          {cacheFields('cache', t.cache, 'MIN and read-OPT see the future: they bound what any online policy can do')}
        </fieldset>
      )}

      {t.kind === 'two-level' && (
        <>
          <fieldset>
            <legend>Client cache</legend>
            {cacheFields(
              'client',
              t.client,
              'LRU inserts fetched blocks at the most-recently-used end; MRU at the end evicted next',
            )}
          </fieldset>
          <fieldset>
            <legend>Array cache</legend>
            {cacheFields(
              'array',
              t.array,
              'LRU inserts fetched blocks at the most-recently-used end; MRU at the end evicted next (paper 000: MRU at the array under DEMOTE)',
            )}
            <label className="check">
              <input
                type="checkbox"
                data-testid="protocol-demote"
                checked={protocol === 'demote'}
                onChange={(e) => update((n) => setProtocol(n, { kind: e.target.checked ? 'demote' : 'none' }))}
              />
              <span>
                <strong>DEMOTE</strong> — clients push the blocks they evict down to the array, making the pair
                exclusive
              </span>
            </label>
            <SelectField<Exclude<ProtocolKind, 'demote'>>
              testId="protocol-other"
              label={
                <abbr title="paper 003's collaboration approaches (DEMOTE above is its hint-based one) and paper 002's MC²">
                  Or
                </abbr>
              }
              value={protocol === 'demote' ? 'none' : protocol}
              options={[
                { value: 'none', label: protocol === 'demote' ? '— (DEMOTE is on)' : '— (inclusive baseline)' },
                { value: 'ha-r', label: 'HA_R: the array reloads client evictions from disk' },
                { value: 'ac-cc', label: 'AC_CC: the client places each block in one level' },
                { value: 'ac-ca', label: 'AC_CA: the client evicts what the array holds' },
                { value: 'mc2', label: 'MC²: the array partitioned by range hints (paper 002)' },
              ]}
              error={errorAt('protocol')}
              onChange={(kind) => update((n) => setProtocol(n, { kind }))}
            />
            <ProtocolAbout kind={protocol} testId="protocol-about" />
            <AcCaKField scenario={s} testId="protocol-ac-ca-k" errorAt={errorAt} update={update} />
            <Mc2RevisionField scenario={s} testId="protocol-mc2-revision" errorAt={errorAt} update={update} />
            <DuField
              scenario={s}
              testId="array-du"
              label={<abbr title="paper 003's quick eviction of duplicated blocks (DU)">What the array sends up</abbr>}
              errorAt={errorAt}
              update={update}
            />
          </fieldset>
        </>
      )}

      <SeField scenario={s} testId="se" errorAt={errorAt} update={update} />
      <DemotionFields scenario={s} testId="demotions" errorAt={errorAt} update={update} />

      <fieldset>
        <legend>{t.kind === 'tree' ? 'Disk (under every root) and latency' : 'Link, disk and latency'}</legend>
        {t.kind !== 'tree' && (
          <LinkFields
            link={t.link}
            label={t.kind === 'single' ? 'Cache ↔ disk link' : 'Client ↔ array link'}
            blockSize={blockSizeOf(s)}
            path="topology.link"
            errorAt={errorAt}
            onChange={(link) => update((n) => void (n.topology.kind !== 'tree' && (n.topology.link = link)))}
          />
        )}
        <DiskFields disk={disk} path={diskPath} errorAt={errorAt} onChange={setDisk} />
        <LatencyFields scenario={s} errorAt={errorAt} update={update} fairness={clients > 1} />
      </fieldset>

      <fieldset>
        <legend>Workload</legend>
        {s.source.kind === 'trace' && (
          <TraceFields
            scenario={s}
            loaded={loaded?.name === s.source.name ? loaded.summary : null}
            errorAt={errorAt}
            update={update}
            onReread={onTraceFile}
          />
        )}
        <label className="trace-pick">
          <span>
            {s.source.kind === 'trace' ? 'Replay another trace file' : 'Or replay a trace file'} (or drop one on the
            page)
          </span>
          <input
            type="file"
            data-testid="trace-file"
            aria-describedby="trace-pick-hint"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onTraceFile?.(file);
              e.target.value = '';
            }}
          />
        </label>
        <p className="field-hint" id="trace-pick-hint">
          {t.kind === 'tree'
            ? 'A trace replays through this tree: each of its clients (volume, host, CSV client column) drives a client cache, in the order they appear.'
            : 'A trace replays through this client; a trace of several clients can run as one stream or through a tree with a client for each.'}
        </p>
        <SelectField<string>
          testId="block-size"
          label="Block size"
          value={String(blockSizeOf(s))}
          options={limits().blockSizes.map((b) => ({ value: String(b), label: formatBytes(b) }))}
          error={errorAt('blockSize')}
          onChange={(v) => update((n) => void (n.blockSize = Number(v)))}
        />
        <p className="field-hint">
          Bytes per block: how a byte-addressed trace splits into blocks, how many blocks a capacity in bytes holds, and
          what a link carries per block.
        </p>
        {s.source.kind === 'workload' ? (
          <WorkloadFields
            workload={s.source.workload}
            path="source.workload"
            testPrefix="workload"
            label="Pattern"
            errorAt={errorAt}
            onChange={(next) => update((n) => void (n.source.kind === 'workload' && (n.source.workload = next)))}
          />
        ) : (
          <SelectField<GeneratorChoice>
            testId="workload-kind"
            label="Or back to a generator"
            value=""
            options={[
              { value: '', label: `— (replaying ${s.source.name})` },
              { value: 'before', label: `the one before: ${lastWorkload.current.workload.kind.toUpperCase()}` },
              ...WORKLOAD_KINDS.map((k) => ({ value: k, label: k.toUpperCase() })),
            ]}
            onChange={(kind) =>
              update((n) => {
                if (kind === '') return;
                const before = structuredClone(lastWorkload.current);
                n.source = kind === 'before' ? before : { ...before, workload: switchKind(before.workload, kind) };
                if (n.topology.kind !== 'tree' && n.source.kind === 'workload') {
                  delete n.source.clients;
                  delete n.source.sharing;
                }
              })
            }
          />
        )}
        {(s.source.kind === 'trace' || severalBlocks(s.source.workload) || s.multiBlock === 'atomic') && (
          <SelectField<'per-block' | 'atomic'>
            testId="multi-block"
            label="Requests of several blocks"
            value={s.multiBlock ?? 'per-block'}
            options={[
              { value: 'per-block', label: 'block by block (an LRU matches the stack-depth graph)' },
              { value: 'atomic', label: 'all looked up first, then the missing fetched (links from before version 2)' },
            ]}
            error={errorAt('multiBlock')}
            onChange={(m) =>
              update((n) => {
                if (m === 'atomic') n.multiBlock = 'atomic';
                else delete n.multiBlock;
              })
            }
          />
        )}
        {(s.coWrites === 'plain' || cachesOf(s).some((c) => c.co && policyInfo(c.policy.kind).hints)) && (
          <SelectField<'hinted' | 'plain'>
            testId="co-writes"
            label="Writes through CO to a hint-aware policy"
            value={s.coWrites ?? 'hinted'}
            options={[
              { value: 'hinted', label: 'with their hints' },
              { value: 'plain', label: 'as plain references, hints dropped (links from before version 4)' },
            ]}
            error={errorAt('coWrites')}
            onChange={(m) =>
              update((n) => {
                if (m === 'plain') n.coWrites = 'plain';
                else delete n.coWrites;
              })
            }
          />
        )}
        <div className="row">
          <NumberField
            testId="seed"
            label="Seed"
            min={0}
            value={s.seed}
            error={errorAt('seed')}
            onChange={(v) => update((n) => void (n.seed = v))}
          />
        </div>
        {errorAt('source.workload.measuredRequests') && (
          <p className="field-error">{errorAt('source.workload.measuredRequests')}</p>
        )}
        {issues.find((i) => i.path === 'source') && (
          <p className="field-error">{issues.find((i) => i.path === 'source')!.message}</p>
        )}
      </fieldset>

      {issues.some((i) => !KNOWN_PATHS.some((p) => i.path === p || i.path.startsWith(`${p}.`))) && (
        <p className="field-error">
          {issues
            .filter((i) => !KNOWN_PATHS.some((p) => i.path === p || i.path.startsWith(`${p}.`)))
            .map((i) => `${i.path || 'scenario'}: ${i.message}`)
            .join('; ')}
        </p>
      )}
    </form>
  );
}

/** The single cache, or the client or array of two levels, in a document being edited. */
function cacheAt(n: Scenario, level: 'cache' | 'client' | 'array'): CacheConfig {
  const t = n.topology;
  if (t.kind === 'single') return t.cache;
  if (t.kind === 'two-level') return level === 'array' ? t.array : t.client;
  throw new Error(`a tree has no ${level} cache`);
}
