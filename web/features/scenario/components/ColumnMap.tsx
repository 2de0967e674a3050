// Any delimited text trace, mapped by hand against a preview of its first lines: which column is
// the key (an id, hashed when it is text, or a byte or block address), the size, the time, the
// operation and the client; the delimiter, a header line, the time's unit. The engine guesses a
// map from the lines, cuts them into fields and reads them through the map as it is edited
// (columnsPreview: the page holds no copy of the reader's rules); the map is applied by reading
// the whole file through it, and kept in the scenario (its source's `columns`).
import { useEffect, useMemo, useState } from 'react';
import { engine } from '../../../engine/engine';
import { formatCount } from '../../../format/numbers';
import type { Address, Columns, Delimiter, KeyKind, TimeUnit } from '../../../generated/engine';
import { ADDRESSES, DELIMITERS, KEY_KINDS, TIME_UNITS } from './columns';
import { SelectField } from '../../../ui/SelectField';

/** The first bytes of a file the preview reads (the engine's own sample size for a format). */
const HEAD_BYTES = 64 * 1024;

type Role = 'key' | 'size' | 'time' | 'op' | 'client';
const ROLES: readonly Role[] = ['key', 'size', 'time', 'op', 'client'];
const ROLE_LABELS: Record<Role | 'none', string> = {
  none: '—',
  key: 'key',
  size: 'size',
  time: 'time',
  op: 'op',
  client: 'client',
};
function choices<V extends string>(labels: Record<V, string>) {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
}

/** The role of column `c` (from 1) in `map`. */
function roleOf(map: Columns, c: number): Role | 'none' {
  return ROLES.find((r) => map[r] === c) ?? 'none';
}

/** `map` with column `c` in `role` (and out of any other), or out of every role. */
function withRole(map: Columns, c: number, role: Role | 'none'): Columns {
  const next: Columns = { ...map };
  for (const r of ROLES) {
    if (r === role || next[r] !== c) continue;
    // The key is required: a column leaving it leaves the map unreadable until another takes it.
    if (r === 'key') next.key = 0;
    else delete next[r];
  }
  if (role !== 'none') next[role] = c;
  return next;
}

export interface ColumnMapProps {
  file: Blob;
  /** The map the scenario has, if any (else the engine's guess). */
  value?: Columns;
  blockSize: number;
  objectMode: boolean;
  onApply: (columns: Columns) => void;
}

export function ColumnMap({ file, value, blockSize, objectMode, onApply }: ColumnMapProps) {
  const [head, setHead] = useState<Uint8Array | null>(null);
  const [map, setMap] = useState<Columns | undefined>(value);
  useEffect(() => {
    let live = true;
    void file
      .slice(0, HEAD_BYTES)
      .arrayBuffer()
      .then((b) => live && setHead(new Uint8Array(b)));
    return () => {
      live = false;
    };
  }, [file]);
  const preview = useMemo(() => {
    if (!head) return null;
    try {
      return engine().columnsPreview(head, map, blockSize, objectMode);
    } catch (e) {
      return { rows: [], requests: 0, error: e instanceof Error ? e.message : String(e), columns: map };
    }
  }, [head, map, blockSize, objectMode]);
  // The guess, once the head is read, until the person edits it.
  const shown = map ?? preview?.columns;
  if (!preview) return <p className="field-hint">Reading the first lines…</p>;
  const width = Math.max(0, ...preview.rows.map((r) => r.length));
  // Columns and lines numbered from 1: their numbers are their keys.
  const cols = Array.from({ length: width }, (_, i) => i + 1);
  const lines = preview.rows.map((cells, i) => ({ line: i + 1, cells }));
  const set = (edit: (m: Columns) => Columns) => shown && setMap(edit(shown));
  return (
    <div className="column-map" data-testid="column-map">
      <p className="field-hint">
        Say which column holds what: the <strong>key</strong> (an object id or an address) is required; a{' '}
        <strong>size</strong> in bytes makes an object trace sized, read as objects. The first lines of the file, as the
        map cuts them:
      </p>
      {shown && (
        <div className="row">
          <SelectField<Delimiter>
            testId="columns-delimiter"
            label="Fields separated by"
            value={shown.delimiter ?? 'comma'}
            options={choices(DELIMITERS)}
            onChange={(d) => set((m) => ({ ...m, delimiter: d }))}
          />
          <SelectField<KeyKind>
            testId="columns-ids"
            label="Keys are"
            value={shown.ids ?? 'number'}
            options={choices(KEY_KINDS)}
            onChange={(k) => set((m) => ({ ...m, ids: k }))}
          />
          <SelectField<Address>
            testId="columns-address"
            label="A key is"
            value={shown.address ?? 'object'}
            options={choices(ADDRESSES)}
            onChange={(a) => set((m) => ({ ...m, address: a }))}
          />
          <SelectField<TimeUnit>
            testId="columns-time-unit"
            label="Times in"
            value={shown.timeUnit ?? 's'}
            options={choices(TIME_UNITS)}
            onChange={(u) => set((m) => ({ ...m, timeUnit: u }))}
          />
          <label className="check">
            <input
              type="checkbox"
              data-testid="columns-header"
              checked={!!shown.header}
              onChange={(e) => set((m) => ({ ...m, header: e.target.checked }))}
            />
            <span>The first line names the columns</span>
          </label>
        </div>
      )}
      {width > 0 && (
        <div className="table-scroll">
          <table className="data-table column-preview" data-testid="columns-preview">
            <thead>
              <tr>
                {cols.map((c) => (
                  <th key={c} scope="col">
                    <select
                      aria-label={`column ${c} holds`}
                      data-testid={`columns-role-${c}`}
                      value={shown ? roleOf(shown, c) : 'none'}
                      onChange={(e) =>
                        setMap(withRole(shown ?? { key: 0, header: false }, c, e.target.value as Role | 'none'))
                      }
                    >
                      {(['none', ...ROLES] as const).map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </select>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map(({ line, cells }) => (
                <tr key={line} className={line === 1 && shown?.header ? 'is-header' : ''}>
                  {cols.map((c) => (
                    <td key={c}>{cells[c - 1] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p
        className={preview.error ? 'field-error' : 'field-hint'}
        data-testid="columns-status"
        data-requests={preview.requests}
      >
        {preview.error
          ? preview.error
          : `${formatCount(preview.requests)} requests read from the first lines through this map.`}
      </p>
      <button
        type="button"
        className="button small"
        data-testid="columns-apply"
        disabled={!shown || !!preview.error}
        onClick={() => shown && onApply(shown)}
      >
        Read the file with this map
      </button>
    </div>
  );
}
