// Edit latency of the Compare view ("editing a cell updates every number and plot
// within one frame for up to 20 classes"). Speed is measured here, never asserted in tests.
//
//   node scripts/bench-ui.mjs [DIST] [--classes 20] [--classifiers 5] [--edits 20] [--port 4390]
//
// Serves DIST (default dist/) with tests/e2e/serve.mjs, opens the page in headless Chromium
// (Debian's /usr/bin/chromium) with N classes and K classifiers, then types into one cell of
// the first confusion matrix, EDITS times, and for each edit measures from just before the
// `input` event is dispatched:
//   * work  — until the app has finished reacting (every effect and microtask run, the next
//             task reached) and the browser has recomputed style and layout (forced);
//   * frame — until the end of the next animation frame (the requestAnimationFrame callback
//             plus a task posted from it, i.e. after that frame's rendering), which also
//             includes waiting for the frame to start.
// It prints the median and the max of both, and checks that the yield shown changed.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const dist = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--'))) ?? 'dist';
const n = opt('classes', 20);
const k = opt('classifiers', 5);
const edits = opt('edits', 20);
const port = opt('port', 4390);

// A reproducible problem: utilities with a dominant diagonal, classifiers around 70 % right.
let seed = 12345;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const rows = (f) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => f(i, j)).join(',')).join(';');
const u = rows((i, j) => (i === j ? 10 + Math.round(rnd() * 10) : -Math.round(rnd() * 20)));
const parts = [`v=1`, `view=compare`, `u=${u}`];
for (let c = 0; c < k; c++) {
  parts.push(`cm.${String.fromCharCode(65 + c)}=${rows((i, j) => (i === j ? 60 + Math.round(rnd() * 30) : Math.round(rnd() * 4)))}`);
}
const fragment = parts.join('&');

const server = spawn('node', [path.join(root, 'tests/e2e/serve.mjs'), '--port', String(port), '--mount', `/=${path.resolve(root, dist)}`], {
  stdio: 'ignore',
});
try {
  await new Promise((r) => setTimeout(r, 700));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:${port}/#${fragment}`);
  await page.getByTestId('yield-A').waitFor();
  await page.getByTestId('cm-editor-0').waitFor();
  await page.waitForTimeout(1000);
  const cells = await page.locator('input.cell').count();
  const result = await page.evaluate(async (edits) => {
    const input = document.querySelector("[data-testid='cm-editor-0'] input[data-r='1'][data-c='2']");
    const yieldEl = () => document.querySelector("[data-testid='yield-A']");
    const nextTask = () => new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); });
    const nextFrameEnd = () => new Promise((r) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); }));
    const work = [];
    const frame = [];
    const yields = [];
    for (let e = 0; e < edits + 3; e++) {
      await nextFrameEnd();
      await new Promise((r) => setTimeout(r, 30));
      const value = String(5 + (e % 7) * 11);
      const t0 = performance.now();
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const framePromise = nextFrameEnd().then(() => performance.now());
      await nextTask();
      document.body.getBoundingClientRect(); // style + layout
      const t1 = performance.now();
      const t2 = await framePromise;
      if (e >= 3) { // the first edits warm up the JIT and caches
        work.push(t1 - t0);
        frame.push(t2 - t0);
        yields.push(yieldEl()?.getAttribute('data-value'));
      }
    }
    return { work, frame, yields };
  }, edits);
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)], max: s[s.length - 1], min: s[0] };
  };
  const w = stats(result.work);
  const f = stats(result.frame);
  const distinct = new Set(result.yields).size;
  console.log(`Compare view, ${n} classes, ${k} classifiers (${cells} editable cells), ${edits} edits of one cell:`);
  console.log(`  work  (input event → app done + style/layout): median ${w.median.toFixed(2)} ms, min ${w.min.toFixed(2)}, max ${w.max.toFixed(2)}`);
  console.log(`  frame (input event → end of next animation frame): median ${f.median.toFixed(2)} ms, min ${f.min.toFixed(2)}, max ${f.max.toFixed(2)}`);
  console.log(`  one frame at 60 Hz = 16.7 ms; yield-A took ${distinct} distinct values${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
  await browser.close();
} finally {
  server.kill();
}
