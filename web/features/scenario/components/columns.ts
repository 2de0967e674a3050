// A column map's choices as the page words them, and a map said in a line (a linked trace's
// settings, before its file is picked).
import type { Address, Columns, Delimiter, KeyKind, TimeUnit } from '../../../generated/engine';

export const DELIMITERS: Record<Delimiter, string> = {
  comma: 'comma ,',
  tab: 'tab',
  semicolon: 'semicolon ;',
  pipe: 'pipe |',
  space: 'spaces',
};
export const KEY_KINDS: Record<KeyKind, string> = { number: 'numbers', text: 'text, hashed to 64 bits' };
export const ADDRESSES: Record<Address, string> = {
  object: 'an object id (one block each)',
  bytes: 'a byte offset (split into blocks by its size)',
  blocks: 'a block number (its size spans blocks)',
};
export const TIME_UNITS: Record<TimeUnit, string> = {
  s: 'seconds',
  ms: 'milliseconds',
  us: 'microseconds',
  ns: 'nanoseconds',
};

const KEYS: Record<Address, string> = { object: 'object ids', bytes: 'byte offsets', blocks: 'block numbers' };

/** "key column 5 (object ids, numbers); size column 4; …; fields separated by comma ,". */
export function describeColumns(c: Columns): string {
  const ids = c.ids === 'text' ? 'text, hashed' : 'numbers';
  const parts = [`key column ${c.key} (${KEYS[c.address ?? 'object']}, ${ids})`];
  if (c.size) parts.push(`size column ${c.size}`);
  if (c.time) parts.push(`time column ${c.time} (${TIME_UNITS[c.timeUnit ?? 's']})`);
  if (c.op) parts.push(`operation column ${c.op}`);
  if (c.client) parts.push(`client column ${c.client}`);
  parts.push(`fields separated by ${DELIMITERS[c.delimiter ?? 'comma']}`);
  if (c.header) parts.push('a header line first');
  return parts.join('; ');
}
