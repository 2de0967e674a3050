// A run's progress snapshot as it crosses from the engine worker to the page. The bulk of a
// report is numbers in arrays — the latency histograms' counts (702 each, the run's and every
// client's) and the live stack-depth curves (sizes and hit fractions, up to thousands of points
// each) — which structured cloning would copy element by element. The worker moves them into
// one Float64Array whose buffer it transfers (no copy); the page puts them back. Counts are
// exact in a double below 2^53, as they are in the JSON the engine writes.
import type { Report } from '../generated/engine';
import type { PackedReport } from './protocol';

type Slot = { get: () => number[]; set: (a: number[]) => void };

/** The numeric arrays of `r` that change from snapshot to snapshot, in a fixed order. */
function slots(r: Report): Slot[] {
  const out: Slot[] = [{ get: () => r.latency.counts, set: (a) => (r.latency.counts = a) }];
  for (const c of r.clients) {
    out.push({ get: () => c.latency.counts, set: (a) => (c.latency.counts = a) });
  }
  for (const d of r.depthCurves ?? []) {
    out.push({ get: () => d.sizes, set: (a) => (d.sizes = a) });
    out.push({ get: () => d.hits, set: (a) => (d.hits = a) });
  }
  return out;
}

/** The objects `slots` writes to, copied, so that packing leaves the worker's report as it was. */
function skeleton(r: Report): Report {
  return {
    ...r,
    latency: { ...r.latency },
    clients: r.clients.map((c) => ({ ...c, latency: { ...c.latency } })),
    ...(r.depthCurves ? { depthCurves: r.depthCurves.map((d) => ({ ...d })) } : {}),
  };
}

/** `r` with its numeric arrays moved into one buffer, ready to transfer (`packed.numbers.buffer`). */
export function packReport(r: Report): PackedReport {
  const report = skeleton(r);
  const s = slots(report);
  const lengths = s.map((slot) => slot.get().length);
  const numbers = new Float64Array(lengths.reduce((a, b) => a + b, 0));
  let at = 0;
  for (const slot of s) {
    const a = slot.get();
    numbers.set(a, at);
    at += a.length;
    slot.set([]);
  }
  return { report, numbers, lengths };
}

/** The report `packReport` was given, its arrays rebuilt from the buffer. */
export function unpackReport({ report, numbers, lengths }: PackedReport): Report {
  const s = slots(report);
  if (s.length !== lengths.length)
    throw new Error(`a packed report with ${lengths.length} arrays for ${s.length} places`);
  let at = 0;
  s.forEach((slot, i) => {
    // A plain loop into a sized array: several times faster than Array.from on a subarray.
    const a = new Array<number>(lengths[i]);
    for (let j = 0; j < a.length; j++) a[j] = numbers[at + j];
    slot.set(a);
    at += lengths[i];
  });
  if (at !== numbers.length) throw new Error(`a packed report of ${numbers.length} numbers, ${at} placed`);
  return report;
}
