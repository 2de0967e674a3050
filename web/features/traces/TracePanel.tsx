// Trace files: the traces bundled with the app (made by our own generators; see
// public/traces/index.json and scripts/make-traces.sh) to replay in one click, and the current
// generated workload previewed (its first measured requests, with each one's client, paper
// 004's write hints and paper 002's ranges) and downloaded as a trace file — canonical CSV (a
// tree's clients in its client column, so replaying it through the tree gives the same run) or
// oracleGeneral (one client only: its records have no client).
import { useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../scenario/document';
import { sourceRequests, workloadOf } from '../../scenario/topology';
import { catalogue } from '../../engine/engine';
import { EngineClient, type PreviewRow } from '../../worker/client';
import { download as saveFile, exportName } from '../../export/export';
import { type BundledTrace, bundledTraces, fetchBundled } from './bundled';

export type { BundledTrace } from './bundled';

/** Requests the preview shows. */
const PREVIEW_REQUESTS = 24;

export interface TracePanelProps {
  /** The valid scenario (exports its generator), or null. */
  base: Scenario | null;
  /** Replays a file (the same path as a dropped one). */
  onOpen: (file: File) => void;
  /** Tests pass the list; the app fetches public/traces/index.json. */
  bundled?: BundledTrace[];
}

/** A range id, named when the workload is the TPC-H client's. */
function rangeLabel(id: number, s: Scenario | null): string {
  return s && workloadOf(s)?.kind === 'tpch' && id < catalogue().tpch.ranges.length
    ? `${id} · ${catalogue().tpch.ranges[id]}`
    : String(id);
}

export function TracePanel({ base, onOpen, bundled: given }: TracePanelProps) {
  const [bundled, setBundled] = useState<BundledTrace[] | null>(given ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<PreviewRow[] | null>(null);
  const [previewFrom, setPreviewFrom] = useState(0);
  const engine = useRef<EngineClient | null>(null);
  useEffect(() => {
    if (given) return;
    let live = true;
    bundledTraces()
      .then((list) => live && setBundled(list))
      .catch(
        (e: unknown) =>
          live && setError(`The bundled traces did not load: ${e instanceof Error ? e.message : String(e)}`),
      );
    return () => {
      live = false;
    };
  }, [given]);
  useEffect(() => () => engine.current?.terminate(), []);

  const open = async (t: BundledTrace) => {
    setError(null);
    try {
      onOpen(await fetchBundled(t.file));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const download = async (format: 'csv' | 'oracle-general') => {
    if (!base) return;
    setBusy(true);
    setError(null);
    try {
      const bytes = await (engine.current ??= new EngineClient()).exportWorkload(base, format);
      saveFile(
        exportName(base.name || 'tiersim', 'workload', format === 'csv' ? 'csv' : 'oracleGeneral'),
        new Blob([bytes as BlobPart]),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const showPreview = async () => {
    if (!base) return;
    setError(null);
    try {
      // From the end of the warm-up: the workload as the measured phase sees it (an OLTP
      // client's pool is full by then, and its cleaners are writing).
      const [warm] = sourceRequests(base);
      setPreview(await (engine.current ??= new EngineClient()).previewWorkload(base, warm, PREVIEW_REQUESTS));
      setPreviewFrom(warm);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const exportable = !!base && base.source.kind === 'workload';
  // oracleGeneral's records carry no client: a tree's workload exports as CSV only.
  const oracleOk = exportable && base.topology.kind !== 'tree';
  return (
    <div className="trace-panel" data-testid="trace-panel">
      <h2 className="card-title">Trace files</h2>
      <p className="stat-sub">
        Drop a trace anywhere on the page — CSV, one block per line, MSR, SPC, blkparse, vscsi, oracleGeneral, K5cloud,
        Tencent CBS, Alibaba, webcachesim or Wikimedia's CDN traces, gzip'd or zstd'd too — or replay one of these:
      </p>
      <ul className="trace-list">
        {(bundled ?? []).map((t) => (
          <li key={t.file}>
            <button
              type="button"
              className="button secondary small"
              data-testid={`bundled-${t.file}`}
              title={t.command}
              onClick={() => void open(t)}
            >
              {t.file}
            </button>{' '}
            <span className="muted">{t.description}</span>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button
          type="button"
          className="button secondary small"
          data-testid="export-csv"
          disabled={!exportable || busy}
          onClick={() => void download('csv')}
        >
          Download the workload as CSV
        </button>
        <button
          type="button"
          className="button secondary small"
          data-testid="export-oracle"
          disabled={!oracleOk || busy}
          title={
            exportable && !oracleOk
              ? 'oracleGeneral records have no client: a tree’s workload exports as CSV, with its client column'
              : undefined
          }
          onClick={() => void download('oracle-general')}
        >
          … as oracleGeneral
        </button>
        <button
          type="button"
          className="button secondary small"
          data-testid="preview-workload"
          disabled={!exportable}
          onClick={() => void showPreview()}
        >
          Preview it
        </button>
      </div>
      {exportable && !oracleOk && (
        <p className="field-hint" data-testid="export-tree-hint">
          A tree’s workload downloads as CSV, each request with its client (replaying it through the same tree, its
          clients in order, gives the same run); oracleGeneral records carry no client.
        </p>
      )}
      {preview && (
        <table className="preview-table" data-testid="workload-preview">
          <caption className="muted">
            Requests {previewFrom + 1} to {previewFrom + preview.length} of the generated workload (the first measured
            ones)
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">client</th>
              <th scope="col">block</th>
              <th scope="col">blocks</th>
              <th scope="col">op</th>
              <th scope="col">write hint</th>
              <th scope="col">range</th>
            </tr>
          </thead>
          <tbody>
            {preview.map((r, i) => {
              // The request's number in the workload: a row's identity as the window moves.
              const n = previewFrom + i + 1;
              return (
                <tr key={n} data-testid={`preview-row-${i}`} data-op={r.op} data-hint={r.hint ?? ''}>
                  <td>{n}</td>
                  <td>{r.client}</td>
                  <td>{r.block}</td>
                  <td>{r.nblocks}</td>
                  <td>{r.op}</td>
                  <td>{r.hint ? <span className={`hint hint-${r.hint}`}>{r.hint.toUpperCase()}</span> : ''}</td>
                  <td data-testid={`preview-range-${i}`}>{r.range === undefined ? '' : rangeLabel(r.range, base)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="trace-panel-error">
          {error}
        </p>
      )}
    </div>
  );
}
