// Offline after the first visit: the service worker sw.js (written by scripts/sw.mjs after the
// release build, registered by crates/ui/src/web/offline.rs) caches the built files, so that a link
// opened once — or any other link of the same page — opens again with no network, the Monte
// Carlo workers included; a new deployment replaces the cache on the next online visit; and
// an embed in a frame of another origin works as before.
//
// The other specs block service workers (playwright.config.mjs); these allow them. Each test
// serves the build itself (tests/e2e/serve.mjs on a port of its own), so that "offline" is
// real: the browser context is set offline and the server is stopped.
import { test, expect } from './fixtures.mjs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './serve.mjs';

test.use({ serviceWorkers: 'allow' });

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.resolve(root, process.env.E2E_DIST ?? 'dist');
const distSubpath = path.resolve(root, process.env.E2E_DIST_SUBPATH ?? 'dist-subpath');
const MINUS = '\u2212';

/** Serves `mounts` on a free port; `stop()` closes the server and its open connections. */
async function serve(mounts = [
  { prefix: '/some/path/', dir: distSubpath },
  { prefix: '/', dir: dist },
]) {
  const server = await startServer({ port: 0, host: '127.0.0.1', mounts });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const stop = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  return { origin, stop };
}

/** Records console errors and uncaught exceptions of every page of the context. */
function recordErrors(context) {
  const errors = [];
  const watch = (page) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return errors;
}

/** Waits until the page is controlled by its service worker; returns the worker's scope. */
async function controlled(page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
      timeout: 20_000,
    })
    .toBe('activated');
  return page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
}

/** The names of the page's caches and, for each, how many files it holds. */
const cacheList = (page) =>
  page.evaluate(async () =>
    Promise.all(
      (await caches.keys()).map(async (name) => [name, (await (await caches.open(name)).keys()).length]),
    ),
  );

