// The paper gallery: the recorded reproduction judged by the engine in the page (a tampered
// expectation shows ✗), a card's scenario loaded, and a paper rerun in the browser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../web/worker/protocol';
import { setupApp, RUN_TIMEOUT_MS, SHOTS, engine, openApp, results, root, testId } from './harness';

setupApp();

describe('tiersim in Chromium: gallery', () => {
  it("loads a gallery card's scenario into the editor, which runs it: the numbers are exactly the engine's", async () => {
    const page = await openApp('#view=gallery');
    await testId(page, 'gallery-load-paper004').click();
    // The card's scenario (OLTP into TQ) is in the editor and ran there.
    await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: RUN_TIMEOUT_MS });
    const r = await results(page);
    expect(r.scenario).toMatchObject({
      topology: { kind: 'single', cache: { policy: { kind: 'tq' } } },
      source: { workload: { kind: 'oltp' } },
    });
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
    const tampered = recorded.map((c) =>
      c === target && c.expected.kind === 'value'
        ? { ...c, expected: { ...c.expected, value: c.expected.value * 3 } }
        : c,
    );
    const page = await openApp('#view=gallery', undefined, (p) =>
      p.route('**/reproduction.json', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify(tampered) }),
      ),
    );
    // Judged once the engine has loaded in its worker: no row is left without a verdict.
    await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('[data-testid="gallery"] tr[data-label]')];
        return rows.length > 0 && rows.every((tr) => tr.getAttribute('data-verdict'));
      },
      undefined,
      { timeout: RUN_TIMEOUT_MS },
    );
    const rows = await galleryRows(page);
    expect(rows).toHaveLength(recorded.length);
    const mark = { pass: '✓', close: '≈', fail: '✗' } as const;
    for (const c of recorded) {
      const row = rows.find((r) => r.card === `gallery-paper${c.paper}` && r.label === c.label);
      const want = c === target ? 'fail' : c.verdict;
      expect([row?.verdict, row?.mark], `${c.paper} ${c.label}`).toEqual([want, mark[want]]);
    }
    expect(await testId(page, 'gallery-summary-paper000').textContent()).toBe(
      (['pass', 'close', 'fail'] as const)
        .map(
          (v) =>
            `${recorded.filter((c) => c.paper === '000' && (c === target ? 'fail' : c.verdict) === v).length} ${mark[v]}`,
        )
        .join(' · '),
    );
    // Papers without checks yet say so.
    for (const p of ['000', '001', '002', '003', '004'].filter((p) => !recorded.some((c) => c.paper === p))) {
      expect(await testId(page, `gallery-empty-paper${p}`).textContent()).toMatch(/No checks of this paper yet/);
    }
    await testId(page, 'gallery').screenshot({ path: join(SHOTS, 'gallery.png') });
  });

  it("runs paper 001's reproduction here, in a worker of its own, and shows the live numbers — the recorded ones", async () => {
    const recorded = (JSON.parse(readFileSync(join(root, 'public/reproduction.json'), 'utf8')) as Check[]).filter(
      (c) => c.paper === '001',
    );
    const page = await openApp('#view=gallery');
    await page.waitForSelector('[data-testid="gallery-paper001"][data-status="recorded"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'gallery-run-paper001').click();
    // Running, the card offers Cancel; done, its rows are this browser's.
    await page.waitForSelector('[data-testid="gallery-paper001"][data-status="live"]', { timeout: 4 * RUN_TIMEOUT_MS });
    expect(await testId(page, 'gallery-state-paper001').textContent()).toMatch(
      /^ran here in \d+:\d\d, the same as recorded$/,
    );
    const rows = (await galleryRows(page)).filter((r) => r.card === 'gallery-paper001');
    expect(rows.map((r) => [r.label, r.ours, r.verdict, r.changed])).toEqual(
      recorded.map((c) => [c.label, c.oursText, c.verdict, null]),
    );
    expect(await testId(page, 'gallery-run-paper001').textContent()).toBe('Run here again');
    // The page answered throughout: a run here never blocks the editor.
    expect(await testId(page, 'run-button').isEnabled()).toBe(true);
  });
});
