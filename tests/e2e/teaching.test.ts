// The teaching stepper: paper 000's A–E example step by step, and ARC's ghost lists.
import { readFileSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario, TeachItem, TeachStep } from '../../web/generated/engine';
import { defaultScenario, teach } from '../../web/wasm-pkg/tiersim_wasm.js';
import { formatPercent, formatSig } from '../../web/format/numbers';
import { setupApp, RUN_TIMEOUT_MS, SHOTS, browser, encodeHash, openApp, root, showView, testId } from './harness';

setupApp();

/** Reads of `blocks` (0 is A) by client `client` (its leaf index; 0 for one client), as the stepper's items. */
const reads = (blocks: number[], client = 0): TeachItem[] => blocks.map((block) => ({ block, op: 'read', client }));

/** The engine's steps for `scenario` serving `requests` from `start` (cache name → blocks, next victim first). */
const engineSteps = (scenario: unknown, requests: TeachItem[], start: Record<string, number[]> = {}): TeachStep[] =>
  teach(scenario as Scenario, requests, start);

describe('tiersim in Chromium: teaching', () => {
  it("steps through paper 000's A–E example in the teaching stepper, and shows ARC's ghost lists", async () => {
    const page = await openApp('#view=teach');
    const queues = () =>
      page
        .locator('[data-testid="stepper-queue"]')
        .evaluateAll((rows) =>
          rows.map(
            (r) => `${r.getAttribute('data-cache')} ${r.getAttribute('data-name')}: ${r.getAttribute('data-blocks')}`,
          ),
        );
    await testId(page, 'stepper-preset-paper000').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="7"]', { timeout: RUN_TIMEOUT_MS });
    expect(await queues()).toEqual(['client cache: C D E', 'array cache: D B E']);
    await testId(page, 'stepper-step').click();
    // Paper 000 §4.5's Final state: client D E A, array E C A — LRU-LRU-demote is not one LRU.
    expect(await queues()).toEqual(['client cache: D E A', 'array cache: E C A']);
    expect(await testId(page, 'stepper-narration').innerText()).toMatch(
      /^Read A: from disk \(10\.40 ms\)\. The client takes A and lets go of C\. The array takes C, A and lets go of (D, B|B, D)\. 1 DEMOTE\.$/,
    );
    await page.waitForTimeout(600); // the blocks' glide
    await page.locator('[data-testid="stepper"]').screenshot({ path: join(SHOTS, 'stepper-paper000.png') });
    await testId(page, 'stepper-back').click();
    expect(await queues()).toEqual(['client cache: C D E', 'array cache: D B E']);
    // The same steps as the engine gives for the same input.
    const d: any = defaultScenario();
    const steps = engineSteps(
      {
        ...d,
        name: 'teaching stepper',
        topology: {
          ...d.topology,
          array: { capacity: 3, policy: { kind: 'lru' } },
          client: { capacity: 3, policy: { kind: 'lru' } },
        },
      },
      reads([0, 1, 2, 3, 4, 0, 1]),
      { client: [2, 3, 4], array: [3, 1, 4] },
    );
    await testId(page, 'stepper-play').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-at="7"]', { timeout: 20_000 });
    expect(await queues()).toEqual([
      `client cache: ${steps[7].caches[0].queues[0].blocks.map((b: number) => 'ABCDE'[b]).join(' ')}`,
      `array cache: ${steps[7].caches[1].queues[0].blocks.map((b: number) => 'ABCDE'[b]).join(' ')}`,
    ]);

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
    // c1 is leaf 0, c2 leaf 1.
    const requests: TeachItem[] = [
      { block: 0, op: 'read', client: 0 },
      { block: 1, op: 'read', client: 0 },
      { block: 0, op: 'read', client: 1 },
      { block: 2, op: 'read', client: 1 },
      { block: 3, op: 'read', client: 0 },
      { block: 1, op: 'read', client: 1 },
      { block: 0, op: 'read', client: 0 },
      { block: 3, op: 'read', client: 1 },
    ];
    const treeSteps = engineSteps(tree, requests);
    for (let i = 0; i < 3; i++) await testId(page, 'stepper-step').click();
    const shown = await queues();
    const letters = (bs: number[]) => bs.map((b) => 'ABCD'[b]).join(' ');
    expect(shown).toEqual(treeSteps[3].caches.map((c: any) => `${c.name} cache: ${letters(c.queues[0].blocks)}`));
    // c2 reads A, which c1 fetched: a hit in the shared array.
    expect(treeSteps[3].servedBy).toBe('array');
    expect(await testId(page, 'stepper-narration').innerText()).toMatch(/^c2 reads A: a hit at array \(/);
    await page.locator('[data-testid="stepper"]').screenshot({ path: join(SHOTS, 'stepper-tree.png') });
  });

  it('reopens a walk at the step its URL names, is driven by keys, tallies as the engine does, and labels a duplicate miss', async () => {
    // Inclusive LRU-LRU, three blocks each, A–E twice (the "inclusive" example): by hand, the
    // second A misses both levels though the 6 blocks they hold together would have kept it.
    const page = await openApp('#teach=inclusive&step=7');
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="10"][data-at="7"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'stepper').scrollIntoViewIfNeeded();
    const d: any = defaultScenario();
    const scenario = {
      ...d,
      name: 'teaching stepper',
      topology: {
        ...d.topology,
        client: { capacity: 3, policy: { kind: 'lru' } },
        array: { capacity: 3, policy: { kind: 'lru' } },
      },
    };
    delete scenario.protocol;
    const steps = engineSteps(scenario, reads([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]));
    const letters = (bs: number[]) => bs.map((b) => 'ABCDE'[b]).join(' ');
    const engineQueues = (n: number) => steps[n].caches.map((c: any) => `${c.name}: ${letters(c.queues[0].blocks)}`);
    const shown = () =>
      page
        .locator('[data-testid="stepper-queue"]')
        .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-cache')}: ${r.getAttribute('data-blocks')}`));
    const tally = () =>
      page
        .locator('[data-testid="stepper-tally-row"]')
        .evaluateAll((rows) =>
          rows.map((r) => [
            r.getAttribute('data-cache'),
            Number(r.getAttribute('data-hits')),
            Number(r.getAttribute('data-misses')),
          ]),
        );
    const engineTally = (n: number) => steps[n].caches.map((c: any) => [c.name, c.hits, c.misses]);
    const at = () => testId(page, 'stepper-at').getAttribute('data-at');
    expect(await shown()).toEqual(engineQueues(7));
    expect(await tally()).toEqual(engineTally(7));
    // The strip: the first five cold, then duplicates — each request marked where it was served.
    const strip = () =>
      page
        .locator('[data-testid="stepper-strip-item"]')
        .evaluateAll((items) => items.map((i) => `${i.getAttribute('data-served')}/${i.getAttribute('data-miss')}`));
    expect(await strip()).toEqual([...Array(5).fill('disk/cold'), ...Array(2).fill('disk/duplicate'), '/', '/', '/']);
    expect(steps.slice(1).map((s: any) => s.miss)).toEqual([...Array(5).fill('cold'), ...Array(5).fill('duplicate')]);
    expect(await testId(page, 'stepper-miss').getAttribute('data-miss')).toBe('duplicate');
    expect(await testId(page, 'stepper-miss').innerText()).toBe(
      'a duplicate miss: it would have hit had the levels been exclusive (5 deep; together they hold 6)',
    );

    // Keys: ← back, Home to step 0 (empty caches, no request), End, space plays and pauses.
    await testId(page, 'stepper-narration').click();
    await page.keyboard.press('ArrowLeft');
    expect(await at()).toBe('6');
    expect(await shown()).toEqual(engineQueues(6));
    await page.keyboard.press('Home');
    expect(await at()).toBe('0');
    expect(await testId(page, 'stepper-narration').innerText()).toBe('Step 0: no request yet — every cache is empty.');
    expect(await shown()).toEqual(['client: ', 'array: ']);
    await page.keyboard.press('ArrowRight');
    expect(await testId(page, 'stepper-narration').innerText()).toMatch(/^Read A: from disk/);
    await page.keyboard.press('End');
    expect(await at()).toBe('10');
    // The tally over the whole string is the engine's.
    expect(await tally()).toEqual(engineTally(10));
    expect(await tally()).toEqual([
      ['client', 0, 10],
      ['array', 0, 10],
    ]);
    await page.keyboard.press('Home');
    await testId(page, 'stepper-speed').selectOption('4');
    await testId(page, 'stepper-narration').click();
    await page.keyboard.press('Space');
    await page.waitForSelector('[data-testid="stepper-at"][data-playing="true"]');
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="stepper-at"]')?.getAttribute('data-at')) >= 2,
      null,
      { timeout: 10_000 },
    );
    await page.keyboard.press('Space');
    await page.waitForSelector('[data-testid="stepper-at"][data-playing="false"]');
    // Space with a button focused plays; it does not also press the button.
    await testId(page, 'stepper-speed').selectOption('0.5');
    await testId(page, 'stepper-back').focus();
    const before = await at();
    await page.keyboard.press('Space');
    expect(await testId(page, 'stepper-at').getAttribute('data-playing')).toBe('true');
    expect(await at()).toBe(before);
    await page.keyboard.press('Space');
    await page.waitForSelector('[data-testid="stepper-at"][data-playing="false"]');

    // Each moment is in the URL, with a note: a second page opened on it shows the same state.
    await page.keyboard.press('Home');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await testId(page, 'stepper-note').fill('A again, from disk: the array only held copies.');
    await page.waitForFunction(() => window.location.hash.includes('&notes='));
    const url = await page.evaluate(() => window.location.href);
    expect(url).toMatch(/[#&]teach=inclusive&step=6&notes=/);
    expect(url).toMatch(/#s=/); // the scenario's own parameter kept
    const again = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await again.goto(url);
    await again.waitForSelector('[data-testid="stepper-at"][data-steps="10"][data-at="6"]', {
      timeout: RUN_TIMEOUT_MS,
    });
    const shownAgain = await again
      .locator('[data-testid="stepper-queue"]')
      .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-cache')}: ${r.getAttribute('data-blocks')}`));
    expect(shownAgain).toEqual(engineQueues(6));
    expect(await again.getByTestId('stepper-note-shown').innerText()).toBe(
      'A again, from disk: the array only held copies.',
    );
    expect(await again.getByTestId('stepper-miss').getAttribute('data-miss')).toBe('duplicate');
    await again.getByTestId('stepper').screenshot({ path: join(SHOTS, 'stepper-duplicate-miss.png') });
    // The walk exported: a ZIP of numbered SVG frames, and one printable page, the note on step 6.
    const [frames] = await Promise.all([
      again.waitForEvent('download'),
      again.getByTestId('stepper-export-frames').click(),
    ]);
    expect(frames.suggestedFilename()).toBe('stepper-frames.zip');
    const zip = readFileSync((await frames.path())!);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(
      zip
        .toString('latin1')
        .match(/step-\d\d\.svg/g)
        ?.slice(0, 11),
    ).toEqual(Array.from({ length: 11 }, (_, i) => `step-${String(i).padStart(2, '0')}.svg`));
    writeFileSync(join(SHOTS, 'stepper-frames.zip'), zip);
    const [printable] = await Promise.all([
      again.waitForEvent('download'),
      again.getByTestId('stepper-export-page').click(),
    ]);
    const html = readFileSync((await printable.path())!, 'utf8');
    expect(html.match(/<figure id="step-\d+">/g)).toHaveLength(11);
    expect(html).toContain('A again, from disk: the array only held copies.');
    await again.close();

    // With DEMOTE into an MRU array (the "exclusive" example) the duplicate misses are gone.
    await testId(page, 'stepper-preset-exclusive').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="15"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'stepper-narration').click();
    await page.keyboard.press('End');
    expect(await page.locator('[data-testid="stepper-strip-item"][data-miss="duplicate"]').count()).toBe(0);
    expect(await page.locator('[data-testid="stepper-strip-item"][data-miss="cold"]').count()).toBe(5);

    // Presenter mode: the stepper alone over the whole window, in large type; the keys still drive it.
    await testId(page, 'stepper-presenter').click();
    const box = await testId(page, 'stepper').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 900 });
    expect(await testId(page, 'stepper-settings').isVisible()).toBe(false);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    expect(await at()).toBe('1');
    await page.screenshot({ path: join(SHOTS, 'stepper-presenter.png') });
    await testId(page, 'stepper-presenter').click();
    expect((await testId(page, 'stepper').boundingBox())!.y).not.toBe(0);
    // Copy link, with the clipboard allowed: the link reopens the walk at the step shown.
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await at()).toBe('3');
    await testId(page, 'stepper-copy-link').click();
    await page.waitForSelector('[data-testid="stepper-link-status"][data-state="copied"]', { timeout: RUN_TIMEOUT_MS });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).hash).toMatch(/&teach=[^&]+&step=3(&|$)/);
    const here = await shown();
    const reopened = await openApp(new URL(copied).hash);
    await reopened.waitForSelector('[data-testid="stepper-at"][data-at="3"]', { timeout: RUN_TIMEOUT_MS });
    const there = await reopened
      .locator('[data-testid="stepper-queue"]')
      .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-cache')}: ${r.getAttribute('data-blocks')}`));
    expect(there).toEqual(here);
    await reopened.close();
  });

  it("steps three pairs side by side, each tallied as the engine does; the papers' examples show their lists; predict mode scores a guess", async () => {
    const page = await openApp();
    await showView(page, 'teach');
    await testId(page, 'stepper').scrollIntoViewIfNeeded();
    await testId(page, 'stepper-preset-side-by-side').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="10"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'stepper-narration').click();
    await page.keyboard.press('End');
    const d: any = defaultScenario();
    const pairOf = (client: string, array: string, demote: boolean) => {
      const s = {
        ...d,
        name: 'teaching stepper',
        topology: {
          ...d.topology,
          client: { capacity: 3, policy: { kind: client } },
          array: { capacity: 3, policy: { kind: array } },
        },
      };
      if (demote) s.protocol = { kind: 'demote' };
      else delete s.protocol;
      return engineSteps(s, reads([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]));
    };
    const engine = [pairOf('lru', 'lru', false), pairOf('lru', 'lru', true), pairOf('lru', 'mru', true)];
    const rows = (id: string) =>
      page
        .locator(`[data-testid="${id}"]`)
        .evaluateAll((rs) =>
          rs.map((r) => [
            r.getAttribute('data-cache'),
            Number(r.getAttribute('data-hits')),
            Number(r.getAttribute('data-misses')),
          ]),
        );
    const tallies = [
      await rows('stepper-tally-row'),
      ...(await rows('stepper-variant-tally-row').then((r) => [r.slice(0, 2), r.slice(2)])),
    ];
    expect(tallies).toEqual(engine.map((steps) => steps[10].caches.map((c: any) => [c.name, c.hits, c.misses])));
    const dup = async (id: string) => page.locator(`[data-testid="${id}"][data-miss="duplicate"]`).count();
    expect([await dup('stepper-strip-item'), await dup('stepper-variant-strip-item')]).toEqual([5, 5]);
    // Only LRU-MRU-demote is free of them: its five misses are the cold ones.
    expect(engine.map((steps) => steps.filter((s: any) => s.miss === 'duplicate').length)).toEqual([5, 5, 0]);
    await page.locator('[data-testid="stepper"]').screenshot({ path: join(SHOTS, 'stepper-side-by-side.png') });
    // Exported, each frame holds every pair at its step, and the printable page names them all.
    const [framesZip] = await Promise.all([
      page.waitForEvent('download'),
      testId(page, 'stepper-export-frames').click(),
    ]);
    const zipped = unzipSync(new Uint8Array(readFileSync((await framesZip.path())!)));
    const lastFrame = new TextDecoder().decode(zipped['step-10.svg']);
    expect([...lastFrame.matchAll(/>([^<]*) — step 10 of 10</g)].map((m) => m[1])).toEqual([
      'LRU-LRU inclusive',
      'LRU-LRU-demote',
      'LRU-MRU-demote',
    ]);
    const [walkPage] = await Promise.all([page.waitForEvent('download'), testId(page, 'stepper-export-page').click()]);
    const printed = readFileSync((await walkPage.path())!, 'utf8');
    expect(printed).toContain('LRU-LRU inclusive · LRU-LRU-demote · LRU-MRU-demote, 3 + 3 blocks');
    expect(printed.match(/— step 4 of 10</g)).toHaveLength(3);

    // The papers' small examples show their own lists.
    const names = () =>
      page.locator('[data-testid="stepper-queue"]').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-name')));
    for (const [preset, steps, lists] of [
      ['slru', 13, ['probationary', 'protected']],
      ['lirs', 13, ['S', 'HIR resident', 'LIR', 'HIR non-resident']],
      ['mq', 14, ['cache', 'Q0', 'Q1', 'Q2', 'Qout']],
      ['tq', 11, ['cache', 'Qlow', 'Qhigh', 'Qout']],
    ] as const) {
      await testId(page, `stepper-preset-${preset}`).click();
      await page.waitForSelector(`[data-testid="stepper-at"][data-steps="${steps}"][data-at="0"]`, {
        timeout: RUN_TIMEOUT_MS,
      });
      await testId(page, 'stepper-narration').click();
      await page.keyboard.press('End');
      expect(await names(), preset).toEqual(lists);
    }
    // TQ: the REPLACE-hinted write put A in Qhigh; the reads after it were declined, and A's next read hits the array.
    const served = await page
      .locator('[data-testid="stepper-strip-item"]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-served')));
    expect(served).toEqual([
      'disk',
      'disk',
      'disk',
      'disk',
      'write',
      'array',
      'disk',
      'disk',
      'array',
      'disk',
      'array',
    ]);
    // The strip shows which hint the write carried, not a bare *.
    const write = page.locator('[data-testid="stepper-strip-item"][data-step="5"]');
    expect(await write.getAttribute('data-hint')).toBe('replace');
    expect(await write.getAttribute('title')).toBe('A (write, REPLACE hint): written');
    expect(await write.locator('.stepper-hint').innerText()).toBe('rep');

    // Predict: paper 000's first step — A from the disk, C leaving the client.
    await testId(page, 'stepper-preset-paper000').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="7"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'stepper-predict').check();
    await testId(page, 'stepper-guess-served').selectOption('disk');
    await testId(page, 'stepper-guess-victim').selectOption('C');
    await testId(page, 'stepper-step').click();
    expect(await testId(page, 'stepper-verdict').getAttribute('data-right')).toBe('true');
    expect(await testId(page, 'stepper-score').innerText()).toBe('1 of 1 predicted right');

    // axe-core over the stepper with all of it showing: pairs side by side, the prediction asked.
    await testId(page, 'stepper-preset-side-by-side').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="10"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    await testId(page, 'stepper-predict').uncheck();
    for (let i = 0; i < 6; i++) await testId(page, 'stepper-step').click();
    await testId(page, 'stepper-predict').check();
    await testId(page, 'stepper-note').fill('Duplicates on the left, none on the right.');
    await page.addScriptTag({ path: join(root, 'node_modules/axe-core/axe.min.js') });
    const violations: string[] = await page.evaluate(async () => {
      const r = await (window as any).axe.run('[data-testid="stepper"]', { resultTypes: ['violations'] });
      return r.violations
        .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v: any) =>
          v.nodes.map((n: any) => `${v.id} at ${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`),
        );
    });
    expect(violations).toEqual([]);
  });
  it("shows MC²'s partitions and LIRS's stack S as the engine lists them, and keeps the walk in the Teach view's address only", async () => {
    // Opened on Explore (where the Share panel lives), then Teach.
    const page = await openApp();
    await showView(page, 'teach');
    const rows = () =>
      page
        .locator('[data-testid="stepper-queue"]')
        .evaluateAll((rs) =>
          rs.map(
            (r) => `${r.getAttribute('data-cache')} ${r.getAttribute('data-name')}: ${r.getAttribute('data-blocks')}`,
          ),
        );
    // MC² over two clients (TPC-H query 3 at c1, query 7 at c2: their range hints), each request naming its range.
    await testId(page, 'stepper-preset-mc2').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="8"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    const d: any = defaultScenario();
    const scenario = {
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
      protocol: { kind: 'mc2', revision: 2 },
      source: {
        kind: 'workload',
        workload: { kind: 'tpch', query: 'q3', scale: 0.01 },
        clients: { c2: { kind: 'tpch', query: 'q7', scale: 0.01 } },
      },
    };
    // c1 is leaf 0, c2 leaf 1; each request names its TPC-H range.
    const requests: TeachItem[] = [
      { block: 0, op: 'read', client: 0, range: 2 },
      { block: 1, op: 'read', client: 0, range: 2 },
      { block: 0, op: 'read', client: 1, range: 2 },
      { block: 2, op: 'read', client: 0, range: 2 },
      { block: 3, op: 'read', client: 1, range: 5 },
      { block: 4, op: 'read', client: 1, range: 5 },
      { block: 5, op: 'read', client: 1, range: 5 },
      { block: 1, op: 'read', client: 1, range: 2 },
    ];
    const steps = engineSteps(scenario, requests);
    const letters = (bs: number[]) => bs.map((b) => 'ABCDEF'[b]).join(' ');
    const engineRows = (n: number) =>
      steps[n].caches.flatMap((c: any) => c.queues.map((q: any) => `${c.name} ${q.name}: ${letters(q.blocks)}`));
    for (let n = 0; n <= 8; n++) {
      expect(await rows(), `step ${n}`).toEqual(engineRows(n));
      if (n < 8) await testId(page, 'stepper-step').click();
    }
    // By hand (paper 002 §3.3): c2 reading A at random brings it from c1's scan copies into the
    // shared partition; c1's cache then lets B go, demoted into c1's own partition of range 2.
    await testId(page, 'stepper-narration').click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await rows()).toContain('array range 2 · shared: A');
    expect(await rows()).toContain('array range 2 · scan copies: B');
    await page.keyboard.press('ArrowRight');
    expect(await rows()).toContain('array range 2 · c1: B');
    expect(await rows()).toContain('c1 range 2: C A');
    expect(await page.locator('[data-testid="stepper-queue"][data-name="range 2 · c1"]').getAttribute('title')).toBe(
      "c1's own partition of range 2, sized 1 block by Karma",
    );
    await page.waitForTimeout(600); // the blocks' glide
    await testId(page, 'stepper').screenshot({ path: join(SHOTS, 'stepper-mc2.png') });

    // LIRS: its stack S drawn above Q (its resident HIR blocks), each entry marked as the engine marks it.
    await testId(page, 'stepper-preset-lirs').click();
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="13"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    const single = {
      ...d,
      name: 'teaching stepper',
      topology: {
        kind: 'single',
        cache: { capacity: 4, policy: { kind: 'lirs' } },
        link: d.topology.link,
        disk: d.topology.disk,
      },
    };
    delete (single as any).protocol;
    const lirs = engineSteps(single, reads('A B C D A B E A F B G C A'.split(' ').map((l) => l.charCodeAt(0) - 65)));
    const sRow = page.locator('[data-testid="stepper-queue"][data-name="S"]');
    const seen = new Set<string>();
    for (let n = 0; n <= 13; n++) {
      const stack = lirs[n].caches[0].stack as { block: number; status: string }[];
      expect(await sRow.getAttribute('data-blocks'), `step ${n}`).toBe(
        stack.map((e) => String.fromCharCode(65 + e.block)).join(' '),
      );
      expect(await sRow.getAttribute('data-marks'), `step ${n}`).toBe(stack.map((e) => e.status).join(' '));
      expect(await page.locator('.stepper-block.is-hir-non-resident').count()).toBe(
        stack.filter((e) => e.status === 'hir-non-resident').length,
      );
      if (n > 0) expect(stack[0].status, `step ${n}: S's bottom is always LIR`).toBe('lir');
      for (const e of stack) seen.add(e.status);
      if (n < 13) await page.keyboard.press('ArrowRight');
    }
    expect(seen).toEqual(new Set(['lir', 'hir-resident', 'hir-non-resident']));

    // The walk is the Teach view's address: there, the address and the Share link carry it and
    // reopen the same step; in another view it is gone, and it comes back with Teach.
    const hash = () => new URL(page.url()).hash;
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.location.hash.includes('&teach=lirs&step=2'));
    expect(hash()).toMatch(/^#s=[^&]+&view=teach&teach=lirs&step=2$/);
    const share = await testId(page, 'share-url').inputValue();
    expect(share).toBe(page.url());
    await testId(page, 'view-tab-explore').click();
    await testId(page, 'view-explore').waitFor({ state: 'visible' });
    expect(hash()).toMatch(/^#s=[^&]+$/);
    expect(await testId(page, 'share-url').inputValue()).toBe(page.url());
    await testId(page, 'view-tab-teach').click();
    await page.waitForFunction(() => window.location.hash.endsWith('&view=teach&teach=lirs&step=2'));
    const shared = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await shared.goto(share);
    await shared.waitForSelector('[data-testid="stepper-at"][data-steps="13"][data-at="2"]', {
      timeout: RUN_TIMEOUT_MS,
    });
    expect(await shared.getByTestId('view-tab-teach').getAttribute('aria-selected')).toBe('true');
    expect(new URL(shared.url()).hash).toBe(hash());
    await shared.close();
    await page.close();
  });

  it('opens a Teach link without running its scenario; Escape leaves presenter mode; presenter panes line up, unclipped, at 1280 × 720', async () => {
    // Every call the page makes of an engine worker (Comlink's APPLY messages), by method name.
    const page = await openApp(
      `${encodeHash(defaultScenario())}&view=teach&teach=side-by-side&step=10`,
      { width: 1280, height: 720 },
      (p) =>
        p.addInitScript(() => {
          const calls: string[] = [];
          (window as any).__engineCalls = calls;
          const post = Worker.prototype.postMessage;
          Worker.prototype.postMessage = function (this: Worker, m: any, ...rest: any[]) {
            if (m?.type === 'APPLY') calls.push(m.path.join('.'));
            return (post as any).call(this, m, ...rest);
          };
        }),
    );
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="10"][data-at="10"]', {
      timeout: RUN_TIMEOUT_MS,
    });
    // The walk came from an engine worker (so the record works); the scenario's run was never asked for.
    const calls = () => page.evaluate(() => (window as any).__engineCalls as string[]);
    expect(await calls()).toContain('teach');
    expect(await calls()).not.toContain('run');
    expect(await testId(page, 'run-bar-progress').getAttribute('data-phase')).toBe('idle');
    // Run is Explore's: off here, saying so.
    expect(await testId(page, 'run-button').isDisabled()).toBe(true);
    expect(await testId(page, 'run-summary').innerText()).toContain('Run runs Explore’s scenario');

    // Presenter mode at 1280 × 720: three pairs side by side, each part level with its neighbours',
    // every pane's content inside it (the caches scaled to fit, not scrolled or cut off).
    await testId(page, 'stepper-presenter').click();
    expect(await testId(page, 'stepper').getAttribute('class')).toContain('is-presenter');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const layout = await page.evaluate(() => {
      const top = (el: Element | null) => Math.round(el!.getBoundingClientRect().top);
      const panes = [...document.querySelectorAll('.stepper-walk, .stepper-variant')] as HTMLElement[];
      return {
        panes: panes.map((pane) => {
          const box = pane.getBoundingClientRect();
          const outside = [...pane.querySelectorAll('*')].filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
          });
          return {
            clipped: pane.scrollWidth > pane.clientWidth,
            outside: outside.map((el) => el.className || el.tagName),
            strip: top(pane.querySelector('.stepper-strip')),
            stage: top(pane.querySelector('.stepper-stage')),
            tally: top(pane.querySelector('.stepper-side')),
            zoom: Number(pane.querySelector('.stepper-stage')!.getAttribute('data-zoom')),
          };
        }),
        scrolls: (() => {
          const el = document.querySelector('[data-testid="stepper"]')!;
          return el.scrollWidth > el.clientWidth;
        })(),
      };
    });
    expect(layout.panes).toHaveLength(3);
    for (const pane of layout.panes) {
      expect(pane.clipped).toBe(false);
      expect(pane.outside).toEqual([]);
      // Larger than in the page (room allowing), never past presenter mode's 1.6.
      expect(pane.zoom).toBeGreaterThan(1);
      expect(pane.zoom).toBeLessThanOrEqual(1.6);
    }
    for (const part of ['strip', 'stage', 'tally'] as const)
      expect(new Set(layout.panes.map((p) => p[part])).size, `${part}s level`).toBe(1);
    expect(layout.scrolls, 'no sideways scrolling').toBe(false);
    await page.screenshot({ path: join(SHOTS, 'stepper-presenter-720.png') });

    // Escape leaves presenter mode, from a step button as from anywhere in the view, and gives the
    // focus back to the button that entered it.
    await testId(page, 'stepper-step').focus();
    await page.keyboard.press('Escape');
    expect(await testId(page, 'stepper').getAttribute('class')).not.toContain('is-presenter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('stepper-presenter');
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    // Keys from there drive the walk.
    await page.keyboard.press('Home');
    expect(await testId(page, 'stepper-at').getAttribute('data-at')).toBe('0');

    // Shown Explore, the link's scenario runs as any shared link's does.
    await showView(page, 'explore');
    await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: RUN_TIMEOUT_MS });
    expect(await calls()).toContain('run');
    await page.close();
  });

  it('steps objects of any size: GDSF in bytes keeps the small popular objects LRU lets go, drawn by size with their priorities', async () => {
    const page = await openApp('#teach=gdsf');
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="12"][data-at="0"]', { timeout: RUN_TIMEOUT_MS });
    const d: any = defaultScenario();
    const single = (kind: string) => {
      const s = {
        ...d,
        name: 'teaching stepper',
        topology: {
          kind: 'single',
          cache: { capacity: '16K', policy: { kind } },
          link: d.topology.link,
          disk: d.topology.disk,
        },
      };
      delete s.protocol;
      return s;
    };
    // The preset's requests as the engine reads them: A:2K B:2K A B C:8K D:8K A B E:8K F:8K A B.
    const k = 1024;
    const typed: [number, number | undefined][] = [
      [0, 2 * k],
      [1, 2 * k],
      [0, undefined],
      [1, undefined],
      [2, 8 * k],
      [3, 8 * k],
      [0, undefined],
      [1, undefined],
      [4, 8 * k],
      [5, 8 * k],
      [0, undefined],
      [1, undefined],
    ];
    const requests: TeachItem[] = typed.map(([block, bytes]) => ({
      block,
      op: 'read',
      client: 0,
      ...(bytes ? { bytes } : {}),
    }));
    const [gdsf, lru] = [engineSteps(single('gdsf'), requests), engineSteps(single('lru'), requests)];
    // By hand: GDSF hits A and B at every repeat (6 of 12), LRU only at the first (2).
    expect([gdsf, lru].map((steps) => steps[12].caches[0].hits)).toEqual([6, 2]);
    await testId(page, 'stepper-narration').click();
    const letter = (b: number) => String.fromCharCode(65 + b);
    const row = page.locator('[data-testid="stepper-queue"]').first();
    for (let n = 0; n <= 12; n++) {
      const q = gdsf[n].caches[0].queues[0];
      expect(await row.getAttribute('data-blocks'), `step ${n}`).toBe(q.blocks.map(letter).join(' '));
      const boxes = await page
        .locator('.stepper-stage')
        .first()
        .locator('.stepper-block:not(.is-evicted)')
        .evaluateAll((bs) =>
          bs.map((b) => [
            b.firstChild?.textContent,
            b.getAttribute('data-size'),
            b.getAttribute('data-priority'),
            (b as HTMLElement).style.width,
          ]),
        );
      const kib = (x: number) => `${x / k} KiB`;
      expect(boxes, `step ${n}`).toEqual(
        q.blocks.map((b, i) => [
          letter(b),
          kib(q.sizes![i]),
          formatSig(q.priorities![i], 4),
          `${Math.round(46 * Math.sqrt(q.sizes![i] / (2 * k)))}px`,
        ]),
      );
      const used = gdsf[n].caches[0].bytes!;
      expect(await testId(page, 'stepper-cache-note').first().textContent(), `step ${n}`).toBe(
        `cache · by H · ${used.used ? kib(used.used) : '0 B'} of 16 KiB · L ${formatSig(gdsf[n].caches[0].inflation!, 4)}`,
      );
      if (n < 12) await page.keyboard.press('ArrowRight');
    }
    expect(await testId(page, 'stepper-narration').textContent()).toMatch(/^Read B \(2 KiB\): a hit/); // one cache: a hit, not a client hit
    // The pane beside it is LRU on the same requests, tallied as the engine tallies it.
    const tally = await page
      .locator('[data-testid="stepper-variant-tally-row"]')
      .evaluateAll((rs) => rs.map((r) => [Number(r.getAttribute('data-hits')), Number(r.getAttribute('data-misses'))]));
    expect(tally).toEqual([[lru[12].caches[0].hits, lru[12].caches[0].misses]]);
    // Both in requests and in bytes: the engine's byte counts, and GDSF's byte hit ratio.
    const tallyRow = testId(page, 'stepper-tally-row');
    const g = gdsf[12].caches[0];
    expect([await tallyRow.getAttribute('data-byte-hits'), await tallyRow.getAttribute('data-byte-misses')]).toEqual([
      String(g.byteHits),
      String(g.byteMisses),
    ]);
    expect(await tallyRow.innerText()).toContain(formatPercent(g.byteHits! / (g.byteHits! + g.byteMisses!)));
    await page.waitForTimeout(600); // the boxes' glide
    await page.locator('[data-testid="stepper"]').screenshot({ path: join(SHOTS, 'stepper-gdsf.png') });
    // A request larger than the whole cache is said to be turned away.
    await testId(page, 'stepper-requests').fill('A:2K Z:32K');
    await testId(page, 'stepper-narration').click();
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('[data-testid="stepper-at"][data-steps="2"]', { timeout: RUN_TIMEOUT_MS });
    await page.keyboard.press('End');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="stepper-narration"]')
        ?.textContent?.includes('holds only 16 KiB: Z (32 KiB) is larger, so it is not admitted'),
    );
    await page.close();
  });
});
