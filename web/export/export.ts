// Exporting what a run showed: its report as JSON (with the scenario that made it) or as CSV
// (a `section,key,value` table: the summary, the latency CDF, each client and each cache), and any
// chart as a standalone SVG (its CSS styles inlined) or a PNG drawn from that SVG.
import { csvFormatRows } from 'd3';
import { type Capacity, formatCapacity } from '../scenario/capacity';
import { protocolName, type Scenario } from '../scenario/document';
import { scenarioFacts } from '../scenario/summary';
import type { Report } from '../worker/protocol';

/** The scenario and its report, as one JSON document. */
export function reportJson(scenario: unknown, report: Report): string {
  return `${JSON.stringify({ scenario, report }, null, 2)}\n`;
}

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The report as `section,key,value` rows. */
export function reportCsv(report: Report, name = ''): string {
  const rows: [string, string, string | number][] = [];
  const put = (section: string, key: string, value: string | number) => rows.push([section, key, value]);
  put('summary', 'scenario', name);
  put('summary', 'phase', report.phase);
  put('summary', 'meanLatencyMs', report.meanLatencyMs);
  for (const k of ['p50Ms', 'p95Ms', 'p99Ms'] as const) put('summary', `latency.${k}`, report.latency[k] ?? 'inf');
  for (const [k, v] of Object.entries(report.hitFractions)) put('summary', `hitFraction.${k}`, v);
  for (const [k, v] of Object.entries(report.blockHitFractions)) put('summary', `blockHitFraction.${k}`, v);
  for (const [k, v] of Object.entries(report.counters)) if (typeof v === 'number') put('counters', k, v);
  // The CDF: each non-empty histogram bin's upper edge in ms (bin i holds [edge i−1, edge i);
  // the last, everything from the last edge up) and the share of requests below it.
  const { edgesUs, counts } = report.latency;
  const total = counts.reduce((a, b) => a + b, 0);
  let cum = 0;
  counts.forEach((c, i) => {
    if (!c) return;
    cum += c;
    put('latencyCdf', i < edgesUs.length ? String(edgesUs[i] / 1000) : 'inf', total ? cum / total : 0);
  });
  for (const c of report.clients) {
    const at = `client:${c.name}`;
    put(at, 'path', c.path.map((i) => report.caches[i]?.name ?? i).join(' > '));
    for (const k of ['requests', 'reads', 'writes', 'synchWrites', 'replaceWrites', 'recovWrites'] as const)
      put(at, k, c[k]);
    put(at, 'meanLatencyMs', c.meanLatencyMs);
    for (const k of ['p50Ms', 'p95Ms', 'p99Ms'] as const) put(at, `latency.${k}`, c.latency[k] ?? 'inf');
    for (const [i, h] of c.hitFractions.entries())
      put(at, i === c.hitFractions.length - 1 ? 'hitFraction.disk' : `hitFraction.level${i}`, h);
    if (c.aloneMeanLatencyMs !== undefined) put(at, 'aloneMeanLatencyMs', c.aloneMeanLatencyMs);
    if (c.speedup !== undefined) put(at, 'speedup', c.speedup);
  }
  for (const c of report.caches) {
    const at = `cache:${c.name}`;
    put(at, 'policy', c.policy);
    put(at, 'parent', c.parent === null ? 'disk' : (report.caches[c.parent]?.name ?? c.parent));
    for (const k of [
      'capacity',
      'blocks',
      'hits',
      'misses',
      'evictions',
      'demotionsIn',
      'demotionsMovedIn',
      'reloads',
      'linkBytes',
      'writes',
      'synchWrites',
      'replaceWrites',
      'recovWrites',
      'warmBlockReads',
      'warmBlockHits',
    ] as const) {
      put(at, k, c[k]);
    }
  }
  if (report.fairness !== undefined) put('summary', 'fairness', report.fairness);
  put('summary', 'queueing', String(report.queueing));
  return `${['section,key,value', ...rows.map((r) => r.map(csvCell).join(','))].join('\n')}\n`;
}

/** A chart's numbers: a table of named columns (a cell `null` where a series has no point). */
export interface ChartData {
  columns: string[];
  rows: (string | number | null)[][];
}

