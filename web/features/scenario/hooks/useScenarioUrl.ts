// The scenario being edited, kept in the URL hash (#s=…) so every scenario is a link. The form
// may hold invalid values (an emptied input, a capacity of 0); the URL and the share link keep
// the last valid scenario, so nothing the user shares is ever broken. A link from an earlier
// version opens migrated by the engine (the same numbers); a bad link leaves a message and what
// was shown before — the default on a fresh page, the current scenario when a link is pasted
// into this tab. Every check is the engine's, asked on the page's thread as the user types.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultScenario } from '../../../scenario/defaults';
import { checkScenario, type Scenario, type ScenarioIssue } from '../../../scenario/document';
import {
  decodeScenarioFromHash,
  encodeScenarioHash,
  scenarioParam,
  shareUrl,
  type DecodeResult,
} from '../../../scenario/url';

/** One empty list, so a valid scenario's issues are the same value render after render. */
const NO_ISSUES: ScenarioIssue[] = [];

/** A link that could not be opened, and what the page shows instead. */
export interface UrlError {
  message: string;
  /** `default`: a fresh page fell back to the default scenario; `current`: the scenario shown before stays. */
  kept: 'default' | 'current';
}

/**
 * `extra`: parameters the link keeps after the scenario ("&view=teach"), the page's own; a link
 * pasted into the tab is the page's to read them from.
 */
export function useScenarioUrl(extra = '') {
  const [initial] = useState<DecodeResult>(() => decodeScenarioFromHash(window.location.hash));
  const [draft, setDraft] = useState<Scenario>(initial.ok ? initial.scenario : defaultScenario());
  const [lastValid, setLastValid] = useState<Scenario>(initial.ok ? initial.scenario : defaultScenario());
  const [urlError, setUrlError] = useState<UrlError | null>(
    initial.ok ? null : { message: initial.message, kept: 'default' },
  );
  const lastValidRef = useRef(lastValid);
  lastValidRef.current = lastValid;
  const extraRef = useRef(extra);
  extraRef.current = extra;
  /** The address of `scenario` with the page's own parameters as they are now. */
  const linkTo = useCallback((scenario: Scenario) => shareUrl(window.location.href, scenario) + extraRef.current, []);

  const check = useMemo(() => checkScenario(draft), [draft]);
  const issues: ScenarioIssue[] = check.ok ? NO_ISSUES : check.issues;
  // The draft as the user wrote it (the engine's checks passed): what runs and what links hold.
  const valid = check.ok ? draft : null;

  const validJson = valid ? JSON.stringify(valid) : null;
  useEffect(() => {
    // The address follows the scenario and the page's own parameters (`extra`).
    const address = (scenario: Scenario) => shareUrl(window.location.href, scenario) + extra;
    if (!validJson) {
      // The page's own parameters change while the form is invalid: the last valid scenario
      // keeps the address.
      window.history.replaceState(window.history.state, '', address(lastValidRef.current));
      return;
    }
    const scenario = JSON.parse(validJson) as Scenario;
    setLastValid(scenario);
    window.history.replaceState(window.history.state, '', address(scenario));
  }, [validJson, extra]);

  /** Opens a decoded link: shows it, or says why not, keeping `kept`. */
  const open = useCallback(
    (decoded: DecodeResult, kept: UrlError['kept']) => {
      if (decoded.ok) {
        setDraft(decoded.scenario);
        setUrlError(null);
        return;
      }
      setUrlError({ message: decoded.message, kept });
      // The address bar shows what the page shows.
      if (kept === 'current') window.history.replaceState(window.history.state, '', linkTo(lastValidRef.current));
    },
    [linkTo],
  );

  // A link pasted into this tab's address bar: load it like a fresh page would, but a bad one
  // leaves the scenario the page shows.
  useEffect(() => {
    const onHashChange = () => {
      // Our own replaceState never fires this; a hash holding the scenario shown is no news (a
      // change of view alone is the page's to follow).
      if (scenarioParam(window.location.hash) === encodeScenarioHash(lastValidRef.current)) return;
      open(decodeScenarioFromHash(window.location.hash), 'current');
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [open]);

  const dismissUrlError = useCallback(() => setUrlError(null), []);
  // Compressed once per scenario, not at every render (a run's snapshots render the page ~12
  // times a second).
  const link = useMemo(() => shareUrl(window.location.href, lastValid) + extra, [lastValid, extra]);
  /** The address of the scenario shown (the last valid one) with `extra` after it. */
  const addressWith = useCallback((extra: string) => shareUrl(window.location.href, lastValidRef.current) + extra, []);

  return {
    draft,
    setDraft,
    /** The draft if it is valid, else null. */
    valid,
    issues,
    urlError,
    dismissUrlError,
    /** The version of an older link the page opened, migrated by the engine. */
    migratedFrom: initial.ok ? initial.migratedFrom : undefined,
    /** The page was opened on a shared scenario (a `s=` link, migrated or not), not the default. */
    fromLink: initial.ok && initial.fromHash,
    shareUrl: link,
    addressWith,
  };
}
