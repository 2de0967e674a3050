// The topology builder for `topology: "tree"`: any number of caches, each with a parent (or a
// disk, for a root), its own size, policy and link; the leaves are the clients. Also how the
// clients' streams relate (sharing), the latency model (additive or queueing) and the protocol
// every level speaks.
import { useState } from 'react';
import { formatCount } from '../../../app/format';
import { LINK_PRESETS, linkLabel } from '../../../scenario/links';
import { LINK_PRESET_IDS, treeClients, workloadBlocks } from '../../../scenario/schema';
import type { ClientWorkload, LinkPresetId, Scenario, TreeCache, TreeConfig } from '../../../scenario/schema';
import { tpchPages } from '../../../scenario/tpch';

type WorkloadKind = 'random' | 'sequential' | 'zipf' | 'mix';
/** A client's own requests: a generator over its blocks, or a TPC-H query. */
type ClientChoice = WorkloadKind | 'tpch-q3' | 'tpch-q7' | 'scenario';
import { CacheFields } from './CacheFields';
import { AcCaKField, DuField } from './CooperationFields';
import { NumberField } from './NumberField';
import { SelectField } from './SelectField';
import { TopologyDiagram } from './TopologyDiagram';

export interface TreeBuilderProps {
  scenario: Scenario;
  errorAt: (path: string) => string | undefined;
  update: (edit: (next: Scenario) => void) => void;
}

/** Ready-made shapes to start from. */
export const TREE_PRESETS = [
  { id: '1x2', label: '1 client + array', clients: 1, mids: 0 },
  { id: '2x2', label: '2 clients · 2 levels', clients: 2, mids: 0 },
  { id: '4x2', label: '4 clients · 2 levels', clients: 4, mids: 0 },
  { id: '8x2', label: '8 clients + array', clients: 8, mids: 0 },
  { id: '4x3', label: '4 clients · 3 levels', clients: 4, mids: 2 },
  { id: 'mc2', label: 'MC² · TPC-H queries 3 + 7', clients: 2, mids: 0 },
] as const;

/**
 * Paper 002's Figure 2 setting: two clients on one TPC-H database, one running query 3 (its
 * scans repeated: loops), one query 7 (index lookups), over one array, MC² managing them all;
 * every cache a quarter of the database (the aggregate a client sees is half of it); costs
 * C1 = 1 µs, C2 = D2 = 200 µs (a 1 Gbit/s FC link), C_disk = 10 ms.
 */
