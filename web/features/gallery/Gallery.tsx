// The paper gallery: a card per seed paper's headline experiment. One click loads its main
// scenario into the editor (and runs it there, live) and runs the experiment's scenarios on the
// worker pool, then shows the paper's numbers beside ours.
import { Fragment, useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../scenario/schema';
import type { Report } from '../../worker/protocol';
import { defaultRunner, isCancel, runScenarios, type PoolRunner } from '../mrc/sweep';
import { EXPERIMENTS, type Experiment, type Reading } from './experiments';

export interface GalleryProps {
  /** Puts a scenario in the editor and runs it there. */
  onLoad: (s: Scenario) => void;
  createRunner?: () => PoolRunner;
  experiments?: Experiment[];
}

type CardState = { status: 'idle' | 'running' | 'done' | 'error'; readings?: Reading[]; error?: string };

export function Gallery({ onLoad, createRunner = defaultRunner, experiments = EXPERIMENTS }: GalleryProps) {
  const [cards, setCards] = useState<Record<string, CardState>>({});
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (e: Experiment) => {
    onLoad(structuredClone(e.runs[e.primary]));
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const set = (s: CardState) => setCards((c) => ({ ...c, [e.id]: s }));
    set({ status: 'running' });
    const runner = createRunner();
    try {
      const keys = Object.keys(e.runs);
      const list = await runScenarios(
        keys.map((k) => e.runs[k]),
        runner.run,
        runner.parallel,
        controller.signal,
      );
      const reports: Record<string, Report> = Object.fromEntries(keys.map((k, i) => [k, list[i]]));
      if (!controller.signal.aborted) set({ status: 'done', readings: e.read(reports) });
    } catch (err) {
      if (isCancel(err)) set({ status: 'idle' });
      else set({ status: 'error', error: err instanceof Error ? err.message : String(err) });
    } finally {
      runner.close();
    }
  };

  return (
    <section className="gallery" aria-labelledby="gallery-title" data-testid="gallery">
      <div className="chart-head">
        <h3 id="gallery-title">Paper gallery</h3>
        <p className="chart-legend">each seed paper’s headline experiment, one click away — the paper’s numbers beside ours</p>
      </div>
      <div className="gallery-cards">
        {experiments.map((e) => {
          const c = cards[e.id] ?? { status: 'idle' };
          return (
            <article key={e.id} className="gallery-card" data-testid={`gallery-${e.id}`} data-status={c.status}>
              <h4>{e.title}</h4>
              <p className="muted gallery-paper">{e.paper}</p>
              <p className="gallery-claim">
                {e.claim}
              </p>
              <button type="button" className="button secondary small" data-testid={`gallery-run-${e.id}`} disabled={c.status === 'running'} onClick={() => void start(e)}>
                {c.status === 'running' ? 'Running…' : c.status === 'done' ? 'Run again' : 'Load and run'}
              </button>
              {c.error && (
                <p className="field-error" role="alert">
                  {c.error}
                </p>
              )}
              {c.readings && (
                <table className="mrc-table gallery-readings" data-testid={`gallery-readings-${e.id}`}>
                  <thead>
                    <tr>
                      <th scope="col" />
                      <th scope="col">paper</th>
                      <th scope="col">ours</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.readings.map((r) => (
                      <Fragment key={r.label}>
                        <tr data-agrees={String(r.agrees)} data-detail={r.detail ? 'below' : undefined}>
                          <th scope="row">{r.label}</th>
                          <td>{r.paper}</td>
                          <td className="gallery-ours">
                            {r.ours} <span aria-label={r.agrees ? 'agrees' : 'differs'}>{r.agrees ? '✓' : '≠'}</span>
                          </td>
                        </tr>
                        {r.detail && (
                          <tr className="gallery-detail">
                            <td colSpan={3}>{r.detail}</td>
                          </tr>
                        )}
                      </Fragment>
                    ))}
                  </tbody>
                </table>
              )}
            </article>
          );
        })}
      </div>
    </section>
  );
}
