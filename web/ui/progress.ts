// Progress of long work on the worker pool — paper 003's design space, the parameter sweeps, the
// miss-ratio curves: how many cells are done of how many, and an estimate of the time left from
// the pace so far (the cells run in parallel, about alike, so the mean time per finished cell
// times the cells left is a fair guess once one has finished).

/** Milliseconds left at the pace so far; null before the first cell finishes, 0 when all have. */
export function timeLeftMs(done: number, total: number, elapsedMs: number): number | null {
  if (total <= 0 || done >= total) return 0;
  if (done <= 0 || elapsedMs <= 0) return null;
  return (elapsedMs / done) * (total - done);
}

/** "under 1 s", "about 40 s", "about 3 min", "about 1 h 10 min": rounded as a guess should be. */
export function formatDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 1) return 'under 1 s';
  if (s < 60) return `about ${s < 10 ? Math.round(s) : Math.round(s / 5) * 5} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `about ${min} min`;
  const h = Math.floor(min / 60);
  return `about ${h} h${min % 60 ? ` ${min % 60} min` : ''}`;
}

export type WorkStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

/**
 * The progress line: "12 / 136 runs · about 40 s left" while running ("estimating the time
 * left" before the first cell finishes), "136 / 136 runs · took about 2 min" when done, and
 * "— cancelled" after a cancel.
 */
export function progressText(p: {
  status: WorkStatus;
  done: number;
  total: number;
  unit: string;
  elapsedMs: number;
}): string {
  const count = `${p.done.toLocaleString('en-US')} / ${p.total.toLocaleString('en-US')} ${p.unit}`;
  if (p.status === 'running') {
    const left = timeLeftMs(p.done, p.total, p.elapsedMs);
    return `${count} · ${left === null ? 'estimating the time left' : `${formatDuration(left)} left`}`;
  }
  if (p.status === 'cancelled') return `${count} — cancelled`;
  if (p.status === 'done' && p.elapsedMs > 0) return `${count} · took ${formatDuration(p.elapsedMs)}`;
  return count;
}
