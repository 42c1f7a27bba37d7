// The Probabilities view with a large file. Speed is measured here, never asserted in tests.
//
//   node scripts/bench-probs.mjs [DIST] [--rows 1000000] [--edits 10] [--port 4391] [--profile]
//
// Writes a probabilities file of ROWS rows × 3 classes × 3 models (a triage-like test set:
// the true class drawn with shares 60/30/10 %, each model's probabilities the posterior of
// noisy signals, one calibrated, one overconfident, one timid; 6 decimals), serves DIST
// (default dist/) with tests/e2e/serve.mjs and, in headless Chromium (Debian's
// /usr/bin/chromium):
//   1. gives the file to the file input and waits until it is read, every item decided by
//      both rules, the models recalibrated (cross-fitted) and their reliability diagrams
//      drawn: the times, and every main-thread task over 50 ms (the Long Tasks API) with the
//      page's own marks of work over 30 ms, and the frames of 50 ms or more with what ran
//      in them (the Long Animation Frames API);
//   2. edits one cell of the utility matrix EDITS times: the time from the edit until the
//      decisions table shows the new yields (the file's models re-decided; the recalibrated
//      ones follow) and until the end of the next animation frame after that (redrawn);
//   3. runs the paired bootstrap (1000 resamples of the ROWS items, in slices) and then
//      starts it again and cancels it: its time, the progress seen, and the long tasks.
//   --profile: one more edit under the CPU profiler, and where its time went.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const dist = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--'))) ?? 'dist';
const rows = opt('rows', 1_000_000);
const edits = opt('edits', 10);
const port = opt('port', 4391);

