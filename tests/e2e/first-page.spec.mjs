// The first page: it mounts, shows the product and the factory example's yields computed by
// the core, and loads nothing from anywhere but its own directory — wherever on the host that
// directory is — not even later, when the background workers start. (The workers themselves:
// worker.spec.mjs.)
import { test, expect } from './fixtures.mjs';
import { MOUNTS, MINUS, openApp, expectWorkerStatus, expectCleanLog } from './helpers.mjs';

for (const { prefix, what } of MOUNTS) {
  test.describe(`served as ${what}`, () => {
    test('mounts and shows the factory yields computed by the core', async ({ page }) => {
      const log = await openApp(page, prefix);
      await expect(page).toHaveTitle('Utility Lab');
      await expect(page.getByTestId('app-title')).toHaveText('Utility Lab');
      await expect(page.getByTestId('intro')).toContainText('utility yield');

      // The page opens on the factory example (Dyrland et al. 2022, §0): its yields (eq. 3), computed by
      // the core at runtime and written with the typographic minus.
      await expect(page.getByTestId('yield-A')).toHaveText('3.5');
      await expect(page.getByTestId('yield-B')).toHaveText(`${MINUS}3.5`);
      const a = Number(await page.getByTestId('yield-A').getAttribute('data-value'));
      const b = Number(await page.getByTestId('yield-B').getAttribute('data-value'));
      expect(a).toBeCloseTo(3.5, 12);
      expect(b).toBeCloseTo(-3.5, 12);

      // Matrices label both axes: rows = output, columns = true class.
      await expect(page.getByText('output ↓ / true →', { exact: true }).first()).toBeVisible();

      await expectWorkerStatus(page, 'idle');
      expectCleanLog(log, new URL(page.url()).origin, prefix);
    });
  });
}

test('no request after load goes anywhere but the page directory, even after a wait', async ({
  page,
}) => {
  const log = await openApp(page, '/some/path/');
  // The Metric reliability view starts the background workers: they load from there too.
  await page.locator('a[data-view="reliability"]').click();
  await expectWorkerStatus(page, 'ready');
  expect(log.requests.some((u) => u.endsWith('/some/path/mc_worker_bg.wasm'))).toBe(true);
  const settled = log.requests.length;
  await page.waitForTimeout(1500);
  expect(log.requests.slice(settled), 'requests after the page settled').toEqual([]);
  expectCleanLog(log, new URL(page.url()).origin, '/some/path/');
});

test('the build uses relative asset URLs (works from any sub-path)', async ({ request }) => {
  const html = await (await request.get('/index.html')).text();
  const urls = [...html.matchAll(/(?:href|src)=["']([^"']+)["']|from\s+'([^']+)'|module_or_path:\s*'([^']+)'/g)]
    .map((m) => m[1] ?? m[2] ?? m[3]);
  expect(urls.length).toBeGreaterThan(2);
  // In-page links (the view links of the first page the build drew) load nothing.
  for (const url of urls.filter((u) => !u.startsWith('#'))) expect(url, url).toMatch(/^\.\//);
});

test('the skip link moves the focus to the main content without changing the link', async ({
  page,
}) => {
  await openApp(page, '/');
  const hash = await page.evaluate(() => location.hash);
  await page.keyboard.press('Tab');
  await expect(page.getByText('Skip to content')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  expect(await page.evaluate(() => location.hash)).toBe(hash);
});

test('the examples menu names the example on the page, and the prompt once it is edited', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('yield-A')).toBeVisible();
  const menu = page.getByTestId('presets');
  await expect(menu).toHaveValue('factory');
  await page.getByTestId('cm-editor-0').locator('input[data-r="0"][data-c="0"]').fill('28');
  await expect(menu).toHaveValue('');
  await expect(menu.locator('option:checked')).toHaveText('Choose an example…');
  await page.getByTestId('cm-editor-0').locator('input[data-r="0"][data-c="0"]').fill('27');
  await expect(menu).toHaveValue('factory');
});
