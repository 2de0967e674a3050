// The workload generator's fields: its kind and parameters (RANDOM, SEQUENTIAL, ZIPF, the
// scan/loop/random MIX), and at the top level paper 004's OLTP client (a TPC-C-like database
// behind a buffer pool whose cleaners tag writes), paper 002's TPC-H-like client (query 3's
// loops or query 7's index lookups, every request tagged with its range) and PHASES —
// generators one after another, each with its requests and a block offset (phase changes).
import { formatCount } from '../../../format/numbers';
import { catalogue } from '../../../engine/engine';
import { limits, workloadBlocks, workloadFacts, workloadRequests } from '../../../scenario/document';
import type { Generator, Workload } from '../../../scenario/document';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';

type Kind = Workload['kind'];

const KINDS: { value: Kind; label: string }[] = [
  { value: 'random', label: 'RANDOM — uniform over the blocks' },
  { value: 'sequential', label: 'SEQUENTIAL — cycles through the blocks' },
  { value: 'zipf', label: 'ZIPF — block i with probability ∝ 1/i^α' },
  { value: 'mix', label: 'MIX — scans, loops and random reads' },
  { value: 'oltp', label: 'OLTP — TPC-C-like DB with write hints (paper 004)' },
  { value: 'tpch', label: 'TPC-H — scans, loops, index lookups with range hints (paper 002)' },
  { value: 'phases', label: 'PHASES — generators one after another' },
];

export interface WorkloadFieldsProps {
  workload: Workload;
  /** Where its errors are ("source.workload", "source.workload.phases.0.workload"). */
  path: string;
  /** Test ids start with it ("workload", "phase-0"). */
  testPrefix: string;
  errorAt: (path: string) => string | undefined;
  /** `kindChanged`: a different generator was picked. */
  onChange: (next: Workload, kindChanged: boolean) => void;
  /** Offer PHASES (not inside a phase). */
  phases?: boolean;
  label?: string;
}

/** The first generator of a workload (itself, or its first phase's). */
function generatorOf(w: Workload): Generator {
  if (w.kind === 'oltp' || w.kind === 'tpch') return { kind: 'random', blocks: workloadBlocks(w) };
  return w.kind === 'phases' ? structuredClone(w.phases[0].workload) : w;
}

/** The workload as another kind: the same blocks and request counts where both have them. */
export function switchKind(w: Workload, kind: Kind): Workload {
  if (kind === 'phases') {
    const g = structuredClone(generatorOf(w));
    const [warm, measured] = workloadRequests(w);
    delete g.warmupRequests;
    delete g.measuredRequests;
    const half = Math.max(1, Math.round(measured / 2));
    return {
      kind: 'phases',
      phases: [
        { workload: g, requests: warm + half },
        { workload: structuredClone(g), requests: half, offset: g.blocks },
      ],
      warmupRequests: warm,
    };
  }
  if (kind === 'oltp') return { kind: 'oltp' };
  if (kind === 'tpch') return { kind: 'tpch', query: 'q3' };
  const g = generatorOf(w);
  const { blocks, requestBlocks, warmupRequests, measuredRequests } = g;
  const next = { kind, blocks, requestBlocks, warmupRequests, measuredRequests } as Generator;
  for (const k of ['requestBlocks', 'warmupRequests', 'measuredRequests'] as const)
    if (next[k] === undefined) delete next[k];
  return next;
}

