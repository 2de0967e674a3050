// A trace's analysis as the Trace view draws it (engine: analysis::profile; `tiersim analyze`
// prints the same): the headline numbers, popularity, reuse, sizes, the load over time, clients
// and, for a block trace, runs and the footprint. Each chart exports itself (SVG, PNG) and its
// numbers (CSV, JSON) under the trace's name.
import { type ReactNode, useMemo, useRef } from 'react';
import { BinsChart } from '../../charts/profile/BinsChart';
import { LinesChart } from '../../charts/profile/LinesChart';
import type { LinesSpec } from '../../charts/profile/linesLayout';
import { ChartExport } from '../../export/ChartExport';
import type { ChartData } from '../../export/export';
import { formatBytes, formatCount, formatDuration, formatPercent, formatSig } from '../../format/numbers';
import type { ProfileReport } from '../../worker/protocol';
import {
  binsTable,
  clientsTable,
  popularityTable,
  rankPoints,
  rankTable,
  regionsTable,
  sizesTable,
  timesTable,
  topTable,
  windowsTable,
} from './tables';

/** What the figures are of: the trace's name (the files' names) and a line under each title. */
export interface Of {
  name: string;
  summary: string;
}

const count = (v: number) => formatCount(v);
const seconds = (v: number) => (v === 0 ? '0' : formatDuration(v * 1000));
const bytes = (v: number) => formatBytes(v);

/** One titled chart card with its export buttons. */
function Figure({
  title,
  view,
  of,
  data,
  note,
  children,
}: {
  title: string;
  view: string;
  of: Of;
  data: () => ChartData;
  note?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div className="card chart-card profile-figure" ref={ref} data-testid={`profile-${view}`}>
      <div className="chart-head">
        <h3>{title}</h3>
        <ChartExport
          target={ref}
          view={view}
          title={title}
          scenario={null}
          of={of}
          testId={`profile-${view}-export`}
          data={data}
        />
      </div>
      {children}
      {note && <p className="chart-legend">{note}</p>}
    </div>
  );
}

