import { formatCount } from '../../../format/numbers';
import type { RunState } from '../../../worker/runState';

const PHASE_TEXT: Record<RunState['phase'], string> = {
  idle: 'Ready to run',
  loading: 'Reading the trace file',
  warmup: 'Warm-up — filling the caches (not measured)',
  measured: 'Measuring',
  done: 'Done',
  cancelled: 'Cancelled',
  error: 'Failed',
};

const formatMB = (bytes: number) => `${(bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 1)} MB`;

/** Run progress: phase, requests served, and where the warm-up ends; or a trace being read. */
export function ProgressBar({ state }: { state: RunState }) {
  const { phase, report } = state;
  const loading = phase === 'loading' ? state.loading : null;
  const processed = loading ? 0 : (report?.processed ?? 0);
  const total = loading ? 0 : (report?.total ?? 0);
  const fraction = loading
    ? loading.total > 0
      ? loading.bytes / loading.total
      : 0
    : total > 0
      ? processed / total
      : phase === 'done'
        ? 1
        : 0;
  const warmupAt = report && total > 0 ? report.warmupRequests / total : null;

  return (
    <div
      className={`progress progress-${phase}`}
      data-testid="progress"
      data-phase={phase}
      data-processed={processed}
      role="progressbar"
      aria-label="Run progress"
      aria-valuemin={0}
      aria-valuemax={total || 1}
      aria-valuenow={processed}
      aria-valuetext={`${PHASE_TEXT[phase]}: ${formatCount(processed)} of ${formatCount(total)} requests`}
    >
      <div className="progress-text">
        <span className="progress-phase">{PHASE_TEXT[phase]}</span>
        {loading && (
          <span
            className="progress-count"
            data-testid="load-progress"
            data-bytes={loading.bytes}
            data-requests={loading.requests}
          >
            {formatMB(loading.bytes)} of {formatMB(loading.total)} · {formatCount(loading.requests)} requests
            {loading.ms > 0 ? ` · ${formatMB((loading.bytes / loading.ms) * 1000)}/s` : ''}
          </span>
        )}
        {total > 0 && (
          // One text node, starting where it started: the count grows without moving anything.
          <span className="progress-count">{`${formatCount(processed)} / ${formatCount(total)} requests`}</span>
        )}
      </div>
      <div className="progress-track">
        <div className="progress-fill" style={{ transform: `scaleX(${fraction.toFixed(4)})` }} />
        {warmupAt !== null && warmupAt > 0 && warmupAt < 1 && (
          <div
            className="progress-warmup-mark"
            style={{ left: `${(warmupAt * 100).toFixed(2)}%` }}
            title="end of warm-up"
          />
        )}
      </div>
    </div>
  );
}