export function WorkloadFields({
  workload: w,
  path,
  testPrefix: t,
  errorAt,
  onChange,
  phases = true,
  label = 'Pattern',
}: WorkloadFieldsProps) {
  const edit = (fn: (next: Workload) => void) => {
    const next = structuredClone(w);
    fn(next);
    onChange(next, false);
  };
  const [warm, measured] = workloadRequests(w);
  return (
    <>
      <SelectField<Kind>
        testId={`${t}-kind`}
        label={label}
        value={w.kind}
        options={phases ? KINDS : KINDS.filter((k) => k.value !== 'phases' && k.value !== 'oltp' && k.value !== 'tpch')}
        error={errorAt(`${path}.kind`)}
        onChange={(kind) => onChange(switchKind(w, kind), true)}
      />
      {w.kind === 'zipf' && (
        <NumberField
          testId={`${t}-alpha`}
          label="Skew α"
          step="any"
          min={0}
          max={limits().maxZipfAlpha}
          value={w.alpha ?? limits().defaultZipfAlpha}
          error={errorAt(`${path}.alpha`)}
          hint="paper 000 uses α = 1 over 1.5 × the aggregate cache"
          onChange={(alpha) => edit((n) => void (n.kind === 'zipf' && (n.alpha = alpha)))}
        />
      )}
      {w.kind === 'mix' && (
        <div className="row">
          <NumberField
            testId={`${t}-scan-share`}
            label="Scans"
            step="any"
            min={0}
            max={1}
            value={w.scanShare ?? limits().defaultMixShare}
            error={errorAt(`${path}.scanShare`)}
            hint="share of segments"
            onChange={(v) => edit((n) => void (n.kind === 'mix' && (n.scanShare = v)))}
          />
          <NumberField
            testId={`${t}-loop-share`}
            label="Loops"
            step="any"
            min={0}
            max={1}
            value={w.loopShare ?? limits().defaultMixShare}
            error={errorAt(`${path}.loopShare`)}
            hint="the rest: random reads"
            onChange={(v) => edit((n) => void (n.kind === 'mix' && (n.loopShare = v)))}
          />
          <NumberField
            testId={`${t}-hot-share`}
            label="Hot set"
            step="any"
            min={0}
            max={1}
            value={w.hotShare ?? limits().defaultHotShare}
            error={errorAt(`${path}.hotShare`)}
            hint="share of blocks random reads hit"
            onChange={(v) => edit((n) => void (n.kind === 'mix' && (n.hotShare = v)))}
          />
          <NumberField
            testId={`${t}-segment`}
            label="Segments up to"
            unit="requests"
            min={1}
            max={limits().maxSegment}
            value={w.segment ?? limits().defaultSegment}
            error={errorAt(`${path}.segment`)}
            onChange={(v) => edit((n) => void (n.kind === 'mix' && (n.segment = v)))}
          />
        </div>
      )}
      {w.kind === 'oltp' && <OltpFields w={w} path={path} t={t} errorAt={errorAt} edit={edit} />}
      {w.kind === 'tpch' && <TpchFields w={w} path={path} t={t} errorAt={errorAt} edit={edit} />}
      {w.kind === 'oltp' || w.kind === 'tpch' ? null : w.kind !== 'phases' ? (
        <div className="row">
          <NumberField
            testId={`${t}-blocks`}
            label="Distinct blocks"
            min={1}
            value={w.blocks}
            error={errorAt(`${path}.blocks`)}
            hint={
              phases && Number.isFinite(warm) && Number.isFinite(measured)
                ? `${formatCount(warm)} warm-up + ${formatCount(measured)} measured requests`
                : undefined
            }
            onChange={(v) =>
              edit((n) => void (n.kind !== 'phases' && n.kind !== 'oltp' && n.kind !== 'tpch' && (n.blocks = v)))
            }
          />
          <NumberField
            testId={`${t}-request-blocks`}
            label="Blocks per request"
            min={1}
            max={limits().maxRequestBlocks}
            value={w.requestBlocks ?? 1}
            error={errorAt(`${path}.requestBlocks`)}
            hint="consecutive blocks; a read hits only if all are cached (paper 001)"
            onChange={(v) =>
              edit((n) => {
                if (n.kind === 'phases' || n.kind === 'oltp' || n.kind === 'tpch') return;
                if (v === 1) delete n.requestBlocks;
                else n.requestBlocks = v;
              })
            }
          />
        </div>
      ) : (
        <div className="phases" data-testid="phases">
          <ol className="tree-caches">
            {w.phases.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a phase is its place in the list (two may be alike)
              <li key={i} className="tree-cache" data-testid={`phase-${i}`}>
                <div className="tree-cache-head">
                  <span className="tree-role is-mid">phase {i + 1}</span>
                  <span className="muted">
                    {formatCount(p.requests)} requests from block {formatCount(p.offset ?? 0)}
                  </span>
                  <button
                    type="button"
                    className="button secondary small"
                    data-testid={`phase-${i}-remove`}
                    disabled={w.phases.length === 1}
                    aria-label={`remove phase ${i + 1}`}
                    onClick={() => edit((n) => void (n.kind === 'phases' && n.phases.splice(i, 1)))}
                  >
                    ×
                  </button>
                </div>
                <WorkloadFields
                  workload={p.workload}
                  path={`${path}.phases.${i}.workload`}
                  testPrefix={`phase-${i}`}
                  errorAt={errorAt}
                  phases={false}
                  label="Generator"
                  onChange={(g) => edit((n) => void (n.kind === 'phases' && (n.phases[i].workload = g as Generator)))}
                />
                <div className="row">
                  <NumberField
                    testId={`phase-${i}-requests`}
                    label="Requests"
                    min={1}
                    value={p.requests}
                    error={errorAt(`${path}.phases.${i}.requests`)}
                    onChange={(v) => edit((n) => void (n.kind === 'phases' && (n.phases[i].requests = v)))}
                  />
                  <NumberField
                    testId={`phase-${i}-offset`}
                    label="Block offset"
                    min={0}
                    value={p.offset ?? 0}
                    error={errorAt(`${path}.phases.${i}.offset`)}
                    hint="moves this phase's working set"
                    onChange={(v) =>
                      edit((n) => {
                        if (n.kind !== 'phases') return;
                        if (v === 0) delete n.phases[i].offset;
                        else n.phases[i].offset = v;
                      })
                    }
                  />
                </div>
              </li>
            ))}
          </ol>
          {errorAt(`${path}.phases`) && <p className="field-error">{errorAt(`${path}.phases`)}</p>}
          <div className="row">
            <button
              type="button"
              className="button secondary small"
              data-testid="phase-add"
              disabled={w.phases.length >= limits().maxPhases}
              onClick={() =>
                edit((n) => {
                  if (n.kind !== 'phases') return;
                  const last = n.phases[n.phases.length - 1];
                  n.phases.push({
                    workload: structuredClone(last.workload),
                    requests: last.requests,
                    offset: (last.offset ?? 0) + last.workload.blocks,
                  });
                })
              }
            >
              + phase
            </button>
            <NumberField
              testId={`${t}-warmup`}
              label="Warm-up requests"
              min={0}
              value={warm}
              error={errorAt(`${path}.warmupRequests`)}
              hint={`of ${formatCount(warm + measured)} in all; default the first phase`}
              onChange={(v) => edit((n) => void (n.kind === 'phases' && (n.warmupRequests = v)))}
            />
          </div>
        </div>
      )}
    </>
  );
}

