// Trace files: dropped on the page (gzip'd, and corrupt), bundled, and the generated workload
// downloaded as a trace that reads back.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../web/generated/engine';
import { Simulation, TraceReader, defaultScenario, exportWorkload } from '../../web/wasm-pkg/tiersim_wasm.js';
import { gzipSync } from 'node:zlib';
import {
  setupApp,
  type EngineReport,
  RUN_TIMEOUT_MS,
  attr,
  decodeShareUrl,
  drop,
  encodeHash,
  openApp,
  results,
  root,
  run,
  seeded,
  showView,
  testId,
  value,
} from './harness';

setupApp();

/** `tiersim run` of `scenario` (written into `dir`) over the trace file `trace`: its JSON report. */
function tiersimRun(dir: string, trace: string, scenario: unknown) {
  const cli = join(root, 'engine-wasm/target/release/tiersim');
  const doc = join(dir, 'scenario.json');
  writeFileSync(doc, JSON.stringify(scenario));
  return JSON.parse(execFileSync(cli, ['run', doc, '--trace', trace, '--json'], { encoding: 'utf8', stdio: 'pipe' }));
}

describe('tiersim in Chromium: traces', () => {
  it('replays a gzip’d MSR trace dropped on the page, exactly as the engine; a corrupt file leaves the scenario as it was', async () => {
    // A small MSR Cambridge trace: two disks, reads and writes of 4–32 KiB over 3000 blocks.
    let text = '';
    const rand = seeded(7);
    for (let i = 0; i < 30_000; i++) {
      const block = rand(3) === 0 ? rand(300) : rand(3000);
      text += `${128166372003061630 + i * 1000},web,${rand(2)},${rand(4) === 0 ? 'Write' : 'Read'},${block * 4096},${4096 * (1 + rand(8))},${100 + rand(900)}\n`;
    }
    const gz = gzipSync(Buffer.from(text));
    const page = await openApp();
    await testId(page, 'client-capacity').fill('1024');
    await testId(page, 'array-capacity').fill('2048');
    await page.evaluate(() => {
      const phases: string[] = [];
      (window as any).__phases = phases;
      new MutationObserver(() => {
        const p = document.querySelector('[data-testid="progress"]')?.getAttribute('data-phase') ?? '';
        if (phases[phases.length - 1] !== p) phases.push(p);
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-phase'] });
    });
    const drop = async (bytes: Uint8Array, name: string) => {
      const dataTransfer = await page.evaluateHandle(
        ({ data, name }) => {
          const dt = new DataTransfer();
          dt.items.add(new File([new Uint8Array(data)], name));
          return dt;
        },
        { data: Array.from(bytes), name },
      );
      await page.dispatchEvent('main', 'dragover', { dataTransfer });
      await page.dispatchEvent('main', 'drop', { dataTransfer });
    };
    await drop(gz, 'web.csv.gz');
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="30000"]', { timeout: RUN_TIMEOUT_MS });
    expect(await page.evaluate(() => (window as any).__phases)).toContain('loading');
    expect(await testId(page, 'trace-summary').innerText()).toContain('msr · 30,000 requests');
    // Two disks: two clients, one client cache. Run waits for a choice, and says why beside it.
    expect(await attr(page, 'trace-clients', 'data-ids')).toMatch(/^(0,1|1,0)$/);
    expect(await testId(page, 'run-button').isDisabled()).toBe(true);
    expect(await testId(page, 'run-blocked').innerText()).toMatch(
      /^scenario\.source\.clients: the trace has 2 clients \((0, 1|1, 0)\) but the topology has 1 \(client\)/,
    );
    await testId(page, 'trace-merge').click();
    expect(await testId(page, 'run-blocked').count()).toBe(0);
    await run(page);
    const r = await results(page);
    expect(r.scenario.source).toEqual({ kind: 'trace', name: 'web.csv.gz', clients: { kind: 'merged' } });
    // The engine in Node, on the same bytes and scenario.
    const reader = new TraceReader('', 4096, false, false);
    reader.push(gz);
    reader.finish();
    const sim = Simulation.withTrace(r.scenario as Scenario, reader);
    while (!sim.step(1 << 20));
    const expected = sim.report() as EngineReport;
    sim.free();
    reader.free();
    expect(r.meanText).toBe(String(expected.meanLatencyMs));
    expect(r.hit).toEqual(expected.hitFractions);
    expect(r.rows.length).toBeGreaterThan(1);

    // A corrupt file: the message names it and the place; the scenario stays and still runs.
    const bad = Buffer.from(`${text.split('\n').slice(0, 7).join('\n')}\n1,web,0,Trim,0,4096,1\n`);
    await drop(bad, 'broken.csv');
    await page.waitForSelector('[data-testid="run-error"]', { timeout: RUN_TIMEOUT_MS });
    expect(await testId(page, 'run-error').innerText()).toContain(
      'broken.csv: line 8: Type: expected Read or Write, got "Trim"',
    );
    expect(decodeShareUrl(await value(page, 'share-url')).source).toEqual({
      kind: 'trace',
      name: 'web.csv.gz',
      clients: { kind: 'merged' },
    });
    await run(page);
    expect(await attr(page, 'mean-latency', 'data-value')).toBe(String(expected.meanLatencyMs));

    // Thirty lines of prose: not a trace (never a binary oracleGeneral one). Refused with the
    // file's name and why, in view wherever the page is scrolled and announced; the trace's
    // status stays as it was.
    const status = await testId(page, 'trace-summary').innerText();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const prose =
      Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of my notes — caches, “again”; ${i * 7} ideas.`).join('\n') +
      '\n';
    await drop(Buffer.from(prose), 'notes.txt');
    await page.waitForSelector('[data-testid="trace-refused"][data-file="notes.txt"]', { timeout: RUN_TIMEOUT_MS });
    const refused = testId(page, 'trace-refused');
    expect(await refused.getAttribute('role')).toBe('alert');
    expect(await refused.innerText()).toContain(
      'notes.txt: not a trace — looks like text but no line parses as any text format (line 1: "Line 1 of my notes — caches, “again”; 0 …")',
    );
    expect(await refused.innerText()).toContain('The scenario still replays web.csv.gz.');
    const box = (await refused.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    expect(await testId(page, 'trace-summary').innerText()).toBe(status);
    expect(decodeShareUrl(await value(page, 'share-url')).source).toEqual({
      kind: 'trace',
      name: 'web.csv.gz',
      clients: { kind: 'merged' },
    });
    // The next good file clears it.
    await drop(gz, 'web.csv.gz');
    await page.waitForSelector('[data-testid="trace-refused"]', { state: 'detached', timeout: RUN_TIMEOUT_MS });
  });

  it("replays Wikimedia's CDN trace dropped as published (gzip'd, a header, signed ids), as tiersim run does", async () => {
    const rand = seeded(11);
    let tsv = 'relative_unix\thashed_path_query\timage_type\tresponse_size\ttime_firstbyte\n';
    for (let i = 0; i < 6000; i++) {
      const k = rand(3) === 0 ? rand(100) : rand(2000);
      // Hive's bigint hashes: about half negative.
      tsv += `${Math.floor(i / 20)}\t${(k % 2 ? -1 : 1) * (k * 7919 + 1)}\tjpeg\t${100 + k * 37}\t0.01\n`;
    }
    const gz = gzipSync(Buffer.from(tsv));
    const page = await openApp();
    await drop(page, gz, 'upload.tsv.gz');
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="6000"]', { timeout: RUN_TIMEOUT_MS });
    expect(await testId(page, 'trace-summary').innerText()).toContain('wikimedia-upload · 6,000 requests');
    await run(page);
    const r = await results(page);
    const dir = mkdtempSync(join(tmpdir(), 'tiersim-wikimedia-'));
    try {
      const file = join(dir, 'upload.tsv.gz');
      writeFileSync(file, gz);
      const native = tiersimRun(dir, file, r.scenario);
      expect(r.meanText).toBe(String(native.meanLatencyMs));
      expect(r.hit).toEqual(native.hitFractions);
      expect(native.counters.requests).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('replays a bundled trace in one click and downloads the generated workload as a trace that reads back', async () => {
    const page = await openApp();
    await testId(page, 'client-capacity').fill('1024');
    await testId(page, 'array-capacity').fill('1024');
    // Export first (the scenario still generates its workload).
    const [download] = await Promise.all([page.waitForEvent('download'), testId(page, 'export-csv').click()]);
    // Named after the scenario and the view: never the results CSV's name.
    expect(download.suggestedFilename()).toBe('random-lru-mru-demote-workload.csv');
    const path = await download.path();
    const csv = readFileSync(path!);
    expect(csv.subarray(0, 34).toString()).toBe('time,client,block,nblocks,op,hint\n');
    const back = new TraceReader('', 4096, false, false);
    back.push(csv);
    expect(back.finish()).toMatchObject({ format: 'csv', requests: 32768 + 327680 });
    back.free();
    const scenarioNow = decodeShareUrl(await value(page, 'share-url'));
    expect(Buffer.from(exportWorkload(scenarioNow as Scenario, 'csv')).equals(csv)).toBe(true);

    await testId(page, 'bundled-zipf-3072.csv.gz').click();
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="64512"]', { timeout: RUN_TIMEOUT_MS });
    await run(page);
    const r = await results(page);
    expect(r.scenario.source).toEqual({ kind: 'trace', name: 'zipf-3072.csv.gz' });
    // The automatic name follows: the trace in place of the generator.
    expect(r.scenario.name).toBe('zipf-3072.csv.gz LRU-MRU-demote');
    const reader = new TraceReader('', 4096, false, false);
    reader.push(readFileSync(join(root, 'public/traces/zipf-3072.csv.gz')));
    reader.finish();
    const sim = Simulation.withTrace(r.scenario as Scenario, reader);
    while (!sim.step(1 << 20));
    expect(r.meanText).toBe(String((sim.report() as EngineReport).meanLatencyMs));
    sim.free();
    reader.free();
    // The warm-up is stated beside the result; one click counts every request, as peers do.
    expect(await testId(page, 'warmup-note').innerText()).toMatch(
      /^after [\d,]+ warm-up requests \(peers count all\)$/,
    );
    await testId(page, 'trace-count-all').click();
    expect(await value(page, 'trace-warmup')).toBe('0');
    expect(await testId(page, 'trace-count-all').count()).toBe(0);
    expect((decodeShareUrl(await value(page, 'share-url')) as any).source.warmupRequests).toBe(0);
  });
  it("analyzes the scenario's trace in the Trace view as tiersim analyze does, and exports its card", async () => {
    const cli = join(root, 'engine-wasm/target/release/tiersim');
    if (!existsSync(cli))
      throw new Error(
        `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
      );
    // `tiersim analyze --json` with its defaults (the page's too): the file and its reading, then the report.
    const analyze = (path: string) =>
      JSON.parse(execFileSync(cli, ['analyze', '--trace', path, '--json'], { encoding: 'utf8' }));
    const page = await openApp();
    // A generated workload: the view says an analysis reads a trace file.
    await showView(page, 'trace');
    await testId(page, 'profile-no-trace').waitFor();
    await showView(page, 'explore');
    await testId(page, 'bundled-mix-20000.oracleGeneral.gz').click();
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="120000"]', { timeout: RUN_TIMEOUT_MS });
    // Shown, the view analyses the file by itself; the link opens this view.
    await showView(page, 'trace');
    expect(new URL(page.url()).hash).toMatch(/&view=trace$/);
    await page.waitForSelector('[data-testid="profile-status"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    const native = analyze(join(root, 'public/traces/mix-20000.oracleGeneral.gz'));
    expect(await attr(page, 'profile-requests', 'data-value')).toBe(String(native.requests));
    expect(await attr(page, 'profile-distinct', 'data-value')).toBe(String(native.distinct));
    expect(await attr(page, 'profile-compulsory', 'data-value')).toBe(String(native.compulsoryMissRatio));
    expect(await testId(page, 'profile-top').locator('tbody tr').count()).toBe(native.top.length);
    // A block trace: runs and regions drawn; one client: no clients' table.
    // Power-of-two bins, the empty ones between drawn empty.
    const filled = testId(page, 'profile-runs-chart').locator('rect.profile-bar:not([data-count="0"])');
    expect(await filled.count()).toBe(native.blocks.runs.filter((b: { count: number }) => b.count > 0).length);
    expect(await testId(page, 'profile-clients').count()).toBe(0);
    // The card: the whole report as JSON (tiersim analyze's, number for number), every table as CSV.
    const [json] = await Promise.all([page.waitForEvent('download'), testId(page, 'profile-json').click()]);
    expect(json.suggestedFilename()).toBe('mix-20000-oraclegeneral-gz-analysis-card.json');
    const card = JSON.parse(readFileSync((await json.path())!, 'utf8'));
    expect(card).toEqual({ ...native, trace: 'mix-20000.oracleGeneral.gz' });
    const [csv] = await Promise.all([page.waitForEvent('download'), testId(page, 'profile-csv').click()]);
    const tables = readFileSync((await csv.path())!, 'utf8');
    expect(tables.startsWith('# headline\nmeasure,value\nrequests,120000\n')).toBe(true);
    for (const name of ['top-objects', 'reuse-distance', 'load-over-time', 'sequential-runs', 'regions'])
      expect(tables).toContain(`# ${name}\n`);
    // A figure's numbers, named after the trace.
    const [fig] = await Promise.all([
      page.waitForEvent('download'),
      testId(page, 'profile-reuse-distance-export-csv').click(),
    ]);
    expect(fig.suggestedFilename()).toBe('mix-20000-oraclegeneral-gz-analysis-reuse-distance.csv');
    // The card's link: a bundled trace opens with its file, analysed, every setting of its source kept.
    const linked: any = defaultScenario();
    linked.source = { kind: 'trace', name: 'mix-20000.oracleGeneral.gz', warmupRequests: 0 };
    const card2 = await openApp(`${encodeHash(linked)}&view=trace`);
    await card2.waitForSelector('[data-testid="profile-status"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    expect(await attr(card2, 'profile-distinct', 'data-value')).toBe(String(native.distinct));
    expect(decodeShareUrl(card2.url()).source).toEqual(linked.source);
    await card2.close();

    // Two clients with times (an MSR trace of two disks): per client, and windows in seconds.
    let text = '';
    const rand = seeded(11);
    for (let i = 0; i < 20_000; i++)
      text += `${128166372003061630 + i * 10_000_000},web,${rand(2)},${rand(4) === 0 ? 'Write' : 'Read'},${rand(3000) * 4096},${4096 * (1 + rand(4))},100\n`;
    const dir = mkdtempSync(join(tmpdir(), 'tiersim-analyze-'));
    writeFileSync(join(dir, 'two.csv'), text);
    await drop(page, Buffer.from(text), 'two.csv');
    await page.waitForSelector('[data-testid="profile-status"][data-status="done"]', { timeout: RUN_TIMEOUT_MS });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="profile-requests"]')?.getAttribute('data-value') === '20000',
    );
    const two = analyze(join(dir, 'two.csv'));
    expect(two.clients.clients).toHaveLength(2);
    expect(await testId(page, 'profile-clients').locator('tbody tr').count()).toBe(2);
    expect(await attr(page, 'profile-span', 'data-value')).toBe(String(two.timeSpanSecs));
    const [json2] = await Promise.all([page.waitForEvent('download'), testId(page, 'profile-json').click()]);
    expect(JSON.parse(readFileSync((await json2.path())!, 'utf8'))).toEqual({ ...two, trace: 'two.csv' });
    rmSync(dir, { recursive: true, force: true });
    await page.close();
  });

  it('keeps every setting of a linked trace source once its file is picked: the numbers of tiersim run', async () => {
    const cli = join(root, 'engine-wasm/target/release/tiersim');
    if (!existsSync(cli))
      throw new Error(
        `native CLI missing at ${cli}: build it with "cargo build --release -p tiersim-cli" (npm test does)`,
      );
    // An MSR trace whose settings each change the numbers: two disks (merged or in order), a
    // tenth of the requests at unaligned offsets (object mode keys them unsplit), a Trim line
    // (refused unless bad records are skipped), 20,000 requests (a default warm-up of 2,000).
    const rand = seeded(11);
    let text = '';
    for (let i = 0; i < 20_000; i++) {
      const block = rand(3) === 0 ? rand(300) : rand(3000);
      const offset = block * 4096 + (rand(10) === 0 ? 512 : 0);
      text += `${128166372003061630 + i * 1000},web,${rand(2)},${rand(4) === 0 ? 'Write' : 'Read'},${offset},${4096 * (1 + rand(4))},${100 + rand(900)}\n`;
      if (i === 5000) text += '1,web,0,Trim,0,4096,1\n';
    }
    const s = defaultScenario() as any;
    s.name = 'linked trace';
    s.topology.client.capacity = 1024;
    s.topology.array.capacity = 2048;
    const source = {
      kind: 'trace',
      name: 'web.csv',
      format: 'msr',
      objectMode: true,
      skipBad: true,
      warmupRequests: 0,
      clients: { kind: 'merged' },
    };
    s.source = source;
    const page = await openApp(encodeHash(s));
    // Before the file: Run waits for it and says what it will apply; the form shows the same.
    expect(await testId(page, 'run-trace-missing').innerText()).toBe(
      'Load the trace file web.csv to run (format msr · warm-up 0 requests · object mode · bad records skipped · ' +
        'clients merged).',
    );
    expect(await value(page, 'trace-format')).toBe('msr');
    expect(await value(page, 'trace-warmup')).toBe('0');
    expect(await testId(page, 'trace-object').isChecked()).toBe(true);
    expect(await testId(page, 'trace-skip-bad').isChecked()).toBe(true);
    await drop(page, Buffer.from(text), 'web.csv');
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="20000"]', { timeout: RUN_TIMEOUT_MS });
    await run(page);
    const r = await results(page);
    // Every field of the link's source survived the pick…
    expect(r.scenario.source).toEqual(source);
    // …its warm-up of 0 among them, said beside the result.
    expect(await testId(page, 'warmup-note').innerText()).toBe('every request counted (no warm-up)');
    expect(await testId(page, 'trace-count-all').count()).toBe(0);
    // …so the page gives the numbers `tiersim run` gives on the same document and file.
    const dir = mkdtempSync(join(tmpdir(), 'tiersim-link-'));
    try {
      const trace = join(dir, 'web.csv');
      writeFileSync(trace, text);
      const native = (scenario: unknown) => tiersimRun(dir, trace, scenario);
      const expected = native(r.scenario);
      expect(expected.warmupRequests).toBe(0);
      expect(r.meanText).toBe(String(expected.meanLatencyMs));
      expect(r.hit).toEqual(expected.hitFractions);
      // Each setting matters here: without the warm-up or object mode the numbers differ, and
      // without the merge or the skipping the file is refused (two disks, one client; a Trim).
      for (const field of ['warmupRequests', 'objectMode'] as const) {
        const { [field]: _, ...without } = source;
        expect(native({ ...r.scenario, source: without }).meanLatencyMs, field).not.toBe(expected.meanLatencyMs);
      }
      for (const field of ['clients', 'skipBad'] as const) {
        const { [field]: _, ...without } = source;
        expect(() => native({ ...r.scenario, source: without }), field).toThrow();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Read another way — as blocks, not objects — the page reads the file again: its summary is
    // the engine's for blocks (the analyses size themselves by its distinct blocks), not the
    // objects' it was.
    const summaryOf = (objectMode: boolean) => {
      const reader = new TraceReader('msr', 4096, objectMode, true);
      reader.push(Buffer.from(text));
      const summary = reader.finish() as { distinct: number; blockRefs: number };
      reader.free();
      return `${summary.blockRefs.toLocaleString('en-US')} block references over ${summary.distinct.toLocaleString('en-US')} blocks`;
    };
    const [asObjects, asBlocks] = [summaryOf(true), summaryOf(false)];
    expect(asBlocks).not.toBe(asObjects);
    expect(await testId(page, 'trace-summary').innerText()).toContain(asObjects);
    await testId(page, 'trace-object').uncheck();
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="trace-summary"]')?.textContent?.includes(want),
      asBlocks,
      { timeout: RUN_TIMEOUT_MS },
    );
  });

  it('runs caches in bytes behind the size filters from a link, as tiersim run does: AdaptSize, objects below a size', async () => {
    // Objects of 4–64 KiB, a few small ones popular: the filters keep the small and turn the large away.
    const rand = seeded(23);
    let text = '';
    for (let i = 0; i < 40_000; i++) {
      const id = rand(4) === 0 ? rand(100) : rand(4000);
      text += `${128166372003061630 + i * 1000},web,0,Read,${id * 1048576},${4096 * (1 + (id % 16))},100\n`;
    }
    const s = defaultScenario() as any;
    s.name = 'size filters';
    s.topology.client = { capacity: '2MiB', policy: { kind: 'lru' }, admission: { kind: 'adaptsize' } };
    s.topology.array = { capacity: '8MiB', policy: { kind: 'gdsf' }, admission: { kind: 'size-below', bytes: 32768 } };
    delete s.protocol;
    s.source = { kind: 'trace', name: 'sized.csv', format: 'msr', objectMode: true, warmupRequests: 0 };
    const page = await openApp(encodeHash(s));
    expect(await value(page, 'client-admission')).toBe('adaptsize');
    expect(await value(page, 'array-admission-bytes')).toBe('32');
    await drop(page, Buffer.from(text), 'sized.csv');
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="40000"]', { timeout: RUN_TIMEOUT_MS });
    await run(page);
    const r = await results(page);
    const dir = mkdtempSync(join(tmpdir(), 'tiersim-filters-'));
    try {
      const trace = join(dir, 'sized.csv');
      writeFileSync(trace, text);
      const native = (scenario: unknown) => tiersimRun(dir, trace, scenario);
      const expected = native(r.scenario);
      expect(r.meanText).toBe(String(expected.meanLatencyMs));
      expect(r.hit).toEqual(expected.hitFractions);
      // Both filters turned objects away — AdaptSize as its model tunes it, size-below every
      // object of 32 KiB or more it missed — and without them the numbers differ.
      const [client, array] = expected.caches;
      expect(client.admission.declined).toBeGreaterThan(0);
      expect(array.admission.declined).toBeGreaterThan(array.admission.admitted);
      const { admission: _a, ...plainClient } = r.scenario.topology.client;
      const { admission: _b, ...plainArray } = r.scenario.topology.array;
      const plain = native({
        ...r.scenario,
        topology: { ...r.scenario.topology, client: plainClient, array: plainArray },
      });
      expect(plain.meanLatencyMs).not.toBe(expected.meanLatencyMs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.close();
  });

  it('reads a CSV no reader recognises through a column map set up against its first lines: the engine’s numbers', async () => {
    // The shape of libCacheSim's own cloudPhysicsIO.csv: version,time,op,size,lbn — seconds,
    // bytes, and the object id. No reader of ours recognises it.
    const rand = seeded(5);
    let text = 'version,time,op,size,lbn\n';
    for (let i = 0; i < 6000; i++) {
      const id = rand(3) === 0 ? rand(200) : rand(2000);
      text += `1,${Math.floor(i / 10)},${rand(5) === 0 ? 'w' : 'r'},${512 * (1 + (id % 16))},${id}\n`;
    }
    const bytes = Buffer.from(text);
    const page = await openApp();
    await testId(page, 'client-capacity').fill('256');
    await testId(page, 'array-capacity').fill('512');
    await drop(page, bytes, 'cloud.csv');
    await page.waitForSelector('[data-testid="trace-refused"][data-file="cloud.csv"]', { timeout: RUN_TIMEOUT_MS });
    expect(await testId(page, 'trace-refused').innerText()).toContain('cloud.csv: not a trace');
    await testId(page, 'trace-refused-map').click();
    await page.waitForSelector('[data-testid="columns-status"]', { timeout: RUN_TIMEOUT_MS });
    // The engine's guess from the header: lbn the key, size, time and op by name; the header skipped.
    const roles = async () => Promise.all([1, 2, 3, 4, 5].map((c) => testId(page, `columns-role-${c}`).inputValue()));
    expect(await roles()).toEqual(['none', 'time', 'op', 'size', 'key']);
    expect(await testId(page, 'columns-header').isChecked()).toBe(true);
    expect(Number(await attr(page, 'columns-status', 'data-requests'))).toBeGreaterThan(1000);
    // A wrong key (the op column) is refused at its line and column, and cannot be applied.
    await testId(page, 'columns-role-3').selectOption('key');
    expect(await testId(page, 'columns-status').innerText()).toBe(
      'line 2: key (column 3): expected a numeric id (or ids=text to hash any text), got "r"',
    );
    expect(await testId(page, 'columns-apply').isDisabled()).toBe(true);
    await testId(page, 'columns-role-3').selectOption('op');
    await testId(page, 'columns-role-5').selectOption('key');
    expect(await roles()).toEqual(['none', 'time', 'op', 'size', 'key']);
    await testId(page, 'columns-apply').click();
    await page.waitForSelector('[data-testid="trace-summary"][data-requests="6000"]', { timeout: RUN_TIMEOUT_MS });
    expect(await testId(page, 'trace-summary').innerText()).toContain('columns · 6,000 requests');
    expect(await testId(page, 'trace-refused').count()).toBe(0);
    const columns = { header: true, key: 5, size: 4, time: 2, op: 3 };
    expect(decodeShareUrl(await value(page, 'share-url')).source).toEqual({
      kind: 'trace',
      name: 'cloud.csv',
      format: 'columns',
      columns,
    });
    expect(await testId(page, 'trace-columns').innerText()).toContain(
      'Read through its column map: key column 5 (object ids, numbers); size column 4; time column 2 (seconds); ' +
        'operation column 3; fields separated by comma ,; a header line first.',
    );
    // Read as sized objects, through a two-level hierarchy.
    await testId(page, 'trace-object').check();
    await run(page);
    const r = await results(page);
    expect(r.scenario.source).toEqual({
      kind: 'trace',
      name: 'cloud.csv',
      format: 'columns',
      columns,
      objectMode: true,
    });
    // The engine in Node, on the same bytes through the same map.
    const reader = new TraceReader('columns', 4096, true, false);
    reader.setColumns(columns);
    reader.push(bytes);
    const summary = reader.finish() as { requests: number; format: string };
    expect([summary.requests, summary.format]).toEqual([6000, 'columns']);
    const sim = Simulation.withTrace(r.scenario as Scenario, reader);
    while (!sim.step(1 << 20));
    const expected = sim.report() as EngineReport;
    sim.free();
    reader.free();
    expect(r.meanText).toBe(String(expected.meanLatencyMs));
    expect(r.hit).toEqual(expected.hitFractions);

    // Its miss-ratio curves in bytes, each object its size: two passes of the file on the page,
    // equal to the native CLI's exact curves at the same capacities.
    await showView(page, 'compare');
    expect(await testId(page, 'mrc-unit-bytes').isChecked()).toBe(true);
    await testId(page, 'mrc-method-exact').check();
    await testId(page, 'sweep-policy-gdsf').check();
    await testId(page, 'sweep-points').fill('4');
    await testId(page, 'sweep-run').click();
    await page.waitForSelector('[data-testid="sweep-progress"]:is([data-status="done"], [data-status="error"])', {
      timeout: RUN_TIMEOUT_MS,
    });
    expect(await testId(page, 'sweep-error').count()).toBe(0);
    const rows = await testId(page, 'byte-table')
      .locator('tr[data-policy]')
      .evaluateAll((trs) =>
        trs.map((tr) => ({
          policy: tr.getAttribute('data-policy')!,
          bytes: Number(tr.getAttribute('data-bytes')),
          miss: Number(tr.getAttribute('data-miss')),
          byteMiss: Number(tr.getAttribute('data-byte-miss')),
          method: tr.getAttribute('data-method'),
        })),
      );
    const policies = ['lru', 'gdsf', 'arc', 's3-fifo'];
    expect([...new Set(rows.map((row) => row.policy))]).toEqual(policies);
    const capacities = rows.filter((row) => row.policy === 'lru').map((row) => row.bytes);
    expect(capacities.length).toBe(4);
    const dir = mkdtempSync(join(tmpdir(), 'tiersim-bytes-'));
    try {
      const file = join(dir, 'cloud.csv');
      writeFileSync(file, bytes);
      const cli = join(root, 'engine-wasm/target/release/tiersim');
      const args = ['mrc', '--trace', file, '--columns', 'key=5,size=4,time=2,op=3,header', '--object'];
      args.push('--policies', policies.join(','), '--sizes', capacities.map((b) => `${b}B`).join(','));
      const native = JSON.parse(execFileSync(cli, [...args, '--exact', '--json'], { encoding: 'utf8' }));
      // The page's default capacities: 1 % to 100 % of the distinct bytes, as the CLI's.
      expect([capacities[0], capacities[3]]).toEqual([Math.round(native.distinctBytes / 100), native.distinctBytes]);
      const want = native.curves.flatMap((c: any) =>
        c.exact.points.map((p: any) => ({
          policy: c.exact.policy,
          bytes: p.bytes,
          miss: p.missRatio,
          byteMiss: p.byteMissRatio,
          method: 'exact',
        })),
      );
      expect(rows).toEqual(want);
      // Not a flat line: the curves fall from the smallest capacity to the largest.
      for (const p of policies) {
        const curve = rows.filter((row) => row.policy === p);
        expect(curve[curve.length - 1].byteMiss, p).toBeLessThan(curve[0].byteMiss);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
