// The paper gallery: a card per seed paper with the checks `tiersim reproduce` recorded at the
// papers' parameters, each judged by the engine itself (a short-lived worker judges them all
// once they load). A card can load its representative scenario into the editor, or rerun the
// paper's reproduction in this browser.
import { useEffect, useState } from 'react';
import type { Scenario } from '../../scenario/document';
import { EngineClient, isAbortError } from '../../worker/client';
import { EXPERIMENTS, type Experiment } from './experiments';
import { PaperCard } from './PaperCard';
import { loadRecorded as fetchRecorded, type Check, type Verdict } from './reproduction';
import type { GalleryEngine } from './useRunHere';

export interface GalleryProps {
  /** Puts a scenario in the editor and runs it there. */
  onLoad: (s: Scenario) => void;
  experiments?: Experiment[];
  /** The recorded checks (the page fetches public/reproduction.json). */
  loadRecorded?: () => Promise<Check[]>;
  /** A fresh engine, for judging the recorded checks and for each "Run here". */
  createEngine?: () => GalleryEngine;
}

const newEngine = (): GalleryEngine => new EngineClient();

interface Recorded {
  checks: Check[] | null;
  /** The engine's verdicts, in the order of `checks`. */
  verdicts: Verdict[] | null;
  error: string | null;
}

export function Gallery({
  onLoad,
  experiments = EXPERIMENTS,
  loadRecorded = fetchRecorded,
  createEngine = newEngine,
}: GalleryProps) {
  const [recorded, setRecorded] = useState<Recorded>({ checks: null, verdicts: null, error: null });

  useEffect(() => {
    let live = true;
    const controller = new AbortController();
    let engine: GalleryEngine | undefined;
    (async () => {
      let checks: Check[];
      try {
        checks = await loadRecorded();
      } catch (e) {
        if (live)
          setRecorded({
            checks: null,
            verdicts: null,
            error: `The recorded reproduction did not load: ${e instanceof Error ? e.message : String(e)}`,
          });
        return;
      }
      if (!live) return;
      setRecorded({ checks, verdicts: null, error: null });
      try {
        engine = createEngine();
        const verdicts = await engine.judgeChecks(checks, controller.signal);
        if (live) setRecorded({ checks, verdicts, error: null });
      } catch (e) {
        if (live && !isAbortError(e))
          setRecorded({
            checks,
            verdicts: null,
            error: `The engine could not judge the recorded checks: ${e instanceof Error ? e.message : String(e)}`,
          });
      } finally {
        engine?.terminate();
      }
    })();
    return () => {
      live = false;
      controller.abort();
    };
  }, [loadRecorded, createEngine]);

  const of = (paper: string) => {
    if (!recorded.checks) return { checks: null, verdicts: null };
    const at = recorded.checks.flatMap((c, i) => (c.paper === paper ? [i] : []));
    return {
      checks: at.map((i) => recorded.checks![i]),
      verdicts: recorded.verdicts && at.map((i) => recorded.verdicts![i]),
    };
  };

  return (
    <section className="gallery" aria-labelledby="gallery-title" data-testid="gallery">
      <div className="chart-head">
        <h2 id="gallery-title" className="section-label">
          Paper gallery
        </h2>
        <p className="chart-legend">
          each seed paper’s tables and figures: the paper’s numbers beside the ones <code>tiersim reproduce</code>{' '}
          recorded on each paper’s testbed (its parameters where it gives them, our stand-ins where it does not, each
          row’s note saying which), and the engine’s verdict — ✓ within tolerance, ≈ within twice it, ✗ beyond, with why
          beneath. <em>Run here</em> reruns a paper in this browser.
        </p>
      </div>
      {recorded.error && (
        <p className="field-error" role="alert" data-testid="gallery-error">
          {recorded.error}
        </p>
      )}
      <div className="gallery-cards">
        {experiments.map((e) => {
          const mine = of(e.paper);
          return (
            <PaperCard
              key={e.id}
              experiment={e}
              recorded={mine.checks}
              verdicts={mine.verdicts}
              onLoad={onLoad}
              createEngine={createEngine}
            />
          );
        })}
      </div>
    </section>
  );
}
