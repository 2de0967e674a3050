// The scenario being edited, kept in the URL hash (#s=…) so every scenario is a link. The form
// may hold invalid values (an emptied input, a capacity of 0); the URL and the share link keep
// the last valid scenario, so nothing the user shares is ever broken.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { defaultScenario } from '../../../scenario/defaults';
import { checkScenario, type Scenario, type ScenarioIssue } from '../../../scenario/schema';
import { decodeScenarioFromHash, shareUrl } from '../../../scenario/url';

function fromLocation(): { scenario: Scenario; error: string | null } {
  const decoded = decodeScenarioFromHash(window.location.hash);
  return decoded.ok ? { scenario: decoded.scenario, error: null } : { scenario: defaultScenario(), error: decoded.message };
}

/** One empty list, so a valid scenario's issues are the same value render after render. */
const NO_ISSUES: ScenarioIssue[] = [];

export function useScenarioUrl() {
  const [initial] = useState(fromLocation);
  const [draft, setDraft] = useState<Scenario>(initial.scenario);
  const [lastValid, setLastValid] = useState<Scenario>(initial.scenario);
  const [urlError, setUrlError] = useState<string | null>(initial.error);

  const check = useMemo(() => checkScenario(draft), [draft]);
  const issues: ScenarioIssue[] = check.ok ? NO_ISSUES : check.issues;
  const valid = check.ok ? check.scenario : null;

  const validJson = valid ? JSON.stringify(valid) : null;
  useEffect(() => {
    if (!validJson) return;
    const scenario = JSON.parse(validJson) as Scenario;
    setLastValid(scenario);
    window.history.replaceState(window.history.state, '', shareUrl(window.location.href, scenario));
  }, [validJson]);

  // A link pasted into this tab's address bar: load it like a fresh page would.
  useEffect(() => {
    const onHashChange = () => {
      const next = fromLocation();
      setDraft(next.scenario);
      setUrlError(next.error);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  const dismissUrlError = useCallback(() => setUrlError(null), []);

  return {
    draft,
    setDraft,
    /** The draft if it is valid, else null. */
    valid,
    issues,
    urlError,
    dismissUrlError,
    shareUrl: shareUrl(window.location.href, lastValid),
  };
}
