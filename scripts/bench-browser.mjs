// Monte Carlo throughput in headless Chromium (the browser half of scripts/bench.sh).
//
//   node scripts/bench-browser.mjs --dist DIR [--pairs 1000000] [--runs 3] [--workers 1,all]
//
// Serves DIR (a `trunk build --release`) with tests/e2e/serve.mjs, opens the Metric reliability
// view with the default settings (uniform prior, σ = 0.1, seed 1, every metric) and PAIRS
// pairs, and presses Run with 1 web worker, then with all of them (navigator.hardwareConcurrency,
// at most 8): one warm-up run each, then RUNS timed runs; prints the best pairs/s of each (the
// view's own timing: from Run to the last answer merged). Also prints the longest main-thread
// task seen during the runs (PerformanceObserver 'longtask', > 50 ms) and checks that every run
// counted the same mis-ranked pairs. Exits non-zero if a run fails or the counts differ.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split('--')
    .filter(Boolean)
    .map((a) => a.trim().split(/\s+/)),
);
const dist = path.resolve(args.dist ?? 'dist');
const pairs = Number(args.pairs ?? 1_000_000);
const runs = Number(args.runs ?? 3);
const port = 4600 + Math.floor(Math.random() * 300);

const server = spawn(
  process.execPath,
  [path.join(root, 'tests/e2e/serve.mjs'), '--port', String(port), '--mount', `/=${dist}`],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const stop = () => server.kill();
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/index.html`);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the static server did not start');
}

function fmt(rate) {
  return rate.toExponential(2).replace('e+', 'e');
}

await waitForServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
let failed = false;
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`http://127.0.0.1:${port}/#view=reliability&pairs=${pairs}`);
  await page.getByTestId('mc-run').waitFor();
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const all = Math.max(1, Math.min(8, cores));
  const counts = new Set();
  let longest = 0;

  async function runOnce() {
    const before = await page.getByTestId('mc-run').evaluate(() => {
      const t = document.querySelector('[data-testid="mc-throughput"]');
      return t ? t.dataset.pairsPerSecond : null;
    });
    const t0 = await page.evaluate(() => performance.now());
    await page.getByTestId('mc-run').click();
    await page.waitForFunction(
      (prev) => {
        const s = document.querySelector('[data-testid="mc-status"]');
        const t = document.querySelector('[data-testid="mc-throughput"]');
        if (s && s.dataset.state === 'failed') return true;
        return s && s.dataset.state === 'done' && t && t.dataset.pairsPerSecond !== prev;
      },
      before,
      { timeout: 600_000, polling: 50 },
    );
    const state = await page.getByTestId('mc-status').getAttribute('data-state');
    if (state !== 'done') throw new Error(await page.getByTestId('mc-status').textContent());
    const rate = Number(await page.getByTestId('mc-throughput').getAttribute('data-pairs-per-second'));
    const text = (await page.getByTestId('mc-throughput').textContent()).trim();
    const tally = JSON.parse(await page.getByTestId('mc-table').getAttribute('data-tally'));
    counts.add(JSON.stringify(tally.misranked));
    const lt = await page.evaluate((t) => window.__longtasks.filter((e) => e.start >= t), t0);
    for (const e of lt) longest = Math.max(longest, e.duration);
    return { rate, text };
  }

  console.log(
    `    headless Chromium ${browser.version()}, navigator.hardwareConcurrency = ${cores}; ${pairs} pairs, best of ${runs} (after a warm-up run)`,
  );
  for (const workers of [...new Set([1, all])]) {
    await page.getByTestId('mc-workers').selectOption(String(workers));
    await runOnce(); // warm-up: starts the workers, compiles their wasm
    let best = { rate: 0, text: '' };
    for (let i = 0; i < runs; i++) {
      const r = await runOnce();
      if (r.rate > best.rate) best = r;
    }
    const label = `${workers} worker${workers === 1 ? ': ' : 's:'}`;
    const note = workers === 1 && best.rate < 5e6 ? '  (target 5e6 on one worker)' : '';
    console.log(`    ${label.padEnd(11)} ${fmt(best.rate)} pairs/s   (${best.text})${note}`);
  }
  console.log(`    longest main-thread task during the runs: ${longest ? `${Math.round(longest)} ms` : 'none over 50 ms'}`);
  if (counts.size !== 1) {
    console.log('    ERROR: the runs did not all count the same mis-ranked pairs');
    failed = true;
  } else {
    const m = JSON.parse([...counts][0]);
    console.log(`    every run counted the same mis-ranked pairs (accuracy ${m.accuracy}, erroneous utility ${m.utility} of ${pairs})`);
  }
  if (errors.length) {
    console.log(`    ERROR: console errors: ${errors.join(' | ')}`);
    failed = true;
  }
} catch (e) {
  console.error(`    ERROR: ${e.message ?? e}`);
  failed = true;
} finally {
  await browser.close();
  stop();
}
process.exit(failed ? 1 : 0);
