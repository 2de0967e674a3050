// The scenario — never its results — lives in the URL hash as #s=<lz-string of its JSON>, so a
// link reproduces a run exactly (SPEC §7). Decoding never throws: every way a link can be bad
// comes back as a message the app shows in a banner, keeping what it showed before. A link
// from an earlier version (every link shared so far) is migrated by the engine itself
// (`checkScenario`), never by a second migration here, so it gives the same numbers.
import LZString from 'lz-string';
import { defaultScenario } from './defaults';
import { checkScenario, describeIssue, limits, type Scenario } from './document';

const PARAM = 's';

export type DecodeFailure = 'damaged' | 'not-json' | 'invalid' | 'future-version';

export type DecodeResult =
  /** `migratedFrom`: the version of an older link the engine migrated. */
  | { ok: true; scenario: Scenario; fromHash: boolean; migratedFrom?: number }
  | { ok: false; kind: DecodeFailure; message: string };

/** "s=<compressed>", the hash without its "#". */
export function encodeScenarioHash(scenario: Scenario): string {
  return `${PARAM}=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`;
}

/**
 * A link that opens `scenario` and starts a set of runs on it (`run`: "sweep:bandwidth",
 * "design-space:vi-fc:one", "designs", "compare:…" from [`compareRun`]) — a shared sweep or
 * comparison, not just a scenario.
 */
export function runLink(href: string, scenario: Scenario, run: string): string {
  return `${shareUrl(href, scenario)}&run=${encodeURIComponent(run)}`;
}

/**
 * The settings a `run` carries as compact JSON (`curves:{…}`, `sweep:{…}`, after the prefix): the
 * object's fields, or null when the text is not JSON of an object. Each reader keeps the fields
 * it knows and leaves a damaged one at its default.
 */
export function runSettings(text: string): Record<string, unknown> | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : null;
}

/** A setting's number, when it is a finite one. */
export const finiteSetting = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The `run` parameter of a hash, if any (see `runLink`). */
export function runParam(hash: string): string | null {
  return hashParam(hash, 'run');
}

