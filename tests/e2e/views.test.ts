// Views and the run bar in Chromium: each view at its own address (and a screenshot of each for
// docs/views.md), the bar in view at the bottom of a long view, a shared link that opens on its
// results — the engine's numbers, nobody pressing Run — and Run never refused in silence: a
// trace replayed through a tree runs, or the bar names why not.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import {
  setupApp,
  RUN_TIMEOUT_MS,
  attr,
  decodeShareUrl,
  drop,
  encodeHash,
  engine,
  engineCdf,
  expectSameCdf,
  openApp,
  replay,
  results,
  root,
  run,
  showView,
  testId,
  value,
} from './harness';

setupApp();

const VIEWS = ['explore', 'trace', 'compare', 'sweeps', 'teach', 'gallery'] as const;
const DOCS = join(root, 'docs/screenshots');
mkdirSync(DOCS, { recursive: true });

const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-testid');
const hashOf = (page: Page) => new URL(page.url()).hash;

/** Whether the whole of `id` is inside the viewport (not just in the DOM). */
async function inViewport(page: Page, id: string): Promise<boolean> {
  const box = await testId(page, id).boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width
  );
}

describe('tiersim in Chromium: views', () => {
  it('shows each view at its own address, with the run bar; a screenshot of each', async () => {
    // A small scenario (paper 000's RANDOM at an eighth), so each view's panel fills quickly.
    const s: any = defaultScenario();
    s.topology.client.capacity = 2048;
    s.topology.array.capacity = 2048;
    s.source.workload = { kind: 'random', blocks: 4096 };
    const page = await openApp(encodeHash(s), { width: 1280, height: 800 });
    const plain = hashOf(page);
    expect(plain).toBe(encodeHash(s));
    await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: RUN_TIMEOUT_MS });
    /** What each view shows once its panel has worked (the run bar starts none of these). */
    const fill: Record<(typeof VIEWS)[number], () => Promise<unknown>> = {
      explore: () => page.waitForSelector('[data-testid="cdf-chart"]'),
      // A generated workload: the view says what it analyses and how to give it a file.
      trace: () => page.waitForSelector('[data-testid="profile-no-trace"]'),
      compare: async () => {
        await testId(page, 'designs-run').click();
        await page.waitForSelector('[data-testid="designs-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
      },
      sweeps: async () => {
        await testId(page, 'param-sweep-run').click();
        await page.waitForSelector('[data-testid="param-sweep-progress"][data-status="done"]', {
          timeout: RUN_TIMEOUT_MS,
        });
      },
      teach: async () => {
        await page.waitForSelector('[data-testid="stepper"]');
        if (await testId(page, 'stepper-preset-paper000').count())
          await testId(page, 'stepper-preset-paper000').click();
        await page.waitForSelector('[data-testid="stepper-at"][data-steps]', { timeout: RUN_TIMEOUT_MS });
      },
      gallery: () => page.waitForSelector('[data-testid="gallery"] tr[data-label]', { timeout: RUN_TIMEOUT_MS }),
    };
    for (const view of VIEWS) {
      await testId(page, `view-tab-${view}`).click();
      expect(await selectedTab(page)).toBe(`view-tab-${view}`);
      await testId(page, `view-${view}`).waitFor({ state: 'visible' });
      for (const other of VIEWS.filter((v) => v !== view))
        expect(await testId(page, `view-${other}`).isHidden(), `${other} hidden in ${view}`).toBe(true);
      // Each view opens with its "what am I looking at", open on a first visit.
      const intro = page.locator(`[data-testid="view-${view}"] [data-testid="intro-${view}"]`);
      expect(await intro.evaluate((d) => (d as HTMLDetailsElement).open), `${view}'s intro`).toBe(true);
      expect((await intro.locator('p').innerText()).length, `${view}'s intro`).toBeGreaterThan(80);
      // The scenario stays; the view joins it in the link (Explore, the default, adds nothing).
      expect(hashOf(page)).toBe(view === 'explore' ? plain : `${plain}&view=${view}`);
      expect(await value(page, 'share-url')).toBe(page.url());
      expect(await inViewport(page, 'run-button')).toBe(true);
      await fill[view]();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300); // transitions (bars, blocks) settle
      const file = join(DOCS, `${view}.png`);
      await page.screenshot({ path: file });
      expect(statSync(file).size).toBeLessThan(300_000);
    }
    // Opening an address opens its view; a name no view has is Explore, without an error.
    for (const [suffix, view] of [
      ['&view=teach', 'teach'],
      ['&view=sweeps', 'sweeps'],
      ['&view=no-such-view', 'explore'],
    ] as const) {
      const other = await openApp(`${plain}${suffix}`, { width: 1280, height: 800 });
      expect(await selectedTab(other)).toBe(`view-tab-${view}`);
      expect(await testId(other, `view-${view}`).isVisible()).toBe(true);
      expect(hashOf(other).startsWith(plain)).toBe(true);
      expect(hashOf(other).endsWith(view === 'explore' ? plain.slice(-8) : `&view=${view}`)).toBe(true);
      await other.close();
    }
    await page.close();
  });

  it('keeps the run bar in view at the bottom of a long view, in every view; Ctrl+Enter runs from there', async () => {
    const page = await openApp('', { width: 1280, height: 800 });
    for (const view of VIEWS) {
      await testId(page, `view-tab-${view}`).click();
      await testId(page, `view-${view}`).waitFor({ state: 'visible' });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(
        () => window.scrollY > 0 || document.documentElement.scrollHeight <= window.innerHeight,
      );
      expect(await inViewport(page, 'run-button'), `Run in view at the bottom of ${view}`).toBe(true);
      expect(await inViewport(page, 'cancel-button')).toBe(true);
      expect(await inViewport(page, 'run-summary')).toBe(true);
    }
    // Explore is the longest: scrolled to its end, the bar runs on Ctrl+Enter and shows the end.
    await testId(page, 'view-tab-explore').click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await page.locator('body').press('Control+Enter');
    await page.waitForSelector('[data-testid="run-bar-progress"][data-phase="done"]', { timeout: RUN_TIMEOUT_MS });
    expect(await inViewport(page, 'run-bar-progress')).toBe(true);
    expect(await testId(page, 'run-bar-progress').innerText()).toContain('Done');
    const r = await results(page);
    expect(r.meanText).toBe(String(engine(r.scenario).meanLatencyMs));
    // Another view, chosen from the bottom of this one, opens at its own top.
    await testId(page, 'view-tab-teach').click();
    await testId(page, 'view-teach').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(
      await page.evaluate(
        () => document.querySelector('.app-header')!.getBoundingClientRect().bottom + window.scrollY + 1,
      ),
    );
    expect(await testId(page, 'stepper').isVisible()).toBe(true);
    await page.close();
  });

  it('opens a shared link on its results — the engine’s numbers, without pressing Run', async () => {
    const s: any = defaultScenario();
    s.name = 'shared';
    s.seed = 5;
    s.topology.client.capacity = 4096;
    s.topology.array.capacity = 8192;
    s.source.workload = { kind: 'zipf', blocks: 20000, alpha: 0.9 };
    const page = await openApp(`${encodeHash(s)}&view=explore`);
    await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: RUN_TIMEOUT_MS });
    const r = await results(page);
    expect(r.scenario).toEqual(s);
    const expected = engine(s);
    expect(r.meanText).toBe(String(expected.meanLatencyMs));
    expect(r.hit.client).toBe(expected.hitFractions.client);
    expect(r.hit.disk).toBe(expected.hitFractions.disk);
    expectSameCdf(r.rows, engineCdf(expected));
    await page.close();

    // A very large one asks first, saying how many requests; Escape cancels what it started.
    const big: any = defaultScenario();
    big.source.workload = { kind: 'random', blocks: 32768, measuredRequests: 80_000_000 };
    const asked = await openApp(encodeHash(big));
    const confirm = testId(asked, 'run-confirm');
    await confirm.waitFor({ state: 'visible' });
    expect(await confirm.innerText()).toBe('Run 80,032,768 requests');
    expect(await attr(asked, 'progress', 'data-phase')).toBe('idle');
    await confirm.click();
    // Under way, the bar says how long the run has left, from its pace so far.
    await asked.waitForSelector('[data-testid="run-bar-progress"][data-phase="measured"]:not([data-time-left=""])', {
      timeout: RUN_TIMEOUT_MS,
    });
    expect(await testId(asked, 'run-bar-progress').innerText()).toMatch(
      /^Measuring · \d+ % · (under a second|about [\d a-z]+) left · [\d,]+ \/ 80,032,768 requests$/,
    );
    expect(Number(await attr(asked, 'run-bar-progress', 'data-time-left'))).toBeGreaterThan(0);
    await asked.keyboard.press('Escape');
    await asked.waitForSelector('[data-testid="progress"][data-phase="cancelled"]', { timeout: RUN_TIMEOUT_MS });
    await asked.close();
  });

  it('runs a canonical-CSV trace through a tree, or names beside Run why it cannot', async () => {
    const page = await openApp();
    await testId(page, 'client-capacity').fill('512');
    await testId(page, 'array-capacity').fill('1024');
    await testId(page, 'bundled-random-2048.csv.gz').click();
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="43008"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'topology').selectOption('tree');
    // One trace client, two clients in the tree: it runs, to the engine's numbers.
    expect(await testId(page, 'run-button').isEnabled()).toBe(true);
    expect(await testId(page, 'run-reasons').count()).toBe(0);
    await run(page);
    const r = await results(page);
    expect(r.scenario.topology.kind).toBe('tree');
    expect(r.scenario.source).toEqual({ kind: 'trace', name: 'random-2048.csv.gz' });
    const expected = replay(r.scenario, readFileSync(join(root, 'public/traces/random-2048.csv.gz')));
    expect(r.meanText).toBe(String(expected.meanLatencyMs));

    // A canonical CSV of three clients through the tree's two: the bar names the reason, with its
    // path, beside Run — in every view.
    let csv = 'time,client,block,nblocks,op,hint\n';
    for (let i = 0; i < 3000; i++) csv += `,${i % 3},${(i * 37) % 500},1,r,\n`;
    await drop(page, new TextEncoder().encode(csv), 'three.csv');
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="3000"]', { timeout: RUN_TIMEOUT_MS });
    expect(await testId(page, 'run-button').isDisabled()).toBe(true);
    const reason = page.locator('[data-testid="run-bar"] [data-testid="run-blocked"]');
    expect(await reason.innerText()).toBe(
      "scenario.source.clients: the trace has 3 clients (0, 1, 2) but the topology has 2 (client1, client2): add clients, map the trace's clients to them, or merge them into one",
    );
    await testId(page, 'view-tab-teach').click();
    expect(await reason.isVisible()).toBe(true);
    await testId(page, 'run-to-form').click();
    // Giving the tree a third client lets it run.
    await testId(page, 'tree-0-add').click();
    expect(await reason.count()).toBe(0);
    await run(page);
    const three = await results(page);
    expect(three.meanText).toBe(String(replay(three.scenario, new TextEncoder().encode(csv)).meanLatencyMs));
    expect(await value(page, 'topology')).toBe('tree');
    await page.close();
  });
  it('goes back and forward between views, keeping the scenario as it is now', async () => {
    const s: any = defaultScenario();
    s.name = 'views';
    const page = await openApp(encodeHash(s), { width: 1280, height: 800 });
    const scenarioHash = () => hashOf(page).split('&')[0];
    // Explore → Teach → back to Explore, where the scenario changes (its address rewritten, no
    // new entry) — then Teach → Compare.
    await showView(page, 'teach');
    await showView(page, 'explore');
    await testId(page, 'client-capacity').fill('4096');
    await page.waitForFunction((old) => !window.location.hash.startsWith(old), encodeHash(s));
    const now = scenarioHash();
    expect(decodeShareUrl(page.url()).topology.client.capacity).toBe(4096);
    await showView(page, 'teach');
    await showView(page, 'compare');
    expect(hashOf(page)).toBe(`${now}&view=compare`);
    const back = async (view: string, suffix: string) => {
      await page.goBack();
      await page.waitForFunction(
        (id) => document.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-testid') === id,
        `view-tab-${view}`,
      );
      expect(await testId(page, `view-${view}`).isVisible()).toBe(true);
      // The scenario as it is now, never the entry's older one — in the address, the form and the Share link.
      await page.waitForFunction((h) => window.location.hash === h, `${now}${suffix}`);
      expect(await value(page, 'share-url')).toBe(page.url());
    };
    await back('teach', '&view=teach');
    await back('explore', '');
    expect(await value(page, 'client-capacity')).toBe('4096');
    // Further back, the entries were made before the change: the scenario stays the changed one.
    await back('teach', '&view=teach');
    await back('explore', '');
    expect(await value(page, 'client-capacity')).toBe('4096');
    expect(await testId(page, 'url-error').count()).toBe(0);
    // And forward again.
    await page.goForward();
    await page.waitForFunction(
      () =>
        document.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-testid') === 'view-tab-teach',
    );
    expect(hashOf(page)).toBe(`${now}&view=teach`);
    await page.close();
  });

  it("keeps the stepper's walk in the Teach view's address only, and in its Share link", async () => {
    const page = await openApp('', { width: 1280, height: 800 });
    await showView(page, 'teach');
    await testId(page, 'stepper-preset-inclusive').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="10"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'stepper-step').click();
    await page.waitForFunction(() => window.location.hash.endsWith('&view=teach&teach=inclusive&step=1'));
    expect(await value(page, 'share-url')).toBe(page.url());
    for (const view of ['explore', 'compare', 'sweeps', 'gallery'] as const) {
      await showView(page, view);
      expect(hashOf(page), view).not.toContain('teach=');
      expect(hashOf(page), view).not.toContain('step=');
      expect(await value(page, 'share-url')).toBe(page.url());
    }
    // Back in Teach (by its tab, then by Back from Explore), the walk is back in the address, at its step.
    await showView(page, 'teach');
    expect(hashOf(page)).toMatch(/&view=teach&teach=inclusive&step=1$/);
    expect(await attr(page, 'stepper-at', 'data-at')).toBe('1');
    await showView(page, 'explore');
    await page.goBack();
    await page.waitForFunction(() => window.location.hash.endsWith('&view=teach&teach=inclusive&step=1'));
    expect(await attr(page, 'stepper-at', 'data-at')).toBe('1');
    await page.close();
  });
});
