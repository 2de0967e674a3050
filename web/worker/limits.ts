// How many engine workers a page runs and how much of a trace each may hold. Shared by the page
// (which sizes its pools) and the worker (which limits its trace reader), so both agree.

/** Workers for a sweep: the machine's cores, at most 4. */
export function defaultPoolSize(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 0;
  return Math.max(1, Math.min(cores || 2, 4));
}

/** Most MiB of a parsed trace a worker keeps where the device's memory is unknown. */
export const TRACE_LIMIT_MIB = 1024;

/**
 * MiB of a parsed trace one worker keeps. Each worker reading a trace holds its own copy: the
 * run's worker and, in a sweep, every pool worker. Where the browser reports the device's memory
 * (`navigator.deviceMemory`, GiB), those copies share half of it, between 128 MiB and
 * [`TRACE_LIMIT_MIB`] each; elsewhere, the limit.
 */
export function traceLimitMiB(deviceMemoryGiB: number | undefined, workers: number): number {
  if (!deviceMemoryGiB || !(deviceMemoryGiB > 0)) return TRACE_LIMIT_MIB;
  const share = Math.floor((deviceMemoryGiB * 1024) / 2 / Math.max(1, workers));
  return Math.max(128, Math.min(TRACE_LIMIT_MIB, share));
}
