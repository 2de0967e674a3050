// Saves docs/screenshot.png (1280×800): the production build in headless Chromium after running
// the default scenario. Needs dist/ (npx vite build) and Chromium (scripts/ensure-toolchain.sh --browser).
//   node scripts/screenshot.mjs [out.png]
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveApp } from '../tests/e2e/browser.mjs';

const out = resolve(process.argv[2] ?? fileURLToPath(new URL('../docs/screenshot.png', import.meta.url)));
const MAX_BYTES = 300 * 1024;

const app = await serveApp();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(app.url);
  await page.getByTestId('run-button').click();
  await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, 0)); // clicking Run may have scrolled
  await page.mouse.move(1279, 799); // no hover effects under the pointer
  await page.waitForTimeout(500); // let the chart settle after the last report
  mkdirSync(dirname(out), { recursive: true });
  await page.screenshot({ path: out, type: 'png' });
} finally {
  await browser.close();
  await app.close();
}
const kib = statSync(out).size / 1024;
console.log(`screenshot: ${out} (${kib.toFixed(0)} KiB)`);
if (kib * 1024 > MAX_BYTES) {
  console.error(`screenshot: larger than ${MAX_BYTES / 1024} KiB; keep the README light`);
  process.exit(1);
}
