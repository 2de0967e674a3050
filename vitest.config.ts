import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests (jsdom by default) and the lead's integration tests (which opt into node with
// `// @vitest-environment node`). End-to-end tests have their own config.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['tests/unit/setup.ts'],
    // A timeout only stops a hung test: on a busy two-core machine a sound test may take many
    // times its usual seconds. Speed is measured by `npm run bench`, not asserted here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
