// Shared by every unit and integration test. A test may not fail because the machine is slow or
// busy (two cores, another build running): waits and timeouts here only guard against a hang.
// How fast things are is measured by `npm run bench`, never asserted by a test.
// The engine is loaded first, as the page loads it before it draws anything: every rule the
// page asks (checks, shapes, the catalogue) is the engine's own.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { configure } from '@testing-library/react';
import { loadEngineFrom } from '../../web/engine/engine';

/** How long an awaited condition (`findBy…`, `waitFor`) may take to come true before the test fails. */
export const SETTLE_MS = 20_000;

configure({ asyncUtilTimeout: SETTLE_MS });

// A path, not a URL: jsdom's URL is not the one node:fs takes.
const WASM = resolve(__dirname, '../../web/wasm-pkg/tiersim_rules_bg.wasm');
if (!existsSync(WASM))
  throw new Error('web/wasm-pkg is missing: build the engine first (scripts/build-wasm.sh; npm test does)');
loadEngineFrom(readFileSync(WASM));
