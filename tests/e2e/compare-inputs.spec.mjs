// The input side of the Compare view: the classes and decisions, the utility matrix, the
// classifiers' confusion matrices (typing, validation, orientation, fractions), paste boxes,
// CSV import, deployment class shares, and the link that follows every edit.
//
// Every test opens its own page from a link, so the tests do not depend on each other.
import { test, expect } from './fixtures.mjs';
import { expectPartsLoaded } from './helpers.mjs';

const FACTORY = 'view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
const LOTTERY =
  'view=compare&u=10,-1;0,0&cm.always%20buy=50,50;0,0&cm.never%20buy=0,0;50,50&classes=win,lose&decisions=buy,not%20buy&prev=0.01,0.99';
const XSS = '<img src=x onerror=alert(1)>';

/** Opens the app at `#fragment` and records page errors, console errors and dialogs. */
async function open(page, fragment = FACTORY) {
  const log = { errors: [], dialogs: [] };
  page.on('pageerror', (e) => log.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') log.errors.push(m.text());
  });
  page.on('dialog', async (d) => {
    log.dialogs.push(d.message());
    await d.dismiss();
  });
  await page.goto(`/#${fragment}`);
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await expect(page.getByTestId('classifiers')).toBeVisible();
  await expectPartsLoaded(page);
  return log;
}

const cell = (page, editor, r, c) => page.getByTestId(editor).locator(`input[data-r="${r}"][data-c="${c}"]`);
const yieldOf = (page, name) => page.getByTestId(`yield-${name}`);

/** Waits until `locator`'s `data-value` is `value` (within 1e-9). */
async function expectValue(locator, value) {
  await expect
    .poll(async () => Number(await locator.getAttribute('data-value')), { message: `data-value ≈ ${value}` })
    .toBeCloseTo(value, 9);
}

/** The explanation shown for a field (its `aria-describedby` target). */
async function errorOf(page, field) {
  const id = await field.getAttribute('aria-describedby');
  return page.locator(`[id="${id}"]`);
}

const fragment = (page) => page.evaluate(() => decodeURIComponent(location.hash.slice(1)));

test('typing in a cell of A updates its yield and the ranking', async ({ page }) => {
  const log = await open(page);
  await expectValue(yieldOf(page, 'A'), 3.5);
  await expect(page.getByTestId('yield-row-A')).toHaveClass(/is-best/);
  await expect(page.getByTestId('yield-row-B')).not.toHaveClass(/is-best/);

  // A: output "long" for 40 items of class "short" instead of 15 (N = 125).
  await cell(page, 'cm-editor-0', 0, 1).fill('40');
  await expectValue(yieldOf(page, 'A'), (15 * 27 - 335 * 40 - 35 * 23 + 165 * 35) / 125);
  await expect(page.getByTestId('yield-row-B')).toHaveClass(/is-best/);
  await expect(page.getByTestId('yield-row-A')).not.toHaveClass(/is-best/);
  await expect(page.getByTestId('rank-B')).toContainText('1');
  await expect(page.getByTestId('values-0')).toHaveText('Counts · N = 125');
  await expect.poll(() => fragment(page)).toContain('cm.A=27,40;23,35');

  // The utility matrix too: the identity's yield is the accuracy.
  for (const [r, c, v] of [[0, 0, '1'], [0, 1, '0'], [1, 0, '0'], [1, 1, '1']]) {
    await cell(page, 'utility-editor', r, c).fill(v);
  }
  await expectValue(yieldOf(page, 'A'), (27 + 35) / 125);
  await expectValue(yieldOf(page, 'B'), 0.75);
  await expect(page.getByTestId('utility-xy')).toContainText('x = 0, y = 0');
  expect(log.errors).toEqual([]);
});

