// One paper's card: its headline, its checks grouped by exhibit (the paper's side, ours, the
// difference and the engine's verdict, with why beneath), "Load into editor" and "Run here".
import type { Scenario } from '../../scenario/document';
import type { Experiment } from './experiments';
import {
  MARK,
  VERDICT_WORD,
  byExhibit,
  checkKey,
  clock,
  difference,
  differenceText,
  claimParts,
  paperText,
  tally,
  toleranceText,
  type Check,
  type Verdict,
} from './reproduction';
import { useElapsed, useRunHere, type GalleryEngine } from './useRunHere';

export interface PaperCardProps {
  experiment: Experiment;
  /** This paper's recorded checks (null while they load, or when they did not). */
  recorded: Check[] | null;
  /** The engine's verdict on each recorded check (null until it has judged them). */
  verdicts: Verdict[] | null;
  onLoad: (s: Scenario) => void;
  createEngine: () => GalleryEngine;
}

interface Row {
  check: Check;
  verdict?: Verdict;
  /** A live row: the recorded check at its place, when ours differs from it. */
  was?: Check;
  /** A live row with no recorded check at its place. */
  isNew?: boolean;
}

export function PaperCard({ experiment: e, recorded, verdicts, onLoad, createEngine }: PaperCardProps) {
  const { state, start, cancel } = useRunHere(e.paper, createEngine);
  const elapsed = useElapsed(state.since);
  const running = state.since !== null;

  let rows: Row[];
  if (state.live) {
    const before = new Map((recorded ?? []).map((c) => [checkKey(c), c]));
    rows = state.live.checks.map((check, i) => {
      const old = before.get(checkKey(check));
      return {
        check,
        verdict: state.live!.verdicts[i],
        was: old && old.ours !== check.ours ? old : undefined,
        isNew: recorded !== null && !old,
      };
    });
  } else {
    rows = (recorded ?? []).map((check, i) => ({ check, verdict: verdicts?.[i] }));
  }
  const judged = rows.every((r) => r.verdict);
  const changed = rows.filter((r) => r.was || r.isNew).length;
  const status = running
    ? 'running'
    : state.live
      ? 'live'
      : recorded === null
        ? 'loading'
        : rows.length
          ? 'recorded'
          : 'none';

  return (
    <article className="gallery-card" data-testid={`gallery-${e.id}`} data-status={status}>
      <header className="gallery-card-head">
        <h3>
          {e.paper} · {e.title}
        </h3>
        {rows.length > 0 && (
          <span className="gallery-summary" data-testid={`gallery-summary-${e.id}`}>
            {judged ? tally(rows.map((r) => r.verdict!)) : 'judging…'}
          </span>
        )}
      </header>
      <p className="muted gallery-paper">{e.citation}</p>
      <p className="gallery-claim">{e.claim}</p>

      {recorded !== null && rows.length === 0 && (
        <p className="muted gallery-empty" data-testid={`gallery-empty-${e.id}`}>
          No checks of this paper yet: <code>tiersim reproduce</code> does not cover it.
        </p>
      )}
      {rows.length > 0 && <Checks id={e.id} rows={rows} />}

      <div className="gallery-actions">
        <button
          type="button"
          className="button secondary small"
          data-testid={`gallery-load-${e.id}`}
          title={e.loads}
          onClick={() => onLoad(structuredClone(e.scenario))}
        >
          Load into editor
        </button>
        {running ? (
          <button
            type="button"
            className="button secondary small"
            data-testid={`gallery-cancel-${e.id}`}
            onClick={cancel}
          >
            Cancel
          </button>
        ) : (
          <button
            type="button"
            className="button secondary small"
            data-testid={`gallery-run-${e.id}`}
            title={`Runs tiersim reproduce --paper ${e.paper} in this browser, in a worker of its own: seconds for some papers, minutes for others`}
            onClick={() => void start()}
          >
            {state.live ? 'Run here again' : 'Run here'}
          </button>
        )}
        <span className="muted gallery-run-state" data-testid={`gallery-state-${e.id}`} aria-live="polite">
          {running
            ? `running in this browser… ${clock(elapsed)}`
            : state.cancelledAfter !== null
              ? `cancelled after ${clock(state.cancelledAfter)}`
              : state.live
                ? `ran here in ${clock(state.live.ms)}${changed ? ` — ${changed} ${changed === 1 ? 'row differs' : 'rows differ'} from the recording (●)` : ', the same as recorded'}`
                : ''}
        </span>
      </div>
      <p className="muted gallery-loads">Editor: {e.loads}</p>
      <p className="muted gallery-ours" data-testid={`gallery-ours-${e.id}`}>
        Ours, not the paper’s: {e.ours}
      </p>
      {state.error && (
        <p className="field-error" role="alert" data-testid={`gallery-error-${e.id}`}>
          {state.error}
        </p>
      )}
    </article>
  );
}

