// The teaching stepper explains each policy's decision: ARC stepped through two ghost hits in
// Chromium, its p drawn and its change narrated, with the running hit ratio; an example's start
// lists cleared, and said so, when its policy changes.
import { describe, expect, it } from 'vitest';
import type { Scenario, TeachStep } from '../../web/generated/engine';
import { defaultScenario, teach } from '../../web/wasm-pkg/tiersim_wasm.js';
import { RUN_TIMEOUT_MS, openApp, setupApp, testId } from './harness';

setupApp();

describe('tiersim in Chromium: the stepper explains', () => {
  it("narrates ARC's ghost hits and p at the step they happen, with each pane's running hit ratio", async () => {
    const page = await openApp('#view=teach');
    // Paper 000's example starts both caches full; a new policy clears its start lists, saying so.
    await testId(page, 'stepper-preset-paper000').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="7"]', { timeout: RUN_TIMEOUT_MS });
    expect(await testId(page, 'stepper-start-client').inputValue()).toBe('C D E');
    await testId(page, 'stepper-array-policy').selectOption('none');
    expect(await testId(page, 'stepper-start-client').inputValue()).toBe('');
    expect(await testId(page, 'stepper-starts-cleared').innerText()).toContain('start lists were cleared');
    await testId(page, 'stepper-client-policy').selectOption('arc');
    await testId(page, 'stepper-client-size').fill('2');
    await testId(page, 'stepper-requests').fill('A B A C B D A');
    // Changed settings: the first Step starts again from them, at step 0.
    await testId(page, 'stepper-step').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-fresh="true"][data-steps="7"][data-at="0"]', {
      timeout: RUN_TIMEOUT_MS,
    });
    const narration = () => testId(page, 'stepper-narration').innerText();
    const note = () => testId(page, 'stepper-cache-note').first().innerText();
    expect(await note()).toContain("p = 0 (T1's target size)");
    for (let i = 0; i < 5; i++) await testId(page, 'stepper-step').click();
    // Step 5, by hand (c = 2, Fig. 4): B was in B1, so p rises from 0 to 1; T2's A goes to B2.
    await page.waitForSelector('[data-testid="stepper-at"][data-at="5"]');
    expect(await narration()).toMatch(
      /^Read B: from disk \([\d.]+ ms\)\. Evicts A, remembering it in B2; B was in B1: p rises from 0 to 1, so T1 may grow; B enters T2\.$/,
    );
    expect(await note()).toContain('p = 1');
    await testId(page, 'stepper-step').click();
    await testId(page, 'stepper-step').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-at="7"]');
    // Step 7: A was in B2, so p falls back to 0 and T1's C goes to B1.
    expect(await narration()).toMatch(
      /^Read A: from disk \([\d.]+ ms\)\. Evicts C, remembering it in B1; A was in B2: p falls from 1 to 0, so T2 may grow; A enters T2\.$/,
    );
    // One cache: a hit is "a hit", no client or levels.
    await testId(page, 'stepper-back').click();
    await testId(page, 'stepper-back').click();
    await testId(page, 'stepper-back').click();
    await testId(page, 'stepper-back').click();
    expect(await narration()).toMatch(
      /^Read A: a hit \([\d.]+ ms\)\. A moves from T1 to T2 \(seen twice recently\)\.$/,
    );
    // The running hit ratio, as the engine counts: A's second read is the only hit in 7.
    await page.keyboard.press('End');
    await page.waitForSelector('[data-testid="stepper-at"][data-at="7"]');
    expect(await testId(page, 'stepper-hit-ratio').innerText()).toBe('1 of 7 (14.3 %)');
    const d: any = defaultScenario();
    const single = {
      ...d,
      name: 'teaching stepper',
      topology: {
        kind: 'single',
        cache: { capacity: 2, policy: { kind: 'arc' } },
        link: d.topology.link,
        disk: d.topology.disk,
      },
    };
    delete single.protocol;
    const steps: TeachStep[] = teach(
      single as Scenario,
      [0, 1, 0, 2, 1, 3, 0].map((block) => ({ block, op: 'read', client: 0 })),
      {},
    );
    expect([steps[7].caches[0].hits, steps[7].caches[0].misses]).toEqual([1, 6]);
    expect(steps[7].caches[0].target).toEqual({ name: 'p', value: 0 });
    await page.close();
  });
});
