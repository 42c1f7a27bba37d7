// On a phone the Compare view leads with its answer (issue 15): the verdict and the yields on
// the first screen, the editors one tap away; on a wide screen, editors left, results right.
import { test, expect } from './fixtures.mjs';

const FACTORY = 'view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
const top = (page, testid) => page.getByTestId(testid).evaluate((e) => e.getBoundingClientRect().top + scrollY);

test('at 375 px the verdict is on the first screen, and "Edit the inputs" takes you to them', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/#${FACTORY}`);
  await expect(page.getByTestId('yield-A')).toBeVisible();
  const verdict = await top(page, 'verdict');
  expect(verdict).toBeLessThan(740 - 100);
  expect(await top(page, 'yields-table')).toBeLessThan(await top(page, 'classifiers'));
  await page.screenshot({ path: 'tests/e2e/.artifacts/screenshots/compare-375-answer-first.png' });

  const button = page.getByTestId('to-inputs');
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.locator('#compare-inputs')).toBeFocused();
  await expect(page.locator('#compare-inputs')).toBeInViewport();
});

test('at 1280 px the editors are left of the results, with no jump button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/#${FACTORY}`);
  await expect(page.getByTestId('yield-A')).toBeVisible();
  await expect(page.getByTestId('to-inputs')).toBeHidden();
  const left = (testid) => page.getByTestId(testid).evaluate((e) => e.getBoundingClientRect().left);
  expect(await left('classifiers')).toBeLessThan(await left('verdict'));
});
