// Accessibility: axe-core over the page after a run, with the stepper and a tree.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, RUN_TIMEOUT_MS, openApp, root, run, showView, testId } from './harness';

setupApp();

describe('tiersim in Chromium: accessibility', () => {
  /** axe-core's serious and critical violations on the page as it is now: rule, and where. */
  async function axeViolations(page: Page): Promise<string[]> {
    if (!(await page.evaluate(() => 'axe' in window)))
      await page.addScriptTag({ path: join(root, 'node_modules/axe-core/axe.min.js') });
    const found: { id: string; impact: string; nodes: { target: string[]; message: string }[] }[] = await page.evaluate(
      async () => {
        const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v: any) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n: any) => ({ target: n.target, message: n.any[0]?.message ?? n.failureSummary })),
        }));
      },
    );
    return found
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.message}`));
  }

  it('has no serious or critical accessibility violation (axe-core) after a run, with the stepper stepping, a trace analysed, a tree in the builder and the gallery judged', async () => {
    const page = await openApp();
    await run(page);
    expect(await axeViolations(page), 'after a run').toEqual([]);
    await showView(page, 'gallery');
    await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('[data-testid="gallery"] tr[data-label]')];
        return rows.length > 0 && rows.every((tr) => tr.getAttribute('data-verdict'));
      },
      undefined,
      { timeout: RUN_TIMEOUT_MS },
    );
    expect(await axeViolations(page), 'the gallery judged').toEqual([]);
    await showView(page, 'teach');
    await testId(page, 'stepper-preset-paper000').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="7"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'stepper-step').click();
    expect(await axeViolations(page), 'the stepper').toEqual([]);
    // Requests served by the array (white on its colour) in the MC² and shared presets, to the end.
    for (const preset of ['mc2', 'shared']) {
      await testId(page, `stepper-preset-${preset}`).click();
      await testId(page, 'stepper-end').click();
      await page.waitForSelector('.stepper-req.is-past.at-1, .stepper-req.is-past.at-2', { timeout: RUN_TIMEOUT_MS });
      expect(await axeViolations(page), `the ${preset} preset at its end`).toEqual([]);
    }
    await showView(page, 'explore');
    await testId(page, 'topology').selectOption('tree');
    await run(page);
    expect(await axeViolations(page), 'a tree, run').toEqual([]);
    await testId(page, 'bundled-phases.csv.gz').click();
    await page.waitForSelector('[data-testid="trace-summary"]', { timeout: RUN_TIMEOUT_MS });
    await showView(page, 'trace');
    await page.waitForSelector('[data-testid="profile-status"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    expect(await axeViolations(page), "a trace's analysis").toEqual([]);
    await showView(page, 'explore');
    // The check can fail: text as pale as the page breaks it.
    await page.evaluate(() =>
      document
        .querySelector('[data-testid="run-button"]')!
        .setAttribute('style', 'color: #f0f0f0; background: #ffffff'),
    );
    expect((await axeViolations(page)).some((v) => v.startsWith('color-contrast (serious) at'))).toBe(true);
  });

  it('has none in presenter mode at 1280 × 720, three pairs side by side at their last step (the evicted trays long enough to scroll)', async () => {
    const page = await openApp('#teach=side-by-side&step=10', { width: 1280, height: 720 });
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="10"][data-at="10"]', {
      timeout: RUN_TIMEOUT_MS,
    });
    await testId(page, 'stepper-presenter').click();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The check has something to check: a tray that scrolls (a region a keyboard must reach).
    const scrolling = await page
      .locator('[data-testid="stepper-evicted"] ul, [data-testid="stepper-variant-evicted"] ul')
      .evaluateAll((uls) => uls.filter((ul) => ul.scrollHeight > ul.clientHeight).length);
    expect(scrolling).toBeGreaterThan(0);
    expect(await axeViolations(page), 'presenter mode').toEqual([]);
    await page.close();
  });
});
