// The analyses that run many scenarios: stack-depth graphs and the upside estimate, miss-ratio
// curves, paper 000's eight designs, paper 003's design space and the link sweep, each exactly
// as the engine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../web/generated/engine';
import { defaultScenario, designSpace, estimateUpside } from '../../web/wasm-pkg/tiersim_wasm.js';
import {
  setupApp,
  RUN_TIMEOUT_MS,
  SHOTS,
  attr,
  browser,
  decodeShareUrl,
  encodeHash,
  engine,
  openApp,
  results,
  run,
  showView,
  testId,
  value,
} from './harness';

setupApp();

describe('tiersim in Chromium: analysis', () => {
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
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-references'],
      });
    });
    await run(page);
    const seen: number[] = await page.evaluate(() => (window as any).__depth);
    expect(seen.filter((n) => n > 0).length, `references seen: ${seen}`).toBeGreaterThan(1);
    expect(await testId(page, 'depth-sampled').innerText()).toBe('exact');
    const curves = await page
      .locator('[data-testid="depth-line"]')
      .evaluateAll((ps) => ps.map((p) => p.getAttribute('data-curve')));
    expect(curves).toEqual(['workload', 'array']);
    // Exported, the graph stands alone: its title, the scenario in one line, its y axis and a
    // legend naming every curve, under a name that says the scenario and the view.
    const [d] = await Promise.all([page.waitForEvent('download'), testId(page, 'depth-export-svg').click()]);
    expect(d.suggestedFilename()).toBe('random-lru-mru-demote-depth.svg');
    const svg = readFileSync((await d.path())!, 'utf8');
    expect(svg).toContain('<title>LRU stack-depth graphs</title>');
    expect(svg).toMatch(/<text class="figure-title"[^>]*>LRU stack-depth graphs<\/text>/);
    expect(svg).toMatch(
      /<text class="figure-summary"[^>]*>RANDOM workload, [\d,]+ measured requests · client LRU 16,384 → array MRU 16,384 blocks · DEMOTE · 4 KiB blocks<\/text>/,
    );
    expect(svg).toContain('>LRU hit fraction</text>');
    const legend = [...svg.matchAll(/<g class="legend-item">.*?<text[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => m[1]);
    expect(legend).toEqual(['workload · all requests', 'array · what reaches it']);
    const hitAt = async (curve: string, size: number) =>
      Number(
        await page
          .locator(`[data-testid="depth-table"][data-curve="${curve}"] tr[data-size="${size}"]`)
          .getAttribute('data-hit'),
      );
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
    const readings = await depthHover
      .locator('text[data-curve]')
      .evaluateAll((ts) => ts.map((t) => [t.getAttribute('data-curve')!, t.textContent!]));
    expect(readings.map(([c]) => c)).toEqual(['workload', 'array']);
    for (const [curve, text] of readings) {
      // The curve's row at its largest size not above the hovered one.
      const cell = await page.locator(`[data-testid="depth-table"][data-curve="${curve}"] tr`).evaluateAll(
        (trs, size) =>
          trs
            .filter((tr) => Number(tr.getAttribute('data-size')) <= size)
            .at(-1)
            ?.querySelector('td')?.textContent ?? '0 %',
        at,
      );
      expect(text).toBe(`${curve}: ${cell} hits`);
    }
    await page.mouse.move(0, 0);

    await testId(page, 'upside-array').fill('8192');
    await testId(page, 'upside-run').click();
    await testId(page, 'upside-table').waitFor({ timeout: RUN_TIMEOUT_MS });
    const expected = estimateUpside(r.scenario as Scenario, [{ client: 16384, array: 8192 }]);
    const p = expected.points[0];
    expect(await attr(page, 'upside-inclusive', 'data-disk')).toBe(String(p.inclusive.disk));
    expect(await attr(page, 'upside-exclusive', 'data-array')).toBe(String(p.exclusive.array));
    expect(await attr(page, 'upside-reduction', 'data-value')).toBe(String(p.missReductionPercent));
    const bars = await page
      .locator('[data-testid="upside-bar-reduction"]')
      .evaluateAll((ts) => ts.map((t) => Number(t.getAttribute('data-size'))));
    expect(bars).toEqual([256, 512, 1024, 2048, 4096, 8192, 16384, 32768]);
  });

  it('sweeps miss-ratio curves on parallel workers, exactly as the engine, with MIN below LRU', async () => {
    const page = await openApp();
    await testId(page, 'workload-kind').selectOption('zipf');
    await testId(page, 'workload-blocks').fill('3000');
    await showView(page, 'compare');
    for (const k of ['arc', 's3-fifo']) await testId(page, `sweep-policy-${k}`).uncheck();
    await testId(page, 'sweep-points').fill('4');
    await testId(page, 'sweep-run').click();
    const progress = testId(page, 'sweep-progress');
    await page.waitForSelector('[data-testid="sweep-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    expect(await progress.getAttribute('data-total')).toBe('8');
    const rows = await testId(page, 'sweep-table')
      .locator('tr[data-policy]')
      .evaluateAll((trs) =>
        trs.map((tr) => ({
          policy: tr.getAttribute('data-policy')!,
          size: Number(tr.getAttribute('data-size')),
          miss: Number(tr.getAttribute('data-miss')),
        })),
      );
    // The CLI's default sizes for 3000 blocks and 4 points: 30, 139, 646, 3000.
    expect(rows.map((r) => `${r.policy}@${r.size}`)).toEqual([
      'lru@30',
      'lru@139',
      'lru@646',
      'lru@3000',
      'min@30',
      'min@139',
      'min@646',
      'min@3000',
    ]);
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
    const point = engine({
      ...rest,
      topology: {
        kind: 'single',
        cache: { capacity: 139, policy: { kind: 'min' } },
        link: scenario.topology.link,
        disk: scenario.topology.disk,
      },
    });
    expect(min[1].miss).toBe(point.hitFractions.disk);
    expect(await page.locator('[data-testid="sweep-chart"] path.mrc-line').count()).toBe(2);
    // The floor: LRU holding all 3,000 blocks (a point here), at or below every point, above 0.
    const floor = Number(await testId(page, 'mrc-floor').getAttribute('data-ratio'));
    expect(floor).toBe(lru[3].miss);
    expect(floor).toBeGreaterThan(0);
    for (const r of rows) expect(r.miss).toBeGreaterThanOrEqual(floor);
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
    const xs = () =>
      page
        .locator('[data-testid="sweep-chart"] g[data-policy="lru"] circle.mrc-mark')
        .evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('cx'))));
    const slopes = (x: number[]) => x.slice(1).map((v, i) => (v - x[i]) / (sizes[i + 1] - sizes[i]));
    const logSlopes = slopes(await xs());
    await testId(page, 'mrc-scale').selectOption('linear');
    expect(await page.locator('[data-testid="sweep-chart"] text').allTextContents()).toContain(
      'cache size, blocks (linear scale)',
    );
    const linSlopes = slopes(await xs());
    for (const k of linSlopes) expect(k / linSlopes[0]).toBeCloseTo(1, 6);
    expect(logSlopes[logSlopes.length - 1] / logSlopes[0]).toBeLessThan(0.5);
    await testId(page, 'mrc-scale').selectOption('log');
    expect(await page.locator('[data-testid="sweep-chart"] text').allTextContents()).toContain(
      'cache size, blocks (log scale)',
    );
  });

  it('compares the eight designs of paper 000 on parallel workers, exactly as the engine', async () => {
    const page = await openApp();
    await testId(page, 'client-capacity').fill('2048');
    await testId(page, 'array-capacity').fill('2048');
    await testId(page, 'workload-blocks').fill('4096');
    await showView(page, 'compare');
    await testId(page, 'designs-run').click();
    await page.waitForSelector('[data-testid="designs-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    const rows = await testId(page, 'designs-table')
      .locator('tr[data-design]')
      .evaluateAll((trs) =>
        trs.map((tr) => ({ design: tr.getAttribute('data-design')!, mean: Number(tr.getAttribute('data-mean')) })),
      );
    expect(rows).toHaveLength(8);
    // RANDOM: the two x-MRU-demote designs lead and tie (paper 000 §4.4); the baseline trails them.
    expect(
      rows
        .slice(0, 2)
        .map((r) => r.design)
        .sort(),
    ).toEqual(['LRU-MRU-demote', 'MRU-MRU-demote']);
    const base = decodeShareUrl(await value(page, 'share-url'));
    const lmd = engine({
      ...base,
      protocol: { kind: 'demote' },
      topology: {
        ...base.topology,
        client: { ...base.topology.client, policy: { kind: 'lru' } },
        array: { ...base.topology.array, policy: { kind: 'mru' } },
      },
    });
    expect(rows.find((r) => r.design === 'LRU-MRU-demote')!.mean).toBe(lmd.meanLatencyMs);
  });

  // 488 runs of 250,000 requests: minutes on a busy two-core machine (the timeout stops a hang).
  it(
    "explores paper 003's design space on the OLTP buffer stream: hierarchy-aware within 5 % of aggressively-collaborative, plain LRU far behind, exactly as the engine",
    async () => {
      const s: any = defaultScenario();
      s.topology.client.capacity = 2000;
      s.topology.array.capacity = 2000;
      s.source.workload = {
        kind: 'oltp',
        warehouses: 1,
        stream: 'buffer',
        warmupRequests: 50_000,
        measuredRequests: 200_000,
      };
      const page = await openApp(encodeHash(s));
      await showView(page, 'compare');
      await testId(page, 'design-space-san').selectOption('vi-fc');
      await testId(page, 'design-space-run').click();
      await page.waitForSelector('[data-testid="design-space-progress"][data-status="done"]', {
        timeout: 8 * RUN_TIMEOUT_MS,
      });
      // 248 designs, AC_CA's 48 once per candidate count (6).
      expect(await attr(page, 'design-space-progress', 'data-done')).toBe(String(200 + 48 * 6));
      const config = testId(page, 'design-space-config');
      const gap = Number(await config.getAttribute('data-gap'));
      const plainGap = Number(await config.getAttribute('data-plain-gap'));
      expect(gap).toBeLessThan(0.05);
      expect(plainGap).toBeGreaterThan(gap + 0.1);
      // Each approach's best is the engine's number for that design on the VI/FC SAN.
      const rows = await testId(page, 'design-space-table')
        .locator('tr[data-approach]')
        .evaluateAll((trs) =>
          trs.map((tr) => ({ design: tr.getAttribute('data-design')!, mean: Number(tr.getAttribute('data-mean')) })),
        );
      expect(rows).toHaveLength(5);
      const spec = designSpace({
        ...s,
        topology: { ...s.topology, link: { preset: 'vi-fc' }, disk: { kind: 'constant', serviceMs: 6.227 } },
      });
      for (const r of rows.slice(0, 2)) {
        const d = spec.find((x) => x.name === r.design);
        if (!d) throw new Error(`the engine's space has no design ${r.design}`);
        expect(engine(d.scenario).meanLatencyMs, r.design).toBe(r.mean);
      }
      await page
        .locator('[data-testid="design-space-config"] svg')
        .screenshot({ path: join(SHOTS, 'design-space.png') });
      // Exported, the chart stands alone: title, the scenario's line, its axis label and its legend.
      const [dl] = await Promise.all([page.waitForEvent('download'), testId(page, 'design-space-export-svg').click()]);
      expect(dl.suggestedFilename()).toBe(
        `${s.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}-design-space-vi-fc-own.svg`,
      );
      const svg = readFileSync((await dl.path())!, 'utf8');
      expect(svg).toContain("<title>Paper 003's design space: VI / Fibre Channel · client : array");
      expect(svg).toMatch(
        /<text class="figure-summary"[^>]*>OLTP workload, 200,000 measured requests · client LRU 2,000 → array MRU 2,000 blocks · DEMOTE · 4 KiB blocks<\/text>/,
      );
      expect(svg).toContain('>mean read latency</text>');
      const legend = [...svg.matchAll(/<g class="legend-item">.*?<text[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => m[1]);
      expect(legend).toEqual(['plain LRU', 'best hierarchy-aware', 'best aggressively-collaborative']);
    },
    9 * RUN_TIMEOUT_MS,
  );

  it("sweeps the link's bandwidth and shows where DEMOTE stops paying (paper 000 Fig. 19), exactly as the engine", async () => {
    const s: any = defaultScenario();
    s.source.workload = { kind: 'random', blocks: 8192 };
    s.topology.client.capacity = 4096;
    s.topology.array.capacity = 4096;
    const page = await openApp(encodeHash(s));
    await showView(page, 'sweeps');
    await testId(page, 'param-sweep-run').click();
    await page.waitForSelector('[data-testid="param-sweep-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    const series = await page.locator('[data-testid="param-sweep-chart"] g[data-series]').evaluateAll((gs) =>
      gs.map((g) => ({
        name: g.getAttribute('data-series'),
        points: [...g.querySelectorAll('circle')].map((c) => [
          Number(c.getAttribute('data-x')),
          Number(c.getAttribute('data-y')),
        ]),
      })),
    );
    const [demote, inclusive] = series.map((x) => new Map(x.points as [number, number][]));
    // DEMOTE wins on a fast link and loses on a slow one, where its extra transfer costs more
    // than the array hits it buys (our crossover: between 3 and 10 Mbit/s).
    for (const bw of [10, 100, 1000, 10000]) expect(demote.get(bw)!, `${bw} Mbit/s`).toBeLessThan(inclusive.get(bw)!);
    for (const bw of [1, 3]) expect(demote.get(bw)!, `${bw} Mbit/s`).toBeGreaterThan(inclusive.get(bw)!);
    const at10 = {
      ...s,
      topology: { ...s.topology, link: { preset: 'custom', latencyUs: 200 - 32.768, bandwidthMbit: 10 } },
    };
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
    const read = await sweepHover
      .locator('text[data-name]')
      .evaluateAll((ts) =>
        ts.map((t) => [t.getAttribute('data-name'), Number(t.getAttribute('data-y')), t.textContent]),
      );
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
    await showView(page, 'sweeps');
    await testId(page, 'param-sweep-param').selectOption('slru');
    const link = await testId(page, 'param-sweep-link').getAttribute('href');
    expect(link).toMatch(/&run=sweep%3Aslru$/);
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await other.goto(link!);
    await other.waitForSelector('[data-testid="param-sweep-progress"][data-status="done"]', {
      timeout: RUN_TIMEOUT_MS,
    });
    const series = await other
      .locator('[data-testid="param-sweep-chart"] g[data-series]')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-series')));
    expect(series).toEqual(['SLRU', 'LRU']);
    const at = await other
      .locator('[data-testid="param-sweep-chart"] g[data-series="SLRU"] circle[data-x="0.5625"]')
      .getAttribute('data-y');
    const s: any = defaultScenario();
    const { protocol: _p, ...one } = s;
    expect(Number(at)).toBe(
      engine({
        ...one,
        name: 'SLRU 0.5625',
        topology: {
          kind: 'single',
          cache: { ...s.topology.client, policy: { kind: 'slru', protectedShare: 0.5625 } },
          link: s.topology.link,
          disk: s.topology.disk,
        },
      }).hitFractions.client,
    );
    await other.close();
  });
});
