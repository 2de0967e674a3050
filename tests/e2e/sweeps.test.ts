// The Sweeps view's choices in Chromium: a range and point count, a baseline and per-client lines
// on a 4-client tree, each point exactly as the engine; the CSV export's columns; the sweep's
// link opening on the same choices and numbers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultScenario } from '../../web/wasm-pkg/tiersim_wasm.js';
import { RUN_TIMEOUT_MS, browser, encodeHash, engine, openApp, setupApp, showView, testId, value } from './harness';

setupApp();

/** Four LRU clients of 512 blocks under an MRU array, with DEMOTE: small, so the sweep is quick. */
function fourClients(): any {
  const s: any = defaultScenario();
  return {
    ...s,
    name: 'four clients',
    source: {
      kind: 'workload',
      workload: { kind: 'random', blocks: 4096 },
      sharing: { kind: 'shared', fraction: 0.2 },
    },
    topology: {
      kind: 'tree',
      caches: [
        { name: 'array', capacity: 2048, policy: { kind: 'mru' }, disk: s.topology.disk },
        ...[1, 2, 3, 4].map((i) => ({
          name: `c${i}`,
          capacity: 512,
          policy: { kind: 'lru' },
          parent: 'array',
          link: s.topology.link,
        })),
      ],
    },
  };
}

/** The chart's lines: each one's name and its (x, y) points. */
const lines = (page: Page) =>
  page.locator('[data-testid="param-sweep-chart"] g[data-series]').evaluateAll((gs) =>
    gs.map((g) => ({
      name: g.getAttribute('data-series')!,
      points: [...g.querySelectorAll('circle')].map((c) => [
        Number(c.getAttribute('data-x')),
        Number(c.getAttribute('data-y')),
      ]),
    })),
  );

const done = (page: Page) =>
  page.waitForSelector('[data-testid="param-sweep-progress"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });

describe('tiersim in Chromium: sweeps', () => {
  it('sweeps a chosen range against another protocol, a line per client, exports them and links to them', async () => {
    const s = fourClients();
    const page = await openApp(encodeHash(s));
    await showView(page, 'sweeps');
    await testId(page, 'param-sweep-from').fill('10');
    await testId(page, 'param-sweep-to').fill('1000');
    await testId(page, 'param-sweep-points').fill('3');
    await testId(page, 'param-sweep-baseline').selectOption('protocol:ha-r');
    await testId(page, 'param-sweep-show').selectOption('clients');
    await testId(page, 'param-sweep-run').click();
    await done(page);
    expect(await testId(page, 'param-sweep-progress').getAttribute('data-done')).toBe('6');

    // A line per client of the scenario, then of the scenario under HA_R; three bandwidths each,
    // every point that client's mean latency as the engine reports it.
    const clients = ['c1', 'c2', 'c3', 'c4'];
    const drawn = await lines(page);
    expect(drawn.map((l) => l.name)).toEqual([...clients, ...clients.map((c) => `${c} · with HA_R`)]);
    const at = (mbit: number, protocol: string) => {
      const link = { preset: 'custom', latencyUs: 200 - 32.768, bandwidthMbit: mbit };
      const caches = s.topology.caches.map((c: any) => (c.parent ? { ...c, link } : c));
      return engine({ ...s, protocol: { kind: protocol }, topology: { kind: 'tree', caches } }) as any;
    };
    for (const [k, line] of drawn.entries()) {
      expect(line.points.map(([x]) => x)).toEqual([10, 100, 1000]);
      const protocol = k < 4 ? 'demote' : 'ha-r';
      for (const [x, y] of line.points)
        expect(y, `${line.name} at ${x}`).toBe(at(x, protocol).clients[k % 4].meanLatencyMs);
    }
    // A sentence per client, against that client under HA_R.
    const summary = (await testId(page, 'param-sweep-summary').textContent())!;
    expect(summary.match(/c\d is faster than c\d · with HA_R/g)).toEqual(
      clients.map((c) => `${c} is faster than ${c} · with HA_R`),
    );

    // The CSV: the bandwidth, then a column per line; a row per bandwidth, as drawn.
    const [csv] = await Promise.all([page.waitForEvent('download'), testId(page, 'param-sweep-export-csv').click()]);
    const [head, ...rows] = readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(head.split(/,(?=[^ ])/)).toEqual([
      '"link bandwidth (Mbit/s, log scale; FC overhead per transfer)"',
      ...drawn.map((l) => `${l.name} mean latency`),
    ]);
    expect(rows.map((r) => r.split(',').map(Number))).toEqual(
      [0, 1, 2].map((i) => [drawn[0].points[i][0], ...drawn.map((l) => l.points[i][1])]),
    );

    // The link reopens the same sweep: its choices, run on arrival, the same numbers.
    const link = (await testId(page, 'param-sweep-link').getAttribute('href'))!;
    expect(decodeURIComponent(link.slice(link.indexOf('&run=') + 5))).toBe(
      'sweep:{"param":"bandwidth","from":10,"to":1000,"points":3,"baseline":"protocol:ha-r","show":"clients"}',
    );
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await other.goto(link);
    await done(other);
    expect(await value(other, 'param-sweep-from')).toBe('10');
    expect(await value(other, 'param-sweep-to')).toBe('1000');
    expect(await value(other, 'param-sweep-points')).toBe('3');
    expect(await value(other, 'param-sweep-baseline')).toBe('protocol:ha-r');
    expect(await value(other, 'param-sweep-show')).toBe('clients');
    expect(await lines(other)).toEqual(drawn);
    await other.close();
    await page.close();
  });
});