/** A table of text cells: each row its key, then its cells. */
function Table({ testId, head, rows }: { testId: string; head: string[]; rows: string[][] }) {
  return (
    <table className="data-table" data-testid={testId}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, ...cells]) => (
          <tr key={key}>
            {cells.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Stat({
  label,
  value,
  sub,
  testId,
  raw,
}: {
  label: string;
  value: string;
  sub?: string;
  testId: string;
  raw?: number | null;
}) {
  return (
    <div className="card profile-stat">
      <h3>{label}</h3>
      <div
        className="mid-number"
        data-testid={testId}
        {...(raw !== undefined && raw !== null ? { 'data-value': String(raw) } : {})}
      >
        {value}
      </div>
      {sub && <p className="stat-sub">{sub}</p>}
    </div>
  );
}

export function Headline({ r }: { r: ProfileReport }) {
  const sized = r.bytesRequested !== null;
  return (
    <div className="profile-stats" data-testid="profile-headline">
      <Stat
        label="Requests"
        value={count(r.requests)}
        raw={r.requests}
        testId="profile-requests"
        sub={`${count(r.reads)} reads · ${count(r.writes)} writes${r.references !== r.requests ? ` · ${count(r.references)} block references` : ''}`}
      />
      <Stat
        label="Distinct objects"
        value={count(r.distinct)}
        raw={r.distinct}
        testId="profile-distinct"
        sub={`each referenced ${formatSig(r.frequencyMean)} times on average`}
      />
      <Stat
        label="Compulsory miss ratio"
        value={formatSig(r.compulsoryMissRatio, 4)}
        raw={r.compulsoryMissRatio}
        testId="profile-compulsory"
        sub={
          r.compulsoryByteMissRatio !== null
            ? `${formatSig(r.compulsoryByteMissRatio, 4)} by bytes · no cache of any size misses less`
            : 'no cache of any size misses less'
        }
      />
      <Stat
        label="One-hit wonders"
        value={formatPercent(r.oneHitWonders)}
        raw={r.oneHitWonders}
        testId="profile-one-hit"
        sub="of the objects are referenced once"
      />
      {sized && (
        <Stat
          label="Bytes"
          value={bytes(r.bytesRequested!)}
          raw={r.bytesRequested}
          testId="profile-bytes"
          sub={`requested · ${bytes(r.distinctBytes ?? 0)} distinct · mean size ${bytes(r.meanSizeByRequests ?? 0)} by requests, ${bytes(r.meanSizeByObjects ?? 0)} by objects`}
        />
      )}
      <Stat
        label="Zipf fit"
        value={r.zipf ? `α ${formatSig(r.zipf.alpha)}` : '—'}
        raw={r.zipf?.alpha}
        testId="profile-zipf"
        sub={
          r.zipf
            ? `R² ${formatSig(r.zipf.r2)} · least squares on log references against log rank, every object`
            : 'fewer than two distinct reference counts: no line to fit'
        }
      />
      <Stat
        label="Time span"
        value={r.timeSpanSecs !== null ? seconds(r.timeSpanSecs) : '—'}
        raw={r.timeSpanSecs}
        testId="profile-span"
        sub={r.timeSpanSecs !== null ? 'from the first record’s time to the last' : 'the records carry no times'}
      />
    </div>
  );
}

export function Popularity({ r, of }: { r: ProfileReport; of: Of }) {
  const spec = useMemo<LinesSpec>(
    () => ({
      series: [{ name: 'references', points: rankPoints(r).map((p) => ({ x: p.rank, y: p.references })) }],
      xLog: true,
      yLog: true,
      xTick: count,
      yTick: count,
    }),
    [r],
  );
  const times = timesTable(r);
  return (
    <>
      <Figure
        title="Popularity: references by rank"
        view="rank-frequency"
        of={of}
        data={() => rankTable(r)}
        note={
          r.zipf
            ? `Zipf α ${formatSig(r.zipf.alpha)} (R² ${formatSig(r.zipf.r2)}): the slope of a least-squares line through every object's (log rank, log references). The most referenced objects at their ranks, then each power-of-two popularity bin at the rank of its last object.`
            : 'Too few distinct reference counts for a Zipf fit.'
        }
      >
        <LinesChart
          spec={spec}
          xTitle="rank (most referenced first), log"
          label="references of each object by its rank, log–log"
          empty="No objects yet"
          testId="profile-rank-chart"
        />
      </Figure>
      <div className="card profile-tables">
        <div>
          <h3>Objects by references</h3>
          <Table
            testId="profile-times"
            head={['referenced', 'objects']}
            rows={times.rows.map(([k, n]) => [
              String(k),
              k === '1' ? 'once' : k === '2' ? 'twice' : `${k} times`,
              count(Number(n)),
            ])}
          />
        </div>
        <div>
          <h3>Most referenced</h3>
          <Table
            testId="profile-top"
            head={['id', 'references', 'share']}
            rows={topTable(r).rows.map(([rank, id, refs, share]) => [
              String(rank),
              String(id),
              count(Number(refs)),
              formatPercent(Number(share)),
            ])}
          />
        </div>
      </div>
    </>
  );
}

export function Reuse({ r, of }: { r: ProfileReport; of: Of }) {
  const sampled = r.reuse.distanceSampleRate;
  return (
    <>
      <Figure
        title="Reuse distance (LRU stack distance)"
        view="reuse-distance"
        of={of}
        data={() => binsTable(r.reuse.distance, 'distinct objects')}
        note={
          sampled === null
            ? 'Exact: the distinct objects referenced since the previous reference, plus one — an LRU cache of that many objects hits it.'
            : `Estimated from a SHARDS sample (rate ${formatSig(sampled)}), scaled to the exact number of reuses: the trace has more distinct objects than the exact count follows.`
        }
      >
        <BinsChart
          bins={r.reuse.distance}
          label={count}
          xTitle="stack distance (distinct objects), power-of-two bins"
          of="reuses"
          empty="No object referenced twice yet"
          testId="profile-distance-chart"
        />
      </Figure>
      <Figure
        title="Reuse time in requests"
        view="reuse-requests"
        of={of}
        data={() => binsTable(r.reuse.requests, 'requests')}
      >
        <BinsChart
          bins={r.reuse.requests}
          label={count}
          xTitle="requests since the previous reference, power-of-two bins"
          of="reuses"
          empty="No object referenced twice yet"
          testId="profile-reuse-requests-chart"
        />
      </Figure>
      <Figure title="Reuse time in seconds" view="reuse-seconds" of={of} data={() => binsTable(r.reuse.seconds, 's')}>
        <BinsChart
          bins={r.reuse.seconds}
          label={seconds}
          xTitle="time since the previous reference, power-of-two bins"
          of="reuses"
          empty={
            r.timeSpanSecs === null
              ? 'The records carry no times: reuse in time cannot be measured (reuse in requests is above)'
              : 'No object referenced twice yet'
          }
          testId="profile-reuse-seconds-chart"
        />
      </Figure>
    </>
  );
}

export function Sizes({ r, of }: { r: ProfileReport; of: Of }) {
  const byRequests = useMemo(() => r.sizes.map((b) => ({ from: b.from, to: b.to, count: b.requests })), [r]);
  const byObjects = useMemo(() => r.sizes.map((b) => ({ from: b.from, to: b.to, count: b.objects })), [r]);
  if (r.sizes.length === 0) return null;
  return (
    <>
      <Figure title="Sizes by requests" view="sizes-requests" of={of} data={() => sizesTable(r)}>
        <BinsChart
          bins={byRequests}
          label={bytes}
          xTitle="request size, power-of-two bins"
          of="requests"
          empty="No requests yet"
          testId="profile-sizes-requests-chart"
        />
      </Figure>
      <Figure title="Sizes by objects" view="sizes-objects" of={of} data={() => sizesTable(r)}>
        <BinsChart
          bins={byObjects}
          label={bytes}
          xTitle="object size (its first request's), power-of-two bins"
          of="objects"
          empty="No objects yet"
          testId="profile-sizes-objects-chart"
        />
      </Figure>
      <div className="card profile-tables">
        <div>
          <h3>Size against popularity</h3>
          <Table
            testId="profile-popularity"
            head={['references', 'objects', 'mean size']}
            rows={popularityTable(r).rows.map(([from, to, objects, , mean]) => [
              String(from),
              Number(to) - Number(from) <= 1 ? count(Number(from)) : `${count(Number(from))}–${count(Number(to) - 1)}`,
              count(Number(objects)),
              mean === null ? '—' : bytes(Number(mean)),
            ])}
          />
        </div>
      </div>
    </>
  );
}

export function Load({ r, of }: { r: ProfileReport; of: Of }) {
  const w = r.windows;
  const spec = useMemo<LinesSpec>(() => {
    const at = (pick: (x: (typeof w.windows)[number]) => number) => w.windows.map((x) => ({ x: x.start, y: pick(x) }));
    return {
      series: [
        { name: 'requests', points: at((x) => x.requests) },
        { name: 'working set (distinct objects)', points: at((x) => x.distinct) },
        { name: 'new objects', points: at((x) => x.new) },
      ],
      xLog: false,
      yLog: false,
      xTick: w.unit === 'seconds' ? seconds : count,
      yTick: count,
    };
  }, [w]);
  const width = w.unit === 'seconds' ? seconds(w.width) : `${count(w.width)} requests`;
  return (
    <Figure
      title="Load over time"
      view="load-over-time"
      of={of}
      data={() => windowsTable(r)}
      note={`Windows of ${width}${w.unit === 'requests' ? ' (the records carry no times)' : ''}; empty windows left out${w.every > 1 ? `, and of the rest every ${formatCount(w.every)}th drawn (each whole: the card's JSON lists the same)` : ''}. The working set: distinct objects referenced in a window.`}
    >
      <LinesChart
        spec={spec}
        xTitle={w.unit === 'seconds' ? 'time since the first record' : 'request number'}
        label="requests, working set and new objects per window"
        empty="No windows yet"
        testId="profile-load-chart"
      />
    </Figure>
  );
}

export function Clients({ r, of }: { r: ProfileReport; of: Of }) {
  const ref = useRef<HTMLDivElement>(null);
  if (!r.clients) return null;
  const sized = r.bytesRequested !== null;
  return (
    <div className="card profile-tables" ref={ref}>
      <div>
        <div className="chart-head">
          <h3>Clients</h3>
          <ChartExport
            target={ref}
            view="clients"
            title="Clients"
            scenario={null}
            of={of}
            testId="profile-clients-export"
            data={() => clientsTable(r)}
          />
        </div>
        <Table
          testId="profile-clients"
          head={[
            'client',
            'requests',
            'reads / writes',
            ...(sized ? ['bytes'] : []),
            'distinct',
            'compulsory miss ratio',
          ]}
          rows={r.clients.clients.map((c) => [
            String(c.client),
            String(c.client),
            count(c.requests),
            `${count(c.reads)} / ${count(c.writes)}`,
            ...(sized ? [bytes(c.bytes)] : []),
            count(c.distinct),
            formatSig(c.compulsoryMissRatio, 4),
          ])}
        />
        <p className="chart-legend">{count(r.clients.shared)} objects referenced by more than one client.</p>
      </div>
    </div>
  );
}

export function Blocks({ r, of }: { r: ProfileReport; of: Of }) {
  if (!r.blocks) return null;
  const b = r.blocks;
  return (
    <>
      <Figure
        title="Sequential runs"
        view="sequential-runs"
        of={of}
        data={() => binsTable(b.runs, 'blocks')}
        note={`${formatPercent(r.requests > 0 ? b.sequentialRequests / r.requests : 0)} of requests continue their client's run (start where its previous request ended).`}
      >
        <BinsChart
          bins={b.runs}
          label={count}
          xTitle="run length (blocks), power-of-two bins"
          of="runs"
          empty="No requests yet"
          testId="profile-runs-chart"
        />
      </Figure>
      <Figure title="Footprint by address region" view="regions" of={of} data={() => regionsTable(r)}>
        <BinsChart
          bins={b.regions.map((g) => ({ from: g.from, to: g.to, count: g.blocks }))}
          label={count}
          xTitle="region (first block number)"
          of="distinct blocks"
          empty="No blocks yet"
          testId="profile-regions-chart"
        />
      </Figure>
    </>
  );
}
