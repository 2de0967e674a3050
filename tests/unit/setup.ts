// Shared by every unit and integration test. A test may not fail because the machine is slow or
// busy (two cores, another build running): waits and timeouts here only guard against a hang.
// How fast things are is measured by `npm run bench`, never asserted by a test.
import { configure } from '@testing-library/react';

/** How long an awaited condition (`findBy…`, `waitFor`) may take to come true before the test fails. */
export const SETTLE_MS = 20_000;

configure({ asyncUtilTimeout: SETTLE_MS });