export function mc2Example(s: Scenario): void {
  const size = Math.round(tpchPages(1) / 4);
  const disk = { kind: 'constant', serviceMs: 10 } as const;
  s.topology = 'tree';
  s.protocol = { kind: 'mc2' };
  s.clientHitMs = 0.001;
  s.workload = { kind: 'tpch', query: 'q3' };
  s.tree = {
    caches: [
      { name: 'array', capacity: size, policy: { kind: 'lru' }, disk },
      { name: 'q3', capacity: size, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' }, workload: { kind: 'tpch', query: 'q3' } },
      { name: 'q7', capacity: size, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' }, workload: { kind: 'tpch', query: 'q7' } },
    ],
    sharing: { kind: 'shared', fraction: 1 },
  };
}

/**
 * A tree in the scenario's image: one array (its size, policy and the scenario's disk), `mids`
 * middle tiers and `clients` clients with the scenario's client cache and link, spread evenly.
 */
export function treeFromScenario(s: Scenario, clients: number, mids: number): TreeConfig {
  const caches: TreeCache[] = [
    { name: 'array', capacity: s.array.capacity, policy: structuredClone(s.array.policy), disk: structuredClone(s.disk) },
  ];
  const link = s.link.preset === 'custom' ? structuredClone(s.link) : { preset: s.link.preset };
  for (let m = 0; m < mids; m++) {
    caches.push({ name: `mid${m + 1}`, capacity: s.client.capacity, policy: { kind: 'lru' }, parent: 'array', link: structuredClone(link) });
  }
  for (let c = 0; c < clients; c++) {
    const parent = mids > 0 ? `mid${Math.floor((c * mids) / clients) + 1}` : 'array';
    caches.push({ name: `client${c + 1}`, capacity: s.client.capacity, policy: structuredClone(s.client.policy), parent, link: structuredClone(link) });
  }
  return { caches, sharing: { kind: 'shared', fraction: 0.2 } };
}

const CLIENT_WORKLOADS = [
  { value: 'scenario', label: 'Workload below' },
  { value: 'random', label: 'Its own RANDOM' },
  { value: 'sequential', label: 'Its own SEQUENTIAL' },
  { value: 'zipf', label: 'Its own ZIPF' },
  { value: 'mix', label: 'Its own MIX of scans, loops, random' },
  { value: 'tpch-q3', label: 'TPC-H query 3 (loops, range hints)' },
  { value: 'tpch-q7', label: 'TPC-H query 7 (index lookups, range hints)' },
] as const satisfies readonly { value: ClientChoice; label: string }[];

function clientChoice(w: ClientWorkload | undefined): ClientChoice {
  if (!w) return 'scenario';
  if (w.kind === 'tpch') return w.query === 'q3' ? 'tpch-q3' : 'tpch-q7';
  // An OLTP client (set in JSON) shows as the scenario's choice list's nearest: keep it, listed as such.
  return w.kind === 'oltp' ? 'scenario' : w.kind;
}

type SharingChoice = 'disjoint' | 'conjoint' | 'shared';
type TimingChoice = 'additive' | 'closed' | 'open';
type ProtocolChoice = 'none' | 'demote' | 'ha-r' | 'ac-ca' | 'mc2';

/** A name no cache has yet: `cache5`, `cache6`… */
function freshName(t: TreeConfig): string {
  for (let i = t.caches.length + 1; ; i++) {
    if (!t.caches.some((c) => c.name === `cache${i}`)) return `cache${i}`;
  }
}

export function TreeBuilder({ scenario: s, errorAt, update }: TreeBuilderProps) {
  const t = s.tree!;
  const clients = new Set(treeClients(t).map((c) => c.name));
  const edit = (fn: (t: TreeConfig) => void) => update((n) => fn(n.tree!));
  const sharing: SharingChoice = t.sharing?.kind ?? 'disjoint';
  const timing: TimingChoice = t.queueing?.arrivals ?? 'additive';

  const rename = (i: number, name: string) =>
    edit((tree) => {
      const old = tree.caches[i].name;
      tree.caches[i].name = name;
      for (const c of tree.caches) if (c.parent === old) c.parent = name;
    });

  const setParent = (i: number, parent: string) =>
    edit((tree) => {
      const c = tree.caches[i];
      if (parent === '') {
        delete c.parent;
        delete c.link;
        c.disk = structuredClone(s.disk);
      } else {
        c.parent = parent;
        delete c.disk;
        c.link ??= { preset: 'fc-1g' };
      }
    });

  const setLink = (i: number, preset: LinkPresetId | 'none') =>
    edit((tree) => {
      if (preset === 'none') delete tree.caches[i].link;
      else tree.caches[i].link = { preset };
    });

  const remove = (i: number) =>
    edit((tree) => {
      const [gone] = tree.caches.splice(i, 1);
      // Its children move up to its parent (or become roots on a disk of their own).
      for (const c of tree.caches) {
        if (c.parent !== gone.name) continue;
        if (gone.parent !== undefined) c.parent = gone.parent;
        else {
          delete c.parent;
          delete c.link;
          c.disk = structuredClone(gone.disk ?? s.disk);
        }
      }
    });

  const add = (parent: string) =>
    edit((tree) => {
      tree.caches.push({ name: freshName(tree), capacity: s.client.capacity, policy: { kind: 'lru' }, parent, link: { preset: 'fc-1g' } });
    });

  const setWorkload = (i: number, kind: ClientChoice) =>
    edit((tree) => {
      const c = tree.caches[i];
      const blocks = c.workload && 'blocks' in c.workload ? c.workload.blocks : workloadBlocks(s.workload);
      if (kind === 'scenario') delete c.workload;
      else if (kind === 'tpch-q3' || kind === 'tpch-q7') c.workload = { kind: 'tpch', query: kind === 'tpch-q3' ? 'q3' : 'q7' };
      else c.workload = { kind, blocks };
    });

  // The diagram's selection opens that cache's inspector (its row in the list).
  const [selected, setSelected] = useState<number | null>(null);
  const select = (i: number) => {
    setSelected(i);
    const row = document.querySelector<HTMLElement>(`[data-testid="tree-cache-${i}"]`);
    row?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    row?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  const linkValue = (c: TreeCache): LinkPresetId | 'none' =>
    c.link === undefined ? 'none' : c.link.preset === 'custom' ? 'fc-1g' : c.link.preset;

  return (
    <>
      <fieldset data-testid="tree-builder">
        <legend>Topology</legend>
        <div className="tree-presets" role="group" aria-label="start from">
          {TREE_PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              className="button secondary small"
              data-testid={`tree-preset-${p.id}`}
              onClick={() =>
                update((n) => {
                  if (p.id === 'mc2') return mc2Example(n);
                  if (n.protocol.kind === 'mc2' && p.mids > 0) n.protocol = { kind: 'none' };
                  n.tree = { ...treeFromScenario(n, p.clients, p.mids), queueing: n.tree?.queueing, fairness: n.tree?.fairness };
                })
              }
            >
              {p.label}
            </button>
          ))}
        </div>
        <TopologyDiagram
          tree={t}
          selected={selected}
          onSelect={select}
          onConnect={(node, parent) => setParent(node, t.caches[parent].name)}
          onAdd={(i) => add(t.caches[i].name)}
          onRemove={(i) => {
            remove(i);
            setSelected(null);
          }}
        />
        <ol className="tree-caches">
          {t.caches.map((c, i) => (
            <li key={i} className={`tree-cache ${selected === i ? 'is-selected' : ''}`} data-testid={`tree-cache-${i}`} data-name={c.name}>
              <div className="tree-cache-head">
                <span className={`tree-role ${c.parent === undefined ? 'is-root' : clients.has(c.name) ? 'is-client' : 'is-mid'}`}>
                  {c.parent === undefined ? 'root · disk' : clients.has(c.name) ? 'client' : 'middle tier'}
                </span>
                <input
                  className="tree-name"
                  data-testid={`tree-${i}-name`}
                  aria-label={`cache ${i + 1} name`}
                  value={c.name}
                  onChange={(e) => rename(i, e.target.value)}
                />
                <button
                  type="button"
                  className="button secondary small"
                  data-testid={`tree-${i}-add`}
                  title={`Add a cache under ${c.name}`}
                  onClick={() => add(c.name)}
                >
                  + child
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  data-testid={`tree-${i}-remove`}
                  disabled={t.caches.length === 1}
                  aria-label={`remove ${c.name}`}
                  onClick={() => remove(i)}
                >
                  ×
                </button>
              </div>
              {errorAt(`tree.caches.${i}.name`) && <p className="field-error">{errorAt(`tree.caches.${i}.name`)}</p>}
              <div className="row row-loose">
                <SelectField<string>
                  testId={`tree-${i}-parent`}
                  label="Above it"
                  value={c.parent ?? ''}
                  options={[
                    { value: '', label: '— the disk (a root)' },
                    ...t.caches.filter((o) => o.name !== c.name).map((o) => ({ value: o.name, label: o.name })),
                  ]}
                  error={errorAt(`tree.caches.${i}.parent`) ?? errorAt(`tree.caches.${i}.disk`)}
                  onChange={(v) => setParent(i, v)}
                />
                <SelectField<LinkPresetId | 'none'>
                  testId={`tree-${i}-link`}
                  label={c.parent === undefined ? 'Link to its disk' : 'Link up'}
                  value={linkValue(c)}
                  options={[
                    { value: 'none', label: c.parent === undefined ? 'none (in the disk time)' : 'none (free)' },
                    ...LINK_PRESET_IDS.map((id) => ({ value: id, label: linkLabel(LINK_PRESETS.find((p) => p.id === id)!, s.blockSize) })),
                  ]}
                  error={errorAt(`tree.caches.${i}.link`)}
                  onChange={(v) => setLink(i, v)}
                />
              </div>
              {clients.has(c.name) && (
                <div className="row">
                  <SelectField<ClientChoice>
                    testId={`tree-${i}-workload`}
                    label="Its requests"
                    value={clientChoice(c.workload)}
                    options={CLIENT_WORKLOADS}
                    error={errorAt(`tree.caches.${i}.workload`)}
                    onChange={(kind) => setWorkload(i, kind)}
                  />
                  {c.workload && 'blocks' in c.workload && (
                    <NumberField
                      testId={`tree-${i}-blocks`}
                      label="Distinct blocks"
                      min={1}
                      value={c.workload.blocks}
                      error={errorAt(`tree.caches.${i}.workload.blocks`)}
                      hint={`${formatCount(c.workload.blocks)} warm-up + ${formatCount(c.workload.blocks * 10)} measured`}
                      onChange={(v) =>
                        edit((tree) => {
                          const w = tree.caches[i].workload;
                          if (w && 'blocks' in w) w.blocks = v;
                        })
                      }
                    />
                  )}
                </div>
              )}
              <CacheFields
                level={`tree.caches.${i}`}
                testPrefix={`tree-${i}`}
                capacity={c.capacity}
                blockSize={s.blockSize}
                policy={c.policy}
                policyHelp={clients.has(c.name) ? 'this client’s own cache' : 'shared by every client below it'}
                errorAt={errorAt}
                onCapacity={(v) => edit((tree) => void (tree.caches[i].capacity = v))}
                onPolicy={(p) => edit((tree) => void (tree.caches[i].policy = p))}
                co={c.co ?? false}
                onCo={(co) =>
                  edit((tree) => {
                    if (co) tree.caches[i].co = true;
                    else delete tree.caches[i].co;
                  })
                }
              />
            </li>
          ))}
        </ol>
        {errorAt('tree.caches') && <p className="field-error">{errorAt('tree.caches')}</p>}
        <p className="field-hint">
          {clients.size} client{clients.size === 1 ? '' : 's'} (the caches nothing sits under) · every root reads from the disk below
        </p>
      </fieldset>

      <fieldset>
        <legend>Clients and cooperation</legend>
        <div className="row row-loose">
          <SelectField<SharingChoice>
            testId="tree-sharing"
            label="The clients’ blocks"
            value={sharing}
            options={[
              { value: 'disjoint', label: 'Disjoint: each its own' },
              { value: 'shared', label: 'A shared fraction' },
              { value: 'conjoint', label: 'Conjoint: one stream, lock-step' },
            ]}
            error={errorAt('tree.sharing')}
            onChange={(kind) => edit((tree) => void (tree.sharing = kind === 'shared' ? { kind, fraction: 0.2 } : { kind }))}
          />
          {t.sharing?.kind === 'shared' && (
            <NumberField
              testId="tree-shared-fraction"
              label="Shared fraction"
              step="any"
              min={0}
              max={1}
              value={t.sharing.fraction}
              error={errorAt('tree.sharing.fraction')}
              hint="of each client's requests, drawn over one common range"
              onChange={(fraction) => edit((tree) => void (tree.sharing = { kind: 'shared', fraction }))}
            />
          )}
        </div>
        <div className="row row-loose">
          <SelectField<ProtocolChoice>
            testId="tree-protocol"
            label="Protocol at every level"
            value={s.protocol.kind === 'ac-cc' ? 'none' : s.protocol.kind}
            options={[
              { value: 'none', label: 'None: inclusive (READ-SAVE)' },
              { value: 'demote', label: 'DEMOTE: exclusive' },
              { value: 'ha-r', label: 'HA_R: reload evictions from disk' },
              { value: 'ac-ca', label: 'AC_CA: evict what the parent holds' },
              { value: 'mc2', label: 'MC²: partitions by range hints (paper 002)' },
            ]}
            error={errorAt('protocol')}
            onChange={(kind) => update((n) => void (n.protocol = { kind }))}
          />
          <DuField scenario={s} testId="tree-du" label="What a shared cache sends up" errorAt={errorAt} update={update} />
        </div>
        <AcCaKField scenario={s} testId="tree-ac-ca-k" errorAt={errorAt} update={update} />
        <div className="row row-loose">
          <SelectField<TimingChoice>
            testId="tree-timing"
            label="Latency model"
            value={timing}
            options={[
              { value: 'additive', label: 'Additive (paper 000 eq. 1)' },
              { value: 'closed', label: 'Queueing, closed loop' },
              { value: 'open', label: 'Queueing, open loop (Poisson)' },
            ]}
            error={errorAt('tree.queueing')}
            onChange={(v) =>
              edit((tree) => {
                if (v === 'additive') delete tree.queueing;
                else tree.queueing = v === 'closed' ? { arrivals: 'closed' } : { arrivals: 'open', meanInterarrivalMs: 20 };
              })
            }
          />
          {t.queueing?.arrivals === 'open' && (
            <NumberField
              testId="tree-open-gap"
              label="Mean gap per client"
              unit="ms"
              step="any"
              min={0}
              value={t.queueing.meanInterarrivalMs}
              error={errorAt('tree.queueing.meanInterarrivalMs')}
              onChange={(v) => edit((tree) => void (tree.queueing = { arrivals: 'open', meanInterarrivalMs: v }))}
            />
          )}
        </div>
        <label className="check">
          <input
            type="checkbox"
            data-testid="tree-fairness"
            checked={t.fairness ?? true}
            onChange={(e) =>
              edit((tree) => {
                if (e.target.checked) delete tree.fairness;
                else tree.fairness = false;
              })
            }
          />
          <span>
            <strong>Fairness</strong> — also time each client alone, for its speedup (paper 002: min speedup ÷ max speedup)
          </span>
        </label>
      </fieldset>
    </>
  );
}
