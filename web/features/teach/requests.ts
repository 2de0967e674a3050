// The teaching stepper's request list as people type it: blocks named by letters (A, B, … Z,
// AA, …) or numbers, separated by spaces or commas, a trailing * for a write — "A B C A*" — or
// * and paper 004's hint for a hinted write ("A*replace", "B*synch", "C*recov"; TQ orders by them),
// and, in a hierarchy of several clients, the client before a colon: "c2:A" (by its name, or
// its number counted from 1: "2:A"). A request without one is the first client's. Under MC²
// a block names its range (paper 002's hint) after an @: "c1:A@2" (no range: the client's rest).

/** A read, a write, or a write with paper 004's hint (as the engine's teach takes it). */
export type Op = 'read' | 'write' | 'synch' | 'replace' | 'recov';

/** A parsed request: block, operation, the client as typed (absent: the first), and its range. */
export type Req = [number, Op] | [number, Op, string] | [number, Op, string | null, number];

export type Parsed = { ok: true; requests: Req[]; letters: boolean } | { ok: false; message: string };

/** Most requests the stepper steps through (engine: teach::MAX_TEACH_REQUESTS). */
export const MAX_STEPS = 1000;

/** A = 0 … Z = 25, AA = 26 … (spreadsheet columns). */
export function letterId(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function letterName(id: number): string {
  let s = '';
  for (let n = id + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A block's label as the list named it. */
export function blockLabel(id: number, letters: boolean): string {
  return letters ? letterName(id) : String(id);
}

/**
 * Parses a list; `what` names it in messages ("request", "client start block"); `clients`:
 * whether an item may name its client ("c2:A").
 */
export function parseBlocks(text: string, what = 'request', writes = true, clients = writes): Parsed {
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  const requests: Req[] = [];
  let letters = false;
  for (const [i, t] of tokens.entries()) {
    const m = /^(?:([\w.-]{1,40}):)?([A-Za-z]{1,3}|\d{1,6})(\*(?:synch|replace|recov)?)?(?:@(\d{1,6}))?$/i.exec(t);
    if (!m || (m[3] && !writes) || ((m[1] !== undefined || m[4] !== undefined) && !clients)) {
      const shown = t.length > 12 ? `${t.slice(0, 12)}…` : t;
      return {
        ok: false,
        message: `${what} ${i + 1}: "${shown}" is not a block — letters (A, B, … AA) or a number up to 999999${writes ? ', with * for a write (*synch, *replace, *recov for a hinted one)' : ''}${clients ? ', after its client and a colon (c2:A) if not the first, and before @ and its range (A@2) under MC²' : ''}`,
      };
    }
    const isLetters = /^[A-Za-z]/.test(m[2]);
    letters ||= isLetters;
    const block = isLetters ? letterId(m[2]) : Number(m[2]);
    const op: Op = !m[3] ? 'read' : m[3] === '*' ? 'write' : (m[3].slice(1).toLowerCase() as Op);
    if (m[4] !== undefined) requests.push([block, op, m[1] ?? null, Number(m[4])]);
    else requests.push(m[1] === undefined ? [block, op] : [block, op, m[1]]);
  }
  if (requests.length > MAX_STEPS)
    return { ok: false, message: `${what}s: at most ${MAX_STEPS} (got ${requests.length})` };
  return { ok: true, requests, letters };
}