type OltpEdit = (fn: (next: Workload) => void) => void;

/** Paper 004's client: warehouses (the database's size), buffer pool, softmax, dirty threshold, log file. */
function OltpFields({
  w,
  path,
  t,
  errorAt,
  edit,
}: {
  w: Extract<Workload, { kind: 'oltp' }>;
  path: string;
  t: string;
  errorAt: (p: string) => string | undefined;
  edit: OltpEdit;
}) {
  const warehouses = w.warehouses ?? catalogue().oltp.defaultWarehouses;
  // The database and its buffer pool as the engine lays them out (none while warehouses is out of range).
  const db = workloadFacts(w).database;
  const { initialPages: initial, bufferPool: pool } =
    db?.kind === 'oltp' ? db : { initialPages: Number.NaN, bufferPool: w.bufferPool ?? Number.NaN };
  const [warm, measured] = workloadRequests(w);
  const set = (fn: (n: Extract<Workload, { kind: 'oltp' }>) => void) => edit((n) => void (n.kind === 'oltp' && fn(n)));
  return (
    <>
      <div className="row">
        <NumberField
          testId={`${t}-warehouses`}
          label="Warehouses"
          min={1}
          max={catalogue().oltp.maxWarehouses}
          value={warehouses}
          error={errorAt(`${path}.warehouses`)}
          hint={`${formatCount(initial)} pages (paper 004: 25, 606 K)`}
          onChange={(v) => set((n) => void (n.warehouses = v))}
        />
        <NumberField
          testId={`${t}-buffer-pool`}
          label="Buffer pool"
          unit="pages"
          min={1}
          value={pool}
          error={errorAt(`${path}.bufferPool`)}
          hint={`${((pool / initial) * 100).toFixed(0)} % of the database (paper: 10, 50, 90 %)`}
          onChange={(v) => set((n) => void (n.bufferPool = v))}
        />
      </div>
      <SelectField<'storage' | 'buffer'>
        testId={`${t}-stream`}
        label="Stream"
        value={w.stream ?? 'storage'}
        options={[
          { value: 'storage', label: 'What the pool sends the server: misses, hinted writes (paper 004)' },
          {
            value: 'buffer',
            label: 'Every page reference, importance-hinted: the pool is the client cache (paper 003)',
          },
        ]}
        error={errorAt(`${path}.stream`)}
        onChange={(v) =>
          set((n) => {
            if (v === 'storage') delete n.stream;
            else n.stream = v;
          })
        }
      />
      <SelectField<'1' | '2'>
        testId={`${t}-model`}
        label="Generator"
        value={w.model === 2 ? '2' : '1'}
        options={[
          { value: '1', label: '1 (v1)' },
          { value: '2', label: '2 (DB2 page cleaning)' },
        ]}
        error={errorAt(`${path}.model`)}
        onChange={(v) =>
          set((n) => {
            if (v === '1') delete n.model;
            else n.model = 2;
          })
        }
      />
      <div className="row">
        <NumberField
          testId={`${t}-softmax`}
          label="softmax"
          unit="% of a log file"
          min={1}
          value={w.softmax ?? catalogue().oltp.defaultSoftmax}
          error={errorAt(`${path}.softmax`)}
          hint="recovery bound: lower → more RECOV writes (paper: 50, 400, 4000)"
          onChange={(v) => set((n) => void (n.softmax = v))}
        />
        <NumberField
          testId={`${t}-dirty-threshold`}
          label="Dirty threshold"
          step="any"
          min={0}
          max={1}
          value={w.dirtyThreshold ?? catalogue().oltp.defaultDirtyThreshold}
          error={errorAt(`${path}.dirtyThreshold`)}
          hint="share dirty before cleaners write REPLACE (chngpgs_thresh)"
          onChange={(v) => set((n) => void (n.dirtyThreshold = v))}
        />
        <NumberField
          testId={`${t}-log-file`}
          label="Log file"
          unit="records per warehouse"
          min={1}
          max={catalogue().oltp.maxLogFileRecords}
          value={w.logFileRecords ?? catalogue().oltp.defaultLogFileRecords[w.model === 2 ? 1 : 0]}
          error={errorAt(`${path}.logFileRecords`)}
          hint="what softmax is a share of (DB2's logfilsiz; the paper does not give it)"
          onChange={(v) => set((n) => void (n.logFileRecords = v))}
        />
      </div>
      <div className="row">
        <NumberField
          testId={`${t}-warmup-requests`}
          label="Warm-up requests"
          min={0}
          value={warm}
          error={errorAt(`${path}.warmupRequests`)}
          onChange={(v) => set((n) => void (n.warmupRequests = v))}
        />
        <NumberField
          testId={`${t}-measured-requests`}
          label="Measured requests"
          min={1}
          value={measured}
          error={errorAt(`${path}.measuredRequests`)}
          hint="the read hit ratio counts from when the deepest cache is full"
          onChange={(v) => set((n) => void (n.measuredRequests = v))}
        />
      </div>
    </>
  );
}