test('a bad cell is marked and explained, and the last good matrix stays in force', async ({ page }) => {
  const log = await open(page);
  const a00 = cell(page, 'cm-editor-0', 0, 0);
  const error = page.locator('#cm-editor-0-error');
  const before = await fragment(page);

  await a00.fill('abc');
  await expect(a00).toHaveAttribute('aria-invalid', 'true');
  await expect(a00).toHaveClass(/is-invalid/);
  await expect(error).toContainText("'abc' is not a number");
  await expect(error).toContainText('The last valid matrix is still in use');
  await expectValue(yieldOf(page, 'A'), 3.5);
  expect(await fragment(page)).toBe(before);

  await a00.fill('-1');
  await expect(a00).toHaveAttribute('aria-invalid', 'true');
  await expect(error).toContainText('negative');
  await expectValue(yieldOf(page, 'A'), 3.5);

  await a00.fill('');
  await expect(error).toContainText('is empty');
  await expectValue(yieldOf(page, 'A'), 3.5);

  // Fixing the cell applies it.
  await a00.fill('30');
  await expect(a00).toHaveAttribute('aria-invalid', 'false');
  await expect(error).toHaveText('');
  await expectValue(yieldOf(page, 'A'), (15 * 30 - 335 * 15 - 35 * 23 + 165 * 35) / 103);

  // All zeros is refused as a whole; no cell is to blame.
  for (const [r, c] of [[0, 0], [0, 1], [1, 0], [1, 1]]) await cell(page, 'cm-editor-1', r, c).fill('0');
  await expect(page.locator('#cm-editor-1-error')).toContainText('counts are zero');
  await expectValue(yieldOf(page, 'B'), (15 * 0 - 335 * 0 - 35 * 0 + 165 * 32) / 32);

  // Utilities may be negative, but must be numbers.
  const u = cell(page, 'utility-editor', 0, 0);
  await u.fill('-15');
  await expect(u).toHaveAttribute('aria-invalid', 'false');
  await u.fill('1e');
  await expect(u).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#utility-editor-error')).toContainText('not a number');
  expect(log.errors).toEqual([]);
});

test('cells are labelled for screen readers with both axes', async ({ page }) => {
  await open(page);
  const name = await cell(page, 'cm-editor-1', 1, 0).evaluate((el) =>
    el
      .getAttribute('aria-labelledby')
      .split(' ')
      .map((id) => document.getElementById(id).textContent.trim())
      .join(' '),
  );
  expect(name).toBe('Confusion matrix of B output short true long');
  await expect(page.getByRole('textbox', { name: 'Confusion matrix of B output short true long' })).toHaveValue('7');
  await expect(page.getByRole('textbox', { name: 'Utility matrix decision long true short' })).toHaveValue('-335');
  await expect(page.getByRole('textbox', { name: 'Name of class 0' })).toHaveValue('long');
  await expect(page.getByRole('textbox', { name: 'Name of classifier 2' })).toHaveValue('B');
});

