// What every browser test shares: the production build served and Debian's headless Chromium
// (one of each per test file, `setupApp`), the engine in Node to check the page against (the page's
// numbers must be exactly what the wasm engine computes for the scenario its share URL encodes),
// and helpers that drive the page as a person would.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import LZString from 'lz-string';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Scenario } from '../../web/generated/engine';
import { Simulation, TraceReader, initSync, runScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import { launchChromium, serveApp } from './browser.mjs';

export const root = resolve(__dirname, '../..');
export const RUN_TIMEOUT_MS = 60_000;
/** Screenshots of the flows, for people to look at (test output, not the repo). */
export const SHOTS = join(root, 'test-results/screenshots');
mkdirSync(SHOTS, { recursive: true });

export interface EngineReport {
  meanLatencyMs: number;
  hitFractions: { client: number; array: number; disk: number };
  pathCosts: { arrayHitMs: number; demotionMs: number };
  latency: { edgesUs: number[]; counts: number[] };
}
export interface CdfRow {
  upperMs: number;
  cum: number;
}

export let app: { url: string; close(): Promise<void> };
export let browser: Browser;

/** Serves the app and opens the browser for this file's tests (and closes both after them). */
export function setupApp() {
  beforeAll(async () => {
    const wasm = join(root, 'web/wasm-pkg/tiersim_wasm_bg.wasm');
    if (!existsSync(wasm)) throw new Error('web/wasm-pkg is missing: run scripts/build-wasm.sh first (npm test does)');
    initSync({ module: readFileSync(wasm) });
    app = await serveApp();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
}

// ---- the engine's side ---------------------------------------------------------------------

/** The engine's report for `scenario` (a document of any version, as a link may hold). */
export function engine(scenario: unknown): EngineReport {
  return runScenario(scenario as Scenario);
}

/** The CDF the page should show of a report's (or one client's) latency histogram: one row per non-empty bin, at the bin's upper edge. */
export function engineCdf(r: Pick<EngineReport, 'latency'>): CdfRow[] {
  const { edgesUs, counts } = r.latency;
  const total = counts.reduce((a, b) => a + b, 0);
  const rows: CdfRow[] = [];
  let running = 0;
  counts.forEach((count, bin) => {
    if (count === 0) return;
    running += count;
    rows.push({ upperMs: bin < edgesUs.length ? edgesUs[bin] / 1000 : Infinity, cum: running / total });
  });
  return rows;
}

export function decodeShareUrl(url: string): Record<string, any> {
  const m = /#s=([^&]*)/.exec(url);
  expect(m, `share URL without #s=: ${url}`).not.toBeNull();
  const text = LZString.decompressFromEncodedURIComponent(m![1]);
  expect(text, 'share URL does not decompress').toBeTruthy();
  return JSON.parse(text!);
}

export function encodeHash(scenario: unknown): string {
  return `#s=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`;
}

/** Fraction of requests in the latency bin holding `ms` (bins span 10^0.01 ≈ 2.3 %). */
export function jumpAt(rows: CdfRow[], ms: number): number {
  const i = rows.findIndex((r) => r.upperMs > ms);
  expect(i, `no CDF row above ${ms} ms`).toBeGreaterThanOrEqual(0);
  expect(rows[i].upperMs, `no CDF row for the bin holding ${ms} ms`).toBeLessThan(ms * 1.03);
  return rows[i].cum - (i > 0 ? rows[i - 1].cum : 0);
}

// ---- the page's side -----------------------------------------------------------------------

export async function openApp(
  hash = '',
  viewport = { width: 1280, height: 900 },
  prepare?: (page: Page) => Promise<unknown>,
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await prepare?.(page);
  await page.goto(app.url + hash);
  await page.getByTestId('run-button').waitFor({ state: 'visible' });
  expect(errors, 'uncaught errors while loading').toEqual([]);
  return page;
}

/** A seeded generator of the tests' traces: `rand(n)` is an integer from 0 to n − 1. */
export function seeded(seed: number): (n: number) => number {
  return (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
}

export const testId = (page: Page, id: string) => page.getByTestId(id);
export const value = (page: Page, id: string) => testId(page, id).inputValue();
export const attr = async (page: Page, id: string, name: string) => (await testId(page, id).getAttribute(name)) ?? '';

/**
 * Clicks Run and waits for the run to end; returns every (phase, processed) the progress element
 * showed on the way, recorded in the page by a MutationObserver so no quick update is missed.
 */
export async function run(page: Page): Promise<{ phase: string; processed: number }[]> {
  await page.evaluate(() => {
    const seen: { phase: string; processed: number }[] = [];
    (window as any).__progress = seen;
    const record = () => {
      const el = document.querySelector('[data-testid="progress"]');
      if (!el) return;
      const entry = {
        phase: el.getAttribute('data-phase') ?? '',
        processed: Number(el.getAttribute('data-processed')),
      };
      const last = seen[seen.length - 1];
      if (!last || last.phase !== entry.phase || last.processed !== entry.processed) seen.push(entry);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-phase', 'data-processed'],
    });
  });
  // A shared link runs itself on opening: Run is enabled again once that run is over.
  await testId(page, 'run-button').click({ timeout: RUN_TIMEOUT_MS });
  await page.waitForSelector(
    '[data-testid="progress"]:is([data-phase="done"], [data-phase="error"], [data-phase="cancelled"])',
    {
      timeout: RUN_TIMEOUT_MS,
    },
  );
  const phase = await attr(page, 'progress', 'data-phase');
  const runError = (await testId(page, 'run-error').count()) ? await testId(page, 'run-error').innerText() : '';
  expect(phase, `run ended as ${phase}: ${runError}`).toBe('done');
  return page.evaluate(() => (window as any).__progress);
}

export async function results(page: Page) {
  const num = async (id: string) => {
    const v = await attr(page, id, 'data-value');
    expect(v, `${id} has no data-value`).not.toBe('');
    return Number(v);
  };
  const rows = await testId(page, 'cdf-table')
    .locator('tr[data-upper-ms]')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        upperMs: Number(tr.getAttribute('data-upper-ms')),
        cum: Number(tr.getAttribute('data-cum')),
      })),
    );
  return {
    meanText: await attr(page, 'mean-latency', 'data-value'),
    // A single cache shows no array row.
    hit: {
      client: await num('hit-client'),
      array: (await testId(page, 'hit-array').count()) ? await num('hit-array') : 0,
      disk: await num('hit-disk'),
    },
    rows,
    scenario: decodeShareUrl(await value(page, 'share-url')),
  };
}

