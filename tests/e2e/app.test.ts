// The production build in real headless Chromium, checked against the engine itself: the page's
// numbers must be exactly what the wasm engine computes in Node for the scenario the page encodes
// in its share URL, and they must look like paper 000 (Table 2, Fig. 10).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import LZString from 'lz-string';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulation, TraceReader, defaultScenario, designSpace, estimateUpside, exportWorkload, initSync, runScenario, teach, validateScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import { gzipSync } from 'node:zlib';
import { launchChromium, serveApp } from './browser.mjs';
import type { Check } from '../../web/worker/protocol';

const root = resolve(__dirname, '../..');
const RUN_TIMEOUT_MS = 60_000;
/** Screenshots of the flows, for people to look at (test output, not the repo). */
const SHOTS = join(root, 'test-results/screenshots');
mkdirSync(SHOTS, { recursive: true });

interface EngineReport {
  meanLatencyMs: number;
  hitFractions: { client: number; array: number; disk: number };
  pathCosts: { arrayHitMs: number; demotionMs: number };
  latency: { edgesUs: number[]; counts: number[] };
}
interface CdfRow {
  upperMs: number;
  cum: number;
}

let app: { url: string; close(): Promise<void> };
let browser: Browser;

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

// ---- the engine's side ---------------------------------------------------------------------

function engine(scenario: unknown): EngineReport {
  return runScenario(JSON.stringify(scenario)) as EngineReport;
}

