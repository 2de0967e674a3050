import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: the production build (dist/) in Debian's headless Chromium.
// One file at a time: each starts its own preview server and browser, and the machine may be small.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
