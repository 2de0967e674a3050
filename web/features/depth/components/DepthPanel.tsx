// Live LRU stack-depth graphs of the run (paper 000 §3, §6): the workload's, the array's
// stream (or, in a tree, each client's and each shared cache's), updating with every progress
// report. Exact, or SHARDS-sampled for big runs (the badge says which and at what rate).
import { useMemo, useRef, useState } from 'react';
import { formatCount, formatSig } from '../../../format/numbers';
import { DepthChart } from '../../../charts/depth/DepthChart';
import type { DepthMark, DepthScale, DepthUnit } from '../../../charts/depth/useDepthLayout';
import { type Capacity, capacityBlocks, inBytes } from '../../../scenario/capacity';
import { blockSizeOf, limits, type Scenario } from '../../../scenario/document';
import type { Report } from '../../../worker/protocol';
import { ChartExport } from '../../../export/ChartExport';
import { ScaleSelect } from '../../../charts/ScaleSelect';

export interface DepthPanelProps {
  report: Report | null;
  /** The scenario of that run (its cache sizes are marked). */
  scenario: Scenario | null;
  running: boolean;
}

/**
 * The run's own cache sizes, marked on the graph — in blocks (objects), which the graph counts:
 * none where a cache holds bytes of objects of any size, which no depth stands for.
 */
function marksOf(s: Scenario | null, sized: boolean): DepthMark[] {
  const t = s?.topology;
  if (!s || !t || t.kind === 'tree') return [];
  const caches = t.kind === 'single' ? [t.cache] : [t.client, t.array];
  if (sized && caches.some((c) => inBytes(c.capacity))) return [];
  const blocks = (c: Capacity) => capacityBlocks(c, blockSizeOf(s));
  if (t.kind === 'single') {
    const n = blocks(t.cache.capacity);
    return [{ key: 'cache', label: `cache ${formatCount(n)}`, size: n }];
  }
  const [c, a] = [blocks(t.client.capacity), blocks(t.array.capacity)];
  return [
    { key: 'client', label: `client ${formatCount(c)}`, size: c },
    { key: 'aggregate', label: `client + array ${formatCount(c + a)}`, size: c + a },
  ];
}

export function DepthPanel({ report, scenario, running }: DepthPanelProps) {
  const [scale, setScale] = useState<DepthScale>('linear');
  const [unit, setUnit] = useState<DepthUnit>('blocks');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const all = report?.depthCurves ?? [];
  const curves = useMemo(() => all.filter((c) => !hidden.has(c.name)), [all, hidden]);
  const panel = useRef<HTMLDivElement>(null);
  const sized = report?.bytes !== undefined;
  const marks = useMemo(() => marksOf(scenario, sized), [scenario, sized]);
  const sampled = all.find((c) => c.sampledRate !== undefined);
  const toggle = (name: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  return (
    <div className="depth-panel" data-testid="depth-panel" ref={panel}>
      <div className="chart-head">
        <h3>LRU stack-depth graphs{running && report ? ' (live)' : ''}</h3>
        {all.length > 0 && !running && (
          <ChartExport
            target={panel}
            view="depth"
            title="LRU stack-depth graphs"
            yLabel="LRU hit fraction"
            scenario={scenario}
            testId="depth-export"
          />
        )}
        {all.length > 0 && (
          <span
            className={`badge ${sampled ? 'is-sampled' : ''}`}
            data-testid="depth-sampled"
            data-rate={sampled ? String(sampled.sampledRate) : ''}
            title={
              sampled
                ? 'SHARDS: only blocks whose hashed id falls under a threshold are tracked, at most 32,768 per curve; depths are scaled by the rate'
                : 'every reference tracked (a Fenwick tree over reference times)'
            }
          >
            {sampled ? `sampled at R = ${formatSig(sampled.sampledRate!)}` : 'exact'}
          </span>
        )}
      </div>
      <p className="stat-sub">
        The fraction of the measured references an LRU cache of each size would hit — for the whole workload as one
        unified cache, and for the stream each shared cache really sees. Read off any size: an exclusive client and
        array behave like one cache of their sum (paper 000 §3).
      </p>
      <div className="depth-controls">
        <ScaleSelect label="Size axis" testId="depth-scale" value={scale} onChange={setScale} />
        <label>
          in
          <select data-testid="depth-unit" value={unit} onChange={(e) => setUnit(e.target.value as DepthUnit)}>
            <option value="blocks">blocks</option>
            <option value="bytes">bytes</option>
          </select>
        </label>
        {all.length > 1 &&
          all.map((c) => (
            <label key={c.name}>
              <input
                type="checkbox"
                data-testid={`depth-show-${c.name}`}
                checked={!hidden.has(c.name)}
                onChange={() => toggle(c.name)}
              />
              {c.name}
            </label>
          ))}
      </div>
      <DepthChart
        curves={curves}
        marks={marks}
        scale={scale}
        unit={unit}
        blockSize={scenario ? blockSizeOf(scenario) : limits().defaultBlockSize}
        tables={!running}
      />
    </div>
  );
}
