// The request strip: every request of the walk in order, each past one marked where it was
// served (coloured by how far up its path) and, for a read from the disk, why it missed; a
// click jumps to the step it made.
import type { TeachStep } from '../../../worker/protocol';
import { HINT_WORDS, pathOf, requestWords, type StripItem } from '../walk';

const MISS_SHORT = { cold: 'cold', capacity: 'cap', duplicate: 'dup' } as const;

/** 0 for a client's own cache, 1 for the one above it, … (the strip colours a hit by it). */
function pathRank(step: TeachStep, servedBy: string): number {
  const path = pathOf(step, step.client ?? 0);
  const k = path.findIndex((c) => step.caches[c].name === servedBy);
  return Math.max(0, Math.min(2, k));
}

/** The request's tooltip: what it is, and how it went once past. */
function itemTitle(r: StripItem, past: boolean): string {
  if (!past) return `${r.label} (${requestWords(r)}), step ${r.step}`;
  const how =
    r.op === 'write' ? 'written' : r.servedBy === 'disk' ? `from disk — ${r.miss} miss` : `hit at ${r.servedBy}`;
  return `${r.label} (${requestWords(r)}): ${how}`;
}

/** The word under a past request: w(rite), the miss's kind, hit, or the cache that served it. */
function itemMark(r: StripItem): string {
  if (r.op === 'write') return 'w';
  if (r.servedBy === 'disk') return r.miss ? MISS_SHORT[r.miss] : 'disk';
  return r.servedBy === 'client' || r.servedBy === 'cache' ? 'hit' : r.servedBy;
}

export function RequestStrip({
  strip,
  steps,
  clients,
  at,
  testId,
  onJump,
}: {
  strip: StripItem[];
  steps: TeachStep[];
  clients: string[];
  at: number;
  testId: (name: string) => string;
  onJump?: (step: number) => void;
}) {
  return (
    <ol className="stepper-strip" data-testid={testId('strip')} aria-label="the requests">
      {strip.map((r) => {
        const past = r.step <= at;
        const where = r.op === 'write' ? 'write' : r.servedBy === 'disk' ? 'disk' : r.servedBy;
        const level = r.servedBy === 'disk' ? 'disk' : pathRank(steps[r.step], r.servedBy);
        return (
          <li key={r.step}>
            <button
              type="button"
              className={`stepper-req ${past ? `is-past at-${level}` : ''} ${r.step === at ? 'is-now' : ''}`}
              data-testid={testId('strip-item')}
              data-step={r.step}
              data-served={past ? where : ''}
              data-miss={past && r.miss ? r.miss : ''}
              data-hint={r.hint ?? ''}
              title={itemTitle(r, past)}
              disabled={!onJump}
              onClick={() => onJump?.(r.step)}
            >
              {clients.length > 1 ? `${clients[r.client]}:` : ''}
              {r.label}
              {r.op === 'write' ? '*' : ''}
              {r.hint ? <sup className="stepper-hint">{HINT_WORDS[r.hint].short}</sup> : null}
              <small>{past ? itemMark(r) : ''}</small>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
