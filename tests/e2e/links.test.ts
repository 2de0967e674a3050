// Links: version-1 links migrated by the engine (synchronously, as the page opens them) to the
// same numbers, and bad links shown clearly, in the engine's words, while the page keeps a
// runnable scenario.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCENARIO_VERSION } from '../../web/generated/engine';
import { checkScenario, defaultScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import {
  setupApp,
  decodeShareUrl,
  encodeHash,
  engine,
  expectDefaultInputs,
  openApp,
  results,
  root,
  run,
  testId,
  value,
} from './harness';

setupApp();

describe('tiersim in Chromium: links', () => {
  it('opens a version-1 link migrated by the engine and runs it to the numbers the engine gives the old link', async () => {
    const v1 = JSON.parse(
      readFileSync(join(root, 'engine-wasm/crates/core/tests/golden/v1/tree4x3-demote-shared.json'), 'utf8'),
    );
    expect(v1.version).toBe(1);
    const migrated = checkScenario(v1);
    expect(migrated.migratedFrom).toBe(1);
    const page = await openApp(encodeHash(v1));
    // Migrated as the page opened it: the form and the link show the engine's current
    // document from the first drawing, with no banner.
    expect(await value(page, 'topology')).toBe('tree');
    expect(await value(page, 'tree-0-capacity')).toBe('3000');
    expect(decodeShareUrl(await value(page, 'share-url'))).toEqual(migrated.scenario);
    expect(await testId(page, 'url-error').count()).toBe(0);
    await run(page);
    const r = await results(page);
    // The link holds the engine's current document, and the page ran what the engine runs for the old one.
    expect(r.scenario.version).toBe(SCENARIO_VERSION);
    expect(SCENARIO_VERSION).toBeGreaterThan(1);
    expect(r.scenario).toEqual(migrated.scenario);
    const old = engine(v1) as any;
    expect(r.meanText).toBe(String(old.meanLatencyMs));
    const recorded = JSON.parse(
      readFileSync(join(root, 'engine-wasm/crates/core/tests/golden/v1/tree4x3-demote-shared.report.json'), 'utf8'),
    );
    expect(Math.abs(Number(r.meanText) - recorded.meanLatencyMs) / recorded.meanLatencyMs).toBeLessThanOrEqual(1e-9);
    const rows = await page
      .locator('[data-testid="client-table"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-client'), tr.getAttribute('data-mean-ms')]));
    expect(rows).toEqual(old.clients.map((c: any) => [c.name, String(c.meanLatencyMs)]));
  });

  it('keeps the scenario shown when a pasted link is from a newer tiersim or names an unknown topology, naming the field', async () => {
    const page = await openApp();
    await testId(page, 'client-capacity').fill('8192');
    await testId(page, 'array-policy').selectOption('lru');
    await expect.poll(async () => decodeShareUrl(await value(page, 'share-url')).topology.client.capacity).toBe(8192);
    const before = await value(page, 'share-url');
    for (const [doc, message] of [
      [
        { ...defaultScenario(), version: 6 },
        'scenario.version: version 6 is newer than this tiersim understands (it reads versions 1 to 5)',
      ],
      [
        { ...defaultScenario(), topology: { kind: 'ring', caches: [] } },
        'scenario.topology.kind: must be one of single, two-level, tree (got ring)',
      ],
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
      [
        'from a newer version',
        () => encodeHash({ ...defaultScenario(), version: 99 }),
        /^scenario\.version: version 99 is newer than this tiersim understands \(it reads versions 1 to 5\)/,
      ],
      [
        'with an unknown topology',
        () => encodeHash({ ...defaultScenario(), topology: { kind: 'ring' } }),
        /^scenario\.topology\.kind: must be one of single, two-level, tree \(got ring\)/,
      ],
      [
        'with an invalid field',
        () => {
          const s: any = defaultScenario();
          s.topology.client.capacity = 0;
          return encodeHash(s);
        },
        /^scenario\.topology\.client\.capacity: must be between 1 and 33554432 blocks \(got 0\)/,
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
