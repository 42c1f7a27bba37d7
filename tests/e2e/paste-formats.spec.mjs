// The formats people paste (issue 28, item 6), and a confusion matrix that cannot be read
// (item 1): scikit-learn's printed confusion_matrix and NumPy's repr are read in every place a
// matrix is pasted — a matrix editor's cells, a card's paste box, the import box — and in a
// link's u and cm.NAME; a y_true,proba_0,proba_1 file in the ROC view is one model's class
// probabilities, said so (not two classifiers); a link's classifier whose counts cannot be read
// names every bad cell, is never replaced by made-up counts, and nothing is ranked until the
// problem is edited.
import { test, expect } from './fixtures.mjs';
import { expectPartsLoaded } from './helpers.mjs';

const FACTORY = 'view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
const SKLEARN = '[[27 23]\n [15 35]]';
const NUMPY = 'array([[43, 18],\n       [ 7, 32]])';
const NUMPY_DTYPE = 'array([[27, 23],\n       [15, 35]], dtype=int64)';
const NUMPY_FLOATS = 'array([[1., 0.],\n       [0., 1.]])';

/** Opens `#fragment` and records page errors and console errors. */
async function open(page, fragment, testid = 'view-compare') {
  const log = { errors: [] };
  page.on('pageerror', (e) => log.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') log.errors.push(m.text());
  });
  await page.goto(`/#${fragment}`);
  await expect(page.getByTestId(testid)).toBeVisible();
  await expectPartsLoaded(page);
  return log;
}

const cell = (page, editor, r, c) => page.getByTestId(editor).locator(`input[data-r="${r}"][data-c="${c}"]`);
const cells = (page, editor) => page.getByTestId(editor).locator('input.cell').evaluateAll((els) => els.map((e) => e.value));
const yieldOf = (page, name) => page.getByTestId(`yield-${name}`);
const hash = (page) => page.evaluate(() => decodeURIComponent(location.hash));

/** Waits until `locator`'s `data-value` is `value` (within 1e-9). */
async function expectValue(locator, value) {
  await expect
    .poll(async () => Number(await locator.getAttribute('data-value')), { message: `data-value ≈ ${value}` })
    .toBeCloseTo(value, 9);
}

