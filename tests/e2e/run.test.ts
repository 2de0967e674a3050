// Running a scenario: the default run exactly as the engine, its live charts, sharing it by
// URL, the other topologies' presets, exporting and comparing runs, the layout at two screen
// sizes, and a long run that keeps the engine off the page's thread.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Scenario } from '../../web/generated/engine';
import { defaultScenario, runScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import {
  setupApp,
  type EngineReport,
  RUN_TIMEOUT_MS,
  SHOTS,
  app,
  attr,
  browser,
  decodeShareUrl,
  encodeHash,
  engine,
  engineCdf,
  expectDefaultInputs,
  expectSameCdf,
  jumpAt,
  openApp,
  results,
  run,
  testId,
  value,
} from './harness';

setupApp();

describe('tiersim in Chromium: run', () => {
  it('runs the default scenario (paper 000 RANDOM, LRU-MRU-demote) to exactly the engine’s numbers', async () => {
    const page = await openApp();
    await expectDefaultInputs(page);
    expect(await attr(page, 'progress', 'data-phase')).toBe('idle');

    const progress = await run(page);
    // The run streamed: some snapshot before the end showed a phase of the run in progress.
    const total = progress[progress.length - 1].processed;
    const midway = progress.filter(
      (p) => (p.phase === 'warmup' || p.phase === 'measured') && p.processed > 0 && p.processed < total,
    );
    expect(midway.length, `progress seen: ${JSON.stringify(progress)}`).toBeGreaterThan(0);
    expect(total).toBe(32768 + 327680);

    const r = await results(page);
    // The page ran (and encodes) the paper scenario, the same as the engine's own default.
    expect(r.scenario).toMatchObject({
      version: 5,
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
    expect(r.scenario).toEqual(defaultScenario());
    const expected = engine(r.scenario);
    expect(r.meanText).toBe(String(expected.meanLatencyMs));
    expect(expected.meanLatencyMs).toBe(engine(defaultScenario()).meanLatencyMs);
    expect(r.hit).toEqual(expected.hitFractions);
    const shown = await testId(page, 'mean-latency').innerText();
    expect(shown).toMatch(/\d/);

    // Paper 000 Table 2: 0.64 ms for RANDOM LRU-MRU-demote.
    expect(Math.abs(Number(r.meanText) - 0.64) / 0.64).toBeLessThan(0.2);
  });

  it('draws the hit ratio over time, sampled by requests (200 slices, the same on any machine), ending where the run ends', async () => {
    const s: any = defaultScenario();
    s.source.workload = { kind: 'random', blocks: 32768, measuredRequests: 3_000_000 };
    const page = await openApp(encodeHash(s));
    await run(page);
    // The engine samples at request ceil(k × total / 200): 200 slices, however fast the machine.
    expect(Number(await attr(page, 'timeline', 'data-points'))).toBe(200);
    const lines = await page
      .locator('[data-testid="timeline"] path.timeline-line')
      .evaluateAll((ps) => ps.map((p) => [p.getAttribute('data-series'), (p.getAttribute('d') ?? '').length > 20]));
    expect(lines).toEqual([
      ['client', true],
      ['array', true],
      ['disk', true],
      ['demotions', true],
    ]);
    // The legend names every series and its axis; DEMOTEs per read have their own, at the right.
    const legend = await page.locator('[data-testid="timeline"] .chart-legend .legend-item').allInnerTexts();
    expect(legend.map((t) => t.trim())).toEqual([
      'client hits (share of reads, left axis)',
      'array hits (share of reads, left axis)',
      'disk reads (share of reads, left axis)',
      'DEMOTEs per read (right axis)',
    ]);
    expect(Number(await attr(page, 'timeline-demote-axis', 'data-max'))).toBeGreaterThan(0);
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
    expect(texts.slice(1).map((t) => t.replace(/ [\d.]+( %)?$/, ''))).toEqual([
      'client hits',
      'array hits',
      'disk reads',
      'DEMOTEs per read',
    ]);
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
    expect(a.scenario).toMatchObject({
      topology: { client: { capacity: 8192 }, array: { policy: { kind: 'lru' } } },
      protocol: { kind: 'demote' },
    });
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
    expect(a.meanText).not.toBe(String(engine(defaultScenario()).meanLatencyMs));
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
    expect(r.scenario).toMatchObject({
      topology: { kind: 'single', cache: { capacity: 4096, policy: { kind: 'min' } } },
      source: { workload: { requestBlocks: 4 } },
    });
    const expected = engine(r.scenario) as EngineReport & { blockHitFractions: { client: number } };
    expect(r.meanText).toBe(String(expected.meanLatencyMs));
    expect(r.hit.client).toBe(expected.hitFractions.client);
    expect(await attr(page, 'block-hits', 'data-client')).toBe(String(expected.blockHitFractions.client));
    // A 4-block read hits only if all four blocks are cached: fewer request hits than block hits.
    expect(expected.hitFractions.client).toBeLessThan(expected.blockHitFractions.client);
    // MIN bounds LRU on the same stream.
    const lru = engine({
      ...r.scenario,
      topology: { ...r.scenario.topology, cache: { capacity: 4096, policy: { kind: 'lru' } } },
    });
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
    expect(r.scenario).toMatchObject({
      topology: { kind: 'single', cache: { policy: { kind: 'tq' } } },
      source: { workload: { kind: 'oltp', warehouses: 1, measuredRequests: 60000 } },
    });
    const expected = engine(r.scenario) as EngineReport & { counters: Record<string, number> };
    const c = expected.counters;
    expect(await attr(page, 'warm-read-hit-ratio', 'data-value')).toBe(String(c.warmBlockHits / c.warmBlockReads));
    expect(await attr(page, 'write-mix', 'data-value')).toBe(
      `${c.synchWrites},${c.replaceWrites},${c.recovWrites},${c.writes}`,
    );
    expect(c.replaceWrites).toBeGreaterThan(c.recovWrites);
    // The preview shows the measured phase's first requests, write hints tagged.
    await testId(page, 'preview-workload').click();
    await testId(page, 'workload-preview').waitFor();
    const rows = page.locator('[data-testid^="preview-row-"]');
    expect(await rows.count()).toBe(24);
    const hints = await rows.evaluateAll((trs) =>
      trs.map((tr) => `${tr.getAttribute('data-op')}:${tr.getAttribute('data-hint')}`),
    );
    expect(hints.some((h) => h === 'write:replace')).toBe(true);
    expect(hints.every((h) => /^(read:|write:(synch|replace|recov))$/.test(h))).toBe(true);
  });

  it("previews the TPC-H client's range hints and runs paper 002's MC² preset (queries 3 and 7) exactly as the engine", async () => {
    const page = await openApp();
    await testId(page, 'workload-kind').selectOption('tpch');
    await testId(page, 'workload-query').selectOption('q7');
    await testId(page, 'preview-workload').click();
    await testId(page, 'workload-preview').waitFor();
    const ranges = await page
      .locator('[data-testid^="preview-range-"]')
      .evaluateAll((tds) => tds.map((td) => td.textContent));
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
    expect(scenario).toMatchObject({
      topology: { kind: 'tree' },
      protocol: { kind: 'mc2' },
      source: { sharing: { kind: 'shared', fraction: 1 } },
    });
    const expected = runScenario(scenario as Scenario);
    expect(await attr(page, 'mean-latency', 'data-value')).toBe(String(expected.meanLatencyMs));
    expect(await attr(page, 'fairness', 'data-value')).toBe(String(expected.fairness));
    for (const c of expected.clients) {
      const row = page.locator(`[data-testid="client-table"] tr[data-client="${c.name}"]`);
      expect(await row.getAttribute('data-mean-ms')).toBe(String(c.meanLatencyMs));
    }
    expect(expected.clients.map((c: any) => c.name)).toEqual(['q3', 'q7']);
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
            return (
              r.width > 0 && r.right > w + 1 && !el.closest('.stepper-stage, .mrc-table, .designs-table, table, svg')
            );
          })
          .map(
            (el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`,
          );
        return { page: document.documentElement.scrollWidth - w, wide: wide.slice(0, 8) };
      });
      expect(overflow.wide, 'elements wider than the screen').toEqual([]);
      expect(overflow.page, 'horizontal scroll').toBeLessThanOrEqual(0);
      // Every control gets keyboard focus, with a visible ring.
      // Keyboard focus shows a ring: tab onto the run button.
      await page.keyboard.press('Tab');
      const run_ = testId(page, 'run-button');
      await run_.focus();
      expect(
        await run_.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none'),
      ).toBe(true);
      expect(await attr(page, 'mean-latency', 'data-value')).not.toBe('');
      await page.screenshot({
        path: join(SHOTS, `app-${viewport.width}x${viewport.height}.png`),
        fullPage: viewport.width < 500,
      });
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
    expect(json.name).toBe('random-lru-mru-demote-report.json');
    const doc = JSON.parse(json.bytes.toString());
    expect(doc.scenario).toEqual(r.scenario);
    expect(String(doc.report.meanLatencyMs)).toBe(r.meanText);
    expect(doc.report).toMatchObject({ hitFractions: engine(r.scenario).hitFractions });
    const saved = await save('export-report-csv');
    expect(saved.name).toBe('random-lru-mru-demote-results.csv');
    const csv = saved.bytes.toString().split('\n');
    expect(csv[0]).toBe('section,key,value');
    expect(csv).toContain(`summary,meanLatencyMs,${r.meanText}`);
    expect(csv.filter((l) => l.startsWith('latencyCdf,')).pop()).toMatch(/,1$/);
    const svg = await save('cdf-export-svg');
    expect(svg.name).toBe('random-lru-mru-demote-latency-cdf.svg');
    const text = svg.bytes.toString();
    expect(text).toMatch(/^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(text).toContain('<path');
    expect(text).toContain('<title>Latency distribution (CDF)</title>');
    expect(text).toContain('>fraction of requests</text>');
    const png = await save('cdf-export-png');
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.bytes.length).toBeGreaterThan(5_000);
    // Hit ratio over time stands alone too: its title, the scenario's line, its axes and a legend naming each line.
    const timeline = await save('timeline-export-svg');
    expect(timeline.name).toBe('random-lru-mru-demote-hit-ratio-over-time.svg');
    const tl = timeline.bytes.toString();
    expect(tl).toContain('<title>Hit ratio over time</title>');
    expect(tl).toMatch(
      /<text class="figure-summary"[^>]*>RANDOM workload, [\d,]+ measured requests · client LRU 16,384 → array MRU 16,384 blocks · DEMOTE · 4 KiB blocks<\/text>/,
    );
    expect(tl).toContain('>share of reads</text>');
    expect(tl).toContain('DEMOTEs per read</text>');
    expect(tl).toContain('requests processed');
    const tlLegend = [...tl.matchAll(/<g class="legend-item">.*?<text[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => m[1]);
    expect(tlLegend).toEqual([
      'client hits (share of reads, left axis)',
      'array hits (share of reads, left axis)',
      'disk reads (share of reads, left axis)',
      'DEMOTEs per read (right axis)',
    ]);
    const tlPng = await save('timeline-export-png');
    expect(tlPng.name).toBe('random-lru-mru-demote-hit-ratio-over-time.png');
    expect(tlPng.bytes.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
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
      .evaluateAll((trs) =>
        trs.map((tr) => ({
          run: tr.getAttribute('data-run'),
          pinned: tr.getAttribute('data-pinned'),
          mean: tr.getAttribute('data-mean'),
        })),
      );
    expect(rows).toEqual([
      { run: baseline.name, pinned: 'false', mean: String(engine(baseline).meanLatencyMs) },
      { run: proposed.name, pinned: 'true', mean: String(engine(proposed).meanLatencyMs) },
    ]);
    expect(
      await page
        .locator('[data-testid="cdf-chart"] path.cdf-pin')
        .evaluateAll((ps) => ps.map((p) => p.getAttribute('data-pin'))),
    ).toEqual([proposed.name]);
    await testId(page, 'cdf-chart').screenshot({ path: join(SHOTS, 'compare-cdf.png') });
    // The comparison as a link: a new page runs the pinned run on the pool and the current run,
    // and shows the same table.
    const link = await testId(page, 'compare-link').getAttribute('href');
    expect(link).toMatch(/&run=compare%3A/);
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await other.goto(link!);
    await other.waitForSelector('[data-testid="compare-table"] tbody tr[data-pinned="true"]', {
      timeout: RUN_TIMEOUT_MS,
    });
    await other.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: RUN_TIMEOUT_MS });
    const shared = await other.locator('[data-testid="compare-table"] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        run: tr.getAttribute('data-run'),
        pinned: tr.getAttribute('data-pinned'),
        mean: tr.getAttribute('data-mean'),
      })),
    );
    expect(shared).toEqual(rows);
    await other.close();
    await testId(page, 'unpin').click();
    expect(await testId(page, 'compare-table').count()).toBe(0);
  });

  // How responsive the page is (long tasks, refresh rate, frame times) depends on the machine and
  // on what else runs on it: `npm run bench:ui` measures and prints it. This test checks what
  // cannot vary with the machine: the engine never runs in the page's thread, the run's work
  // reaches the page in many small updates, and nothing on the page moves while they arrive.
  it("keeps the run off the page's thread during 10 M requests: many live updates, in order, nothing shifting", async () => {
    const s: any = defaultScenario();
    s.source.workload = { kind: 'random', blocks: 32768, warmupRequests: 32768, measuredRequests: 10_000_000 };
    const watch = (page: Page) =>
      page.addInitScript(() => {
        const w = window as any;
        // Layout shifts (Chromium's layout-shift entries), with what moved.
        w.__shifts = [];
        new PerformanceObserver((list) =>
          w.__shifts.push(
            ...list.getEntries().map((e: any) => ({
              v: e.value,
              t: e.startTime,
              what: (e.sources ?? [])
                .map((x: any) => x.node?.getAttribute?.('data-testid') ?? x.node?.className ?? x.node?.nodeName ?? '?')
                .join(', '),
            })),
          ),
        ).observe({ type: 'layout-shift', buffered: false });
        // How late the page's timer fires: a busy page thread delays it.
        w.__gaps = [];
        let last = performance.now();
        setInterval(() => {
          const now = performance.now();
          w.__gaps.push({ t: now, gap: now - last });
          last = now;
        }, 50);
        // Each live refresh of the results: the progress count changes.
        w.__refresh = [];
        new MutationObserver(() => {
          const p = document.querySelector('[data-testid="progress"]')?.getAttribute('data-processed');
          if (p && w.__refresh[w.__refresh.length - 1]?.p !== p) w.__refresh.push({ p, t: performance.now() });
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-processed'] });
      });
    // The link runs itself on opening: the run measured is that one, the page's first, watched
    // from before the page loads.
    const page = await openApp(encodeHash(s), undefined, async (p) => {
      await watch(p);
      // Counts every WebAssembly compile or instantiation in the page's own thread (workers have
      // their own WebAssembly object: theirs are not counted).
      await p.addInitScript(() => {
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
      });
    });
    await page.waitForSelector('[data-testid="progress"]:is([data-phase="done"], [data-phase="error"])', {
      timeout: RUN_TIMEOUT_MS,
    });
    expect(await attr(page, 'progress', 'data-phase')).toBe('done');
    const { refresh, shifts, wasmInPage, gaps } = await page.evaluate(() => ({
      gaps: (window as any).__gaps as { t: number; gap: number }[],
      refresh: (window as any).__refresh as { t: number; p: string }[],
      shifts: (window as any).__shifts as { v: number; t: number; what: string }[],
      wasmInPage: (window as any).__wasmInPage as number,
    }));
    // The module the page fetched is the rules alone: the simulator (tiersim_wasm) is its
    // workers' (the page's resource timeline holds the page's own fetches, not its workers').
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.wasm')),
    );
    expect(fetched.map((n) => n.replace(/^.*\//, '').replace(/-[\w-]{8}\.wasm$/, '.wasm'))).toEqual([
      'tiersim_rules_bg.wasm',
    ]);
    // The page compiled the engine's rules once (the form's checks, as one types), and the run
    // compiled nothing more there: it ran in its worker…
    expect(wasmInPage).toBe(1);
    // …and a module compiled in the page would have been counted.
    expect(
      await page.evaluate(async () => {
        await WebAssembly.compile(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
        return (window as any).__wasmInPage;
      }),
    ).toBe(2);
    // The page's thread stayed free while the engine worked for seconds: its timer, every 50 ms,
    // never waited long (a run on the page's thread holds it for whole batches and renders).
    const stalls = gaps.filter((g) => g.t > refresh[0].t && g.t < refresh[refresh.length - 1].t);
    const worst = Math.max(0, ...stalls.map((g) => g.gap));
    expect(worst, `longest wait of the page's timer during the run: ${worst.toFixed(0)} ms`).toBeLessThan(1500);
    // Its work arrived in many updates (the worker sends one every tenth of the run whatever the
    // clock says, more on a slow machine; the page may draw two at once), each further on.
    const counts = refresh.map((r) => Number(r.p));
    expect(counts.length, `updates: ${counts.join(', ')}`).toBeGreaterThanOrEqual(8);
    expect(
      counts.every((c, i) => i === 0 || c > counts[i - 1]),
      counts.join(', '),
    ).toBe(true);
    // While the charts update (from the first live report to the last), nothing on the page moves.
    const during = shifts.filter((x) => x.t > refresh[0].t && x.t < refresh[refresh.length - 1].t);
    expect(during, `layout shifts: ${during.map((x) => `${x.v.toFixed(4)} (${x.what})`).join('; ')}`).toEqual([]);
  });
});
