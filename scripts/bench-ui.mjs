// The page's responsiveness during a long run, measured in the production build in headless
// Chromium: paper 000's RANDOM design over 10 M requests, clicked once the page is idle. Prints
// the longest main-thread task and every one over 50 ms, the live refresh rate and its widest
// gap, frame times (p50, p95, max of requestAnimationFrame intervals) and layout shifts.
// Timings depend on the machine and on its load, so they are measured here, not asserted by a
// test (npm test checks what cannot vary: tests/e2e/run.test.ts).
//   npm run bench:ui [-- --requests N --repeat R]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import LZString from 'lz-string';
import { defaultScenario, initSync } from '../web/wasm-pkg/tiersim_wasm.js';
import { launchChromium, serveApp } from '../tests/e2e/browser.mjs';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '10000000' }, repeat: { type: 'string', default: '3' } },
});
const requests = Number(values.requests);
const repeat = Number(values.repeat);
if (!(requests > 0) || !(repeat > 0)) throw new Error('--requests and --repeat: give positive numbers');

initSync({ module: readFileSync(new URL('../web/wasm-pkg/tiersim_wasm_bg.wasm', import.meta.url)) });
const s = JSON.parse(defaultScenario());
s.source.workload = { kind: 'random', blocks: 32768, warmupRequests: 32768, measuredRequests: requests };
const hash = `#s=${LZString.compressToEncodedURIComponent(JSON.stringify(s))}`;

const quantile = (xs, q) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length ? v[Math.min(v.length - 1, Math.floor(q * v.length))] : NaN;
};

const app = await serveApp();
const browser = await launchChromium();
try {
  for (let i = 1; i <= repeat; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(app.url + hash);
    await page.getByTestId('run-button').waitFor({ state: 'visible' });
    // A link runs itself on opening (one over 50 M requests asks first): the run measured is the
    // one clicked after that.
    await page.waitForSelector('[data-testid="progress"][data-phase="done"], [data-testid="run-confirm"]', {
      timeout: 600_000,
    });
    // Page load ends in long tasks of its own (the bundle, the first render): start when idle.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
    await page.evaluate(() => {
      const w = window;
      w.__long = [];
      w.__frames = [];
      w.__shifts = 0;
      w.__refresh = [];
      new PerformanceObserver((l) => w.__long.push(...l.getEntries().map((e) => e.duration))).observe({
        type: 'longtask',
      });
      new PerformanceObserver((l) => l.getEntries().forEach((e) => (w.__shifts += e.value))).observe({
        type: 'layout-shift',
      });
      new MutationObserver(() => {
        const p = document.querySelector('[data-testid="progress"]')?.getAttribute('data-processed');
        if (p && w.__refresh[w.__refresh.length - 1]?.p !== p) w.__refresh.push({ p, t: performance.now() });
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-processed'] });
      let last = performance.now();
      const frame = (t) => {
        w.__frames.push(t - last);
        last = t;
        if (!w.__stop) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const t0 = Date.now();
    await page.getByTestId('run-button').click();
    await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: 600_000 });
    const ms = Date.now() - t0;
    const m = await page.evaluate(() => {
      window.__stop = true;
      return { long: window.__long, frames: window.__frames, shifts: window.__shifts, refresh: window.__refresh };
    });
    const span = (m.refresh.at(-1).t - m.refresh[0].t) / 1000;
    const gaps = m.refresh.slice(1).map((r, k) => r.t - m.refresh[k].t);
    console.log(
      `run ${i}: ${requests.toLocaleString('en')} requests in ${(ms / 1000).toFixed(2)} s; ` +
        `longest main-thread task ${Math.max(0, ...m.long).toFixed(0)} ms (${m.long.filter((d) => d > 50).length} over 50 ms); ` +
        `${m.refresh.length} refreshes, ${(m.refresh.length / span).toFixed(1)}/s, widest gap ${Math.max(0, ...gaps).toFixed(0)} ms; ` +
        `frames p50 ${quantile(m.frames, 0.5).toFixed(1)} ms, p95 ${quantile(m.frames, 0.95).toFixed(1)} ms, max ${Math.max(...m.frames).toFixed(0)} ms; ` +
        `layout shift ${m.shifts.toFixed(4)} (the whole run, the results appearing included)`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await app.close();
}