// ---- the file ---------------------------------------------------------------------------
let seed = 2024;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648;
const normal = () => Math.sqrt(-2 * Math.log(rnd())) * Math.cos(2 * Math.PI * rnd());
const softmax = (z, scale) => {
  const s = z.map((v) => v * scale);
  const top = Math.max(...s);
  const e = s.map((v) => Math.exp(v - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
};
const classes = ['ok', 'minor', 'severe'];
const shares = [0.6, 0.3, 0.1];
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-probs-'));
const file = path.join(dir, `probs-${rows}.csv`);
{
  const out = createWriteStream(file);
  const header = ['label'];
  for (const m of ['calibrated', 'overconfident', 'timid']) for (const c of classes) header.push(`${m}:${c}`);
  out.write(header.join(',') + '\n');
  let chunk = [];
  for (let i = 0; i < rows; i++) {
    const u = rnd();
    const y = u < shares[0] ? 0 : u < shares[0] + shares[1] ? 1 : 2;
    const z = shares.map((p, k) => Math.log(p) + 1.4 * (normal() + (k === y ? 1.4 : 0)));
    const p = [...softmax(z, 1), ...softmax(z, 2.5), ...softmax(z, 0.5)];
    chunk.push(`${classes[y]},${p.map((v) => v.toFixed(6)).join(',')}`);
    if (chunk.length === 10000) {
      if (!out.write(chunk.join('\n') + '\n')) await new Promise((r) => out.once('drain', r));
      chunk = [];
    }
  }
  out.write(chunk.length ? chunk.join('\n') + '\n' : '');
  await new Promise((r) => out.end(r));
}
const mb = statSync(file).size / 1e6;

const fragment =
  'view=probs&u=10,-20,-200;0,15,-100;-30,0,60;-5,5,40&classes=ok,minor,severe' +
  '&decisions=home,treat%20minor,treat%20severe,refer';

const server = spawn('node', [path.join(root, 'tests/e2e/serve.mjs'), '--port', String(port), '--mount', `/=${path.resolve(root, dist)}`], {
  stdio: 'ignore',
});
/**
 * `--profile`: one more edit under the DevTools protocol's CPU profiler, then where its time
 * went — the 12 functions with the most self time (a release wasm has no names: its
 * functions show as `wasm-function[k]`, with their module), and the wasm, JS and idle totals.
 */
async function profileEdit(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.evaluate(async () => {
    const cell = document.querySelector("[data-testid='probs-utility-editor'] input[data-r='3'][data-c='2']");
    const shown = () => document.querySelector("[data-testid='probs-row-2-recalibrated'] [data-testid='probs-yield']")?.textContent;
    const before = shown();
    cell.value = String(Number(cell.value) + 7);
    cell.dispatchEvent(new Event('input', { bubbles: true }));
    cell.dispatchEvent(new Event('change', { bubbles: true }));
    while (shown() === before) await new Promise((r) => setTimeout(r, 0));
  });
  const { profile } = await cdp.send('Profiler.stop');
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const self = new Map();
  let wasm = 0, idle = 0, all = 0;
  for (const n of profile.nodes) {
    const ms = dt.get(n.id) ?? 0;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}${f.lineNumber >= 0 ? ':' + f.lineNumber : ''}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    all += ms;
    if (f.url.endsWith('.wasm') || f.functionName.startsWith('wasm-function') || f.functionName.startsWith('$')) wasm += ms;
    if (f.functionName === '(idle)') idle += ms;
  }
  console.log(`  one edit profiled (until the last recalibrated row is re-decided): ${all.toFixed(0)} ms sampled, wasm ${wasm.toFixed(0)} ms, idle ${idle.toFixed(0)} ms; most self time:`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${k}`);
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, min ${s[0].toFixed(1)}, max ${s[s.length - 1].toFixed(1)}`;
};
try {
  await new Promise((r) => setTimeout(r, 700));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    // What ran in each long animation frame (the Long Animation Frames API): its scripts.
    window.__loaf = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.duration < 50) continue;
        window.__loaf.push([e.startTime, Math.round(e.duration), Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0),
          e.scripts.map((x) => `${x.invoker || x.name} ${Math.round(x.duration)} ms`).join('; ')]);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  await page.goto(`http://127.0.0.1:${port}/#${fragment}`);
  await page.getByTestId('probs-file-input').waitFor({ state: 'attached' });
  await page.waitForTimeout(1000);
  const since = (t) =>
    page.evaluate((t) => ({
      tasks: window.__longtasks.filter((e) => e[0] >= t).map((e) => Math.round(e[1])),
      frames: window.__loaf.filter((e) => e[0] >= t).map((e) => `${e[1]} ms (rendering ${e[2]} ms): ${e[3] || 'no script'}`),
      marks: performance.getEntriesByType('mark').filter((m) => m.startTime >= t && m.name.startsWith('probs-')).map((m) => m.name),
    }), t);

  // 1. Read, decide, recalibrate, calibrate.
  const t0 = await page.evaluate(() => performance.now());
  const started = Date.now();
  await page.getByTestId('probs-file-input').setInputFiles(file);
  await page.getByTestId('probs-load-done').waitFor({ timeout: 600_000 });
  const read = (Date.now() - started) / 1000;
  await page.getByTestId('probs-row-2-optimal').waitFor({ timeout: 600_000 });
  const decided = (Date.now() - started) / 1000;
  await page.getByTestId('probs-row-2-recalibrated').waitFor({ timeout: 600_000 });
  const recalibrated = (Date.now() - started) / 1000;
  await page.waitForFunction(() => /timid \S+ \(recalibrated/.test(document.querySelector("[data-testid='probs-cal-errors']")?.textContent ?? ''), null, { timeout: 600_000 });
  const calibrated = (Date.now() - started) / 1000;
  const load = await since(t0);
  console.log(`${rows} rows × 3 classes × 3 models (${mb.toFixed(1)} MB):`);
  console.log(`  read ${read.toFixed(1)} s, decided ${decided.toFixed(1)} s, recalibrated ${recalibrated.toFixed(1)} s, reliability diagrams ${calibrated.toFixed(1)} s (from the file given)`);
  console.log(`  main-thread tasks over 50 ms: ${load.tasks.length ? load.tasks.join(', ') + ' ms' : 'none'}; work over 30 ms: ${load.marks.length ? load.marks.join('; ') : 'none'}`);
  // Frames that waited 50 ms or more for rendering (several of the view's tasks in a row);
  // the three longest, with what ran in them.
  const frames = [...load.frames].sort((a, b) => parseInt(b) - parseInt(a));
  console.log(`  frames of 50 ms or more: ${frames.length}${frames.length ? '; the longest:' : ''}`);
  for (const f of frames.slice(0, 3)) console.log(`    ${f}`);

  // 2. Utility edits: re-decide every item and redraw.
  const edit = await page.evaluate(
    async (edits) => {
      const frameEnd = () => new Promise((r) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); }));
      const cell = document.querySelector("[data-testid='probs-utility-editor'] input[data-r='3'][data-c='2']");
      const shown = () => document.querySelector("[data-testid='probs-row-0-optimal'] [data-testid='probs-yield']")?.textContent;
      const decided = [];
      const drawn = [];
      for (let e = 0; e < edits + 2; e++) {
        await frameEnd();
        const before = shown();
        const t0 = performance.now();
        cell.value = String(40 + ((e % 2) ? 15 : -15) - e);
        cell.dispatchEvent(new Event('input', { bubbles: true }));
        cell.dispatchEvent(new Event('change', { bubbles: true }));
        while (shown() === before) await new Promise((r) => setTimeout(r, 0));
        const t1 = performance.now();
        await frameEnd();
        const t2 = performance.now();
        if (e >= 2) {
          decided.push(t1 - t0);
          drawn.push(t2 - t0);
        }
      }
      return { decided, drawn };
    },
    edits,
  );
  console.log(`  ${edits} edits of a utility: every item re-decided ${stats(edit.decided)}; shown and drawn ${stats(edit.drawn)}`);
  if (args.includes('--profile')) await profileEdit(page);

  // 3. The bootstrap, then a run cancelled. Items are grouped by their class and the
  // decisions of every arm, so a run takes a few slices: a page observer records the progress
  // shown, and in the second run clicks Cancel as soon as it appears.
  const watch = (cancel) =>
    page.evaluate((cancel) => {
      const card = document.querySelector('[data-testid=probs-howsure]');
      const status = card.querySelector('[data-testid=probs-boot-status]');
      window.__boot = { start: performance.now(), progress: [], end: null, clicked: false };
      const obs = new MutationObserver(() => {
        const m = status.textContent.match(/(\d+)\s%/);
        if (m) window.__boot.progress.push(m[1]);
        const button = card.querySelector('[data-testid=probs-boot-cancel]');
        if (cancel && button && !window.__boot.clicked) {
          window.__boot.clicked = true;
          button.click();
        }
        if (['done', 'cancelled'].includes(status.dataset.state)) {
          window.__boot.end = performance.now();
          window.__boot.state = status.dataset.state;
          obs.disconnect();
        }
      });
      obs.observe(card, { attributes: true, childList: true, subtree: true, characterData: true });
    }, cancel);
  const t1 = await page.evaluate(() => performance.now());
  await watch(false);
  await page.getByTestId('probs-boot-run').click();
  await page.waitForFunction(() => window.__boot.end !== null, null, { timeout: 600_000 });
  const run = await page.evaluate(() => window.__boot);
  const bt = await since(t1);
  console.log(`  bootstrap, 1000 resamples of ${rows} items: ${((run.end - run.start) / 1000).toFixed(2)} s, progress seen at ${[...new Set(run.progress)].join(', ')} %; tasks over 50 ms: ${bt.tasks.length ? bt.tasks.join(', ') + ' ms' : 'none'}`);
  await watch(true);
  await page.getByTestId('probs-boot-run').click();
  await page.waitForFunction(() => window.__boot.end !== null, null, { timeout: 600_000 });
  const second = await page.evaluate(() => window.__boot);
  console.log(`  a second run, Cancel clicked as soon as shown: ${second.state} after ${(second.end - second.start).toFixed(0)} ms`);
  console.log(`  load average (1 min) ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
  await browser.close();
} finally {
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