test('classifiers: rename, add, duplicate, remove', async ({ page }) => {
  const log = await open(page);
  const name0 = page.getByTestId('classifier-name-0');
  await name0.fill('Alpha');
  await expectValue(yieldOf(page, 'Alpha'), 3.5);
  await expect(yieldOf(page, 'A')).toHaveCount(0);
  await expect.poll(() => fragment(page)).toContain('cm.Alpha=27,15;23,35');

  // Invalid names are explained and not applied.
  await name0.fill('B');
  await expect(name0).toHaveAttribute('aria-invalid', 'true');
  await expect(await errorOf(page, name0)).toContainText("Another classifier is already named 'B'");
  await expect(yieldOf(page, 'Alpha')).toBeVisible();
  await name0.fill('   ');
  await expect(await errorOf(page, name0)).toContainText('needs a name');
  await name0.fill(' A ');
  await expect(name0).toHaveAttribute('aria-invalid', 'false');
  await expectValue(yieldOf(page, 'A'), 3.5);

  // Add: a new classifier starts empty, named C, its name field focused, and is not ranked
  // (nor in the link) until its counts are typed and it is added (issue 28, item 7).
  await page.getByTestId('add-classifier').click();
  await expect(page.getByTestId('new-classifier')).toBeVisible();
  await expect(page.getByTestId('new-classifier-name')).toHaveValue('C');
  await expect(page.getByTestId('new-classifier-name')).toBeFocused();
  await expect(page.getByTestId('classifier-count')).toHaveText('2');
  await expect(yieldOf(page, 'C')).toHaveCount(0);
  await expect(page.getByTestId('new-classifier-add')).toBeDisabled();
  await expect(cell(page, 'cm-editor-new', 0, 0)).toHaveValue('0');
  for (const [r, c, v] of [[0, 0, '40'], [0, 1, '10'], [1, 0, '10'], [1, 1, '40']]) {
    await cell(page, 'cm-editor-new', r, c).fill(v);
  }
  await expect(page.getByTestId('classifier-count')).toHaveText('2');
  await expect.poll(() => fragment(page)).not.toContain('cm.C=');
  await expect(page.getByTestId('new-classifier-add')).toHaveText('Compare C');
  await page.getByTestId('new-classifier-add').click();
  await expect(page.getByTestId('new-classifier')).toHaveCount(0);
  await expect(page.getByTestId('classifier-count')).toHaveText('3');
  await expect(page.getByTestId('classifier-name-2')).toHaveValue('C');
  await expect(page.getByTestId('classifier-name-2')).toBeFocused();
  await expectValue(yieldOf(page, 'C'), (15 * 40 - 335 * 10 - 35 * 10 + 165 * 40) / 100);
  await expect(page.getByTestId('values-2')).toHaveText('Counts · N = 100');
  await expect.poll(() => fragment(page)).toContain('cm.C=40,10;10,40');

  // A second new one, renamed and discarded: nothing changes.
  await page.getByTestId('add-classifier').click();
  await expect(page.getByTestId('new-classifier-name')).toHaveValue('D');
  await page.getByTestId('new-classifier-name').fill('A');
  await expect(await errorOf(page, page.getByTestId('new-classifier-name'))).toContainText("already named 'A'");
  await page.getByTestId('new-classifier-discard').click();
  await expect(page.getByTestId('new-classifier')).toHaveCount(0);
  await expect(page.getByTestId('classifier-count')).toHaveText('3');

  // Duplicate A: "A copy", right after it, with the same yield.
  await page.getByTestId('duplicate-classifier-0').click();
  await expect(page.getByTestId('classifier-name-1')).toHaveValue('A copy');
  await expectValue(yieldOf(page, 'A copy'), 3.5);
  await expect(page.getByTestId('classifier-count')).toHaveText('4');

  // Remove the copy, then B.
  await page.getByTestId('remove-classifier-1').click();
  await expect(yieldOf(page, 'A copy')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove classifier B' }).click();
  await expect(yieldOf(page, 'B')).toHaveCount(0);
  await expect(page.getByTestId('classifier-count')).toHaveText('2');
  await expect.poll(() => fragment(page)).not.toContain('cm.B=');
  expect(log.errors).toEqual([]);
});

test('classes: rename, add, remove any one; decisions follow; extra decisions', async ({ page }) => {
  const log = await open(page);
  const colHead = (editor, j) => page.getByTestId(editor).locator('thead th').nth(j + 1);
  const rowHead = (editor, i) => page.getByTestId(editor).locator('tbody th').nth(i);

  await page.getByTestId('class-name-0').fill('tall');
  await expect(colHead('cm-editor-0', 0)).toHaveText('tall');
  await expect(colHead('utility-editor', 0)).toHaveText('tall');
  await expect(rowHead('utility-editor', 0)).toHaveText('tall'); // decision 0 follows its class
  await expect.poll(() => fragment(page)).toContain('classes=tall,short');
  await page.getByTestId('class-name-1').fill('tall');
  await expect(page.getByTestId('class-name-1')).toHaveAttribute('aria-invalid', 'true');
  await expect(colHead('cm-editor-0', 1)).toHaveText('short');
  await page.getByTestId('class-name-1').fill('short');

  // Add a class: every matrix grows; the classifiers have no case of it yet.
  await page.getByTestId('add-class').click();
  await expect(page.getByTestId('class-count')).toHaveText('3');
  await expect(page.getByTestId('class-name-2')).toHaveValue('2');
  await expect(page.getByTestId('class-name-2')).toBeFocused();
  await expect(page.getByTestId('cm-editor-0').locator('input.cell')).toHaveCount(9);
  await expect(page.getByTestId('utility-editor').locator('input.cell')).toHaveCount(9);
  await expectValue(yieldOf(page, 'A'), 3.5);
  await cell(page, 'cm-editor-0', 2, 2).fill('10');
  await expect(page.getByTestId('values-0')).toHaveText('Counts · N = 110');

  // Remove the first class (not only the last).
  await page.getByRole('button', { name: 'Remove class tall' }).click();
  await expect(page.getByTestId('class-count')).toHaveText('2');
  await expect(colHead('cm-editor-0', 0)).toHaveText('short');
  await expect(colHead('cm-editor-0', 1)).toHaveText('2');
  await expect(cell(page, 'cm-editor-0', 0, 0)).toHaveValue('35');
  await expect(cell(page, 'cm-editor-0', 1, 1)).toHaveValue('10');
  await expect(page.getByTestId('remove-class-0')).toBeDisabled(); // two classes are the minimum

  // An extra decision: a row of the utility matrix only.
  await page.getByTestId('add-decision').click();
  await expect(page.getByTestId('utility-editor').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('cm-editor-0').locator('tbody tr')).toHaveCount(2);
  const d2 = page.getByTestId('decision-name-2');
  await expect(d2).toBeFocused();
  await d2.fill('refer to an expert');
  await expect(rowHead('utility-editor', 2)).toHaveText('refer to an expert');
  await expect.poll(() => fragment(page)).toContain('decisions=short,2,refer%20to%20an%20expert'.replace(/%20/g, ' '));
  await d2.fill('short');
  await expect(d2).toHaveAttribute('aria-invalid', 'true');
  await expect(rowHead('utility-editor', 2)).toHaveText('refer to an expert');
  await page.getByTestId('remove-decision-2').click();
  await expect(page.getByTestId('utility-editor').locator('tbody tr')).toHaveCount(2);
  expect(log.errors).toEqual([]);
});

test('the orientation toggle transposes the display, never the data', async ({ page }) => {
  const log = await open(page);
  const corner = page.getByTestId('cm-editor-0').locator('thead th').first();
  await expect(corner).toHaveText('output ↓ / true →');
  await expect(cell(page, 'cm-editor-0', 0, 1)).toHaveValue('15');

  await page.getByTestId('orientation-true-rows').check();
  await expect(corner).toHaveText('true ↓ / output →');
  await expect(page.getByTestId('cm-editor-1').locator('thead th').first()).toHaveText('true ↓ / output →');
  await expect(page.getByTestId('utility-editor').locator('thead th').first()).toHaveText('decision ↓ / true →');
  await expect(cell(page, 'cm-editor-0', 0, 1)).toHaveValue('23'); // true long, output short
  await expect(cell(page, 'cm-editor-0', 1, 0)).toHaveValue('15');
  await expectValue(yieldOf(page, 'A'), 3.5);
  await expectValue(yieldOf(page, 'B'), -3.5);
  await expect.poll(() => fragment(page)).toContain('orient=true-rows');
  await expect.poll(() => fragment(page)).toContain('cm.A=27,23;15,35');

  // Typing in the transposed display edits the right cell.
  await cell(page, 'cm-editor-0', 0, 1).fill('33');
  await expectValue(yieldOf(page, 'A'), 0); // 405 − 5025 − 1155 + 5775 = 0
  await page.getByTestId('orientation-output-rows').check();
  await expect(corner).toHaveText('output ↓ / true →');
  await expect(cell(page, 'cm-editor-0', 1, 0)).toHaveValue('33');
  await expect.poll(() => fragment(page)).toContain('cm.A=27,15;33,35');
  expect(log.errors).toEqual([]);
});

test('counts can be shown as fractions, and fractions can be typed', async ({ page }) => {
  const log = await open(page);
  await page.getByTestId('show-fractions').check();
  const f = page.getByTestId('cm-fractions-0');
  await expect(f.locator('tbody td')).toHaveText(['0.27', '0.15', '0.23', '0.35']);
  await expect(page.getByTestId('cm-editor-0')).toHaveCount(0);
  await page.getByTestId('orientation-true-rows').check();
  await expect(f.locator('tbody td')).toHaveText(['0.27', '0.23', '0.15', '0.35']);
  await expect(f.locator('thead th').first()).toHaveText('true ↓ / output →');
  await page.getByTestId('orientation-output-rows').check();
  await page.getByTestId('show-entered').check();

  // Fractions typed in place of counts: same yield, N is gone.
  for (const [r, c, v] of [[0, 0, '0.27'], [0, 1, '0.15'], [1, 0, '0.23'], [1, 1, '0.35']]) {
    await cell(page, 'cm-editor-0', r, c).fill(v);
  }
  await expect(page.getByTestId('values-0')).toHaveText('Fractions · sum 1');
  await expectValue(yieldOf(page, 'A'), 3.5);
  expect(log.errors).toEqual([]);
});

test('classifiers on different test sets are warned about, without blocking', async ({ page }) => {
  await open(page);
  await expect(page.getByTestId('test-set-note-1')).toHaveCount(0);
  await cell(page, 'cm-editor-1', 0, 0).fill('53');
  await expect(page.getByTestId('test-set-note-1')).toContainText('Other class totals (60, 50) than A (50, 50)');
  await expectValue(yieldOf(page, 'B'), (15 * 53 - 335 * 18 - 35 * 7 + 165 * 32) / 110);
});

test('paste boxes take the matrix syntax and spreadsheet cells', async ({ page }) => {
  const log = await open(page);
  await page.getByTestId('paste-cm-0').click();
  await expect(page.getByTestId('paste-cm-0-text')).toBeFocused();
  await page.getByTestId('paste-cm-0-text').fill('43,18;7,32');
  await page.getByTestId('paste-cm-0-apply').click();
  await expectValue(yieldOf(page, 'A'), -3.5);
  await expect(page.getByTestId('paste-cm-0-message')).toHaveText("A's confusion matrix was replaced.");

  // Tab-separated rows from a spreadsheet, written the scikit-learn way (rows = true class).
  await page.getByTestId('paste-cm-1').click();
  await page.getByTestId('paste-cm-1-true-rows').check();
  await page.getByTestId('paste-cm-1-text').fill('27\t23\n15\t35\n');
  await page.getByTestId('paste-cm-1-apply').click();
  await expectValue(yieldOf(page, 'B'), 3.5);
  await expect(cell(page, 'cm-editor-1', 0, 1)).toHaveValue('15');

  // Bad text: explained, nothing applied.
  await page.getByTestId('paste-cm-1-text').fill('1,2;3');
  await page.getByTestId('paste-cm-1-apply').click();
  await expect(page.getByTestId('paste-cm-1-message')).toContainText('Nothing was changed');
  await expectValue(yieldOf(page, 'B'), 3.5);
  await page.getByTestId('paste-cm-1-text').fill('1\t2\t3\n4\t5\t6\n7\t8\t9');
  await page.getByTestId('paste-cm-1-apply').click();
  await expect(page.getByTestId('paste-cm-1-message')).toContainText('2 × 2');

  // The utility matrix, with a header row and row names as copied from a sheet, and an extra
  // decision row.
  await page.getByTestId('paste-utility').click();
  await page.getByTestId('paste-utility-text').fill('\tlong\tshort\nlong\t1\t0\nshort\t0\t1\nrefer\t0,5\t0,5');
  await page.getByTestId('paste-utility-apply').click();
  await expectValue(yieldOf(page, 'A'), 0.75);
  await expectValue(yieldOf(page, 'B'), 0.62);
  await expect(page.getByTestId('utility-editor').locator('tbody tr')).toHaveCount(3);
  await expect(cell(page, 'utility-editor', 2, 0)).toHaveValue('0.5');

  // Pasting a block straight into a cell fills the matrix from there.
  await cell(page, 'cm-editor-0', 0, 0).evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', '1\t2\n3\t4\n');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect
    .poll(() => page.getByTestId('cm-editor-0').locator('input.cell').evaluateAll((els) => els.map((e) => e.value)))
    .toEqual(['1', '2', '3', '4']);
  await expectValue(yieldOf(page, 'A'), (1 + 4) / 10);
  expect(log.errors).toEqual([]);
});

/** Opens the import panel and imports `text` (or a file) with the given options. */
async function importCsv(page, { name, text, file, kind, trueRows, useFileClasses }) {
  if ((await page.getByTestId('import-text').count()) === 0) await page.getByTestId('import-open').click();
  await page.getByTestId('import-name').fill(name ?? '');
  await page.getByTestId(`import-kind-${kind ?? 'auto'}`).check();
  await page.getByTestId(trueRows ? 'import-true-rows' : 'import-output-rows').check();
  await page.getByTestId('import-use-classes').setChecked(Boolean(useFileClasses));
  if (file) {
    await page.getByTestId('import-file').setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(text) });
  } else {
    await page.getByTestId('import-text').fill(text);
    await page.getByTestId('import-apply').click();
  }
}

