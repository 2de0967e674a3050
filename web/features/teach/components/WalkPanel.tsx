// One walk at step `at`: the request strip (a click jumps to a request's step), `children` (the
// narration and what goes with it), why the request missed, the caches with the evicted tray,
// and the tally and evictions so far. `testId` names its test ids, so pairs beside the first
// keep their own. Every part is there at every step, empty or not, so that walks side by side
// (grid rows shared through a subgrid, styles.css) line up part by part: the caches of a pair
// beside the first start where the first's do, however long its narration. The caches are drawn
// `scale` times larger (presenter mode) but never wider than the pane: scaled down to fit
// rather than scrolled or cut off.
import { type ReactNode, useMemo } from 'react';
import { useElementSize } from '../../../charts/useElementSize';
import type { TeachStep } from '../../../worker/protocol';
import { layoutStep, smallestObject } from '../layout';
import { blockLabel } from '../requests';
import { evictionsAt, evictionsOf, missWords, stripOf, tallyAt } from '../walk';
import { CacheStage } from './CacheStage';
import { EvictedTray } from './EvictedTray';
import { RequestStrip } from './RequestStrip';
import { TallyTable } from './TallyTable';

export function WalkPanel({
  steps,
  letters,
  clients,
  at,
  testId,
  onJump,
  scale = 1,
  children,
}: {
  steps: TeachStep[];
  letters: boolean;
  clients: string[];
  at: number;
  testId: (name: string) => string;
  onJump?: (step: number) => void;
  /** How much larger to draw the caches than their layout, room allowing. */
  scale?: number;
  children?: ReactNode;
}) {
  const [fit, room] = useElementSize<HTMLDivElement>({ width: 0, height: 0 });
  const current = steps[at];
  const evictedNow = useMemo(
    () => (at > 0 ? evictionsOf(steps, at, letters).map((e) => e.label) : []),
    [steps, at, letters],
  );
  const smallest = useMemo(() => smallestObject(steps), [steps]);
  const layout = useMemo(
    () => layoutStep(current, letters, evictedNow, smallest),
    [current, letters, evictedNow, smallest],
  );
  const strip = useMemo(() => stripOf(steps, letters), [steps, letters]);
  const tally = useMemo(() => tallyAt(steps, at), [steps, at]);
  const tray = useMemo(() => evictionsAt(steps, at, letters), [steps, at, letters]);
  const width = Math.max(360, ...layout.rows.map((r) => r.end + 70));
  const missText = missWords(current);
  // The pane's width unknown (no ResizeObserver), the caches are drawn at `scale`.
  const zoom = room.width > 0 ? Math.min(scale, room.width / width) : scale;
  // In a walk of sizes the engine counts each cache's lookups in bytes too.
  const byteTally = current.caches.every((c) => c.byteHits !== undefined)
    ? current.caches.map((c) => ({ hits: c.byteHits ?? 0, misses: c.byteMisses ?? 0 }))
    : undefined;
  return (
    <>
      <RequestStrip strip={strip} steps={steps} clients={clients} at={at} testId={testId} onJump={onJump} />
      <div className="stepper-lead">{children}</div>
      <div className="stepper-why">
        {missText && (
          <p className="stepper-miss" data-testid={testId('miss')} data-miss={current.miss ?? ''}>
            {missText}
          </p>
        )}
      </div>
      <div className="stepper-stage-fit" ref={fit}>
        <CacheStage
          rows={layout.rows}
          boxes={layout.boxes}
          labelWidth={layout.labelWidth}
          width={width}
          evicted={evictedNow}
          currentLabel={current.block !== null ? blockLabel(current.block, letters) : null}
          blockLabels={(blocks) => blocks.map((b) => blockLabel(b, letters)).join(' ')}
          testId={testId}
          zoom={zoom}
        />
      </div>
      <div className="stepper-side">
        <TallyTable tally={tally} bytes={byteTally} testId={testId} />
        <EvictedTray tray={tray} at={at} testId={testId} />
      </div>
    </>
  );
}
