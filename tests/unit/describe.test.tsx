// "What am I looking at": each view opens with its introduction, closed ones stay closed; and
// every picker of a policy or protocol says what the chosen one does and its paper, in the engine
// catalogue's words (no second copy in TypeScript).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../web/app/App';
import { VIEW_INTROS } from '../../web/app/intros';
import { ViewIntro } from '../../web/app/ViewIntro';
import { VIEWS } from '../../web/app/views';
import { catalogue } from '../../web/engine/engine';
import { ScenarioPanel } from '../../web/features/scenario/components/ScenarioPanel';
import { PairFields } from '../../web/features/teach/components/PairFields';
import type { StepperConfig } from '../../web/features/teach/config';
import { defaultScenario } from '../../web/scenario/defaults';
import type { Scenario } from '../../web/scenario/document';
import { onlinePolicies } from '../../web/scenario/policies';
import type { EngineClient } from '../../web/worker/client';

const policy = (kind: string) => {
  const p = catalogue().policies.find((p) => p.kind === kind);
  if (!p) throw new Error(kind);
  return p;
};

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);

describe('a policy picker', () => {
  it("shows the chosen policy's line and paper from the catalogue, and follows a new choice", () => {
    let doc: Scenario = defaultScenario();
    const view = render(<ScenarioPanel scenario={doc} issues={[]} onChange={(n) => (doc = n)} />);
    const about = () => screen.getByTestId('client-policy-about').textContent;
    const chosen = (doc.topology as { client: { policy: { kind: string } } }).client.policy.kind;
    expect(about()).toBe(`${policy(chosen).description} — ${policy(chosen).source}`);
    fireEvent.change(screen.getByTestId('client-policy'), { target: { value: 'arc' } });
    view.rerender(<ScenarioPanel scenario={doc} issues={[]} onChange={(n) => (doc = n)} />);
    expect(about()).toContain(policy('arc').description);
    expect(about()).toContain('Megiddo & Modha, FAST 2003');
  });

  it("says the chosen protocol's line and paper, and the stepper's pickers do the same", () => {
    const doc: Scenario = { ...defaultScenario(), protocol: { kind: 'demote' } };
    render(<ScenarioPanel scenario={doc} issues={[]} onChange={() => {}} />);
    const demote = catalogue().protocols.find((p) => p.kind === 'demote');
    expect(screen.getByTestId('protocol-about').textContent).toBe(`DEMOTE: ${demote?.hint} — ${demote?.source}`);
    expect(demote?.source).toContain('Wong & Wilkes, USENIX ATC 2002');
    cleanup();
    const config: StepperConfig = {
      client: 'lirs',
      array: 'none',
      protocol: 'none',
      clientSize: 3,
      arraySize: 4,
      requests: 'A B C',
      startClient: '',
      startArray: '',
    };
    render(<PairFields config={config} policies={onlinePolicies()} set={() => {}} />);
    expect(screen.getByTestId('stepper-client-policy-about').textContent).toContain(policy('lirs').source);
    expect(screen.queryByTestId('stepper-array-policy-about')).toBeNull();
  });

  it("gives every policy a checkbox tooltip's line and paper", () => {
    for (const p of onlinePolicies()) {
      expect(p.about).toBe(`${policy(p.value).description} — ${policy(p.value).source}`);
    }
  });
});

describe("a view's introduction", () => {
  it('opens on a first visit and stays closed once closed', () => {
    const first = render(<ViewIntro view="teach" />);
    const details = () => screen.getByTestId('intro-teach') as HTMLDetailsElement;
    expect(details().open).toBe(true);
    expect(details().textContent).toContain(VIEW_INTROS.teach);
    details().open = false;
    fireEvent(details(), new Event('toggle'));
    first.unmount();
    render(<ViewIntro view="teach" />);
    expect(details().open).toBe(false);
    // Closing one view's says nothing of another's.
    render(<ViewIntro view="gallery" />);
    expect((screen.getByTestId('intro-gallery') as HTMLDetailsElement).open).toBe(true);
  });

  it('heads every view of the page', () => {
    const client = { run: () => new Promise(() => {}), terminate() {} };
    render(<App createClient={() => client as unknown as EngineClient} />);
    for (const v of VIEWS) {
      fireEvent.click(screen.getByRole('tab', { name: new RegExp(v, 'i') }));
      const intro = screen.getByTestId(`view-${v}`).querySelector(`[data-testid="intro-${v}"]`);
      expect(intro?.textContent, v).toContain(VIEW_INTROS[v]);
    }
  });
});