function Checks({ id, rows }: { id: string; rows: Row[] }) {
  return (
    <table className="mrc-table gallery-checks" data-testid={`gallery-checks-${id}`}>
      <colgroup>
        <col />
        <col />
        <col />
        <col />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">check</span>
          </th>
          <th scope="col">paper</th>
          <th scope="col">ours</th>
          <th scope="col">diff.</th>
          <th scope="col">
            <span className="visually-hidden">verdict</span>
          </th>
        </tr>
      </thead>
      {byExhibit(rows.map((r) => ({ ...r, exhibit: r.check.exhibit }))).map((g) => (
        <tbody key={g.exhibit} data-exhibit={g.exhibit}>
          <tr className="gallery-exhibit">
            <th scope="colgroup" colSpan={5}>
              {g.exhibit}
            </th>
          </tr>
          {g.checks.map((r) => (
            <CheckRow key={checkKey(r.check)} row={r} />
          ))}
        </tbody>
      ))}
    </table>
  );
}

function CheckRow({ row: { check: c, verdict, was, isNew } }: { row: Row }) {
  const tolerance = toleranceText(c);
  return (
    <>
      <tr
        data-label={c.label}
        data-verdict={verdict ?? ''}
        data-changed={was ? 'true' : isNew ? 'new' : undefined}
        data-note={c.note ? 'below' : undefined}
      >
        <th scope="row">{c.label}</th>
        <td className="gallery-paper-value">
          <PaperSide check={c} />
          {tolerance && <span className="muted gallery-tolerance"> {tolerance}</span>}
        </td>
        <td className="gallery-ours">
          {c.oursText}
          {was && (
            <span className="gallery-was" title="this browser's number differs from the recorded one">
              {' '}
              ● recorded {was.oursText}
            </span>
          )}
          {isNew && <span className="gallery-was"> ● not recorded</span>}
        </td>
        <td className="gallery-diff">{differenceText(difference(c))}</td>
        <td className="gallery-mark">
          {verdict ? (
            <span role="img" aria-label={VERDICT_WORD[verdict]}>
              {MARK[verdict]}
            </span>
          ) : (
            <span role="img" aria-label="being judged">
              …
            </span>
          )}
        </td>
      </tr>
      {c.note && (
        <tr className="gallery-note" data-verdict={verdict ?? ''}>
          <td colSpan={5}>
            <Note text={c.note} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The paper's side of a row: its words, and apart from them the threshold we read them as. */
function PaperSide({ check: c }: { check: Check }) {
  if (c.expected.kind !== 'claim') return <>{paperText(c)}</>;
  const { paper, ours } = claimParts(c.expected.text);
  return (
    <>
      <span className="gallery-claim-paper">{paper}</span>
      {ours && (
        <span className="muted gallery-claim-ours" data-testid="gallery-our-reading">
          {' '}
          — our reading: {ours}
        </span>
      )}
    </>
  );
}

/** A row's note, shown whole: why ours differs, how it was measured, and what is ours. */
function Note({ text }: { text: string }) {
  return <span className="gallery-note-text">{text}</span>;
}