/** Pastes `text` into `locator` as the clipboard would. */
async function pasteInto(locator, text) {
  await locator.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('NumPy and scikit-learn prints in every paste place: editor cells, paste boxes, import box', async ({ page }) => {
  const log = await open(page, FACTORY);

  // A matrix editor's cell: NumPy's repr fills the matrix.
  await pasteInto(cell(page, 'cm-editor-0', 0, 0), NUMPY);
  await expect.poll(() => cells(page, 'cm-editor-0')).toEqual(['43', '18', '7', '32']);
  await expectValue(yieldOf(page, 'A'), -3.5);
  // The utility editor takes NumPy's floats (`1.`, `0.`).
  await pasteInto(cell(page, 'utility-editor', 0, 0), NUMPY_FLOATS);
  await expect.poll(() => cells(page, 'utility-editor')).toEqual(['1', '0', '0', '1']);
  await expectValue(yieldOf(page, 'B'), 0.75);

  // A card's paste box: scikit-learn's print, rows = true class.
  await page.getByTestId('paste-cm-1').click();
  await page.getByTestId('paste-cm-1-true-rows').check();
  await page.getByTestId('paste-cm-1-text').fill(SKLEARN);
  await page.getByTestId('paste-cm-1-apply').click();
  await expect(page.getByTestId('paste-cm-1-message')).toHaveText("B's confusion matrix was replaced.");
  await expect.poll(() => cells(page, 'cm-editor-1')).toEqual(['27', '15', '23', '35']);
  await expectValue(yieldOf(page, 'B'), 0.62);
  // The utility matrix's paste box: NumPy's repr.
  await page.getByTestId('paste-utility').click();
  await page.getByTestId('paste-utility-text').fill('array([[ 15., -335.],\n       [-35.,  165.]])');
  await page.getByTestId('paste-utility-apply').click();
  await expect(page.getByTestId('paste-utility-message')).toHaveText('The utility matrix was replaced.');
  await expectValue(yieldOf(page, 'B'), 3.5);

  // The import box: NumPy's repr with its dtype, rows = true class.
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-name').fill('C');
  await page.getByTestId('import-true-rows').check();
  await page.getByTestId('import-text').fill(NUMPY_DTYPE);
  await page.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-message')).toContainText("Added classifier 'C' from matrix (100 items)");
  await expect.poll(() => cells(page, 'cm-editor-2')).toEqual(['27', '15', '23', '35']);
  await expectValue(yieldOf(page, 'C'), 3.5);
  expect(log.errors).toEqual([]);
});

test('a pasted matrix with bad cells names every one, and nothing is applied', async ({ page }) => {
  const log = await open(page, FACTORY);
  await page.getByTestId('paste-cm-0').click();
  await page.getByTestId('paste-cm-0-text').fill('[[-5 10]\n [nan 20]]');
  await page.getByTestId('paste-cm-0-apply').click();
  const message = page.getByTestId('paste-cm-0-message');
  await expect(message).toContainText('2 cells cannot be read: row 1, cell 1: -5 is negative');
  await expect(message).toContainText("row 2, cell 1: 'nan' is not a number");
  await expect(message).toContainText('Nothing was changed');
  await expectValue(yieldOf(page, 'A'), 3.5);
  // Unbalanced brackets: said, not read.
  await page.getByTestId('paste-cm-0-text').fill('[[27 23]\n [15 35]');
  await page.getByTestId('paste-cm-0-apply').click();
  await expect(message).toContainText(/a '\[' is not closed; a matrix is a list of rows/i);
  expect(log.errors).toEqual([]);
});

test("brackets in a link's u and cm.NAME", async ({ page }) => {
  const log = await open(page, 'view=compare&u=[[15,-335],[-35,165]]&cm.A=[[27,15],[23,35]]&cm.B=array([[43,18],[7,32]])');
  await expect(page.getByTestId('link-notices')).toHaveCount(0);
  await expectValue(yieldOf(page, 'A'), 3.5);
  await expectValue(yieldOf(page, 'B'), -3.5);
  // The address is written back in the matrix syntax.
  await expect.poll(() => hash(page)).toContain('u=15,-335;-35,165');
  await expect.poll(() => hash(page)).toContain('cm.B=43,18;7,32');
  // scikit-learn's print typed with its blanks (%20), rows = true class.
  await page.goto('/#u=15,-335;-35,165&orient=true-rows&cm.A=[[27%2023]%20[15%2035]]');
  await expect(page.getByTestId('link-notices')).toHaveCount(0);
  await expectValue(yieldOf(page, 'A'), 3.5);
  expect(log.errors).toEqual([]);
});

test("a link's confusion matrix with bad cells: every one named, never replaced, nothing ranked", async ({ page }) => {
  const log = await open(page, 'view=compare&u=15,-335;-35,165&cm.A=-5,10;NaN,20&cm.B=43,18;7,32');
  const notice = page.locator('[data-testid="link-notice"][data-key="cm.A"]');
  await expect(notice).toContainText('row 1, cell 1: -5 is negative');
  await expect(notice).toContainText("row 2, cell 1: 'NaN' is not a number");
  const unread = page.getByTestId('unread');
  await expect(unread).toContainText("The link's classifier A, cm.A=-5,10;NaN,20, could not be read");
  await expect(unread).toContainText('is left out, and nothing is ranked');
  await expect(page.getByTestId('analysis-error')).toBeVisible();
  await expect(page.getByTestId('rank-B')).toHaveCount(0);
  await expect(page.getByTestId('compare-sure')).toBeHidden();
  // The address keeps the text as given; a reload says the same.
  await page.waitForTimeout(300);
  expect(await hash(page)).toContain('cm.A=-5,10;NaN,20');
  await page.reload();
  await expect(page.getByTestId('unread')).toBeVisible();
  // Every view says it.
  await page.goto('/#view=decide&u=15,-335;-35,165&cm.A=-5,10;NaN,20&cm.B=43,18;7,32');
  await expect(page.getByTestId('unread')).toBeVisible();
  // Alone in its link, it is not replaced by the factory's A and B.
  await page.goto('/#view=compare&cm.A=-5,10;NaN,20');
  await expect(page.getByTestId('unread')).toBeVisible();
  await expect(page.getByTestId('classifier-count')).toHaveText('0');
  await expect(page.getByTestId('yield-A')).toHaveCount(0);
  // Giving A again (an edit of the problem: a new classifier's card, added) ends it: ranked.
  await page.goto('/#view=compare&u=15,-335;-35,165&cm.A=-5,10;NaN,20&cm.B=43,18;7,32');
  await expectPartsLoaded(page);
  await page.getByTestId('add-classifier').click();
  await page.getByTestId('new-classifier-name').fill('A');
  for (const [r, c, v] of [[0, 0, '5'], [0, 1, '10'], [1, 0, '1'], [1, 1, '20']]) {
    await cell(page, 'cm-editor-new', r, c).fill(v);
  }
  await expect(page.getByTestId('unread')).toBeVisible();
  await page.getByTestId('new-classifier-add').click();
  await expect(page.getByTestId('unread')).toHaveCount(0);
  await expect.poll(() => hash(page)).toContain('cm.A=5,10;1,20');
  await expect(page.getByTestId('rank-B')).toBeVisible();
  expect(log.errors).toEqual([]);
});

test("a y_true,proba_0,proba_1 file in the ROC view is one model's probabilities, not two classifiers", async ({ page }) => {
  const log = await open(page, 'view=roc&u=1,0;0,1', 'view-roc');
  const proba = 'y_true,proba_0,proba_1\n0,0.9,0.1\n1,0.2,0.8\n1,0.4,0.6\n0,0.7,0.3\n1,0.35,0.65\n';
  await page.getByText('…or paste the CSV').click();
  await page.getByTestId('roc-paste').fill(proba);
  await page.getByTestId('roc-paste-load').click();
  const error = page.getByTestId('roc-load-error');
  await expect(error).toContainText('was not read as scores (nothing was loaded)');
  await expect(error).toContainText("its columns proba_0, proba_1 are one model's probabilities of the classes 0, 1");
  await expect(error).toContainText('not 2 classifiers');
  await expect(error).toContainText('Probabilities view (#view=probs)');
  await expect(page.getByTestId('roc-auc')).toHaveCount(0);
  await expect(page.getByTestId('roc-probabilities')).toContainText('one column per class for proba (0, 1)');
  await page.getByTestId('roc-open-probs').click();
  await expect(page.getByTestId('view-probs')).toBeVisible();
  await expect(page.getByTestId('probs-load-done')).toContainText('1 model (proba)');
  expect(log.errors).toEqual([]);
});