export async function expectDefaultInputs(page: Page) {
  expect(await value(page, 'client-capacity')).toBe('16384');
  expect(await value(page, 'array-capacity')).toBe('16384');
  expect(await value(page, 'client-policy')).toBe('lru');
  expect(await value(page, 'array-policy')).toBe('mru');
  expect(await testId(page, 'protocol-demote').isChecked()).toBe(true);
  expect(await value(page, 'link-preset')).toBe('fc-1g');
  expect(Number(await value(page, 'disk-ms'))).toBe(10);
  expect(await value(page, 'workload-kind')).toBe('random');
  expect(await value(page, 'workload-blocks')).toBe('32768');
  expect(await value(page, 'seed')).toBe('1');
}

export function expectSameCdf(actual: CdfRow[], expected: CdfRow[]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) => {
    expect(row.upperMs).toBeCloseTo(expected[i].upperMs, 9);
    expect(row.cum).toBeCloseTo(expected[i].cum, 12);
  });
}

// ---- the tests -----------------------------------------------------------------------------

/** Drops a file on the page, as a person dragging it from their desktop would. */
export async function drop(page: Page, bytes: Uint8Array, name: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ data, name }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], name));
      return dt;
    },
    { data: Array.from(bytes), name },
  );
  await page.dispatchEvent('main', 'dragover', { dataTransfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer });
}

/** The engine in Node: `scenario` replaying `bytes`. */
export function replay(scenario: unknown, bytes: Uint8Array): any {
  const reader = new TraceReader('', 4096, false, false);
  reader.push(bytes);
  reader.finish();
  const sim = Simulation.withTrace(scenario as Scenario, reader);
  while (!sim.step(1 << 20));
  const report = sim.report();
  sim.free();
  reader.free();
  return report;
}

/** Shows one of the page's views by its tab (the designs, design space and MRC are in Compare, the sweeps in Sweeps, the stepper in Teach). */
export async function showView(page: Page, view: 'explore' | 'trace' | 'compare' | 'sweeps' | 'teach' | 'gallery') {
  await testId(page, `view-tab-${view}`).click();
  await testId(page, `view-${view}`).waitFor({ state: 'visible' });
}
