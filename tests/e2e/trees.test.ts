// Trees of caches: built by hand or by dragging in the diagram, and multi-client traces
// replayed through them, each client exactly as the engine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../web/generated/engine';
import {
  Simulation,
  TraceReader,
  estimateUpside,
  exportWorkload,
  runScenario,
} from '../../web/wasm-pkg/tiersim_wasm.js';
import {
  setupApp,
  RUN_TIMEOUT_MS,
  SHOTS,
  attr,
  decodeShareUrl,
  drop,
  engine,
  engineCdf,
  expectSameCdf,
  openApp,
  replay,
  results,
  run,
  seeded,
  testId,
  value,
} from './harness';

setupApp();

describe('tiersim in Chromium: trees', () => {
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
    await page.screenshot({
      path: join(SHOTS, 'topology-drag.png'),
      clip: (await testId(page, 'topology-diagram').boundingBox())!,
    });
    await page.mouse.up();
    expect(await testId(page, 'topology-ghost').count()).toBe(0);
    const scenario = decodeShareUrl(await value(page, 'share-url'));
    expect(scenario.topology.caches.find((c: { name: string }) => c.name === 'client1').parent).toBe('array');
    // client1 now sits a level lower in the picture, beside the middle tiers.
    expect(await page.locator('[data-testid="topology-diagram"] [data-name="client1"]').getAttribute('data-role')).toBe(
      'client',
    );
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
    for (const [i, capacity] of [
      [1, 1024],
      [2, 1024],
      [5, 1024],
      [6, 1024],
    ]) {
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
      ['right', 'array', '8MiB'], // kept as typed: 2,048 blocks
      ['cache6', 'left', 1024],
      ['cache7', 'right', 1024],
    ]);
    const expected = runScenario(scenario as Scenario);
    const clients = ['client1', 'client2', 'cache6', 'cache7'];
    expect(expected.clients.map((c: any) => c.name)).toEqual(clients);

    // One CDF line and one table per client, each the engine's and each reaching 1.
    const lines = await page
      .locator('[data-testid="client-cdf-chart"] path.client-cdf-line')
      .evaluateAll((ps) => ps.map((p) => p.getAttribute('data-client')));
    expect(lines).toEqual(clients);
    for (const c of expected.clients) {
      const rows = await page
        .locator(`[data-testid="client-cdf-table"][data-client="${c.name}"] tr[data-upper-ms]`)
        .evaluateAll((trs) =>
          trs.map((tr) => ({
            upperMs: Number(tr.getAttribute('data-upper-ms')),
            cum: Number(tr.getAttribute('data-cum')),
          })),
        );
      expectSameCdf(rows, engineCdf(c));
      expect(rows[rows.length - 1].cum).toBe(1);
      // Three levels and the disk, served fractions summing to one.
      const row = page.locator(`[data-testid="client-table"] tr[data-client="${c.name}"]`);
      expect(await row.getAttribute('data-mean-ms')).toBe(String(c.meanLatencyMs));
      const levels = await row
        .locator('td[data-level]')
        .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
      expect(levels).toEqual(c.hitFractions);
      expect(levels).toHaveLength(4);
      expect(levels.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      // Sharing a disk (and the array) makes every client slower than alone.
      expect(c.speedup).toBeLessThan(1);
    }
    expect(await attr(page, 'fairness', 'data-value')).toBe(String(expected.fairness));
    const depths = await page
      .locator('[data-testid="cache-table"] tr[data-cache]')
      .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-depth'))));
    expect(depths).toEqual([0, 2, 2, 1, 1, 2, 2]);
    // Stack-depth graphs: the workload, each client's stream, each shared cache's.
    const curves = await page
      .locator('[data-testid="depth-line"]')
      .evaluateAll((ps) => ps.map((p) => p.getAttribute('data-curve')));
    expect(curves).toEqual(['workload', ...clients, 'array', 'left', 'right']);
    expect(await attr(page, 'mean-latency', 'data-value')).toBe(String(expected.meanLatencyMs));
    // The upside estimate runs for trees too: each client on its own stream, as the engine estimates it.
    await testId(page, 'upside-run').click();
    await testId(page, 'upside-clients').waitFor({ timeout: RUN_TIMEOUT_MS });
    const client = Number(await value(page, 'upside-client'));
    const array = Number(await value(page, 'upside-array'));
    expect([client, array]).toEqual([1024, 2048 + 4096]);
    const est = estimateUpside(scenario as Scenario, [{ client, array }]);
    const shown = await page
      .locator('[data-testid="upside-clients"] tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.getAttribute('data-client'), Number(tr.getAttribute('data-reduction'))]),
      );
    expect(shown).toEqual(est.clients!.map((c: any) => [c.name, c.point.missReductionPercent]));
    // The tree's workload downloads as CSV with its client column (oracleGeneral has none), and
    // reads back as four clients, byte for byte the engine's export.
    expect(await testId(page, 'export-oracle').isDisabled()).toBe(true);
    expect(await testId(page, 'export-tree-hint').innerText()).toContain('oracleGeneral records carry no client');
    const [download] = await Promise.all([page.waitForEvent('download'), testId(page, 'export-csv').click()]);
    const csv = readFileSync((await download.path())!);
    expect(Buffer.from(exportWorkload(scenario as Scenario, 'csv')).equals(csv)).toBe(true);
    const back = new TraceReader('', 4096, false, false);
    back.push(csv);
    expect(back.finish().clients.map((c: any) => c.id)).toEqual([0, 1, 2, 3]);
    back.free();
  });

  it('replays an Alibaba trace of 3 volumes dropped on the page through a 3-client tree, each client’s results exactly as the engine’s', async () => {
    // Alibaba Cloud block traces: device_id,opcode,offset,length,timestamp — R/W, bytes, µs.
    // Volume 11 rereads a hot set, volume 4 scans, volume 27 is random over a wider range.
    const volumes = [11, 4, 27];
    const lines: string[] = [];
    const counts: Record<number, number> = { 11: 0, 4: 0, 27: 0 };
    const rand = seeded(12345);
    for (let i = 0; i < 6000; i++) {
      // The first three lines introduce the volumes in the order 11, 4, 27.
      const v = volumes[i < 3 ? i : i % 3 === 0 ? 0 : rand(10) < 5 ? 1 : 2];
      counts[v]++;
      const block = v === 11 ? rand(400) : v === 4 ? (i * 3) % 9000 : rand(20_000);
      lines.push(
        `${v},${rand(6) === 0 ? 'W' : 'R'},${block * 4096},${4096 * (1 + rand(3))},${1577808000000000 + i * 250}`,
      );
    }
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
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
    const map = await page
      .locator('[data-testid="trace-map"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-id'), tr.getAttribute('data-leaf')]));
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
    const lines_ = await page
      .locator('[data-testid="client-cdf-chart"] path.client-cdf-line')
      .evaluateAll((ps) => ps.map((p) => p.getAttribute('data-client')));
    expect(lines_).toEqual(['client11', 'client4', 'client27']);
    for (const c of expected.clients) {
      const row = page.locator(`[data-testid="client-table"] tr[data-client="${c.name}"]`);
      expect(await row.getAttribute('data-mean-ms')).toBe(String(c.meanLatencyMs));
      expect(await row.getAttribute('data-requests')).toBe(String(c.requests));
      const levels = await row
        .locator('td[data-level]')
        .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
      expect(levels).toEqual(c.hitFractions);
      const rows = await page
        .locator(`[data-testid="client-cdf-table"][data-client="${c.name}"] tr[data-upper-ms]`)
        .evaluateAll((trs) =>
          trs.map((tr) => ({
            upperMs: Number(tr.getAttribute('data-upper-ms')),
            cum: Number(tr.getAttribute('data-cum')),
          })),
        );
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
    expect(() => Simulation.withTrace(scenario as Scenario, reader)).toThrow(await blocked.innerText());
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
    const requests = await page
      .locator('[data-testid="client-table"] tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.getAttribute('data-client'), Number(tr.getAttribute('data-requests'))]),
      );
    expect(requests).toEqual(expected.clients.map((c: any) => [c.name, c.requests]));
  });
});
