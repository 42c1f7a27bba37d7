// The colour scheme: the user's choice (the header's toggle, kept in local storage) over the
// system's preference. The page (data-theme on <html>) and the plots follow one decision — in
// embed mode too, where there is no header — and a change of scheme redraws each plot once.
import { test, expect } from './fixtures.mjs';

const LIGHT_BG = 'rgb(246, 247, 249)';
const DARK_BG = 'rgb(15, 18, 22)';
const pageBackground = (page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the toggle cycles system → light → dark, is remembered, and the page follows', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('data-theme', 'system');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme', 'light');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(DARK_BG);
  expect(await page.evaluate(() => localStorage.getItem('utility-lab-theme'))).toBe('dark');

  // Remembered across loads.
  await page.reload();
  await expect(toggle).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // Back to "system": the page follows the system's preference as it changes.
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme', 'system');
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(DARK_BG);
});

test('embed mode follows the stored choice, although it has no toggle', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('utility-lab-theme', 'dark'));
  await page.goto('/#view=compare&embed=1');
  await expect(page.getByTestId('embed-bar')).toBeVisible();
  await expect(page.getByTestId('theme-toggle')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(DARK_BG);
  // The plot is drawn dark as well (its background, top left).
  const canvas = page.getByTestId('yields-chart').locator('canvas');
  await expect
    .poll(() => canvas.evaluate((c) => [...c.getContext('2d').getImageData(1, 1, 1, 1).data.slice(0, 3)]))
    .toEqual([24, 26, 31]);
});

test('a change of the system scheme redraws each plot once; a chosen theme ignores it', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  const canvas = page.getByTestId('yields-chart').locator('canvas');
  const corner = () =>
    canvas.evaluate((c) => [...c.getContext('2d').getImageData(1, 1, 1, 1).data.slice(0, 3)]);
  await expect.poll(corner).toEqual([255, 255, 255]);
  // The page's last part (How sure, after the chart) in and done: the layout is settled.
  await expect(page.getByTestId('compare-sure')).toHaveAttribute('data-state', 'done', { timeout: 20000 });
  // Every drawing first sets the canvas's size when it changes, or else clears the canvas
  // (plot_canvas::paint): count both.
  await canvas.evaluate((c) => {
    window.__draws = 0;
    new MutationObserver((records) => {
      window.__draws += records.filter((r) => r.attributeName === 'width').length;
    }).observe(c, { attributes: true, attributeFilter: ['width'] });
    const clear = CanvasRenderingContext2D.prototype.clearRect;
    CanvasRenderingContext2D.prototype.clearRect = function (...args) {
      if (this.canvas === c) window.__draws += 1;
      return clear.apply(this, args);
    };
  });
  const draws = () => page.evaluate(() => window.__draws);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect.poll(corner).toEqual([24, 26, 31]);
  await page.waitForTimeout(500);
  expect(await draws()).toBe(1);

  // Light chosen: one redraw for the choice, none for the system's changes.
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect.poll(corner).toEqual([255, 255, 255]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(500);
  expect(await draws()).toBe(2);
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await corner()).toEqual([255, 255, 255]);
});
