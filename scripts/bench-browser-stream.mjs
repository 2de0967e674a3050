// Issue 22's browser target, measured: four policies' miss-ratio curves (LRU, ARC, LIRS,
// S3-FIFO; 8 sizes by miniature simulation) over a 10 M-request Zipf (α = 1) oracleGeneral
// trace of a million ids (240 MB), in the production build in headless Chromium — the file
// picked on the page, scanned, then streamed by the reader worker into the curves' worker —
// against `tiersim mrc` on the same file, same work, alternately, N rounds. Prints each wall
// time (the browser's from the click to the frame showing "done", timed in the page; the CLI's
// the whole process) and the browser's time over the CLI's. The trace goes to $TMPDIR and is removed.
// Timings depend on the machine and its load: measured here, never asserted by a test.
//   npm run build && node scripts/bench-browser-stream.mjs [--rounds N]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, serveApp } from '../tests/e2e/browser.mjs';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
const cli = new URL('../engine-wasm/target/release/tiersim', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'tiersim-bench-'));
const trace = join(dir, 'zipf10m.oracleGeneral');
const POLICIES = ['lru', 'arc', 'lirs', 's3-fifo'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms) => (ms / 1000).toFixed(2);

try {
  const s = JSON.parse(execFileSync(cli, ['default-scenario'], { encoding: 'utf8' }));
  s.source = {
    kind: 'workload',
    workload: { kind: 'zipf', blocks: 1_000_000, alpha: 1.0, warmupRequests: 0, measuredRequests: 10_000_000 },
  };
  writeFileSync(join(dir, 'gen.json'), JSON.stringify(s));
  execFileSync(cli, ['export', join(dir, 'gen.json'), '--format', 'oracle-general', '-o', trace]);

  const app = await serveApp();
  const browser = await launchChromium();
  const rows = { cli1: [], cli: [], scan: [], curves: [] };
  try {
    for (let r = 1; r <= rounds; r++) {
      for (const threads of [1, 0]) {
        const args = ['mrc', '--trace', trace, '--policies', POLICIES.join(','), '--points', '8', '--json'];
        if (threads) args.push('--threads', String(threads));
        const t0 = performance.now();
        execFileSync(cli, args, { stdio: ['ignore', 'ignore', 'inherit'] });
        (threads ? rows.cli1 : rows.cli).push(performance.now() - t0);
      }

      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(app.url);
      await page.getByTestId('run-button').waitFor({ state: 'visible' });
      const t0 = performance.now();
      await page.getByTestId('trace-file').setInputFiles(trace);
      await page.waitForSelector('[data-testid="trace-summary"][data-requests="10000000"]', { timeout: 600_000 });
      rows.scan.push(performance.now() - t0);
      await page.getByTestId('view-tab-compare').click();
      await page.getByTestId('mrc-method-mini').check();
      for (const k of ['lru', 'arc', 'lirs', 's3-fifo']) await page.getByTestId(`sweep-policy-${k}`).check();
      await page.getByTestId('sweep-points').fill('8');
      // Timed in the page, from the click's event to the frame after the page says "done":
      // Playwright's own waiting polls (at up to 500 ms intervals) and would time itself.
      await page.evaluate(() => {
        const w = window;
        w.benchDone = new Promise((resolve) => {
          document
            .querySelector('[data-testid="sweep-run"]')
            .addEventListener('click', () => (w.benchClick = performance.now()), { capture: true, once: true });
          const status = () => document.querySelector('[data-testid="sweep-progress"]')?.getAttribute('data-status');
          const watch = new MutationObserver(() => {
            const s = status();
            if (s !== 'done' && s !== 'error' && s !== 'cancelled') return;
            watch.disconnect();
            requestAnimationFrame(() => resolve({ status: s, ms: performance.now() - w.benchClick }));
          });
          watch.observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            attributeFilter: ['data-status'],
          });
        });
      });
      await page.getByTestId('sweep-run').click();
      const ended = await page.evaluate(() => window.benchDone);
      if (ended.status !== 'done')
        throw new Error(
          `the curves ended "${ended.status}": ${await page.getByTestId('sweep-progress').textContent()}`,
        );
      rows.curves.push(ended.ms);
      const lines = await page.locator('[data-testid="sweep-chart"] path.mrc-line').count();
      if (lines !== 4) throw new Error(`expected 4 curves, drew ${lines}`);
      await page.close();
      console.log(
        `round ${r}: tiersim mrc ${secs(rows.cli1.at(-1))} s (1 thread), ${secs(rows.cli.at(-1))} s (all cores); ` +
          `browser: scan ${secs(rows.scan.at(-1))} s, curves ${secs(rows.curves.at(-1))} s`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const c1 = median(rows.cli1);
  const c = median(rows.cli);
  const b = median(rows.curves);
  console.log(`\nmedians over ${rounds} rounds, 4 policies × 8 sizes, 10 M requests (240 MB):`);
  console.log(
    `  tiersim mrc (reads the file whole, then the curves): ${secs(c1)} s on 1 thread, ${secs(c)} s on all cores`,
  );
  console.log(
    `  browser, curves streamed (reader worker + curves worker): ${secs(b)} s — ${(b / c).toFixed(2)}× the CLI on all cores, ${(b / c1).toFixed(2)}× on 1 thread`,
  );
  console.log(`  browser, the file's scan when picked (summary, census): ${secs(median(rows.scan))} s`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