test('CSV import of a matrix, in either orientation, from text or a file', async ({ page }) => {
  const log = await open(page);
  await importCsv(page, { name: 'M1', text: '27,15\n23,35\n' });
  await expectValue(yieldOf(page, 'M1'), 3.5);
  await expect(page.getByTestId('import-message')).toContainText("Added classifier 'M1' from matrix (100 items)");

  await importCsv(page, { name: 'M2', text: '27,23\r\n15,35\r\n', trueRows: true });
  await expectValue(yieldOf(page, 'M2'), 3.5);
  await expect(cell(page, 'cm-editor-3', 1, 0)).toHaveValue('23');

  // A file with a header of class names in another order: matched by name.
  await importCsv(page, { name: 'M3', text: ',short,long\nshort,32,7\nlong,18,43\n', file: 'b.csv', kind: 'matrix' });
  await expectValue(yieldOf(page, 'M3'), -3.5);
  await expect(page.getByTestId('import-message')).toContainText('b.csv:');
  await expect(page.getByTestId('import-message')).toContainText('matched to the classes by name');

  // The name of an existing classifier replaces it.
  await importCsv(page, { name: 'A', text: '43;18\n7;32' });
  await expectValue(yieldOf(page, 'A'), -3.5);
  await expect(page.getByTestId('classifier-count')).toHaveText('5');
  expect(log.errors).toEqual([]);
});

