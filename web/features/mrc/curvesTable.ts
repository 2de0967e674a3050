// The miss-ratio curves' numbers as one table: a row per cache size, a column per policy (the
// ratio the chart draws), and the curves' floor beside them — what the chart's CSV and JSON hold.
import type { Curve } from '../../charts/mrc/useMrcLayout';
import type { ChartData } from '../../export/export';

/**
 * `sizeColumn` names the sizes ("size (blocks)", "capacity (bytes)"); `ratio` what each policy's
 * column holds; `floor`, where known, is a last column (the same on every row).
 */
export function curvesTable(curves: Curve[], sizeColumn: string, ratio: string, floor?: number): ChartData {
  const sizes = [...new Set(curves.flatMap((c) => c.points.map((p) => p.size)))].sort((a, b) => a - b);
  const known = floor !== undefined && Number.isFinite(floor);
  const columns = [
    sizeColumn,
    ...curves.map((c) => `${c.label} ${ratio}`),
    ...(known ? ['compulsory miss ratio'] : []),
  ];
  const rows = sizes.map((size) => [
    size,
    ...curves.map((c) => c.points.find((p) => p.size === size)?.missRatio ?? null),
    ...(known ? [floor] : []),
  ]);
  return { columns, rows };
}
