// Issue 39's flow, measured: a link that names a trace file opens the page, the user picks the
// file, and the Explore run (live stack-depth graphs included) goes to "done" — timed in the
// page from the file input's change event to the frame after the progress says "done" (the
// scan included, and the run the link starts by itself once the file is read) — against
// `tiersim run SCENARIO --trace F --curves` on the same document and file (the whole process),
// alternately, N rounds. Three hierarchies: one LRU cache of 76,266 blocks and a client over an
// array of that size on a 10 M-request Zipf (α 1) oracleGeneral trace of a million ids
// (240 MB); four clients over a shared array on a 4-client canonical CSV of the same length.
// Prints each time and the page's over the CLI's. The traces go to $TMPDIR and are removed.
// With --before DIR (another commit's production build, e.g. `git worktree add` + `npm run
// build`, its dist/), that build's page is timed too, in the same rounds: before and after
// side by side on one machine in one run.
// Timings depend on the machine and its load: measured here, never asserted by a test.
// Each flow also prints its scan and its run apart, and how busy the page's own thread was (it
// draws the live results on a core the workers share); --profile FILE writes that thread's CPU
// profile.
//   npm run build && node scripts/bench-pick.mjs [--rounds N] [--only single,two-level,tree] [--requests N]
//     [--before DIR] [--profile FILE]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import LZString from 'lz-string';
import { launchChromium, serveApp } from '../tests/e2e/browser.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: 'single,two-level,tree' },
    // Fewer requests: a quick look that the flow works, not the measurement.
    requests: { type: 'string', default: '10000000' },
    before: { type: 'string' },
    // Writes the page's own thread's CPU profile of the last flow timed to this file.
    profile: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const only = values.only.split(',');
const cli = new URL('../engine-wasm/target/release/tiersim', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'tiersim-bench-pick-'));
const REQUESTS = Number(values.requests);
const BLOCKS = 76_266;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms) => (ms / 1000).toFixed(2);
const lru = (capacity) => ({ capacity, policy: { kind: 'lru' } });

