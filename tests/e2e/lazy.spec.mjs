// The page's code in pieces (crates/ui/src/lazy.rs, scripts/app.mjs, scripts/bundle.mjs): the
// first page's numbers come from the main module alone, before any chunk is fetched; the
// Compare editors, metrics table and chart (one bundle) and then, once that one is in, the How
// sure card with the import form (another) and the share bar (a third): four wasm files in all; every other view's code is fetched the first time it opens, once; a
// chunk that cannot be fetched gives a message and a Retry button, not a broken page.
import { test, expect } from './fixtures.mjs';
import { MOUNTS, openApp, expectCleanLog } from './helpers.mjs';

/** A view's code in the app's hashed folder: `split_<view>.wasm`, or the bundle holding it. */
const FILE = { compare: 'bundle_compare', later: 'bundle_later', share_bar: 'bundle_chrome', print_link: 'bundle_chrome' };
const chunk = (name) => new RegExp(`/app-[0-9a-f]{16}/${FILE[name] ?? `split_${name}`}\\.wasm$`);
const fetched = (log, name) => log.requests.some((u) => chunk(name).test(u));

for (const { prefix, what } of MOUNTS) {
  test(`served as ${what}: each view's code is fetched when it opens, and once`, async ({ page }) => {
    const log = await openApp(page, prefix);
    await expect(page.getByTestId('yield-A')).toHaveText('3.5');
    await expect(page.getByTestId('problem')).toBeVisible();
    await expect(page.getByTestId('yields-chart')).toBeVisible();
    await expect(page.locator('#boot'), 'the loading line of index.html is gone').toHaveCount(0);
    expect(fetched(log, 'compare')).toBe(true);
    expect(fetched(log, 'later'), 'How sure and the import form').toBe(true);
    expect(fetched(log, 'share_bar')).toBe(true);
    expect(fetched(log, 'print_link'), 'the handout link (QR code) after the first page').toBe(true);
    // Four wasm files (issue 29: they were ~130): the main module, then the Compare bundle, and
    // How sure's and the share bar's only once that one is in.
    const wasm = log.requests.filter((u) => new URL(u).pathname.endsWith('.wasm') && !u.includes('mc_worker'));
    const names = wasm.map((u) => u.replace(/^.*\//, ''));
    expect(names.slice(0, 2)).toEqual(['utility-lab_bg.wasm', 'bundle_compare.wasm']);
    expect(names.slice(2).sort()).toEqual(['bundle_chrome.wasm', 'bundle_later.wasm']);
    for (const view of ['story', 'reliability', 'decide', 'space', 'pd', 'roc', 'probs']) {
      expect(fetched(log, view), `${view} before it opened`).toBe(false);
    }

    await page.locator('a[data-view="decide"]').click();
    await expect(page.getByTestId('view-decide')).toBeVisible();
    expect(fetched(log, 'decide')).toBe(true);
    expect(fetched(log, 'space')).toBe(false);

    // Opened again: rendered from the loaded code, with no request and no loading line.
    await page.locator('a[data-view="compare"]').click();
    await expect(page.getByTestId('yield-A')).toHaveText('3.5');
    const before = log.requests.length;
    await page.locator('a[data-view="decide"]').click();
    await expect(page.getByTestId('view-decide')).toBeVisible();
    await expect(page.getByTestId('part-loading')).toHaveCount(0);
    const code = log.requests.slice(before).filter((u) => /\.(wasm|js)$/.test(new URL(u).pathname));
    expect(code, 'code fetched again').toEqual([]);
    expectCleanLog(log, new URL(page.url()).origin, prefix);
  });
}

test('the numbers are on screen while the editors and the chart still load', async ({ page }) => {
  // A link with its own state (the factory in light colours), so the numbers are the app's own,
  // not the first page the build drew for the plain link (scripts/prerender.mjs).
  const link = '/#v=1&view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short&theme=light';
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(/bundle_(compare|later|chrome)\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  // What the page shows when its first chunk is linked: the loader's work comes after the
  // numbers, and after a frame with them (the frames counted from the yield's first text).
  await page.addInitScript(() => {
    window.__frames = 0;
    new MutationObserver((_, observer) => {
      if (document.querySelector("[data-testid='yield-A']")?.textContent) {
        observer.disconnect();
        const tick = () => {
          window.__frames += 1;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
    // The first chunk's linking (the page's loader may ask for the Compare bundle while the
    // main module still downloads: a request, no work on the page's thread): the second
    // instantiation, the first being the main module's.
    const instantiate0 = WebAssembly.instantiateStreaming;
    let calls = 0;
    WebAssembly.instantiateStreaming = function (...args) {
      calls += 1;
      if (calls === 2) {
        const shown = document.querySelector("[data-testid='yield-A']")?.textContent ?? null;
        window.__firstChunk = { shown, frames: window.__frames };
      }
      return instantiate0.apply(this, args);
    };
  });
  await page.goto(link);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByTestId('yield-A')).toHaveText('3.5');
  await expect(page.getByTestId('yields-table')).toBeVisible();
  const first = await page.evaluate(() => window.__firstChunk);
  expect(first.shown, 'the yield shown when the first chunk was linked').toBe('3.5');
  expect(first.frames, 'frames drawn with the yields before the first chunk was linked').toBeGreaterThanOrEqual(1);
  await expect(page.getByText('Loading the editors…')).toBeVisible();
  await expect(page.getByText('Loading the chart…')).toBeVisible();
  await expect(page.getByText('Loading the metrics table…')).toBeVisible();
  await expect(page.getByText('Loading the sharing tools…')).toBeVisible();
  await expect(page.getByText('Loading how sure the ranking is…')).toBeVisible();
  await expect(page.getByTestId('part-loading').first()).toHaveAttribute('role', 'status');
  release();
  await expect(page.getByTestId('problem')).toBeVisible();
  await expect(page.getByTestId('yields-chart')).toBeVisible();
  await expect(page.getByTestId('metric-table')).toBeVisible();
  await expect(page.getByTestId('part-loading')).toHaveCount(0);
});

test('a view whose code cannot be fetched says so, and Retry loads it', async ({ page }) => {
  await openApp(page, '/');
  let fail = true;
  await page.route(/split_story\.wasm$/, (route) => (fail ? route.abort() : route.continue()));
  await page.locator('a[data-view="story"]').click();
  const failed = page.getByTestId('part-load-failed');
  await expect(failed).toContainText('Could not load the Story view');
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('app'), 'the rest of the page still works').toBeVisible();

  fail = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('view-story')).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a page opened in a background tab loads its parts before it is shown', async ({ page }) => {
  // A background tab: hidden, and its animation frames never come (until it is shown).
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'hidden', { get: () => true });
    Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto('/');
  await expect(page.getByTestId('yield-A')).toHaveText('3.5');
  await expect(page.getByTestId('problem'), 'the editors, with no frame drawn').toBeVisible();
  await expect(page.getByTestId('metric-table')).toBeVisible();
  await expect(page.getByTestId('part-loading')).toHaveCount(0);
});

test('the import form follows the editors: opened before its code is in, it says so, then shows the form', async ({ page }) => {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(/bundle_later\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('problem'), 'the editors, without the later bundle').toBeVisible();
  await page.getByTestId('import-open').click();
  await expect(page.getByText('Loading the import form…')).toBeVisible();
  release();
  await expect(page.getByTestId('import-text')).toBeVisible();
  await expect(page.getByText('Loading the import form…')).toHaveCount(0);
  await expect(page.getByTestId('compare-sure')).toBeVisible();
});

test('without the early request (a loader that did not ask), the Compare bundle is fetched as before', async ({ page }) => {
  // The page's loader leaves its early request in globalThis.__ulabEarly (scripts/app.mjs);
  // here that is lost: the chunk loader asks for the bundle itself.
  await page.addInitScript(() => {
    Object.defineProperty(globalThis, '__ulabEarly', { get: () => undefined, set: () => {}, configurable: true });
  });
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/');
  await expect(page.getByTestId('yield-A')).toHaveText('3.5');
  await expect(page.getByTestId('problem')).toBeVisible();
  await expect(page.getByTestId('metric-table')).toBeVisible();
  // Asked for twice: once early (its promise lost), once by the chunk loader.
  expect(requests.filter((u) => u.endsWith('/bundle_compare.wasm')).length).toBe(2);
});
