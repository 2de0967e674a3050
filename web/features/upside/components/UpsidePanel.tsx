// Paper 000 §3's upside estimator: what exclusive caching would buy, predicted from the
// workload's LRU stack-depth graph alone — for chosen client and array sizes (hit fractions
// and mean latency of an inclusive and an exclusive pair), and for a sweep of equal sizes
// drawn as the paper's Figure 4 (bars of hit fraction, labelled with the % miss-rate cut).
import { capacityBlocks } from '../../../scenario/capacity';
import { useEffect, useRef, useState } from 'react';
import { formatCount, formatMs, formatPercent, formatSig } from '../../../format/numbers';
import { UpsideChart } from '../../../charts/upside/UpsideChart';
import { blockSizeOf, type Scenario } from '../../../scenario/document';
import { firstPath, sourceBlocks } from '../../../scenario/topology';
import { EngineClient, isAbortError } from '../../../worker/client';
import type { ClientUpside, UpsidePoint, UpsidePrediction, UpsideReport } from '../../../worker/protocol';
import { NumberField } from '../../../ui/NumberField';

/** Figure 4's sweep: `n` equal sizes doubling up to the largest power of two ≤ `blocks`. */
export function sweepSizes(blocks: number, n = 8): number[] {
  const top = 2 ** Math.floor(Math.log2(Math.max(1, blocks)));
  return Array.from({ length: n }, (_, i) => Math.max(1, top / 2 ** (n - 1 - i))).filter(
    (s, i, all) => all.indexOf(s) === i,
  );
}

const MAX_SIZE = 2 ** 25;
const sizeError = (v: number) =>
  Number.isInteger(v) && v >= 1 && v <= MAX_SIZE ? undefined : `must be a whole number from 1 to ${MAX_SIZE}`;

export interface UpsidePanelProps {
  base: Scenario | null;
  /** Tests pass a fake; the app makes its own engine worker. */
  estimate?: (s: Scenario, points: { client: number; array: number }[], signal: AbortSignal) => Promise<UpsideReport>;
  /** Distinct blocks of the workload when the generator does not say (a replayed trace). */
  blocks?: number;
}

/**
 * The sizes the estimate starts from (the engine's `path_sizes` for the first client): its
 * cache, and the caches above it summed (a single cache: as large an array again).
 */
export function pathSizes(s: Scenario): [number, number] {
  const { client, above } = firstPath(s);
  const bs = blockSizeOf(s);
  const sum = above.reduce((a, c) => a + capacityBlocks(c.capacity, bs), 0);
  const own = capacityBlocks(client.capacity, bs);
  return [own, sum || own];
}

