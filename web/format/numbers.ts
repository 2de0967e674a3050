// Number formatting shared by the panels and charts.

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 360448 → "360,448". */
export function formatCount(n: number): string {
  return grouped.format(n);
}

/** Three significant digits without exponents: 0.5575 → "0.558", 10.2 → "10.2", 4.77 → "4.77". */
export function formatSig(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  if (Math.abs(v) >= 10 ** digits) return grouped.format(v);
  return String(Number(v.toPrecision(digits)));
}

/**
 * A client's speedup (its latency alone over its latency shared) as what it means: "1.5× faster"
 * shared, "5× slower" (not "0.2×"), "no change" at 1.
 */
export function formatSpeedup(speedup: number): string {
  if (!Number.isFinite(speedup) || speedup <= 0) return '—';
  if (Number(speedup.toPrecision(3)) === 1) return 'no change';
  return speedup > 1 ? `${formatSig(speedup)}× faster` : `${formatSig(1 / speedup)}× slower`;
}

/** A latency histogram's percentiles as the engine reports them (each its bin's upper edge). */
export interface Percentiles {
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

/**
 * "p50 1 µs · p95 10.2 ms · p99 10.2 ms", or `compact` "1 µs / 10.2 ms / 10.2 ms" (a table's
 * cell under "p50 / p95 / p99"); a percentile past the last bin is "≥ 10 s".
 */
export function formatPercentiles(p: Percentiles, compact = false): string {
  const at = (ms: number | null) => (ms === null ? '≥ 10 s' : formatDuration(ms));
  return compact
    ? `${at(p.p50Ms)} / ${at(p.p95Ms)} / ${at(p.p99Ms)}`
    : `p50 ${at(p.p50Ms)} · p95 ${at(p.p95Ms)} · p99 ${at(p.p99Ms)}`;
}

/** A latency in milliseconds: "0.558 ms". */
export function formatMs(ms: number): string {
  return `${formatSig(ms)} ms`;
}

/** A latency for an axis, in the natural unit: 0.001 → "1 µs", 0.2 → "200 µs", 1000 → "1 s". */
export function formatDuration(ms: number): string {
  if (ms >= 1000) return `${formatSig(ms / 1000)} s`;
  if (ms >= 1) return `${formatSig(ms)} ms`;
  return `${formatSig(ms * 1000)} µs`;
}

/** A fraction as a percentage: 0.5006 → "50.1 %". */
export function formatPercent(f: number): string {
  if (!Number.isFinite(f)) return '—';
  const p = f * 100;
  return `${p >= 99.95 || p === 0 ? p.toFixed(0) : p < 0.1 ? p.toFixed(2) : p.toFixed(1)} %`;
}

/** Bytes in the largest power-of-1024 unit, three significant digits: 1536 → "1.5 KiB", 3e9 → "2.79 GiB". */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let k = 0;
  while (k < units.length - 1 && Math.abs(n) >= 1024 ** (k + 1)) k++;
  return `${formatSig(n / 1024 ** k)} ${units[k]}`;
}