/** A chart's numbers as CSV: a header of its columns, then its rows (an empty cell for `null`). */
export function chartCsv(data: ChartData): string {
  return `${csvFormatRows([data.columns, ...data.rows.map((r) => r.map((v) => (v === null ? '' : String(v))))])}\n`;
}

/** A chart's numbers as JSON: its title, and each row as an object keyed by the columns. */
export function chartJson(data: ChartData, title: string): string {
  const rows = data.rows.map((r) => Object.fromEntries(data.columns.map((c, i) => [c, r[i] ?? null])));
  return `${JSON.stringify({ title, columns: data.columns, rows }, null, 2)}\n`;
}

const STYLED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
];

/** A chart's SVG as a standalone document: the page's CSS for each element inlined. */
export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const style = getComputedStyle(el);
    const inline = STYLED.map((p) => [p, style.getPropertyValue(p)] as const)
      .filter(([, v]) => v && v !== 'normal' && v !== 'auto')
      .map(([p, v]) => `${p}:${v}`)
      .join(';');
    if (inline) to[i].setAttribute('style', inline);
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const { width, height } = svg.getBoundingClientRect();
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** Saves `data` as a file named `name`. */
export function download(name: string, data: Blob | string, type = 'application/octet-stream'): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a scenario's name: "RANDOM LRU-MRU-demote" → "random-lru-mru-demote". */
export function fileStem(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'tiersim'
  );
}

/**
 * A download's name: the scenario's and the view's, sanitised and distinct per view —
 * `("RANDOM LRU-MRU-demote", "depth", "svg")` → `random-lru-mru-demote-depth.svg`.
 */
