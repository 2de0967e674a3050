// The trace a scenario replays: what was read (requests, blocks, and the trace's own clients —
// volumes, hosts, a CSV client column), how it is read (format, warm-up, object mode, bad
// records), and which client of the topology each trace client drives: in order of appearance,
// all merged into one stream, or mapped by hand. With one client and a trace of several, it
// offers to merge them or to build a tree with a client per trace client.
import { formatCount } from '../../../format/numbers';
import { catalogue } from '../../../engine/engine';
import {
  blockSizeOf,
  clientNames,
  type Scenario,
  type TraceClients,
  type TraceFormat,
} from '../../../scenario/document';
import { traceAssignment, traceOf, traceWarmup, treeForTraceClients } from '../../../scenario/topology';
import type { TraceReading, TraceSummary } from '../../../worker/protocol';
import { traceFile } from '../../../worker/traces';
import { ColumnMap } from './ColumnMap';
import { describeColumns } from './columns';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';

export interface TraceFieldsProps {
  scenario: Scenario;
  /** What reading the file gave, if the page has read it. */
  loaded: TraceSummary | null;
  errorAt: (path: string) => string | undefined;
  update: (edit: (next: Scenario) => void) => void;
  /** Reads the file again another way (a column map applied). */
  onReread?: (file: File, reading: TraceReading) => void;
}

type Mode = TraceClients['kind'];

/** "0 (1,200 requests), 3 (800 requests)" — the first few, then how many more. */
function listClients(clients: TraceSummary['clients'], most = 6): string {
  const shown = clients.slice(0, most).map((c) => `${c.id} (${formatCount(c.requests)} requests)`);
  return clients.length > most ? `${shown.join(', ')} and ${clients.length - most} more` : shown.join(', ');
}

