// Issue 28, item 2: the Utility space changes the app's utility matrix only when asked, and
// every change can be taken back. A click (mouse) still moves the point, with an Undo in the
// view's notice and a history entry (the browser's Back restores the previous link); on a
// phone a vertical swipe over the diagram scrolls the page and leaves `u` alone, while a drag
// that starts on the point itself moves it.
import { test, expect } from './fixtures.mjs';

const U = '15,-335;-35,165';
const FACTORY = `view=space&u=${U}&cm.A=27,15;23,35&cm.B=43,18;7,32`;

async function open(page, fragment = FACTORY) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const response = await page.goto(`/#${fragment}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('view-space')).toBeVisible();
  await expect(page.getByTestId('space-u')).toHaveText(U);
  return errors;
}

const linkU = (page) => new URLSearchParams(new URL(page.url()).hash.slice(1)).get('u');

/** The canvas's centre, in the viewport. */
async function centre(page) {
  const canvas = page.getByTestId('space-plot').locator('canvas');
  await canvas.evaluate((c) => c.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a click moves the point undoably: the notice’s Undo and the browser’s Back', async ({ page }) => {
  const errors = await open(page);
  await expect(page.getByTestId('space-undo')).toHaveCount(0);
  const c = await centre(page);
  await page.mouse.click(c.x, c.y);
  await expect.poll(() => linkU(page)).not.toBe(U);
  const moved = linkU(page);
  await expect(page.getByTestId('space-undo')).toContainText(`now ${moved} (it was ${U})`);
  await page.getByTestId('space-undo-button').click();
  await expect(page.getByTestId('space-u')).toHaveText(U);
  await expect.poll(() => linkU(page)).toBe(U);
  await expect(page.getByTestId('space-undo')).toHaveCount(0);

  // Again, then Back: the link before the change, and the page with it.
  await page.waitForTimeout(1600); // a new gesture, not part of the last run of changes
  const again = await centre(page);
  await page.mouse.click(again.x, again.y);
  await expect.poll(() => linkU(page)).not.toBe(U);
  await page.goBack();
  await expect.poll(() => linkU(page)).toBe(U);
  await expect(page.getByTestId('space-u')).toHaveText(U);
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  test('a vertical swipe over the diagram scrolls the page; dragging the point moves it', async ({ page }) => {
    const errors = await open(page);
    const c = await centre(page);
    const before = await page.evaluate(() => window.scrollY);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, x, y) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
      });
    // A finger swipe upwards over the middle of the diagram (not on the point).
    await touch('touchStart', c.x, c.y + 60);
    for (let i = 1; i <= 10; i++) await touch('touchMove', c.x, c.y + 60 - 20 * i);
    await touch('touchEnd', 0, 0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 50);
    await page.waitForTimeout(300);
    expect(linkU(page)).toBe(U);
    await expect(page.getByTestId('space-u')).toHaveText(U);

    // A drag from the point itself (its handle) moves it, sideways and down.
    const handle = page.getByTestId('space-handle');
    await handle.evaluate((h) => h.scrollIntoView({ block: 'center' }));
    const box = await handle.boundingBox();
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await touch('touchStart', from.x, from.y);
    for (let i = 1; i <= 8; i++) await touch('touchMove', from.x - 5 * i, from.y + 5 * i);
    await touch('touchEnd', 0, 0);
    await expect.poll(() => linkU(page)).not.toBe(U);
    await expect(page.getByTestId('space-undo')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