type Tpch = Extract<Workload, { kind: 'tpch' }>;

/** Paper 002's client: the query, the database's scale, and query 7's lookups and skew. */
export function TpchFields({
  w,
  path,
  t,
  errorAt,
  edit,
}: {
  w: Tpch;
  path: string;
  t: string;
  errorAt: (p: string) => string | undefined;
  edit: OltpEdit;
}) {
  const scale = w.scale ?? catalogue().tpch.defaultScale;
  const [x, y] = w.skew ?? catalogue().tpch.defaultSkew;
  const [warm, measured] = workloadRequests(w);
  const set = (fn: (n: Tpch) => void) => edit((n) => void (n.kind === 'tpch' && fn(n)));
  return (
    <>
      <div className="row">
        <SelectField<'q3' | 'q7'>
          testId={`${t}-query`}
          label="Query"
          value={w.query}
          options={[
            { value: 'q3', label: 'Query 3: scans of 3 tables, repeated (loops)' },
            { value: 'q7', label: 'Query 7: index lookups, skewed' },
          ]}
          error={errorAt(`${path}.query`)}
          onChange={(q) => set((n) => void (n.query = q))}
        />
        <NumberField
          testId={`${t}-scale`}
          label="Scale"
          step="any"
          min={catalogue().tpch.minScale}
          max={catalogue().tpch.maxScale}
          value={scale}
          error={errorAt(`${path}.scale`)}
          hint={`${formatCount(workloadFacts(w).blocks)} pages`}
          onChange={(v) => set((n) => void (n.scale = v))}
        />
      </div>
      {w.query === 'q7' && (
        <div className="row">
          <NumberField
            testId={`${t}-lookups`}
            label="Lookups"
            unit="per execution"
            min={1}
            max={catalogue().tpch.maxLookups}
            value={w.lookups ?? catalogue().tpch.defaultLookups}
            error={errorAt(`${path}.lookups`)}
            hint="11 reads each: three indexes, three tables"
            onChange={(v) => set((n) => void (n.lookups = v))}
          />
          <NumberField
            testId={`${t}-skew-x`}
            label="Skew: x %"
            step="any"
            min={0}
            max={100}
            value={x}
            error={errorAt(`${path}.skew`)}
            hint="of the data-page reads…"
            onChange={(v) => set((n) => void (n.skew = [v, y]))}
          />
          <NumberField
            testId={`${t}-skew-y`}
            label="… to y %"
            step="any"
            min={0}
            max={100}
            value={y}
            hint="of each table's pages (hinted as (x, y))"
            onChange={(v) => set((n) => void (n.skew = [x, v]))}
          />
        </div>
      )}
      <div className="row">
        <NumberField
          testId={`${t}-warmup-requests`}
          label="Warm-up requests"
          min={0}
          value={warm}
          error={errorAt(`${path}.warmupRequests`)}
          onChange={(v) => set((n) => void (n.warmupRequests = v))}
        />
        <NumberField
          testId={`${t}-measured-requests`}
          label="Measured requests"
          min={1}
          value={measured}
          error={errorAt(`${path}.measuredRequests`)}
          hint="each request carries its range (table or index level); MC² reads them"
          onChange={(v) => set((n) => void (n.measuredRequests = v))}
        />
      </div>
    </>
  );
}
