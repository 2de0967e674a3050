// The topology builder for a tree: any number of caches, each with a parent (or a disk, for a
// root), its own size, policy and link; the leaves are the clients, each running the
// scenario's generator or its own. Also how the clients' streams relate (sharing) and the
// protocol every level speaks.
import { useState } from 'react';
import { formatCount } from '../../../format/numbers';
import { linkLabel, linkPresets } from '../../../scenario/links';
import { blockSizeOf, protocolKind, treeLeaves, workloadBlocks } from '../../../scenario/document';
import type { LinkPresetId, ProtocolKind, Scenario, TreeCache, Workload } from '../../../scenario/document';
import {
  firstPath,
  mc2Example,
  pruneClientWorkloads,
  renameCache,
  setProtocol,
  treeFromScenario,
} from '../../../scenario/topology';
import { CacheFields } from './CacheFields';
import { AcCaKField, DuField, Mc2RevisionField, ProtocolAbout } from './CooperationFields';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';
import { TopologyDiagram } from './TopologyDiagram';

type WorkloadKind = 'random' | 'sequential' | 'zipf' | 'mix';
/** A client's own requests: a generator over its blocks, or a TPC-H query. */
type ClientChoice = WorkloadKind | 'tpch-q3' | 'tpch-q7' | 'scenario';

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

const CLIENT_WORKLOADS = [
  { value: 'scenario', label: 'Workload below' },
  { value: 'random', label: 'Its own RANDOM' },
  { value: 'sequential', label: 'Its own SEQUENTIAL' },
  { value: 'zipf', label: 'Its own ZIPF' },
  { value: 'mix', label: 'Its own MIX of scans, loops, random' },
  { value: 'tpch-q3', label: 'TPC-H query 3 (loops, range hints)' },
  { value: 'tpch-q7', label: 'TPC-H query 7 (index lookups, range hints)' },
] as const satisfies readonly { value: ClientChoice; label: string }[];

function clientChoice(w: Workload | undefined): ClientChoice {
  if (!w) return 'scenario';
  if (w.kind === 'tpch') return w.query === 'q3' ? 'tpch-q3' : 'tpch-q7';
  // An OLTP or PHASES client (set in JSON) has no entry of its own: it shows as the scenario's.
  return w.kind === 'oltp' || w.kind === 'phases' ? 'scenario' : w.kind;
}

type SharingChoice = 'disjoint' | 'conjoint' | 'shared';

/** A name no cache has yet: `cache5`, `cache6`… */
function freshName(caches: TreeCache[]): string {
  for (let i = caches.length + 1; ; i++) {
    if (!caches.some((c) => c.name === `cache${i}`)) return `cache${i}`;
  }
}

