// The page's first load, measured in the production build (dist/) as a mid-range laptop on an
// ordinary connection sees it: the files are served gzip'd (as a static host serves them) over a
// link this script throttles itself — 10 Mbit/s shared by every download, 40 ms before each
// response starts — so the page's and its workers' fetches pay alike; Chromium's DevTools
// protocol slows the page's CPU 4×. Each round, in a fresh browser context (empty cache; hashed
// assets cached once fetched, as a host marks them immutable), prints the first contentful
// paint, when the default scenario can run (Run enabled), when its run is done (Run clicked as
// soon as it can be), the JavaScript and WebAssembly fetched before Run could be pressed
// (Explore's first load: distinct files, gzip'd bytes as sent) and what the first run fetched
// besides (the engine worker and the whole engine). The first round then opens every other view and says what each adds.
// Last, the page at phone width (390 px): where the results start, and where the form does.
// Timings depend on the machine and its load: measured here, never asserted by a test.
//   npm run bench:page [-- --rounds N --dist DIR]
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../tests/e2e/browser.mjs';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, dist: { type: 'string', default: 'dist' } },
});
const rounds = Number(values.rounds);
const dist = values.dist;
if (!(rounds > 0)) throw new Error('--rounds: a positive number');
if (!existsSync(join(dist, 'index.html')))
  throw new Error(`${dist}/index.html is missing: build first (npm run build)`);

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};
const gz = new Map();
/** Bytes sent per path since the last `sent.clear()`. */
const sent = new Map();
const BYTES_PER_MS = (10 * 1000 * 1000) / 8 / 1000;
const RTT_MS = 40;
const CHUNK = 16 * 1024;
/** When the shared link is next free (ms, Date.now()). */
let linkFree = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(dist, path === '/' ? 'index.html' : path);
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(file), { level: 9 }));
  const body = gz.get(file);
  sent.set(path, body.length);
  await sleep(RTT_MS);
  res.writeHead(200, {
    'content-type': type,
    'content-encoding': 'gzip',
    'cache-control': path.startsWith('/assets/') ? 'max-age=31536000, immutable' : 'no-cache',
  });
  for (let at = 0; at < body.length; at += CHUNK) {
    const piece = body.subarray(at, at + CHUNK);
    const start = Math.max(Date.now(), linkFree);
    linkFree = start + piece.length / BYTES_PER_MS;
    await sleep(linkFree - Date.now());
    res.write(piece);
  }
  res.end();
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

/** A page in a fresh context (empty cache), its CPU slowed 4×. */
async function throttledPage(browser, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { page, close: () => context.close() };
}

/** Gzip'd bytes of the distinct scripts and wasm modules sent since `sent` was cleared. */
const bytesOf = (ending) => [...sent.entries()].filter(([p]) => p.endsWith(ending)).reduce((a, [, n]) => a + n, 0);

const browser = await launchChromium();
const results = [];
try {
  for (let i = 1; i <= rounds; i++) {
    const { page, close } = await throttledPage(browser, { width: 1280, height: 900 });
    sent.clear();
    const t0 = Date.now();
    await page.goto(url);
    const run = page.getByTestId('run-button');
    await run.waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="run-button"]')?.disabled, null, {
      timeout: 120_000,
    });
    const ready = Date.now() - t0;
    // Explore's first load: what the page fetched before Run could be pressed.
    const js = bytesOf('.js');
    const wasm = bytesOf('.wasm');
    await run.click();
    await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: 600_000 });
    const done = Date.now() - t0;
    const fcp = await page.evaluate(
      () => performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint')?.startTime ?? NaN,
    );
    // What the first run fetched besides: the engine worker and the whole engine.
    const runBytes = bytesOf('.js') + bytesOf('.wasm') - js - wasm;
    results.push({ fcp, ready, done, js, wasm, runBytes });
    console.log(
      `round ${i}: first contentful paint ${fcp.toFixed(0)} ms; Run enabled ${ready} ms; default run done ${done} ms; ` +
        `Explore's first load: JavaScript ${kb(js)} + wasm ${kb(wasm)} = ${kb(js + wasm)} gzip'd; ` +
        `the first run fetched ${kb(runBytes)} more`,
    );
    if (i === 1) {
      for (const view of ['compare', 'sweeps', 'teach', 'gallery']) {
        sent.clear();
        await page.getByTestId(`view-tab-${view}`).click();
        await page.waitForTimeout(3000);
        const added = [...sent.entries()].filter(
          ([p]) => p.endsWith('.js') || p.endsWith('.wasm') || p.endsWith('.json'),
        );
        const bytes = added.reduce((a, [, n]) => a + n, 0);
        console.log(`  opening ${view}: ${added.length} more files, ${kb(bytes)} gzip'd`);
      }
    }
    await close();
  }
  const { page, close } = await throttledPage(browser, { width: 390, height: 844 });
  await page.goto(url);
  await page.getByTestId('run-button').waitFor({ state: 'visible', timeout: 120_000 });
  const layout = await page.evaluate(() => {
    const top = (sel) => document.querySelector(sel)?.getBoundingClientRect().top ?? NaN;
    return { results: top('section.results'), form: top('form.scenario') };
  });
  console.log(
    `phone width (390 px): results start ${layout.results.toFixed(0)} px down, the form ${layout.form.toFixed(0)} px ` +
      `(${layout.results < layout.form ? 'results first' : 'form first'})`,
  );
  await close();
} finally {
  await browser.close();
  server.close();
}
const m = (k) => median(results.map((r) => r[k]));
console.log(
  `median of ${rounds}: first contentful paint ${m('fcp').toFixed(0)} ms; Run enabled ${m('ready')} ms; ` +
    `default run done ${m('done')} ms; Explore's first load ${kb(m('js') + m('wasm'))} gzip'd ` +
    `(JavaScript ${kb(m('js'))}, wasm ${kb(m('wasm'))}); the first run fetched ${kb(m('runBytes'))} more`,
);
