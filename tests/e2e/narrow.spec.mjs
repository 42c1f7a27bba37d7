// Issue 28, item 8: embedded in a 320 px column (a course page on a phone), the key number of
// every table is in sight without sideways scrolling: the yield in Compare's table, the yield
// in ROC's, the best decision in Decide's remap table. What follows the key column may scroll.
import { test, expect } from './fixtures.mjs';

const FACTORY = 'u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';

test.use({ viewport: { width: 320, height: 800 } });

/** Whether `locator` lies within the viewport's width and within its scroll region unscrolled. */
async function expectInSight(locator) {
  await expect(locator).toBeVisible();
  const r = await locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const region = el.closest('.table-scroll, .matrix-editor');
    const clip = region ? region.getBoundingClientRect() : { left: 0, right: innerWidth };
    return { left: box.left, right: box.right, clipLeft: clip.left, clipRight: clip.right, scroll: region ? region.scrollLeft : 0, width: innerWidth };
  });
  expect(r.scroll).toBe(0);
  expect(r.left).toBeGreaterThanOrEqual(r.clipLeft - 0.5);
  expect(r.right, 'the key number is cut').toBeLessThanOrEqual(Math.min(r.clipRight, r.width) + 0.5);
}

async function open(page, fragment, view) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const response = await page.goto(`/#embed=1&${fragment}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId(`view-${view}`)).toBeVisible();
  return errors;
}

test('Compare: the yield per item of each classifier', async ({ page }) => {
  const errors = await open(page, FACTORY, 'compare');
  await expectInSight(page.getByTestId('yield-A'));
  await expectInSight(page.getByTestId('yield-B'));
  await expectInSight(page.getByTestId('trivial-short'));
  expect(errors).toEqual([]);
});

test('ROC: the yield at the best threshold', async ({ page }) => {
  const errors = await open(page, 'view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5', 'roc');
  for (const cell of await page.getByTestId('roc-yield').all()) await expectInSight(cell);
  expect(errors).toEqual([]);
});

test('Decide: the best decision for each output label', async ({ page }) => {
  const errors = await open(page, `view=decide&${FACTORY}`, 'decide');
  await expectInSight(page.getByTestId('remap-0-0'));
  await expectInSight(page.getByTestId('remap-0-1'));
  expect(errors).toEqual([]);
});

test('on a phone the current view’s tab is in sight in the row of views (issue 28, item 13)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const view of ['probs', 'story', 'compare']) {
    await page.goto('about:blank');
    await page.goto(`/#view=${view}&${FACTORY}`);
    await expect(page.getByTestId(`view-${view}`)).toBeVisible();
    const tab = page.locator(`.view-nav-item[data-view="${view}"]`);
    await expect
      .poll(async () => {
        const [t, n] = await Promise.all([tab.boundingBox(), page.locator('.view-nav').boundingBox()]);
        return t.x >= n.x - 0.5 && t.x + t.width <= n.x + n.width + 0.5;
      })
      .toBe(true);
  }
});

// Issue 28, item 13: on a phone the 23 example links are folded under one line that counts
// them (they filled 1.3 screens before any content); a tap opens them. On a wide screen they
// start open (compare-results.spec.mjs clicks them).
test('the example links are folded on a phone and open on a tap', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`/#${FACTORY}`);
  const list = page.getByTestId('preset-links');
  await expect(list).toBeVisible();
  await expect(list).not.toHaveAttribute('open', '');
  const summary = list.locator('summary');
  await expect(summary).toHaveText(/^Examples as links \(\d+\)$/);
  const count = Number((await summary.innerText()).match(/\((\d+)\)/)[1]);
  await expect(list.locator('a')).toHaveCount(count);
  await expect(page.getByTestId('preset-link-factory')).toBeHidden();
  const box = await list.boundingBox();
  expect(box.height, 'the folded list takes one line').toBeLessThan(60);
  await summary.click();
  await expect(page.getByTestId('preset-link-factory')).toBeVisible();
  expect(errors).toEqual([]);
});
