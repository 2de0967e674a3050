// Exporting results: the report as JSON and as a section,key,value CSV, file names.
import { describe, expect, it } from 'vitest';
import { fileStem, reportCsv, reportJson } from '../../web/features/export/export';
import { makeReport } from './fixtures';

describe('exports', () => {
  it('writes the report as JSON with its scenario, and as CSV rows with the CDF', () => {
    const report = makeReport({ meanLatencyMs: 0.5 });
    report.latency = { edgesUs: [1, 10, 100], counts: [0, 3, 1, 0] };
    expect(JSON.parse(reportJson({ name: 'x' }, report))).toEqual({ scenario: { name: 'x' }, report: JSON.parse(JSON.stringify(report)) });
    const csv = reportCsv(report, 'RANDOM, with "quotes"').trim().split('\n');
    expect(csv[0]).toBe('section,key,value');
    expect(csv).toContain('summary,scenario,"RANDOM, with ""quotes"""');
    expect(csv).toContain('summary,meanLatencyMs,0.5');
    expect(csv).toContain('summary,hitFraction.client,' + report.hitFractions.client);
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

  it('names files after the scenario', () => {
    expect(fileStem('RANDOM LRU-MRU-demote')).toBe('random-lru-mru-demote');
    expect(fileStem('MC² · TPC-H Q3 + Q7')).toBe('mc-tpc-h-q3-q7');
    expect(fileStem('')).toBe('tiersim');
  });
});