test('CSV import of y_true,y_pred columns, with and without a header', async ({ page }) => {
  const log = await open(page);
  await importCsv(page, {
    name: 'L1',
    text: 'y_true,y_pred\nlong,long\nlong,short\nshort,short\nshort,short\n',
  });
  // Counts: output long = [1, 0], output short = [1, 2].
  await expectValue(yieldOf(page, 'L1'), (15 - 35 + 2 * 165) / 4);
  await expect(page.getByTestId('import-message')).toContainText('from labels (4 items)');

  await importCsv(page, { name: 'L2', text: 'long,long\nshort,long\n', file: 'labels.csv', kind: 'labels' });
  await expectValue(yieldOf(page, 'L2'), (15 - 335) / 2);

  // Other labels replace the class names when the user agrees.
  await importCsv(page, { name: 'L3', text: 'y_pred,y_true\nno,yes\nyes,yes\nno,no\n', useFileClasses: true });
  await expect(page.getByTestId('class-name-0')).toHaveValue('no');
  await expect(page.getByTestId('class-name-1')).toHaveValue('yes');
  await expect(page.getByTestId('import-message')).toContainText('the classes are now no, yes');
  await expectValue(yieldOf(page, 'L3'), (15 - 335 + 165) / 3);
  expect(log.errors).toEqual([]);
});

