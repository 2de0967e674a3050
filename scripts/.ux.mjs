import { launchChromium, serveApp } from '../tests/e2e/browser.mjs';
const app = await serveApp();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()); });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(app.url);
  await page.getByTestId('run-button').click();
  await page.waitForSelector('[data-testid="progress"][data-phase="done"]', { timeout: 60_000 });
  await page.waitForTimeout(500);
  const H = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, i = 0; y < H; y += 1000, i++) await page.screenshot({ path: `/tmp/ux/part${i}.png`, fullPage: true, clip: { x: 0, y, width: 1280, height: Math.min(1000, H - y) } });
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log('height', h);
} finally { await browser.close(); await app.close(); }