export function UpsidePanel({ base, estimate, blocks }: UpsidePanelProps) {
  const sizes = base ? pathSizes(base) : null;
  const [client, setClient] = useState(sizes?.[0] ?? 16384);
  const [array, setArray] = useState(sizes?.[1] ?? 16384);
  const [result, setResult] = useState<{ report: UpsideReport; sweep: number[] } | null>(null);
  const [status, setStatus] = useState<'idle' | 'running' | 'done' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const engine = useRef<EngineClient | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      abort.current?.abort();
      engine.current?.terminate();
    },
    [],
  );
  // Follow the scenario's sizes when they change.
  const [seen, setSeen] = useState(sizes);
  if (sizes && (seen?.[0] !== sizes[0] || seen?.[1] !== sizes[1])) {
    setSeen(sizes);
    setClient(sizes[0]);
    setArray(sizes[1]);
  }

  const invalid = sizeError(client) ?? sizeError(array);
  const start = async () => {
    if (!base || invalid) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const sweep = sweepSizes(blocks ?? sourceBlocks(base));
    const points = [{ client, array }, ...sweep.map((s) => ({ client: s, array: s }))];
    setStatus('running');
    setError(null);
    try {
      const run = estimate ?? ((s, p, signal) => (engine.current ??= new EngineClient()).estimateUpside(s, p, signal));
      const report = await run(base, points, controller.signal);
      if (controller.signal.aborted) return;
      setResult({ report, sweep });
      setStatus('done');
    } catch (e) {
      if (isAbortError(e)) return;
      setStatus('error');
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const chosen = result?.report.points[0];
  return (
    <div className="upside-panel" data-testid="upside-panel">
      <div className="chart-head">
        <h3>Upside of exclusive caching</h3>
        {result && (
          <span className={`badge ${result.report.sampledRate ? 'is-sampled' : ''}`} data-testid="upside-sampled">
            {result.report.sampledRate ? `sampled at R = ${formatSig(result.report.sampledRate)}` : 'exact'}
          </span>
        )}
      </div>
      <p className="stat-sub">
        Paper 000 §3: from the workload’s stack-depth graph H alone, an exclusive pair (DEMOTE) hits H(client + array);
        an inclusive LRU pair hits H(client) in the client, and its array is an LRU cache over the client’s misses. Same
        workload, link and disk as the scenario
        {base?.topology.kind === 'tree'
          ? '; the sizes below take every client’s requests as one stream, and each client is also estimated on its own stream at its own path’s sizes'
          : ''}
        .
      </p>
      <div className="upside-form">
        <NumberField
          testId="upside-client"
          label="Client cache"
          unit="blocks"
          min={1}
          value={client}
          error={sizeError(client)}
          onChange={setClient}
        />
        <NumberField
          testId="upside-array"
          label="Array cache"
          unit="blocks"
          min={1}
          value={array}
          error={sizeError(array)}
          onChange={setArray}
        />
        <button
          type="button"
          className="button primary"
          data-testid="upside-run"
          disabled={!base || !!invalid || status === 'running'}
          onClick={() => void start()}
        >
          {status === 'running' ? 'Estimating…' : 'Estimate'}
        </button>
      </div>
      {error && (
        <div className="banner banner-error" role="alert" data-testid="upside-error">
          {error}
        </div>
      )}
      {chosen && result && (
        <>
          <UpsideTable point={chosen} />
          <p className="stat-sub">
            Exclusive caching cuts the miss rate by{' '}
            <strong data-testid="upside-reduction" data-value={String(chosen.missReductionPercent)}>
              {formatSig(chosen.missReductionPercent)} %
            </strong>{' '}
            and the mean latency by a factor of{' '}
            <strong data-testid="upside-speedup" data-value={String(chosen.speedup)}>
              {formatSig(chosen.speedup)}×
            </strong>{' '}
            ({formatCount(result.report.references)} block references, {formatCount(result.report.distinct)} distinct
            blocks).
          </p>
          {result.report.clients && result.report.clients.length > 0 && (
            <ClientUpsideTable clients={result.report.clients} />
          )}
          <UpsideChart points={result.report.points.slice(1)} />
        </>
      )}
    </div>
  );
}

function UpsideTable({ point }: { point: UpsidePoint }) {
  const row = (name: string, p: UpsidePrediction) => (
    <tr
      data-testid={`upside-${name}`}
      data-client={String(p.client)}
      data-array={String(p.array)}
      data-disk={String(p.disk)}
      data-mean-ms={String(p.meanLatencyMs)}
    >
      <th scope="row">{name}</th>
      <td>{formatPercent(p.client)}</td>
      <td>{formatPercent(p.array)}</td>
      <td>{formatPercent(p.disk)}</td>
      <td>{formatMs(p.meanLatencyMs)}</td>
    </tr>
  );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes the focus, so the keys can scroll it
    <section className="table-scroll" tabIndex={0} aria-label="Upside at each size (scrolls sideways)">
      <table className="data-table" data-testid="upside-table">
        <thead>
          <tr>
            <th scope="col">
              {formatCount(point.client)} + {formatCount(point.array)} blocks
            </th>
            <th scope="col">client</th>
            <th scope="col">array</th>
            <th scope="col">disk</th>
            <th scope="col">mean latency</th>
          </tr>
        </thead>
        <tbody>
          {row('inclusive', point.inclusive)}
          {row('exclusive', point.exclusive)}
        </tbody>
      </table>
    </section>
  );
}

/** Each client on its own stream, at its own sizes: what exclusivity would buy it. */
function ClientUpsideTable({ clients }: { clients: ClientUpside[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes the focus, so the keys can scroll it
    <section className="table-scroll" tabIndex={0} aria-label="Upside of each client (scrolls sideways)">
      <table className="data-table" data-testid="upside-clients">
        <caption className="muted">Each client on its own stream: its cache, and the caches above it summed</caption>
        <thead>
          <tr>
            <th scope="col">client</th>
            <th scope="col">sizes (blocks)</th>
            <th scope="col">references</th>
            <th scope="col">disk, inclusive</th>
            <th scope="col">disk, exclusive</th>
            <th scope="col">misses cut</th>
            <th scope="col">speedup</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((c) => (
            <tr
              key={c.name}
              data-client={c.name}
              data-reduction={String(c.point.missReductionPercent)}
              data-speedup={String(c.point.speedup)}
            >
              <th scope="row">{c.name}</th>
              <td>
                {formatCount(c.point.client)} + {formatCount(c.point.array)}
              </td>
              <td>
                {formatCount(c.references)} <span className="muted">over {formatCount(c.distinct)}</span>
              </td>
              <td>{formatPercent(c.point.inclusive.disk)}</td>
              <td>{formatPercent(c.point.exclusive.disk)}</td>
              <td>{formatSig(c.point.missReductionPercent)} %</td>
              <td>{formatSig(c.point.speedup)}×</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
