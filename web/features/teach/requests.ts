// The teaching stepper's request list as people type it: blocks named by letters (A, B, … Z,
// AA, …) or numbers, separated by spaces or commas, a trailing * for a write — "A B C A*" — or
// * and paper 004's hint for a hinted write ("A*replace", "B*synch", "C*recov"; TQ orders by them),
// and, in a hierarchy of several clients, the client before a colon: "c2:A" (by its name, or
// its number counted from 1: "2:A"). A request without one is the first client's. Under MC²
// a block names its range (paper 002's hint) after an @: "c1:A@2" (no range: the client's rest).
//
// Everything the stepper checks of what was typed lives here, behind `walkInput` (the request
// list and start lists as the engine's teach takes them) and `drawLimitError` (what the stepper
// can draw), so the checks can move to the engine without touching the panel.
import type { TeachRequest } from '../../worker/protocol';
import type { StepperConfig } from './config';

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

/**
 * The requests as the engine takes them: a named client resolved to a leaf of the hierarchy
 * (by name, or by its number from 1); an error names the request and the clients there are.
 */
export function resolveClients(
  requests: ReturnType<typeof parseBlocks> & { ok: true },
  clients: readonly string[],
): TeachRequest[] | { error: string } {
  const out: TeachRequest[] = [];
  for (const [i, r] of requests.requests.entries()) {
    if (r.length === 2) {
      out.push(r);
      continue;
    }
    const [block, op, who] = r;
    // A range alone ("A@2"): the first client's.
    if (who === null) {
      out.push([block, op, 0, r[3] as number]);
      continue;
    }
    const byNumber = /^\d+$/.test(who) && !clients.includes(who) ? clients[Number(who) - 1] : undefined;
    const name = clients.includes(who) ? who : byNumber;
    if (name === undefined) {
      const theirs = `its clients: ${clients.join(', ')}, or 1 to ${clients.length}`;
      return { error: `request ${i + 1}: "${who}" is not a client of this hierarchy (${theirs})` };
    }
    out.push(r.length === 4 ? [block, op, name, r[3]] : [block, op, name]);
  }
  return out;
}

/** The requests and each cache's start list as the engine's teach takes them. */
export type WalkInput =
  | { ok: true; requests: TeachRequest[]; start: Record<string, number[]>; letters: boolean }
  | { ok: false; message: string };

/**
 * `c`'s request list (its clients resolved among `clients`, the hierarchy's leaves) and each
 * cache's start list, next victim first; the first thing wrong, in words, if any is.
 */
export function walkInput(c: StepperConfig, clients: readonly string[]): WalkInput {
  const fail = (message: string) => ({ ok: false as const, message });
  const reqs = parseBlocks(c.requests);
  if (!reqs.ok) return reqs;
  if (reqs.requests.length === 0) return fail('type at least one request');
  const resolved = resolveClients(reqs, clients);
  if ('error' in resolved) return fail(resolved.error);
  const lists: [string, string, string][] = c.tree
    ? c.tree.caches.map((x) => [x.name, c.starts?.[x.name] ?? '', `${x.name} start block`])
    : c.array === 'none'
      ? [['client', c.startClient, 'client start block']]
      : [
          ['client', c.startClient, 'client start block'],
          ['array', c.startArray, 'array start block'],
        ];
  const start: Record<string, number[]> = {};
  let letters = reqs.letters;
  for (const [name, text, what] of lists) {
    const parsed = parseBlocks(text, what, false);
    if (!parsed.ok) return parsed;
    letters ||= parsed.letters;
    if (c.tree && parsed.requests.length === 0) continue;
    start[name] = parsed.requests.map(([b]) => b);
  }
  return { ok: true, requests: resolved, start, letters };
}

/** Most caches, and largest cache, the stepper draws (engine: MAX_TEACH_CACHES, MAX_TEACH_CAPACITY). */
export const MAX_STEPPER_CACHES = 12;
export const MAX_STEPPER_BLOCKS = 64;

/** Why the stepper cannot draw `c`'s caches (too many, or one too big), or null when it can. */
export function drawLimitError(c: StepperConfig): string | null {
  const caches = c.tree ? c.tree.caches : [];
  if (caches.length > MAX_STEPPER_CACHES)
    return `the stepper draws at most ${MAX_STEPPER_CACHES} caches (this tree has ${caches.length})`;
  const big = c.tree
    ? caches.find((x) => x.capacity > MAX_STEPPER_BLOCKS)?.capacity
    : Math.max(c.clientSize, c.array === 'none' ? 0 : c.arraySize);
  if (big !== undefined && big > MAX_STEPPER_BLOCKS) {
    const tree = c.tree ? ` (this tree has one of ${big}: shrink its caches in the scenario)` : '';
    return `the stepper draws caches of at most ${MAX_STEPPER_BLOCKS} blocks${tree}`;
  }
  return null;
}
