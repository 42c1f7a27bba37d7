// How sure the Compare view's ranking is (issue 27): under the Dirichlet posterior of each
// classifier's confusion counts, P(best), the 90 % interval of each yield and how many test items
// would settle it — the factory's A is the best with probability ≈ 0.61 on 100 items (NumPy:
// 0.614, tests/reference/sure/), ≈ 0.82 on 1 000; worked out after every edit, shown in the
// page, the embed and the handout, with the intervals drawn in the yield chart's table.
import { test, expect } from './fixtures.mjs';
import { expectPartsLoaded } from './helpers.mjs';

const FACTORY = 'view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
const cell = (page, editor, r, c) => page.getByTestId(editor).locator(`input[data-r="${r}"][data-c="${c}"]`);

async function open(page, fragment) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`/#${fragment}`);
  await expect(page.getByTestId('yields-table')).toBeVisible();
  await expectPartsLoaded(page);
  return errors;
}

/** Waits for the answer; returns P(best) per classifier, in the problem's order. */
async function pBest(page) {
  const card = page.getByTestId('compare-sure');
  await expect(card).toHaveAttribute('data-state', 'done');
  return (await card.getAttribute('data-p-best')).split(',').map(Number);
}

for (const width of [1280, 375]) {
  test(`the factory at ${width} px: A is the best with probability ≈ 0.61 on 100 test items`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors = await open(page, FACTORY);
    const [a, b] = await pBest(page);
    expect(a).toBeGreaterThan(0.59);
    expect(a).toBeLessThan(0.64);
    expect(a + b).toBeCloseTo(1, 9);
    const sentences = page.getByTestId('compare-sure-sentences');
    await expect(sentences).toContainText(/^A is the best with probability 0\.6\d on 100 test items: more test items would settle it\./);
    await expect(sentences).toContainText(/About [\d,  ]+ test items per classifier, at the same proportions, would make A the best with probability 0\.95\./);
    await expect(page.getByTestId('compare-p-best-A')).toHaveText(/^0\.6\d$/);
    // The card is visible and needs no sideways scroll of the page.
    await expect(page.getByTestId('compare-sure')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('an edit changes it: ten times the items make A surer; equal classifiers never settle', async ({ page }) => {
  await open(page, FACTORY);
  const [a100] = await pBest(page);
  for (const [r, c, v] of [[0, 0, '270'], [0, 1, '150'], [1, 0, '230'], [1, 1, '350']]) {
    await cell(page, 'cm-editor-0', r, c).fill(v);
  }
  for (const [r, c, v] of [[0, 0, '430'], [0, 1, '180'], [1, 0, '70'], [1, 1, '320']]) {
    await cell(page, 'cm-editor-1', r, c).fill(v);
  }
  await expect.poll(async () => (await pBest(page))[0]).toBeGreaterThan(a100 + 0.1);
  await expect(page.getByTestId('compare-sure-sentences')).toContainText('on 1000 test items');
  // B as A: no number of items would settle which is better.
  await page.goto('/#view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=27,15;23,35');
  await expect(page.getByTestId('compare-sure')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('compare-sure-sentences')).toContainText('No number of test items would settle it');
});

test('the yield chart draws the intervals: its table has them, and the link always gives the same numbers', async ({ page }) => {
  await open(page, FACTORY);
  const first = await pBest(page);
  const details = page.getByTestId('yields-chart').getByTestId('plot-table');
  await details.locator('summary').click();
  const table = details.locator('table');
  await expect(table).toContainText('90 % interval');
  await expect(table).toContainText('P(best)');
  await expect(table.locator('tbody tr').first()).toContainText(/A.*0\.6\d/);
  await page.reload();
  await expect(page.getByTestId('yields-table')).toBeVisible();
  expect(await pBest(page)).toEqual(first);
});

test('embedded and printed, the card is there', async ({ page }) => {
  await open(page, `embed=1&${FACTORY}`);
  await pBest(page);
  await expect(page.getByTestId('compare-sure-sentences')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('compare-sure-sentences')).toBeVisible();
  await expect(page.getByTestId('compare-sure-table')).toBeVisible();
});

test('classifiers given as fractions use the assumed test-set size, and say so', async ({ page }) => {
  await open(page, 'view=compare&u=15,-335;-35,165&cm.A=0.27,0.15;0.23,0.35&cm.B=0.43,0.18;0.07,0.32&qn=100');
  const [a] = await pBest(page);
  expect(a).toBeGreaterThan(0.59);
  expect(a).toBeLessThan(0.64);
  await expect(page.getByTestId('compare-sure-sentences')).toContainText('A, B given as fractions: read as 100 test items each');
});