export function exportName(scenario: string | null | undefined, view: string, ext: string): string {
  return `${fileStem(scenario ?? '')}-${fileStem(view)}.${ext}`;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The scenario in one line, for a chart that leaves the page (the facts the run bar's line
 * gives, web/scenario/summary.ts, spelled out): its source, its caches (policy and size) and
 * protocol, its block size. "ZIPF workload, 327,680 measured requests · client LRU 1,024 →
 * array MRU 2,048 blocks · DEMOTE · 4 KiB blocks".
 */
export function scenarioSummary(s: Scenario): string {
  const f = scenarioFacts(s);
  const source =
    f.source.kind === 'trace'
      ? `trace ${f.source.name}`
      : `${f.source.workload.toUpperCase()} workload, ${count(f.measured)} measured requests`;
  const t = f.topology;
  // "2,048 blocks", or bytes as written ("1GiB").
  const size = (c: Capacity) => (typeof c === 'number' ? `${count(c)} blocks` : formatCapacity(c));
  const caches =
    t.kind === 'single'
      ? `one cache, ${t.cache.policy} ${size(t.cache.capacity)}`
      : t.kind === 'two-level'
        ? `client ${t.client.policy} ${size(t.client.capacity).replace(/ blocks$/, '')} → array ${t.array.policy} ${size(t.array.capacity)}`
        : `a tree of ${t.caches.length} caches (${t.caches.map((c) => `${c.name} ${c.policy} ${formatCapacity(c.capacity)}`).join(', ')})`;
  const kib = f.blockSize / 1024;
  const protocol = f.protocol === null ? null : f.protocol === 'none' ? 'no protocol' : protocolName(f.protocol);
  return [source, caches, protocol, `${kib >= 1 ? `${kib} KiB` : `${f.blockSize} B`} blocks`]
    .filter((p) => p !== null)
    .join(' · ');
}

/** A legend entry read from a chart's HTML legend: its text and its swatch. */
export interface LegendItem {
  label: string;
  colour: string;
  dash?: string;
  /** A line sample (line charts) or a filled box (bars, areas). */
  line: boolean;
}

/** The legend beside a chart, read from the page: `.mrc-legend li` and `.chart-legend .legend-item`. */
export function legendOf(container: Element): LegendItem[] {
  const items = [
    ...container.querySelectorAll('.mrc-legend li, .chart-legend .legend-item, .chart-legend [data-legend]'),
  ];
  return items.map((el) => {
    const line = el.querySelector('.line-swatch line');
    const box = el.querySelector('.swatch, .mrc-swatch');
    const colourOf = (e: Element | null, prop: string) => (e ? getComputedStyle(e).getPropertyValue(prop) || '' : '');
    return {
      label: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
      // A CSS variable means nothing outside the page: the computed colour then.
      colour: line
        ? ((a) => (a && !a.startsWith('var(') ? a : colourOf(line, 'stroke') || '#555'))(line.getAttribute('stroke'))
        : colourOf(box, 'background-color') || (box as HTMLElement | null)?.style.background || '#555',
      dash: line?.getAttribute('stroke-dasharray') ?? undefined,
      line: !!line,
    };
  });
}

export interface FigureMeta {
  /** What the chart shows. */
  title: string;
  /** The scenario in one line (see [`scenarioSummary`]). */
  summary?: string;
  /** The y axis' label (the chart draws the x axis' title itself). */
  yLabel?: string;
  legend?: LegendItem[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';

/**
 * A chart as a figure that stands alone: its title and the scenario's one-line summary above
 * it, its y axis' label beside it, its legend (every series, with its swatch) below it — the
 * chart itself as [`svgText`] gives it, styles inlined.
 */
export function figureSvg(svg: SVGSVGElement, meta: FigureMeta): string {
  const chart = svgText(svg)
    .replace(/^<\?xml[^>]*>\n/, '')
    .trim();
  const { width: w0, height: h0 } = svg.getBoundingClientRect();
  const chartW = Math.max(1, Math.round(w0));
  const chartH = Math.max(1, Math.round(h0));
  const left = meta.yLabel ? 22 : 0;
  const width = Math.max(chartW + left, 360);
  const head = meta.summary ? 46 : 30;
  // The legend in rows, each item's width guessed from its text.
  const legend = meta.legend ?? [];
  const rows: { x: number; item: LegendItem }[][] = [[]];
  let x = 8;
  for (const item of legend) {
    const w = 28 + item.label.length * 6.4 + 14;
    if (x + w > width && rows[rows.length - 1].length) {
      rows.push([]);
      x = 8;
    }
    rows[rows.length - 1].push({ x, item });
    x += w;
  }
  const legendH = legend.length ? rows.length * 18 + 8 : 0;
  const height = head + chartH + legendH;
  const legendY = head + chartH + 14;
  const legendSvg = rows
    .flatMap((row, r) =>
      row.map(({ x, item }) => {
        const y = legendY + r * 18;
        const swatch = item.line
          ? `<line x1="${x}" x2="${x + 20}" y1="${y - 4}" y2="${y - 4}" stroke="${esc(item.colour)}" stroke-width="2.5"${item.dash ? ` stroke-dasharray="${esc(item.dash)}"` : ''}/>`
          : `<rect x="${x + 4}" y="${y - 10}" width="12" height="12" fill="${esc(item.colour)}"/>`;
        return `<g class="legend-item">${swatch}<text x="${x + 26}" y="${y}" font-size="11" fill="#333" ${FONT}>${esc(item.label)}</text></g>`;
      }),
    )
    .join('');
  // Nested in the figure, the chart inherits its namespace (a serializer may have written its
  // own xmlns twice).
  const nested = chart.replace(/^<svg\b[^>]*>/, (tag) =>
    tag.replace(/\sxmlns="[^"]*"/g, '').replace(/^<svg\b/, `<svg x="${left}" y="${head}"`),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${esc(meta.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text class="figure-title" x="8" y="20" font-size="15" font-weight="600" fill="#111" ${FONT}>${esc(meta.title)}</text>`,
    meta.summary
      ? `<text class="figure-summary" x="8" y="38" font-size="11" fill="#555" ${FONT}>${esc(meta.summary)}</text>`
      : '',
    meta.yLabel
      ? `<text class="figure-y-label" transform="translate(14 ${head + chartH / 2}) rotate(-90)" text-anchor="middle" font-size="11" fill="#333" ${FONT}>${esc(meta.yLabel)}</text>`
      : '',
    nested,
    legend.length ? `<g class="figure-legend">${legendSvg}</g>` : '',
    '</svg>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

/** The figure drawn at `scale` × its size onto a white canvas, as PNG. */
export async function figurePng(text: string, scale = 2): Promise<Blob> {
  const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(text) ?? ['', '600', '400'];
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(Number(w) * scale));
    canvas.height = Math.max(1, Math.round(Number(h) * scale));
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
