// Issue 22's browser target, measured: four policies' miss-ratio curves (LRU, ARC, LIRS,
// S3-FIFO; 8 sizes by miniature simulation) over a 10 M-request Zipf (α = 1) oracleGeneral
// trace of a million ids (240 MB), in the production build in headless Chromium — the file
// picked on the page, scanned, then streamed by the reader worker into the curves' worker —
// against `tiersim mrc` on the same file, same work, alternately, N rounds. Prints each wall
// time (the browser's from the click to the frame showing "done", timed in the page; the CLI's
// the whole process) and the browser's time over the CLI's. The trace goes to $TMPDIR and is removed.
// With --bytes, the same in bytes (issue 35): the trace's objects carry sizes (log-normal around
// 8 KiB, one per object), read as objects; LRU, ARC, S3-FIFO and GDSF at 8 capacities from 1 %
// to 100 % of its distinct bytes, the page's two passes against `tiersim mrc --object --sizes`.
// Timings depend on the machine and its load: measured here, never asserted by a test.
//   npm run build && node scripts/bench-browser-stream.mjs [--rounds N] [--bytes]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, serveApp } from '../tests/e2e/browser.mjs';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, bytes: { type: 'boolean', default: false } },
});
const rounds = Number(values.rounds);
const inBytes = values.bytes;
const cli = new URL('../engine-wasm/target/release/tiersim', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'tiersim-bench-'));
const trace = join(dir, 'zipf10m.oracleGeneral');
const POLICIES = inBytes ? ['lru', 'arc', 's3-fifo', 'gdsf'] : ['lru', 'arc', 'lirs', 's3-fifo'];
const REQUESTS = 10_000_000;
const OBJECTS = 1_000_000;

/** A seeded generator: uniform in [0, 1). */
function uniform(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * A Zipf (α = 1) oracleGeneral trace over OBJECTS ids, each id its own size: writes it.
 */
function sizedTrace(file) {
  const rand = uniform(1);
  const sizes = new Uint32Array(OBJECTS);
  const cdf = new Float64Array(OBJECTS);
  let sum = 0;
  for (let i = 0; i < OBJECTS; i++) {
    // Log-normal around 8 KiB (σ = 1.6), as scripts/bench-sizes.py.
    const z = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    sizes[i] = Math.min(2 ** 32 - 1, Math.max(1, Math.round(Math.exp(Math.log(8192) + 1.6 * z))));
    sum += 1 / (i + 1);
    cdf[i] = sum;
  }
  const buf = Buffer.alloc(REQUESTS * 24);
  for (let r = 0; r < REQUESTS; r++) {
    const u = rand() * sum;
    let lo = 0;
    let hi = OBJECTS - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    const at = r * 24;
    buf.writeUInt32LE(r, at);
    buf.writeBigUInt64LE(BigInt(lo), at + 4);
    buf.writeUInt32LE(sizes[lo], at + 12);
    buf.writeBigInt64LE(-1n, at + 16);
  }
  writeFileSync(file, buf);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms) => (ms / 1000).toFixed(2);

try {
  if (inBytes) {
    sizedTrace(trace);
  } else {
    const s = JSON.parse(execFileSync(cli, ['default-scenario'], { encoding: 'utf8' }));
    s.source = {
      kind: 'workload',
      workload: { kind: 'zipf', blocks: OBJECTS, alpha: 1.0, warmupRequests: 0, measuredRequests: REQUESTS },
    };
    writeFileSync(join(dir, 'gen.json'), JSON.stringify(s));
    execFileSync(cli, ['export', join(dir, 'gen.json'), '--format', 'oracle-general', '-o', trace]);
  }

  const app = await serveApp();
  const browser = await launchChromium();
  const rows = { cli1: [], cli: [], scan: [], curves: [] };
  try {
    for (let r = 1; r <= rounds; r++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(app.url);
      await page.getByTestId('run-button').waitFor({ state: 'visible' });
      const t0 = performance.now();
      await page.getByTestId('trace-file').setInputFiles(trace);
      await page.waitForSelector(`[data-testid="trace-summary"][data-requests="${REQUESTS}"]`, { timeout: 600_000 });
      if (inBytes) {
        // Read as objects: the page scans the file again, keyed by object id.
        // Object mode's scan: one reference per request (by blocks, a request of 20 KiB is 5).
        await page.getByTestId('trace-object').check();
        await page.waitForFunction(
          (n) =>
            document
              .querySelector('[data-testid="trace-summary"]')
              ?.textContent?.includes(`${n} requests, ${n} block references`),
          REQUESTS.toLocaleString('en-US'),
          { timeout: 600_000, polling: 100 },
        );
      }
      rows.scan.push(performance.now() - t0);
      await page.getByTestId('view-tab-compare').click();
      await page.getByTestId('mrc-method-mini').check();
      if (inBytes && !(await page.getByTestId('mrc-unit-bytes').isChecked()))
        throw new Error('an object trace should draw its curves in bytes');
      for (const k of POLICIES) await page.getByTestId(`sweep-policy-${k}`).check();
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
      // In bytes, the CLI runs at the capacities the page chose (the engine's default: 1 % to
      // 100 % of the distinct bytes, which only the first pass knows).
      const sizes = inBytes
        ? await page
            .getByTestId('byte-table')
            .locator('tr[data-policy="lru"]')
            .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-bytes')))
        : [];
      await page.close();
      for (const threads of [1, 0]) {
        const args = ['mrc', '--trace', trace, '--policies', POLICIES.join(','), '--points', '8', '--json'];
        if (inBytes) args.push('--object', '--sizes', sizes.map((b) => `${b}B`).join(','));
        if (threads) args.push('--threads', String(threads));
        const t0 = performance.now();
        execFileSync(cli, args, { stdio: ['ignore', 'ignore', 'inherit'] });
        (threads ? rows.cli1 : rows.cli).push(performance.now() - t0);
      }
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
  const what = inBytes ? '4 policies × 8 capacities in bytes, two passes in the page' : '4 policies × 8 sizes';
  console.log(`\nmedians over ${rounds} rounds, ${what}, 10 M requests (240 MB):`);
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
