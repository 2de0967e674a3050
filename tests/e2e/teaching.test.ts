// The teaching stepper: paper 000's A–E example step by step, and ARC's ghost lists.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultScenario, teach } from '../../web/wasm-pkg/tiersim_wasm.js';
import { useApp, RUN_TIMEOUT_MS, SHOTS, openApp, testId } from './harness';

useApp();

describe('tiersim in Chromium: teaching', () => {
  it("steps through paper 000's A–E example in the teaching stepper, and shows ARC's ghost lists", async () => {
    const page = await openApp('#view=teach');
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
});
