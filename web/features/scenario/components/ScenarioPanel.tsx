// The scenario form: the two caches, the protocol, the link, the disk and the workload.
// Every change goes straight to the draft; fields the schema rejects show why inline.
import { formatCount } from '../../../app/format';
import { autoName, designOf, isDesignKind, type Design } from '../../../scenario/defaults';
import { LINK_PRESETS, linkLabel, linkTransferMs } from '../../../scenario/links';
import { MECHANICAL_DEFAULTS, OFFLINE_POLICY_KINDS } from '../../../scenario/schema';
import { TRACE_FORMATS } from '../../../scenario/schema';
import type { LinkConfig, Scenario, ScenarioIssue, Topology, TraceFormat } from '../../../scenario/schema';
import type { TraceSummary } from '../../../worker/protocol';
import { CacheFields } from './CacheFields';
import { AcCaKField, DuField, SeField } from './CooperationFields';
import { DesignPicker } from './DesignPicker';
import { NumberField } from './NumberField';
import { SelectField } from './SelectField';
import { TreeBuilder, treeFromScenario } from './TreeBuilder';
import { WorkloadFields } from './WorkloadFields';

export interface ScenarioPanelProps {
  scenario: Scenario;
  issues: ScenarioIssue[];
  onChange: (next: Scenario) => void;
  /** The trace file the scenario names, once read in this page (else the user must load it). */
  trace?: { name: string; summary: TraceSummary } | null;
  /** A trace file picked in the form. */
  onTraceFile?: (file: File) => void;
}



type LinkChoice = LinkConfig['preset'];

const MIB = 1024 * 1024;
function sizeHint(blocks: number, blockSize: number): string | undefined {
  if (!Number.isFinite(blocks) || blocks <= 0) return undefined;
  const mib = (blocks * blockSize) / MIB;
  return `${formatCount(blocks)} blocks × ${blockSize / 1024} KiB = ${mib >= 1024 ? `${(mib / 1024).toFixed(mib >= 10240 ? 0 : 1)} GiB` : `${Number(mib.toPrecision(3))} MiB`}`;
}

