// The page's code in pieces (crates/ui/src/lazy.rs, scripts/app.mjs, scripts/bundle.mjs): the
// first page's numbers come from the main module alone, before any chunk is fetched; the
// Compare editors, metrics table and chart (a few bundles, asked for together) and then, once
// those are in, the How sure card with the import form and the share bar; every other view's
// code is fetched the first time it opens, once, and a link to another view fetches only the
// bundles holding its code (none of Compare's own for the Story and the Utility space); a
// chunk that cannot be fetched gives a message and a Retry button, not a broken page.
import { test, expect } from './fixtures.mjs';
import { MOUNTS, openApp, expectCleanLog } from './helpers.mjs';
import { fetchedBySplit, firstFiles } from '../../scripts/bundle.mjs';

/** The file holding a split point's own code: `split_<name>.wasm`, or the bundle named after it
 *  (the share bar's and the print link's: the chrome's; the state file's, fetched on demand). */
const OWN = { share_bar: 'chrome|share_bar', print_link: 'chrome|print_link' };
const chunk = (name) => new RegExp(`/app-[0-9a-f]{16}/(bundle|split)_(${OWN[name] ?? name})\\.wasm$`);
const fetched = (log, name) => log.requests.some((u) => chunk(name).test(u));
const wasmNames = (requests) =>
  requests.filter((u) => new URL(u).pathname.endsWith('.wasm') && !u.includes('mc_worker')).map((u) => u.replace(/^.*\//, ''));

/** The build's chunk loader (`__wasm_split.js`, written by scripts/bundle.mjs), as fetched. */
async function chunkLoader(page, requests) {
  const url = requests.find((u) => /\/app-[0-9a-f]{16}\/__wasm_split\.js$/.test(u));
  expect(url, 'the chunk loader was fetched').toBeTruthy();
  return page.evaluate(async (u) => (await fetch(u)).text(), url);
}

/** The files of Compare's first view, as the build's chunk loader lists them. */
async function firstViewFiles(page, requests) {
  const files = firstFiles(await chunkLoader(page, requests));
  expect(files.length, "the first view's bundles").toBeGreaterThan(0);
  return files;
}

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
    // A few wasm files (issue 29: they were ~130): the main module, then the first view's
    // bundles, and How sure's and the share bar's only once those are in.
    const names = wasmNames(log.requests);
    const firsts = await firstViewFiles(page, log.requests);
    expect(names.length, names.join(', ')).toBeLessThanOrEqual(12);
    expect(names[0]).toBe('utility-lab_bg.wasm');
    expect(names.slice(1, 1 + firsts.length).sort()).toEqual([...firsts].sort());
    expect(new Set(names).size, 'each file once').toBe(names.length);
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
  await page.route(/\/app-[0-9a-f]{16}\/(bundle|split|chunk)_\w+\.wasm$/, async (route) => {
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
  await page.route(/(bundle|split)_story\.wasm$/, (route) => (fail ? route.abort() : route.continue()));
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

test("the state file's code is fetched when a state is first saved or opened; if it cannot be, the page says so and the next try works", async ({ page }) => {
  const log = await openApp(page, '/');
  await expect(page.getByTestId('share-bar')).toBeVisible();
  expect(fetched(log, 'share_bar')).toBe(true);
  expect(fetched(log, 'state_file'), 'before any save').toBe(false);
  let fail = true;
  await page.route(chunk('state_file'), (route) => (fail ? route.abort() : route.continue()));
  const status = page.getByTestId('share-status');
  await page.getByTestId('export-json').click();
  await expect(status).toContainText('The state was not saved: the code for state files could not be loaded');
  await expect(status).toHaveClass(/is-error/);
  await page.getByTestId('import-json').setInputFiles({ name: 'saved.json', mimeType: 'application/json', buffer: Buffer.from('{}') });
  await expect(status).toContainText('saved.json was not opened, nothing was changed: the code for state files could not be loaded');
  await expect(page.getByTestId('yield-A'), 'the page still works').toHaveText('3.5');

  fail = false;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  expect(download.suggestedFilename()).toBe('utility-lab-state.json');
  expect(fetched(log, 'state_file')).toBe(true);
  await expect(status).toHaveCount(0);
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
  await page.route(/(bundle|split)_later\.wasm$/, async (route) => {
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

test("without the early request (a loader that did not ask), the first view's bundles are fetched as before", async ({ page }) => {
  // The page's loader leaves its early request in globalThis.__ulabEarly (scripts/app.mjs);
  // here that is lost: the chunk loader asks for the bundles itself.
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
  for (const file of await firstViewFiles(page, requests)) {
    expect(requests.filter((u) => u.endsWith(`/${file}`)).length, file).toBe(2);
  }
});

// The Story and the Utility space share no code with Compare's own bundle; Decide does (it then
// fetches that bundle, and only what it needs besides).
for (const [view, compareOwnFetched] of [['story', false], ['space', false], ['decide', true]]) {
  test(`a link to the ${view} view fetches only the bundles holding its code and the chrome's; Compare opens from it`, async ({ page }) => {
    const requests = [];
    page.context().on('request', (r) => requests.push(r.url()));
    await page.goto(`/#v=1&view=${view}&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short`);
    await expect(page.getByTestId(`view-${view}`)).toBeVisible();
    await expect(page.getByTestId('part-loading')).toHaveCount(0);
    const need = fetchedBySplit(await chunkLoader(page, requests));
    const allowed = new Set(['utility-lab_bg.wasm', ...need[view], ...need.share_bar, ...need.print_link]);
    const names = wasmNames(requests);
    expect(names.filter((n) => !allowed.has(n)), `fetched for the ${view} view: ${names.join(', ')}`).toEqual([]);
    expect(names.filter((n) => need[view].has(n)).length, `the ${view} view's own code`).toBeGreaterThan(0);
    // Compare's own bundle (its split point's code): only if the view needs code it holds.
    const compareOwn = [...need.compare].filter((f) => chunk('compare').test(`/app-0123456789abcdef/${f}`));
    expect(compareOwn.length).toBe(1);
    expect(need[view].has(compareOwn[0])).toBe(compareOwnFetched);
    expect(names.includes(compareOwn[0])).toBe(compareOwnFetched);

    await page.locator('a[data-view="compare"]').click();
    await expect(page.getByTestId('yield-A')).toHaveText('3.5');
    await expect(page.getByTestId('problem')).toBeVisible();
    await expect(page.getByTestId('metric-table')).toBeVisible();
    await expect(page.getByTestId('part-loading')).toHaveCount(0);
    expect(wasmNames(requests)).toContain(compareOwn[0]);
    expect(new Set(wasmNames(requests)).size, 'each file once').toBe(wasmNames(requests).length);
  });
}

// The page's loader reads the link's view to ask for Compare's code early (scripts/app.mjs): a
// view it cannot read or does not know is Compare's (the app says what it could not read).
for (const [what, view] of [['an unknown view', 'nonsense'], ['a broken escape', '%E0%A4%A'], ['an escaped Story', '%73tory']]) {
  test(`a link with ${what} opens as the app reads it, with every part loaded`, async ({ page }) => {
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const requests = [];
    page.context().on('request', (r) => requests.push(r.url()));
    await page.goto(`/#v=1&view=${view}&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short`);
    if (view === '%73tory') {
      await expect(page.getByTestId('view-story')).toBeVisible();
    } else {
      await expect(page.getByTestId('yield-A')).toHaveText('3.5');
      await expect(page.getByTestId('problem')).toBeVisible();
    }
    await expect(page.getByTestId('part-loading')).toHaveCount(0);
    const names = wasmNames(requests);
    expect(new Set(names).size, `each file once: ${names.join(', ')}`).toBe(names.length);
    expect(errors).toEqual([]);
  });
}

test("a first-view bundle that cannot be fetched fails only the parts that need it: the share bar still loads", async ({ page }) => {
  let fail = true;
  await page.route(/\/app-[0-9a-f]{16}\/(bundle|split)_compare\.wasm$/, (route) => (fail ? route.abort() : route.continue()));
  await page.goto('/#v=1&view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short');
  await expect(page.getByTestId('yield-A')).toHaveText('3.5');
  await expect(page.getByTestId('part-load-failed').first()).toBeVisible();
  await expect(page.getByTestId('share-bar'), 'the share bar waits for the first bundles, then loads').toBeVisible();
  fail = false;
  // Each part that failed has its Retry.
  const retry = page.getByTestId('part-load-failed').getByRole('button', { name: 'Retry' });
  while ((await retry.count()) > 0) await retry.first().click();
  await expect(page.getByTestId('part-load-failed')).toHaveCount(0);
  await expect(page.getByTestId('problem')).toBeVisible();
  await expect(page.getByTestId('metric-table')).toBeVisible();
});
