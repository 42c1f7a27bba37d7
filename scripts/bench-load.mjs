// Size and load time of the built page (speed is measured here, never asserted in tests).
//
//   node scripts/bench-load.mjs [DIST] [--runs 5] [--port 4391] [--uncompressed]
//   node scripts/bench-load.mjs [DIST] --runs 0        # the sizes only
//   node scripts/bench-load.mjs [DIST] --views story,decide   # those views' links only (none: no view's)
//
// 1. Sizes of DIST (default dist/): the main wasm, the views' chunks (all together; the largest
//    alone), the worker wasm, all JS and all CSS — raw,
//    gzip -9 and brotli (quality 11, what static hosts serve).
// 2. Cold load in headless Chromium (Debian's /usr/bin/chromium), DIST served as a static host
//    serves it (brotli, tests/e2e/serve.mjs --compress; with --uncompressed as a host without
//    compression serves it, e.g. `python3 -m http.server`), a fresh browser context per run (empty
//    cache): the time from navigation start to the factory yields on screen (the Compare
//    view's `yield-A` cell filled: for the plain link, the first page the build drew,
//    scripts/prerender.mjs), to the yields the app draws itself (a link with its own state: the
//    factory with one cell changed), and to the editors (the Compare chunk loaded, the page
//    complete), median / min / max of RUNS runs (default 5) —
//    * unthrottled (local server), and
//    * "Fast 3G" as issue 13 defines it: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency,
//      through the DevTools protocol's Network.emulateNetworkConditions, and
//    * the same with 90 % of those rates (1.44 Mbit/s down), as DevTools' own "Fast 3G" preset
//      scales them: stricter, the figure this benchmark printed before 2026-11-25.
//    Before them: a link to each view at Fast 3G, the wasm its visit fetches (gzip -9, no service
//    worker) and the time to the view complete (median of RUNS).
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { startServer } from '../tests/e2e/serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const VALUED = ['--runs', '--port', '--views'];
const dist = path.resolve(root, args.find((a, i) => !a.startsWith('--') && !(i > 0 && VALUED.includes(args[i - 1]))) ?? 'dist');
const compress = !args.includes('--uncompressed');
const runs = opt('runs', 5);
const port = opt('port', 4391);
const ALL_VIEWS = ['compare', 'space', 'reliability', 'roc', 'decide', 'pd', 'story', 'probs'];
const viewsArg = args.includes('--views') ? args[args.indexOf('--views') + 1] ?? '' : null;
const VIEWS = viewsArg === null ? ALL_VIEWS : viewsArg === 'none' ? [] : viewsArg.split(',');
for (const v of VIEWS) if (!ALL_VIEWS.includes(v)) throw new Error(`--views: no view ${v} (${ALL_VIEWS.join(', ')}, or none)`);

// ---- 1. sizes ----
// Every file, with its path under DIST (the app's wasm is in the folder app-<hash>/).
const listFiles = (sub = '') =>
  readdirSync(path.join(dist, sub)).flatMap((f) => {
    const rel = sub ? `${sub}/${f}` : f;
    return statSync(path.join(dist, rel)).isDirectory() ? listFiles(rel) : [rel];
  });
const files = listFiles();
const sizes = (names) => {
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const f of names) {
    const body = readFileSync(path.join(dist, f));
    raw += body.length;
    // The gzip command, as scripts/test.sh's size check measures it.
    gz += execFileSync('gzip', ['-9', '-c', path.join(dist, f)], { maxBuffer: 1 << 30 }).length;
    br += zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gz, br, n: names.length };
};
const groups = [
  ['main wasm', files.filter((f) => /^app-[0-9a-f]+\/utility-lab_bg\.wasm$/.test(f))],
  ['view chunks', files.filter((f) => /^app-[0-9a-f]+\/(?!utility-lab_bg).*\.wasm$/.test(f))],
  ['worker wasm', files.filter((f) => f === 'mc_worker_bg.wasm')],
  ['JS', files.filter((f) => f.endsWith('.js'))],
  ['CSS', files.filter((f) => f.endsWith('.css'))],
];
const kb = (b) => `${(b / 1024).toFixed(1)} KiB`.padStart(11);
console.log(`Sizes of ${path.relative(root, dist) || '.'}/ (raw, gzip -9, brotli 11):`);
for (const [name, names] of groups) {
  if (names.length === 0) throw new Error(`no ${name} in ${dist}: did trunk build?`);
  const s = sizes(names);
  console.log(`  ${name.padEnd(12)}${kb(s.raw)}${kb(s.gz)}${kb(s.br)}   (${s.n} file${s.n > 1 ? 's' : ''}; ${s.gz} bytes gzip)`);
  if (names.length > 1) {
    const each = names.map((f) => [f, sizes([f])]).sort((a, b) => b[1].gz - a[1].gz);
    for (const [f, e] of each.slice(0, 12)) console.log(`    ${path.basename(f).padEnd(30)}${kb(e.raw)}${kb(e.gz)}${kb(e.br)}`);
    if (each.length > 12) console.log(`    … and ${each.length - 12} smaller`);
  }
}

