// Exporting what a run showed: its report as JSON (with the scenario that made it) or as CSV
// (a `section,key,value` table: the summary, the latency CDF, each client and each cache), and any
// chart as a standalone SVG (its CSS styles inlined) or a PNG drawn from that SVG.
import type { Report } from '../../worker/protocol';

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
    for (const k of ['requests', 'reads', 'writes', 'synchWrites', 'replaceWrites', 'recovWrites'] as const) put(at, k, c[k]);
    put(at, 'meanLatencyMs', c.meanLatencyMs);
    c.hitFractions.forEach((h, i) => put(at, i === c.hitFractions.length - 1 ? 'hitFraction.disk' : `hitFraction.level${i}`, h));
    if (c.aloneMeanLatencyMs !== undefined) put(at, 'aloneMeanLatencyMs', c.aloneMeanLatencyMs);
    if (c.speedup !== undefined) put(at, 'speedup', c.speedup);
  }
  for (const c of report.caches) {
    const at = `cache:${c.name}`;
    put(at, 'policy', c.policy);
    put(at, 'parent', c.parent === null ? 'disk' : (report.caches[c.parent]?.name ?? c.parent));
    for (const k of ['capacity', 'blocks', 'hits', 'misses', 'evictions', 'demotionsIn', 'demotionsMovedIn', 'reloads', 'linkBytes', 'writes', 'synchWrites', 'replaceWrites', 'recovWrites', 'warmBlockReads', 'warmBlockHits'] as const) {
      put(at, k, c[k]);
    }
  }
  if (report.fairness !== undefined) put('summary', 'fairness', report.fairness);
  put('summary', 'queueing', String(report.queueing));
  return ['section,key,value', ...rows.map((r) => r.map(csvCell).join(','))].join('\n') + '\n';
}

const STYLED = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline'];

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

/** The chart drawn at `scale` × its size onto a white canvas, as PNG. */
export async function svgPng(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const { width, height } = svg.getBoundingClientRect();
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
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
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tiersim';
}