for (const prefix of ['/', '/some/path/']) {
  test(`from ${prefix}: after one visit, other links open offline with their numbers, workers included`, async ({
    context,
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = recordErrors(context);
    const { origin, stop } = await serve();
    const app = `${origin}${prefix}`;
    await page.goto(`${app}#view=compare`);
    await expect(page.getByTestId('yield-A')).toHaveText('3.5');
    expect(await controlled(page)).toBe(app);
    // One cache, named after the scope and the build, holding every file of the build.
    const caches = await cacheList(page);
    expect(caches).toHaveLength(1);
    expect(caches[0][0]).toMatch(new RegExp(`^utility-lab ${app.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} [0-9a-f]{16}$`));
    expect(caches[0][1]).toBeGreaterThan(10);
    // The footer says so (issue 29: the cache waited for the view and an idle moment).
    await expect(page.getByTestId('offline-status')).toHaveAttribute('data-state', 'ready');

    // No network at all: the context offline, the server gone.
    await context.setOffline(true);
    await stop();

    // A different link, in a new page: a preset of another view, with its own numbers.
    const other = await context.newPage();
    const response = await other.goto(
      `${app}#view=decide&u=15,-335;-35,165&cm.A=27,15;23,35&classes=long,short&alpha=0&p=0.5,0.5`,
    );
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(other.getByTestId('remap-yield-0')).toHaveText('65');
    // And the Compare view of another example.
    await other.goto(`${app}#view=compare&u=1,0;0,1&cm.A=27,15;23,35&cm.B=43,18;7,32`);
    await other.reload();
    await expect(other.getByTestId('yield-B')).toHaveText('0.75');
    await expect(other.getByTestId('yield-A')).toHaveText('0.62');

    // The Monte Carlo workers start from the cache and compute (the golden tally of
    // tests/it/mc_determinism.rs golden_tallies: 84 of 1 000 pairs mis-ranked by accuracy).
    await other.goto(`${app}#view=reliability&pairs=1000&seed=42`);
    await other.reload();
    await expect(other.getByTestId('worker-status')).toHaveAttribute('data-state', 'ready');
    await other.getByTestId('mc-run').click();
    await expect(other.getByTestId('mc-status')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    const tally = JSON.parse(await other.getByTestId('mc-table').getAttribute('data-tally'));
    expect(tally.misranked.accuracy).toBe(84);
    expect(errors).toEqual([]);
  });
}

test('a new deployment replaces the cache on the next online visit', async ({ context, page }) => {
  test.setTimeout(90_000);
  // A copy of the build that can be "deployed" again.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'utility-lab-deploy-'));
  try {
    cpSync(dist, dir, { recursive: true });
    const { origin, stop } = await serve([{ prefix: '/', dir }]);
    await page.goto(`${origin}/#view=compare`);
    await expect(page.getByTestId('yield-A')).toHaveText('3.5');
    await controlled(page);
    const [[first]] = await cacheList(page);

    // The new deployment: another index.html (and so another sw.js).
    const index = path.join(dir, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('<title>Utility Lab</title>', '<title>Utility Lab 2</title>'));
    execFileSync(process.execPath, [path.join(root, 'scripts/sw.mjs'), dir]);

    // The next online visit installs it; its activation deletes the old cache.
    await page.goto('about:blank');
    await page.goto(`${origin}/#view=story`);
    await expect(page).toHaveTitle('Utility Lab 2');
    await expect.poll(() => cacheList(page).then((c) => c.map(([name]) => name))).not.toContain(first);
    const now = await cacheList(page);
    expect(now).toHaveLength(1);

    // Offline, the new page is the one served.
    await context.setOffline(true);
    await stop();
    const other = await context.newPage();
    await other.goto(`${origin}/#view=compare`);
    await expect(other).toHaveTitle('Utility Lab 2');
    await expect(other.getByTestId('yield-B')).toHaveText(`${MINUS}3.5`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an embed in a frame of another origin works, the service worker or not', async ({ context, page }) => {
  const errors = recordErrors(context);
  // A course page of another origin frames the app: the page at localhost, the app at
  // 127.0.0.1 (same server; a page served from the internet may not frame a local address).
  const course = mkdtempSync(path.join(os.tmpdir(), 'utility-lab-course-'));
  const { origin, stop } = await serve([
    { prefix: '/course/', dir: course },
    { prefix: '/', dir: dist },
  ]);
  try {
    writeFileSync(
      path.join(course, 'index.html'),
      `<!doctype html><title>Course</title><link rel="icon" href="data:,"><h1>Course</h1>
       <iframe src="${origin}/#view=compare&amp;embed=1&amp;u=1,0;0,1&amp;cm.A=27,15;23,35&amp;cm.B=43,18;7,32" width="800" height="900"></iframe>`,
    );
    // The app's own origin has been visited: its worker is installed.
    await page.goto(`${origin}/#view=compare`);
    await controlled(page);
    const host = await context.newPage();
    await host.goto(`${origin.replace('127.0.0.1', 'localhost')}/course/`);
    const frame = host.frameLocator('iframe');
    await expect(frame.getByTestId('embed-bar')).toBeVisible();
    await expect(frame.getByTestId('yield-A')).toHaveText('0.62');
    await expect(frame.getByTestId('yield-B')).toHaveText('0.75');
    expect(errors).toEqual([]);
  } finally {
    await stop();
    rmSync(course, { recursive: true, force: true });
  }
});

test('a browser that asks to save data caches nothing, and the footer says so', async ({ context, page }) => {
  const { origin, stop } = await serve();
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
  });
  await page.goto(`${origin}/#view=compare`);
  await expect(page.getByTestId('yield-A')).toHaveText('3.5');
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-state', 'save-data');
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(await cacheList(page)).toEqual([]);
  await stop();
});

test('the service worker is registered only once the view is complete', async ({ context, page }) => {
  const { origin, stop } = await serve();
  // When the page's last piece of wasm came, and when the service worker's script was asked for.
  const times = { wasm: [], sw: null };
  page.on('requestfinished', (r) => {
    if (/\.wasm$/.test(r.url())) times.wasm.push(Date.now());
  });
  context.on('request', (r) => {
    if (r.url().endsWith('/sw.js') && times.sw === null) times.sw = Date.now();
  });
  await page.goto(`${origin}/#view=compare`);
  await expect(page.getByTestId('part-loading')).toHaveCount(0);
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  expect(times.sw).not.toBeNull();
  expect(times.wasm.length).toBeGreaterThan(1);
  expect(Math.max(...times.wasm)).toBeLessThanOrEqual(times.sw);
  await stop();
});