test('bad CSV files name the line, and nothing is applied', async ({ page }) => {
  const log = await open(page);
  const before = await fragment(page);
  const message = page.getByTestId('import-message');
  const cases = [
    [{ name: 'X', text: '1,2\n3,x\n', kind: 'matrix' }, "Line 2, cell 2: 'x' is not a number"],
    [{ name: 'X', text: 'y_true,y_pred\nlong,long\nshort,medium\n' }, "Line 3: unknown class 'medium'"],
    [{ name: 'X', text: '27,15\n-23,35\n', trueRows: true, file: 'neg.csv' }, 'neg.csv: Line 2, cell 1: -23 is negative'],
    [{ name: 'X', text: '"1,2\n3,4\n', kind: 'matrix' }, 'Line 1: a quoted field is not closed'],
    [{ name: 'X', text: 'y_true,y_pred\na,b\nc\n', kind: 'labels' }, 'Line 3: expected 2 columns'],
    [{ name: 'X', text: '1,0,0\n0,1,0\n0,0,1\n' }, 'matrix has 3 classes'],
    [{ name: 'X', text: '' }, 'Nothing to import'],
  ];
  for (const [opts, expected] of cases) {
    await importCsv(page, opts);
    await expect(message).toHaveAttribute('data-error', 'true');
    await expect(message).toContainText(expected);
    await expect(message).toContainText('Nothing was changed');
    await expect(page.getByTestId('classifier-count')).toHaveText('2');
    expect(await fragment(page)).toBe(before);
  }
  expect(log.errors).toEqual([]);
});

