// Shared by the end-to-end tests and scripts/screenshot.mjs: the production build (dist/) served
// by Vite's preview server on a free port, and Debian's Chromium driven by playwright-core.
// Both die with the calling process.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Serves dist/ (or another build's directory, `dist`: a benchmark's "before") on 127.0.0.1 (a
 * free port); resolves to its base URL, e.g. "http://127.0.0.1:40071/".
 */
export async function serveApp({ dist } = {}) {
  if (dist !== undefined) {
    if (!existsSync(`${dist}/index.html`)) throw new Error(`${dist}/index.html is missing: not a build`);
  } else if (!existsSync(`${root}dist/index.html`)) {
    throw new Error('dist/index.html is missing: build the app first with "npx vite build" (npm test does)');
  }
  const server = await preview({
    root: `${root}web`,
    configFile: `${root}vite.config.ts`,
    logLevel: 'warn',
    ...(dist !== undefined ? { build: { outDir: resolve(dist) } } : {}),
    preview: { host: '127.0.0.1', port: 0, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server is not listening');
  return { url, close: () => server.close() };
}

/** Headless Chromium (Debian's package; playwright's own browser downloads are not used). */
export async function launchChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: install it with "scripts/ensure-toolchain.sh --browser" (npm test does)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
