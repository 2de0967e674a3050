// Exporting results: the report as JSON and as a section,key,value CSV, file names.
import { describe, expect, it } from 'vitest';
import { curvesTable } from '../../web/features/mrc/curvesTable';
import {
  chartCsv,
  chartJson,
  exportName,
  figureSvg,
  fileStem,
  legendOf,
  reportCsv,
  reportJson,
  scenarioSummary,
} from '../../web/export/export';
import { defaultScenario } from '../../web/scenario/defaults';
import { makeReport } from './fixtures';

describe('exports', () => {
  it('writes the report as JSON with its scenario, and as CSV rows with the CDF', () => {
    const report = makeReport({ meanLatencyMs: 0.5 });
    report.latency = { edgesUs: [1, 10, 100], counts: [0, 3, 1, 0], p50Ms: 0.01, p95Ms: 0.1, p99Ms: 0.1 };
    expect(JSON.parse(reportJson({ name: 'x' }, report))).toEqual({
      scenario: { name: 'x' },
      report: JSON.parse(JSON.stringify(report)),
    });
    const csv = reportCsv(report, 'RANDOM, with "quotes"').trim().split('\n');
    expect(csv[0]).toBe('section,key,value');
    expect(csv).toContain('summary,scenario,"RANDOM, with ""quotes"""');
    expect(csv).toContain('summary,meanLatencyMs,0.5');
    expect(csv).toContain('summary,latency.p95Ms,0.1');
    expect(csv).toContain(`summary,hitFraction.client,${report.hitFractions.client}`);
    // Bin 1 is [1 µs, 10 µs): 3 of 4 below 0.01 ms; bin 2: all below 0.1 ms.
    expect(csv.filter((l) => l.startsWith('latencyCdf'))).toEqual(['latencyCdf,0.01,0.75', 'latencyCdf,0.1,1']);
    // Each client and each cache, whatever the topology.
    expect(csv).toContain('client:client,path,client > array');
    expect(csv).toContain('client:client,hitFraction.level1,0.4');
    expect(csv).toContain('client:client,hitFraction.disk,0.1');
    expect(csv).toContain('cache:array,parent,disk');
    expect(csv).toContain('cache:array,demotionsIn,48');
    expect(csv).toContain('cache:client,parent,array');
    expect(csv).toContain('summary,queueing,false');
  });

  it("writes a chart's numbers as CSV and JSON: the curves as a size × policy table with their floor", () => {
    const curves = [
      {
        policy: 'lru',
        label: 'LRU',
        points: [
          { size: 100, missRatio: 0.5 },
          { size: 10, missRatio: 0.9 },
        ],
      },
      { policy: 'arc', label: 'ARC, tuned', points: [{ size: 10, missRatio: 0.8 }] },
    ];
    const table = curvesTable(curves, 'size (blocks)', 'miss ratio', 0.25);
    expect(table).toEqual({
      columns: ['size (blocks)', 'LRU miss ratio', 'ARC, tuned miss ratio', 'compulsory miss ratio'],
      rows: [
        [10, 0.9, 0.8, 0.25],
        [100, 0.5, null, 0.25],
      ],
    });
    expect(chartCsv(table)).toBe(
      'size (blocks),LRU miss ratio,"ARC, tuned miss ratio",compulsory miss ratio\n10,0.9,0.8,0.25\n100,0.5,,0.25\n',
    );
    expect(JSON.parse(chartJson(table, 'Miss-ratio curves'))).toEqual({
      title: 'Miss-ratio curves',
      columns: table.columns,
      rows: [
        { 'size (blocks)': 10, 'LRU miss ratio': 0.9, 'ARC, tuned miss ratio': 0.8, 'compulsory miss ratio': 0.25 },
        { 'size (blocks)': 100, 'LRU miss ratio': 0.5, 'ARC, tuned miss ratio': null, 'compulsory miss ratio': 0.25 },
      ],
    });
    // No floor known: no such column.
    expect(curvesTable(curves, 'size', 'm').columns).toHaveLength(3);
  });

  it('names files after the scenario', () => {
    expect(fileStem('RANDOM LRU-MRU-demote')).toBe('random-lru-mru-demote');
    expect(fileStem('MC² · TPC-H Q3 + Q7')).toBe('mc-tpc-h-q3-q7');
    expect(fileStem('')).toBe('tiersim');
  });

  it('names every download after the scenario and the view, each distinct', () => {
    const name = 'RANDOM LRU-MRU-demote';
    const names = [
      exportName(name, 'results', 'csv'),
      exportName(name, 'workload', 'csv'),
      exportName(name, 'report', 'json'),
      exportName(name, 'depth', 'svg'),
      exportName(name, 'latency-cdf', 'png'),
    ];
    expect(names).toEqual([
      'random-lru-mru-demote-results.csv',
      'random-lru-mru-demote-workload.csv',
      'random-lru-mru-demote-report.json',
      'random-lru-mru-demote-depth.svg',
      'random-lru-mru-demote-latency-cdf.png',
    ]);
    expect(new Set(names).size).toBe(names.length);
    expect(exportName('../etc/passwd', 'sweep-link', 'svg')).toBe('etc-passwd-sweep-link.svg');
    expect(exportName(null, 'depth', 'svg')).toBe('tiersim-depth.svg');
  });

  it('sums a scenario up in one line', () => {
    const s = defaultScenario();
    expect(scenarioSummary(s)).toMatch(
      /^RANDOM workload, [\d,]+ measured requests · client LRU 16,384 → array MRU 16,384 blocks · DEMOTE · 4 KiB blocks$/,
    );
    const traced = { ...s, source: { kind: 'trace' as const, name: 'web.csv.gz' } };
    expect(scenarioSummary(traced)).toBe(
      'trace web.csv.gz · client LRU 16,384 → array MRU 16,384 blocks · DEMOTE · 4 KiB blocks',
    );
  });

  it('exports a chart as a figure with its title, summary, y label and a legend naming every series', () => {
    document.body.innerHTML = `
      <div id="panel">
        <svg viewBox="0 0 300 200"><path d="M0 0L10 10"/><text>latency (log scale)</text></svg>
        <ul class="mrc-legend">
          <li><svg class="line-swatch"><line stroke="#1f77b4" stroke-dasharray="7 4"/></svg>client &amp; array</li>
          <li><span class="mrc-swatch" style="background: rgb(255, 0, 0)"></span>disk</li>
        </ul>
        <p class="chart-legend"><span class="legend-item"><span class="swatch" style="background: rgb(0, 128, 0)"></span> <span>DEMOTEs per read</span></span> · hit ratio</p>
      </div>`;
    const panel = document.getElementById('panel')!;
    const legend = legendOf(panel);
    expect(legend.map((l) => [l.label, l.colour, l.line])).toEqual([
      ['client & array', '#1f77b4', true],
      ['disk', 'rgb(255, 0, 0)', false],
      ['DEMOTEs per read', 'rgb(0, 128, 0)', false],
    ]);
    const text = figureSvg(panel.querySelector('svg')!, {
      title: 'Latency <CDF>',
      summary: 'RANDOM workload · 4 KiB blocks',
      yLabel: 'fraction of requests',
      legend,
    });
    expect(text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/,
    );
    expect(text).toContain('<title>Latency &lt;CDF&gt;</title>');
    expect(text).toMatch(/class="figure-title"[^>]*>Latency &lt;CDF&gt;<\/text>/);
    expect(text).toMatch(/class="figure-summary"[^>]*>RANDOM workload · 4 KiB blocks<\/text>/);
    expect(text).toMatch(/class="figure-y-label"[^>]*>fraction of requests<\/text>/);
    expect([...text.matchAll(/<g class="legend-item">(.*?)<\/g>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''))).toEqual([
      'client &amp; array',
      'disk',
      'DEMOTEs per read',
    ]);
    expect(text).toContain('stroke="#1f77b4" stroke-width="2.5" stroke-dasharray="7 4"');
    expect(text).toContain('<path d="M0 0L10 10"');
    // It parses as one SVG document.
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.querySelectorAll('svg').length).toBeGreaterThan(0);
  });
});
