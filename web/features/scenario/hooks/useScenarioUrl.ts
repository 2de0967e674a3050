// The scenario being edited, kept in the URL hash (#s=…) so every scenario is a link. The form
// may hold invalid values (an emptied input, a capacity of 0); the URL and the share link keep
// the last valid scenario, so nothing the user shares is ever broken. A link from before
// version 2 is migrated by the engine (through a worker) before it shows; a bad link leaves a
// message and what was shown before — the default on a fresh page, the current scenario when
// a link is pasted into this tab.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultScenario } from '../../../scenario/defaults';
import { checkScenario, type Scenario, type ScenarioIssue } from '../../../scenario/schema';
import {
  decodeScenarioFromHash,
  encodeScenarioHash,
  migrateLinked,
  scenarioParam,
  shareUrl,
  type DecodeResult,
  type Migrate,
} from '../../../scenario/url';
import { migrateWithEngine } from '../../../worker/migrate';

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
export function useScenarioUrl(migrate: Migrate = migrateWithEngine, extra = '') {
  const [initial] = useState<DecodeResult>(() => decodeScenarioFromHash(window.location.hash));
  const [draft, setDraft] = useState<Scenario>(initial.ok ? initial.scenario : defaultScenario());
  const [lastValid, setLastValid] = useState<Scenario>(initial.ok ? initial.scenario : defaultScenario());
  const [urlError, setUrlError] = useState<UrlError | null>(
    !initial.ok && initial.kind !== 'version-1' ? { message: initial.message, kept: 'default' } : null,
  );
  /** A version-1 link the engine is migrating: nothing runs, and the URL stays as it is, until it is done. */
  const [migrating, setMigrating] = useState(!initial.ok && initial.kind === 'version-1');
  const lastValidRef = useRef(lastValid);
  lastValidRef.current = lastValid;
  const extraRef = useRef(extra);
  extraRef.current = extra;
  /** The address of `scenario` with the page's own parameters as they are now. */
  const linkTo = useCallback((scenario: Scenario) => shareUrl(window.location.href, scenario) + extraRef.current, []);

  const check = useMemo(() => checkScenario(draft), [draft]);
  const issues: ScenarioIssue[] = check.ok ? NO_ISSUES : check.issues;
  const valid = check.ok && !migrating ? check.scenario : null;

  const validJson = valid ? JSON.stringify(valid) : null;
  useEffect(() => {
    // The address follows the scenario and the page's own parameters (`extra`).
    const address = (scenario: Scenario) => shareUrl(window.location.href, scenario) + extra;
    if (!validJson) {
      // The page's own parameters change while the form is invalid: the last valid scenario
      // keeps the address (not while an old link is being migrated: it stays as it came).
      if (!migrating) window.history.replaceState(window.history.state, '', address(lastValidRef.current));
      return;
    }
    const scenario = JSON.parse(validJson) as Scenario;
    setLastValid(scenario);
    window.history.replaceState(window.history.state, '', address(scenario));
  }, [validJson, extra, migrating]);

  /** Opens a decoded link: shows it, migrates it first (version 1), or says why not, keeping `kept`. */
  const open = useCallback(
    (decoded: DecodeResult, kept: UrlError['kept']) => {
      if (decoded.ok) {
        setDraft(decoded.scenario);
        setUrlError(null);
        return;
      }
      if (decoded.kind !== 'version-1') {
        setUrlError({ message: decoded.message, kept });
        // The address bar shows what the page shows.
        if (kept === 'current') window.history.replaceState(window.history.state, '', linkTo(lastValidRef.current));
        return;
      }
      setMigrating(true);
      void migrateLinked(decoded.document, migrate).then((migrated) => {
        setMigrating(false);
        if (migrated.ok) {
          setDraft(migrated.scenario);
          setUrlError(null);
        } else {
          setUrlError({ message: `this older link could not be migrated: ${migrated.message}`, kept });
          window.history.replaceState(window.history.state, '', linkTo(lastValidRef.current));
        }
      });
    },
    [migrate, linkTo],
  );

  // A version-1 link on arrival: the engine migrates it.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || initial.ok || initial.kind !== 'version-1') return;
    started.current = true;
    open(initial, 'default');
  }, [initial, open]);

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
  /** The address of the scenario shown (the last valid one) with `extra` after it. */
  const addressWith = useCallback((extra: string) => shareUrl(window.location.href, lastValidRef.current) + extra, []);

  return {
    draft,
    setDraft,
    /** The draft if it is valid (and not waiting for a migration), else null. */
    valid,
    issues,
    urlError,
    dismissUrlError,
    /** A version-1 link is being migrated by the engine. */
    migrating,
    /** The page was opened on a shared scenario (a `s=` link, migrated or not), not the default. */
    fromLink: initial.ok ? initial.fromHash : initial.kind === 'version-1',
    shareUrl: shareUrl(window.location.href, lastValid) + extra,
    addressWith,
  };
}
