// Issue 36's speed, measured: a trace's analysis (`tiersim analyze --trace F --json`, the whole
// process), an LRU `tiersim sim` of the same file, and the page's Trace view on it — timed in the
// page from the click on the Trace tab (the file already picked and scanned) to the frame after
// its status says "done" — alternately, N rounds, on a 10 M-request Zipf (α 1) oracleGeneral
// trace of a million ids (240 MB); and, on a trace given with --trace, the peer: libCacheSim's
// traceAnalyzer with its `--common` analyses (its Python package's TraceAnalyzer defaults), where
// `npm test`'s Python venv has it. Not on the generated trace: its records are a second apart,
// 116 days in all, over which the peer's 60-second windows ran for more than 15 minutes.
// Prints each time, peak memory, and the ratios.
// Timings depend on the machine and its load: measured here, never asserted by a test.
//   npm run build && node scripts/bench-analyze.mjs [--rounds N] [--requests N] [--trace F]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, serveApp } from '../tests/e2e/browser.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '10000000' },
    // An existing oracleGeneral file instead of the generated one.
    trace: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const cli = new URL('../engine-wasm/target/release/tiersim', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'tiersim-bench-analyze-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms) => (ms / 1000).toFixed(2);

const python = new URL('../engine-wasm/target/py-venv/bin/python', import.meta.url).pathname;
const PEER = `import sys, libcachesim as l
r = l.TraceReader(trace=sys.argv[1], trace_type=l.TraceType.ORACLE_GENERAL_TRACE)
l.TraceAnalyzer(r, sys.argv[2]).run()`;
const peerHere =
  values.trace !== undefined &&
  existsSync(python) &&
  spawnSync(python, ['-c', 'import libcachesim'], { stdio: 'ignore' }).status === 0;

/** `args` run by /usr/bin/time: wall seconds and peak resident KB of the whole process. */
function timed(args, program = cli) {
  // In the scratch directory: the peer writes a "stat" file where it runs.
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', program, ...args], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')}: ${r.stderr}`);
  const [s, kb] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { ms: s * 1000, kb, out: r.stdout };
}

try {
  let file = values.trace && resolve(values.trace);
  if (!file) {
    const s = JSON.parse(execFileSync(cli, ['default-scenario'], { encoding: 'utf8' }));
    s.source = {
      kind: 'workload',
      workload: {
        kind: 'zipf',
        blocks: 1_000_000,
        alpha: 1,
        warmupRequests: 0,
        measuredRequests: Number(values.requests),
      },
    };
    writeFileSync(join(dir, 'gen.json'), JSON.stringify(s));
    file = join(dir, 'zipf.oracleGeneral.bin');
    execFileSync(cli, ['export', join(dir, 'gen.json'), '--format', 'oracle-general', '-o', file]);
  }
  const app = await serveApp();
  const browser = await launchChromium();
  const rows = { analyze: [], sim: [], page: [], analyzeKb: [], simKb: [], peer: [], peerKb: [] };
  if (!peerHere)
    console.log(
      values.trace === undefined
        ? '(the peer skipped: give a trace with --trace)'
        : `(the peer skipped: no libcachesim in ${python}; npm test installs it)`,
    );
  let native;
  const timePage = async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(app.url);
    await page.getByTestId('trace-file').setInputFiles(file);
    await page.locator('[data-testid="trace-summary"][data-requests]').waitFor({ timeout: 600_000 });
    await page.evaluate(() => {
      const w = window;
      w.benchDone = new Promise((resolve) => {
        const watch = new MutationObserver(() => {
          const s = document.querySelector('[data-testid="profile-status"]')?.getAttribute('data-status');
          if (w.benchStart === undefined || (s !== 'done' && s !== 'error')) return;
          watch.disconnect();
          requestAnimationFrame(() => resolve({ status: s, ms: performance.now() - w.benchStart }));
        });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true });
        document
          .querySelector('[data-testid="view-tab-trace"]')
          .addEventListener('click', () => (w.benchStart = performance.now()), { capture: true, once: true });
      });
    });
    await page.getByTestId('view-tab-trace').click();
    const ended = await page.evaluate(() => window.benchDone);
    if (ended.status !== 'done') throw new Error(`the page's analysis ended "${ended.status}"`);
    const distinct = Number(await page.getByTestId('profile-distinct').getAttribute('data-value'));
    if (distinct !== native.distinct)
      throw new Error(`the page counted ${distinct} objects, the CLI ${native.distinct}`);
    await page.close();
    return ended.ms;
  };
  try {
    for (let r = 1; r <= rounds; r++) {
      const a = timed(['analyze', '--trace', file, '--json']);
      native = JSON.parse(a.out);
      const l = timed(['sim', '--trace', file, '--policy', 'lru', '--size', '76266']);
      rows.analyze.push(a.ms);
      rows.analyzeKb.push(a.kb);
      rows.sim.push(l.ms);
      rows.simKb.push(l.kb);
      rows.page.push(await timePage());
      if (peerHere) {
        const p = timed(['-c', PEER, file, join(dir, 'peer')], python);
        rows.peer.push(p.ms);
        rows.peerKb.push(p.kb);
      }
      console.log(
        `round ${r}: tiersim analyze ${secs(a.ms)} s (${(a.kb / 1024).toFixed(0)} MB) · ` +
          `tiersim sim lru ${secs(l.ms)} s (${(l.kb / 1024).toFixed(0)} MB) · page ${secs(rows.page.at(-1))} s` +
          (peerHere
            ? ` · peer traceAnalyzer ${secs(rows.peer.at(-1))} s (${(rows.peerKb.at(-1) / 1024).toFixed(0)} MB)`
            : ''),
      );
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const [an, sim, pg] = [median(rows.analyze), median(rows.sim), median(rows.page)];
  console.log(
    `\nmedians over ${rounds} rounds, ${native.requests.toLocaleString('en')} requests, ` +
      `${native.distinct.toLocaleString('en')} objects:\n` +
      `  tiersim analyze ${secs(an)} s, peak ${(median(rows.analyzeKb) / 1024).toFixed(0)} MB\n` +
      `  tiersim sim (LRU) ${secs(sim)} s, peak ${(median(rows.simKb) / 1024).toFixed(0)} MB — analyze is ${(an / sim).toFixed(2)}× it\n` +
      `  the page's Trace view ${secs(pg)} s — ${(pg / an).toFixed(2)}× tiersim analyze` +
      (peerHere
        ? `\n  libCacheSim traceAnalyzer (--common) ${secs(median(rows.peer))} s, peak ${(median(rows.peerKb) / 1024).toFixed(0)} MB — ${(median(rows.peer) / an).toFixed(2)}× tiersim analyze`
        : ''),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
