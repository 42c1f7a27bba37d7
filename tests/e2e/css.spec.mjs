// The page's two stylesheets (scripts/css.mjs, crates/ui/src/web/views_css.rs): the first page's,
// render-blocking, and the other views' (and the handout's), linked disabled and fetched only
// once the first page is painted, so that on a phone network it does not share the line with
// the app's wasm. Every view loaded on demand waits for it.
import { test, expect } from './fixtures.mjs';

const VIEWS_CSS = /\/views-[0-9a-f]{16}\.css$/;

/** The computed styles that make the page look as it does, of every element of the page. */
const styles = (page) =>
  page.evaluate(() => {
    const props = ['display', 'position', 'color', 'background-color', 'font-size', 'font-weight', 'padding', 'margin', 'border-width', 'width', 'height', 'gap', 'grid-template-columns', 'text-align', 'visibility'];
    return [...document.body.querySelectorAll('*')].map((e) => {
      const cs = getComputedStyle(e);
      // An element not rendered (in a closed <details>, say) has no size to compare.
      const boxed = e.checkVisibility();
      const shown = props.filter((p) => boxed || (p !== 'width' && p !== 'height'));
      return `${e.tagName.toLowerCase()}.${e.className?.baseVal ?? e.className} ${shown.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';')}`;
    });
  });

test('the views\' stylesheet is fetched after the first page\'s numbers, and only then', async ({ page }) => {
  const fetched = [];
  page.on('request', (r) => {
    if (VIEWS_CSS.test(r.url())) fetched.push(r.url());
  });
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector("[data-testid='yield-A']")?.textContent) {
        observer.disconnect();
        window.__yieldsAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/');
  await expect(page.getByTestId('yield-A')).toHaveText('3.5');
  const links = page.locator('link[rel="stylesheet"]');
  await expect(links).toHaveCount(2);
  await expect(links.nth(1)).toHaveAttribute('id', 'views-css');
  await expect(page.getByTestId('problem')).toBeVisible();
  await expect(links.nth(1), 'enabled by the app').not.toHaveAttribute('disabled', /.*/);
  expect(fetched).toHaveLength(1);
  const [start, yieldsAt] = await page.evaluate(() => [
    performance.getEntriesByType('resource').find((e) => /\/views-[0-9a-f]{16}\.css$/.test(e.name)).startTime,
    window.__yieldsAt,
  ]);
  expect(start, 'asked for after the yields were on screen').toBeGreaterThan(yieldsAt);
});

test('the first page looks the same with or without the views\' stylesheet', async ({ browser }) => {
  const look = async (withViews) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Without it: the fetch fails, and the parts show anyway (unstyled views, not a stuck page).
    if (!withViews) await page.route(VIEWS_CSS, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByTestId('problem')).toBeVisible();
    await expect(page.getByTestId('yields-chart')).toBeVisible();
    await expect(page.getByTestId('metric-table')).toBeVisible();
    // How sure works in the background (its card grows when it is done): both pages done.
    await expect(page.getByTestId('compare-sure')).toHaveAttribute('data-state', 'done', { timeout: 20000 });
    const s = await styles(page);
    await context.close();
    return s;
  };
  const without = await look(false);
  const withViews = await look(true);
  expect(without.length).toBeGreaterThan(100);
  // A rule the first page needs in a later stylesheet shows here: move it to the first page's.
  expect(without).toEqual(withViews);
});

test('a link to another view shows it styled, after its stylesheet has loaded', async ({ page }) => {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(VIEWS_CSS, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#view=decide&u=10,-1;0,0&decisions=buy,not-buy&classes=win,lose&p=0.2,0.8');
  await expect(page.getByText('Loading the Decide view…')).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.getByTestId('view-decide'), 'not shown unstyled').toHaveCount(0);
  release();
  await expect(page.getByTestId('view-decide')).toBeVisible();
  await expect(page.getByTestId('prob-list')).toHaveCSS('display', 'flex');
  await expect(page.getByTestId('decide-optimal')).toHaveText('buy');
});