// ---- 2. cold load (none with --runs 0: the sizes only) ----
if (runs === 0) process.exit(0);
const fast3g = (share) => ({ offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * share, uploadThroughput: (750e3 / 8) * share });
const server = await startServer({ port, host: '127.0.0.1', mounts: [{ prefix: '/', dir: dist }], compress });
console.log(`Served ${compress ? 'with brotli' : 'uncompressed'}.`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  // Warm the server's compressed copies so the first run does not pay for brotli.
  for (const f of files) await fetch(`http://127.0.0.1:${port}/${f}`, { headers: { 'Accept-Encoding': 'br' } }).then((r) => r.arrayBuffer());
  // What a phone fetches to open one view, and how long it takes: a link to the view (the
  // factory's problem), Fast 3G, the wasm files a fresh visit asks for until the view is
  // complete (no "Loading …" line left, then 3 s more), with no service worker (its offline
  // cache fetches every file once the page is idle: the sizes above, all together); the time
  // from navigation start to the view complete, median of RUNS visits.
  const FACTORY = 'u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
  if (VIEWS.length) console.log(`A link to each view at Fast 3G: the wasm a visit fetches (gzip -9, no offline cache), the view complete (median of ${runs}):`);
  for (const view of VIEWS) {
    const times = [];
    let wasm;
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', fast3g(1));
      wasm = new Set();
      context.on('request', (r) => {
        const p = new URL(r.url()).pathname.slice(1);
        if (p.endsWith('.wasm')) wasm.add(p);
      });
      const complete = () => page.waitForFunction(
        () => (document.querySelector('main') && !document.querySelector("[data-testid='part-loading']") ? performance.now() : null),
        null,
        { polling: 'raf', timeout: 120000 },
      );
      await page.goto(`http://127.0.0.1:${port}/#v=1&view=${view}&${FACTORY}`, { waitUntil: 'commit' });
      times.push(await (await complete()).jsonValue());
      await page.waitForTimeout(3000);
      await complete();
      await context.close();
    }
    times.sort((a, b) => a - b);
    const s = sizes([...wasm]);
    console.log(`  ${view.padEnd(12)}${kb(s.gz)}  ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s   (${s.n} files: ${[...wasm].map((f) => path.basename(f, '.wasm')).join(', ')})`);
  }

  // A link with its own state: the build's first page is not shown, the app draws the yields.
  const STATE = '#v=1&view=compare&u=15,-335;-35,165&cm.A=28,15;22,35&cm.B=43,18;7,32&classes=long,short';
  const load = async (network, hash = '') => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network) await cdp.send('Network.emulateNetworkConditions', network);
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`http://127.0.0.1:${port}/${hash}`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const cell = document.querySelector("[data-testid='yield-A']");
        return cell && cell.textContent.trim() !== '' ? performance.now() : null;
      },
      null,
      { polling: 'raf', timeout: 120000 },
    );
    const ms = await handle.jsonValue();
    // The editors (the Compare chunk) after the numbers: the page complete.
    const editors = await page.waitForFunction(
      () => (document.querySelector("[data-testid='problem']") ? performance.now() : null),
      null,
      { polling: 'raf', timeout: 120000 },
    );
    const complete = await editors.jsonValue();
    await context.close();
    if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
    return [ms, complete];
  };
  for (const [label, network] of [
    ['unthrottled', null],
    ['Fast 3G (1.6 Mbit/s, 150 ms)', fast3g(1)],
    ['Fast 3G at 90 % (1.44 Mbit/s, 150 ms)', fast3g(0.9)],
  ]) {
    const results = [];
    for (let r = 0; r < runs; r++) results.push([...(await load(network)), (await load(network, STATE))[0]]);
    for (const [i, what] of [
      [0, 'the factory yields'],
      [2, 'the yields of a link with its own state'],
      [1, 'the editors'],
    ]) {
      const times = results.map((t) => t[i]).sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      console.log(
        `Cold load to ${what}, ${label}: median ${median.toFixed(0)} ms, min ${times[0].toFixed(0)}, max ${times[times.length - 1].toFixed(0)} (${runs} runs)`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}