test('a classifier named like markup is shown as text and runs nothing', async ({ page }) => {
  const log = await open(page);
  await page.getByTestId('classifier-name-0').fill(XSS);
  await expectValue(yieldOf(page, XSS), 3.5);
  await expect(page.getByTestId(`yield-row-${XSS}`).locator('th')).toHaveText(XSS);
  await page.getByTestId('class-name-1').fill(XSS);
  await expect(page.getByTestId('cm-editor-0').locator('thead th').nth(2)).toHaveText(XSS);
  await importCsv(page, { name: `${XSS}2`, text: '1,2\n3,4\n' });
  await expect(yieldOf(page, `${XSS}2`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove classifier ${XSS}`, exact: true })).toBeVisible();

  // Reloaded from its link, the name is still text.
  await page.reload();
  await expect(yieldOf(page, XSS)).toBeVisible();
  await expect(page.getByTestId('classifier-name-0')).toHaveValue(XSS);
  await expect(page.getByTestId(`classifier-${XSS}`)).toContainText('Counts · N = 100');
  const images = await page.evaluate(() => document.querySelectorAll('img').length);
  expect(images).toBe(0);
  expect(log.dialogs).toEqual([]);
  expect(log.errors).toEqual([]);
});

test('deployment class shares change the deployment yields (the lottery)', async ({ page }) => {
  const log = await open(page, LOTTERY);
  const buy = 'always buy';
  await expectValue(yieldOf(page, buy), 4.5);
  await expectValue(page.getByTestId(`deployment-yield-${buy}`), -0.89);
  await expect(page.getByTestId('deployment-toggle')).toBeChecked();
  await expect(page.getByTestId('share-0')).toHaveValue('1');
  await expect(page.getByTestId('share-1')).toHaveValue('99');
  await expect(page.getByTestId('test-share-0')).toHaveText('50 %');

  await page.getByTestId('share-0').fill('50');
  await page.getByTestId('share-1').fill('50');
  await expectValue(page.getByTestId(`deployment-yield-${buy}`), 4.5);

  // A bad share: marked, explained, the last good shares stay.
  await page.getByTestId('share-1').fill('-5');
  await expect(page.getByTestId('share-1')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('deployment-note')).toContainText('number ≥ 0');
  await expectValue(page.getByTestId(`deployment-yield-${buy}`), 4.5);

  // Shares that do not sum to 100 % are scaled, visibly.
  await page.getByTestId('share-1').fill('150');
  await expect(page.getByTestId('share-1')).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByTestId('deployment-note')).toContainText('sum to 200 %');
  await expectValue(page.getByTestId(`deployment-yield-${buy}`), 10 * 0.25 - 0.75);
  await page.getByTestId('normalize-shares').click();
  await expect(page.getByTestId('share-0')).toHaveValue('25');
  await expect(page.getByTestId('share-1')).toHaveValue('75');
  await expect(page.getByTestId('deployment-note')).toHaveText('');
  await expect.poll(() => fragment(page)).toContain('prev=0.25,0.75');

  // Off: no deployment column, no `prev` in the link; on again: the test set's shares.
  await page.getByTestId('deployment-toggle').uncheck();
  await expect(page.getByTestId(`deployment-yield-${buy}`)).toHaveCount(0);
  await expect.poll(() => fragment(page)).not.toContain('prev=');
  await page.getByTestId('deployment-toggle').check();
  await expect(page.getByTestId('share-0')).toHaveValue('50');
  await expectValue(page.getByTestId(`deployment-yield-${buy}`), 4.5);

  // A positive share for a class that a classifier has no case of is refused.
  await page.getByTestId('share-0').fill('1');
  await page.getByTestId('share-1').fill('99');
  await expectValue(page.getByTestId(`deployment-yield-${buy}`), -0.89);
  await cell(page, 'cm-editor-0', 0, 0).fill('0');
  await cell(page, 'cm-editor-0', 1, 0).fill('0');
  await expect(page.locator('#cm-editor-0-error')).toContainText("'win' needs at least one test case");
  await expectValue(page.getByTestId(`deployment-yield-${buy}`), -0.89);
  expect(log.errors).toEqual([]);
});

test('the link follows every edit without a history entry per keystroke', async ({ page }) => {
  const log = await open(page);
  const length = await page.evaluate(() => history.length);
  const a00 = cell(page, 'cm-editor-0', 0, 0);
  await a00.click();
  await a00.press('Control+a');
  await a00.pressSequentially('3108', { delay: 20 });
  await expectValue(yieldOf(page, 'A'), (15 * 3108 - 335 * 15 - 35 * 23 + 165 * 35) / (3108 + 73));
  await expect.poll(() => fragment(page)).toContain('cm.A=3108,15;23,35');
  await page.getByTestId('class-name-1').click();
  await page.getByTestId('class-name-1').press('End');
  await page.getByTestId('class-name-1').pressSequentially(' side', { delay: 20 });
  await expect.poll(() => fragment(page)).toContain('classes=long,short side');
  // A trailing space can be typed (it is not written back while typing).
  await page.getByTestId('class-name-1').press('Space');
  await expect(page.getByTestId('class-name-1')).toHaveValue('short side ');
  expect(await page.evaluate(() => history.length)).toBe(length);

  // The link restores the edits.
  await page.reload();
  await expect(cell(page, 'cm-editor-0', 0, 0)).toHaveValue('3108');
  await expect(page.getByTestId('class-name-1')).toHaveValue('short side');
  expect(log.errors).toEqual([]);
});

test('keyboard: arrows and Enter move between cells; buttons work from the keyboard', async ({ page }) => {
  await open(page);
  const a00 = cell(page, 'cm-editor-0', 0, 0);
  await a00.focus();
  await page.keyboard.press('ArrowDown');
  await expect(cell(page, 'cm-editor-0', 1, 0)).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 'cm-editor-0', 1, 1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, 'cm-editor-0', 0, 1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(page, 'cm-editor-0', 1, 1)).toBeFocused();

  await page.getByTestId('add-class').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('class-count')).toHaveText('3');
  await expect(page.getByTestId('class-name-2')).toBeFocused();
  await page.keyboard.type('x');
  await expect(page.getByTestId('cm-editor-0').locator('thead th').nth(3)).toHaveText('x');
  await page.getByTestId('import-open').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('import-text')).toBeVisible();
});

test('twenty classes: editing updates the yields, classes can still be added', async ({ page }) => {
  const n = 20;
  const rows = (f) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => f(i, j)).join(',')).join(';');
  const u = rows((i, j) => (i === j ? 1 : 0));
  const cm = rows((i, j) => (i === j ? 8 : i === (j + 1) % n ? 2 : 0));
  const log = await open(page, `view=compare&u=${u}&cm.A=${cm}&cm.B=${cm}`);
  await expectValue(yieldOf(page, 'A'), 0.8);
  await expect(page.getByTestId('class-count')).toHaveText('20');
  await cell(page, 'cm-editor-0', 1, 0).fill('0');
  await cell(page, 'cm-editor-0', 0, 0).fill('10');
  await expectValue(yieldOf(page, 'A'), (8 * 19 + 10) / 200);
  await expect(page.getByTestId('yield-row-A')).toHaveClass(/is-best/);
  await expect(page.getByTestId('test-set-note-1')).toHaveCount(0);
  await page.getByTestId('add-class').click();
  await expect(page.getByTestId('class-count')).toHaveText('21');
  await expect(page.getByTestId('cm-editor-1').locator('input.cell')).toHaveCount(21 * 21);
  await page.getByTestId('remove-class-7').click();
  await expect(page.getByTestId('class-count')).toHaveText('20');
  expect(log.errors).toEqual([]);
});

for (const width of [375, 1280]) {
  test(`no horizontal overflow at ${width} px with six classes and the panels open`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const n = 6;
    const rows = (f) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => f(i, j)).join(',')).join(';');
    await open(page, `view=compare&u=${rows((i, j) => (i === j ? 100 : -25))}&cm.A=${rows((i, j) => (i === j ? 80 : 4))}&cm.B=${rows((i, j) => (i === j ? 70 : 6))}&prev=0.5,0.1,0.1,0.1,0.1,0.1`);
    await page.getByTestId('paste-cm-0').click();
    await page.getByTestId('import-open').click();
    await expect(page.getByTestId('shares-table')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
