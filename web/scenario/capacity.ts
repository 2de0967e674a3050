// A cache's capacity as the document holds it: a number of blocks (objects, for a trace read as
// objects), or bytes with a unit ("1GiB"). The engine reads it (its bytes, the whole blocks it
// holds); the page only writes what the user typed and shows it back.
import { engine } from '../engine/engine';
import { formatCount } from '../format/numbers';
import type { CapacityFacts } from '../generated/engine';

export type Capacity = number | string;

/** The units a capacity is typed in: blocks, or bytes in powers of 1024. */
export const CAPACITY_UNITS = ['blocks', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];
const UNIT_BYTES: Record<Exclude<CapacityUnit, 'blocks'>, number> = {
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  TiB: 1024 ** 4,
};

/** Its bytes (given in bytes) and the whole blocks of `blockSize` it holds; an unreadable text holds none. */
export function capacityFacts(c: Capacity, blockSize: number): CapacityFacts {
  if (typeof c === 'number') return { blocks: Number.isFinite(c) ? c : 0 };
  try {
    return engine().capacityFacts(c, blockSize);
  } catch {
    return { blocks: 0 };
  }
}

/** The whole blocks `c` holds at `blockSize` bytes each. */
export function capacityBlocks(c: Capacity, blockSize: number): number {
  return capacityFacts(c, blockSize).blocks;
}

/** Whether `c` is given in bytes. */
export function inBytes(c: Capacity): c is string {
  return typeof c === 'string';
}

/** As a label: "16,384" (blocks) or the bytes as written ("1GiB"). */
export function formatCapacity(c: Capacity): string {
  return typeof c === 'number' ? formatCount(c) : c.replace(/\s+/g, '');
}

/** `c` as a field shows it: a number in one of {@link CAPACITY_UNITS} (bytes in another unit, "512KB", in KiB). */
export function capacityInUnits(c: Capacity, blockSize: number): { value: number; unit: CapacityUnit } {
  if (typeof c === 'number') return { value: c, unit: 'blocks' };
  const m = /^\s*(\d*\.?\d+)\s*(KiB|MiB|GiB|TiB)\s*$/.exec(c);
  if (m) return { value: Number(m[1]), unit: m[2] as CapacityUnit };
  const bytes = capacityFacts(c, blockSize).bytes;
  return { value: bytes === undefined ? Number.NaN : bytes / 1024, unit: 'KiB' };
}

/** A short decimal for a size: no float noise ("0.0625", not "0.06250000000000001"). */
function decimal(v: number): string {
  return String(Number(v.toPrecision(12)));
}

/** `value` typed in `unit`: blocks as a number, bytes as text ("1.5GiB"); an empty field stays NaN. */
export function capacityFrom(value: number, unit: CapacityUnit): Capacity {
  if (unit === 'blocks' || !Number.isFinite(value)) return value;
  return `${decimal(value)}${unit}`;
}

/** `c` re-expressed in `unit`, the same bytes at `blockSize` bytes a block (blocks: the nearest whole one). */
export function capacityIn(c: Capacity, unit: CapacityUnit, blockSize: number): Capacity {
  const facts = capacityFacts(c, blockSize);
  const bytes = facts.bytes ?? (typeof c === 'number' ? c * blockSize : Number.NaN);
  if (!Number.isFinite(bytes)) return unit === 'blocks' ? Number.NaN : c;
  if (unit === 'blocks') return Math.round(bytes / blockSize);
  return capacityFrom(bytes / UNIT_BYTES[unit], unit);
}
