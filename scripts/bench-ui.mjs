// Latency of the interactions that must fit in a frame. Speed is measured here, never asserted
// in tests.
//
//   node scripts/bench-ui.mjs [DIST] [--view compare|decide|space|all] [--classes 20]
//                             [--classifiers 5] [--edits 20] [--port 4390]
//
// Serves DIST (default dist/) with tests/e2e/serve.mjs, opens the page in headless Chromium
// (Debian's /usr/bin/chromium) and repeats one interaction EDITS times (after 3 to warm up):
//   * compare — typing into one cell of the first confusion matrix of a problem with N classes
//               and K classifiers ("editing a cell updates every number and plot within one
//               frame for up to 20 classes");
//   * decide  — moving the first class-probability slider of the Decide view on the same
//               problem (the expected utilities, the decision and the plots follow);
//   * space   — dragging the point of the Utility space diagram (2 × 2, K classifiers): one
//               pointer move each time (the winner map, the point and the yields follow).
// For each step it measures from just before the event is dispatched:
//   * work  — until the app has finished reacting (every effect and microtask run, the next
//             task reached) and the browser has recomputed style and layout (forced);
//   * frame — until the end of the next animation frame (the requestAnimationFrame callback
//             plus a task posted from it, i.e. after that frame's rendering), which also
//             includes waiting for the frame to start.
// It prints the median, min and max of both, and checks that what the step changes changed;
// and the machine's load average after each view's steps (the medians follow it).
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
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
const n = opt('classes', 20);
const k = opt('classifiers', 5);
const edits = opt('edits', 20);
const port = opt('port', 4390);
const viewAt = args.indexOf('--view');
const which = viewAt >= 0 ? args[viewAt + 1] : 'all';
const views = which === 'all' ? ['compare', 'decide', 'space'] : [which];
if (!views.every((v) => ['compare', 'decide', 'space'].includes(v))) throw new Error(`--view ${which}: compare, decide, space or all`);

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
// The Utility space diagram is for 2 decisions × 2 classes: the factory, with K classifiers.
const spaceParts = ['v=1', 'view=space', 'u=15,-335;-35,165'];
for (let c = 0; c < k; c++) spaceParts.push(`cm.${String.fromCharCode(65 + c)}=${20 + 5 * c},${15 - 2 * c};${23 - 3 * c},${35 + c}`);

const server = spawn('node', [path.join(root, 'tests/e2e/serve.mjs'), '--port', String(port), '--mount', `/=${path.resolve(root, dist)}`], {
  stdio: 'ignore',
});
try {
  await new Promise((r) => setTimeout(r, 700));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  for (const view of views) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    if (view === 'space') {
      await page.goto(`http://127.0.0.1:${port}/#${spaceParts.join('&')}`);
      await page.getByTestId('space-yields').waitFor();
    } else {
      await page.goto(`http://127.0.0.1:${port}/#${fragment.replace('view=compare', `view=${view}`)}`);
      await page.getByTestId(view === 'compare' ? 'cm-editor-0' : 'prob-slider-0').waitFor();
    }
    await page.waitForTimeout(1000);
    const result = await page.evaluate(
      async ([view, edits]) => {
        const nextTask = () => new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); });
        const nextFrameEnd = () => new Promise((r) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); }));
        const text = (sel) => document.querySelector(sel)?.textContent ?? null;
        let step;
        let shown;
        if (view === 'compare') {
          const input = document.querySelector("[data-testid='cm-editor-0'] input[data-r='1'][data-c='2']");
          step = (e) => { input.value = String(5 + (e % 7) * 11); input.dispatchEvent(new Event('input', { bubbles: true })); };
          shown = () => document.querySelector("[data-testid='yield-A']")?.getAttribute('data-value');
        } else if (view === 'decide') {
          const slider = document.querySelector("[data-testid='prob-slider-0']");
          step = (e) => { slider.value = String(0.02 + (e % 9) * 0.01); slider.dispatchEvent(new Event('input', { bubbles: true })); };
          shown = () => document.querySelector("[data-testid='prob-field-0']")?.value;
        } else {
          const div = document.querySelector("[data-testid='space-diagram']");
          div.scrollIntoView({ block: 'center' }); // the press focuses it: no scroll during the drag
          await nextFrameEnd();
          const r = div.querySelector('canvas').getBoundingClientRect();
          const side = Math.min(Math.max(r.width - 52, 60), 560);
          const left = r.left + 40 + Math.max(r.width - 52 - side, 0) / 2;
          const px = (x, y) => [left + ((x + 1.1) / 2.2) * side, r.top + 10 + ((1.1 - y) / 2.2) * side];
          const fire = (type, [cx, cy]) => div.dispatchEvent(new PointerEvent(type, { clientX: cx, clientY: cy, bubbles: true, pointerId: 1, button: 0, isPrimary: true }));
          fire('pointerdown', px(0.3, -0.6));
          await nextFrameEnd();
          // Back and forth across the diagram, so the winner changes on the way.
          step = (e) => { const t = (e % 20) / 19; const u = Math.floor(e / 20) % 2 ? 1 - t : t; fire('pointermove', px(0.3 - 0.8 * u, -0.6 + 0.9 * u)); };
          shown = () => text("[data-testid='space-yields'] tbody");
        }
        const work = [];
        const frame = [];
        const seen = [];
        for (let e = 0; e < edits + 3; e++) {
          await nextFrameEnd();
          await new Promise((r) => setTimeout(r, 30));
          const t0 = performance.now();
          step(e);
          const framePromise = nextFrameEnd().then(() => performance.now());
          await nextTask();
          document.body.getBoundingClientRect(); // style + layout
          const t1 = performance.now();
          const t2 = await framePromise;
          if (e >= 3) { // the first steps warm up the JIT and caches
            work.push(t1 - t0);
            frame.push(t2 - t0);
            seen.push(shown());
          }
        }
        return { work, frame, distinct: new Set(seen).size, cells: document.querySelectorAll('input.cell').length };
      },
      [view, edits],
    );
    const stats = (xs) => {
      const s = [...xs].sort((a, b) => a - b);
      return { median: s[Math.floor(s.length / 2)], max: s[s.length - 1], min: s[0] };
    };
    const w = stats(result.work);
    const f = stats(result.frame);
    const what = {
      compare: `Compare view, ${n} classes, ${k} classifiers (${result.cells} editable cells), ${edits} edits of one cell`,
      decide: `Decide view, ${n} classes, ${k} classifiers, ${edits} moves of a probability slider`,
      space: `Utility space view, 2 × 2, ${k} classifiers, ${edits} pointer moves of a drag`,
    }[view];
    console.log(`${what}:`);
    console.log(`  work  (event → app done + style/layout): median ${w.median.toFixed(2)} ms, min ${w.min.toFixed(2)}, max ${w.max.toFixed(2)}`);
    console.log(`  frame (event → end of next animation frame): median ${f.median.toFixed(2)} ms, min ${f.min.toFixed(2)}, max ${f.max.toFixed(2)}`);
    console.log(`  one frame at 60 Hz = 16.7 ms; what the step changes took ${result.distinct} distinct values${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
    // The medians follow the machine's load more than anything else: say what it was.
    console.log(`  load average (1 min) ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`);
    if (result.distinct < 2) throw new Error(`${view}: the page did not change with the steps`);
    await page.close();
  }
  await browser.close();
} finally {
  server.kill();
}
