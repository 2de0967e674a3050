// tiersim's page: the scenario on the left, its results on the right.
import { useMemo } from 'react';
import { DepthPanel } from '../features/depth/components/DepthPanel';
import { DesignComparison } from '../features/designs/DesignComparison';
import { MrcPanel } from '../features/mrc/components/MrcPanel';
import { ResultsPanel } from '../features/results/components/ResultsPanel';
import { isRunning, useEngineRun } from '../features/run/hooks/useEngineRun';
import { ScenarioPanel } from '../features/scenario/components/ScenarioPanel';
import { useScenarioUrl } from '../features/scenario/hooks/useScenarioUrl';
import { SharePanel } from '../features/share/components/SharePanel';
import { UpsidePanel } from '../features/upside/components/UpsidePanel';
import type { Scenario } from '../scenario/schema';

export function App() {
  const { draft, setDraft, valid, issues, urlError, dismissUrlError, shareUrl } = useScenarioUrl();
  const { state, run, cancel } = useEngineRun();
  const running = isRunning(state.phase);
  const stale = state.scenarioJson !== null && (valid === null || JSON.stringify(valid) !== state.scenarioJson);
  const ran = useMemo(() => (state.scenarioJson ? (JSON.parse(state.scenarioJson) as Scenario) : null), [state.scenarioJson]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>
          tiersim <span className="dash">—</span> <span className="subtitle">storage cache hierarchy explorer</span>
        </h1>
        <p className="tagline">Client cache → array cache → disk. Pick policies, DEMOTE and a link, then watch where the reads land.</p>
      </header>

      {urlError && (
        <div className="banner banner-warning" role="alert" data-testid="url-error">
          <span>
            {urlError}
            {/default scenario/.test(urlError) ? '.' : ' — showing the default scenario.'}
          </span>
          <button type="button" className="banner-close" aria-label="Dismiss" onClick={dismissUrlError}>
            ×
          </button>
        </div>
      )}

      <main className="layout">
        <aside className="column-left">
          <div className="card">
            <ScenarioPanel scenario={draft} issues={issues} onChange={setDraft} />
            <div className="actions">
              <button
                type="button"
                className="button primary"
                data-testid="run-button"
                disabled={!valid || running}
                onClick={() => valid && run(valid)}
                title={!valid ? 'Fix the highlighted fields first' : undefined}
              >
                {running ? 'Running…' : 'Run'}
              </button>
              <button type="button" className="button secondary" data-testid="cancel-button" disabled={!running} onClick={cancel}>
                Cancel
              </button>
              {!valid && <span className="actions-note">Fix the highlighted fields to run.</span>}
            </div>
          </div>
          <div className="card">
            <SharePanel url={shareUrl} />
          </div>
        </aside>

        <div className="column-right">
          <ResultsPanel state={state} stale={stale} />
          <div className="card chart-card">
            <DepthPanel report={state.report} scenario={ran} running={running} />
          </div>
          {draft.topology !== 'tree' && (
            <div className="card chart-card">
              <UpsidePanel base={valid} />
            </div>
          )}
          {draft.topology !== 'single' && draft.topology !== 'tree' && (
            <div className="card chart-card">
              <DesignComparison base={valid} />
            </div>
          )}
          <div className="card chart-card">
            <MrcPanel base={valid} />
          </div>
        </div>
      </main>

      <footer className="app-footer">
        Simulations run in a Web Worker on a Rust engine compiled to WebAssembly. Designs and defaults follow paper 000
        (DEMOTE, exclusive caching).
      </footer>
    </div>
  );
}
