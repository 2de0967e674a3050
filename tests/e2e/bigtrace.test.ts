// A trace far bigger than a worker could hold (issue 22), in Chromium: a generated 4 GB
// oracleGeneral file (about 179 M requests; held, its requests alone would need 5.3 GB, more than
// a wasm32 memory can address) is picked on the page, scanned, replayed streamed through the
// two-level scenario — cancelled midway, then run again to its end — drawn as four policies'
// live miss-ratio curves and analysed in the Trace view, while the workers' WebAssembly memory
// stays flat. The file goes to the system's temporary directory, never into the repository, and
// is removed at the end.
// TIERSIM_BIG_TRACE_GB sizes it (default 4).
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, openApp, root, showView, testId, setupApp } from './harness';

setupApp();

const GB = Number(process.env.TIERSIM_BIG_TRACE_GB ?? 4);
const REQUESTS = Math.floor((GB * 1e9) / 24);
/** Requests the CLI's exporter writes at once. */
const CHUNK = 20_000_000;
/** Generous: a slow machine with another process on a core reads and simulates 4 GB several times. */
const LONG_MS = 1_200_000;
const MiB = 2 ** 20;

let dir = '';
let file = '';

beforeAll(() => {
  const cli = join(root, 'engine-wasm/target/release/tiersim');
  if (!existsSync(cli))
    throw new Error(
      `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
    );
  dir = mkdtempSync(join(tmpdir(), 'tiersim-big-'));
  file = join(dir, 'zipf-big.oracleGeneral');
  // The exporter writes at most 20 M requests at once: the file is chunks of that, each with a
  // seed of its own (the same Zipf popularity over the same blocks, drawn afresh).
  const scenario = join(dir, 'gen.json');
  const part = join(dir, 'part.oracleGeneral');
  const s = JSON.parse(execFileSync(cli, ['default-scenario'], { encoding: 'utf8' }));
  writeFileSync(file, new Uint8Array(0));
  for (let done = 0, seed = 1; done < REQUESTS; seed++) {
    const n = Math.min(CHUNK, REQUESTS - done);
    s.seed = seed;
    s.source = {
      kind: 'workload',
      workload: { kind: 'zipf', blocks: 2_000_000, alpha: 0.9, warmupRequests: 0, measuredRequests: n },
    };
    writeFileSync(scenario, JSON.stringify(s));
    execFileSync(cli, ['export', scenario, '--format', 'oracle-general', '-o', part]);
    appendFileSync(file, readFileSync(part));
    done += n;
  }
  rmSync(part);
  expect(statSync(file).size).toBe(REQUESTS * 24);
}, LONG_MS);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`tiersim in Chromium: a ${GB} GB trace, streamed`, () => {
  it(
    'replays through two levels with progress and cancel, and draws four live miss-ratio curves, the workers’ memory flat',
    async () => {
      const page = await openApp();
      await testId(page, 'trace-file').setInputFiles(file);
      await page.waitForSelector(`[data-testid="trace-summary"][data-requests="${REQUESTS}"]`, { timeout: LONG_MS });
      await testId(page, 'client-capacity').fill('20000');
      await testId(page, 'array-capacity').fill('100000');

      // Cancel midway: the run stops, its partial numbers stay, and Run works again.
      await testId(page, 'run-button').click();
      const processedPast = (n: number) =>
        page.waitForFunction(
          (n) => Number(document.querySelector('[data-testid="progress"]')?.getAttribute('data-processed')) > n,
          n,
          { timeout: LONG_MS, polling: 200 },
        );
      await processedPast(REQUESTS / 30);
      const early = {
        engine: Number(await attr(page, 'run-memory', 'data-engine')),
        reader: Number(await attr(page, 'run-memory', 'data-reader')),
      };
      await testId(page, 'cancel-button').click();
      await page.waitForSelector('[data-testid="progress"][data-phase="cancelled"]', { timeout: 60_000 });

      await testId(page, 'run-button').click();
      // Progress moves throughout, the time left shown.
      await processedPast(REQUESTS / 8);
      expect(await attr(page, 'run-bar-progress', 'data-time-left')).not.toBe('');
      await page.waitForSelector('[data-testid="progress"]:is([data-phase="done"], [data-phase="error"])', {
        timeout: LONG_MS,
      });
      expect(await attr(page, 'progress', 'data-phase')).toBe('done');
      expect(Number(await attr(page, 'progress', 'data-processed'))).toBe(REQUESTS);
      const end = {
        engine: Number(await attr(page, 'run-memory', 'data-engine')),
        reader: Number(await attr(page, 'run-memory', 'data-reader')),
      };
      // Flat: no copy of the trace. Each worker's wasm memory — its peak — is what its per-block
      // state needs (the reader's block numbering; the engine's caches, counters and the blocks'
      // addresses: some 50–90 bytes per distinct block here) and a few batches. Held, the
      // requests alone would take 32 bytes each: 250 bytes per distinct block at 0.3 GB, 2.7 KB
      // at 4 GB.
      const distinct = Number(
        (await testId(page, 'trace-summary').innerText()).match(/over ([\d,]+) blocks/)![1].replaceAll(',', ''),
      );
      const perBlock = (m: number) => (m - 64 * MiB) / distinct;
      for (const m of [early, end]) {
        expect(m.engine).toBeGreaterThan(0);
        expect(m.reader).toBeGreaterThan(0);
      }
      expect(perBlock(end.engine)).toBeLessThan(96);
      expect(perBlock(end.reader)).toBeLessThan(96);

      // Four policies' curves, drawn while the file is read.
      await showView(page, 'compare');
      expect(await testId(page, 'mrc-method-mini').isChecked()).toBe(true);
      await testId(page, 'sweep-policy-lirs').check();
      await testId(page, 'sweep-points').fill('8');
      await testId(page, 'sweep-run').click();
      await page.waitForFunction(
        () => {
          const p = document.querySelector('[data-testid="sweep-progress"]');
          const drawn = document.querySelectorAll('[data-testid="sweep-chart"] path.mrc-line').length;
          return p?.getAttribute('data-status') === 'running' && drawn === 4 && Number(p.getAttribute('data-done')) > 0;
        },
        undefined,
        { timeout: LONG_MS, polling: 100 },
      );
      const midRefs = Number(
        await testId(page, 'mini-table').locator('tr[data-policy="lru"]').first().getAttribute('data-references'),
      );
      expect(midRefs).toBeGreaterThan(0);
      expect(midRefs).toBeLessThan(REQUESTS);
      await page.waitForSelector('[data-testid="sweep-progress"]:is([data-status="done"], [data-status="error"])', {
        timeout: LONG_MS,
      });
      expect(await testId(page, 'sweep-error').count()).toBe(0);
      const rows = await testId(page, 'mini-table')
        .locator('tr[data-policy]')
        .evaluateAll((trs) =>
          trs.map((tr) => ({
            policy: tr.getAttribute('data-policy'),
            refs: Number(tr.getAttribute('data-references')),
            miss: Number(tr.getAttribute('data-miss')),
          })),
        );
      expect(new Set(rows.map((r) => r.policy))).toEqual(new Set(['lru', 'arc', 'lirs', 's3-fifo']));
      expect(rows.length).toBe(32);
      for (const r of rows) {
        expect(r.refs).toBe(REQUESTS);
        expect(r.miss).toBeGreaterThan(0);
        expect(r.miss).toBeLessThan(1);
      }
      // The curves' floor, drawn and named once the file is read: first references over all.
      expect(Number(await attr(page, 'mrc-floor', 'data-ratio'))).toBeCloseTo(distinct / REQUESTS, 12);
      expect(await testId(page, 'mrc-floor').textContent()).toMatch(/^compulsory misses [\d.]+ %: no cache/);
      const curves = {
        engine: Number(await attr(page, 'mini-memory', 'data-engine')),
        reader: Number(await attr(page, 'mini-memory', 'data-reader')),
      };
      console.log(
        `${GB} GB, ${REQUESTS.toLocaleString('en-US')} requests over ${distinct.toLocaleString('en-US')} blocks; wasm memory, MiB — ` +
          `run: engine ${(end.engine / MiB).toFixed(0)}, reader ${(end.reader / MiB).toFixed(0)}; curves: worker ${(curves.engine / MiB).toFixed(0)}, reader ${(curves.reader / MiB).toFixed(0)}`,
      );
      expect(perBlock(curves.engine)).toBeLessThan(96);
      expect(perBlock(curves.reader)).toBeLessThan(96);

      // The trace's analysis, one streamed pass: every request and block counted, live on the
      // way, the workers' memory per distinct block.
      await showView(page, 'trace');
      await page.waitForSelector('[data-testid="profile-body"][data-live="true"]', { timeout: LONG_MS });
      await page.waitForSelector('[data-testid="profile-status"]:is([data-status="done"], [data-status="error"])', {
        timeout: LONG_MS,
      });
      expect(await testId(page, 'profile-error').count()).toBe(0);
      expect(Number(await attr(page, 'profile-requests', 'data-value'))).toBe(REQUESTS);
      expect(Number(await attr(page, 'profile-distinct', 'data-value'))).toBe(distinct);
      expect(Number(await attr(page, 'profile-compulsory', 'data-value'))).toBeCloseTo(distinct / REQUESTS, 12);
      const analysis = {
        engine: Number(await attr(page, 'profile-status', 'data-engine')),
        reader: Number(await attr(page, 'profile-status', 'data-reader')),
      };
      console.log(
        `analysis: worker ${(analysis.engine / MiB).toFixed(0)} MiB, reader ${(analysis.reader / MiB).toFixed(0)} MiB`,
      );
      expect(perBlock(analysis.engine)).toBeLessThan(160);
      expect(perBlock(analysis.reader)).toBeLessThan(96);
      await page.close();
    },
    LONG_MS * 3,
  );
});