/** A parameter of a hash other than the scenario ("run", "view"), decoded; null when absent, empty or damaged. */
export function hashParam(hash: string, name: string): string | null {
  const part = hash
    .replace(/^#/, '')
    .split('&')
    .find((p) => p.startsWith(`${name}=`));
  if (!part) return null;
  try {
    return decodeURIComponent(part.slice(name.length + 1)) || null;
  } catch {
    return null;
  }
}

/** The part of a hash that holds the scenario ("s=…"), or null: what tells two links' scenarios apart. */
export function scenarioParam(hash: string): string | null {
  return (
    hash
      .replace(/^#/, '')
      .split('&')
      .find((p) => p.startsWith(`${PARAM}=`)) ?? null
  );
}

/** A pinned run in a shared comparison: its name and the scenario that made it. */
export interface CompareRun {
  name: string;
  scenario: Scenario;
}

/** Most runs a shared comparison carries (the results panel pins at most four). */
export const MAX_COMPARE_RUNS = 4;

/**
 * The `run` value of a link to a comparison: the pinned runs' names and scenarios, compressed
 * ("compare:<lz-string>"); the link's own scenario is the current run.
 */
export function compareRun(runs: CompareRun[]): string {
  return `compare:${LZString.compressToEncodedURIComponent(JSON.stringify(runs.slice(-MAX_COMPARE_RUNS)))}`;
}

/**
 * The pinned runs of a shared comparison (the part after "compare:"), each scenario checked as
 * a linked one is (an older one migrated by the engine); a bad one is a message naming the run
 * and the problem.
 */
export function decodeCompareRuns(text: string): { ok: true; runs: CompareRun[] } | { ok: false; message: string } {
  const bad = (why: string) => ({ ok: false as const, message: `the link's pinned runs are damaged: ${why}` });
  const unpacked = unpack(text);
  if (!unpacked.ok) return bad(unpacked.kind === 'damaged' ? 'could not decompress them' : 'they are not JSON');
  const value = unpacked.value;
  if (!Array.isArray(value) || value.length === 0) return bad('expected a list of runs');
  if (value.length > MAX_COMPARE_RUNS) return bad(`at most ${MAX_COMPARE_RUNS} runs, got ${value.length}`);
  const runs: CompareRun[] = [];
  for (const [i, run] of value.entries()) {
    const name = (run as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || name.length === 0 || name.length > 200)
      return bad(`run ${i + 1} has no name of 1 to 200 characters`);
    const checked = checkLinked((run as { scenario?: unknown }).scenario);
    if (!checked.ok) {
      return bad(
        checked.kind === 'future-version'
          ? `run ${i + 1} (${name}) was made by a newer tiersim: ${checked.message}`
          : `run ${i + 1} (${name}): ${checked.message}`,
      );
    }
    if (checked.scenario.source.kind === 'trace')
      return bad(`run ${i + 1} (${name}) replays a trace file, which a link cannot carry`);
    runs.push({ name, scenario: checked.scenario });
  }
  return { ok: true, runs };
}

/** The JSON value packed in a link's lz-string text, or why there is none. */
function unpack(text: string): { ok: true; value: unknown } | { ok: false; kind: 'damaged' | 'not-json' } {
  let json: string | null = null;
  try {
    json = LZString.decompressFromEncodedURIComponent(text);
  } catch {
    json = null;
  }
  if (!json) return { ok: false, kind: 'damaged' };
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch {
    return { ok: false, kind: 'not-json' };
  }
}

type Linked =
  | { ok: true; scenario: Scenario; migratedFrom?: number }
  | { ok: false; kind: 'future-version' | 'invalid'; message: string };

/**
 * A scenario from a link, read and checked by the engine: of this version, as the link wrote it;
 * of an earlier one, as the engine migrated it (the same numbers). A refusal is the engine's
 * first issue; one from a newer tiersim is told apart.
 */
function checkLinked(value: unknown): Linked {
  const checked = checkScenario(value);
  if (checked.ok) {
    // This version's document is kept as it was written (the link re-encodes to itself).
    return checked.migratedFrom === undefined
      ? { ok: true, scenario: value as Scenario }
      : { ok: true, scenario: checked.scenario, migratedFrom: checked.migratedFrom };
  }
  const version = (value as { version?: unknown } | null)?.version;
  const newer = typeof version === 'number' && version > limits().scenarioVersion;
  const message = describeIssue(checked.issues[0]);
  return { ok: false, kind: newer ? 'future-version' : 'invalid', message };
}

/** The full share URL for `scenario`, based on `href` (its own hash is replaced). */
export function shareUrl(href: string, scenario: Scenario): string {
  const base = href.split('#')[0];
  return `${base}#${encodeScenarioHash(scenario)}`;
}

/**
 * Reads the scenario from a location hash ("#s=…" or "s=…"). No `s` parameter means no
 * scenario was shared: the default, with `fromHash: false`.
 */
export function decodeScenarioFromHash(hash: string): DecodeResult {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  // URLSearchParams would turn "+" into a space; the encoded alphabet uses "+", so read raw.
  const raw = hash
    .replace(/^#/, '')
    .split('&')
    .find((part) => part.startsWith(`${PARAM}=`))
    ?.slice(PARAM.length + 1);
  if (raw === undefined || !params.has(PARAM)) return { ok: true, scenario: defaultScenario(), fromHash: false };

  const unpacked = unpack(raw);
  if (!unpacked.ok) {
    return unpacked.kind === 'damaged'
      ? { ok: false, kind: 'damaged', message: 'the link is damaged: could not decompress the scenario' }
      : { ok: false, kind: 'not-json', message: 'the link is damaged: the scenario is not JSON' };
  }
  const checked = checkLinked(unpacked.value);
  if (checked.ok) return { ok: true, scenario: checked.scenario, fromHash: true, migratedFrom: checked.migratedFrom };
  return { ok: false, kind: checked.kind, message: checked.message };
}
