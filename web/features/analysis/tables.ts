// A trace's analysis (engine: analysis::profile, `tiersim analyze`) as the tables the Trace view
// shows and exports: each a ChartData (named columns, rows), so one definition serves the page's
// table, the chart beside it and its CSV and JSON files.
import type { ChartData } from '../../export/export';
import type { ProfileBin, ProfileReport } from '../../worker/protocol';

/** The headline numbers, a row each: what `tiersim analyze` prints first. */
export function headlineTable(r: ProfileReport): ChartData {
  const rows: [string, number | string | null][] = [
    ['requests', r.requests],
    ['references (blocks or objects)', r.references],
    ['reads', r.reads],
    ['writes', r.writes],
    ['distinct objects', r.distinct],
    ['bytes requested', r.bytesRequested],
    ['distinct bytes', r.distinctBytes],
    ['compulsory miss ratio', r.compulsoryMissRatio],
    ['compulsory byte miss ratio', r.compulsoryByteMissRatio],
    ['mean size by requests (bytes)', r.meanSizeByRequests],
    ['mean size by objects (bytes)', r.meanSizeByObjects],
    ['frequency mean', r.frequencyMean],
    ['one-hit wonders (share of objects)', r.oneHitWonders],
    ['time span (s)', r.timeSpanSecs],
    ['zipf alpha', r.zipf?.alpha ?? null],
    ['zipf fit r2', r.zipf?.r2 ?? null],
    ['requests whose size changed', r.sizeChanges],
  ];
  return { columns: ['measure', 'value'], rows };
}

/** Objects by how many times they were referenced: 1, 2, …, then "more". */
export function timesTable(r: ProfileReport): ChartData {
  const rows: (string | number)[][] = r.referencedTimes.map((n, k) => [String(k + 1), n]);
  rows.push([`more than ${r.referencedTimes.length}`, r.referencedMore]);
  return { columns: ['referenced times', 'objects'], rows };
}

/** The most referenced objects, most first. */
export function topTable(r: ProfileReport): ChartData {
  return {
    columns: ['rank', 'id', 'references', 'share of references'],
    rows: r.top.map((p, i) => [i + 1, String(p.id), p.references, p.share]),
  };
}

/** A power-of-two distribution: a row per bin, its count and share. */
export function binsTable(bins: ProfileBin[], unit: string): ChartData {
  const total = bins.reduce((s, b) => s + b.count, 0);
  return {
    columns: [`from (${unit})`, `to (${unit})`, 'count', 'share'],
    rows: bins.map((b) => [b.from, b.to, b.count, total > 0 ? b.count / total : 0]),
  };
}

/** Requests, bytes and objects by size. */
export function sizesTable(r: ProfileReport): ChartData {
  return {
    columns: ['from (bytes)', 'to (bytes)', 'requests', 'bytes', 'objects', 'references'],
    rows: r.sizes.map((b) => [b.from, b.to, b.requests, b.bytes, b.objects, b.references]),
  };
}

/** Objects by their references (power-of-two bins), with their mean size: size against popularity. */
export function popularityTable(r: ProfileReport): ChartData {
  return {
    columns: ['references from', 'references to', 'objects', 'references', 'mean size (bytes)'],
    rows: r.popularity.map((b) => [b.from, b.to, b.objects, b.references, b.meanSize]),
  };
}

/**
 * Rank against references, for a log–log plot: the most referenced objects at their own ranks,
 * then each popularity bin at the rank of its last object (every object of the bin referenced
 * at least `from` times) — the staircase the Zipf fit is a line through.
 */
export function rankPoints(r: ProfileReport): { rank: number; references: number }[] {
  const points = r.top.map((p, i) => ({ rank: i + 1, references: p.references }));
  let rank = 0;
  for (const b of [...r.popularity].sort((x, y) => y.from - x.from)) {
    rank += b.objects;
    if (rank > points.length && b.objects > 0) points.push({ rank, references: b.from });
  }
  return points;
}

export function rankTable(r: ProfileReport): ChartData {
  return { columns: ['rank', 'references'], rows: rankPoints(r).map((p) => [p.rank, p.references]) };
}

/** The load over time: a row per window. */
export function windowsTable(r: ProfileReport): ChartData {
  const unit = r.windows.unit;
  return {
    columns: [
      `start (${unit})`,
      'requests',
      'references',
      'bytes',
      'working set (distinct objects)',
      'new objects',
      `requests per ${unit === 'seconds' ? 'second' : 'request'}`,
    ],
    rows: r.windows.windows.map((w) => [
      w.start,
      w.requests,
      w.references,
      w.bytes,
      w.distinct,
      w.new,
      unit === 'seconds' ? w.requests / r.windows.width : 1,
    ]),
  };
}

/** Each client's headline numbers (a trace with more than one). */
export function clientsTable(r: ProfileReport): ChartData {
  return {
    columns: [
      'client',
      'requests',
      'references',
      'reads',
      'writes',
      'bytes',
      'distinct objects',
      'compulsory miss ratio',
    ],
    rows: (r.clients?.clients ?? []).map((c) => [
      c.client,
      c.requests,
      c.references,
      c.reads,
      c.writes,
      c.bytes,
      c.distinct,
      c.compulsoryMissRatio,
    ]),
  };
}

/** The footprint by address region (a block trace). */
export function regionsTable(r: ProfileReport): ChartData {
  return {
    columns: ['from block', 'to block', 'distinct blocks', 'references'],
    rows: (r.blocks?.regions ?? []).map((g) => [g.from, g.to, g.blocks, g.references]),
  };
}

/** Every table of the card, by a file-friendly name: what the card's CSV bundle holds. */
export function allTables(r: ProfileReport): [string, ChartData][] {
  const tables: [string, ChartData][] = [
    ['headline', headlineTable(r)],
    ['referenced-times', timesTable(r)],
    ['top-objects', topTable(r)],
    ['rank-frequency', rankTable(r)],
    ['reuse-requests', binsTable(r.reuse.requests, 'requests')],
    ['reuse-distance', binsTable(r.reuse.distance, 'distinct objects')],
    ['popularity', popularityTable(r)],
    ['load-over-time', windowsTable(r)],
  ];
  if (r.reuse.seconds.length > 0) tables.push(['reuse-seconds', binsTable(r.reuse.seconds, 's')]);
  if (r.sizes.length > 0) tables.push(['sizes', sizesTable(r)]);
  if (r.clients) tables.push(['clients', clientsTable(r)]);
  if (r.blocks) {
    tables.push(['request-blocks', binsTable(r.blocks.requestBlocks, 'blocks')]);
    tables.push(['sequential-runs', binsTable(r.blocks.runs, 'blocks')]);
    tables.push(['regions', regionsTable(r)]);
  }
  return tables;
}
