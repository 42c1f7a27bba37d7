// A link whose utility matrix cannot be read (issue 28, item 1): the page says so loudly on
// every view, Compare ranks nothing under the stand-in, the address keeps the text as given (a
// reload says the same), and fixing the utility matrix in the editor ends it.
import { test, expect } from './fixtures.mjs';
import { expectPartsLoaded } from './helpers.mjs';

const TYPO = 'u=15,-3x5;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32';
const cell = (page, editor, r, c) => page.getByTestId(editor).locator(`input[data-r="${r}"][data-c="${c}"]`);

function track(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test('a typo in u: no verdict, a loud notice, the address keeps the typo, a reload says the same', async ({ page }) => {
  const errors = track(page);
  await page.goto(`/#${TYPO}`);
  const notice = page.getByTestId('unread');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("The link's utility matrix u=15,-3x5;-35,165 could not be read");
  await expect(notice).toContainText("u=1,0;0,1, is a stand-in, not the link's: nothing is ranked");
  await expect(page.getByTestId('analysis-error')).toBeVisible();
  await expect(page.getByTestId('rank-A')).toHaveCount(0);
  await expect(page.getByTestId('rank-B')).toHaveCount(0);
  await expect(page.getByTestId('verdict-headline')).toHaveText('');
  await expect(page.getByTestId('compare-sure')).toBeHidden();
  await expectPartsLoaded(page);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => decodeURIComponent(location.hash))).toContain('u=15,-3x5;-35,165');
  await page.reload();
  await expect(page.getByTestId('unread')).toBeVisible();
  // Every view says it.
  await page.goto(`/#view=space&${TYPO}`);
  await expect(page.getByTestId('unread')).toBeVisible();
  await page.goto(`/#view=decide&${TYPO}`);
  await expect(page.getByTestId('unread')).toBeVisible();
  expect(errors).toEqual([]);
});

test('fixing the cell in the editor ends it: A is ranked first, as the intended link says', async ({ page }) => {
  const errors = track(page);
  await page.goto(`/#${TYPO}`);
  await expect(page.getByTestId('unread')).toBeVisible();
  await expectPartsLoaded(page);
  for (const [r, c, v] of [[0, 0, '15'], [0, 1, '-335'], [1, 0, '-35'], [1, 1, '165']]) {
    await cell(page, 'utility-editor', r, c).fill(v);
  }
  await expect(page.getByTestId('unread')).toHaveCount(0);
  await expect(page.getByTestId('analysis-error')).toHaveCount(0);
  await expect(page.getByTestId('verdict-headline')).toContainText('A');
  await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toContain('u=15,-335;-35,165');
  expect(errors).toEqual([]);
});

test('a value too large to use is unread too; a good link has no such notice', async ({ page }) => {
  await page.goto('/#u=1e300,0;0,1&cm.A=27,15;23,35&cm.B=43,18;7,32');
  await expect(page.getByTestId('unread')).toContainText('u=1e300,0;0,1 could not be read');
  await page.goto('/#u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32');
  await page.reload();
  await expect(page.getByTestId('yields-table')).toBeVisible();
  await expect(page.getByTestId('unread')).toHaveCount(0);
});
