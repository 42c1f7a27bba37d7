// The first page drawn by the build (scripts/prerender.mjs): the plain link shows Compare on the
// factory example before the main wasm has arrived, the app takes its place without a change,
// and a link with its own state never shows it.
import { test, expect } from './fixtures.mjs';
import { MINUS, expectPartsLoaded } from './helpers.mjs';

const FACTORY = '#v=1&view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';

/** Holds back the requests matching `pattern` until `release()` is called. */
async function hold(page, pattern) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

/** `html` without Leptos's comments and what the build adds to its copy (disabled buttons, the mark). */
const normalize = (html) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/ disabled=""/g, '')
    .replace(/ data-prerendered=""/g, '');

for (const prefix of ['/', '/some/path/']) {
  test(`the plain link shows the build's first page at once, and the app takes its place (${prefix})`, async ({ page }) => {
    const release = await hold(page, /\/utility-lab_bg\.wasm$/);
    await page.goto(prefix);
    const first = page.locator('[data-prerendered]');
    await expect(first).toBeVisible();
    await expect(page.getByTestId('yield-A')).toHaveText('3.5');
    await expect(page.getByTestId('yield-B')).toHaveText(`${MINUS}3.5`);
    await expect(page.getByTestId('verdict')).toContainText('A has the higher utility');
    await expect(page.locator('#boot')).toHaveCount(0);
    // Nothing answers a button before the app runs: they wait, disabled.
    await expect(page.getByTestId('theme-toggle')).toBeDisabled();
    await expect(page.getByTestId('export-yields-csv')).toBeDisabled();
    await expect(page.getByTestId('app')).toHaveCount(1);

    release();
    await expect(first).toHaveCount(0);
    await expect(page.getByTestId('app')).toHaveCount(1);
    await expect(page.getByTestId('theme-toggle')).toBeEnabled();
    await expectPartsLoaded(page);
    await expect(page.getByTestId('yield-A')).toHaveText('3.5');
    await expect(page.getByTestId('problem')).toBeVisible();
  });
}

test('the first page is the page the app draws first, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const release = await hold(page, /\/utility-lab_bg\.wasm$/);
  await hold(page, /\/app-[0-9a-f]{16}\/(bundle|split|chunk)_\w+\.wasm$/);
  await page.goto('/');
  await expect(page.locator('[data-prerendered]')).toBeVisible();
  const built = await page.locator('[data-prerendered]').evaluate((e) => e.outerHTML);
  release();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByTestId('yield-A')).toHaveText('3.5');
  const drawn = await page.getByTestId('app').evaluate((e) => e.outerHTML);
  expect(normalize(built)).toBe(normalize(drawn));
});

test("the factory's own Compare link shows the first page too", async ({ page }) => {
  const release = await hold(page, /\/utility-lab_bg\.wasm$/);
  await page.goto(`/${FACTORY}`);
  await expect(page.locator('[data-prerendered]')).toBeVisible();
  release();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expectPartsLoaded(page);
});

for (const [what, hash] of [
  ['another confusion matrix', FACTORY.replace('cm.A=27,15;23,35', 'cm.A=28,15;22,35')],
  ['another view', FACTORY.replace('view=compare', 'view=decide')],
  ['a fixed theme', `${FACTORY}&theme=dark`],
]) {
  test(`a link with its own state (${what}) shows the loading line until the app draws it`, async ({ page }) => {
    const release = await hold(page, /\/utility-lab_bg\.wasm$/);
    await page.goto(`/${hash}`);
    await expect(page.locator('#boot')).toHaveText('Loading Utility Lab…');
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByTestId('yield-A')).toHaveCount(0);
    release();
    await expect(page.locator('#boot')).toHaveCount(0);
    await expectPartsLoaded(page);
    await expect(page.getByTestId('app')).toHaveCount(1);
  });
}

for (const [theme, system] of [
  ['dark', 'light'],
  ['light', 'dark'],
]) {
  test(`a theme chosen in the header (${theme}, the system ${system}) colours the first page as the app will`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('utility-lab-theme', t), theme);
    await page.emulateMedia({ colorScheme: system });
    const release = await hold(page, /\/utility-lab_bg\.wasm$/);
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    await expect(page.locator('[data-prerendered]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const built = { text: await toggle.textContent(), label: await toggle.getAttribute('aria-label') };
    expect(built.text).toContain(`Theme: ${theme}`);
    release();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(toggle).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect({ text: await toggle.textContent(), label: await toggle.getAttribute('aria-label') }).toEqual(built);
  });
}

test("the first page's skip link moves the focus without changing the link, and the focus stays when the app starts", async ({ page }) => {
  const release = await hold(page, /\/utility-lab_bg\.wasm$/);
  await page.goto('/');
  await expect(page.locator('[data-prerendered]')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByText('Skip to content')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  expect(await page.evaluate(() => location.hash)).toBe('');
  release();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.locator('main#main')).toBeFocused();
  await expectPartsLoaded(page);
  await expect(page.getByTestId('link-notices')).toHaveCount(0);
  expect(await page.evaluate(() => location.hash)).not.toContain('main');
});

test('a view link focused in the first page is focused in the app', async ({ page }) => {
  const release = await hold(page, /\/utility-lab_bg\.wasm$/);
  await page.goto('/');
  await page.locator('[data-prerendered] a[data-view="roc"]').focus();
  release();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.locator('a[data-view="roc"]')).toBeFocused();
});

for (const [what, url] of [
  ['the plain link', '/'],
  ['a link with its own state', `/${FACTORY}&theme=dark`],
]) {
  test(`an app that cannot start says so in place of the page (${what})`, async ({ page }) => {
    page.on('pageerror', () => {});
    await page.route(/\/utility-lab_bg\.wasm$/, (route) => route.abort());
    await page.goto(url);
    const failed = page.getByTestId('start-failed');
    await expect(failed).toContainText('Utility Lab could not start');
    await expect(failed).toContainText('reload the page');
    await expect(failed).toHaveAttribute('role', 'alert');
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.locator('#boot')).toHaveCount(0);
  });
}

test('a view link followed before the app starts opens that view when it does', async ({ page }) => {
  const release = await hold(page, /\/utility-lab_bg\.wasm$/);
  await page.goto('/');
  await page.locator('[data-prerendered] a[data-view="decide"]').click();
  await expect(page).toHaveURL(/view=decide/);
  release();
  await expect(page.getByTestId('view-decide')).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
});