/** The CDF the page should show: one row per non-empty bin, at the bin's upper edge. */
function engineCdf(r: EngineReport): CdfRow[] {
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

function decodeShareUrl(url: string): Record<string, any> {
  const m = /#s=([^&]*)/.exec(url);
  expect(m, `share URL without #s=: ${url}`).not.toBeNull();
  const text = LZString.decompressFromEncodedURIComponent(m![1]);
  expect(text, 'share URL does not decompress').toBeTruthy();
  return JSON.parse(text!);
}

function encodeHash(scenario: unknown): string {
  return `#s=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`;
}

/** Fraction of requests in the latency bin holding `ms` (bins span 10^0.01 ≈ 2.3 %). */
function jumpAt(rows: CdfRow[], ms: number): number {
  const i = rows.findIndex((r) => r.upperMs > ms);
  expect(i, `no CDF row above ${ms} ms`).toBeGreaterThanOrEqual(0);
  expect(rows[i].upperMs, `no CDF row for the bin holding ${ms} ms`).toBeLessThan(ms * 1.03);
  return rows[i].cum - (i > 0 ? rows[i - 1].cum : 0);
}

// ---- the page's side -----------------------------------------------------------------------

async function openApp(hash = '', viewport = { width: 1280, height: 900 }, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await prepare?.(page);
  await page.goto(app.url + hash);
  await page.getByTestId('run-button').waitFor({ state: 'visible' });
  expect(errors, 'uncaught errors while loading').toEqual([]);
  return page;
}

const testId = (page: Page, id: string) => page.getByTestId(id);
const value = (page: Page, id: string) => testId(page, id).inputValue();
const attr = async (page: Page, id: string, name: string) => (await testId(page, id).getAttribute(name)) ?? '';

/**
 * Clicks Run and waits for the run to end; returns every (phase, processed) the progress element
 * showed on the way, recorded in the page by a MutationObserver so no quick update is missed.
 */
async function run(page: Page): Promise<{ phase: string; processed: number }[]> {
  await page.evaluate(() => {
    const seen: { phase: string; processed: number }[] = [];
    (window as any).__progress = seen;
    const record = () => {
      const el = document.querySelector('[data-testid="progress"]');
      if (!el) return;
      const entry = { phase: el.getAttribute('data-phase') ?? '', processed: Number(el.getAttribute('data-processed')) };
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
  await testId(page, 'run-button').click();
  await page.waitForSelector('[data-testid="progress"]:is([data-phase="done"], [data-phase="error"], [data-phase="cancelled"])', {
    timeout: RUN_TIMEOUT_MS,
  });
  const phase = await attr(page, 'progress', 'data-phase');
  const runError = (await testId(page, 'run-error').count()) ? await testId(page, 'run-error').innerText() : '';
  expect(phase, `run ended as ${phase}: ${runError}`).toBe('done');
  return page.evaluate(() => (window as any).__progress);
}

async function results(page: Page) {
  const num = async (id: string) => {
    const v = await attr(page, id, 'data-value');
    expect(v, `${id} has no data-value`).not.toBe('');
    return Number(v);
  };
  const rows = await testId(page, 'cdf-table')
    .locator('tr[data-upper-ms]')
    .evaluateAll((trs) => trs.map((tr) => ({ upperMs: Number(tr.getAttribute('data-upper-ms')), cum: Number(tr.getAttribute('data-cum')) })));
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

async function expectDefaultInputs(page: Page) {
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

function expectSameCdf(actual: CdfRow[], expected: CdfRow[]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) => {
    expect(row.upperMs).toBeCloseTo(expected[i].upperMs, 9);
    expect(row.cum).toBeCloseTo(expected[i].cum, 12);
  });
}

// ---- the tests -----------------------------------------------------------------------------

describe('tiersim in Chromium', () => {
  it('runs the default scenario (paper 000 RANDOM, LRU-MRU-demote) to exactly the engine’s numbers', async () => {
    const page = await openApp();
    await expectDefaultInputs(page);
    expect(await attr(page, 'progress', 'data-phase')).toBe('idle');

    const progress = await run(page);
    // The run streamed: some snapshot before the end showed a phase of the run in progress.
    const total = progress[progress.length - 1].processed;
    const midway = progress.filter((p) => (p.phase === 'warmup' || p.phase === 'measured') && p.processed > 0 && p.processed < total);
    expect(midway.length, `progress seen: ${JSON.stringify(progress)}`).toBeGreaterThan(0);
    expect(total).toBe(32768 + 327680);

    const r = await results(page);
    // The page ran (and encodes) the paper scenario, the same as the engine's own default.
    expect(r.scenario).toMatchObject({
      version: 2,
      topology: {
        kind: 'two-level',
        client: { capacity: 16384, policy: { kind: 'lru' } },
        array: { capacity: 16384, policy: { kind: 'mru' } },
        link: { preset: 'fc-1g' },
        disk: { kind: 'constant', serviceMs: 10 },
      },
      protocol: { kind: 'demote' },
      source: { kind: 'workload', workload: { kind: 'random', blocks: 32768 } },
    });
    expect(r.scenario).toEqual(JSON.parse(defaultScenario()));
    const expected = engine(r.scenario);
    expect(r.meanText).toBe(String(expected.meanLatencyMs));
    expect(expected.meanLatencyMs).toBe(engine(JSON.parse(defaultScenario())).meanLatencyMs);
    expect(r.hit).toEqual(expected.hitFractions);
    const shown = await testId(page, 'mean-latency').innerText();
    expect(shown).toMatch(/\d/);

    // Paper 000 Table 2: 0.64 ms for RANDOM LRU-MRU-demote.
    expect(Math.abs(Number(r.meanText) - 0.64) / 0.64).toBeLessThan(0.2);
  });

  it('draws the hit ratio over time live, slice by slice, ending where the run ends', async () => {
    const s = JSON.parse(defaultScenario());
    s.source.workload = { kind: 'random', blocks: 32768, measuredRequests: 3_000_000 };
    const page = await openApp(encodeHash(s));
    await run(page);
    const points = Number(await attr(page, 'timeline', 'data-points'));
    expect(points).toBeGreaterThanOrEqual(10);
    const lines = await page.locator('[data-testid="timeline"] path.timeline-line').evaluateAll((ps) => ps.map((p) => [p.getAttribute('data-series'), (p.getAttribute('d') ?? '').length > 20]));
    expect(lines).toEqual([
      ['client', true],
      ['array', true],
      ['disk', true],
      ['demotions', true],
    ]);
    // RANDOM over twice the client: about half the reads hit the client in every measured slice.
    const legend = await page.locator('[data-testid="timeline"] .chart-legend').innerText();
    const client = Number(/client hits ([\d.]+) %/.exec(legend)![1]);
    expect(client).toBeGreaterThan(40);
    expect(client).toBeLessThan(60);
    // Hovering reads off the slice under the pointer: the requests it spans, where its reads landed.
    const timeline = page.locator('[data-testid="timeline"] svg');
    await timeline.scrollIntoViewIfNeeded();
    const tbox = (await timeline.boundingBox())!;
    await page.mouse.move(tbox.x + tbox.width * 0.8, tbox.y + tbox.height / 2);
    const slice = testId(page, 'timeline-hover');
    await slice.waitFor();
    const num = async (name: string) => Number(await slice.getAttribute(name));
    const [from, to] = [await num('data-from'), await num('data-to')];
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    expect(to).toBeLessThanOrEqual(Number(await attr(page, 'progress', 'data-processed')));
    const shares = { client: await num('data-client'), array: await num('data-array'), disk: await num('data-disk') };
    expect(shares.client + shares.array + shares.disk).toBeCloseTo(1, 9);
    expect(shares.client).toBeGreaterThan(0.4);
    expect(shares.client).toBeLessThan(0.6);
    const texts = await slice.locator('text').allTextContents();
    expect(texts[0]).toBe(`requests ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')}`);
    expect(texts.slice(1).map((t) => t.replace(/ [\d.]+( %)?$/, ''))).toEqual(['client hits', 'array hits', 'disk reads', 'DEMOTEs per read']);
    expect(Number(/client hits ([\d.]+) %/.exec(texts[1])![1])).toBeCloseTo(shares.client * 100, 1);
  });

  it('draws the latency CDF with its steps at the array-hit latencies (paper 000 Fig. 10)', async () => {
    // Proposed design: array hits pay the read (0.2 ms) plus, mostly, the demotion their client
    // eviction causes (another 0.2 ms), so the big step sits at 0.4 ms.
    const page = await openApp();
    await run(page);
    const proposed = await results(page);
    const e = engine(proposed.scenario);
    expectSameCdf(proposed.rows, engineCdf(e));
    const { arrayHitMs, demotionMs } = e.pathCosts;
    expect(arrayHitMs).toBe(0.2);
    const below = proposed.rows.filter((r) => r.upperMs < 0.19).at(-1)!;
    const above = proposed.rows.find((r) => r.upperMs >= 0.21)!;
    expect(above.cum - below.cum).toBeGreaterThanOrEqual(0.3);
    const demotedStep = jumpAt(proposed.rows, arrayHitMs + demotionMs);
    expect(demotedStep).toBeGreaterThanOrEqual(0.3);
    expect(demotedStep + jumpAt(proposed.rows, arrayHitMs)).toBeCloseTo(e.hitFractions.array, 2);
    // Hovering reads the chart: past 1 ms, every request but the disk reads.
    await testId(page, 'cdf-chart').scrollIntoViewIfNeeded();
    const chart = (await testId(page, 'cdf-chart').boundingBox())!;
    await page.mouse.move(chart.x + chart.width * 0.62, chart.y + chart.height / 2);
    const hover = testId(page, 'cdf-hover');
    await hover.waitFor();
    const [ms, cum] = [Number(await hover.getAttribute('data-ms')), Number(await hover.getAttribute('data-cum'))];
    expect(cum).toBe(proposed.rows.filter((r) => r.upperMs <= ms).at(-1)?.cum ?? 0);
    expect(await hover.locator('text').textContent()).toMatch(/^≤ .+: .+ % of requests$/);
    await page.mouse.move(0, 0);
    // A linear latency axis and back: the same step line, the title saying which.
    const axisTitle = page.locator('[data-testid="cdf-chart"] .cdf-axis-title');
    expect(await axisTitle.textContent()).toBe('latency (log scale)');
    await testId(page, 'cdf-scale').selectOption('linear');
    expect(await axisTitle.textContent()).toBe('latency (linear scale)');
    const linear = await page.locator('[data-testid="cdf-chart"] path.cdf-line').getAttribute('d');
    expect(linear).toMatch(/^M[\d.]+,[\d.]+/);
    expect(linear).not.toMatch(/NaN|Infinity/);
    await testId(page, 'cdf-scale').selectOption('log');
    expect(await axisTitle.textContent()).toBe('latency (log scale)');
    expect(await page.locator('[data-testid="cdf-chart"] path.cdf-line').getAttribute('d')).not.toBe(linear);

    // Baseline LRU-LRU-none, set through the inputs: every array hit costs exactly 0.2 ms.
    await testId(page, 'array-policy').selectOption('lru');
    await testId(page, 'protocol-demote').uncheck();
    await run(page);
    const baseline = await results(page);
    expect(baseline.scenario).toMatchObject({ topology: { array: { policy: { kind: 'lru' } } } });
    expect('protocol' in baseline.scenario).toBe(false);
    const b = engine(baseline.scenario);
    expect(baseline.meanText).toBe(String(b.meanLatencyMs));
    expectSameCdf(baseline.rows, engineCdf(b));
    const step = jumpAt(baseline.rows, arrayHitMs);
    expect(Math.abs(step - baseline.hit.array)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(step - b.hitFractions.array)).toBeLessThanOrEqual(0.01);
    // No demotions, so nothing between the array-hit step and the disk.
    expect(baseline.rows.filter((r) => r.upperMs > 0.21 && r.upperMs < 10)).toEqual([]);
    // Paper 000 Table 2: 4.77 ms for the baseline.
    expect(Math.abs(b.meanLatencyMs - 4.77) / 4.77).toBeLessThan(0.2);
  });

  it('shares a scenario by URL: a new page shows it and reproduces the run exactly', async () => {
    const first = await openApp();
    await testId(first, 'client-capacity').fill('8192');
    await testId(first, 'array-policy').selectOption('lru');
    await run(first);
    const a = await results(first);
    expect(a.scenario).toMatchObject({ topology: { client: { capacity: 8192 }, array: { policy: { kind: 'lru' } } }, protocol: { kind: 'demote' } });
    expect(a.meanText).toBe(String(engine(a.scenario).meanLatencyMs));
    const url = await value(first, 'share-url');
    expect(url.startsWith(app.url)).toBe(true);

    const second = await openApp(url.slice(url.indexOf('#')));
    expect(await testId(second, 'url-error').count()).toBe(0);
    expect(await value(second, 'client-capacity')).toBe('8192');
    expect(await value(second, 'array-policy')).toBe('lru');
    expect(await value(second, 'array-capacity')).toBe('16384');
    expect(await value(second, 'client-policy')).toBe('lru');
    expect(await testId(second, 'protocol-demote').isChecked()).toBe(true);
    expect(await value(second, 'share-url')).toBe(url);
    await run(second);
    const b = await results(second);
    expect(b.meanText).toBe(a.meanText);
    expect(b.hit).toEqual(a.hit);
    // …and it is a different scenario from the default, so the link really carried it.
    expect(a.meanText).not.toBe(String(engine(JSON.parse(defaultScenario())).meanLatencyMs));
  });

  it('runs a single cache with an offline bound and multi-block reads, exactly as the engine', async () => {
    const page = await openApp();
    await testId(page, 'topology').selectOption('single');
    await testId(page, 'client-capacity').fill('4096');
    await testId(page, 'client-policy').selectOption('min');
    await testId(page, 'workload-request-blocks').fill('4');
    expect(await testId(page, 'array-capacity').count()).toBe(0);
    await run(page);
    const r = await results(page);
    expect(r.scenario).toMatchObject({ topology: { kind: 'single', cache: { capacity: 4096, policy: { kind: 'min' } } }, source: { workload: { requestBlocks: 4 } } });
    const expected = engine(r.scenario) as EngineReport & { blockHitFractions: { client: number } };
    expect(r.meanText).toBe(String(expected.meanLatencyMs));
    expect(r.hit.client).toBe(expected.hitFractions.client);
    expect(await attr(page, 'block-hits', 'data-client')).toBe(String(expected.blockHitFractions.client));
    // A 4-block read hits only if all four blocks are cached: fewer request hits than block hits.
    expect(expected.hitFractions.client).toBeLessThan(expected.blockHitFractions.client);
    // MIN bounds LRU on the same stream.
    const lru = engine({ ...r.scenario, topology: { ...r.scenario.topology, cache: { capacity: 4096, policy: { kind: 'lru' } } } });
    expect(expected.hitFractions.client).toBeGreaterThan(lru.hitFractions.client);
  });

  it("runs paper 004's OLTP client into a TQ server cache and shows its write mix and warm read hit ratio, exactly as the engine", async () => {
    const page = await openApp();
    await testId(page, 'topology').selectOption('single');
    await testId(page, 'workload-kind').selectOption('oltp');
    await testId(page, 'workload-warehouses').fill('1');
    await testId(page, 'workload-measured-requests').fill('60000');
    await testId(page, 'client-capacity').fill('4323');
    await testId(page, 'client-policy').selectOption('tq');
    await expect.poll(() => testId(page, 'client-out-queue').count()).toBe(1);
    await run(page);
    const r = await results(page);
    expect(r.scenario).toMatchObject({ topology: { kind: 'single', cache: { policy: { kind: 'tq' } } }, source: { workload: { kind: 'oltp', warehouses: 1, measuredRequests: 60000 } } });
    const expected = engine(r.scenario) as EngineReport & { counters: Record<string, number> };
    const c = expected.counters;
    expect(await attr(page, 'warm-read-hit-ratio', 'data-value')).toBe(String(c.warmBlockHits / c.warmBlockReads));
    expect(await attr(page, 'write-mix', 'data-value')).toBe(`${c.synchWrites},${c.replaceWrites},${c.recovWrites},${c.writes}`);
    expect(c.replaceWrites).toBeGreaterThan(c.recovWrites);
    // The preview shows the measured phase's first requests, write hints tagged.
    await testId(page, 'preview-workload').click();
    await testId(page, 'workload-preview').waitFor();
    const rows = page.locator('[data-testid^="preview-row-"]');
    expect(await rows.count()).toBe(24);
    const hints = await rows.evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-op')}:${tr.getAttribute('data-hint')}`));
    expect(hints.some((h) => h === 'write:replace')).toBe(true);
    expect(hints.every((h) => /^(read:|write:(synch|replace|recov))$/.test(h))).toBe(true);
  });

  it("previews the TPC-H client's range hints and runs paper 002's MC² preset (queries 3 and 7) exactly as the engine", async () => {
    const page = await openApp();
    await testId(page, 'workload-kind').selectOption('tpch');
    await testId(page, 'workload-query').selectOption('q7');
    await testId(page, 'preview-workload').click();
    await testId(page, 'workload-preview').waitFor();
    const ranges = await page.locator('[data-testid^="preview-range-"]').evaluateAll((tds) => tds.map((td) => td.textContent));
    expect(ranges).toHaveLength(24);
    // Query 7's lookups: eleven reads through three indexes and three tables, each range named.
    expect(ranges.every((r) => /^\d+ · [a-z ()]+$/.test(r ?? ''))).toBe(true);
    expect(new Set(ranges).size).toBeGreaterThanOrEqual(6);
    expect(ranges).toContain('9 · lineitem index leaves');

    await testId(page, 'topology').selectOption('tree');
    await testId(page, 'tree-preset-mc2').click();
    expect(await testId(page, 'tree-protocol').inputValue()).toBe('mc2');
    expect(await testId(page, 'tree-2-workload').inputValue()).toBe('tpch-q7');
    await run(page);
    const scenario = decodeShareUrl(await value(page, 'share-url'));
    expect(scenario).toMatchObject({ topology: { kind: 'tree' }, protocol: { kind: 'mc2' }, source: { sharing: { kind: 'shared', fraction: 1 } } });
    const expected = runScenario(JSON.stringify(scenario)) as any;
    expect(await attr(page, 'mean-latency', 'data-value')).toBe(String(expected.meanLatencyMs));
    expect(await attr(page, 'fairness', 'data-value')).toBe(String(expected.fairness));
    for (const c of expected.clients) {
      const row = page.locator(`[data-testid="client-table"] tr[data-client="${c.name}"]`);
      expect(await row.getAttribute('data-mean-ms')).toBe(String(c.meanLatencyMs));
    }
    expect(expected.clients.map((c: any) => c.name)).toEqual(['q3', 'q7']);
  });

  it('rewires a tree by dragging one cache onto another in the topology diagram, then runs it', async () => {
    const page = await openApp();
    await testId(page, 'topology').selectOption('tree');
    await testId(page, 'tree-preset-4x3').click();
    const centre = async (name: string) => {
      const box = (await page.locator(`[data-testid="topology-diagram"] [data-name="${name}"]`).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const [from, to] = [await centre('client1'), await centre('array')];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    // The cache follows the pointer and says where it would hang.
    expect(await testId(page, 'topology-ghost').textContent()).toBe('client1hang under array');
    // (A page screenshot clipped to the diagram: an element screenshot would scroll it under the
    // pointer, which moves the drag's target.)
    await page.screenshot({ path: join(SHOTS, 'topology-drag.png'), clip: (await testId(page, 'topology-diagram').boundingBox())! });
    await page.mouse.up();
    expect(await testId(page, 'topology-ghost').count()).toBe(0);
    const scenario = decodeShareUrl(await value(page, 'share-url'));
    expect(scenario.topology.caches.find((c: { name: string }) => c.name === 'client1').parent).toBe('array');
    // client1 now sits a level lower in the picture, beside the middle tiers.
    expect(await page.locator('[data-testid="topology-diagram"] [data-name="client1"]').getAttribute('data-role')).toBe('client');
    await testId(page, 'topology-diagram').screenshot({ path: join(SHOTS, 'topology.png') });
    await run(page);
    const r = await results(page);
    expect(r.meanText).toBe(String(engine(r.scenario).meanLatencyMs));
  });

  it('builds a 4-client, 3-level tree by hand, runs it with queueing and shows per-client CDFs, exactly as the engine', async () => {
    const page = await openApp();
    await testId(page, 'workload-blocks').fill('8192');
    await testId(page, 'topology').selectOption('tree');
    // array ← client1, client2; add two middle tiers and two more clients, then rewire.
    await testId(page, 'tree-0-capacity').fill('4096');
    await testId(page, 'tree-0-add').click();
    await testId(page, 'tree-0-add').click();
    await testId(page, 'tree-3-name').fill('left');
    await testId(page, 'tree-4-name').fill('right');
    await testId(page, 'tree-3-add').click();
    await testId(page, 'tree-4-add').click();
    await testId(page, 'tree-1-parent').selectOption('left');
    await testId(page, 'tree-2-parent').selectOption('right');
    for (const [i, capacity] of [[1, 1024], [2, 1024], [5, 1024], [6, 1024]]) {
      await testId(page, `tree-${i}-capacity`).fill(String(capacity));
    }
    // The middle tiers' sizes in bytes: 8 MiB of 4 KiB blocks is 2,048 blocks.
    for (const i of [3, 4]) {
      await testId(page, `tree-${i}-capacity-unit`).selectOption('MiB');
      await testId(page, `tree-${i}-capacity`).fill('8');
    }
    await testId(page, 'tree-3-capacity-unit').selectOption('blocks');
    expect(await value(page, 'tree-3-capacity')).toBe('2048');
    await testId(page, 'tree-3-policy').selectOption('arc');
    await testId(page, 'tree-sharing').selectOption('disjoint');
    await testId(page, 'timing').selectOption('closed');
    expect(await testId(page, 'run-button').isDisabled()).toBe(false);
    await run(page);

    const scenario = decodeShareUrl(await value(page, 'share-url'));
    expect(scenario.topology.kind).toBe('tree');
    expect(scenario.topology.caches.map((c: any) => [c.name, c.parent ?? null, c.capacity])).toEqual([
      ['array', null, 4096],
      ['client1', 'left', 1024],
      ['client2', 'right', 1024],
      ['left', 'array', 2048],
      ['right', 'array', 2048],
      ['cache6', 'left', 1024],
      ['cache7', 'right', 1024],
    ]);
    const expected = runScenario(JSON.stringify(scenario)) as any;
    const clients = ['client1', 'client2', 'cache6', 'cache7'];
    expect(expected.clients.map((c: any) => c.name)).toEqual(clients);

    // One CDF line and one table per client, each the engine's and each reaching 1.
    const lines = await page.locator('[data-testid="client-cdf-chart"] path.client-cdf-line').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-client')));
    expect(lines).toEqual(clients);
    for (const c of expected.clients) {
      const rows = await page
        .locator(`[data-testid="client-cdf-table"][data-client="${c.name}"] tr[data-upper-ms]`)
        .evaluateAll((trs) => trs.map((tr) => ({ upperMs: Number(tr.getAttribute('data-upper-ms')), cum: Number(tr.getAttribute('data-cum')) })));
      expectSameCdf(rows, engineCdf(c));
      expect(rows[rows.length - 1].cum).toBe(1);
      // Three levels and the disk, served fractions summing to one.
      const row = page.locator(`[data-testid="client-table"] tr[data-client="${c.name}"]`);
      expect(await row.getAttribute('data-mean-ms')).toBe(String(c.meanLatencyMs));
      const levels = await row.locator('td[data-level]').evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
      expect(levels).toEqual(c.hitFractions);
      expect(levels).toHaveLength(4);
      expect(levels.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      // Sharing a disk (and the array) makes every client slower than alone.
      expect(c.speedup).toBeLessThan(1);
    }
    expect(await attr(page, 'fairness', 'data-value')).toBe(String(expected.fairness));
    const depths = await page.locator('[data-testid="cache-table"] tr[data-cache]').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-depth'))));
    expect(depths).toEqual([0, 2, 2, 1, 1, 2, 2]);
    // Stack-depth graphs: the workload, each client's stream, each shared cache's.
    const curves = await page.locator('[data-testid="depth-line"]').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-curve')));
    expect(curves).toEqual(['workload', ...clients, 'array', 'left', 'right']);
    expect(await attr(page, 'mean-latency', 'data-value')).toBe(String(expected.meanLatencyMs));
    // The upside estimate runs for trees too: each client on its own stream, as the engine estimates it.
    await testId(page, 'upside-run').click();
    await testId(page, 'upside-clients').waitFor({ timeout: RUN_TIMEOUT_MS });
    const client = Number(await value(page, 'upside-client'));
    const array = Number(await value(page, 'upside-array'));
    expect([client, array]).toEqual([1024, 2048 + 4096]);
    const est = estimateUpside(JSON.stringify(scenario), JSON.stringify([{ client, array }])) as any;
    const shown = await page.locator('[data-testid="upside-clients"] tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-client'), Number(tr.getAttribute('data-reduction'))]));
    expect(shown).toEqual(est.clients.map((c: any) => [c.name, c.point.missReductionPercent]));
    // The tree's workload downloads as CSV with its client column (oracleGeneral has none), and
    // reads back as four clients, byte for byte the engine's export.
    expect(await testId(page, 'export-oracle').isDisabled()).toBe(true);
    expect(await testId(page, 'export-tree-hint').innerText()).toContain('oracleGeneral records carry no client');
    const [download] = await Promise.all([page.waitForEvent('download'), testId(page, 'export-csv').click()]);
    const csv = readFileSync((await download.path())!);
    expect(Buffer.from(exportWorkload(JSON.stringify(scenario), 'csv')).equals(csv)).toBe(true);
    const back = new TraceReader('', 4096, false, false);
    back.push(csv);
    expect(back.finish().clients.map((c: any) => c.id)).toEqual([0, 1, 2, 3]);
    back.free();
  });

  it('draws live stack-depth graphs, exact at the run’s cache sizes, and estimates the upside of exclusivity as the engine', async () => {
    const page = await openApp();
    // Record the workload curve's measured references as the run goes.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as any).__depth = seen;
      new MutationObserver(() => {
        const t = document.querySelector('[data-testid="depth-line"][data-curve="workload"]');
        const n = Number(t?.getAttribute('data-references') ?? -1);
        if (n >= 0 && seen[seen.length - 1] !== n) seen.push(n);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-references'] });
    });
    await run(page);
    const seen: number[] = await page.evaluate(() => (window as any).__depth);
    expect(seen.filter((n) => n > 0).length, `references seen: ${seen}`).toBeGreaterThan(1);
    expect(await testId(page, 'depth-sampled').innerText()).toBe('exact');
    const curves = await page.locator('[data-testid="depth-line"]').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-curve')));
    expect(curves).toEqual(['workload', 'array']);
    const hitAt = async (curve: string, size: number) =>
      Number(await page.locator(`[data-testid="depth-table"][data-curve="${curve}"] tr[data-size="${size}"]`).getAttribute('data-hit'));
    const r = await results(page);
    // The LRU client of 16,384 blocks hits exactly what the curve says at 16,384.
    expect(await hitAt('workload', 16384)).toBe(r.hit.client);
    // Exclusive LRU-MRU-demote ≈ one LRU cache of the aggregate.
    expect(Math.abs((await hitAt('workload', 32768)) - (r.hit.client + r.hit.array))).toBeLessThan(0.001);
    expect(Number(await testId(page, 'depth-mark-aggregate').getAttribute('data-size'))).toBe(32768);
    // Hovering reads every curve off at the reported size nearest the pointer, as its table says.
    await testId(page, 'depth-chart').scrollIntoViewIfNeeded();
    const dbox = (await testId(page, 'depth-chart').boundingBox())!;
    await page.mouse.move(dbox.x + dbox.width * 0.4, dbox.y + dbox.height / 2);
    const depthHover = testId(page, 'depth-hover');
    await depthHover.waitFor();
    const at = Number(await depthHover.getAttribute('data-size'));
    expect(await page.locator(`[data-testid="depth-table"] tr[data-size="${at}"]`).count()).toBeGreaterThan(0);
    expect(await depthHover.locator('text').first().textContent()).toBe(`at ${at.toLocaleString('en-US')} blocks`);
    const readings = await depthHover.locator('text[data-curve]').evaluateAll((ts) => ts.map((t) => [t.getAttribute('data-curve')!, t.textContent!]));
    expect(readings.map(([c]) => c)).toEqual(['workload', 'array']);
    for (const [curve, text] of readings) {
      // The curve's row at its largest size not above the hovered one.
      const cell = await page
        .locator(`[data-testid="depth-table"][data-curve="${curve}"] tr`)
        .evaluateAll((trs, size) => trs.filter((tr) => Number(tr.getAttribute('data-size')) <= size).at(-1)?.querySelector('td')?.textContent ?? '0 %', at);
      expect(text).toBe(`${curve}: ${cell} hits`);
    }
    await page.mouse.move(0, 0);

    await testId(page, 'upside-array').fill('8192');
    await testId(page, 'upside-run').click();
    await testId(page, 'upside-table').waitFor({ timeout: RUN_TIMEOUT_MS });
    const expected = estimateUpside(JSON.stringify(r.scenario), JSON.stringify([{ client: 16384, array: 8192 }])) as any;
    const p = expected.points[0];
    expect(await attr(page, 'upside-inclusive', 'data-disk')).toBe(String(p.inclusive.disk));
    expect(await attr(page, 'upside-exclusive', 'data-array')).toBe(String(p.exclusive.array));
    expect(await attr(page, 'upside-reduction', 'data-value')).toBe(String(p.missReductionPercent));
    const bars = await page.locator('[data-testid="upside-bar-reduction"]').evaluateAll((ts) => ts.map((t) => Number(t.getAttribute('data-size'))));
    expect(bars).toEqual([256, 512, 1024, 2048, 4096, 8192, 16384, 32768]);
  });

  it('replays a gzip’d MSR trace dropped on the page, exactly as the engine; a corrupt file leaves the scenario as it was', async () => {
    // A small MSR Cambridge trace: two disks, reads and writes of 4–32 KiB over 3000 blocks.
    let text = '';
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 30_000; i++) {
      const block = rand(3) === 0 ? rand(300) : rand(3000);
      text += `${128166372003061629 + i * 1000},web,${rand(2)},${rand(4) === 0 ? 'Write' : 'Read'},${block * 4096},${4096 * (1 + rand(8))},${100 + rand(900)}\n`;
    }
    const gz = gzipSync(Buffer.from(text));
    const page = await openApp();
    await testId(page, 'client-capacity').fill('1024');
    await testId(page, 'array-capacity').fill('2048');
    await page.evaluate(() => {
      const phases: string[] = [];
      (window as any).__phases = phases;
      new MutationObserver(() => {
        const p = document.querySelector('[data-testid="progress"]')?.getAttribute('data-phase') ?? '';
        if (phases[phases.length - 1] !== p) phases.push(p);
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-phase'] });
    });
    const drop = async (bytes: Uint8Array, name: string) => {
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
    };
    await drop(gz, 'web.csv.gz');
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="30000"]', { timeout: RUN_TIMEOUT_MS });
    expect(await page.evaluate(() => (window as any).__phases)).toContain('loading');
    expect(await testId(page, 'trace-summary').innerText()).toContain('msr · 30,000 requests');
    // Two disks: two clients, one client cache. Run waits for a choice, and says why beside it.
    expect(await attr(page, 'trace-clients', 'data-ids')).toMatch(/^(0,1|1,0)$/);
    expect(await testId(page, 'run-button').isDisabled()).toBe(true);
    expect(await testId(page, 'run-blocked').innerText()).toMatch(/^scenario\.source\.clients: the trace has 2 clients \((0, 1|1, 0)\) but the topology has 1 \(client\)/);
    await testId(page, 'trace-merge').click();
    expect(await testId(page, 'run-blocked').count()).toBe(0);
    await run(page);
    const r = await results(page);
    expect(r.scenario.source).toEqual({ kind: 'trace', name: 'web.csv.gz', clients: { kind: 'merged' } });
    // The engine in Node, on the same bytes and scenario.
    const reader = new TraceReader('', 4096, false, false);
    reader.push(gz);
    reader.finish();
    const sim = Simulation.withTrace(JSON.stringify(r.scenario), reader);
    while (!sim.step(1 << 20));
    const expected = sim.report() as EngineReport;
    sim.free();
    reader.free();
    expect(r.meanText).toBe(String(expected.meanLatencyMs));
    expect(r.hit).toEqual(expected.hitFractions);
    expect(r.rows.length).toBeGreaterThan(1);

    // A corrupt file: the message names it and the place; the scenario stays and still runs.
    const bad = Buffer.from(text.split('\n').slice(0, 7).join('\n') + '\n1,web,0,Trim,0,4096,1\n');
    await drop(bad, 'broken.csv');
    await page.waitForSelector('[data-testid="run-error"]', { timeout: RUN_TIMEOUT_MS });
    expect(await testId(page, 'run-error').innerText()).toContain('broken.csv: line 8: Type: expected Read or Write, got "Trim"');
    expect(decodeShareUrl(await value(page, 'share-url')).source).toEqual({ kind: 'trace', name: 'web.csv.gz', clients: { kind: 'merged' } });
    await run(page);
    expect(await attr(page, 'mean-latency', 'data-value')).toBe(String(expected.meanLatencyMs));
  });

  it('replays a bundled trace in one click and downloads the generated workload as a trace that reads back', async () => {
    const page = await openApp();
    await testId(page, 'client-capacity').fill('1024');
    await testId(page, 'array-capacity').fill('1024');
    // Export first (the scenario still generates its workload).
    const [download] = await Promise.all([page.waitForEvent('download'), testId(page, 'export-csv').click()]);
    const path = await download.path();
    const csv = readFileSync(path!);
    expect(csv.subarray(0, 34).toString()).toBe('time,client,block,nblocks,op,hint\n');
    const back = new TraceReader('', 4096, false, false);
    back.push(csv);
    expect(back.finish()).toMatchObject({ format: 'csv', requests: 32768 + 327680 });
    back.free();
    const scenarioNow = decodeShareUrl(await value(page, 'share-url'));
    expect(Buffer.from(exportWorkload(JSON.stringify(scenarioNow), 'csv')).equals(csv)).toBe(true);

    await testId(page, 'bundled-zipf-3072.csv.gz').click();
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="64512"]', { timeout: RUN_TIMEOUT_MS });
    await run(page);
    const r = await results(page);
    expect(r.scenario.source).toEqual({ kind: 'trace', name: 'zipf-3072.csv.gz' });
    // The automatic name follows: the trace in place of the generator.
    expect(r.scenario.name).toBe('zipf-3072.csv.gz LRU-MRU-demote');
    const reader = new TraceReader('', 4096, false, false);
    reader.push(readFileSync(join(root, 'public/traces/zipf-3072.csv.gz')));
    reader.finish();
    const sim = Simulation.withTrace(JSON.stringify(r.scenario), reader);
    while (!sim.step(1 << 20));
    expect(r.meanText).toBe(String((sim.report() as EngineReport).meanLatencyMs));
    sim.free();
    reader.free();
  });

  it('sweeps miss-ratio curves on parallel workers, exactly as the engine, with MIN below LRU', async () => {
    const page = await openApp();
    await testId(page, 'workload-kind').selectOption('zipf');
    await testId(page, 'workload-blocks').fill('3000');
    for (const k of ['arc', 's3-fifo']) await testId(page, `sweep-policy-${k}`).uncheck();
    await testId(page, 'sweep-points').fill('4');
    await testId(page, 'sweep-run').click();
    const progress = testId(page, 'sweep-progress');
    await page.waitForSelector('[data-testid="sweep-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    expect(await progress.getAttribute('data-total')).toBe('8');
    const rows = await testId(page, 'sweep-table')
      .locator('tr[data-policy]')
      .evaluateAll((trs) => trs.map((tr) => ({ policy: tr.getAttribute('data-policy')!, size: Number(tr.getAttribute('data-size')), miss: Number(tr.getAttribute('data-miss')) })));
    // The CLI's default sizes for 3000 blocks and 4 points: 30, 139, 646, 3000.
    expect(rows.map((r) => `${r.policy}@${r.size}`)).toEqual(['lru@30', 'lru@139', 'lru@646', 'lru@3000', 'min@30', 'min@139', 'min@646', 'min@3000']);
    const lru = rows.filter((r) => r.policy === 'lru');
    const min = rows.filter((r) => r.policy === 'min');
    lru.forEach((r, i) => {
      expect(min[i].miss).toBeLessThanOrEqual(r.miss);
      if (i) expect(r.miss).toBeLessThanOrEqual(lru[i - 1].miss); // LRU is a stack algorithm
    });
    expect(min[0].miss).toBeLessThan(lru[0].miss);
    // One point against the engine run directly: identical.
    const scenario = decodeShareUrl(await value(page, 'share-url'));
    const { protocol: _p, ...rest } = scenario;
    const point = engine({ ...rest, topology: { kind: 'single', cache: { capacity: 139, policy: { kind: 'min' } }, link: scenario.topology.link, disk: scenario.topology.disk } });
    expect(min[1].miss).toBe(point.hitFractions.disk);
    expect(await page.locator('[data-testid="sweep-chart"] path.mrc-line').count()).toBe(2);
    // Hovering reads off both policies at the nearest swept size.
    await testId(page, 'sweep-chart').scrollIntoViewIfNeeded();
    const box = (await testId(page, 'sweep-chart').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await testId(page, 'mrc-hover').waitFor();
    const size = Number(await testId(page, 'mrc-hover').getAttribute('data-size'));
    expect(rows.map((r) => r.size)).toContain(size);
    const texts = await page.locator('[data-testid="mrc-hover"] text').allTextContents();
    expect(texts).toHaveLength(2);
    expect(texts.every((t) => t.endsWith(`misses at ${size.toLocaleString('en-US')}`))).toBe(true);
    // A linear size axis: pixels proportional to sizes (the same slope between any two marks),
    // where the log axis gives equal steps to equal ratios.
    const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
    const xs = () => page.locator('[data-testid="sweep-chart"] g[data-policy="lru"] circle.mrc-mark').evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('cx'))));
    const slopes = (x: number[]) => x.slice(1).map((v, i) => (v - x[i]) / (sizes[i + 1] - sizes[i]));
    const logSlopes = slopes(await xs());
    await testId(page, 'mrc-scale').selectOption('linear');
    expect(await page.locator('[data-testid="sweep-chart"] text').allTextContents()).toContain('cache size, blocks (linear scale)');
    const linSlopes = slopes(await xs());
    for (const k of linSlopes) expect(k / linSlopes[0]).toBeCloseTo(1, 6);
    expect(logSlopes[logSlopes.length - 1] / logSlopes[0]).toBeLessThan(0.5);
    await testId(page, 'mrc-scale').selectOption('log');
    expect(await page.locator('[data-testid="sweep-chart"] text').allTextContents()).toContain('cache size, blocks (log scale)');
  });

  it('compares the eight designs of paper 000 on parallel workers, exactly as the engine', async () => {
    const page = await openApp();
    await testId(page, 'client-capacity').fill('2048');
    await testId(page, 'array-capacity').fill('2048');
    await testId(page, 'workload-blocks').fill('4096');
    await testId(page, 'designs-run').click();
    await page.waitForSelector('[data-testid="designs-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    const rows = await testId(page, 'designs-table')
      .locator('tr[data-design]')
      .evaluateAll((trs) => trs.map((tr) => ({ design: tr.getAttribute('data-design')!, mean: Number(tr.getAttribute('data-mean')) })));
    expect(rows).toHaveLength(8);
    // RANDOM: the two x-MRU-demote designs lead and tie (paper 000 §4.4); the baseline trails them.
    expect(rows.slice(0, 2).map((r) => r.design).sort()).toEqual(['LRU-MRU-demote', 'MRU-MRU-demote']);
    const base = decodeShareUrl(await value(page, 'share-url'));
    const lmd = engine({ ...base, protocol: { kind: 'demote' }, topology: { ...base.topology, client: { ...base.topology.client, policy: { kind: 'lru' } }, array: { ...base.topology.array, policy: { kind: 'mru' } } } });
    expect(rows.find((r) => r.design === 'LRU-MRU-demote')!.mean).toBe(lmd.meanLatencyMs);
  });

  it("explores paper 003's design space on the OLTP buffer stream: hierarchy-aware within 5 % of aggressively-collaborative, plain LRU far behind, exactly as the engine", async () => {
    const s = JSON.parse(defaultScenario());
    s.topology.client.capacity = 2000;
    s.topology.array.capacity = 2000;
    s.source.workload = { kind: 'oltp', warehouses: 1, stream: 'buffer', warmupRequests: 50_000, measuredRequests: 200_000 };
    const page = await openApp(encodeHash(s));
    await testId(page, 'design-space-san').selectOption('vi-fc');
    await testId(page, 'design-space-run').click();
    await page.waitForSelector('[data-testid="design-space-progress"][data-status="done"]', { timeout: 4 * RUN_TIMEOUT_MS });
    // 136 designs, AC_CA's 32 once per candidate count (6).
    expect(await attr(page, 'design-space-progress', 'data-done')).toBe(String(104 + 32 * 6));
    const config = testId(page, 'design-space-config');
    const gap = Number(await config.getAttribute('data-gap'));
    const plainGap = Number(await config.getAttribute('data-plain-gap'));
    expect(gap).toBeLessThan(0.05);
    expect(plainGap).toBeGreaterThan(gap + 0.1);
    // Each approach's best is the engine's number for that design on the VI/FC SAN.
    const rows = await testId(page, 'design-space-table')
      .locator('tr[data-approach]')
      .evaluateAll((trs) => trs.map((tr) => ({ design: tr.getAttribute('data-design')!, mean: Number(tr.getAttribute('data-mean')) })));
    expect(rows).toHaveLength(5);
    const spec = JSON.parse(designSpace(JSON.stringify({ ...s, topology: { ...s.topology, link: { preset: 'vi-fc' }, disk: { kind: 'constant', serviceMs: 6.227 } } })));
    for (const r of rows.slice(0, 2)) {
      const d = spec.find((x: { name: string }) => x.name === r.design);
      expect(engine(d.scenario).meanLatencyMs, r.design).toBe(r.mean);
    }
    await page.locator('[data-testid="design-space-config"] svg').screenshot({ path: join(SHOTS, 'design-space.png') });
  });

  it("loads a gallery card's scenario into the editor, which runs it: the numbers are exactly the engine's", async () => {
    const page = await openApp();
    await testId(page, 'gallery-load-paper004').click();
    // The card's scenario (OLTP into TQ) is in the editor and ran there.
    await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: RUN_TIMEOUT_MS });
    const r = await results(page);
    expect(r.scenario).toMatchObject({ topology: { kind: 'single', cache: { policy: { kind: 'tq' } } }, source: { workload: { kind: 'oltp' } } });
    expect(r.meanText).toBe(String(engine(r.scenario).meanLatencyMs));
  });

  /** Every check row of the gallery: its card, label, the engine's verdict and the mark shown. */
  const galleryRows = (page: Page) =>
    page.locator('[data-testid="gallery"] tr[data-label]').evaluateAll((trs) =>
      trs.map((tr) => ({
        card: tr.closest('article')!.getAttribute('data-testid'),
        label: tr.getAttribute('data-label')!,
        verdict: tr.getAttribute('data-verdict'),
        mark: tr.querySelector('.gallery-mark')!.textContent,
        changed: tr.getAttribute('data-changed'),
        ours: tr.querySelector('.gallery-ours')!.textContent,
      })),
    );

  it("marks each recorded check with the engine's own verdict: an expectation tampered with shows ✗, every other row as recorded", async () => {
    const recorded: Check[] = JSON.parse(readFileSync(join(root, 'public/reproduction.json'), 'utf8'));
    const target = recorded.find((c) => c.paper === '000' && c.verdict === 'pass' && c.expected.kind === 'value')!;
    // The paper's value tripled; the file still says "pass".
    const tampered = recorded.map((c) => (c === target && c.expected.kind === 'value' ? { ...c, expected: { ...c.expected, value: c.expected.value * 3 } } : c));
    const page = await openApp('', undefined, (p) => p.route('**/reproduction.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(tampered) })));
    // Judged once the engine has loaded in its worker: no row is left without a verdict.
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="gallery"] tr[data-label]')];
      return rows.length > 0 && rows.every((tr) => tr.getAttribute('data-verdict'));
    }, undefined, { timeout: RUN_TIMEOUT_MS });
    const rows = await galleryRows(page);
    expect(rows).toHaveLength(recorded.length);
    const mark = { pass: '✓', close: '≈', fail: '✗' } as const;
    for (const c of recorded) {
      const row = rows.find((r) => r.card === `gallery-paper${c.paper}` && r.label === c.label);
      const want = c === target ? 'fail' : c.verdict;
      expect([row?.verdict, row?.mark], `${c.paper} ${c.label}`).toEqual([want, mark[want]]);
    }
    expect(await testId(page, 'gallery-summary-paper000').textContent()).toBe(
      (['pass', 'close', 'fail'] as const).map((v) => `${recorded.filter((c) => c.paper === '000' && (c === target ? 'fail' : c.verdict) === v).length} ${mark[v]}`).join(' · '),
    );
    // Papers without checks yet say so.
    for (const p of ['000', '001', '002', '003', '004'].filter((p) => !recorded.some((c) => c.paper === p))) {
      expect(await testId(page, `gallery-empty-paper${p}`).textContent()).toMatch(/No checks of this paper yet/);
    }
    await testId(page, 'gallery').screenshot({ path: join(SHOTS, 'gallery.png') });
  });

  it("runs paper 001's reproduction here, in a worker of its own, and shows the live numbers — the recorded ones", async () => {
    const recorded = (JSON.parse(readFileSync(join(root, 'public/reproduction.json'), 'utf8')) as Check[]).filter((c) => c.paper === '001');
    const page = await openApp();
    await page.waitForSelector('[data-testid="gallery-paper001"][data-status="recorded"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'gallery-run-paper001').click();
    // Running, the card offers Cancel; done, its rows are this browser's.
    await page.waitForSelector('[data-testid="gallery-paper001"][data-status="live"]', { timeout: 4 * RUN_TIMEOUT_MS });
    expect(await testId(page, 'gallery-state-paper001').textContent()).toMatch(/^ran here in \d+:\d\d, the same as recorded$/);
    const rows = (await galleryRows(page)).filter((r) => r.card === 'gallery-paper001');
    expect(rows.map((r) => [r.label, r.ours, r.verdict, r.changed])).toEqual(recorded.map((c) => [c.label, c.oursText, c.verdict, null]));
    expect(await testId(page, 'gallery-run-paper001').textContent()).toBe('Run here again');
    // The page answered throughout: a run here never blocks the editor.
    expect(await testId(page, 'run-button').isEnabled()).toBe(true);
  });

  /** axe-core's serious and critical violations on the page as it is now: rule, and where. */
  async function axeViolations(page: Page): Promise<string[]> {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: join(root, 'node_modules/axe-core/axe.min.js') });
    const found: { id: string; impact: string; nodes: { target: string[]; message: string }[] }[] = await page.evaluate(async () => {
      const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => ({ target: n.target, message: n.any[0]?.message ?? n.failureSummary })) }));
    });
    return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.message}`));
  }

  it('has no serious or critical accessibility violation (axe-core) after a run, with the stepper stepping, a tree in the builder and the gallery judged', async () => {
    const page = await openApp();
    await run(page);
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="gallery"] tr[data-label]')];
      return rows.length > 0 && rows.every((tr) => tr.getAttribute('data-verdict'));
    }, undefined, { timeout: RUN_TIMEOUT_MS });
    expect(await axeViolations(page), 'after a run').toEqual([]);
    await testId(page, 'stepper-preset-paper000').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="7"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'stepper-step').click();
    expect(await axeViolations(page), 'the stepper').toEqual([]);
    await testId(page, 'topology').selectOption('tree');
    await run(page);
    expect(await axeViolations(page), 'a tree, run').toEqual([]);
    // The check can fail: text as pale as the page breaks it.
    await page.evaluate(() => document.querySelector('[data-testid="run-button"]')!.setAttribute('style', 'color: #f0f0f0; background: #ffffff'));
    expect((await axeViolations(page)).some((v) => v.startsWith('color-contrast (serious) at'))).toBe(true);
  });

  it("steps through paper 000's A–E example in the teaching stepper, and shows ARC's ghost lists", async () => {
    const page = await openApp();
    const queues = () =>
      page.locator('[data-testid="stepper-queue"]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-cache')} ${r.getAttribute('data-name')}: ${r.getAttribute('data-blocks')}`));
    await testId(page, 'stepper-preset-paper000').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="7"]', { timeout: RUN_TIMEOUT_MS });
    expect(await queues()).toEqual(['client cache: C D E', 'array cache: D B E']);
    await testId(page, 'stepper-step').click();
    // Paper 000 §4.5's Final state: client D E A, array E C A — LRU-LRU-demote is not one LRU.
    expect(await queues()).toEqual(['client cache: D E A', 'array cache: E C A']);
    expect(await testId(page, 'stepper-narration').innerText()).toMatch(/^Read A: from disk \(10\.40 ms\)\. The client takes A and lets go of C\. The array takes C, A and lets go of (D, B|B, D)\. 1 DEMOTE\.$/);
    await page.waitForTimeout(600); // the blocks' glide
    await page.locator('[data-testid="stepper"]').screenshot({ path: join(SHOTS, 'stepper-paper000.png') });
    await testId(page, 'stepper-back').click();
    expect(await queues()).toEqual(['client cache: C D E', 'array cache: D B E']);
    // The same steps as the engine gives for the same input.
    const d = JSON.parse(defaultScenario());
    const steps = JSON.parse(teach(JSON.stringify({ ...d, name: 'teaching stepper', topology: { ...d.topology, array: { capacity: 3, policy: { kind: 'lru' } }, client: { capacity: 3, policy: { kind: 'lru' } } } }), '[0,1,2,3,4,0,1]', '{"client":[2,3,4],"array":[3,1,4]}'));
    await testId(page, 'stepper-play').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-at="7"]', { timeout: 20_000 });
    expect(await queues()).toEqual([`client cache: ${steps[7].caches[0].queues[0].blocks.map((b: number) => 'ABCDE'[b]).join(' ')}`, `array cache: ${steps[7].caches[1].queues[0].blocks.map((b: number) => 'ABCDE'[b]).join(' ')}`]);

    await testId(page, 'stepper-preset-arc').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="14"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    for (let i = 0; i < 14; i++) await testId(page, 'stepper-step').click();
    const arc = await queues();
    expect(arc.map((q) => q.split(':')[0])).toEqual(['cache T1', 'cache T2', 'cache B1', 'cache B2']);
    expect(arc.filter((q) => /B[12]: \S/.test(q)).length).toBeGreaterThan(0);
    expect(await page.locator('.stepper-block.is-ghost').count()).toBeGreaterThan(0);

    // Two clients sharing an array: every cache drawn, each request naming its client, as the engine steps it.
    await testId(page, 'stepper-preset-shared').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="8"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    const tree = {
      ...d,
      name: 'teaching stepper',
      topology: {
        kind: 'tree',
        caches: [
          { name: 'array', capacity: 4, policy: { kind: 'lru' }, disk: { kind: 'constant', serviceMs: 10 } },
          { name: 'c1', capacity: 2, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
          { name: 'c2', capacity: 2, policy: { kind: 'lru' }, parent: 'array', link: { preset: 'fc-1g' } },
        ],
      },
    };
    delete (tree as any).protocol;
    const requests = [[0, 'read', 'c1'], [1, 'read', 'c1'], [0, 'read', 'c2'], [2, 'read', 'c2'], [3, 'read', 'c1'], [1, 'read', 'c2'], [0, 'read', 'c1'], [3, 'read', 'c2']];
    const treeSteps = JSON.parse(teach(JSON.stringify(tree), JSON.stringify(requests), '{}'));
    for (let i = 0; i < 3; i++) await testId(page, 'stepper-step').click();
    const shown = await queues();
    const letters = (bs: number[]) => bs.map((b) => 'ABCD'[b]).join(' ');
    expect(shown).toEqual(treeSteps[3].caches.map((c: any) => `${c.name} cache: ${letters(c.queues[0].blocks)}`));
    // c2 reads A, which c1 fetched: a hit in the shared array.
    expect(treeSteps[3].servedBy).toBe('array');
    expect(await testId(page, 'stepper-narration').innerText()).toMatch(/^c2 reads A: a hit at array \(/);
    await page.locator('[data-testid="stepper"]').screenshot({ path: join(SHOTS, 'stepper-tree.png') });
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`works at ${viewport.width}×${viewport.height}: nothing wider than the screen, every control reachable, a run shows its results`, async () => {
      const page = await openApp('', viewport);
      await run(page);
      const overflow = await page.evaluate(() => {
        const w = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('body *')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.right > w + 1 && !el.closest('.stepper-stage, .mrc-table, .designs-table, table, svg');
          })
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`);
        return { page: document.documentElement.scrollWidth - w, wide: wide.slice(0, 8) };
      });
      expect(overflow.wide, 'elements wider than the screen').toEqual([]);
      expect(overflow.page, 'horizontal scroll').toBeLessThanOrEqual(0);
      // Every control gets keyboard focus, with a visible ring.
      // Keyboard focus shows a ring: tab onto the run button.
      await page.keyboard.press('Tab');
      const run_ = testId(page, 'run-button');
      await run_.focus();
      expect(await run_.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
      expect(await attr(page, 'mean-latency', 'data-value')).not.toBe('');
      await page.screenshot({ path: join(SHOTS, `app-${viewport.width}x${viewport.height}.png`), fullPage: viewport.width < 500 });
    });
  }

  it('exports the results as JSON and CSV and the CDF chart as SVG and PNG, each the run’s own numbers', async () => {
    const page = await openApp();
    await run(page);
    const r = await results(page);
    const save = async (id: string) => {
      const [d] = await Promise.all([page.waitForEvent('download'), testId(page, id).click()]);
      return { name: d.suggestedFilename(), bytes: readFileSync((await d.path())!) };
    };
    const json = await save('export-report-json');
    expect(json.name).toBe('random-lru-mru-demote.json');
    const doc = JSON.parse(json.bytes.toString());
    expect(doc.scenario).toEqual(r.scenario);
    expect(String(doc.report.meanLatencyMs)).toBe(r.meanText);
    expect(doc.report).toMatchObject({ hitFractions: engine(r.scenario).hitFractions });
    const csv = (await save('export-report-csv')).bytes.toString().split('\n');
    expect(csv[0]).toBe('section,key,value');
    expect(csv).toContain(`summary,meanLatencyMs,${r.meanText}`);
    expect(csv.filter((l) => l.startsWith('latencyCdf,')).pop()).toMatch(/,1$/);
    const svg = await save('cdf-export-svg');
    expect(svg.name).toBe('random-lru-mru-demote-latency-cdf.svg');
    const text = svg.bytes.toString();
    expect(text).toMatch(/^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(text).toContain('<path');
    const png = await save('cdf-export-png');
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.bytes.length).toBeGreaterThan(5_000);
  });

  it('compares runs: pin one, change the design, run again — both CDFs on the chart and both runs in a table, exactly as the engine', async () => {
    const page = await openApp();
    await run(page);
    const proposed = (await results(page)).scenario;
    await testId(page, 'pin-run').click();
    await testId(page, 'design-lru-lru-none').click();
    await run(page);
    const baseline = (await results(page)).scenario;
    expect(baseline).toMatchObject({ topology: { array: { policy: { kind: 'lru' } } } });
    expect('protocol' in baseline).toBe(false);
    const rows = await testId(page, 'compare-table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => ({ run: tr.getAttribute('data-run'), pinned: tr.getAttribute('data-pinned'), mean: tr.getAttribute('data-mean') })));
    expect(rows).toEqual([
      { run: baseline.name, pinned: 'false', mean: String(engine(baseline).meanLatencyMs) },
      { run: proposed.name, pinned: 'true', mean: String(engine(proposed).meanLatencyMs) },
    ]);
    expect(await page.locator('[data-testid="cdf-chart"] path.cdf-pin').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-pin')))).toEqual([proposed.name]);
    await testId(page, 'cdf-chart').screenshot({ path: join(SHOTS, 'compare-cdf.png') });
    // The comparison as a link: a new page runs the pinned run on the pool and the current run,
    // and shows the same table.
    const link = await testId(page, 'compare-link').getAttribute('href');
    expect(link).toMatch(/&run=compare%3A/);
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await other.goto(link!);
    await other.waitForSelector('[data-testid="compare-table"] tbody tr[data-pinned="true"]', { timeout: RUN_TIMEOUT_MS });
    await other.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: RUN_TIMEOUT_MS });
    const shared = await other
      .locator('[data-testid="compare-table"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => ({ run: tr.getAttribute('data-run'), pinned: tr.getAttribute('data-pinned'), mean: tr.getAttribute('data-mean') })));
    expect(shared).toEqual(rows);
    await other.close();
    await testId(page, 'unpin').click();
    expect(await testId(page, 'compare-table').count()).toBe(0);
  });

  it("sweeps the link's bandwidth and shows where DEMOTE stops paying (paper 000 Fig. 19), exactly as the engine", async () => {
    const s = JSON.parse(defaultScenario());
    s.source.workload = { kind: 'random', blocks: 8192 };
    s.topology.client.capacity = 4096;
    s.topology.array.capacity = 4096;
    const page = await openApp(encodeHash(s));
    await testId(page, 'param-sweep-run').click();
    await page.waitForSelector('[data-testid="param-sweep-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    const series = await page.locator('[data-testid="param-sweep-chart"] g[data-series]').evaluateAll((gs) =>
      gs.map((g) => ({ name: g.getAttribute('data-series'), points: [...g.querySelectorAll('circle')].map((c) => [Number(c.getAttribute('data-x')), Number(c.getAttribute('data-y'))]) })),
    );
    const [demote, inclusive] = series.map((x) => new Map(x.points as [number, number][]));
    // DEMOTE wins on a fast link and loses on a slow one, where its extra transfer costs more
    // than the array hits it buys (our crossover: between 3 and 10 Mbit/s).
    for (const bw of [10, 100, 1000, 10000]) expect(demote.get(bw)!, `${bw} Mbit/s`).toBeLessThan(inclusive.get(bw)!);
    for (const bw of [1, 3]) expect(demote.get(bw)!, `${bw} Mbit/s`).toBeGreaterThan(inclusive.get(bw)!);
    const at10 = { ...s, topology: { ...s.topology, link: { preset: 'custom', latencyUs: 200 - 32.768, bandwidthMbit: 10 } } };
    expect(demote.get(10)).toBe(engine(at10).meanLatencyMs);
    expect(await testId(page, 'param-sweep-summary').textContent()).toBe(
      `${series[0].name} is faster than ${series[1].name} from 10 Mbit/s up, and slower below (paper 000 Fig. 19: DEMOTE stops paying on slow links).`,
    );
    // Hovering reads both series off at the swept bandwidth nearest the pointer.
    await testId(page, 'param-sweep-chart').scrollIntoViewIfNeeded();
    const sbox = (await testId(page, 'param-sweep-chart').boundingBox())!;
    await page.mouse.move(sbox.x + sbox.width / 2, sbox.y + sbox.height / 2);
    const sweepHover = testId(page, 'param-sweep-hover');
    await sweepHover.waitFor();
    const hovered = Number(await sweepHover.getAttribute('data-x'));
    expect(demote.has(hovered)).toBe(true);
    expect(await sweepHover.locator('text').first().textContent()).toBe(`at ${hovered} Mbit/s`);
    const read = await sweepHover.locator('text[data-name]').evaluateAll((ts) => ts.map((t) => [t.getAttribute('data-name'), Number(t.getAttribute('data-y')), t.textContent]));
    expect(read.map(([name, y]) => [name, y])).toEqual([
      [series[0].name, demote.get(hovered)],
      [series[1].name, inclusive.get(hovered)],
    ]);
    for (const [name, , text] of read) expect(String(text).slice(String(name).length)).toMatch(/^: [\d.]+ ms$/);
    await page.mouse.move(0, 0);
    await testId(page, 'param-sweep-chart').screenshot({ path: join(SHOTS, 'sweep-bandwidth.png') });
  });

  it('shares a sweep by link: opening it runs the same sweep, with the same numbers', async () => {
    const page = await openApp();
    await testId(page, 'param-sweep-param').selectOption('slru');
    const link = await testId(page, 'param-sweep-link').getAttribute('href');
    expect(link).toMatch(/&run=sweep%3Aslru$/);
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await other.goto(link!);
    await other.waitForSelector('[data-testid="param-sweep-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    const series = await other.locator('[data-testid="param-sweep-chart"] g[data-series]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-series')));
    expect(series).toEqual(['SLRU', 'LRU']);
    const at = await other.locator('[data-testid="param-sweep-chart"] g[data-series="SLRU"] circle[data-x="0.5625"]').getAttribute('data-y');
    const s = JSON.parse(defaultScenario());
    const { protocol: _p, ...one } = s;
    expect(Number(at)).toBe(
      engine({ ...one, name: 'SLRU 0.5625', topology: { kind: 'single', cache: { ...s.topology.client, policy: { kind: 'slru', protectedShare: 0.5625 } }, link: s.topology.link, disk: s.topology.disk } }).hitFractions.client,
    );
    await other.close();
  });

  // How responsive the page is (long tasks, refresh rate, frame times) depends on the machine and
  // on what else runs on it: `npm run bench:ui` measures and prints it. This test checks what
  // cannot vary with the machine: the engine never runs in the page's thread, the run's work
  // reaches the page in many small updates, and nothing on the page moves while they arrive.
  it("keeps the engine off the page's thread during a 10 M-request run: many live updates, in order, nothing shifting", async () => {
    const s = JSON.parse(defaultScenario());
    s.source.workload = { kind: 'random', blocks: 32768, warmupRequests: 32768, measuredRequests: 10_000_000 };
    const page = await openApp(encodeHash(s), undefined, (p) =>
      // Counts every WebAssembly compile or instantiation in the page's own thread (workers have
      // their own WebAssembly object: theirs are not counted).
      p.addInitScript(() => {
        const w = window as any;
        w.__wasmInPage = 0;
        for (const name of ['compile', 'compileStreaming', 'instantiate', 'instantiateStreaming'] as const) {
          const f = (WebAssembly as any)[name];
          if (typeof f === 'function')
            (WebAssembly as any)[name] = (...a: unknown[]) => {
              w.__wasmInPage++;
              return f.apply(WebAssembly, a);
            };
        }
      }),
    );
    await page.evaluate(() => {
      const w = window as any;
      // Layout shifts (Chromium's layout-shift entries), with what moved.
      w.__shifts = [];
      new PerformanceObserver((list) =>
        w.__shifts.push(
          ...list.getEntries().map((e: any) => ({
            v: e.value,
            t: e.startTime,
            what: (e.sources ?? []).map((x: any) => x.node?.getAttribute?.('data-testid') ?? x.node?.className ?? x.node?.nodeName ?? '?').join(', '),
          })),
        ),
      ).observe({ type: 'layout-shift', buffered: false });
      // Each live refresh of the results: the progress count changes.
      w.__refresh = [];
      new MutationObserver(() => {
        const p = document.querySelector('[data-testid="progress"]')?.getAttribute('data-processed');
        if (p && w.__refresh[w.__refresh.length - 1]?.p !== p) w.__refresh.push({ p, t: performance.now() });
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-processed'] });
    });
    await run(page);
    const { refresh, shifts, wasmInPage } = await page.evaluate(() => ({
      refresh: (window as any).__refresh as { t: number; p: string }[],
      shifts: (window as any).__shifts as { v: number; t: number; what: string }[],
      wasmInPage: (window as any).__wasmInPage as number,
    }));
    // The engine ran, and only in its worker…
    expect(wasmInPage).toBe(0);
    // …and a module compiled in the page would have been counted.
    expect(await page.evaluate(async () => (await WebAssembly.compile(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])), (window as any).__wasmInPage))).toBe(1);
    // Its work arrived in many updates (the worker sends one every tenth of the run whatever the
    // clock says, more on a slow machine; the page may draw two at once), each further on.
    const counts = refresh.map((r) => Number(r.p));
    expect(counts.length, `updates: ${counts.join(', ')}`).toBeGreaterThanOrEqual(8);
    expect(counts.every((c, i) => i === 0 || c > counts[i - 1]), counts.join(', ')).toBe(true);
    // While the charts update (from the first live report to the last), nothing on the page moves.
    const during = shifts.filter((x) => x.t > refresh[0].t && x.t < refresh[refresh.length - 1].t);
    expect(during, `layout shifts: ${during.map((x) => `${x.v.toFixed(4)} (${x.what})`).join('; ')}`).toEqual([]);
  });

  /** Drops a file on the page, as a person dragging it from their desktop would. */
  async function drop(page: Page, bytes: Uint8Array, name: string) {
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
  function replay(scenario: unknown, bytes: Uint8Array): any {
    const reader = new TraceReader('', 4096, false, false);
    reader.push(bytes);
    reader.finish();
    const sim = Simulation.withTrace(JSON.stringify(scenario), reader);
    while (!sim.step(1 << 20));
    const report = sim.report();
    sim.free();
    reader.free();
    return report;
  }

  it('replays an Alibaba trace of 3 volumes dropped on the page through a 3-client tree, each client’s results exactly as the engine’s', async () => {
    // Alibaba Cloud block traces: device_id,opcode,offset,length,timestamp — R/W, bytes, µs.
    // Volume 11 rereads a hot set, volume 4 scans, volume 27 is random over a wider range.
    const volumes = [11, 4, 27];
    const lines: string[] = [];
    const counts: Record<number, number> = { 11: 0, 4: 0, 27: 0 };
    let seed = 12345;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 6000; i++) {
      // The first three lines introduce the volumes in the order 11, 4, 27.
      const v = volumes[i < 3 ? i : i % 3 === 0 ? 0 : rand(10) < 5 ? 1 : 2];
      counts[v]++;
      const block = v === 11 ? rand(400) : v === 4 ? (i * 3) % 9000 : rand(20_000);
      lines.push(`${v},${rand(6) === 0 ? 'W' : 'R'},${block * 4096},${4096 * (1 + rand(3))},${1577808000000000 + i * 250}`);
    }
    const bytes = Buffer.from(lines.join('\n') + '\n');
    const page = await openApp();
    await testId(page, 'client-capacity').fill('512');
    await testId(page, 'array-capacity').fill('2048');
    await drop(page, bytes, 'ali-3vol.csv');
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="6000"]', { timeout: RUN_TIMEOUT_MS });
    // The page says how many clients and which, with each one's requests.
    expect(await testId(page, 'trace-summary').innerText()).toContain('alibaba · 6,000 requests');
    expect(await attr(page, 'trace-clients', 'data-ids')).toBe('11,4,27');
    const listed = await testId(page, 'trace-clients').innerText();
    for (const v of volumes) expect(listed).toContain(`${v} (${counts[v].toLocaleString('en-US')} requests)`);
    // One client cache for three volumes: build a tree with a client per volume.
    await testId(page, 'trace-build-tree').click();
    expect(await value(page, 'topology')).toBe('tree');
    expect(await testId(page, 'run-blocked').count()).toBe(0);
    const map = await page.locator('[data-testid="trace-map"] tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-id'), tr.getAttribute('data-leaf')]));
    expect(map).toEqual([
      ['11', 'client11'],
      ['4', 'client4'],
      ['27', 'client27'],
    ]);
    await run(page);
    const scenario = decodeShareUrl(await value(page, 'share-url'));
    expect(scenario.topology.kind).toBe('tree');
    expect(scenario.topology.caches.map((c: any) => [c.name, c.parent ?? null, c.capacity])).toEqual([
      ['array', null, 2048],
      ['client11', 'array', 512],
      ['client4', 'array', 512],
      ['client27', 'array', 512],
    ]);
    expect(scenario.source).toEqual({ kind: 'trace', name: 'ali-3vol.csv' });
    const expected = replay(scenario, bytes);
    expect(await attr(page, 'mean-latency', 'data-value')).toBe(String(expected.meanLatencyMs));
    expect(expected.clients.map((c: any) => c.name)).toEqual(volumes.map((v) => `client${v}`));
    // Each client's measured requests are its volume's, less its share of the warm-up (the first tenth).
    for (const [k, v] of volumes.entries()) {
      expect(expected.clients[k].requests).toBeLessThanOrEqual(counts[v]);
      expect(expected.clients[k].requests).toBeGreaterThan(0.8 * counts[v]);
    }
    // Each client's row, line and table: the engine's numbers for that client.
    const lines_ = await page.locator('[data-testid="client-cdf-chart"] path.client-cdf-line').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-client')));
    expect(lines_).toEqual(['client11', 'client4', 'client27']);
    for (const c of expected.clients) {
      const row = page.locator(`[data-testid="client-table"] tr[data-client="${c.name}"]`);
      expect(await row.getAttribute('data-mean-ms')).toBe(String(c.meanLatencyMs));
      expect(await row.getAttribute('data-requests')).toBe(String(c.requests));
      const levels = await row.locator('td[data-level]').evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
      expect(levels).toEqual(c.hitFractions);
      const rows = await page
        .locator(`[data-testid="client-cdf-table"][data-client="${c.name}"] tr[data-upper-ms]`)
        .evaluateAll((trs) => trs.map((tr) => ({ upperMs: Number(tr.getAttribute('data-upper-ms')), cum: Number(tr.getAttribute('data-cum')) })));
      expectSameCdf(rows, engineCdf(c));
    }
    // The hot volume lives in its cache; the scanning one barely does.
    const hit = (name: string) => expected.clients.find((c: any) => c.name === name).hitFractions[0];
    expect(hit('client11')).toBeGreaterThan(hit('client4'));
    // Every request of the trace went to its volume's client: the measured ones sum to the run's.
    expect(expected.clients.reduce((a: number, c: any) => a + c.requests, 0)).toBe(expected.counters.requests);
    await page.locator('.results').screenshot({ path: join(SHOTS, 'alibaba-tree.png') });
  });

  it('says, beside Run, when a trace has more clients than the tree has leaves, and runs once they are mapped', async () => {
    // Canonical CSV: clients 5, 6 and 9 over a 2-client tree.
    let text = 'time,client,block,nblocks,op,hint\n';
    for (let i = 0; i < 3000; i++) text += `${i},${[5, 6, 9][i % 3]},${(i * 37) % 700},1,r,\n`;
    const bytes = Buffer.from(text);
    const page = await openApp();
    await testId(page, 'topology').selectOption('tree');
    await drop(page, bytes, 'three.csv');
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="3000"]', { timeout: RUN_TIMEOUT_MS });
    // A trace in a tree replays through the tree (not "the client + array pair").
    expect(await testId(page, 'trace-panel').innerText()).not.toContain('client + array pair');
    expect(await page.locator('#trace-pick-hint').innerText()).toContain('A trace replays through this tree');
    const blocked = testId(page, 'run-blocked');
    await blocked.waitFor();
    expect(await blocked.getAttribute('role')).toBe('alert');
    expect(await blocked.innerText()).toBe(
      "scenario.source.clients: the trace has 3 clients (5, 6, 9) but the topology has 2 (client1, client2): add clients, map the trace's clients to them, or merge them into one",
    );
    expect(await testId(page, 'run-button').isDisabled()).toBe(true);
    // The engine says the same, word for word.
    const scenario = decodeShareUrl(await value(page, 'share-url'));
    const reader = new TraceReader('', 4096, false, false);
    reader.push(bytes);
    reader.finish();
    expect(() => Simulation.withTrace(JSON.stringify(scenario), reader)).toThrow(await blocked.innerText());
    reader.free();
    await page.locator('.column-left').screenshot({ path: join(SHOTS, 'trace-too-many-clients.png') });
    // Map them by hand: client 9 shares client2's cache.
    await testId(page, 'trace-clients-mode').selectOption('map');
    await testId(page, 'trace-map-9').selectOption('client2');
    expect(await blocked.count()).toBe(0);
    await run(page);
    const mapped = decodeShareUrl(await value(page, 'share-url'));
    expect(mapped.source.clients).toEqual({ kind: 'map', map: { '5': 'client1', '6': 'client2', '9': 'client2' } });
    const expected = replay(mapped, bytes);
    expect(await attr(page, 'mean-latency', 'data-value')).toBe(String(expected.meanLatencyMs));
    const requests = await page.locator('[data-testid="client-table"] tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-client'), Number(tr.getAttribute('data-requests'))]));
    expect(requests).toEqual(expected.clients.map((c: any) => [c.name, c.requests]));
  });

  it('opens a version-1 link through the engine’s migration and runs it to the numbers the engine gives the old link', async () => {
    const v1 = JSON.parse(readFileSync(join(root, 'engine-wasm/crates/core/tests/golden/v1/tree4x3-demote-shared.json'), 'utf8'));
    expect(v1.version).toBe(1);
    const page = await openApp(encodeHash(v1));
    await page.waitForSelector('[data-testid="topology"]');
    await expect.poll(() => value(page, 'topology'), { timeout: RUN_TIMEOUT_MS }).toBe('tree');
    expect(await testId(page, 'url-error').count()).toBe(0);
    expect(await testId(page, 'url-migrating').count()).toBe(0);
    expect(await value(page, 'tree-0-capacity')).toBe('3000');
    await run(page);
    const r = await results(page);
    // The link now holds the engine's version-2 document, and the page ran what the engine runs for the old one.
    expect(r.scenario.version).toBe(2);
    expect(r.scenario).toEqual(JSON.parse(validateScenario(JSON.stringify(v1))));
    const old = engine(v1) as any;
    expect(r.meanText).toBe(String(old.meanLatencyMs));
    const recorded = JSON.parse(readFileSync(join(root, 'engine-wasm/crates/core/tests/golden/v1/tree4x3-demote-shared.report.json'), 'utf8'));
    expect(Math.abs(Number(r.meanText) - recorded.meanLatencyMs) / recorded.meanLatencyMs).toBeLessThanOrEqual(1e-9);
    const rows = await page.locator('[data-testid="client-table"] tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-client'), tr.getAttribute('data-mean-ms')]));
    expect(rows).toEqual(old.clients.map((c: any) => [c.name, String(c.meanLatencyMs)]));
  });

  it('keeps the scenario shown when a pasted link is from a newer tiersim or names an unknown topology, naming the field', async () => {
    const page = await openApp();
    await testId(page, 'client-capacity').fill('8192');
    await testId(page, 'array-policy').selectOption('lru');
    await expect.poll(async () => decodeShareUrl(await value(page, 'share-url')).topology.client.capacity).toBe(8192);
    const before = await value(page, 'share-url');
    for (const [doc, message] of [
      [{ ...JSON.parse(defaultScenario()), version: 3 }, 'scenario.version: this link was made by a newer tiersim (scenario version 3); this one reads versions 1 to 2'],
      [{ ...JSON.parse(defaultScenario()), topology: { kind: 'ring', caches: [] } }, 'scenario.topology.kind: must be one of single, two-level, tree'],
    ] as const) {
      await page.evaluate((hash) => (window.location.hash = hash), encodeHash(doc));
      const banner = testId(page, 'url-error');
      await expect.poll(() => banner.innerText()).toContain(message);
      expect(await banner.getAttribute('role')).toBe('alert');
      expect(await banner.innerText()).toContain('keeping the scenario you had');
      // The previous state survives: the form, the link, and a run of it.
      expect(await value(page, 'client-capacity')).toBe('8192');
      expect(await value(page, 'array-policy')).toBe('lru');
      expect(await value(page, 'share-url')).toBe(before);
      expect(page.url()).toBe(before);
      await page.getByRole('button', { name: 'Dismiss' }).click();
    }
    await run(page);
    const r = await results(page);
    expect(r.scenario.topology.client.capacity).toBe(8192);
    expect(r.meanText).toBe(String(engine(r.scenario).meanLatencyMs));
  });

  describe('a bad link shows a clear message and the default scenario', () => {
    const cases: [string, () => string, RegExp][] = [
      ['damaged', () => '#s=garbage!!', /damaged|could not|invalid/i],
      ['from a newer version', () => encodeHash({ ...JSON.parse(defaultScenario()), version: 99 }), /^scenario\.version: this link was made by a newer tiersim \(scenario version 99\)/],
      ['with an unknown topology', () => encodeHash({ ...JSON.parse(defaultScenario()), topology: { kind: 'ring' } }), /^scenario\.topology\.kind: must be one of single, two-level, tree/],
      [
        'with an invalid field',
        () => {
          const s = JSON.parse(defaultScenario());
          s.topology.client.capacity = 0;
          return encodeHash(s);
        },
        /scenario\.topology\.client\.capacity/,
      ],
    ];
    for (const [name, hash, message] of cases) {
      it(name, async () => {
        const page = await openApp(hash());
        const banner = testId(page, 'url-error');
        await banner.waitFor({ state: 'visible' });
        expect(await banner.getAttribute('role')).toBe('alert');
        expect(await banner.innerText()).toMatch(message);
        await expectDefaultInputs(page);
        // The default is runnable straight away.
        expect(await testId(page, 'run-button').isEnabled()).toBe(true);
      });
    }
  });
});
