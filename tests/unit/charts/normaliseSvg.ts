// Normalised SVG for chart snapshots (Observable Plot's approach): numbers rounded to 2 decimals
// so that harmless float noise does not churn a snapshot, React's generated ids (useId's _r_0_,
// «r0», :r0:) replaced by stable ones, one element per line so that a diff reads.
export function normaliseSvg(svg: Element): string {
  const ids = new Map<string, string>();
  return svg.outerHTML
    .replace(/«r[0-9a-z]+»|:r[0-9a-z]+:|_r_[0-9a-z]+_/g, (id) => {
      if (!ids.has(id)) ids.set(id, `id${ids.size}`);
      return ids.get(id)!;
    })
    .replace(/-?\d+\.\d+(e-?\d+)?/g, (n) => {
      const r = Math.round(Number(n) * 100) / 100;
      return String(Object.is(r, -0) ? 0 : r);
    })
    .replace(/></g, '>\n<');
}
