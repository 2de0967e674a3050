// Hit ratio over time, live: where each slice of the run's reads landed (client, array, disk)
// and the DEMOTE traffic per read, from the engine's samples at fixed request counts (the same
// chart for the same scenario on any machine); warm-up shaded. web/charts/timeline draws them.
import { useMemo } from 'react';
import { TimelineChart as TimelineLines } from '../../../charts/timeline/TimelineChart';
import type { TimelineSeries } from '../../../charts/timeline/useTimelineLayout';
import type { Report } from '../../../worker/protocol';
import { timelineFromSamples } from '../../../charts/timeline/timeline';

const CLIENT: TimelineSeries = { key: 'client', label: 'client hits', className: 'is-client', colour: 'var(--client)' };
const ARRAY: TimelineSeries = { key: 'array', label: 'array hits', className: 'is-array', colour: 'var(--array)' };
const DISK: TimelineSeries = { key: 'disk', label: 'disk reads', className: 'is-disk', colour: 'var(--disk)' };
const DEMOTES: TimelineSeries = {
  key: 'demotions',
  label: 'DEMOTEs per read',
  className: 'is-demote',
  colour: 'var(--ink-2)',
};

/** The lines a topology has, named as its hit bars name the levels. */
export function timelineSeries(topology: 'single' | 'two-level' | 'tree'): TimelineSeries[] {
  if (topology === 'single') return [{ ...CLIENT, label: 'cache hits' }, DISK];
  if (topology === 'tree')
    return [{ ...CLIENT, label: 'own-cache hits' }, { ...ARRAY, label: 'shared-cache hits' }, DISK, DEMOTES];
  return [CLIENT, ARRAY, DISK, DEMOTES];
}

export interface TimelineChartProps {
  report: Report | null;
  topology?: 'single' | 'two-level' | 'tree';
}

export function TimelineChart({ report, topology = 'two-level' }: TimelineChartProps) {
  const series = useMemo(() => timelineSeries(topology), [topology]);
  const samples = report?.timeline;
  const points = useMemo(() => timelineFromSamples(samples ?? []), [samples]);
  return (
    <TimelineLines points={points} series={series} total={report?.total ?? 0} warmup={report?.warmupRequests ?? 0} />
  );
}
