// Hit ratio over time, live: where each slice of the run's reads landed (client, array, disk)
// and the DEMOTE traffic per read, slice by slice as the reports arrive; warm-up shaded. This
// keeps the slices; web/charts/timeline draws them.
import { useEffect, useMemo, useState } from 'react';
import { TimelineChart as TimelineLines } from '../../../charts/timeline/TimelineChart';
import type { TimelineSeries } from '../../../charts/timeline/useTimelineLayout';
import type { Report } from '../../../worker/protocol';
import { EMPTY_TIMELINE, extendTimeline, type Timeline } from '../timeline';

const CLIENT: TimelineSeries = { key: 'client', label: 'client hits', className: 'is-client', colour: 'var(--client)' };
const ARRAY: TimelineSeries = { key: 'array', label: 'array hits', className: 'is-array', colour: 'var(--array)' };
const DISK: TimelineSeries = { key: 'disk', label: 'disk reads', className: 'is-disk', colour: 'var(--disk)' };
const DEMOTES: TimelineSeries = { key: 'demotions', label: 'DEMOTEs per read', className: 'is-demote', colour: 'var(--ink-2)' };

/** The lines a topology has, named as its hit bars name the levels. */
export function timelineSeries(topology: 'single' | 'two-level' | 'tree'): TimelineSeries[] {
  if (topology === 'single') return [{ ...CLIENT, label: 'cache hits' }, DISK];
  if (topology === 'tree') return [{ ...CLIENT, label: 'own-cache hits' }, { ...ARRAY, label: 'shared-cache hits' }, DISK, DEMOTES];
  return [CLIENT, ARRAY, DISK, DEMOTES];
}

export interface TimelineChartProps {
  report: Report | null;
  /** Changes with each new run: the timeline starts afresh. */
  runKey: string | null;
  topology?: 'single' | 'two-level' | 'tree';
}

export function TimelineChart({ report, runKey, topology = 'two-level' }: TimelineChartProps) {
  const series = useMemo(() => timelineSeries(topology), [topology]);
  const [timeline, setTimeline] = useState<Timeline>(EMPTY_TIMELINE);
  useEffect(() => setTimeline(EMPTY_TIMELINE), [runKey]);
  useEffect(() => {
    if (report) setTimeline((t) => extendTimeline(t, report));
  }, [report]);
  return <TimelineLines points={timeline.points} series={series} total={report?.total ?? 0} warmup={report?.warmupRequests ?? 0} />;
}