try {
  const base = JSON.parse(execFileSync(cli, ['default-scenario'], { encoding: 'utf8' }));
  const { link, disk } = base.topology;
  // The traces, made by our own generator and exported.
  const make = (name, scenario, format) => {
    const file = join(dir, name);
    writeFileSync(join(dir, 'gen.json'), JSON.stringify(scenario));
    execFileSync(cli, ['export', join(dir, 'gen.json'), '--format', format, '-o', file], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return file;
  };
  const zipf = (blocks, requests) => ({
    kind: 'zipf',
    blocks,
    alpha: 1.0,
    warmupRequests: 0,
    measuredRequests: requests,
  });
  const one = make(
    'zipf10m.oracleGeneral',
    { ...base, source: { kind: 'workload', workload: zipf(1_000_000, REQUESTS) } },
    'oracle-general',
  );
  const clients = ['c1', 'c2', 'c3', 'c4'];
  const tree = {
    kind: 'tree',
    caches: [
      { name: 'array', ...lru(BLOCKS), disk },
      ...clients.map((name) => ({ name, ...lru(Math.floor(BLOCKS / 4)), parent: 'array', link })),
    ],
  };
  const four = make(
    'zipf10m-4clients.csv',
    {
      ...base,
      topology: tree,
      source: { kind: 'workload', workload: zipf(250_000, REQUESTS / 4) },
    },
    'csv',
  );
  const trace = (file) => ({ kind: 'trace', name: basename(file), warmupRequests: 0 });
  const cases = [
    {
      name: 'single',
      file: one,
      scenario: { ...base, protocol: undefined, topology: { kind: 'single', cache: lru(BLOCKS), link, disk } },
    },
    {
      name: 'two-level',
      file: one,
      scenario: { ...base, topology: { kind: 'two-level', client: lru(BLOCKS), array: lru(BLOCKS), link, disk } },
    },
    { name: 'tree', file: four, scenario: { ...base, protocol: undefined, topology: tree } },
  ]
    .filter((c) => only.includes(c.name))
    .map((c) => ({ ...c, scenario: { ...c.scenario, name: `bench ${c.name}`, source: trace(c.file) } }));

  const apps = { page: await serveApp() };
  if (values.before) apps.before = await serveApp({ dist: values.before });
  const browser = await launchChromium();
  const rows = Object.fromEntries(cases.map((c) => [c.name, { cli: [], page: [], before: [] }]));
  /** Opens `c`'s link on `app`, picks its file, and times the pick to the run's "done" in the page. */
  const timePage = async (app, c, native) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const hash = `s=${LZString.compressToEncodedURIComponent(JSON.stringify(c.scenario))}`;
    await page.goto(`${app.url}#${hash}`);
    await page.getByTestId('run-trace-missing').waitFor({ state: 'visible' });
    // Timed in the page: from the pick's change event, through the scan and the run the
    // link starts by itself, to the frame after the progress says the run is over.
    await page.evaluate(() => {
      const w = window;
      w.benchDone = new Promise((resolve) => {
        document
          .querySelector('[data-testid="trace-file"]')
          .addEventListener('change', () => (w.benchPick = performance.now()), { capture: true, once: true });
        let started = false;
        const watch = new MutationObserver(() => {
          const phase = document.querySelector('[data-testid="progress"]')?.getAttribute('data-phase');
          if (w.benchPick === undefined) return;
          if ((phase === 'warmup' || phase === 'measured') && !started) {
            started = true;
            w.benchRun = performance.now();
          }
          if (!started && phase !== 'error') return;
          if (phase !== 'done' && phase !== 'error' && phase !== 'cancelled') return;
          watch.disconnect();
          requestAnimationFrame(() =>
            resolve({ phase, ms: performance.now() - w.benchPick, scanMs: (w.benchRun ?? w.benchPick) - w.benchPick }),
          );
        });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
    });
    // The page's own thread: how busy it was (drawing the live results), and with --profile
    // where its time went (a .cpuprofile, for Chromium's DevTools).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
    const busy0 = await busy();
    if (values.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.getByTestId('trace-file').setInputFiles(c.file);
    const ended = await page.evaluate(() => window.benchDone);
    const pageBusy = (await busy()) - busy0;
    if (values.profile) writeFileSync(values.profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (ended.phase !== 'done') throw new Error(`${c.name}: the run ended "${ended.phase}"`);
    const mean = await page.getByTestId('mean-latency').getAttribute('data-value');
    if (mean !== null && Number(mean) !== native.meanLatencyMs)
      throw new Error(`${c.name}: the page's mean ${mean} ms is not the CLI's ${native.meanLatencyMs} ms`);
    await page.close();
    console.log(
      `  ${c.name}: the scan ${secs(ended.scanMs)} s, then the run ${secs(ended.ms - ended.scanMs)} s; ` +
        `the page's own thread busy ${secs(pageBusy)} s`,
    );
    return ended.ms;
  };
  try {
    for (let r = 1; r <= rounds; r++) {
      for (const c of cases) {
        const doc = join(dir, `${c.name}.json`);
        writeFileSync(doc, JSON.stringify(c.scenario));
        const t0 = performance.now();
        const native = JSON.parse(
          execFileSync(cli, ['run', doc, '--trace', c.file, '--curves', '--json'], {
            encoding: 'utf8',
            maxBuffer: 1 << 30,
          }),
        );
        rows[c.name].cli.push(performance.now() - t0);
        // Alternately which page goes first, so neither always follows the CLI.
        const order = r % 2 === 1 ? Object.keys(apps) : Object.keys(apps).reverse();
        for (const which of order) rows[c.name][which].push(await timePage(apps[which], c, native));
        console.log(
          `round ${r}, ${c.name}: tiersim run --curves ${secs(rows[c.name].cli.at(-1))} s; ` +
            `page, pick → done ${secs(rows[c.name].page.at(-1))} s` +
            (apps.before ? `; before ${secs(rows[c.name].before.at(-1))} s` : ''),
        );
      }
    }
  } finally {
    await browser.close();
    for (const app of Object.values(apps)) await app.close();
  }
  console.log(`\nmedians over ${rounds} rounds, ${REQUESTS.toLocaleString('en')} requests:`);
  for (const c of cases) {
    const cl = median(rows[c.name].cli);
    const pg = median(rows[c.name].page);
    const before = apps.before ? median(rows[c.name].before) : undefined;
    console.log(
      `  ${c.name.padEnd(9)} tiersim run --curves ${secs(cl)} s · page ${secs(pg)} s · ${(pg / cl).toFixed(2)}×` +
        (before !== undefined ? ` · before ${secs(before)} s · ${(before / cl).toFixed(2)}×` : ''),
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