export function ScenarioPanel({ scenario: s, issues, onChange, trace: loaded = null, onTraceFile }: ScenarioPanelProps) {
  const errorAt = (path: string) => issues.find((i) => i.path === path || i.path.startsWith(`${path}.`))?.message;

  /** Applies an edit; a name that was automatic follows the design. */
  const update = (edit: (next: Scenario) => void) => {
    const next = structuredClone(s);
    edit(next);
    // In a tree every root reads from the disk the form describes.
    if (next.topology === 'tree' && next.tree && JSON.stringify(next.disk) !== JSON.stringify(s.disk)) {
      for (const c of next.tree.caches) if (c.parent === undefined) c.disk = structuredClone(next.disk);
    }
    if (s.name === autoName(s)) next.name = autoName(next);
    onChange(next);
  };

  const pickDesign = (d: Design) =>
    update((n) => {
      n.client.policy = { kind: d.client };
      n.array.policy = { kind: d.array };
      n.protocol = { kind: d.protocol };
    });

  const setLink = (preset: LinkChoice) =>
    update((n) => {
      if (preset === 'custom') {
        const ta = linkTransferMs(s.link, s.blockSize) * 1000;
        const bandwidthMbit = s.link.preset === 'custom' ? s.link.bandwidthMbit : 1000;
        n.link = { preset: 'custom', latencyUs: Math.max(0, Math.round(ta - (s.blockSize * 8) / bandwidthMbit)), bandwidthMbit };
      } else {
        n.link = { preset } as LinkConfig;
      }
    });

  const topology: Topology = s.topology ?? 'two-level';
  const single = topology === 'single';
  const tree = topology === 'tree' && s.tree !== undefined;
  const w = s.workload;

  return (
    <form className="scenario" aria-labelledby="scenario-title" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="panel-head">
        <h2 id="scenario-title">Scenario</h2>
        <p className="scenario-name" title="scenario name">
          {s.name || 'untitled'}
        </p>
      </div>

      <SelectField<Topology>
        testId="topology"
        label="Topology"
        value={topology}
        options={[
          { value: 'two-level', label: 'Client + array cache (paper 000)' },
          { value: 'single', label: 'Single cache (policy study)' },
          { value: 'tree', label: 'Many clients, tiers and arrays (tree)' },
        ]}
        error={errorAt('topology')}
        onChange={(t) =>
          update((n) => {
            if (t !== 'two-level' && OFFLINE_POLICY_KINDS.includes(n.client.policy.kind) && t !== 'single') n.client.policy = { kind: 'lru' };
            if (t === 'single') n.topology = 'single';
            else if (t === 'tree') {
              n.topology = 'tree';
              n.tree ??= treeFromScenario(n, 2, 0);
              if (n.protocol.kind === 'ac-cc') n.protocol = { kind: 'none' };
            } else {
              delete n.topology;
              // MC² needs a tree of clients.
              if (n.protocol.kind === 'mc2') n.protocol = { kind: 'none' };
              // Offline policies need a single cache; fall back to LRU.
              if (OFFLINE_POLICY_KINDS.includes(n.client.policy.kind)) n.client.policy = { kind: 'lru' };
            }
          })
        }
      />

      {!single && !tree && isDesignKind(s) && <DesignPicker current={designOf(s)} onPick={pickDesign} />}

      {tree && <TreeBuilder scenario={s} errorAt={errorAt} update={update} />}

      {!tree && (
      <fieldset>
        <legend>{single ? 'Cache' : 'Client cache'}</legend>
        <CacheFields
          level="client"
          capacity={s.client.capacity}
          policy={s.client.policy}
          offline={single}
          policyHelp={
            single
              ? 'MIN and read-OPT see the future: they bound what any online policy can do'
              : 'LRU inserts fetched blocks at the most-recently-used end; MRU at the end evicted next'
          }
          sizeHint={sizeHint(s.client.capacity, s.blockSize)}
          blockSize={s.blockSize}
          errorAt={errorAt}
          onCapacity={(v) => update((n) => void (n.client.capacity = v))}
          onPolicy={(p) => update((n) => void (n.client.policy = p))}
          co={s.client.co ?? false}
          onCo={(co) =>
            update((n) => {
              if (co) n.client.co = true;
              else delete n.client.co;
            })
          }
        />
      </fieldset>
      )}

      {!single && !tree && (
        <fieldset>
          <legend>Array cache</legend>
          <CacheFields
            level="array"
            capacity={s.array.capacity}
            policy={s.array.policy}
            policyHelp="LRU inserts fetched blocks at the most-recently-used end; MRU at the end evicted next (paper 000: MRU at the array under DEMOTE)"
            sizeHint={sizeHint(s.array.capacity, s.blockSize)}
            blockSize={s.blockSize}
            errorAt={errorAt}
            onCapacity={(v) => update((n) => void (n.array.capacity = v))}
            onPolicy={(p) => update((n) => void (n.array.policy = p))}
            co={s.array.co ?? false}
            onCo={(co) =>
              update((n) => {
                if (co) n.array.co = true;
                else delete n.array.co;
              })
            }
          />
          <label className="check">
            <input
              type="checkbox"
              data-testid="protocol-demote"
              checked={s.protocol.kind === 'demote'}
              onChange={(e) => update((n) => void (n.protocol = { kind: e.target.checked ? 'demote' : 'none' }))}
            />
            <span>
              <strong>DEMOTE</strong> — clients push the blocks they evict down to the array, making the pair exclusive
            </span>
          </label>
          <SelectField<'none' | 'ha-r' | 'ac-cc' | 'ac-ca'>
            testId="protocol-other"
            label={<abbr title="paper 003's collaboration approaches; DEMOTE above is its hint-based one">Or, from paper 003</abbr>}
            value={s.protocol.kind === 'none' || s.protocol.kind === 'demote' || s.protocol.kind === 'mc2' ? 'none' : s.protocol.kind}
            options={[
              { value: 'none', label: s.protocol.kind === 'demote' ? '— (DEMOTE is on)' : '— (inclusive baseline)' },
              { value: 'ha-r', label: 'HA_R: the array reloads client evictions from disk' },
              { value: 'ac-cc', label: 'AC_CC: the client places each block in one level' },
              { value: 'ac-ca', label: 'AC_CA: the client evicts what the array holds' },
            ]}
            error={errorAt('protocol.kind')}
            onChange={(kind) => update((n) => void (n.protocol = { kind }))}
          />
          <AcCaKField scenario={s} testId="protocol-ac-ca-k" errorAt={errorAt} update={update} />
          <DuField
            scenario={s}
            testId="array-du"
            label={<abbr title="paper 003's quick eviction of duplicated blocks (DU)">What the array sends up</abbr>}
            errorAt={errorAt}
            update={update}
          />
        </fieldset>
      )}

      {!tree && <SeField scenario={s} testId="se" update={update} />}

      <fieldset>
        <legend>{tree ? 'Disk (under every root)' : 'Link and disk'}</legend>
        {!tree && (
        <SelectField<LinkChoice>
          testId="link-preset"
          label={single ? 'Cache ↔ disk link' : 'Client ↔ array link'}
          value={s.link.preset}
          options={[
            ...LINK_PRESETS.map((p) => ({ value: p.id, label: linkLabel(p, s.blockSize) })),
            { value: 'custom', label: 'Custom…' },
          ]}
          error={issues.find((i) => i.path === 'link' || i.path === 'link.preset')?.message}
          onChange={setLink}
        />
        )}
        {!tree && s.link.preset === 'custom' && (
          <div className="row">
            <NumberField
              testId="link-latency-us"
              label="Per-request overhead"
              unit="µs"
              step="any"
              min={0}
              value={s.link.latencyUs}
              error={errorAt('link.latencyUs')}
              onChange={(v) => update((n) => void (n.link.preset === 'custom' && (n.link.latencyUs = v)))}
            />
            <NumberField
              testId="link-bandwidth-mbit"
              label="Bandwidth"
              unit="Mbit/s"
              step="any"
              min={0}
              value={s.link.bandwidthMbit}
              error={errorAt('link.bandwidthMbit')}
              onChange={(v) => update((n) => void (n.link.preset === 'custom' && (n.link.bandwidthMbit = v)))}
            />
          </div>
        )}
        <SelectField<'constant' | 'mechanical'>
          testId="disk-kind"
          label="Disk model"
          value={s.disk.kind}
          options={[
            { value: 'constant', label: 'Constant service time' },
            { value: 'mechanical', label: 'Mechanical drive (seek, rotation, read-ahead)' },
          ]}
          error={issues.find((i) => i.path === 'disk' || i.path === 'disk.kind')?.message}
          onChange={(kind) => update((n) => void (n.disk = kind === 'constant' ? { kind, serviceMs: 10 } : { kind }))}
        />
        {s.disk.kind === 'constant' ? (
          <NumberField
            testId="disk-ms"
            label="Disk service time"
            unit="ms"
            step="any"
            min={0}
            value={s.disk.serviceMs}
            error={errorAt('disk.serviceMs')}
            hint="constant per disk read; paper 000 measured ≈ 10 ms"
            onChange={(v) => update((n) => void (n.disk.kind === 'constant' && (n.disk.serviceMs = v)))}
          />
        ) : (
          <>
            <div className="row">
              <NumberField
                testId="disk-rpm"
                label="Spindle"
                unit="rpm"
                min={60}
                value={s.disk.rpm ?? MECHANICAL_DEFAULTS.rpm}
                error={errorAt('disk.rpm')}
                onChange={(rpm) => update((n) => void (n.disk.kind === 'mechanical' && (n.disk.rpm = rpm)))}
              />
              <NumberField
                testId="disk-read-ahead"
                label="Read-ahead"
                unit="KiB"
                min={0}
                value={s.disk.readAheadKiB ?? MECHANICAL_DEFAULTS.readAheadKiB}
                error={errorAt('disk.readAheadKiB')}
                onChange={(kib) => update((n) => void (n.disk.kind === 'mechanical' && (n.disk.readAheadKiB = kib)))}
              />
            </div>
            <NumberField
              testId="disk-overhead"
              label="Controller overhead"
              unit="ms"
              step="any"
              min={0}
              value={s.disk.overheadMs ?? MECHANICAL_DEFAULTS.overheadMs}
              error={errorAt('disk.overheadMs')}
              hint="calibrated to paper 000: ≈ 10 ms per random 4 KiB read, ≈ 1.45 ms per sequential block"
              onChange={(ms) => update((n) => void (n.disk.kind === 'mechanical' && (n.disk.overheadMs = ms)))}
            />
          </>
        )}
      </fieldset>

      <fieldset>
        <legend>Workload</legend>
        {s.trace && !tree && (
          <TraceFields scenario={s} loaded={loaded?.name === s.trace.name ? loaded.summary : null} errorAt={errorAt} update={update} />
        )}
        <label className="trace-pick">
          <span>{s.trace ? 'Replay another trace file' : 'Or replay a trace file'} (or drop one on the page)</span>
          <input
            type="file"
            data-testid="trace-file"
            aria-describedby={tree ? 'trace-tree-hint' : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onTraceFile?.(file);
              e.target.value = '';
            }}
          />
        </label>
        {s.trace && !tree && (
          <p className="field-hint">The generator below is kept, unused, while the trace replays.</p>
        )}
        {tree && (
          <p className="field-hint" id="trace-tree-hint">
            A tree’s clients run generated workloads; a trace file replays through the client + array pair, so opening one leaves the tree.
          </p>
        )}
        <WorkloadFields
          workload={w}
          path="workload"
          testPrefix="workload"
          label={s.trace && !tree ? 'Generator (back to it)' : 'Pattern'}
          errorAt={errorAt}
          onChange={(next, kindChanged) =>
            update((n) => {
              if (kindChanged) delete n.trace;
              n.workload = next;
            })
          }
        />
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
        {errorAt('workload.measuredRequests') && <p className="field-error">{errorAt('workload.measuredRequests')}</p>}
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

/** Fields shown above; problems anywhere else are listed at the bottom. */
const KNOWN_PATHS = ['topology', 'client', 'array', 'protocol', 'du', 'link', 'disk', 'workload', 'seed', 'tree', 'trace'];

/** The trace a scenario replays: how it is read, and what was read. */
function TraceFields({
  scenario: s,
  loaded,
  errorAt,
  update,
}: {
  scenario: Scenario;
  loaded: TraceSummary | null;
  errorAt: (path: string) => string | undefined;
  update: (edit: (next: Scenario) => void) => void;
}) {
  const t = s.trace!;
  const set = (edit: (t: NonNullable<Scenario['trace']>) => void) => update((n) => edit(n.trace!));
  return (
    <div className="trace-fields" data-testid="trace-fields">
      <p className={`trace-status ${loaded ? '' : 'is-missing'}`} data-testid="trace-summary" data-requests={loaded?.requests ?? ''}>
        <strong>{t.name}</strong>{' '}
        {loaded
          ? `· ${loaded.format} · ${formatCount(loaded.requests)} requests, ${formatCount(loaded.blockRefs)} block references over ${formatCount(loaded.distinct)} blocks${loaded.skipped ? ` · ${formatCount(loaded.skipped)} bad records skipped` : ''}`
          : '— not loaded in this page: pick or drop the file to run this scenario'}
      </p>
      {loaded?.firstSkipped && <p className="field-hint">First skipped: {loaded.firstSkipped}</p>}
      <div className="row">
        <SelectField<TraceFormat | 'auto'>
          testId="trace-format"
          label="Format"
          value={t.format ?? 'auto'}
          options={[{ value: 'auto', label: 'Recognise it' }, ...TRACE_FORMATS.map((f) => ({ value: f, label: f }))]}
          error={errorAt('trace.format')}
          onChange={(f) => set((t) => (f === 'auto' ? delete t.format : (t.format = f)))}
        />
        <NumberField
          testId="trace-warmup"
          label="Warm-up requests"
          min={0}
          value={t.warmupRequests ?? (loaded ? Math.floor(loaded.requests / 10) : 0)}
          error={errorAt('trace.warmupRequests')}
          hint="default: the first tenth of the trace"
          onChange={(v) => set((t) => void (t.warmupRequests = v))}
        />
      </div>
      <label className="check">
        <input type="checkbox" data-testid="trace-object" checked={!!t.objectMode} onChange={(e) => set((t) => (e.target.checked ? (t.objectMode = true) : delete t.objectMode))} />
        <span>
          <strong>Object mode</strong> — key each request by its start address, unsplit
        </span>
      </label>
      <label className="check">
        <input type="checkbox" data-testid="trace-skip-bad" checked={!!t.skipBad} onChange={(e) => set((t) => (e.target.checked ? (t.skipBad = true) : delete t.skipBad))} />
        <span>
          <strong>Skip bad records</strong> — count them instead of refusing the file
        </span>
      </label>
    </div>
  );
}
