// @vitest-environment node
// The engine through its wasm façade, as the worker uses it: same scenario → identical numbers
// in wasm and natively (the CLI), in one call or in batches; bad scenarios → clear errors.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation, defaultScenario, initSync, runScenario, validateScenario } from '../../web/wasm-pkg/tiersim_wasm.js';

const root = resolve(__dirname, '../..');
const cli = join(root, 'engine-wasm/target/release/tiersim');

beforeAll(() => {
  initSync({ module: readFileSync(join(root, 'web/wasm-pkg/tiersim_wasm_bg.wasm')) });
});

function scenario(patch: (s: any) => void): string {
  const s = JSON.parse(defaultScenario());
  patch(s);
  return JSON.stringify(s);
}

function runNative(json: string): unknown {
  if (!existsSync(cli)) {
    throw new Error(`native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'tiersim-')), 'scenario.json');
  writeFileSync(file, json);
  return JSON.parse(execFileSync(cli, ['run', file, '--json'], { encoding: 'utf8' }));
}

describe('engine in wasm', () => {
  it('gives exactly the native numbers for the paper 000 RANDOM designs', () => {
    for (const [array, protocol] of [['mru', 'demote'], ['lru', 'none']]) {
      const json = scenario((s) => {
        s.array.policy.kind = array;
        s.protocol.kind = protocol;
      });
      const wasm = runScenario(json);
      expect(wasm.phase).toBe('done');
      expect(wasm).toEqual(runNative(json));
    }
  });

  it('reproduces Table 2 of paper 000 within 20%', () => {
    const proposed = runScenario(defaultScenario()).meanLatencyMs;
    const baseline = runScenario(scenario((s) => ((s.array.policy.kind = 'lru'), (s.protocol.kind = 'none')))).meanLatencyMs;
    expect(Math.abs(proposed - 0.64) / 0.64).toBeLessThan(0.2);
    expect(Math.abs(baseline - 4.77) / 4.77).toBeLessThan(0.2);
    expect(Math.abs(baseline / proposed - 7.5) / 7.5).toBeLessThan(0.2);
  });

  it('is independent of batch size and streams warm-up then measured phases', () => {
    const json = defaultScenario();
    const sim = new Simulation(json);
    const phases = new Set<string>();
    let steps = 0;
    while (!sim.step(20_000)) {
      phases.add(sim.report().phase);
      steps++;
    }
    expect(steps).toBe(Math.ceil(360_448 / 20_000) - 1);
    expect([...phases]).toEqual(['warmup', 'measured']);
    expect(sim.report()).toEqual(runScenario(json));
    sim.free();
  });

  it('refuses bad scenarios with a message naming the field', () => {
    expect(() => new Simulation(scenario((s) => (s.client.capacity = 0)))).toThrow(/scenario\.client\.capacity: must be between 1 and/);
    expect(() => new Simulation(scenario((s) => (s.link = { preset: 'warp-drive' })))).toThrow(/scenario\.link.*warp-drive/);
    expect(() => validateScenario(scenario((s) => (s.version = 7)))).toThrow(/newer than this tiersim/);
    expect(() => validateScenario('{"version":1')).toThrow(/not valid JSON/);
    expect(JSON.parse(validateScenario(defaultScenario()))).toEqual(JSON.parse(defaultScenario()));
  });
});