export function TreeBuilder({ scenario: s, errorAt, update }: TreeBuilderProps) {
  const caches = s.topology.kind === 'tree' ? s.topology.caches : [];
  const clients = new Set(treeLeaves(caches).map((c) => c.name));
  const src = s.source.kind === 'workload' ? s.source : null;
  /** Edits the caches; per-client workloads follow the clients (a cache that is no longer one loses its own). */
  const edit = (fn: (caches: TreeCache[]) => void) =>
    update((n) => {
      if (n.topology.kind !== 'tree') return;
      fn(n.topology.caches);
      pruneClientWorkloads(n);
    });
  const sharing: SharingChoice = src?.sharing?.kind ?? 'disjoint';
  const disk = firstPath(s).disk;

  const rename = (i: number, name: string) => update((n) => renameCache(n, i, name));

  const setParent = (i: number, parent: string) =>
    edit((tree) => {
      const c = tree[i];
      if (parent === '') {
        delete c.parent;
        delete c.link;
        c.disk = structuredClone(disk);
      } else {
        c.parent = parent;
        delete c.disk;
        c.link ??= { preset: 'fc-1g' };
      }
    });

  const setLink = (i: number, preset: LinkPresetId | 'none') =>
    edit((tree) => {
      if (preset === 'none') delete tree[i].link;
      else tree[i].link = { preset };
    });

  const remove = (i: number) =>
    edit((tree) => {
      const [gone] = tree.splice(i, 1);
      // Its children move up to its parent (or become roots on a disk of their own).
      for (const c of tree) {
        if (c.parent !== gone.name) continue;
        if (gone.parent !== undefined) c.parent = gone.parent;
        else {
          delete c.parent;
          delete c.link;
          c.disk = structuredClone(gone.disk ?? disk);
        }
      }
    });

  const add = (parent: string) =>
    edit((tree) => {
      tree.push({
        name: freshName(tree),
        capacity: firstPath(s).client.capacity,
        policy: { kind: 'lru' },
        parent,
        link: { preset: 'fc-1g' },
      });
    });

  /** A client's own generator (or none: the scenario's). */
  const setWorkload = (name: string, kind: ClientChoice) =>
    update((n) => {
      if (n.source.kind !== 'workload') return;
      const own = n.source.clients?.[name];
      const blocks = own && 'blocks' in own ? own.blocks : workloadBlocks(n.source.workload);
      const clientsNext = { ...n.source.clients };
      if (kind === 'scenario') delete clientsNext[name];
      else if (kind === 'tpch-q3' || kind === 'tpch-q7')
        clientsNext[name] = { kind: 'tpch', query: kind === 'tpch-q3' ? 'q3' : 'q7' };
      else clientsNext[name] = { kind, blocks };
      if (Object.keys(clientsNext).length) n.source.clients = clientsNext;
      else delete n.source.clients;
    });

  // The diagram's selection opens that cache's inspector (its row in the list).
  const [selected, setSelected] = useState<number | null>(null);
  const select = (i: number) => {
    setSelected(i);
    const row = document.querySelector<HTMLElement>(`[data-testid="tree-cache-${i}"]`);
    row?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    row?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  const protocol = protocolKind(s);
  const linkValue = (c: TreeCache): LinkPresetId | 'none' =>
    c.link === undefined ? 'none' : c.link.preset === 'custom' ? 'fc-1g' : c.link.preset;

  return (
    <>
      <fieldset data-testid="tree-builder">
        <legend>Topology</legend>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields: a fieldset's border, padding and min-width would have to be undone */}
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
                  if (protocolKind(n) === 'mc2' && p.mids > 0) setProtocol(n, { kind: 'none' });
                  n.topology = { kind: 'tree', caches: treeFromScenario(n, p.clients, p.mids) };
                  pruneClientWorkloads(n);
                })
              }
            >
              {p.label}
            </button>
          ))}
        </div>
        <TopologyDiagram
          caches={caches}
          selected={selected}
          onSelect={select}
          onConnect={(node, parent) => setParent(node, caches[parent].name)}
          onAdd={(i) => add(caches[i].name)}
          onRemove={(i) => {
            remove(i);
            setSelected(null);
          }}
        />
        <ol className="tree-caches">
          {caches.map((c, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a cache is its place in the list (by name, each keystroke in it would remount the fields)
              key={i}
              className={`tree-cache ${selected === i ? 'is-selected' : ''}`}
              data-testid={`tree-cache-${i}`}
              data-name={c.name}
            >
              <div className="tree-cache-head">
                <span
                  className={`tree-role ${c.parent === undefined ? 'is-root' : clients.has(c.name) ? 'is-client' : 'is-mid'}`}
                >
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
                  disabled={caches.length === 1}
                  aria-label={`remove ${c.name}`}
                  onClick={() => remove(i)}
                >
                  ×
                </button>
              </div>
              {errorAt(`topology.caches.${i}.name`) && (
                <p className="field-error">{errorAt(`topology.caches.${i}.name`)}</p>
              )}
              <div className="row row-loose">
                <SelectField<string>
                  testId={`tree-${i}-parent`}
                  label="Above it"
                  value={c.parent ?? ''}
                  options={[
                    { value: '', label: '— the disk (a root)' },
                    ...caches.filter((o) => o.name !== c.name).map((o) => ({ value: o.name, label: o.name })),
                  ]}
                  error={errorAt(`topology.caches.${i}.parent`) ?? errorAt(`topology.caches.${i}.disk`)}
                  onChange={(v) => setParent(i, v)}
                />
                <SelectField<LinkPresetId | 'none'>
                  testId={`tree-${i}-link`}
                  label={c.parent === undefined ? 'Link to its disk' : 'Link up'}
                  value={linkValue(c)}
                  options={[
                    { value: 'none', label: c.parent === undefined ? 'none (in the disk time)' : 'none (free)' },
                    ...linkPresets().map((p) => ({
                      value: p.preset,
                      label: linkLabel(p, blockSizeOf(s)),
                    })),
                  ]}
                  error={errorAt(`topology.caches.${i}.link`)}
                  onChange={(v) => setLink(i, v)}
                />
              </div>
              {clients.has(c.name) && src && (
                <ClientWorkloadFields
                  index={i}
                  own={src.clients?.[c.name]}
                  error={errorAt(`source.clients.${c.name}`)}
                  errorAt={(f) => errorAt(`source.clients.${c.name}.${f}`)}
                  onChoose={(kind) => setWorkload(c.name, kind)}
                  onBlocks={(v) =>
                    update((n) => {
                      const w = n.source.kind === 'workload' ? n.source.clients?.[c.name] : undefined;
                      if (w && 'blocks' in w) w.blocks = v;
                    })
                  }
                />
              )}
              <CacheFields
                level={`topology.caches.${i}`}
                testPrefix={`tree-${i}`}
                capacity={c.capacity}
                blockSize={blockSizeOf(s)}
                policy={c.policy}
                policyHelp={clients.has(c.name) ? 'this client’s own cache' : 'shared by every client below it'}
                errorAt={errorAt}
                onCapacity={(v) => edit((tree) => void (tree[i].capacity = v))}
                onPolicy={(p) => edit((tree) => void (tree[i].policy = p))}
                co={c.co ?? false}
                onCo={(co) =>
                  edit((tree) => {
                    if (co) tree[i].co = true;
                    else delete tree[i].co;
                  })
                }
                admission={c.admission}
                onAdmission={(a) =>
                  edit((tree) => {
                    if (a) tree[i].admission = a;
                    else delete tree[i].admission;
                  })
                }
                prefetch={c.prefetch}
                onPrefetch={(p) =>
                  edit((tree) => {
                    if (p) tree[i].prefetch = p;
                    else delete tree[i].prefetch;
                  })
                }
              />
            </li>
          ))}
        </ol>
        {errorAt('topology.caches') && <p className="field-error">{errorAt('topology.caches')}</p>}
        <p className="field-hint">
          {clients.size} client{clients.size === 1 ? '' : 's'} (the caches nothing sits under) · every root reads from
          the disk below
        </p>
      </fieldset>

      <fieldset>
        <legend>Clients and cooperation</legend>
        {src && (
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
              error={errorAt('source.sharing')}
              onChange={(kind) =>
                update((n) => {
                  if (n.source.kind !== 'workload') return;
                  if (kind === 'disjoint') delete n.source.sharing;
                  else n.source.sharing = kind === 'shared' ? { kind, fraction: 0.2 } : { kind };
                })
              }
            />
            {src.sharing?.kind === 'shared' && (
              <NumberField
                testId="tree-shared-fraction"
                label="Shared fraction"
                step="any"
                min={0}
                max={1}
                value={src.sharing.fraction}
                error={errorAt('source.sharing.fraction')}
                hint="of each client's requests, drawn over one common range"
                onChange={(fraction) =>
                  update(
                    (n) => void (n.source.kind === 'workload' && (n.source.sharing = { kind: 'shared', fraction })),
                  )
                }
              />
            )}
          </div>
        )}
        <div className="row row-loose">
          <SelectField<ProtocolKind>
            testId="tree-protocol"
            label="Protocol at every level"
            value={protocol}
            options={[
              { value: 'none', label: 'None: inclusive (READ-SAVE)' },
              { value: 'demote', label: 'DEMOTE: exclusive' },
              { value: 'ha-r', label: 'HA_R: reload evictions from disk' },
              { value: 'ac-cc', label: 'AC_CC: each client places each block in one level (ULC)' },
              { value: 'ac-ca', label: 'AC_CA: evict what the parent holds' },
              { value: 'mc2', label: 'MC²: partitions by range hints (paper 002)' },
            ]}
            error={errorAt('protocol')}
            onChange={(kind) => update((n) => setProtocol(n, { kind }))}
          />
          <DuField
            scenario={s}
            testId="tree-du"
            label="What a shared cache sends up"
            errorAt={errorAt}
            update={update}
          />
        </div>
        <ProtocolAbout kind={protocol} testId="tree-protocol-about" />
        <AcCaKField scenario={s} testId="tree-ac-ca-k" errorAt={errorAt} update={update} />
        <Mc2RevisionField scenario={s} testId="tree-mc2-revision" errorAt={errorAt} update={update} />
      </fieldset>
    </>
  );
}

/** A client's requests: the scenario's generator, or its own (a generator over its blocks, a TPC-H query). */
function ClientWorkloadFields({
  index: i,
  own,
  error,
  errorAt,
  onChoose,
  onBlocks,
}: {
  index: number;
  own: Workload | undefined;
  error: string | undefined;
  errorAt: (field: string) => string | undefined;
  onChoose: (kind: ClientChoice) => void;
  onBlocks: (blocks: number) => void;
}) {
  return (
    <div className="row">
      <SelectField<ClientChoice>
        testId={`tree-${i}-workload`}
        label="Its requests"
        value={clientChoice(own)}
        options={CLIENT_WORKLOADS}
        error={error && !errorAt('blocks') ? error : undefined}
        onChange={onChoose}
      />
      {own && 'blocks' in own && (
        <NumberField
          testId={`tree-${i}-blocks`}
          label="Distinct blocks"
          min={1}
          value={own.blocks}
          error={errorAt('blocks')}
          hint={`${formatCount(own.blocks)} warm-up + ${formatCount(own.blocks * 10)} measured`}
          onChange={onBlocks}
        />
      )}
    </div>
  );
}
