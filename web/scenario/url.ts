// The scenario — never its results — lives in the URL hash as #s=<lz-string of its JSON>, so a
// link reproduces a run exactly (SPEC §7). Decoding never throws: every way a link can be bad
// comes back as a message the app shows in a banner, keeping what it showed before. A link
// from before version 2 (every link shared so far) is migrated by the engine itself
// (`validateScenario`), never by a second migration here, so it gives the same numbers.
import LZString from 'lz-string';
import { defaultScenario } from './defaults';
import { SCENARIO_VERSION, checkScenario, describeIssue, type Scenario } from './schema';

const PARAM = 's';

export type DecodeFailure = 'damaged' | 'not-json' | 'invalid' | 'future-version';

export type DecodeResult =
  | { ok: true; scenario: Scenario; fromHash: boolean }
  | { ok: false; kind: DecodeFailure; message: string }
  /** A version-1 document: the engine migrates it ([`migrateLinked`]). */
  | { ok: false; kind: 'version-1'; document: unknown; message: string };

/**
 * The engine's migration: a scenario's JSON of any version it reads in, its version-2 JSON
 * out (normalised), or a rejection whose message names the field. The page asks its worker.
 */
export type Migrate = (json: string) => Promise<string>;

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
 * a linked one is (a version-1 one migrated by the engine); a bad one is a message naming the
 * run and the problem.
 */
export async function decodeCompareRuns(
  text: string,
  migrate: Migrate,
): Promise<{ ok: true; runs: CompareRun[] } | { ok: false; message: string }> {
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
    let checked = checkLinked((run as { scenario?: unknown }).scenario);
    if (!checked.ok && checked.kind === 'version-1') {
      const migrated = await migrateLinked(checked.document, migrate);
      checked = migrated.ok
        ? { ok: true, scenario: migrated.scenario }
        : { ok: false, kind: 'invalid', message: migrated.message };
    }
    if (!checked.ok) {
      return bad(
        checked.kind === 'future-version'
          ? `run ${i + 1} (${name}) was made by a newer tiersim (scenario version ${checked.version})`
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
  | { ok: true; scenario: Scenario }
  | { ok: false; kind: 'future-version'; version: number; message: string }
  | { ok: false; kind: 'version-1'; document: unknown; message: string }
  | { ok: false; kind: 'invalid'; message: string };

/**
 * A scenario from a link, checked as the form checks one; one from a newer tiersim is named as
 * such, and a version-1 one is handed back for the engine to migrate.
 */
function checkLinked(value: unknown): Linked {
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENARIO_VERSION) {
    return {
      ok: false,
      kind: 'future-version',
      version,
      message: `scenario.version: this link was made by a newer tiersim (scenario version ${version}); this one reads versions 1 to ${SCENARIO_VERSION}`,
    };
  }
  // Every older version goes through the engine's migration, which keeps its numbers (version 2:
  // requests of several blocks looked up at once, MC² revision 1; versions 1 to 3: writes through
  // CO as plain references).
  if (typeof version === 'number' && Number.isInteger(version) && version >= 1 && version < SCENARIO_VERSION) {
    return {
      ok: false,
      kind: 'version-1',
      document: value,
      message: `a version-${version} scenario: the engine migrates it`,
    };
  }
  if (version !== SCENARIO_VERSION) {
    return {
      ok: false,
      kind: 'invalid',
      message: `scenario.version: expected 1 to ${SCENARIO_VERSION}, got ${JSON.stringify(version) ?? 'nothing'}`,
    };
  }
  const checked = checkScenario(value);
  return checked.ok
    ? { ok: true, scenario: checked.scenario }
    : { ok: false, kind: 'invalid', message: describeIssue(checked.issues[0]) };
}

/**
 * A version-1 document from a link, migrated by the engine (`migrate`) and checked as the form
 * checks a scenario: the same numbers as before, in version 2. A refusal names the field.
 */
export async function migrateLinked(
  document: unknown,
  migrate: Migrate,
): Promise<{ ok: true; scenario: Scenario } | { ok: false; message: string }> {
  let json: string;
  try {
    json = await migrate(JSON.stringify(document));
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  const checked = checkScenario(JSON.parse(json));
  return checked.ok
    ? { ok: true, scenario: checked.scenario }
    : { ok: false, message: `the engine migrated this version-1 link, but ${describeIssue(checked.issues[0])}` };
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
  if (checked.ok) return { ok: true, scenario: checked.scenario, fromHash: true };
  if (checked.kind === 'version-1') return checked;
  return { ok: false, kind: checked.kind, message: checked.message };
}