export function TraceFields({ scenario: s, loaded, errorAt, update, onReread }: TraceFieldsProps) {
  const t = traceOf(s)!;
  const set = (edit: (t: NonNullable<ReturnType<typeof traceOf>>) => void) => update((n) => edit(traceOf(n)!));
  const clients = loaded?.clients ?? [];
  const ids = clients.map((c) => c.id);
  const leaves = clientNames(s.topology);
  const mode: Mode = t.clients?.kind ?? 'order';
  const assigned = traceAssignment(s, ids);
  const oneClient = leaves.length === 1;
  // The assignment as it stands, as a map: a trace client no leaf takes goes to the last one.
  const asMap = () => Object.fromEntries(ids.map((id, k) => [String(id), assigned[k] ?? leaves[leaves.length - 1]]));
  const setMode = (m: Mode) =>
    set((t) => {
      if (m === 'order') delete t.clients;
      else if (m === 'merged') t.clients = { kind: 'merged' };
      else t.clients = { kind: 'map', map: asMap() };
    });
  const mapTo = (id: number, leaf: string) =>
    set((t) => {
      const map = t.clients?.kind === 'map' ? { ...t.clients.map } : asMap();
      map[String(id)] = leaf;
      t.clients = { kind: 'map', map };
    });
  const picked = traceFile(t.name);
  const file = picked instanceof File ? picked : undefined;
  const buildTree = () => update((n) => void (n.topology = treeForTraceClients(n, ids).topology));

  return (
    <div className="trace-fields" data-testid="trace-fields">
      <p
        className={`trace-status ${loaded ? '' : 'is-missing'}`}
        data-testid="trace-summary"
        data-requests={loaded?.requests ?? ''}
        data-clients={loaded ? String(clients.length) : ''}
      >
        <strong>{t.name}</strong>{' '}
        {loaded
          ? `· ${loaded.format} · ${formatCount(loaded.requests)} requests, ${formatCount(loaded.blockRefs)} block references over ${formatCount(loaded.distinct)} blocks${loaded.skipped ? ` · ${formatCount(loaded.skipped)} bad records skipped` : ''}`
          : '— not loaded in this page: pick or drop the file to run this scenario'}
      </p>
      {loaded?.firstSkipped && <p className="field-hint">First skipped: {loaded.firstSkipped}</p>}
      {loaded && loaded.hashedIds > 0 && (
        <p className="field-hint" data-testid="trace-hashed" data-collisions={loaded.collisions}>
          {formatCount(loaded.hashedIds)} distinct text ids hashed to 64 bits;{' '}
          {loaded.collisions === 0
            ? 'none collided'
            : `${formatCount(loaded.collisions)} met another's hash and replay as that object`}
          .
        </p>
      )}
      {clients.length > 1 && (
        <div className="trace-clients" data-testid="trace-clients" data-ids={ids.join(',')}>
          <p className="field-hint">
            <strong>{clients.length} clients</strong> in the trace, in the order they appear: {listClients(clients)}.
          </p>
          {oneClient && mode !== 'merged' && (
            <p className="field-hint">
              This topology has one client: replay the trace's clients as one stream, or give each its own client cache
              over the array.
            </p>
          )}
          {oneClient && mode === 'merged' && (
            <p className="field-hint">Their requests replay as one stream through the one client.</p>
          )}
          <div className="row">
            {oneClient && mode !== 'merged' && (
              <button
                type="button"
                className="button secondary small"
                data-testid="trace-merge"
                onClick={() => setMode('merged')}
              >
                Merge them into one stream
              </button>
            )}
            {(oneClient || leaves.length !== clients.length) && (
              <button
                type="button"
                className="button secondary small"
                data-testid="trace-build-tree"
                onClick={buildTree}
              >
                Build a tree: a client per trace client ({clients.length})
              </button>
            )}
          </div>
        </div>
      )}
      {!oneClient && (
        <>
          <SelectField<Mode>
            testId="trace-clients-mode"
            label="Trace clients drive"
            value={mode}
            options={[
              { value: 'order', label: 'the clients in order of appearance' },
              { value: 'merged', label: 'one client, merged into one stream' },
              { value: 'map', label: 'the clients mapped below' },
            ]}
            error={errorAt('source.clients')}
            onChange={setMode}
          />
          {clients.length > 0 && mode !== 'merged' && (
            <table className="data-table trace-map" data-testid="trace-map">
              <thead>
                <tr>
                  <th scope="col">trace client</th>
                  <th scope="col">requests</th>
                  <th scope="col">drives</th>
                </tr>
              </thead>
              <tbody>
                {clients.map((c, k) => (
                  <tr key={c.id} data-id={c.id} data-leaf={assigned[k] ?? ''}>
                    <th scope="row">{c.id}</th>
                    <td>{formatCount(c.requests)}</td>
                    <td>
                      <select
                        aria-label={`the client trace client ${c.id} drives`}
                        data-testid={`trace-map-${c.id}`}
                        value={assigned[k] ?? ''}
                        onChange={(e) => mapTo(c.id, e.target.value)}
                      >
                        {assigned[k] === null && <option value="">— none</option>}
                        {leaves.map((l) => (
                          <option key={l} value={l}>
                            {l}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {errorAt('source.clients.map') && <p className="field-error">{errorAt('source.clients.map')}</p>}
        </>
      )}
      <div className="row">
        <SelectField<TraceFormat | 'auto'>
          testId="trace-format"
          label="Format"
          value={t.format ?? 'auto'}
          options={[
            { value: 'auto', label: 'Recognise it' },
            ...catalogue().traceFormats.map((f) => ({ value: f, label: f })),
          ]}
          error={errorAt('source.format')}
          onChange={(f) => set((t) => (f === 'auto' ? delete t.format : (t.format = f)))}
        />
        <NumberField
          testId="trace-warmup"
          label="Warm-up requests"
          min={0}
          value={t.warmupRequests ?? (loaded ? traceWarmup(s, loaded.requests) : 0)}
          error={errorAt('source.warmupRequests')}
          hint="default: the first tenth of the trace; peers (libCacheSim) count every request"
          onChange={(v) => set((t) => void (t.warmupRequests = v))}
        />
        {t.warmupRequests !== 0 && (
          <button
            type="button"
            className="button secondary small"
            data-testid="trace-count-all"
            onClick={() => set((t) => void (t.warmupRequests = 0))}
          >
            Count every request
          </button>
        )}
      </div>
      {t.format === 'columns' && (
        <div className="trace-columns" data-testid="trace-columns">
          <p className="field-hint">
            {t.columns ? `Read through its column map: ${describeColumns(t.columns)}.` : 'No column map yet.'}
          </p>
          {errorAt('source.columns') && <p className="field-error">{errorAt('source.columns')}</p>}
          {file && onReread && (
            <details open={!t.columns}>
              <summary>Edit the column map</summary>
              <ColumnMap
                file={file}
                value={t.columns}
                blockSize={blockSizeOf(s)}
                objectMode={!!t.objectMode}
                onApply={(columns) => onReread(file, { format: 'columns', columns })}
              />
            </details>
          )}
        </div>
      )}
      <label className="check">
        <input
          type="checkbox"
          data-testid="trace-object"
          checked={!!t.objectMode}
          onChange={(e) => set((t) => (e.target.checked ? (t.objectMode = true) : delete t.objectMode))}
        />
        <span>
          <strong>Object mode</strong> — key each request by its start address, unsplit
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="trace-skip-bad"
          checked={!!t.skipBad}
          onChange={(e) => set((t) => (e.target.checked ? (t.skipBad = true) : delete t.skipBad))}
        />
        <span>
          <strong>Skip bad records</strong> — count them instead of refusing the file
        </span>
      </label>
    </div>
  );
}
