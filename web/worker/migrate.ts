// Old links open through the engine's own migration: a scenario of any version the engine reads
// goes to a short-lived engine worker's `validateScenario`, which returns it as version 2
// (normalised) — the same document, and so the same numbers, the engine itself would run.
import type { Migrate } from '../scenario/url';
import { EngineClient } from './client';

/** Migrates with a worker of its own, stopped once it has answered. */
export const migrateWithEngine: Migrate = async (json) => {
  const engine = new EngineClient();
  try {
    return await engine.validateScenario(json);
  } finally {
    engine.terminate();
  }
};
