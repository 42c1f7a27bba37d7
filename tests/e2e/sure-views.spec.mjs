// How sure, beyond Compare (issue 27, item 3): the Decide view ranks the remapped label-only
// classifiers and the ROC view the scored models at their optimal thresholds; each says how sure
// that ranking is with the same card (crates/ui/src/widgets/sure_card.rs) and the same seeded
// engine as Compare. The expected P(best) are those the native code gives for the same links
// (ulab_state::decide::sure::remapped_job, ulab_state::roc::sure::optimum_job): seeded, the
// browser must give the same numbers to 4 decimals.
import { test, expect } from './fixtures.mjs';

const FACTORY = 'u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';

function track(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

for (const width of [1280, 375]) {
  test(`Decide at ${width} px: the remapped factory classifiers tie, and the card says no number of items settles it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors = track(page);
    await page.goto(`/#view=decide&${FACTORY}`);
    const card = page.getByTestId('decide-sure');
    await expect(card).toHaveAttribute('data-state', 'done');
    // At each classifier's own test-set shares both remaps decide alike: equal yields.
    await expect(card).toHaveAttribute('data-p-best', '0.4957,0.5043');
    const sentences = page.getByTestId('decide-sure-sentences');
    await expect(sentences).toContainText('B is the best with probability 0.50 on 100 test items.');
    await expect(sentences).toContainText('No number of test items would settle it');
    await expect(page.getByTestId('decide-p-best-A')).toHaveText('0.50');
    await expect(page.getByTestId('decide-sure-table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('Decide: deployment shares change the remaps, and the card follows; one classifier ranks nothing', async ({ page }) => {
  const errors = track(page);
  await page.goto(`/#view=decide&${FACTORY}`);
  const card = page.getByTestId('decide-sure');
  await expect(card).toHaveAttribute('data-state', 'done');
  const before = await card.getAttribute('data-p-best');
  await page.goto(`/#view=decide&${FACTORY}&prev=0.2,0.8`);
  await expect(card).toHaveAttribute('data-state', 'done');
  await expect.poll(() => card.getAttribute('data-p-best')).not.toBe(before);
  const p = (await card.getAttribute('data-p-best')).split(',').map(Number);
  expect(p[0] + p[1]).toBeCloseTo(1, 9);
  await page.goto('/#view=decide&u=15,-335;-35,165&cm.A=27,15;23,35');
  await expect(card).toHaveAttribute('data-state', 'none');
  await expect(card).toBeHidden();
  expect(errors).toEqual([]);
});

test('ROC: two scored models at their optimal thresholds, how sure on 6 rows; binormal curves rank nothing', async ({ page }) => {
  const errors = track(page);
  await page.goto('/#view=roc&u=1,0;0,1');
  await expect(page.getByTestId('view-roc')).toBeVisible();
  const good = 'label,logistic,forest\n1,0.9,0.6\n0,0.8,0.1\n1,0.7,0.7\n0,0.3,0.65\n1,0.2,0.9\n0,0.1,0.2\n';
  await page.getByTestId('roc-file').setInputFiles({ name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(page.getByTestId('roc-load-done')).toContainText('scores.csv: 6 rows');
  const card = page.getByTestId('roc-sure');
  await expect(card).toHaveAttribute('data-state', 'done');
  await expect(card).toHaveAttribute('data-p-best', '0.3103,0.6897');
  const sentences = page.getByTestId('roc-sure-sentences');
  await expect(sentences).toContainText('forest is the best with probability 0.69 on 6 test items: more test items would settle it.');
  await expect(sentences).toContainText('About 41 test items per classifier, at the same proportions, would make forest the best with probability 0.95.');
  await page.goto('/#view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5');
  await page.reload();
  await expect(page.getByTestId('roc-table')).toBeVisible();
  await expect(page.getByTestId('roc-sure')).toBeHidden();
  expect(errors).toEqual([]);
});

test('embedded and printed, the Decide card is there', async ({ page }) => {
  await page.goto(`/#embed=1&view=decide&${FACTORY}`);
  await expect(page.getByTestId('decide-sure')).toHaveAttribute('data-state', 'done');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('decide-sure-sentences')).toBeVisible();
  await expect(page.getByTestId('decide-sure-table')).toBeVisible();
});
